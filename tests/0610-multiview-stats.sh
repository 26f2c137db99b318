#!/bin/sh
# multiview.sh arithmetic and statistics: the delta formula on edge
# cases, the p-values against values computed independently, and
# signal against noise on synthetic files (tests/data/multiview/gen.awk,
# deterministic): A/A pairs must come out (almost) clean, A/B pairs must
# flag exactly the rows made 10% slower.
# shellcheck source=/dev/null
. "$LM_TOP/tests/lib.sh"
# shellcheck source=/dev/null
. "$LM_TOP/tests/data/multiview/common.sh"

gen() { awk -f "$MVDATA/gen.awk" "$@"; }

# One row per case: name, reference usecs, compared usecs.
while read -r name a b; do
	printf '%s 1 1 %s 100 0 10\n' "$name" "$a" >>e1.txt
	printf '%s 1 1 %s 100 0 10\n' "$name" "$b" >>e2.txt
done <<'EOF'
equal 1.00000 1.00000
slower2x 1.00000 2.00000
faster2x 1.00000 0.50000
slower10 1.00000 1.10000
faster10 1.10000 1.00000
tiny 0.0000010 0.0000020
tinyequal 0.0000010 0.0000010
EOF
for a in $MV_AWKS; do
	mview "$a" e1.txt e2.txt >"edge.$a"
	for want in \
	    'equal            1.00000      1.00000[ +0.0%]' \
	    'slower2x         1.00000      2.00000[ -100.0%]' \
	    'faster2x         1.00000      0.50000[ +100.0%]' \
	    'slower10         1.00000      1.10000[-10.0%]' \
	    'faster10         1.10000      1.00000[+10.0%]' \
	    'tiny           0.0000010    0.0000020[ -100.0%]' \
	    'tinyequal      0.0000010    0.0000010[ +0.0%]'; do
		check "delta: $want ($a)" grep -qxF "$want" "edge.$a"
	done
	# Ratios 1, 2, 1/2, 1.1, 1/1.1, 2, 1: the geometric mean is 2^(1/7).
	check "geometric mean ($a)" grep -qF \
	    'geometric mean of ratios 1.104 [-10.4%]' "edge.$a"
done
same_output "edge cases" e1.txt e2.txt

# p-values and intervals, against values computed independently.
# Five passes a side, B = A x 1.1 (A = 1.00 ... 1.04): no overlap, so
# the exact Mann-Whitney p is 2/252 = 0.0079365; the Hodges-Lehmann
# ratio is 1.1, and the 95% interval runs from the 3rd smallest to the
# 3rd largest of the 25 ratios (P(U <= 2) = 4/252 <= 0.025 <
# P(U <= 3)): 1.06827 to 1.13267, -13.3% to -6.8%, widened by the
# quantization of the printed digits (1e-5) to 1.06826 and 1.13268.
for v in 1.00000 1.01000 1.02000 1.03000 1.04000; do
	printf 'h 1 1 %s 200 0 10\n' "$v"
done >h1.txt
for v in 1.10000 1.11100 1.12200 1.13300 1.14400; do
	printf 'h 1 1 %s 200 0 10\n' "$v"
