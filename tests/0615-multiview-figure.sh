#!/bin/sh
# multiview.sh's figure over a row's passes (-F): the low window's value
# and Yuen interval against values computed here; on passes the machine
# slows in episodes (tests/data/multiview/episodes.awk), an A/A that
# marks nothing where the median marks rows, an A/B whose changed rows
# are found, five passes against ten without a bias; the median for a
# row whose faster passes fall in states 4x apart; which figure each row
# used, in every format; a bad -F.
# shellcheck source=/dev/null
. "$LM_TOP/tests/lib.sh"
# shellcheck source=/dev/null
. "$LM_TOP/tests/data/multiview/common.sh"

mv_need_awks
episodes() { awk -f "$MVDATA/episodes.awk" "$@"; }
marked() { grep -c ',\(faster\|slower\|small\),' "$1"; }
pass() { printf '%s 1 1 %s 200 0 1000\n' "$2" "$3" >>"$1"; }

# Ten passes, three fast and seven 20-30% slower; B is A x 1.1.  The
# low window is the mean of the logs of the three fastest: A 1.00, 1.01,
# 1.02, so exp of their mean log.  Winsorized at the third fastest, the
# ten are 1.00, 1.01 and eight 1.02; their squared deviations over 3 x 2
# are the variance of the window's mean.  B's passes are A's times 1.1,
# so the same variance; Welch's degrees of freedom 4.
for v in 1.00 1.01 1.02 1.20 1.25 1.30 1.22 1.21 1.24 1.28; do
	pass y1.txt known "${v}000"
	pass y2.txt known "$(awk -v v="$v" 'BEGIN { printf "%.5f", v * 1.1 }')"
done
want=$(awk 'BEGIN {
	x[1] = log(1.00); x[2] = log(1.01)
	for (k = 3; k <= 10; k++) x[k] = log(1.02)
	m = (x[1] + x[2] + x[3]) / 3
	for (k = 1; k <= 10; k++) s += x[k]
	w = s / 10
	for (k = 1; k <= 10; k++) ss += (x[k] - w) ^ 2
	v = 2 * ss / 6
	t = 2.776445			# Student, 4 degrees of freedom, 97.5%
	printf "%.5f %.1f %.1f", exp(m), -(100 * exp(log(1.1) + t * sqrt(v)) - 100),
	    -(100 * exp(log(1.1) - t * sqrt(v)) - 100)
}')
# shellcheck disable=SC2086 # three words on purpose
set -- $want
for a in $MV_AWKS; do
	mview "$a" -f csv y1.txt y2.txt >y.csv
	check "low window: the reference's figure, $1 ($a)" \
	    grep -q "^known,time,y1.txt,$1,10," y.csv
	check "low window: -10.0%, interval $2 to $3, slower, low ($a)" \
	    grep -q "^known,time,y2.txt,[0-9.]*,10,-10.0,$2,$3,.*,low,slower,.*,low$" y.csv
done

# Episodes: 60 rows, 10 passes, a 0.5% scatter; A with 10% of its
# passes slowed by 24-36%, B with half of them.
episodes -v seed=1 -v slow=0.1 >ea.txt
episodes -v seed=2 -v slow=0.5 >eb.txt
episodes -v seed=2 -v slow=0.5 -v every=4 -v shift=1.1 >ebb.txt
awk 'BEGIN { for (r = 4; r <= 60; r += 4) printf "e%03d\n", r }' >slowed
for a in $MV_AWKS; do
	mview "$a" -f csv ea.txt eb.txt >aa.csv
	check "episodes, A/A: nothing marked ($a)" test "$(marked aa.csv)" -eq 0
	mview "$a" -F median -f csv ea.txt eb.txt >aam.csv
	check "episodes, A/A, -F median: rows marked, the median follows the slow passes ($a)" \
	    test "$(marked aam.csv)" -ge 3
	mview "$a" ea.txt ebb.txt >ab.txt
	awk 'NF == 0 && on { exit } on && /\*/ { print $1 }
	    /^BENCHMARK/ { on = 1 }' ab.txt >ab.marked
	check "episodes, every fourth row 10% slower: exactly those marked ($a)" \
	    cmp slowed ab.marked
	mview "$a" eb.txt ea.txt >ba.txt
	check "episodes: the summary gives no shift of the whole file ($a)" \
	    grep -q '^ea.txt: 0 faster, 0 slower, .*geometric mean of ratios 0.99[5-9]\|^ea.txt: 0 faster, 0 slower, .*geometric mean of ratios 1.00[0-5]' ba.txt
