#!/bin/sh
# multiview.sh's verdicts on the files people have: separate runs that
# differ by more than their passes show, one-pass sides with a noise
# reference, a row significant alone but not across the table, too few
# passes for the rank interval, header keys that always differ, a row
# compared with another of the reference (-m), the difference per call.
# shellcheck disable=SC1091 # lib.sh and common.sh are found at run time
. "$LM_TOP/tests/lib.sh"
# shellcheck disable=SC1091
. "$LM_TOP/tests/data/multiview/common.sh"

mv_need_awks
lognormal() { awk -f "$MVDATA/lognormal.awk" "$@"; }
marked() { awk -F, '$2 == "time" && $15 ~ /^(faster|slower|small)$/' "$1" |
    wc -l; }
# cover CSV FILE: the share of FILE's rows whose interval holds ratio 1.
cover() {
	awk -F, -v f="$2" '$2 == "time" && $3 == f { n++
		if ($10 + 0 <= 1 && $11 + 0 >= 1) c++ }
		END { printf "%.1f", 100 * c / n }' "$1"
}

# Two runs of 300 rows, 10 passes each 1% apart, each run with its own
# offset per row (1.5%): the passes cannot see the offsets.  The table
# measures them: intervals that hold 0 in 93-97% of rows, nothing
# marked; with every fourth row 10% slower, those found.  The passes'
# spread adds and takes away alike, the median's case (-F median);
# tests/0615 has the low window's, on passes the machine slows.
lognormal -v seed=21 -v sigma=0.01 -v between=0.015 >r1.txt
lognormal -v seed=22 -v sigma=0.01 -v between=0.015 >r2.txt
lognormal -v seed=22 -v sigma=0.01 -v between=0.015 -v every=4 \
    -v shift=1.10 >r2b.txt