done >h2.txt
# Passes 1, 2, 4 against 2, 4, 8: three a side cannot reach 95% with
# Mann-Whitney, so the noise model takes them, with the spread the
# passes measure: a pooled variance of (ln 2)^2 on 4 degrees of
# freedom, pi/2 / 3 of it a side for a median of three, so
# t = ln 2 / sqrt(2 (ln 2)^2 pi / 6) = 0.97721, two-sided p = 0.38380,
# and the interval ln 2 +/- 2.77645 sqrt(...): ratio 0.279088 to
# 14.3324.  One pass each, 1.0 in [0.9, 1.1] against 1.1 in
# [0.99, 1.21], with no run-to-run spread (-n 0):
# z = ln 1.1 / (sqrt 2 * 0.2 / 5.152) = 1.73608, p = 0.082549.  With
# the default 10% spread a side, ln 1.1 joins each side's standard
# error: z = ln 1.1 / sqrt(2 (0.2 / 5.152)^2 + 2 (ln 1.1)^2) = 0.65487,
# p = 0.51255.
for v in 1 2 4; do printf 'w 1 1 %s 200 0 10\n' "$v.00000"; done >p1.txt
for v in 2 4 8; do printf 'w 1 1 %s 200 0 10\n' "$v.00000"; done >p2.txt
ci() {
	printf 'z 1 1 %s 200 0 10\n#\n' "$1"
	printf '# %22s %13s %13s\n' "median 99% ci low" "$2" "$2" \
	    "median 99% ci high" "$3" "$3"
	printf '# %22s %13d\n' "number of samples" 200
}
ci 1.00000 0.90000 1.10000 >c1.txt
ci 1.10000 0.99000 1.21000 >c2.txt
for a in $MV_AWKS; do
	mview "$a" -F median -f csv h1.txt h2.txt >h.csv
	check "Hodges-Lehmann and exact Mann-Whitney ($a)" grep -qF \
	    'h,time,h2.txt,1.12200,5,-10.0,-13.3,-6.8,1.1,1.06826,1.13268,0.007937,0.007937,hl,slower,13.3,0,,' \
	    h.csv
	mview "$a" -F median h1.txt h2.txt >h.txt
	check "text: the delta, its half-width, the mark ($a)" grep -qxF \
	    'h                1.02000      1.12200[-10.0%]±3.2*' h.txt
	mview "$a" -f csv p1.txt p2.txt >p.csv
	check "three passes: the noise model with measured spread ($a)" \
	    grep -qF 'w,time,p2.txt,4.00000,3,-100.0,-1333.2,258.3,2,0.279088,14.3324,0.3838,0.3838,model,noise,1333.2,' \
	    p.csv
	mview "$a" -f csv -n 0 c1.txt c2.txt >c.csv
	check "normal p, -n 0 ($a)" grep -q \
	    '^z,time,c2.txt,1.10000,1,-10.0,[-0-9.]*,[-0-9.]*,1.1,[0-9.]*,[0-9.]*,0.08255,0.08255,model,noise,' \
	    c.csv
	mview "$a" -f csv c1.txt c2.txt >c.csv
	check "normal p, 10% run-to-run spread ($a)" grep -q \
	    '^z,time,c2.txt,1.10000,1,-10.0,[-0-9.]*,[-0-9.]*,1.1,[0-9.]*,[0-9.]*,0.5126,0.5126,model,noise,' \
	    c.csv
	mview "$a" -F median -f csv -c 99 h1.txt h2.txt >h99.csv
	check "-c 99: a wider interval ($a)" grep -qF \
	    'h,time,h2.txt,1.12200,5,-10.0,-14.4,-5.8,1.1,1.05768,1.14401,0.007937,' \
	    h99.csv
	mview "$a" -F median -f csv -c 99.5 h1.txt h2.txt >h99.csv
	check "-c 99.5: too few passes for Mann-Whitney ($a)" \
	    grep -q '^h,time,h2.txt,.*,model,' h99.csv
done

# 40 benchmarks from 0.08 to 80 usecs; B makes every fourth 10% slower.
awk 'BEGIN { for (i = 1; i <= 40; i++)
	printf "b%02d %.5f %s\n", i, 0.05 * i * i + 0.03, i % 4 ? 1 : 1.1 }' \
    >spec.ab
awk '{ print $1, $2 }' spec.ab >spec.aa
awk '$3 != 1 { print $1 }' spec.ab >slowed
awk '{ print $1, $2, $3 == 1 ? 1 : 2 }' spec.ab >spec.ab2

# Three passes a file, 1% noise: Welch on the passes.
gen -v passes=3 -v noise=0.01 -v seed=1 spec.aa >a1.txt
gen -v passes=3 -v noise=0.01 -v seed=2 spec.aa >a2.txt
gen -v passes=3 -v noise=0.01 -v seed=2 spec.ab >b.txt
# One pass a file, 2% noise between runs, a +/-0.5% interval in each.
gen -v noise=0.02 -v ci=0.005 -v seed=3 spec.aa >s1.txt
gen -v noise=0.02 -v ci=0.005 -v seed=4 spec.aa >s2.txt
gen -v noise=0.02 -v ci=0.005 -v seed=4 spec.ab >sb.txt
gen -v noise=0.02 -v ci=0.005 -v seed=4 spec.ab2 >sb2.txt

