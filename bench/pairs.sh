#!/bin/sh
# SPDX-License-Identifier: MIT
#
# bench/pairs.sh - what pairing buys: an A/A session of two variants
# (wrapper.sh -V A=bin -V B=bin) against two separate runs of the same
# binaries taken the same hour, both through multiview.sh, as they are
# and with every fourth row of the second file made slower by a known
# factor (bench/inject.sh).  Not a test: the numbers are the machine's.
# Usage: sh bench/pairs.sh [-F FIGURE] PAIR.A PAIR.B SEP1 SEP2 [FACTOR...]
# (factors default 1.05 1.03 1.02).  Per comparison it prints: the rows
# marked in the A/A, the share of the plain 95% intervals that hold 0,
# the median half-width, then per factor the share of the changed rows
# found (verdict slower) and of the marked rows that were not changed;
# and each file's !Elapsed.
prog=${0##*/}
usage() {
	printf 'usage: %s [-F FIGURE] PAIR.A PAIR.B SEP1 SEP2 [FACTOR...]\n' "$prog"
	cat <<'EOF2'
Compare an A/A session of two variants (PAIR.A, PAIR.B: wrapper.sh -V
A=bin -V B=bin) with two separate runs (SEP1, SEP2) of the same
binaries, as they are and with every fourth row of the second file
times each FACTOR (default 1.05 1.03 1.02): rows marked, intervals
holding 0, median half-width, changed rows found, marked rows unchanged.
-F passes multiview its figure over passes (auto, low, median).
EOF2
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
fig=auto
if [ "${1:-}" = -F ]; then
	[ $# -ge 2 ] || { usage >&2; exit 2; }
	fig=$2
	shift 2
fi
if [ $# -lt 4 ]; then
	usage >&2
	exit 2
fi
for f in "$1" "$2" "$3" "$4"; do
	[ -r "$f" ] || { printf '%s: cannot read %s\n' "$prog" "$f" >&2; exit 2; }
done
top=$(cd "$(dirname "$0")/.." && pwd) || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lmpairs.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP
pa=$1 pb=$2 s1=$3 s2=$4
shift 4
[ $# -gt 0 ] || set -- 1.05 1.03 1.02

# aa HOW A B: the A/A line.
aa() {
	sh "$top/multiview.sh" -F "$fig" -f csv "$2" "$3" >"$tmp/aa.csv" 2>/dev/null
	sh "$top/multiview.sh" -F "$fig" "$2" "$3" 2>/dev/null |
	    grep 'median interval' | tail -n 1 |
	    sed 's/.*median interval/median interval/; s/;.*//' >"$tmp/half"
	awk -F, -v how="$1" -v half="$(cat "$tmp/half")" '
	NR > 1 && $2 == "time" && $15 ~ /^(faster|slower|small|noise)$/ {
		n++
		if ($15 == "faster" || $15 == "slower") marked++
		if ($10 + 0 <= 1 && $11 + 0 >= 1) hold++
	}
	END { printf "%s A/A: %d rows tested, %d marked, %.1f%% of the 95%%" \
	    " intervals hold 0, %s\n", how, n, marked, 100 * hold / n, half }' \
	    "$tmp/aa.csv"
}

# found HOW A B FACTOR: B with every fourth row times FACTOR.
found() {
	sh "$top/bench/inject.sh" -f "$4" "$3" "$tmp/inj" "$tmp/list" ||
	    exit 1
	sh "$top/multiview.sh" -F "$fig" -f csv "$2" "$tmp/inj" >"$tmp/inj.csv" \
	    2>/dev/null
	awk -F, -v how="$1" -v f="$4" '
	FILENAME != ARGV[2] { changed[$1] = 1; nc++; next }
	FNR > 1 && $2 != "time" { next }
	FNR > 1 && ($15 == "faster" || $15 == "slower") {
		marked++
		if (!($1 in changed)) wrong++
	}
	FNR > 1 && ($1 in changed) && $15 == "slower" { hit++ }
	END { printf "%s x%s: %d of %d changed rows found (%.0f%%), %d of" \
	    " %d marked rows unchanged (%.1f%%)\n", how, f, hit, nc,
	    100 * hit / nc, wrong, marked, marked ? 100 * wrong / marked : 0 }' \
	    "$tmp/list" "$tmp/inj.csv"
}

aa paired "$pa" "$pb"
aa separate "$s1" "$s2"
for f in "$@"; do
	found paired "$pa" "$pb" "$f"
	found separate "$s1" "$s2" "$f"
done
for f in "$pa" "$pb" "$s1" "$s2"; do
	printf '%s: %s\n' "$f" "$(sed -n 's/^!Elapsed: *//p' "$f")"
done
