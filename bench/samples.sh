#!/bin/sh
# What more samples per pass buy for the suite's slowest rows (a
# benchmark, not a test: the numbers depend on the machine and its load).
# Each row is run with two sample counts, as lines of one suite, for R
# interleaved passes of the wrapper; for each line it prints the pass-to-
# pass spread of its figure (standard deviation of the log of the passes'
# usecs/call, in percent), the median of the passes and the mean wall
# time of one pass.  When the spread does not shrink with more samples,
# the noise is per process, and only passes buy precision.
# Usage: sh bench/samples.sh [-r R] [-b BINDIR] [-k FILE]
set -u
prog=${0##*/}
usage() {
	echo "usage: $prog [-r R] [-b BINDIR] [-k FILE]"
	echo "  -r R     passes (default 10)"
	echo "  -b DIR   case binaries (default: bin of this tree)"
	echo "  -k FILE  keep the result file as FILE"
}
for a in "$@"; do
	case $a in -h | --help | '-?') usage; exit 0 ;; esac
done
top=$(cd "$(dirname "$0")/.." && pwd)
reps=10
bin=$top/bin
keep=
while getopts r:b:k: opt; do
	case $opt in
	r) reps=$OPTARG ;;
	b) bin=$OPTARG ;;
	k) keep=$OPTARG ;;
	*) usage >&2; exit 2 ;;
	esac
done
case $reps in '' | *[!0-9]* | 0 | 1) echo "$prog: not a count above 1: $reps" >&2
	exit 2 ;;
esac
for c in exit fork; do
	[ -x "$bin/$c" ] || { echo "$prog: no $bin/$c (run make)" >&2; exit 1; }
done
out=$(mktemp -d "${TMPDIR:-/tmp}/lmsamp.XXXXXX") || exit 1
trap 'rm -rf "$out"' EXIT
trap 'exit 130' INT TERM HUP

# name, batch, then the two sample counts to compare
cat >"$out/rows" <<'EOF'
exit_1000 1000 15 5
fork_1000 1000 15 5
exit_100 100 60 15
fork_100 100 60 15
EOF
while read -r name b c1 c2; do
	for c in $c1 $c2; do
		printf '%s -N %s_C%s -B %s -C %s\n' "${name%_*}" "$name" "$c" \
		    "$b" "$c"
	done
done <"$out/rows" >"$out/suite"

sh "$top/wrapper.sh" -q -b "$bin" -s "$out/suite" -r "$reps" \
    -o "$out/result" || { echo "$prog: the wrapper failed" >&2; exit 1; }
[ -n "$keep" ] && cp "$out/result" "$keep"

awk '
/^# bin\// { n = $0; sub(/.* -N /, "", n); sub(/ .*/, "", n) }
$1 == n && $2 ~ /^[0-9]+$/ && NF >= 7 { v[n, ++k[n]] = $4 }
/run wall time/ { w[n] += $NF }
END {
	printf "%-16s %6s %12s %10s %12s\n", "line", "passes", "median us",
	    "spread %", "s per pass"
	for (name in k) {
		m = k[name]; s = 0; ss = 0
		for (i = 1; i <= m; i++) {
			x = log(v[name, i]); s += x; ss += x * x
			a[i] = v[name, i]
		}
		for (i = 2; i <= m; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
				t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
			}
		med = m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
		sd = sqrt((ss - s * s / m) / (m - 1))
		printf "%-16s %6d %12.2f %10.1f %12.2f\n", name, m, med,
		    100 * sd, w[name] / m
	}
}' "$out/result" | sort
