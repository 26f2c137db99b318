#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/figure.sh - how each figure over a row's passes (multiview.sh
# -F) judges two separate runs of the same binaries (a benchmark of the
# machine, not a test).  For each figure: the A/A (rows marked, share
# of the 95% intervals that hold 0, median half-width, geometric mean
# of ratios), the second file with every fourth row made slower by each
# FACTOR (bench/inject.sh: the share of those rows found, verdict
# slower, and of the marked rows that were not changed), and the first
# K passes of the first file against every pass of the second (rows
# marked, geometric mean of ratios).  The pass-to-pass spread of both
# files (bench/spread.sh) comes first.
prog=${0##*/}
usage() {
	cat <<EOF
usage: $prog [-F "FIGURE..."] [-f "FACTOR..."] [-k K] A B
Judges two separate runs A and B with each figure (default "auto low
median"): A/A, every fourth row of B times each FACTOR (default "1.05
1.10"), and the first K passes of A (default 5) against all of B.
EOF
}
case ${1:-} in -h | --help | '-?') usage; exit 0 ;; esac
figures="auto low median"
factors="1.05 1.10"
head=5
while getopts :F:f:k: opt; do
	case $opt in
	F) figures=$OPTARG ;;
	f) factors=$OPTARG ;;
	k) head=$OPTARG ;;
	*) echo "$prog: unknown option -$OPTARG (try -h)" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || { echo "$prog: two files, A and B (try -h)" >&2; exit 2; }
case $head in '' | *[!0-9]*) echo "$prog: -k $head: not a count" >&2
	exit 2 ;; esac
for f in "$@"; do
	[ -r "$f" ] || { echo "$prog: cannot read $f" >&2; exit 2; }
done
top=$(cd "$(dirname "$0")/.." && pwd) || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lmfigure.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP
a=$1 b=$2

sh "$top/bench/spread.sh" "$a" "$b"
# The first K passes of A: the lines before "# pass K+1 of N", and the
# trailer.
awk -v k="$head" '/^# pass [0-9]+ of [0-9]+$/ { p = $3 }
	p > k && !/^!/ { next } { print }' "$a" >"$tmp/head"

# judge FIGURE A B [LIST]: "marked hold half gmean found wrong" from
# multiview's csv (columns found by their names) of A against B; the
# rows in LIST are the changed ones.
judge() {
	sh "$top/multiview.sh" -F "$1" -f csv "$2" "$3" >"$tmp/out.csv" \
	    2>/dev/null || { echo "$prog: multiview failed on $2 $3" >&2
		exit 1; }
	: >>"$tmp/none"
	awk -F, -v list="${4:-$tmp/none}" "$(cat "$top/lib/mv/num.awk")"'
	BEGIN { while ((getline l < list) > 0) changed[l] = 1 }
	NR == 1 { for (k = 1; k <= NF; k++) col[$k] = k; next }
	$col["verdict"] ~ /^(faster|slower|small|noise)$/ &&
	    (!("family" in col) || $col["family"] == "time") {
		n++
		v = $col["verdict"]
		m = v == "faster" || v == "slower"
		marked += m
		hold += $col["ratio_lo"] <= 1 && $col["ratio_hi"] >= 1
		h[n] = ($col["delta_hi"] - $col["delta_lo"]) / 2
		g += log($col["ratio"])
		if ($col["benchmark"] in changed)
			found += v == "slower"
		else
			wrong += m
	}
	END {
		sortnum(h, n)
		half = n % 2 ? h[(n + 1) / 2] : (h[n / 2] + h[n / 2 + 1]) / 2
		printf "%d %d %.1f %.1f %.4f %d %d\n", n, marked,
		    100 * hold / n, half, exp(g / n), found, wrong
	}' "$tmp/out.csv"
}

for fig in $figures; do
	# shellcheck disable=SC2046 # its seven words, on purpose
	set -- $(judge "$fig" "$a" "$b")
	printf '%s: A/A %d rows, %d marked, %s%% hold 0, median +/-%s%%,' \
	    "$fig" "$1" "$2" "$3" "$4"
	printf ' gmean %s\n' "$5"
	for f in $factors; do
		sh "$top/bench/inject.sh" -f "$f" "$b" "$tmp/inj" \
		    "$tmp/list" >/dev/null || exit 1
		nc=$(wc -l <"$tmp/list")
		# shellcheck disable=SC2046 # its seven words
		set -- $(judge "$fig" "$a" "$tmp/inj" "$tmp/list")
		printf '%s:   x%s: %d of %d found, %d of %d marked unchanged\n' \
		    "$fig" "$f" "$6" "$nc" "$7" "$2"
	done
	# shellcheck disable=SC2046 # its seven words, on purpose
	set -- $(judge "$fig" "$tmp/head" "$b")
	printf '%s:   first %d passes of A against B: %d marked, gmean %s,' \
	    "$fig" "$head" "$2" "$5"
	printf ' median +/-%s%%\n' "$4"
done
