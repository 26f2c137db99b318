#!/bin/sh
# Benchmarks of the suite as a whole (not tests: the numbers depend on the
# machine).  Runs the default suite twice (two files of 10 passes, or of
# -p passes) and prints
#  - the wall time of each run;
#  - the pass-to-pass coefficient of variation of usecs/call, over every
#    benchmark of the first file: median and 90th percentile;
#  - A/A, the two files compared: the share of rows beyond +-10% and the
#    share multiview marks significant; the same for one pass a side
#    (the first pass of each file, itself a full run of the suite);
#  - A/B: the second file with every fourth benchmark made exactly 10%
#    slower (its usecs/call and median interval times 1.10, in every
#    pass), against the first: the share of the slowed rows multiview
#    marks slower, and of the others it marks at all; with passes and
#    with one pass a side;
#  - the A/A's interval coverage (the share of 95% intervals that hold
#    0) and median interval half-width;
#  - A/B with every fourth benchmark 5% slower, and 10% slower with one
#    pass of each 3 times slower (bench/inject.sh);
#  - how long multiview takes on the two files.
# Usage: sh bench/suite.sh [-p passes] [-k] [FILE1 FILE2]
# -k keeps the files in the directory it names at the end; FILE1 and
# FILE2, two result files of the same suite, are judged instead of new
# runs.
set -u
prog=${0##*/}
usage() {
	printf 'usage: %s [-h] [-k] [-p passes] [FILE1 FILE2]\n' "$prog"
	cat <<'EOF'
Two default runs of the suite (or FILE1 and FILE2, two result files of
it), and the noise between them: wall time, pass-to-pass variation, A/A
and A/B with multiview.
  -k         keep the files (their directory is named at the end)
  -p passes  passes per run (default: the wrapper's)
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
passes=
keep=0
while getopts ':hkp:' opt; do
	case $opt in
	h) usage; exit 0 ;;
	k) keep=1 ;;
	p) passes=$OPTARG ;;
	:) bad "option -$OPTARG needs a value" ;;
	*) [ "$OPTARG" = '?' ] && { usage; exit 0; }
	   bad "unknown option -$OPTARG" ;;
	esac
done
shift $((OPTIND - 1))
case $# in
0 | 2) ;;
*) bad "give two result files or none" ;;
esac
case $passes in '') ;; *[!0-9]*|0) bad "-p: not a count: $passes" ;; esac
out=$(mktemp -d "${TMPDIR:-/tmp}/lmsuite.XXXXXX") || exit 1
[ "$keep" -eq 1 ] || trap 'rm -rf "$out"' EXIT
trap 'exit 130' INT TERM HUP
W="$top/wrapper.sh"
MV="$top/multiview.sh"

elapsed() {
	awk '/^!Elapsed:/ { print $2 }' "$1"
}

if [ $# -eq 2 ]; then
	cp "$1" "$out/full1.txt" && cp "$2" "$out/full2.txt" || exit 1
else
	sh "$W" -q ${passes:+-r "$passes"} -o "$out/full1.txt"
	sh "$W" -q ${passes:+-r "$passes"} -o "$out/full2.txt"
fi
passes=$(awk '/^!Passes:/ { print $2; exit }' "$out/full1.txt")
case $passes in ''|*[!0-9]*|0) passes=1 ;; esac
# runs FILE: how many result lines FILE holds (adaptive files hold fewer).
runs() {
	awk '$1 !~ /^[#!]/ && NF >= 7 && $2 ~ /^[0-9]+$/ { n++ }
	    END { print n + 0 }' "$1"
}
echo "full suite, $passes passes: $(elapsed "$out/full1.txt") s and" \
    "$(elapsed "$out/full2.txt") s ($(runs "$out/full1.txt") and" \
    "$(runs "$out/full2.txt") runs)"

if [ "$passes" -ge 2 ]; then
	awk '$1 !~ /^[#!]/ && NF >= 7 && $4 ~ /^[0-9.]+$/ {
		n[$1]++; s[$1] += $4; ss[$1] += $4 * $4 }
	END {
		for (k in n) {
			m = s[k] / n[k]
			v = (ss[k] - n[k] * m * m) / (n[k] - 1)
			if (m > 0)
				printf "%.4f %s\n", 100 * sqrt(v > 0 ? v : 0) / m, k
		}
	}' "$out/full1.txt" | sort -n >"$out/cv"
	awk '{ v[NR] = $1 } END {
		printf "pass-to-pass CV over %d benchmarks: median %.2f%%," \
		    " 90th percentile %.2f%%\n", NR,
		    NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2,
		    v[int(0.9 * NR + 0.5)] }' "$out/cv"
fi

# first FILE: the header and the first pass only (a full run itself).
first() {
	awk '/^# pass [0-9]+ of/ { keep = $3 == 1; started = 1; next }
	    /^!/ || keep || !started { print }' "$1"
}
if [ "$passes" -ge 2 ]; then
	first "$out/full1.txt" >"$out/one1.txt"
	first "$out/full2.txt" >"$out/one2.txt"
