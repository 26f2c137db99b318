#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/series.sh - measure multiview -T on a series of real result files:
# every EVERY-th benchmark (default 4) is made FACTOR (default 1.10)
# slower from the FROM-th file (default 5) on, as bench/inject.sh does to
# one file; the report says how many of those rows step at that file, how
# many untouched rows have any change, and how long multiview took;
# first, how many stepped rows scatter from file to file by more than a
# third of the step.
# With -c, each FILE is first cut into one file per pass (pass k of a
# benchmark is its k-th result line), so a series of N files of P passes
# becomes N x P files, in file then pass order.
prog=${0##*/}
usage() {
	cat <<EOF
usage: $prog [-c] [-e EVERY] [-f FACTOR] [-F FIGURE] [-s FROM] FILE...
Measures multiview -T on a series of result files with a known step.
  -c         cut each FILE into one file per pass first
  -F FIGURE  multiview's figure over passes (-F; default auto)
  -e EVERY   step every EVERY-th benchmark (default 4)
  -f FACTOR  by FACTOR (default 1.10)
  -s FROM    from the FROM-th file on (default 5)
EOF
}
bad() {
	usage >&2
	exit 2
}
for a in "$@"; do
	case $a in
	--) break ;;
	--help) usage; exit 0 ;;
	esac
done
cut=0
figure=auto
every=4
factor=1.10
from=5
while getopts ce:f:F:s:h o; do
	case $o in
	c) cut=1 ;;
	F) figure=$OPTARG ;;
	e) every=$OPTARG ;;
	f) factor=$OPTARG ;;
	s) from=$OPTARG ;;
	h) usage; exit 0 ;;
	*) bad ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || bad
top=$(cd "$(dirname "$0")/.." && pwd) || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/series.XXXXXX") || exit 2
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# Cut or copy the files to $tmp/sNNN.txt, in order.
n=0
for f in "$@"; do
	if [ "$cut" -eq 0 ]; then
		n=$((n + 1))
		cp "$f" "$tmp/$(printf 's%03d' "$n").txt"
		continue
	fi
	# shellcheck disable=SC2016 # an awk program
	np=$(awk -v dir="$tmp" -v base="$n" '
	function out(k) { return sprintf("%s/s%03d.txt", dir, base + k) }
	/^!/ { hdr[++nh] = $0; next }
	/^# bin\// { pend = $0; cur = 0; next }
	/^#/ || NF < 7 || $1 == "prc" {
		if (cur)
			print >out(cur)
		else
			pend = pend "\n" $0
		next
	}
	{
		cur = ++cnt[$1]
		if (cur > np) {
			np = cur
			for (j = 1; j <= nh; j++)
				print hdr[j] >out(cur)
		}
		if (pend != "")
			print pend >out(cur)
		pend = ""
		print >out(cur)
	}
	END { print np }' "$f")
	n=$((n + np))
done
echo "series: $n files"

# The step: every EVERY-th benchmark, from file FROM on.
awk '!/^[!#]/ && NF >= 7 && $1 != "prc" && !($1 in s) { s[$1]; print $1 }' \
    "$tmp/s001.txt" | awk -v e="$every" 'NR % e == 0' >"$tmp/stepped"

# Before the step: how far the stepped rows' files scatter.  A file is
# one observation (the median of its passes); with four files a side, a
# row whose files' medians scatter (standard deviation of their logs) by
# more than a third of the step's log shows the step with a t below
# about 4.5 on 6 degrees of freedom, short of what the test of a whole
# series, then Benjamini-Hochberg over some 300 rows, needs.
# shellcheck disable=SC2016 # an awk program, after multiview's numerics
awk -v factor="$factor" -v list="$tmp/stepped" "$(cat "$top/lib/mv/num.awk")"'
function median(a, n) {
	sortnum(a, n)
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
BEGIN { while ((getline l < list) > 0) st[l] = 1 }
FNR == 1 && NR > 1 { flush() }
function flush(    b, k, v) {
	for (b in cnt) {
		delete v
		for (k = 1; k <= cnt[b]; k++)
			v[k] = x[b, k]
		y = log(median(v, cnt[b]))
		ns[b]++; s[b] += y; s2[b] += y * y
	}
	delete cnt
}
/^[!#]/ || NF < 7 || $1 == "prc" || !($1 in st) || $4 + 0 <= 0 { next }
{ x[$1, ++cnt[$1]] = $4 + 0 }
END {
	flush()
	lim = log(factor) / 3
	for (b in ns)
		if (ns[b] > 1) {
			m++
			v = (s2[b] - s[b] * s[b] / ns[b]) / (ns[b] - 1)
			wide += sqrt(v > 0 ? v : 0) > lim
		}
	printf "stepped rows whose files scatter by more than a third of" \
	    " the step before it: %d of %d\n", wide, m
}' "$tmp"/s*.txt
j=1
while [ "$j" -le "$n" ]; do
	f=$tmp/$(printf 's%03d' "$j").txt
	if [ "$j" -ge "$from" ]; then
		awk -v factor="$factor" -v list="$tmp/stepped" '
		BEGIN { while ((getline l < list) > 0) st[l] = 1 }
		function decimals(s,    p) {
			p = index(s, ".")
			return p ? length(s) - p : 0
		}
		/^[!#]/ || NF < 7 || $1 == "prc" || !($1 in st) { print; next }
		{ $4 = sprintf("%." decimals($4) "f", $4 * factor); print }' \
		    "$f" >"$f.new" && mv "$f.new" "$f"
	fi
	j=$((j + 1))
done

for a in mawk gawk; do
	command -v "$a" >/dev/null 2>&1 || continue
	s=$(date +%s.%N)
	AWK=$a sh "$top/multiview.sh" -T -F "$figure" -f csv "$tmp"/s*.txt \
	    >"$tmp/out.$a" ||
	    exit 1
	e=$(date +%s.%N)
	echo "$a: $(echo "$e - $s" | bc) s"
done
cmp -s "$tmp/out.mawk" "$tmp/out.gawk" && echo "mawk and gawk: same output"
want=$(printf 's%03d.txt' "$from")
awk -F, -v want="$want" -v list="$tmp/stepped" '
BEGIN { while ((getline l < list) > 0) st[l] = 1 }
NR == 1 { next }
{ rows[$1] = 1 }
$2 == "changed" && $5 != "none" && $19 == 0 && $18 == 0 {
	sub(/.*\//, "", $8)
	if ($1 in st && $8 == want && $12 + 0 < 0)
		hit[$1] = 1
	else
		other[$1] = 1
}
$2 == "changed" && $5 != "none" && $19 == 1 { last[$1] = 1 }
END {
	for (b in rows) {
		nr++
		if (b in st) {
			ns++
			nh += (b in hit)
			ne += (b in other)
		} else {
			nu++
			nf += (b in other) || (b in last)
		}
	}
	printf "stepped rows: %d of %d found at the right file (%.1f%%)," \
	    " %d with another change too\n", nh, ns, 100 * nh / ns, ne
	printf "untouched rows with a change: %d of %d (%.1f%%)\n", nf, nu,
	    100 * nf / nu
}' "$tmp/out.gawk"
