#!/bin/sh
# multiview.sh intervals and verdicts: cases the former statistics got
# wrong (a disturbed pass hiding a change, an estimate and a test of
# opposite signs, a real 2.9% change called noise, zero spread from a
# coarse timer), interval coverage on synthetic A/A tables, single-pass
# Sun-layout A/A files, several files per side, -s delta, -x, the
# summary, and the header keys that always differ.
# shellcheck source=/dev/null
. "$LM_TOP/tests/lib.sh"
# shellcheck source=/dev/null
. "$LM_TOP/tests/data/multiview/common.sh"

lognormal() { awk -f "$MVDATA/lognormal.awk" "$@"; }

# passes FILE NAME V...: one pass of NAME per value, appended.
passes() {
	mv_f=$1
	mv_n=$2
	shift 2
	for mv_v in "$@"; do
		printf '%s 1 1 %s 200 0 1000\n' "$mv_n" "$mv_v" >>"$mv_f"
	done
}

# csv_field FILE NAME SIDE COLUMN: one field of a time row of the csv
# output, the column by its title.
csv_field() {
	awk -F, -v n="$2" -v f="$3" -v t="$4" '
	NR == 1 { for (k = 1; k <= NF; k++) if ($k == t) c = k }
	$1 == n && $2 == "time" && $3 == f { print $c; exit }' "$1"
}

# One disturbed pass: nine of ten passes 10% slower, one 3x.  A mean of
# logs (the former Welch test, p = 0.082) called it noise.
passes d1.txt dist 1.00000 1.00100 0.99900 1.00200 0.99800 1.00050 \
    0.99950 1.00150 0.99850 1.00000
passes d2.txt dist 1.10000 1.10110 1.09890 1.10220 1.09780 1.10055 \
    1.09945 1.10165 3.30000 1.10000
# The estimate and the test: A = 16 passes at 1.0 and 14 at 1.6, B = 30
# at 1.1.  The ratio of medians said 7.7% slower, significant, while
# the mean of logs said B was 13.5% faster.
i=0
while [ "$i" -lt 30 ]; do
	passes e1.txt split "$([ "$i" -lt 16 ] && echo 1.00000 || echo 1.60000)"
	passes e2.txt split 1.10000
	i=$((i + 1))
done
# A real 2.9% change, p of 1e-21: below the 3% floor, so "noise" before.
passes f1.txt steady 1.00000 1.00010 0.99990 1.00020 0.99980 1.00005 \
    0.99995 1.00015 0.99985 1.00000
passes f2.txt steady 1.02900 1.02910 1.02890 1.02920 1.02880 1.02905 \
    1.02895 1.02915 1.02885 1.02900
for a in $MV_AWKS; do
	mview "$a" -f csv d1.txt d2.txt >d.csv
	check "one pass of ten 3x: still slower ($a)" \
	    test "$(csv_field d.csv dist d2.txt verdict)" = slower
	check "one pass of ten 3x: the shift is 10 +- 0.5% ($a)" awk \
	    -v d="$(csv_field d.csv dist d2.txt delta)" \
	    'BEGIN { exit !(d >= -10.5 && d <= -9.5) }'
	mview "$a" -F median -f csv e1.txt e2.txt >e.csv
	lo=$(csv_field e.csv split e2.txt delta_lo)
	hi=$(csv_field e.csv split e2.txt delta_hi)
	check "split passes: the delta lies in its interval ($a)" awk \
	    -v d="$(csv_field e.csv split e2.txt delta)" -v lo="$lo" -v hi="$hi" \
	    'BEGIN { exit !(lo + 0 <= d + 0 && d + 0 <= hi + 0) }'
	check "split passes: the interval holds 0, so noise ($a)" awk \
	    -v v="$(csv_field e.csv split e2.txt verdict)" -v lo="$lo" -v hi="$hi" \
	    'BEGIN { exit !(lo + 0 <= 0 && 0 <= hi + 0 && v == "noise") }'
	# The low window takes the fast state as the row's own time, the
	# slow one as time the machine added: B, all at 1.1, is 10% slower,
	# and the row is suspect (two states).
	mview "$a" -F low -f csv e1.txt e2.txt >el.csv
	check "split passes, the low window: 10% slower, suspect: states ($a)" \
	    grep -q '^split,time,e2.txt,1.10000,30,-10.0,.*,low,slower,[0-9.]*,1,states,' el.csv
	mview "$a" f1.txt f2.txt >f.txt
	check "a steady 2.9% change: small, not noise ($a)" \
	    grep -q '^steady .*\[ -2.9%\]±[0-9.]*=$' f.txt
	check "the legend says what small is ($a)" \
	    grep -qx '= significant but within the floor: small' f.txt
	mview "$a" -p 0 f1.txt f2.txt >f0.txt
	check "a steady 2.9% change, -p 0: slower ($a)" \
	    grep -q '^steady .*\[ -2.9%\]±[0-9.]*\*$' f0.txt
