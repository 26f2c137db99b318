#!/bin/sh
# The figures of multiview.sh -f html, read as SVG text: the forest
# plot has one line per row and one mark per compared file with a ratio,
# every mark and interval bar inside its plot area, 0 and percent labels
# on its axis, and -g keeps the table's order; each row's strip plot has
# one dot per pass; the histogram counts every delta; a hostile name is
# escaped in the SVG as in the table; a 283-row, 3-file page of ten
# passes a file stays under 1 MB; the plot is as wide as the page; and
# on real runs its axis is set by the deltas, not the widest intervals.
# shellcheck disable=SC2016 # the awk programs are in single quotes
# shellcheck source=/dev/null
. "$LM_TOP/tests/lib.sh"
# shellcheck source=/dev/null
. "$LM_TOP/tests/data/multiview/common.sh"

for f in base.txt debug.txt tuned.txt passes-a.txt passes-b.txt; do
	cp "$MVDATA/$f" . || exit 1
done
a=${MV_AWKS# }
a=${a%% *}

# svg CLASS FILE: the lines of the svg element of that class.
svg() {
	awk -v c="<svg class=\"$1\"" 'index($0, c) == 1 { on = 1 }
	on { print } on && /<\/svg>/ { exit }' "$2"
}

# count PATTERN: how many times the pattern occurs on stdin.
count() { grep -o "$1" | wc -l | tr -d ' '; }

mview "$a" -f html base.txt debug.txt tuned.txt >three.html
mview "$a" -f csv base.txt debug.txt tuned.txt >three.csv
svg forest three.html >forest.svg
check "the summary, then the forest plot, before the results" awk '
/<svg class="forest"/ { exit !(seen_h1 && seen_top && !seen_results) }
/<h1>/ { seen_h1 = 1 } /<div class="top">/ && seen_h1 { seen_top = 1 }
/<table class="results"/ { seen_results = 1 }' three.html
# A compared cell with a ratio (its csv ratio field set) has a mark.
want=$(awk -F, '$2 == "time" && $3 != "base.txt" && $9 != ""' three.csv | wc -l |
    tr -d ' ')
got=$(count 'class="mark"' <forest.svg)
check "forest: one mark per compared file with a ratio ($want)" \
    test "$got" = "$want"
check "forest: one line per row (9)" test "$(count 'class="nm"' \
    <forest.svg)" = 9
check "forest: circles for the 1st compared file, squares for the 2nd" \
    test "$(count '<circle class="mark"' <forest.svg)" = 6 -a \
    "$(count '<rect class="mark"' <forest.svg)" = 6

# inside FILE: every mark and bar lies within the plot's rectangle.
inside() {
	awk '
	function attr(s, a,    v) {
		if (!match(s, " " a "=\"[-0-9.]+\""))
			return ""
		v = substr(s, RSTART + length(a) + 3, RLENGTH - length(a) - 4)
		return v + 0
	}
	/<rect class="plot"/ {
		x0 = attr($0, "x"); y0 = attr($0, "y")
		x1 = x0 + attr($0, "width"); y1 = y0 + attr($0, "height")
		next
	}
	{
		n = split($0, el, "/>")
		for (j = 1; j <= n; j++) {
			s = el[j]
			if (s ~ /class="bar"/) {
				xs[1] = attr(s, "x1"); xs[2] = attr(s, "x2")
				ys[1] = attr(s, "y1"); ys[2] = attr(s, "y2")
			} else if (s ~ /<circle class="mark"/) {
				xs[1] = xs[2] = attr(s, "cx")
				ys[1] = ys[2] = attr(s, "cy")
			} else if (s ~ /<rect class="mark"/) {
				xs[1] = attr(s, "x"); xs[2] = xs[1] + 6
				ys[1] = attr(s, "y"); ys[2] = ys[1] + 6
			} else
				continue
			seen++
			for (k = 1; k <= 2; k++)
				if (xs[k] < x0 - 3 || xs[k] > x1 + 3 ||
				    ys[k] < y0 || ys[k] > y1) {
					print "outside: " s
					bad = 1
				}
		}
	}
	END { exit bad || !seen || x1 == "" }' "$1"
}
check "forest: every mark and bar inside the plot area" inside forest.svg
# tuned.txt's pipe_pst1 has no statistics: a mark, no interval.
check "forest: bars for the tested deltas (11)" \
    test "$(count 'class="bar"' <forest.svg)" = 11
check "forest: 0 marked on the axis" grep -q '>0%</text>' forest.svg
check "forest: percent labels either way" \
    grep -q '>-[0-9][0-9]*%</text>' forest.svg
check "forest: percent labels either way (+)" \
    grep -q '>+[0-9][0-9]*%</text>' forest.svg
check "forest: red for slower, grey for noise, orange for suspect" \
    grep -q 'fill="#c81e1e" cx=.*fill="#a8a8a8"' forest.svg
check "forest: the suspect row in orange" \
    grep -q 'memset_10<.*fill="#d07000"' forest.svg
check "forest: the largest change first" \
    test "$(grep -o 'class="nm"[^>]*>[^<]*' forest.svg | head -n 1 |
    sed 's/.*>//')" = bind
