#!/bin/sh
# multiview.sh compares the counts of a call (the getrusage lines of -S,
# the -K counters) as it compares times (counts-a.txt against
# counts-b.txt, eight passes a side): minor faults from 70 to 37 per
# call, changed and marked; counts identical in every pass, not marked,
# their interval a quantization step at least; counts 0 everywhere, no
# delta; a row whose time changed and counts did not, no count line; a
# -K event unavailable on one side, not compared; goldens in every
# format; a file without counts against one with; the time rows as
# without counts; -i and -T; the html forest plot's count lines, on the
# times' axis but never setting it; a side that counted against one
# that did not, said.
# shellcheck disable=SC1091 # lib.sh and common.sh are found at run time
. "$LM_TOP/tests/lib.sh"
# shellcheck disable=SC1091
. "$LM_TOP/tests/data/multiview/common.sh"

mv_need_awks
cp "$MVDATA/counts-a.txt" "$MVDATA/counts-b.txt" . || exit 1

golden "counts, text" counts.txt counts-a.txt counts-b.txt
golden "counts, text -C" counts-all.txt -C counts-a.txt counts-b.txt
golden "counts, html" counts.html -f html counts-a.txt counts-b.txt
golden "counts, csv" counts.csv -f csv counts-a.txt counts-b.txt
golden "counts, json" counts.json -f json counts-a.txt counts-b.txt
golden "counts, markdown" counts.md -f markdown counts-a.txt counts-b.txt

# record CSV ROW FAMILY: the count of FAMILY in ROW in the compared file,
# as "benchmark,family,file,ref,cmp,delta,delta_lo,delta_hi,verdict", ref
# the reference's figure.
record() {
	awk -F, -v r="$2" -v f="$3" '
	NR == 1 { for (k = 1; k <= NF; k++) c[$k] = k; next }
	$1 != r || $2 != f { next }
	$c["verdict"] == "reference" { ref = $c["value"]; next }
	{ print $1 "," $2 "," $3 "," ref "," $c["value"] "," $c["delta"] "," \
	    $c["delta_lo"] "," $c["delta_hi"] "," $c["verdict"] }' "$1"
}
# countlines FILE ROW: the lines under ROW of a text table.
countlines() {
	awk -v r="$2" '$1 == r { on = 1; next } on && /^    / { print; next }
	    on { exit }' "$1"
}
# hl A B ROW LABEL: the delta of the Hodges-Lehmann shift of the log
# values of the getrusage line LABEL of ROW, B against A.
hl() {
	awk -v r="$3" -v l="$4" '
	FNR == 1 { s++ }
	/^[a-z]/ { cur = $1 }
	cur == r && index($0, l) { v[s, ++n[s]] = log($NF) }
	END {
		for (j = 1; j <= n[1]; j++)
			for (k = 1; k <= n[2]; k++)
				d[++m] = v[2, k] - v[1, j]
		for (j = 2; j <= m; j++)
			for (k = j; k > 1 && d[k - 1] > d[k]; k--) {
				t = d[k]; d[k] = d[k - 1]; d[k - 1] = t
			}
		e = m % 2 ? d[(m + 1) / 2] : (d[m / 2] + d[m / 2 + 1]) / 2
		f = exp(e)
		printf "%.1f\n", (f > 1 ? -(f * 100 - 100) : 100 / f - 100)
	}' "$1" "$2"
}