for a in $MV_AWKS; do
	mview "$a" -F median -f csv r1.txt r2.txt >rr.csv
	c=$(cover rr.csv r2.txt)
	check "between runs: the 95% interval holds 0 in $c% (93-97) ($a)" \
	    awk -v c="$c" 'BEGIN { exit !(c >= 93 && c <= 97) }'
	check "between runs: nothing marked ($a)" test "$(marked rr.csv)" -eq 0
	mview "$a" -F median r1.txt r2.txt >rr.txt
	check "between runs: the summary gives the term ($a)" grep -q \
	    '^r2.txt: .*; between runs ±[0-9.]*% (the middle group.s 95%, fitted on 300 rows in 4 groups)' \
	    rr.txt
	mview "$a" -F median -f csv r1.txt r2b.txt >rb.csv
	n=$(awk -F, '$2 == "time" && $3 == "r2b.txt" && $15 == "slower" &&
	    substr($1, 2) % 4 == 0' rb.csv | wc -l)
	check "between runs: $n of the 75 rows 10% slower found (>= 60) ($a)" \
	    test "$n" -ge 60
	n=$(awk -F, '$2 == "time" && $3 == "r2b.txt" &&
	    ($15 == "slower" || $15 == "faster") &&
	    substr($1, 2) % 4 != 0' rb.csv | wc -l)
	check "between runs: $n of the 225 others marked (<= 3) ($a)" \
	    test "$n" -le 3
done

# A row whose own interval leaves out 0 while Benjamini-Hochberg, over
# twenty tests, does not select it: ? in text, "noise (alone)" in
# markdown, alone in csv and json.  The others are far from a change.
: >al1.txt
: >al2.txt
for r in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19; do
	for v in 1.000 1.010 0.990 1.005 0.995; do
		printf 'r%s 1 1 %s 200 0 1000\n' "$r" "$v" >>al1.txt
		printf 'r%s 1 1 %s 200 0 1000\n' "$r" "$v" >>al2.txt
	done
done
for v in 1.000 1.001 0.999 1.002 0.998; do
	printf 'lone 1 1 %s 200 0 1000\n' "$v" >>al1.txt
done
for v in 1.004 1.005 1.003 1.006 1.0045; do
	printf 'lone 1 1 %s 200 0 1000\n' "$v" >>al2.txt
done
for a in $MV_AWKS; do
	for f in text csv json markdown; do
		mview "$a" -F median -p 0 -f "$f" al1.txt al2.txt >"al.$f"
	done
	check "alone: ? after the interval ($a)" \
	    grep -q '^lone .*\]±[0-9.]*?$' al.text
	check "alone: the legend says what ? is ($a)" grep -q \
	    '^? significant alone, not across the table' al.text
	# shellcheck disable=SC2016 # an awk program
	check "alone: its interval leaves out 0 ($a)" \
	    awk -F, '$1 == "lone" && $2 == "time" && $3 == "al2.txt" {
	    exit !($8 < 0) }' al.csv
	check "alone: csv verdict noise, alone 1 ($a)" \
	    grep -q '^lone,time,al2.txt,.*,noise,.*,1,,,,,,,median$' al.csv
	check "alone: json flag ($a)" grep -q '"flags": \["alone"\]' al.json
	check "alone: markdown ($a)" grep -q '| noise (alone)' al.markdown
	check "alone: not on the others ($a)" \
	    test "$(grep -c '?$' al.text)" -eq 1
done

# Three passes a side: too few for the rank interval, and said so.
for v in 1.00 1.01 1.02; do
	printf 'three 1 1 %s 200 0 1000\n' "$v" >>th1.txt
	printf 'three 1 1 %s 200 0 1000\n' "$v" >>th2.txt
done
for a in $MV_AWKS; do
	mview "$a" th1.txt th2.txt >th.txt
	check "three passes: the legend says too few for the rank interval ($a)" \
	    grep -q '^too few passes for the rank interval (fewer than 4 a side at 95%): noise model' th.txt
	check "three passes: not 'one pass on a side' ($a)" \
	    test "$(grep -c 'one pass on a side' th.txt)" -eq 0
done

# Header keys that always differ are left out: the wrapper's warnings,
# the clock's resolution within 5 ns, the directory of the binaries.
hd() {
	printf '!Warn_load: load average %s\n!TimerRes: %s nsecs\n' "$2" "$3"
	printf '!Bin_dir: %s\n!OS_release: %s\n' "$4" "$5"
	printf 'getpid 1 1 0.10000 200 0 1000\n'
}
hd h1 0.5 14 /a 6.1 >h1.txt
hd h2 3.1 15 /b 6.1 >h2.txt
hd h3 3.1 40 /b 6.2 >h3.txt
for a in $MV_AWKS; do
	mview "$a" h1.txt h2.txt >h12.txt
	check "headers: Warn_*, TimerRes 14 against 15, Bin_dir left out ($a)" \
	    grep -qx 'headers that differ: none' h12.txt
	mview "$a" h1.txt h3.txt >h13.txt
	check "headers: TimerRes 14 against 40 shown ($a)" \
	    grep -qx '  TimerRes: 14 nsecs | 40 nsecs' h13.txt
	check "headers: OS_release shown ($a)" \
	    grep -qx '  OS_release: 6.1 | 6.2' h13.txt
done

# -m NEW=OLD: getppid of the compared file against getpid of the
# reference; the reference's own getppid is set aside.  -a: the
# difference per call.
printf 'getpid 1 1 0.10000 200 0 1000\ngetppid 1 1 0.50000 200 0 1000\n' \
    >m1.txt
printf 'getpid 1 1 0.10000 200 0 1000\ngetppid 1 1 0.11000 200 0 1000\n' \
    >m2.txt
for a in $MV_AWKS; do
	mview "$a" -a -m getppid=getpid m1.txt m2.txt >m.txt
	check "-m: getppid against the reference's getpid ($a)" \
	    grep -q '^getppid *0.10000 *0.11000\[-10.0%\] *+0.01us$' m.txt
	check "-m: the legend names the pair ($a)" grep -q \
	    'rows against another row of the reference (-m): getppid against getpid' \
	    m.txt
	check "-m: an OLD the reference lacks, exit 2 ($a)" usage_fails \
	    sh "$MV" -m getppid=nope m1.txt m2.txt
	check "-m: not NEW=OLD, exit 2 ($a)" usage_fails \
	    sh "$MV" -m =x m1.txt m2.txt
done

# A noise reference (-R): one-pass sides take each row's pass-to-pass
# spread from it; its other rows are ignored.
lognormal -v passes=1 -v seed=31 >o1.txt
lognormal -v passes=1 -v seed=32 >o2.txt
lognormal -v passes=10 -v seed=33 >ref.txt
printf 'extra 1 1 1.0 200 0 1\n' >>ref.txt
for a in $MV_AWKS; do
	mview "$a" -R ref.txt o1.txt o2.txt >o.txt
	check "-R: the summary says where the spread came from ($a)" grep -q \
	    '^o2.txt: .*one pass on a side: spread from passes of the noise reference' \
	    o.txt
	check "-R: the reference's own rows are not shown ($a)" \
	    test "$(grep -c '^extra' o.txt)" -eq 0
	mview "$a" -f csv -R ref.txt o1.txt o2.txt >o.csv
	check "-R: A/A, one pass a side, nothing marked ($a)" \
	    test "$(marked o.csv)" -eq 0
	check "-R: a missing file, exit 2 ($a)" usage_fails \
	    sh "$MV" -R nosuch.txt o1.txt o2.txt
done

# Sun libMicro's Linux build steps by 1.024 usecs whatever its TimerRes
# says: 2.048 against 3.072 with a batch of 1 is one step, not a change.
for f in s1 s2; do
	printf '!Libmicro_#: 0.4.1\n!OS_name: Linux\n!TimerRes: 1 nsecs\n' >$f.txt
done
printf 'mmap_a8k 1 1 3.07200 200 0 1\n' >>s1.txt
printf 'mmap_a8k 1 1 2.04800 200 0 1\n' >>s2.txt
for a in $MV_AWKS; do
	mview "$a" -f csv s1.txt s2.txt >s.csv
	check "Sun's Linux clock step: one step is not a change ($a)" \
	    test "$(marked s.csv)" -eq 0
done
same_output "verdicts, csv" -f csv -R ref.txt o1.txt o2.txt
same_output "alone, markdown" -f markdown -p 0 al1.txt al2.txt
done_testing