for a in $MV_AWKS; do
	mview "$a" a1.txt a2.txt >aa.out
	marked aa.out >aa.marked
	check "A/A, 3 passes: at most 1 of 40 marked ($a)" \
	    test "$(wc -l <aa.marked)" -le 1
	mview "$a" a1.txt b.txt >ab.out
	marked ab.out >ab.marked
	check "A/B, 3 passes: exactly the slowed rows marked ($a)" \
	    cmp slowed ab.marked
	check "A/B, 3 passes: counted as slower ($a)" \
	    grep -q '^b.txt: 0 faster, 10 slower, 30 within noise' ab.out

	mview "$a" s1.txt s2.txt >saa.out
	marked saa.out >saa.marked
	check "A/A, one pass: nothing marked ($a)" test ! -s saa.marked
	# The intervals alone are too narrow for run-to-run noise: without
	# the assumed spread the same pair shows false changes.
	mview "$a" -n 0 s1.txt s2.txt >saa0.out
	check "A/A, one pass, -n 0: the run-to-run spread was needed ($a)" \
	    test "$(marked saa0.out | wc -l)" -gt 5
	# With the default 10% a side, one run cannot tell 10% from noise...
	mview "$a" s1.txt sb.txt >sab.out
	check "A/B, one pass, 10% slower: nothing marked by default ($a)" \
	    test -z "$(marked sab.out)"
	# ... while with -n table the table's 40 rows measure the noise
	# between the runs (about 1%), which leaves the 10% rows apart.
	mview "$a" -n table s1.txt sb.txt >sabt.out
	marked sabt.out >sabt.marked
	check "A/B, one pass, -n table: the table's noise finds exactly the slowed rows ($a)" \
	    cmp slowed sabt.marked
	check "A/B, one pass: the summary says the noise came from the table ($a)" \
	    grep -q '^sb.txt: .*one pass on a side: between runs ±[0-9.]*% from the table (the middle group.s 95%, 40 rows), the whole file ' \
	    sabt.out
	# ... but sees 2x,
	mview "$a" s1.txt sb2.txt >sab2.out
	marked sab2.out >sab2.marked
	check "A/B, one pass, 2x slower: exactly the slowed rows marked ($a)" \
	    cmp slowed sab2.marked
	# and, told the spread of these runs (uniform within +/-2%: a
	# standard deviation near 1%), finds the 10% rows and only them.
	mview "$a" -n 1 s1.txt sb.txt >sabn2.out
	marked sabn2.out >sabn2.marked
	check "A/B, one pass, -n 1: exactly the slowed rows marked ($a)" \
	    cmp slowed sabn2.marked
	mview "$a" -n 1 s1.txt s2.txt >saan2.out
	check "A/A, one pass, -n 1: nothing marked ($a)" \
	    test -z "$(marked saan2.out)"
	mview "$a" -p 15 a1.txt b.txt >ab15.out
	check "A/B, 3 passes, -p 15: nothing marked ($a)" \
	    test -z "$(marked ab15.out)"
done
same_output "A/B with passes" a1.txt b.txt
same_output "A/B with one pass, json" -f json -n 1 s1.txt sb.txt

# Benjamini-Hochberg: q >= p, and q never falls as p rises.
for a in $MV_AWKS; do
	mview "$a" -f csv -n 0 s1.txt s2.txt >bh.csv
	# shellcheck disable=SC2016 # awk program
	check "BH q-values are monotone in p ($a)" awk -F, '
	NR > 1 && $12 != "" { if ($13 + 0 < $12 + 0) exit 1; print $12, $13 }' \
	    bh.csv
	awk -F, 'NR > 1 && $12 != "" { print $12, $13 }' bh.csv |
	    sort -g >bh.sorted
	# shellcheck disable=SC2016 # awk program
	check "BH q-values sorted with p ($a)" awk '
	NR > 1 && $2 + 0 < last { exit 1 } { last = $2 + 0 }' bh.sorted
done

# A larger q, with no floor, lets more through; the verdict is per row.
for a in $MV_AWKS; do
	n05=$(mview "$a" -n 0 s1.txt s2.txt | marked /dev/stdin | wc -l)
	n50=$(mview "$a" -n 0 -q 0.5 s1.txt s2.txt | marked /dev/stdin | wc -l)
	check "-q 0.5 marks more than -q 0.05 ($a)" test "$n50" -gt "$n05"
done

# A warning that the interval may be wrong makes a row suspect, in
# every format (few samples); one the interval holds already does not
# (quantization: the clock's step is in the interval).
printf 'x 0.02 1 warn\ny 0.02 1 few\n' >w.spec
gen -v ci=0.01 w.spec >w1.txt
gen -v ci=0.01 -v seed=9 w.spec >w2.txt
for a in $MV_AWKS; do
	for f in text csv json html; do
		mview "$a" -f "$f" w1.txt w2.txt >"w.$f"
	done
	check "suspect: !few in text ($a)" \
	    grep -q '^y .*%]±[0-9.]*[~*]!few$' w.text
	check "suspect: the legend says what few is ($a)" grep -qxF \
	    '!few suspect: "Few samples" warnings from most passes' w.text
	check "suspect: not on a row whose warning the interval holds ($a)" \
	    grep -q '^x .*%]±[0-9.]*[~*]$' w.text
	check "suspect: csv field ($a)" \
	    grep -q '^y,time,w2.txt,.*,1,few,Few samples' w.csv
	check "suspect: json flag, on y in both files only ($a)" test \
	    "$(grep -c '"flags": \["suspect"\], "reasons": \["few"\], "warnings": \[{"text": "Few' w.json)" \
	    -eq 2
	check "suspect: html mark ($a)" grep -q \
	    '<span class="warn" title="few: w1.txt: Few samples' w.html