done

# Five passes against ten of the same machine: the side of ten is taken
# as five would give it, so the counts bias nothing.
episodes -v seed=3 -v slow=0.3 -v passes=5 >e5.txt
episodes -v seed=4 -v slow=0.3 >e10.txt
for a in $MV_AWKS; do
	mview "$a" -f csv e5.txt e10.txt >c.csv
	check "five passes against ten: nothing marked ($a)" \
	    test "$(marked c.csv)" -eq 0
	g=$(awk -F, '$2 == "time" && $3 == "e10.txt" && $9 != "" {
	    s += log($9); n++ }
	    END { printf "%.4f", exp(s / n) }' c.csv)
	check "five passes against ten: geometric mean of ratios $g, within 1% ($a)" \
	    awk -v g="$g" 'BEGIN { exit !(g > 0.99 && g < 1.01) }'
done

# A row whose three fastest passes of ten are four times faster than the
# rest: its own states, the median; the others keep the low window.
episodes -v seed=5 -v rows=24 -v slow=0.2 -v states=1 >s1.txt
episodes -v seed=6 -v rows=24 -v slow=0.2 >s2.txt
for a in $MV_AWKS; do
	mview "$a" -f csv s1.txt s2.txt >s.csv
	check "states 4x apart: the median, by ranks ($a)" \
	    grep -q '^e024,time,s2.txt,.*,hl,.*,median$' s.csv
	check "the other rows: the low window ($a)" \
	    test "$(grep -c '^e0[01][0-9],time,s2.txt,.*,low,.*,low$' s.csv)" -eq 19
	mview "$a" s1.txt s2.txt >s.txt
	check "text: the row says (median) ($a)" grep -q '^e024 .* (median)$' s.txt
	mview "$a" -f json s1.txt s2.txt >s.json
	check "json: each cell says its figure ($a)" \
	    test "$(grep -c '"figure": "low"' s.json)" -eq 46
	check "text: the legend says what (median) is ($a)" \
	    grep -q '^(median) the row.s figure is the median of its passes' s.txt
	check "text: the legend names the low window ($a)" \
	    grep -q '^passes on both sides: the low window, the mean of each side.s fastest 30% of passes' s.txt
	mview "$a" -F low -f csv s1.txt s2.txt >sl.csv
	check "-F low: every row the low window ($a)" \
	    test "$(grep -c ',time,s2.txt,.*,low,' sl.csv)" -eq 24
	mview "$a" -F median -f csv s1.txt s2.txt >sm.csv
	check "-F median: no row the low window ($a)" \
	    test "$(grep -c ',low,' sm.csv)" -eq 0
	mview "$a" -F mode s1.txt s2.txt >bad.out 2>bad.err
	rc=$?
	check "-F mode: exit 2 ($rc) ($a)" test "$rc" -eq 2
	check "-F mode: one line ($a)" grep -qx \
	    'multiview.sh: -F mode: unknown figure (auto, low, median)' bad.err
	check "-F mode: nothing on stdout ($a)" test ! -s bad.out
done
same_output "episodes, A/B" ea.txt ebb.txt
same_output "five against ten, json" -f json e5.txt e10.txt
same_output "states, csv" -f csv s1.txt s2.txt
done_testing
