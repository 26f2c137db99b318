#!/bin/sh
# The wrapper's own cost per run (a benchmark, not a test: the numbers
# depend on the machine and its load).  A suite of N lines of the
# do-nothing case (nop, one sample of one operation) is run three ways,
# R times each, and the fastest of each is kept:
#  - wrapper: sh wrapper.sh -q -r 1 over the N lines, its wall time;
#  - bare:    a plain shell loop starting the same N commands with the
#             same options, output to a file (the cost of starting the
#             program at all);
#  - engine:  the sum of the engine's own "elapsed time" lines.
# It prints the three per run, and the wrapper's overhead per run: the
# wrapper's time less the bare loop's, divided by N, after taking off the
# wrapper's fixed start-up (its run with no suite lines but one).
# Usage: sh bench/overhead.sh [-n N] [-r R] [-b BINDIR] [-w WRAPPER]
set -u
prog=${0##*/}
usage() {
	echo "usage: $prog [-n N] [-r R] [-b BINDIR] [-w WRAPPER]"
}
for a in "$@"; do
	case $a in -h | --help) usage; exit 0 ;; esac
done
top=$(cd "$(dirname "$0")/.." && pwd)
n=200
reps=3
bin=$top/bin
w=$top/wrapper.sh
while getopts n:r:b:w: opt; do
	case $opt in
	n) n=$OPTARG ;;
	r) reps=$OPTARG ;;
	b) bin=$OPTARG ;;
	w) w=$OPTARG ;;
	*) usage >&2; exit 2 ;;
	esac
done
for v in "$n" "$reps"; do
	case $v in '' | *[!0-9]* | 0) echo "$prog: not a count: $v" >&2
		exit 2 ;;
	esac
done
[ -x "$bin/nop" ] || { echo "$prog: no $bin/nop (run make)" >&2; exit 1; }
out=$(mktemp -d "${TMPDIR:-/tmp}/lmovh.XXXXXX") || exit 1
trap 'rm -rf "$out"' EXIT
trap 'exit 130' INT TERM HUP

opts='-E -C 1 -B 1 -D 0 -L -S -W'
awk -v n="$n" 'BEGIN { for (i = 1; i <= n; i++) print "nop -N nop_" i }' \
    >"$out/suite"
echo "nop -N nop_1" >"$out/suite1"

now() { date +%s.%N; }
# best CMD...: the fastest wall time of R runs of CMD, in seconds.
best() {
	i=0
	b=
	while [ "$i" -lt "$reps" ]; do
		t0=$(now)
		"$@" || return 1
		t1=$(now)
		b=$(awk -v a="$t0" -v z="$t1" -v b="$b" 'BEGIN {
			t = z - a; print (b == "" || t < b + 0) ? t : b }')
		i=$((i + 1))
	done
	echo "$b"
}
wrap() {
	sh "$w" -q -r 1 -l 60 -b "$bin" -O "$opts" -s "$1" -o "$out/w.txt"
}
bare() {
	i=1
	cd "$out" || return 1
	while [ "$i" -le "$n" ]; do
		# shellcheck disable=SC2086 # the options are blank-separated
		"$bin/nop" $opts -N "nop_$i" >"$out/b.out" 2>"$out/b.err"
		i=$((i + 1))
	done
	cd "$top" || return 1
}

tw=$(best wrap "$out/suite") || { echo "$prog: wrapper failed" >&2
	exit 1; }
eng=$(awk '/^#  *elapsed time/ { s += $NF } END { printf "%.6f", s }' \
    "$out/w.txt")
tw1=$(best wrap "$out/suite1") || exit 1
tb=$(best bare) || exit 1
awk -v n="$n" -v reps="$reps" -v tw="$tw" -v tw1="$tw1" -v tb="$tb" -v e="$eng" \
    -v avg="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)" 'BEGIN {
	printf "%d runs of nop, best of %d; load %s\n", n, reps, avg
	printf "wrapper:  %.3f s (%.2f ms a run; one-line suite %.3f s)\n",
	    tw, 1000 * (tw - tw1) / (n - 1), tw1
	printf "bare:     %.3f s (%.2f ms a run)\n", tb, 1000 * tb / n
	printf "engine:   %.3f s (%.3f ms a run, its own elapsed time)\n",
	    e, 1000 * e / n
	printf "overhead: %.2f ms a run (wrapper less bare loop)\n",
	    1000 * ((tw - tw1) / (n - 1) - tb / n)
}'