check "forest: the floor band is shaded" grep -q 'fill="#e8e8e8"' forest.svg
check "forest: no script and nothing from outside" \
    awk '/<script|href=|url\(|@import|@font-face/ { bad = 1 }
    END { exit bad }' three.html

# -g: the forest follows the table (the reference's order with -o).
mview "$a" -f html -g -o base.txt debug.txt tuned.txt >order.html
svg forest order.html | grep -o 'class="nm"[^>]*>[^<]*' | sed 's/.*>//' \
    >forest.order
awk '/<table class="results">/ { on = 1 } on && /<\/table>/ { exit }
on' order.html | sed -n 's/^<tr><td>\([^<]*\)<\/td>.*/\1/p' >table.order
check "-g -o: the forest in the table's order" cmp -s forest.order table.order
check "-g -o: the forest starts with the reference's first row" \
    test "$(head -n 1 forest.order)" = "$(awk '/^[a-z]/ { print $1; exit }' \
    base.txt)"

# The strips: a dot per pass in each row, the reference first, black.
mview "$a" -f html passes-a.txt passes-b.txt >passes.html
check "strips: one per row (6)" test "$(count '<svg class="strip"' \
    <passes.html)" = 6
check "strips: one dot per pass (6 rows x 2 files x 5)" \
    test "$(count 'class="pass"' <passes.html)" = 60
check "strips: the dots within the strip's width" awk '
{
	while (match($0, /class="pass" cx="[-0-9.]+"/)) {
		x = substr($0, RSTART + 18, RLENGTH - 19) + 0
		if (x < 0 || x > 120) bad = 1
		$0 = substr($0, RSTART + RLENGTH); n++
	}
}
END { exit bad || n != 60 }' passes.html
check "strips: a passes column in the table head" \
    grep -q '<th>passes</th></tr>' passes.html

# The histogram counts every delta with a ratio once.
svg histogram three.html >hist.svg
check "histogram: the counts add up to the deltas ($want)" awk -v w="$want" '
{
	s = $0
	while (match(s, /<\/rect><text|"\/><text x="[0-9.]+" y="[0-9.]+" text-anchor="middle">[0-9]+</)) {
		t = substr(s, RSTART, RLENGTH); sub(/.*>/, "", t); sub(/<$/, "", t)
		n += t; s = substr(s, RSTART + RLENGTH)
	}
}
END { exit n != w }' hist.svg
check "histogram: a bin for each side of 0" grep -q '>0..+1%</text>' hist.svg

# A hostile name: escaped in the svg text as in the table.
hostile='x<script>alert(1)</script>&"'"'"
printf '%s 1 1 1.00000 200 0 1000\n' "$hostile" >h1.txt
printf '%s 1 1 2.00000 200 0 1000\n' "$hostile" >h2.txt
mview "$a" -f html h1.txt h2.txt >hostile.html
check "hostile name: no raw tag from it in the page" \
    sh -c '! grep -q "<script" hostile.html'
check "hostile name: escaped in the forest plot" grep -q \
    'class="nm"[^>]*>x&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39;<' \
    hostile.html

# 283 rows, 3 files, ten passes each: under 1 MB.
awk 'BEGIN { for (j = 1; j <= 283; j++)
	printf "bench_%03d_with_a_long_name %.3f %s\n", j, 1 + j / 7,
	    j % 5 == 0 ? 1.3 : (j % 7 == 0 ? 0.8 : 1) }' >big.in
awk -v passes=10 -v noise=0.02 -f "$MVDATA/gen.awk" big.in >big1.txt
awk -v passes=10 -v noise=0.02 -v seed=2 -f "$MVDATA/gen.awk" big.in >big2.txt
awk -v passes=10 -v noise=0.02 -v seed=3 -f "$MVDATA/gen.awk" big.in >big3.txt
mview "$a" -f html big1.txt big2.txt big3.txt >big.html
size=$(wc -c <big.html | tr -d ' ')
diag "283 rows, 3 files, 10 passes: $size bytes"
check "283 rows, 3 files, 10 passes: $size bytes, under 1 MB" \
    test "$size" -lt 1000000
check "283 rows, 3 files: 566 marks in the forest" \
    test "$(svg forest big.html | count 'class="mark"')" = 566
check "283 rows, 3 files: 8490 pass dots" \
    test "$(count 'class="pass"' <big.html)" = 8490

# The forest plot is as wide as the page: its viewBox scales.
check "forest: as wide as the page, its viewBox scaling" awk '
/^<svg class="forest"/ {
	exit !(/ width="100%"/ && / viewBox="0 0 [0-9]+ [0-9]+"/ && !/ height=/)
}' three.html