fi

# slow IN OUT: every fourth benchmark, by first appearance, 10% slower.
slow() {
	awk 'function x(v, d) { d = v; sub(/^[0-9]*\.?/, "", d)
		return sprintf("%." length(d) "f", v * 1.10) }
	$1 !~ /^[#!]/ && NF >= 7 && $4 ~ /^[0-9.]+$/ {
		if (!($1 in seen)) seen[$1] = n++ % 4 == 3
		cur = $1
		if (seen[cur]) {
			print $1 > "/dev/stderr"
			$4 = x($4)
		}
		print
		next
	}
	/^#  *median 99% ci (low|high) / && seen[cur] {
		$(NF - 1) = x($(NF - 1)); $NF = x($NF)
	}
	{ print }' "$1" >"$2" 2>"$2.slowed"
	sort -u "$2.slowed" -o "$2.slowed"
}

# judge REF CMP LABEL [SLOWED]: the shares, from multiview -f csv.
judge() {
	sh "$MV" -f csv "$1" "$2" >"$out/j.csv" || return
	awk -F, -v label="$3" -v slowed="${4-}" '
	BEGIN { if (slowed != "") while ((getline s <slowed) > 0) S[s] = 1 }
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["family"] == "time" && $c["ratio"] != "" && $c["ratio"] + 0 > 0 {
		r = $c["ratio"] + 0; v = $c["verdict"]
		mark = v == "faster" || v == "slower"
		if ($1 in S) { ns++; if (v == "slower") hit++; next }
		n++
		if (r > 1.1 || r < 1 / 1.1) big++
		if (mark) sig++
		if ($c["suspect"] == 1) sus++
		if ($c["ratio_lo"] != "") {
			nc++
			if ($c["ratio_lo"] <= 1 && $c["ratio_hi"] >= 1) cov++
			hw[nc] = ($c["delta_hi"] - $c["delta_lo"]) / 2
		}
	}
	END {
		if (slowed == "") {
			printf "%s: %d rows, %.1f%% beyond +-10%%, %.1f%%" \
			    " marked significant, %.1f%% suspect\n", label, n,
			    100 * big / n, 100 * sig / n, 100 * sus / n
			if (nc == 0)
				exit
			# Insertion sort: a few hundred half-widths.
			for (i = 2; i <= nc; i++)
				for (j = i; j > 1 && hw[j - 1] > hw[j]; j--) {
					t = hw[j]; hw[j] = hw[j - 1]; hw[j - 1] = t
				}
			printf "%s: %d of %d intervals (%.1f%%) hold 0;" \
			    " median half-width +-%.1f%%\n", label, cov, nc,
			    100 * cov / nc, nc % 2 ? hw[(nc + 1) / 2] : \
			    (hw[nc / 2] + hw[nc / 2 + 1]) / 2
		} else
			printf "%s: %d of %d slowed rows (%.1f%%) marked" \
			    " slower; %d of %d others (%.1f%%) marked\n", label,
			    hit, ns, 100 * hit / ns, sig, n, 100 * sig / n
	}' "$out/j.csv"
}

judge "$out/full1.txt" "$out/full2.txt" "A/A, $passes passes"
[ "$passes" -ge 2 ] && judge "$out/one1.txt" "$out/one2.txt" "A/A, one pass"
slow "$out/full2.txt" "$out/slow2.txt"
judge "$out/full1.txt" "$out/slow2.txt" "A/B +10%, $passes passes" \
    "$out/slow2.txt.slowed"
if [ "$passes" -ge 2 ]; then
	slow "$out/one2.txt" "$out/slowone2.txt"
	judge "$out/one1.txt" "$out/slowone2.txt" "A/B +10%, one pass" \
	    "$out/slowone2.txt.slowed"
fi

# The same with every fourth benchmark 5% slower, and 10% slower with
# one pass of each 3 times slower (bench/inject.sh).
sh "$top/bench/inject.sh" -f 1.05 "$out/full2.txt" "$out/inj5.txt" \
    "$out/inj5.txt.slowed" &&
    judge "$out/full1.txt" "$out/inj5.txt" "A/B +5%, $passes passes" \
    "$out/inj5.txt.slowed"
if [ "$passes" -ge 2 ]; then
	sh "$top/bench/inject.sh" -f 1.10 -s "$out/full2.txt" \
	    "$out/spike.txt" "$out/spike.txt.slowed" &&
	    judge "$out/full1.txt" "$out/spike.txt" \
	    "A/B +10% and one pass 3x, $passes passes" "$out/spike.txt.slowed"
fi

t0=$(date +%s.%N)
sh "$MV" "$out/full1.txt" "$out/full2.txt" >"$out/aa.txt"
t1=$(date +%s.%N)
awk -v a="$t0" -v b="$t1" -v p="$passes" 'BEGIN {
	printf "multiview, two files of %s passes: %.2f s\n", p, b - a }'
[ "$keep" -eq 1 ] && echo "files kept in $out"
exit 0
