#!/bin/sh
# SPDX-License-Identifier: MIT
#
# bench/bisect.sh - how well git bisect run with wrapper.sh -J finds the
# commit that made a run slower by a known factor: how many steps, how
# much time, and how often it names the right commit.  For each run
# (getpid, fork_100), factor (1.10, 1.05) and try: a throwaway history
# of COMMITS commits of a copy of the run's case in a scratch directory,
# one of them (drawn per try, never the first) adding a spin of
# (FACTOR - 1) times the reference's figure to every operation, the
# others touching a file nothing runs; a reference run at the first
# commit (-r passes, the wrapper's default options); then
#   git bisect start LAST FIRST
#   git bisect run sh -c 'make -s || exit 125; sh wrapper.sh -J ref.txt -j PCT -n NAME'
# with PCT half the change sought unless -j says otherwise.  With -m
# dir, the first commit's case programs are kept in a directory and the
# recipe judges each commit against them in a session, pair by pair:
#   sh wrapper.sh -J refbin -r PASSES -j PCT -n NAME
# Not a test: the numbers are the machine's, and it runs for minutes.
prog=${0##*/}
usage() {
	printf 'usage: %s [-c NAMES] [-f FACTORS] [-m MODE] [-n COMMITS] [-t TRIES] [-j PCT] [-r PASSES]\n' "$prog"
	cat <<'EOF'
Bisect a known slowdown with git bisect run and wrapper.sh -J; per run
and factor, per try: the steps, the seconds, and whether it named the
commit; then a summary line.
  -c NAMES    runs of the default suite, blank-separated (default
              'getpid fork_100')
  -f FACTORS  slowdowns to find (default '1.10 1.05')
  -m MODE     what -J is given: 'file', the reference run's result file
              (default), or 'dir', the first commit's case programs,
              run beside each commit's in a session
  -n COMMITS  commits in each history, at least 3 (default 16)
  -t TRIES    histories per run and factor (default 5)
  -j PCT      the threshold of -J (default: half the change, 5 for 1.10)
  -r PASSES   passes of the reference run, and -J's most (default 10)
EOF
}
case ${1:-} in --help) usage; exit 0 ;; esac
names='getpid fork_100'
factors='1.10 1.05'
ncommit=16
tries=5
thr=
passes=10
mode="file"
while getopts c:f:hj:m:n:r:t: o; do
	case $o in
	c) names=$OPTARG ;;
	f) factors=$OPTARG ;;
	h) usage; exit 0 ;;
	j) thr=$OPTARG ;;
	m) mode=$OPTARG ;;
	n) ncommit=$OPTARG ;;
	r) passes=$OPTARG ;;
	t) tries=$OPTARG ;;
	*) usage >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
bad() { printf '%s: %s\n' "$prog" "$*" >&2; exit 2; }
[ $# -eq 0 ] || bad "no operands (try -h)"
for v in "$ncommit" "$tries" "$passes"; do
	case $v in '' | *[!0-9]*) bad "not a count: $v" ;; esac
done
[ "$ncommit" -ge 3 ] || bad "-n: at least 3 commits"
case $mode in file | dir) ;; *) bad "-m: 'file' or 'dir', not $mode" ;; esac
if [ "$tries" -lt 1 ] || [ "$passes" -lt 3 ]; then
	bad "-t at least 1, -r at least 3"
fi
for f in $factors; do
	awk -v f="$f" 'BEGIN { exit !(f ~ /^[0-9]+(\.[0-9]+)?$/ && f > 1) }' ||
	    bad "-f: not a factor above 1: $f"
done
[ -z "$thr" ] || awk -v t="$thr" 'BEGIN { exit !(t ~ /^[0-9.]+$/ && t > 0) }' ||
    bad "-j: not a percentage above 0: $thr"
command -v git >/dev/null 2>&1 || bad "needs git"

