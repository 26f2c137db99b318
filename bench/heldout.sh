#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/heldout.sh - separate runs judged with and without reference runs
# (multiview.sh -R), as a table row per pair of files (a benchmark of the
# machine, not a test).  Each pair is an A/A (the same binaries twice):
# the rows marked, the share of the plain 95% intervals that hold 0 (the
# csv's interval, before the floor); then the second file with every
# fourth row made FACTOR slower (bench/inject.sh): the share of those
# rows found (verdict slower) and of the marked rows that were not
# changed.  Each figure without / with the references; the pass-to-pass
# spread of both files (bench/spread.sh) first.
prog=${0##*/}
usage() {
	cat <<EOF
usage: $prog [-f FACTOR] -R REF [-R REF]... A1 B1 [A2 B2]...
Judges each pair of separate runs (A/A and every fourth row of the
second times FACTOR, default 1.10) with and without the reference runs,
and prints one markdown table row per pair.
EOF
}
case ${1:-} in -h | --help | '-?') usage; exit 0 ;; esac
factor=1.10
top=$(cd "$(dirname "$0")/.." && pwd) || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lmheld.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP
: >"$tmp/refs"
while getopts :f:R: opt; do
	case $opt in
	f) factor=$OPTARG ;;
	R) [ -r "$OPTARG" ] ||
	       { echo "$prog: cannot read $OPTARG" >&2; exit 2; }
	   printf '%s\n' "$OPTARG" >>"$tmp/refs" ;;
	*) echo "$prog: unknown option -$OPTARG (try -h)" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ -s "$tmp/refs" ] || { echo "$prog: no reference run (-R) (try -h)" >&2
	exit 2; }
if [ $# -lt 2 ] || [ $(($# % 2)) -ne 0 ]; then
	echo "$prog: files come in pairs (try -h)" >&2
	exit 2
fi
for f in "$@"; do
	[ -r "$f" ] || { echo "$prog: cannot read $f" >&2; exit 2; }
done

# mvcsv [-R ...] A B: multiview's csv of the pair.
mvcsv() { sh "$top/multiview.sh" -f csv "$@" 2>/dev/null; }

# judge HOW A B: "marked hold found false" of the A/A and the injected,
# with the references when HOW is "with".
judge() {
	how=$1 a1=$2 b1=$3
	set --
	if [ "$how" = with ]; then
		while read -r r; do
			set -- "$@" -R "$r"
		done <"$tmp/refs"
	fi
	mvcsv "$@" "$a1" "$b1" >"$tmp/aa.csv"
	mvcsv "$@" "$a1" "$tmp/inj" >"$tmp/ab.csv"
	awk -F, '
	FILENAME == ARGV[1] { changed[$1] = 1; nc++; next }
	FNR > 1 && $2 != "time" { next }
	FILENAME == ARGV[2] && FNR > 1 && $15 ~ /^(faster|slower|small|noise)$/ {
		n++
		marked += $15 == "faster" || $15 == "slower"
		hold += $10 + 0 <= 1 && $11 + 0 >= 1
	}
	FILENAME == ARGV[3] && FNR > 1 && ($15 == "faster" || $15 == "slower") {
		m2++
		if (!($1 in changed))
			wrong++
		else if ($15 == "slower")
			hit++
	}
	END { printf "%d %.1f%% %.0f%% %.1f%%\n", marked, n ? 100 * hold / n : 0,
	    nc ? 100 * hit / nc : 0, m2 ? 100 * wrong / m2 : 0 }' \
	    "$tmp/list" "$tmp/aa.csv" "$tmp/ab.csv"
}

# spread FILE: its median pass-to-pass spread, or "one pass".
spread() {
	sh "$top/bench/spread.sh" "$1" | sed -n \
	    -e 's/.*spread median \([^,]*\),.*/\1/p' \
	    -e 's/.*one pass a row.*/one pass/p'
}

echo "| pair, pass-to-pass spread | marked, without / with | plain 95% intervals holding 0 | x$factor found, without / with | marked rows untouched, without / with |"
echo "| --- | --- | --- | --- | --- |"
while [ $# -ge 2 ]; do
	a=$1 b=$2
	shift 2
	sh "$top/bench/inject.sh" -f "$factor" "$b" "$tmp/inj" "$tmp/list" \
	    >/dev/null || exit 1
	sa=$(spread "$a")
	sb=$(spread "$b")
	w1=$(judge without "$a" "$b") || exit 1
	w2=$(judge with "$a" "$b") || exit 1
	printf '%s %s\n' "$w1" "$w2" |
	    awk -v pa="${a##*/}" -v pb="${b##*/}" -v sa="$sa" -v sb="$sb" '
	{ printf "| %s %s, %s %s | %s / %s | %s / %s | %s / %s | %s / %s |\n",
	    pa, pb, sa, sb, $1, $5, $2, $6, $3, $7, $4, $8 }'
done