done

# Zero spread from a coarse timer: passes 2.048, 2.048 against 3.072,
# 3.072 with a 1.024 usecs clock and a batch of 1.  Without the clock's
# step the passes say there is no spread at all, and 50% is "certain".
for f in z1 z2; do
	printf '!TimerRes: 1024 nsecs\n' >$f.txt
done
printf 'coarse 1 1 2.04800 200 0 1\n' >>z1.txt
printf 'coarse 1 1 2.04800 200 0 1\n' >>z1.txt
printf 'coarse 1 1 3.07200 200 0 1\n' >>z2.txt
printf 'coarse 1 1 3.07200 200 0 1\n' >>z2.txt
grep -v TimerRes z1.txt >zn1.txt
grep -v TimerRes z2.txt >zn2.txt
for a in $MV_AWKS; do
	mview "$a" z1.txt z2.txt >z.txt
	check "identical passes, coarse timer: noise, the step in the interval ($a)" \
	    grep -q '^coarse .*\[-50.0%\]±[0-9.]*~$' z.txt
	mview "$a" zn1.txt zn2.txt >zn.txt
	check "the same without TimerRes: the timer step was needed ($a)" \
	    grep -q '^coarse .*\[-50.0%\]±0.0\*$' zn.txt
done

# Coverage: 300 benchmarks, 10 passes a file, lognormal with a 3%
# spread, the same distribution in both files.  The 95% interval must
# hold a ratio of 1 in 93-97% of the rows, and nothing is significant.
# A spread that adds and takes away alike is the median's (-F median);
# tests/0615 has the low window's.
lognormal -v seed=11 >aa1.txt
lognormal -v seed=12 >aa2.txt
for a in $MV_AWKS; do
	mview "$a" -F median -f csv aa1.txt aa2.txt >aa.csv
	cover=$(awk -F, '$2 == "time" && $3 == "aa2.txt" { n++
		if ($10 + 0 <= 1 && $11 + 0 >= 1) c++ }
		END { printf "%.1f", 100 * c / n }' aa.csv)
	check "A/A, 300 x 10 passes: the 95% interval holds 0 in $cover% ($a)" \
	    awk -v c="$cover" 'BEGIN { exit !(c >= 93 && c <= 97) }'
	check "A/A, 300 x 10 passes: nothing marked ($a)" \
	    test "$(grep -c ',aa2.txt,.*,\(faster\|slower\|small\),' aa.csv)" -eq 0
	mview "$a" -F median -c 80 -f csv aa1.txt aa2.txt >aa80.csv
	cover=$(awk -F, '$2 == "time" && $3 == "aa2.txt" { n++
		if ($10 + 0 <= 1 && $11 + 0 >= 1) c++ }
		END { printf "%.1f", 100 * c / n }' aa80.csv)
	check "A/A, -c 80: the interval holds 0 in $cover% (75-85) ($a)" \
	    awk -v c="$cover" 'BEGIN { exit !(c >= 75 && c <= 85) }'
done

# The same with one pass, in Sun libMicro's layout: values rounded to
# multiples of 1.024 usecs, a zero standard error.  At most 1% marked.
lognormal -v sun=1 -v seed=5 >sun1.txt
lognormal -v sun=1 -v seed=6 >sun2.txt
for a in $MV_AWKS; do
	mview "$a" -f csv sun1.txt sun2.txt >sun.csv
	n=$(grep -c ',sun2.txt,.*,\(faster\|slower\|small\),' sun.csv)
	check "Sun layout, one pass, A/A: $n of 300 marked, at most 3 ($a)" \
	    test "$n" -le 3
done