want=$(hl counts-a.txt counts-b.txt faults 'minor faults/call')
for a in $MV_AWKS; do
	mview "$a" -f csv counts-a.txt counts-b.txt >c.csv 2>c.err
	mview "$a" counts-a.txt counts-b.txt >c.txt 2>>c.err
	check "no warning ($a)" test ! -s c.err
	r=$(record c.csv faults rusage:minor-faults)
	check "faults: minor faults 70 -> 37 fewer, +$want% ($a): $r" test \
	    "$(echo "$r" | cut -d, -f3-6,9)" = \
	    "counts-b.txt,70.10000,37.00000,$want,fewer"
	check "faults: the minor faults' line, marked ($a)" grep -Eqx \
	    '    rusage:minor-faults +70\.10000 +37\.00000\[\+89\.5%\]±[0-9.]+\*' \
	    c.txt
	r=$(record c.csv same page-faults)
	check "same: identical counts within noise ($a): $r" expr "$r" : \
	    'same,page-faults,counts-b.txt,2.00000,2.00000,0.0,.*,noise$'
	# One page fault over a batch of 100 calls is 0.5% of 2 a call.
	check "same: the interval a step either way at least ($a)" \
	    awk -F, -v r="$r" 'BEGIN { split(r, f); exit !(f[7] <= -0.5 &&
	    f[8] >= 0.5) }'
	check "same: no count line ($a)" test -z "$(countlines c.txt same)"
	check "zero: 0 everywhere is same, no delta ($a)" test \
	    "$(record c.csv zero page-faults)" = \
	    "zero,page-faults,counts-b.txt,0.00000,0.00000,,,,same"
	check "zero: no count line ($a)" test -z "$(countlines c.txt zero)"
	check "timeonly: the time slower ($a)" test \
	    "$(marked c.txt | grep -x timeonly)" = timeonly
	check "timeonly: no count line ($a)" \
	    test -z "$(countlines c.txt timeonly)"
	check "unavail: the event one side lacks not compared ($a)" sh -c \
	    '! grep -q "instructions" c.csv'
	check "summary: 2 counts changed of 30 ($a)" grep -qx \
	    '  counts: 2 changed of 30 compared (q <= 0.05)' c.txt
done

# Without the count lines: the time rows, their verdicts and summary as
# with them; a file without counts against one with: no count line, no
# warning.
mkdir bare
for s in a b; do
	grep -Ev '^# +(cpu usecs|vol ctx|invol ctx|minor faults)|^# counter ' \
	    "counts-$s.txt" >"bare/counts-$s.txt"
done
for a in $MV_AWKS; do
	(cd bare && mview "$a" -f csv counts-a.txt counts-b.txt) >bare.csv
	awk -F, 'NR == 1 || $2 == "time"' c.csv >table.csv
	check "the time rows as without counts ($a)" cmp bare.csv table.csv
	(cd bare && mview "$a" counts-a.txt counts-b.txt) >bare.txt
	# The name column is wider by the count lines'.
	grep -v '^  *counts: \|^    \|^counts: ' c.txt | tr -s ' ' >times.txt
	tr -s ' ' <bare.txt >bare1.txt
	check "the text table and summary as without counts ($a)" \
	    cmp bare1.txt times.txt
	mview "$a" bare/counts-a.txt counts-b.txt >half.txt 2>half.err
	check "reference without counts: no count line, no warning ($a)" \
	    sh -c '! grep -q "^    \|counts:" half.txt && test ! -s half.err'
	mview "$a" -i counts-a.txt counts-b.txt >i.txt 2>&1
	check "-i: no count line ($a)" sh -c '! grep -q "^    " i.txt'
	mview "$a" -T counts-a.txt counts-b.txt counts-a.txt >t.txt 2>&1
	check "-T: no counts ($a)" sh -c \
	    '! grep -q "rusage:\|^    \|counts:" t.txt'
done

