#!/bin/sh
# multiview.sh -J REF FILE: the verdict of the comparison as the exit
# status git bisect run reads (0 good, 1 bad, 125 cannot tell, 128 bad
# usage), with the rows that decided.  Files of fixed passes: the same
# figures, twice the time, 1.5 times faster (good, and bad with -u),
# figures going up and down within noise, a failed row, several rows.
# shellcheck disable=SC1091 # lib.sh and common.sh are found at run time
# shellcheck disable=SC2016 # awk programs
. "$LM_TOP/tests/lib.sh"
# shellcheck disable=SC1091
. "$LM_TOP/tests/data/multiview/common.sh"

mv_need_awks

# mk FILE ROW=V1,V2,... ...: a result file with a pass a value.
mk() {
	f=$1
	shift
	{
		echo '!Options:        -E -C 20 -L -S -W -F min'
		echo '!Estimator:      min'
		for r in "$@"; do
			printf '%s\n' "${r#*=}" | tr ',' '\n' | awk -v n="${r%%=*}" \
			    '{ printf "%-12s 1 1 %12.5f 20 0 100\n", n, $1 }'
		done
	} >"$f"
}
same6=1.000,1.004,0.998,1.002,0.999,1.003
mk ref.txt x=$same6
mk same.txt x=1.001,0.999,1.003,1.000,1.002,0.998
mk slow.txt x=2.001,1.999,2.003,2.000,2.002,1.998
mk fast.txt x=0.667,0.668,0.666,0.667,0.669,0.667
# Eight figures from 0.90 to 1.10 in turn, the same on both sides.
wavy=1.00,1.10,0.95,1.05,0.90,1.08,0.98,1.02
mk wavyref.txt x=$wavy
mk wavy.txt x=$wavy
mk two.txt x=$same6 y=$same6 z=$same6
mk twoslow.txt x=1.001,0.999,1.003,1.000,1.002,0.998 y=$same6 \
    z=1.501,1.499,1.503,1.500,1.502,1.498
mk other.txt w=$same6
mk extra.txt x=1.001,0.999,1.003,1.000,1.002,0.998 w=$same6
# A failed row, as the wrapper writes it.
{ cat same.txt; printf '%-12s %3d %3d %12.5f %12d %8d %8d FAILED\n' \
    x 0 0 0 0 1 0; } >failed.txt

# judged DESC STATUS ARGS...: multiview -J under every awk exits STATUS;
# its report (the first awk's) is left in judge.out.
judged() {
	desc=$1
	want=$2
	shift 2
	fail=
	for a in $MV_AWKS; do
		mview "$a" -J "$@" >"judge.$a" 2>judge.err
		rc=$?
		[ "$rc" -eq "$want" ] || fail="$fail $a:$rc"
	done
	# shellcheck disable=SC2086 # a list of awks
	set -- $MV_AWKS
	cp "judge.$1" judge.out
	if [ -z "$fail" ]; then
		ok "$desc (exit $want)"
	else
		not_ok "$desc: exit$fail, wanted $want"
		cat judge.out judge.err | diag
	fi
}

judged "the same figures: good" 0 ref.txt same.txt
check "good: every row listed as good, then the verdict line" awk '
    NR == 1 { ok1 = /^judge: same.txt against ref.txt: bad when slower by more than 3%$/ }
    NR == 2 { ok2 = $1 == "good" && $2 == "x" }
    NR == 3 { ok3 = /^judge: good: 1 row, none slower by more than 3%$/ }
    END { exit !(NR == 3 && ok1 && ok2 && ok3) }' judge.out
judged "twice the time: bad" 1 ref.txt slow.txt
check "bad: the row with its values, delta and interval" grep -q \
    '^bad  *x  *[0-9.]*  *[0-9.]* \[ *-[0-9.]*%\] -[0-9.]*% to -[0-9.]*%$' \
    judge.out
check "bad: the verdict line" grep -q \
    '^judge: bad: 1 of 1 row slower by more than 3%$' judge.out
judged "1.5 times faster: good" 0 ref.txt fast.txt
judged "1.5 times faster, -u (a speed-up sought): bad" 1 -u ref.txt fast.txt
check "-u: the report says faster" grep -q \
    '^judge: bad: 1 of 1 row faster by more than 3%$' judge.out
judged "twice the time, -u: good" 0 -u ref.txt slow.txt
judged "twice the time, threshold 150% (-p): good" 0 -p 150 ref.txt slow.txt
# Figures up and down by 10% on both sides: the interval holds both +3%
# and -3%.
judged "figures going up and down within noise: cannot tell" 125 \
    wavyref.txt wavy.txt
check "cannot tell: the row is unclear, its interval holds the threshold" \
    grep -q '^unclear  *x .*: the interval holds -3\.0%$' judge.out
check "cannot tell: the verdict line" grep -q \
    '^judge: cannot tell: 1 unclear, 0 failed, 0 good, of 1 row$' judge.out
judged "figures up and down, threshold 25%: good" 0 -p 25 wavyref.txt wavy.txt
judged "a failed row: cannot tell" 125 ref.txt failed.txt
check "the failed row says why" grep -q '^failed  *x .*: errors in failed.txt$' \
    judge.out
judged "three rows, one 1.5 times slower: bad" 1 two.txt twoslow.txt
check "bad: only the row that decided is listed" \
    test "$(grep -c '^[a-z]* *[xyz] ' judge.out)" -eq 1 -a \
    "$(grep -c '^bad  *z ' judge.out)" -eq 1
judged "rows one file holds are not judged" 0 ref.txt extra.txt
check "rows not judged are counted" grep -q \
    '^not judged: 1 row only in extra.txt$' judge.out
same_output "-J: every awk prints the same report" -J two.txt twoslow.txt

# Bad usage or input: 128 or more, one line, so that git bisect run
# stops rather than take the commit for bad.
for args in 'ref.txt' 'ref.txt same.txt slow.txt' 'ref.txt nonexistent' \
    '-f csv ref.txt same.txt' '-T ref.txt same.txt slow.txt' \
    '-p 0 ref.txt same.txt' 'ref.txt other.txt' '-q 7 ref.txt same.txt'; do
	# shellcheck disable=SC2086 # the arguments are words
	sh "$MV" -J $args >out 2>err
	rc=$?
	check "-J $args: exit $rc (128 or more), one line" \
	    test "$rc" -ge 128 -a "$(wc -l <err)" -eq 1
done
check "-u without -J: bad usage, exit 2" usage_fails sh "$MV" -u ref.txt same.txt
done_testing
