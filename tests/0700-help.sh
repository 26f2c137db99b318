#!/bin/sh
# --help everywhere agrees with the manuals and the code.  For wrapper.sh
# and multiview.sh: the options the usage text lists are the options of
# the manual's OPTIONS section and the options the parser accepts.  For
# every case program: its usage lists the engine options of libmicro(1),
# and it accepts exactly the options its usage lists.  An option is its
# letter, with ":" when it takes a value, so a flag documented as taking
# a value (or the reverse) is a disagreement too.
#
# The parser is probed letter by letter (a-z, A-Z, 0-9, ?): PROG -x 1
# must say "unknown option" (exit 2, one line) or not; an accepted letter
# is probed again with no value, where one that takes a value says it
# needs one.  Every probe must end at option parsing, so that all 63
# letters of every case are probed (some 7000 probes, 15-30 s) instead of
# a sample of letters, as an accepted flag starting even a short run
# (-C 1 -D 0 -X 100) would force:
#   wrapper.sh    -s and -b name paths that do not exist, checked after
#                 the options and before anything runs;
#   multiview.sh  the files do not exist, checked after the options;
#   cases         -P 4096 -T 4096 -D 1000 -X 100 before the probe: the
#                 engine checks -P x -T <= 8192 and -D <= -X once the
#                 options are parsed, and whichever letter is probed (even
#                 -P, -T, -D or -X with 1) one of the two fails, exit 2.
# A probe that ends otherwise than with status 0 (-V, -?, -h) or 2 (128
# for -J, whose bad usage stops a bisection) is reported, and each runs
# under timeout 5 all the same.
# shellcheck disable=SC1091 # lib.sh is found through LM_TOP
. "$LM_TOP/tests/lib.sh"

LC_ALL=C
export LC_ALL
W=$LM_TOP/wrapper.sh
M=$LM_TOP/multiview.sh
NONE=$LM_SCRATCH/nonexistent
LETTERS='a b c d e f g h i j k l m n o p q r s t u v w x y z
A B C D E F G H I J K L M N O P Q R S T U V W X Y Z 0 1 2 3 4 5 6 7 8 9 ?'
# '?' is a letter here, never a pattern.
set -f

# help_opts: the options of the usage text on stdin, one per line.  An
# option line starts with two blanks and "-X", perhaps "-X, -Y"; a value
# name follows the last letter after one blank, a description after two.
help_opts() {
	awk '
	/^  -[A-Za-z0-9?]/ {
		s = substr($0, 3)
		n = 0
		while (s ~ /^-[A-Za-z0-9?]([ ,]|$)/) {
			l[++n] = substr(s, 2, 1)
			s = substr(s, 3)
			if (s !~ /^, -/)
				break
			s = substr(s, 3)
		}
		sub(/^--help/, "", s)
		v = s ~ /^ [^ ]/ ? ":" : ""
		for (j = 1; j <= n; j++)
			print l[j] v
	}' | sort -u
}

# man_opts FILE: the options tagged in the OPTIONS section of a manual
# page; .BI tags (a bold letter, an italic value) take a value.
man_opts() {
	awk '
	/^\.SH/ { opts = $2 == "OPTIONS"; tag = 0; next }
	!opts { next }
	/^\.TP/ { tag = 1; next }
	tag {
		tag = 0
		s = $0
		v = s ~ /^\.BI / ? ":" : ""
		gsub(/\\-\\-[A-Za-z-]*/, "", s)
		while (match(s, /\\-[A-Za-z0-9?]/)) {
			print substr(s, RSTART + 2, 1) v
			s = substr(s, RSTART + RLENGTH)
		}
	}' "$1" | sort -u
}

# parser_opts PROBE: the options a program accepts.  PROBE runs it with
# the given options added where they are parsed; odd endings of a probe
# are appended to ./bad.  The messages are read with the shell's read,
# not grep: there are some 7000 probes.
parser_opts() {
	for l in $LETTERS; do
		"$1" "-$l" 1 </dev/null >p.out 2>p.err
		rc=$?
		first_lines p.err
		case $lm_l1 in
		*[Uu]nknown\ option*)
			if [ "$rc" -ne 2 ] || [ -n "$lm_l2" ]; then
				echo "-$l 1: rejected with exit $rc: $lm_l1" \
				    "${lm_l2:+/ $lm_l2}" >>bad
			fi
			continue
			;;
		esac
		# -J (judge) makes bad usage 128, which git bisect run
		# takes for "stop" rather than for a bad commit.
		if [ "$rc" -ne 0 ] && [ "$rc" -ne 2 ] &&
		    { [ "$l" != J ] || [ "$rc" -ne 128 ]; }; then
			echo "-$l 1: exit $rc (not stopped at parsing): $lm_l1" \
			    >>bad
		fi
		"$1" "-$l" </dev/null >p.out 2>p.err
		first_lines p.err
		case $lm_l1 in
		*"needs a value"* | *"missing argument"*) echo "$l:" ;;
		*) echo "$l" ;;
		esac
	done | sort -u
}

