#!/bin/sh
# Benchmarks of the suite as a whole (not tests: the numbers depend on the
# machine).  Prints
#  - the wall time of one full default-suite run;
#  - for a dozen representative runs, the coefficient of variation of
#    usecs/call over -r passes (5 by default), and its median;
#  - an A/A comparison: two full runs of the same build, the share of rows
#    differing by more than 10% and the share multiview marks significant.
# Usage: sh bench/suite.sh [-p passes] [-k] (-k keeps the result files
# in the directory it names at the end).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
passes=5
keep=0
while getopts p:k opt; do
	case $opt in
	p) passes=$OPTARG ;;
	k) keep=1 ;;
	*) echo "usage: sh bench/suite.sh [-p passes] [-k]" >&2; exit 2 ;;
	esac
done
case $passes in ''|*[!0-9]*) echo "suite.sh: -p: not a number" >&2; exit 2 ;; esac
out=$(mktemp -d "${TMPDIR:-/tmp}/lmsuite.XXXXXX") || exit 1
[ "$keep" -eq 1 ] || trap 'rm -rf "$out"' EXIT
trap 'exit 130' INT TERM HUP
W="$top/wrapper.sh"

elapsed() {
	awk '/^!Elapsed:/ { print $2 }' "$1"
}

sh "$W" -q -o "$out/full1.txt"
sh "$W" -q -o "$out/full2.txt"
echo "full suite: $(elapsed "$out/full1.txt") and $(elapsed "$out/full2.txt")" \
    "($(awk '$2 ~ /^[0-9]+$/ && NF >= 7 && $1 !~ /^[#!]/' \
    "$out/full1.txt" | wc -l | tr -d ' ') runs)"

set -- -n getpid -n memcpy_1k -n memset_10k -n open_tmp -n stat_tmp \
    -n pipe_pst1 -n pthread_8 -n fork_10 -n mmap_t8k -n select_10 \
    -n socketpair -n malloc_10
sh "$W" -q -r "$passes" -z 1 "$@" -o "$out/passes.txt"
echo "coefficient of variation over $passes passes:"
awk '$1 !~ /^[#!]/ && NF >= 7 && $4 ~ /^[0-9.]+$/ {
	n[$1]++; s[$1] += $4; ss[$1] += $4 * $4 }
END {
	for (k in n) {
		m = s[k] / n[k]
		v = (ss[k] - n[k] * m * m) / (n[k] - 1)
		printf "%-12s %12.5f %7.2f%%\n", k, m, 100 * sqrt(v > 0 ? v : 0) / m
	}
}' "$out/passes.txt" | sort >"$out/cv"
cat "$out/cv"
awk '{ sub(/%/, "", $3); print $3 }' "$out/cv" | sort -n |
    awk '{ v[NR] = $1 } END { printf "median CV %.2f%%\n",
	NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'

sh "$top/multiview.sh" -f csv "$out/full1.txt" "$out/full2.txt" >"$out/aa.csv"
sh "$top/multiview.sh" "$out/full1.txt" "$out/full2.txt" >"$out/aa.txt"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["ratio"] != "" && $c["ratio"] + 0 > 0 {
		n++; r = $c["ratio"] + 0
		if (r > 1.1 || r < 1 / 1.1) big++
		if ($c["verdict"] == "faster" || $c["verdict"] == "slower") sig++
	}
	END { printf "A/A: %d rows, %.1f%% beyond +-10%%, %.1f%% marked significant\n",
	    n, 100 * big / n, 100 * sig / n }' "$out/aa.csv"
[ "$keep" -eq 1 ] && echo "files kept in $out"
exit 0