top=$(cd "$(dirname "$0")/.." && pwd) || exit 2
[ -x "$top/bin/.lmspawn" ] || bad "no $top/bin/.lmspawn (run make)"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lmbisect.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP
mkdir "$tmp/obj" "$tmp/troot" "$tmp/vroot"

# The engine, once; every commit links its case with it.
for f in "$top/libmicro.c" "$top/bench.c" "$top"/engine/*.c; do
	o=${f##*/}
	${CC:-cc} -std=c99 -D_GNU_SOURCE -O2 -I"$top" -c \
	    -o "$tmp/obj/${o%.c}.o" "$f" || bad "cannot build the engine"
done

# now: seconds since boot, to a hundredth.
now() { awk '{ print $1 }' /proc/uptime; }

# The history's build and the recipe, which reads its setting from the
# environment.
W=$top/wrapper.sh
LM_INC=$top
LM_CINC=$top/cases
LM_OBJ=$(echo "$tmp"/obj/*.o)
REF=$tmp/ref.txt
REFBIN=$tmp/refbin
SUITE=$tmp/suite
TROOT=$tmp/troot
VROOT=$tmp/vroot
STEPS=$tmp/steps
export W LM_INC LM_CINC LM_OBJ REF REFBIN SUITE TROOT VROOT STEPS PASSES
# shellcheck disable=SC2016 # expanded by the sh of git bisect run
recipe='echo step >>"$STEPS"
make -s || exit 125
sh "$W" -q -J "$REF" -j "$THR" -b bin -s "$SUITE" -t "$TROOT" -d "$VROOT" -n "$NAME"'
# shellcheck disable=SC2016 # expanded by the sh of git bisect run
[ "$mode" = file ] ||
    recipe='echo step >>"$STEPS"
make -s || exit 125
sh "$W" -q -J "$REFBIN" -r "$PASSES" -j "$THR" -b bin -s "$SUITE" -t "$TROOT" -d "$VROOT" -n "$NAME"'
PASSES=$passes

# history CASE NTH EXTRA: a fresh history of $ncommit commits of a copy
# of cases/CASE.c in $tmp/h, commit NTH adding EXTRA ns a operation; its
# commits' ids, in order, in $tmp/ids.
history() {
	rm -rf "$tmp/h"
	mkdir "$tmp/h" && cd "$tmp/h" || exit 1
	git init -q . && git config user.name bench &&
	    git config user.email bench@localhost &&
	    git config commit.gpgsign false || exit 1
	# shellcheck disable=SC2016 # make's variables
	printf 'all:\n\tmkdir -p bin\n\t$(CC) -std=c99 -D_GNU_SOURCE -O2 -I$(LM_INC) -I$(LM_CINC) -o bin/%s case.c $(LM_OBJ) -lpthread -lm\n' \
	    "$1" >Makefile
	printf 'bin/\n' >.gitignore
	: >"$tmp/ids"
	k=1
	while [ "$k" -le "$ncommit" ]; do
		x=0
		[ "$k" -lt "$2" ] || x=$3
		# The spin is in every commit's code; only its length changes.
		awk -v x="$x" '/res->re_count = i;/ {
			print "\t{"
			print "\t\tlong long end = getnsecs() + (long long)(" x " * lm_optB);"
			print "\t\twhile (getnsecs() < end)"
			print "\t\t\t;"
			print "\t}"
		} { print }' "$top/cases/$1.c" >case.c
		echo "$k" >NOTES
		git add -A && git commit -q -m "commit $k" &&
		    git rev-parse HEAD >>"$tmp/ids" || exit 1
		k=$((k + 1))
	done
	cd "$tmp" || exit 1
}

# try NAME CASE FACTOR N: one bisection, printed as a line; its result
# appended to $tmp/results as "RIGHT STEPS SECS SKIPS".
try() {
	# A commit from the second to the last, drawn anew for each try.
	r=$(od -An -N2 -tu2 /dev/urandom 2>/dev/null | tr -d ' ')
	case $r in '' | *[!0-9]*) r=$(($(date +%s) + $4 * 7)) ;; esac
	nth=$((2 + r % (ncommit - 1)))
	history "$2" 1 0
	(cd "$tmp/h" && git checkout -q "$(head -n 1 "$tmp/ids")" &&
	    make -s >/dev/null) || exit 1
	sh "$W" -q -r "$passes" -b "$tmp/h/bin" -s "$SUITE" -t "$TROOT" \
	    -d "$VROOT" -n "$1" -o "$REF" || exit 1
	rm -rf "$REFBIN"
	cp -R "$tmp/h/bin" "$REFBIN" || exit 1
	fig=$(awk -v n="$1" '$1 == n && $4 ~ /^[0-9.]+$/ { print $4 }' "$REF" |
	    sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
	x=$(awk -v f="$3" -v m="$fig" 'BEGIN { printf "%.3f", (f - 1) * m * 1000 }')
	history "$2" "$nth" "$x"
	want=$(sed -n "${nth}p" "$tmp/ids")
	: >"$STEPS"
	cd "$tmp/h" || exit 1
	t0=$(now)
	git bisect start "$(tail -n 1 "$tmp/ids")" "$(head -n 1 "$tmp/ids")" \
	    >/dev/null 2>&1
	NAME=$1 THR=$thr_now git bisect run sh -c "$recipe" >"$tmp/run.out" 2>&1
	t1=$(now)
	got=$(git rev-parse -q --verify refs/bisect/bad 2>/dev/null)
	named=
	if ! grep -q 'is the first bad commit' "$tmp/run.out"; then
		right=none
	elif [ "$got" = "$want" ]; then
		right=yes
	else
		right=no
		named="commit $(grep -n -x "$got" "$tmp/ids" | cut -d: -f1)"
	fi
	git bisect reset -q >/dev/null 2>&1
	cd "$tmp" || exit 1
	steps=$(wc -l <"$STEPS" | tr -d ' ')
	skips=$(grep -c '^judge: cannot tell' "$tmp/run.out")
	secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
	printf '%s %-9s x%s -j %s: try %d, commit %d of %d, figure %s us, %s: named %s%s, %d steps (%d cannot tell), %s s\n' \
	    "$mode" "$1" "$3" "$thr_now" "$4" "$nth" "$ncommit" "$fig" "+${x}ns" \
	    "$right" "${named:+ ($named)}" "$steps" "$skips" "$secs"
	echo "$right $steps $secs $skips" >>"$tmp/results"
}

for name in $names; do
	line=$(awk -v n="$name" '!/^[ \t]*#/ { for (i = 2; i < NF; i++)
	    if ($i == "-N" && $(i + 1) == n) { print; exit } }' \
	    "$top/cases/suite")
	[ -n "$line" ] || bad "no run $name in $top/cases/suite"
	printf '%s\n' "$line" >"$SUITE"
	case=${line%%[ 	]*}
	for f in $factors; do
		thr_now=${thr:-$(awk -v f="$f" 'BEGIN { printf "%g", (f - 1) * 50 }')}
		: >"$tmp/results"
		i=1
		while [ "$i" -le "$tries" ]; do
			try "$name" "$case" "$f" "$i"
			i=$((i + 1))
		done
		awk -v m="$mode" -v n="$name" -v f="$f" -v t="$thr_now" '
		{ r[$1]++; st[NR] = $2; s[NR] = $3; sk += $4 }
		function med(a, n,    i, j, x) {
			for (i = 2; i <= n; i++)
				for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
					x = a[j]; a[j] = a[j - 1]; a[j - 1] = x
				}
			return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
		}
		END {
			printf "%s %s x%s -j %s: named the commit %d of %d times" \
			    " (%d another, %d none); median %g steps, %g s;" \
			    " %d cannot tell\n", m, n, f, t, r["yes"], NR, r["no"],
			    r["none"], med(st, NR), med(s, NR), sk
		}' "$tmp/results"
	done
done