# first_lines FILE: its first two lines in lm_l1 and lm_l2, or empty.
first_lines() {
	lm_l1=
	lm_l2=
	{ IFS= read -r lm_l1 && IFS= read -r lm_l2; } <"$1"
}

# The probes.  An option given alone, with no value, goes last.
wrapper_probe() {
	timeout 5 sh "$W" -s "$NONE/suite" -b "$NONE/bin" "$@"
}
multiview_probe() {
	if [ "$#" -eq 2 ]; then
		timeout 5 sh "$M" "$@" "$NONE/a" "$NONE/b"
	else
		timeout 5 sh "$M" "$@"
	fi
}
case_probe() {
	timeout 5 "$lm_f" -L -C 1 -P 4096 -T 4096 -D 1000 -X 100 "$@"
}

# words: the lines of stdin on one line.
words() { tr '\n' ' ' | sed 's/ $//'; }

# same DESC A B NAME-A NAME-B: ok when the option lists A and B agree,
# else the options each one has that the other lacks.
same() {
	if cmp -s "$2" "$3"; then
		ok "$1"
	else
		not_ok "$1"
		{
			echo "only in $4: $(comm -23 "$2" "$3" | words)"
			echo "only in $5: $(comm -13 "$2" "$3" | words)"
		} | diag
	fi
}

# no_bad DESC: ok when no probe ended oddly.
no_bad() {
	if [ -s bad ]; then
		not_ok "$1"
		head -10 bad | diag
	else
		ok "$1"
	fi
	rm -f bad
}

# ---- the scripts ------------------------------------------------------

for s in wrapper multiview; do
	prog=$s.sh
	page=$LM_TOP/man/libmicro-$s.1
	sh "$LM_TOP/$prog" --help 2>&1 | help_opts >help.$s
	if [ -r "$page" ]; then
		man_opts "$page" >man.$s
		same "$prog --help lists the options of libmicro-$s(1):\
 $(words <help.$s)" \
		    help.$s man.$s "--help" "the manual"
	else
		not_ok "$prog: no manual page man/libmicro-$s.1"
	fi
	parser_opts "${s}_probe" >parser.$s
	same "$prog accepts exactly the options --help lists" \
	    help.$s parser.$s "--help" "the parser"
	no_bad "$prog: probes end at parsing; an unknown option is exit 2, one line"
done

# ---- the cases --------------------------------------------------------

man_opts "$LM_TOP/man/libmicro.1" >man.engine
if [ -s man.engine ]; then
	ok "libmicro(1) lists the engine options: $(words <man.engine)"
else
	not_ok "no options found in man/libmicro.1"
fi

set +f
set -- "$BIN"/*
set -f
ncase=0
for lm_f in "$@"; do
	name=${lm_f##*/}
	if [ ! -f "$lm_f" ] || [ ! -x "$lm_f" ]; then
		continue
	fi
	timeout 5 "$lm_f" --help </dev/null >help 2>&1
	if ! head -n 1 help | grep -q '^usage:'; then
		# A helper program built with the cases, not a case.
		[ -f "$LM_TOP/cases/aux/$name.c" ] && continue
		not_ok "$name: --help does not begin with usage:"
		head -3 help | diag
		continue
	fi
	ncase=$((ncase + 1))
	sed -n '/^engine options:/,/^case options:/p' help | help_opts \
	    >help.engine
	same "$name --help lists the engine options of libmicro(1)" \
	    help.engine man.engine "--help" "libmicro(1)"
	help_opts <help >help.all
	parser_opts case_probe >parser.all
	own=$(comm -23 help.all man.engine | words)
	same "$name accepts exactly the options --help lists, its own:\
 ${own:-none}" help.all parser.all "--help" "the parser"
	no_bad "$name: probes end at parsing; an unknown option is exit 2, one line"
done
[ "$ncase" -gt 0 ] || not_ok "no case program in $BIN (run make?)"

done_testing
