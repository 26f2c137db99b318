#!/bin/sh
# Sun libMicro 0.4.1's own cases, built against this tree's engine and
# run through this tree's wrapper: the check that a case written for
# libMicro compiles and runs unchanged (see "Compatibility with Sun
# libMicro" in libmicro(3)).  It needs no network: give it a directory
# that already holds Sun's sources (the case *.c files, and bench.sh or
# bench for the suite; Makefile.benchmarks and Makefile.Linux, if there,
# say which cases Sun builds on Linux).  Sun's files are only read and
# compiled, in a scratch directory; nothing of them is written here.
#
# Each case is compiled as Sun's Linux makefile compiles it: the system
# compiler with no optimisation flag (Sun's longjmp case loops for ever
# when optimised: its counter is not volatile), -DUSE_SEMOP -D_REENTRANT,
# linked with -lpthread -lm -lrt; recurse is linked with recurse2.c,
# exec_bin is built on its own for the exec case.  The engine
# (libmicro.c, engine/*.c, bench.c) is compiled as this tree's Makefile
# compiles it, with no flag of its own: the engine gives a case that
# handles its options Sun's way (lm_optstr, lm_usage, its own
# benchmark_optswitch; no option table) Sun's operands, which its chdir
# reads from lm_argv.
# Sun's suite is the here-document of its bench script: each line loses
# "$OPTS" and its double quotes and keeps its own options; a line whose
# case was not built is left out and named.
set -u
prog=${0##*/}
usage() {
	cat <<EOF
usage: $prog [-b BINDIR] [-o FILE] [-r N] [-w WRAPPER] [-B] SUNDIR
Builds Sun libMicro 0.4.1's cases from SUNDIR against this tree's engine
and runs Sun's suite through wrapper.sh, quick mode unless -r is given.
  -b BINDIR  put the binaries (and suite) here, and keep them
             (default: a scratch directory, removed at the end)
  -o FILE    the result file (default: suncompat.txt in BINDIR, or on
             stdout when BINDIR is scratch)
  -r N       a normal run of N passes instead of one quick pass
  -w WRAPPER the wrapper to run (default: wrapper.sh of this tree)
  -B         build and write the suite only; do not run it
  -h, --help this text
Exit status: 0 every case built and every run was clean; 1 a build
failed, a run failed or reported errors; 2 bad usage.
EOF
}
for a in "$@"; do
	case $a in -h | --help) usage; exit 0 ;; esac
done
top=$(cd "$(dirname "$0")/.." && pwd)
bindir=
outfile=
passes=
w=$top/wrapper.sh
buildonly=0
while getopts :b:o:r:w:B opt; do
	case $opt in
	b) bindir=$OPTARG ;;
	o) outfile=$OPTARG ;;
	r) passes=$OPTARG ;;
	w) w=$OPTARG ;;
	B) buildonly=1 ;;
	:) echo "$prog: -$OPTARG needs a value (see --help)" >&2; exit 2 ;;
	*) echo "$prog: unknown option -$OPTARG (see --help)" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -ne 1 ]; then
	echo "$prog: one SUNDIR expected" >&2
	exit 2
fi
src=$1
case $passes in
'') ;;
*[!0-9]* | 0) echo "$prog: not a count: $passes" >&2; exit 2 ;;
esac
[ -d "$src" ] || { echo "$prog: no directory $src" >&2; exit 2; }
script=
for f in "$src/bench.sh" "$src/bench"; do
	[ -f "$f" ] && { script=$f; break; }
done

scratch=
if [ -z "$bindir" ]; then
	scratch=$(mktemp -d "${TMPDIR:-/tmp}/lmsun.XXXXXX") || exit 1
	bindir=$scratch
	trap 'rm -rf "$scratch"' EXIT
fi
trap 'exit 130' INT TERM HUP
mkdir -p "$bindir/.obj" || exit 1
cc=${CC:-cc}