# The html forest plot: under a row's line a line per count family the
# table shows, its delta a hollow diamond (cmark); with -C every family
# compared, those with a delta marked; the wide intervals of the noise
# ones cut with an arrow, the axis as without them; no count line where
# there are no counts.
# forest FILE: the lines of the forest plot's svg.
forest() {
	awk 'index($0, "<svg class=\"forest\"") == 1 { on = 1 }
	on { print } on && /<\/svg>/ { exit }' "$1"
}
# count PATTERN: how many times the pattern occurs on stdin.
count() { grep -o "$1" | wc -l | tr -d ' '; }
# labels: the labels of the forest's lines on stdin, in order.
labels() { sed -n 's/^<text class="c*nm"[^>]*>\([^<]*\)<.*/\1/p'; }
# The fixture's times with the median as their figure set an axis of
# +/-50%, which minor faults' +89.5% lies beyond.
for a in $MV_AWKS; do
	mview "$a" -F median -f html counts-a.txt counts-b.txt |
	    forest /dev/stdin >f.svg
	check "forest: the changed families' lines under their row ($a)" \
	    test "$(labels <f.svg | grep -A 2 -x faults | tr '\n' ,)" = \
	    "faults,faults rusage:minor-faults,faults page-faults,"
	check "forest: a count line each, its diamond fewer's green ($a)" \
	    test "$(count 'class="cnm"' <f.svg)" = 2 -a \
	    "$(count '<path class="cmark" [^>]*stroke="#1a8a1a"' <f.svg)" = 2
	check "forest: the key says what a diamond is ($a)" \
	    grep -q '<path class="key".*a count of the benchmark above' f.svg
	mview "$a" -F median -f html -C counts-a.txt counts-b.txt |
	    forest /dev/stdin >all.svg
	mview "$a" -f csv -C counts-a.txt counts-b.txt >all.csv
	want=$(awk -F, 'NR > 1 && $2 != "time" && $2 != "why" && $6 != ""' \
	    all.csv | wc -l | tr -d ' ')
	check "-C forest: a line for every family compared (30) ($a)" \
	    test "$(count 'class="cnm"' <all.svg)" = 30
	check "-C forest: a diamond for each family with a delta ($want, $a)" \
	    test "$(count 'class="cmark"' <all.svg)" = "$want"
	check "-C forest: a wide interval cut with an arrow ($a)" \
	    grep -q 'invol-ctx-sw<.*class="cut"' all.svg
	# The ticks' labels over the plot: where each percentage is.
	grep '^<text class="ax"[^>]* y="36"' f.svg >f.axis
	grep '^<text class="ax"[^>]* y="36"' all.svg >all.axis
	check "-C forest: the axis as without the noise families ($a)" \
	    sh -c 'test -s f.axis && cmp f.axis all.axis'
	(cd bare && mview "$a" -F median -f html -C counts-a.txt counts-b.txt) |
	    forest /dev/stdin >bare.svg
	mview "$a" -F median -f html -C bare/counts-a.txt counts-b.txt |
	    forest /dev/stdin >half.svg
	check "forest: no count line without counts ($a)" sh -c \
	    '! grep -q "class=\"cmark\"\|class=\"cnm\"\|a count of" \
	    bare.svg half.svg'
	# The counts never set the times' axis: minor faults at +89.5%
	# lie beyond it, cut, and say so on hover.
	grep '^<text class="ax"[^>]* y="36"' bare.svg >bare.axis
	check "forest: the axis as without counts ($a)" \
	    sh -c 'test -s bare.axis && cmp f.axis bare.axis'
	cut='<g class="cut"><title>faults rusage:minor-faults: beyond the'
	cut="$cut axis&#39;s +/-50%: counts-b.txt +89.5% (95% interval +88.9%"
	check "forest: a count beyond the axis cut, its figures on hover ($a)" \
	    grep -qF "$cut to +90.0%)</title>" f.svg
	check "forest: its line has an arrow at the faster end ($a)" grep -q \
	    '^<text class="cnm"[^>]*>faults rusage:minor-faults<.*<path class="cut" d="M1082 ' \
	    f.svg
done
same_output "counts, html -C" -f html -C counts-a.txt counts-b.txt

if command -v python3 >/dev/null 2>&1; then
	check "json parses" python3 -m json.tool "$MVDATA/counts.json"
else
	skip "python3 is not installed; json not parsed"
fi

# A side whose runs counted (-K in its options) against one whose runs
# did not: a counted task pays at every context switch, so multiview
# says which counted; -K none is not counting.
sed '1a\
!Options: -E -C 60 -L -S -W -F min -K software' counts-b.txt >k-b.txt
sed '1a\
!Options: -E -C 60 -L -S -W -F min -K none' counts-a.txt >n-a.txt
for a in $MV_AWKS; do
	mview "$a" counts-a.txt k-b.txt >k.txt 2>k.err
	check "one side counted: said, naming it ($a)" grep -qF \
	    "k-b.txt counted perf events (-K) and counts-a.txt did not" k.err
	mview "$a" k-b.txt counts-a.txt >k.txt 2>k.err
	check "the reference counted: said, naming it ($a)" grep -qF \
	    "k-b.txt counted perf events (-K) and counts-a.txt did not" k.err
	mview "$a" n-a.txt counts-b.txt >k.txt 2>k.err
	check "-K none against no -K: no warning ($a)" test ! -s k.err
	mview "$a" k-b.txt k-b.txt >k.txt 2>k.err
	check "both counted: no warning ($a)" test ! -s k.err
done

done_testing