# An A/B of the lognormal files: every fourth row 10% slower.  All must
# be found; of the 225 others at most 1% marked (Benjamini-Hochberg
# lets through about 5% of the discoveries as false ones).
lognormal -v seed=12 -v every=4 -v shift=1.1 >ab2.txt
awk 'BEGIN { for (r = 4; r <= 300; r += 4) printf "b%03d\n", r }' >slowed
for a in $MV_AWKS; do
	mview "$a" -F median aa1.txt ab2.txt >ab.txt
	marked ab.txt >ab.marked
	check "A/B, 300 x 10 passes, every fourth 10% slower: all found ($a)" \
	    test -z "$(comm -23 slowed ab.marked)"
	n=$(comm -13 slowed ab.marked | wc -l)
	check "A/B: $n of the 225 others marked, at most 2 ($a)" test "$n" -le 2
	check "summary: the median interval ($a)" \
	    grep -q '^ab2.txt: .*; median interval ±[0-9.]*%; .*biggest changes: b' ab.txt
	check "summary: the noise between runs, none beyond the passes here ($a)" \
	    grep -q '^ab2.txt: .*; between runs ±0.0% (the middle group.s 95%, fitted on 300 rows in 4 groups); biggest' ab.txt
	check "summary: the geometric mean with its interval ($a)" grep -q \
	    '^ab2.txt: [0-9]* faster, [0-9]* slower, .* within noise, 0 errors, 0 missing; geometric mean of ratios 1.02[0-9] \[ -2.[0-9]%\], 95% interval 1.0[0-9]* to 1.0[0-9]*; ' \
	    ab.txt
	mview "$a" -F median -f csv aa1.txt ab2.txt >ab.csv
	n=$(grep -c ',ab2.txt,.*,\(faster\|slower\|small\),' ab.csv)
	mview "$a" -F median -x -s delta aa1.txt ab2.txt >abx.txt
	check "-x: only the $n rows not within noise ($a)" \
	    test "$(rows abx.txt | wc -l)" -eq "$n"
	check "-x: says how many rows it left out ($a)" grep -qx \
	    "($((300 - n)) of 300 rows within noise everywhere not shown)" abx.txt
	mview "$a" -F median -f csv -s delta aa1.txt ab2.txt >abs.csv
	# shellcheck disable=SC2016 # awk program
	check "-s delta: the largest change first ($a)" awk -F, '
	$2 == "time" && $3 == "ab2.txt" { d = $6 < 0 ? -$6 : $6
		if (n++ && d > last + 0.05) exit 1; last = d }' abs.csv
done
same_output "A/B with -s delta -x, json" -f json -x -s delta aa1.txt ab2.txt
same_output "A/B, the low window, json" -f json aa1.txt ab2.txt

# Several files per side: A1 + A2 pools their passes.
lognormal -v rows=5 -v passes=3 -v seed=3 >g1.txt
lognormal -v rows=5 -v passes=4 -v seed=4 >g2.txt
lognormal -v rows=5 -v passes=5 -v seed=7 >g3.txt
for a in $MV_AWKS; do
	mview "$a" -f csv g1.txt + g2.txt g3.txt >g.csv 2>g.err
	check "A1 + A2: one side of 7 passes ($a)" \
	    test "$(csv_field g.csv b001 g1.txt+g2.txt passes)" = 7
	# Five rows of 5 and 7 passes: too few for the low window.
	check "A1 + A2: compared by Hodges-Lehmann ($a)" \
	    test "$(csv_field g.csv b001 g3.txt method)" = hl
	mview "$a" -F low -f csv g1.txt + g2.txt g3.txt >gl.csv
	check "A1 + A2, -F low: compared by the low window ($a)" \
	    test "$(csv_field gl.csv b001 g3.txt method)" = low
	check "A1 + A2: nothing on stderr ($a)" test ! -s g.err
done

# Headers: keys that always differ are not listed; a file of two files
# concatenated, and the files of a side that disagree, are warned about.
{
	printf '!OS_release: 6.1\n!Command: wrapper.sh -o a.txt\n'
	printf '!Clock_overhead: 25 nsecs\n!Elapsed: 100 s\n!Runs: 283\n'
	passes /dev/stdout x 1.00000 1.01000
} >h1.txt
{
	printf '!OS_release: 6.1\n!Command: wrapper.sh -o b.txt\n'
	printf '!Clock_overhead: 28 nsecs\n!Elapsed: 103 s\n!Runs: 282\n'
	passes /dev/stdout x 1.00000 1.01000
} >h2.txt
sed 's/6\.1/6.2/; s/28 nsecs/40 nsecs/' h2.txt >h3.txt
cat h1.txt h3.txt >cat.txt
for a in $MV_AWKS; do
	mview "$a" h1.txt h2.txt >h.txt 2>h.err
	check "Command, Elapsed, Runs, clock overhead +-3 ns: not listed ($a)" \
	    grep -qx 'headers that differ: none' h.txt
	mview "$a" h1.txt h3.txt >h.txt 2>h.err
	check "clock overhead 25 against 40 ns: listed ($a)" \
	    grep -qx '  Clock_overhead: 25 nsecs | 40 nsecs' h.txt
	mview "$a" cat.txt h2.txt >/dev/null 2>h.err
	check "concatenated files: warned, once ($a)" grep -qx \
	    'multiview.sh: cat.txt: header OS_release, Command, Clock_overhead, Elapsed, Runs repeated with another value: several files in one? their results are pooled as passes' \
	    h.err
	mview "$a" h1.txt + h3.txt h2.txt >/dev/null 2>h.err
	check "a side whose files disagree: warned, once ($a)" grep -qx \
	    'multiview.sh: h1.txt+h3.txt: its files differ in OS_release, Clock_overhead; their results are pooled as passes' \
	    h.err
	check "...and nothing else ($a)" test "$(wc -l <h.err)" -eq 1
done
done_testing
