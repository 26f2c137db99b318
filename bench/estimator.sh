#!/bin/sh
# SPDX-License-Identifier: MIT
# Which statistic of a run's samples makes the steadiest figure (a
# benchmark, not a test: the numbers depend on the machine and its load).
# Every pass of a result file written with -S holds each run's samples
# summarized: min, p5, p10, median, mean (outliers removed).  For each of
# these, both files are rewritten so that every run's usecs/call is that
# statistic (its median interval scaled with it), and bench/suite.sh
# judges the pair: pass-to-pass spread, A/A rows beyond +-10% and marked,
# A/B detection of a 10% and a 5% change, interval coverage and width.
# The same samples feed every estimator, so the comparison is paired.
# Usage: sh bench/estimator.sh [-e "EST ..."] FILE1 FILE2
#   FILE1, FILE2: two result files of the same suite (e.g. two runs of
#   sh wrapper.sh -o FILE); -e: the statistics to judge (default
#   "median mean min p5 p10").
set -u
prog=${0##*/}
usage() {
	printf 'usage: %s [-h] [-e "EST ..."] FILE1 FILE2\n' "$prog"
	cat <<'EOF'
Judge each statistic of the samples (min p5 p10 median mean) as a run's
figure, on two result files of the same suite written with -S.
  -e "EST ..."  the statistics to judge (default "median mean min p5 p10")
EOF
}
bad() {
	printf '%s: %s (try -h)\n' "$prog" "$*" >&2
	exit 2
}
for a in "$@"; do
	case $a in -h | --help) usage; exit 0 ;; esac
done
top=$(cd "$(dirname "$0")/.." && pwd)
ests="median mean min p5 p10"
while getopts ':he:' opt; do
	case $opt in
	h) usage; exit 0 ;;
	e) ests=$OPTARG ;;
	:) bad "option -$OPTARG needs a value" ;;
	*) [ "$OPTARG" = '?' ] && { usage; exit 0; }
	   bad "unknown option -$OPTARG" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || bad "give two result files"
for f in "$1" "$2"; do
	[ -r "$f" ] || bad "cannot read $f"
	grep -q '^# *median 99% ci low ' "$f" ||
	    bad "$f has no statistics (write it with -S, as the wrapper does)"
done
for e in $ests; do
	case $e in median | mean | min | p5 | p10) ;;
	*) bad "unknown statistic $e (median mean min p5 p10)" ;;
	esac
done
out=$(mktemp -d "${TMPDIR:-/tmp}/lmest.XXXXXX") || exit 1
trap 'rm -rf "$out"' EXIT
trap 'exit 130' INT TERM HUP

# as EST IN OUT: IN with each run's usecs/call replaced by its EST, and
# a header naming it.
as() {
	awk -v est="$1" '
	function lab(l) { return substr($0, 1, 24) == sprintf("# %22s", l) }
	function res() { return $1 !~ /^[#!]/ && NF >= 7 && $4 ~ /^[0-9.]+$/ }
	NR == FNR {
		if (res()) b++
		else if (b && lab(est)) val[b] = $NF
		else if (b && lab("median")) med[b] = $NF
		next
	}
	FNR == 1 { print "!Estimator: " est }
	/^!Estimator:/ { next }
	res() {
		c++
		r = 1
		if ((c in val) && (c in med) && med[c] > 0) {
			r = val[c] / med[c]
			$4 = val[c]
		}
		print
		next
	}
	lab("median 99% ci low") || lab("median 99% ci high") {
		$(NF - 1) = sprintf("%.5f", $(NF - 1) * r)
		$NF = sprintf("%.5f", $NF * r)
	}
	{ print }' "$2" "$2" >"$3"
}

printf '%s\n' "files: $1 $2"
for e in $ests; do
	as "$e" "$1" "$out/a.txt" && as "$e" "$2" "$out/b.txt" || exit 1
	echo "== $e"
	sh "$top/bench/suite.sh" "$out/a.txt" "$out/b.txt" |
	    grep -v '^full suite\|^multiview,'
done