# The cases Sun builds on Linux: Makefile.benchmarks' ALL list less
# Makefile.Linux's ELIDED_BENCHMARKS; without them, every *.c that is
# not Sun's engine or a helper.
list() {
	sed -n "/^$1[ 	]*=/,/[^\\]\$/p" "$2" |
	    sed -e "s/^$1[ 	]*=//" -e 's/\\//g' |
	    awk '{ for (i = 1; i <= NF; i++) print $i }'
}
if [ -f "$src/Makefile.benchmarks" ]; then
	list ALL "$src/Makefile.benchmarks" >"$bindir/.obj/all"
	: >"$bindir/.obj/elided"
	[ -f "$src/Makefile.Linux" ] &&
	    list ELIDED_BENCHMARKS "$src/Makefile.Linux" >"$bindir/.obj/elided"
	grep -vxF -f "$bindir/.obj/elided" "$bindir/.obj/all" \
	    >"$bindir/.obj/cases"
else
	for f in "$src"/*.c; do
		n=${f##*/}
		n=${n%.c}
		case $n in
		libmicro | libmicro_main | benchmark_* | recurse2 | exec_bin | \
		    elided | tattle) ;;
		*) echo "$n" ;;
		esac
	done >"$bindir/.obj/cases"
fi

eng=
for f in "$top/libmicro.c" "$top"/engine/*.c "$top/bench.c"; do
	e=${f##*/}
	e=${e%.c}
	$cc -std=c99 -D_GNU_SOURCE -O2 -g -c \
	    -o "$bindir/.obj/$e.o" "$f" ||
	    { echo "$prog: cannot build $f" >&2; exit 1; }
	eng="$eng $bindir/.obj/$e.o"
done
sunflags="-D_GNU_SOURCE -DUSE_SEMOP -D_REENTRANT -I$top"
built=0
failed=
total=0
while read -r n; do
	total=$((total + 1))
	extra=
	[ "$n" = recurse ] && extra=$src/recurse2.c
	if [ ! -f "$src/$n.c" ]; then
		failed="$failed $n(missing)"
		continue
	fi
	# shellcheck disable=SC2086 # the flag and file lists split on purpose
	if $cc $sunflags -o "$bindir/$n" "$src/$n.c" $extra $eng \
	    -lpthread -lm -lrt >"$bindir/.obj/$n.log" 2>&1; then
		built=$((built + 1))
	else
		failed="$failed $n"
	fi
done <"$bindir/.obj/cases"
if [ -f "$src/exec_bin.c" ]; then
	$cc -o "$bindir/exec_bin" "$src/exec_bin.c" \
	    >"$bindir/.obj/exec_bin.log" 2>&1 || failed="$failed exec_bin"
fi
echo "$prog: built $built of $total cases${failed:+; not built:$failed}" >&2
for n in $failed; do
	n=${n%(missing)}
	[ -s "$bindir/.obj/$n.log" ] && sed "s/^/$n: /" "$bindir/.obj/$n.log" |
	    head -n 5 >&2
done

rc=0
[ -z "$failed" ] || rc=1
[ -n "$script" ] || { echo "$prog: no bench.sh or bench in $src" >&2
	exit 1; }
# The here-document of Sun's bench script, from "done <<." to ".".
awk -v bin="$bindir" '
	/^done <<\.$/ { on = 1; next }
	on && /^\.$/ { exit }
	!on { next }
	/^[ \t]*$/ || /^#/ { print; next }
	{
		c = $1
		if (system("test -x \"" bin "/" c "\"") != 0) {
			printf "# not built: %s\n", $0
			print c > "/dev/stderr"
			next
		}
		sub(/\$OPTS[ \t]*/, "")
		gsub(/"/, "")
		print
	}' "$script" >"$bindir/suite" 2>"$bindir/.obj/skipped"
if [ -s "$bindir/.obj/skipped" ]; then
	echo "$prog: suite lines left out, their case not built:" \
	    "$(sort "$bindir/.obj/skipped" | uniq -c | awk '{ printf " %s(%s)", $2, $1 }')" >&2
fi
echo "$prog: $(grep -c '^[^#]' "$bindir/suite") runs in $bindir/suite" >&2
[ "$buildonly" -eq 1 ] && exit "$rc"

[ -n "$outfile" ] || { [ -n "$scratch" ] || outfile=$bindir/suncompat.txt; }
set -- -b "$bindir" -s "$bindir/suite"
if [ -n "$passes" ]; then
	set -- "$@" -r "$passes"
else
	set -- "$@" -Q
fi
[ -n "$outfile" ] && set -- "$@" -o "$outfile"
sh "$w" "$@" || rc=1
exit "$rc"