# The scale, on two real default runs (every third benchmark, five
# passes): the A/A of run1 and run2, and the A/B of run1 against run2
# with every fourth row made 10% slower (bench/inject.sh).  The axis
# ends at the first of the ticks that holds 95% of the deltas and the
# outer ends of half the intervals (here: the smallest that holds the
# deltas), and the A/B's at 100% at most, though some of its intervals
# reach far beyond; every line the axis cuts is in a group whose title
# says so, with an arrow at the end.
for i in 1 2; do
	gzip -dc "$MVDATA/real/run$i.txt.gz" >"run$i.txt" || exit 1
done
sh "$LM_TOP/bench/inject.sh" run2.txt run2x.txt injected >/dev/null || exit 1
# outer FILE: the axis's end, in percent: its largest tick.
outer() {
	svg forest "$1" |
	    sed -n 's/.*text-anchor="middle">+\([0-9]*\)%<.*/\1/p' |
	    sort -n | tail -n 1
}
# want CSV: the rule's tick from the deltas and intervals of the csv,
# and with E, from the deltas alone; the lines it cuts.
want() {
	awk -F, -v only="${2:-}" '
	function mag(r,    l) { l = log(r); return l < 0 ? -l : l }
	function big(x, y) { return x > y ? x : y }
	NR == 1 { for (k = 1; k <= NF; k++) col[$k] = k; next }
	$col["family"] == "time" && $col["ratio"] != "" {
		r = $col["ratio"]
		e[++ne] = mag(r)
		if ($col["ratio_lo"] != "") {
			o[++no] = big(mag($col["ratio_lo"]), mag($col["ratio_hi"]))
			lo[ne] = $col["ratio_lo"]; hi[ne] = $col["ratio_hi"]
		} else
			lo[ne] = hi[ne] = r
	}
	function sort(a, n,    i, j, t) {
		for (i = 2; i <= n; i++) {
			t = a[i]
			for (j = i - 1; j >= 1 && a[j] > t; j--)
				a[j + 1] = a[j]
			a[j + 1] = t
		}
	}
	END {
		for (j = 1; j <= ne; j++)
			cut[j] = big(mag(lo[j]), mag(hi[j]))
		sort(e, ne)
		sort(o, no)
		m = log(1.03)
		if (e[ne - int(ne / 20)] > m)
			m = e[ne - int(ne / 20)]
		if (only == "" && o[int((no + 1) / 2)] > m)
			m = o[int((no + 1) / 2)]
		n = split("5 10 25 50 100 200 400 900", t, " ")
		for (j = 1; j < n && log(1 + t[j] / 100) < m - 1e-9; j++)
			;
		for (k = 1; k <= ne; k++)
			c += cut[k] > log(1 + t[j] / 100) + 1e-6
		print t[j], c
	}' "$1"
}
for a in $MV_AWKS; do
	mview "$a" -f html run1.txt run2.txt >aa.html
	mview "$a" -f csv run1.txt run2.txt >aa.csv
	mview "$a" -f html run1.txt run2x.txt >ab.html
	mview "$a" -f csv run1.txt run2x.txt >ab.csv
	# shellcheck disable=SC2046 # two numbers
	set -- $(want aa.csv)
	check "A/A: the axis ends at ${1}%, the rule's tick ($a)" \
	    test "$(outer aa.html)" = "$1"
	check "A/A: the smallest tick that holds the deltas ($a)" \
	    test "$(want aa.csv E | cut -d' ' -f1)" = "$1"
	check "A/A: the $2 lines the axis cuts, in a group with a title ($a)" \
	    test "$(svg forest aa.html | count '<g class="cut"><title>')" = "$2"
	# shellcheck disable=SC2046 # two numbers
	set -- $(want ab.csv)
	check "A/B x1.10: the axis ends at ${1}%, the rule's tick ($a)" \
	    test "$(outer ab.html)" = "$1"
	check "A/B x1.10: the axis ends at 100% or less ($a)" \
	    test "$(outer ab.html)" -le 100
	check "A/B x1.10: the $2 lines the axis cuts, with a title ($a)" \
	    test "$(svg forest ab.html | count '<g class="cut"><title>')" = "$2"
	check "A/B x1.10: each cut line has its arrow ($a)" awk '
	/^<g class="cut">/ { g = 1; next }
	g && /^<text class="nm"/ { n++; if (!/<path class="cut"/) bad = 1 }
	/^<\/g>/ { g = 0 }
	END { exit bad || !n }' ab.html
	check "A/B x1.10: the summary before the plot ($a)" awk '
	/<p class="verdict">/ { v = 1 }
	/<svg class="forest"/ { exit !v }' ab.html
done
same_output "real A/B x1.10, html" -f html run1.txt run2x.txt
done_testing