done
# The default floor with passes is 3%: a steady 2% change is real to
# the test but below the floor, small (=); -p 0 lets it through, 5%
# passes both.
printf 'small 1.00000 1.02\nbig 1.00000 1.05\nsame 1.00000\n' >fl.ab
awk '{ print $1, $2 }' fl.ab >fl.aa
gen -v passes=5 -v noise=0.001 -v seed=5 fl.aa >fl1.txt
gen -v passes=5 -v noise=0.001 -v seed=6 fl.ab >fl2.txt
for a in $MV_AWKS; do
	mview "$a" fl1.txt fl2.txt >fl.out
	check "default -p 3: 2% not marked, 5% marked ($a)" \
	    test "$(marked fl.out | tr '\n' ' ')" = "big "
	check "default -p 3: 2% is small ($a)" grep -q '^small .*%]±[0-9.]*=$' fl.out
	mview "$a" -p 0 fl1.txt fl2.txt >fl0.out
	check "-p 0: 2% and 5% marked ($a)" \
	    test "$(marked fl0.out | tr '\n' ' ')" = "big small "
done

# With passes, a row is suspect when one kind of warning that says the
# interval may be wrong came from more than half of the passes, or its
# passes fall in two groups.  Spread, however wide, only widens the
# interval.
# pass FILE NAME USECS [WARNING]: one pass of NAME, appended.
pass() {
	printf '%s 1 1 %s 200 0 10\n' "$2" "$3" >>"$1"
	[ $# -lt 4 ] || printf '#\n# WARNINGS\n#      %s\n' "$4" >>"$1"
}
hs='High spread: coefficient of variation 12%; rerun on a quiet machine'
fw='Few samples: 8 of -C 60; raise -D'
for f in m1.txt m2.txt; do
	pass "$f" one 1.00000 "$fw"
	pass "$f" one 1.01000
	pass "$f" one 1.00500
	pass "$f" two 1.00000 "$fw"
	pass "$f" two 1.01000 "$fw"
	pass "$f" two 1.00500
	pass "$f" apart 1.00000
	pass "$f" apart 1.60000
	pass "$f" apart 1.00500
	# Ten passes 12% and 20% either side of 1: two groups, each run
	# lands in one or the other.  Ten passes spread evenly from 0.9 to
	# 1.1: wide, in one group.
	for _ in 1 2 3 4 5; do
		pass "$f" wide10 0.88000
		pass "$f" wide10 1.12000
		pass "$f" apart10 0.80000
		pass "$f" apart10 1.20000
	done
	for v in 0.90 0.92 0.94 0.96 0.98 1.02 1.04 1.06 1.08 1.10; do
		pass "$f" even10 "$v"
	done
	# The wrapper ends each run with its wall time, at the warnings'
	# indent: a figure, not a warning.
	for v in 1.00000 1.01000 1.00500; do
		pass "$f" timed "$v" "$hs"
		printf '# %22s %13.2f\n' 'run wall time (s)' 0.12 >>"$f"
	done
done
for a in $MV_AWKS; do
	mview "$a" -F median -f csv m1.txt m2.txt >m.csv
	check "the run wall time line is not a warning; spread not suspect ($a)" \
	    grep -q '^timed,time,m2.txt,.*,0,,High spread: [^,]*(3 of 3 passes),' m.csv
	check "a warning from 1 pass of 3: not suspect ($a)" \
	    grep -q '^one,time,m2.txt,.*,noise,[0-9.]*,0,,Few samples.*(1 of 3 passes),' m.csv
	check "the same warning from 2 passes of 3: suspect ($a)" \
	    grep -q '^two,time,m2.txt,.*,noise,[0-9.]*,1,few,Few samples.*(2 of 3 passes),' m.csv
	check "passes 60% apart: not suspect, the warning says how far ($a)" grep -q \
	    '^apart,time,m2.txt,1.00500,3,0.0,.*,noise,[0-9.]*,0,,"Passes disagree: 3 passes from 1 to 1.6 usecs/call, their figure within +/-[0-9]*% (95%)",' \
	    m.csv
	check "ten passes in two groups 12% either side: suspect, states ($a)" \
	    grep -q '^wide10,time,m2.txt,1.00000,10,0.0,.*,noise,[0-9.]*,1,states,"Two states: 5 passes from 0.88 to 0.88 usecs/call, 5 from 1.12 to 1.12",' m.csv
	check "ten passes in two groups 20% either side: suspect, states ($a)" \
	    grep -q '^apart10,time,m2.txt,1.00000,10,0.0,.*,1,states,"Two states: 5 passes from 0.8 to 0.8 usecs/call, 5 from 1.2 to 1.2; Passes disagree: 10 passes from 0.8 to 1.2 usecs/call, their figure within +/-17% (95%)",' m.csv
	check "ten passes spread evenly over 20%: one group, not suspect ($a)" \
	    grep -q '^even10,time,m2.txt,1.00000,10,0.0,.*,noise,[0-9.]*,0,,' m.csv
done
done_testing
