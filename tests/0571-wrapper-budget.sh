#!/bin/sh
# A time budget (-m SECS): the first pass always runs whole; after it, no
# run starts once SECS seconds have passed, so the budget is kept to
# within one run.  The header says the budget and where it was spent;
# the dry run counts it; bad values are refused.
# shellcheck disable=SC1091,SC2016,SC2154 # lib.sh, its lm_rc; awk programs
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
mkdir bin troot vroot
cp "$BIN/nop" bin/
printf 'nop -N a\nnop -N b\nnop -N c\n' >suite
# Each run lasts at least 300 ms: 10 passes of 3 are 9 s or more.
run() {
	sh "$W" -b bin -s suite -t troot -d vroot -O '-C 5 -D 300 -L -S -W' "$@"
}
runs() {
	awk '$1 ~ /^[abc]$/ && NF >= 7 && $2 ~ /^[0-9]+$/' "$1" | wc -l |
	    tr -d ' '
}

run -r 10 -m 8 -o out 2>err
check "-m 8: exit 0" test "$?" -eq 0
n=$(runs out)
check "-m 8: more than the first pass ($n runs)" test "$n" -gt 3
check "-m 8: fewer than the 30 runs of 10 passes ($n runs)" \
    test "$n" -lt 30
check "-m 8: the header gives the budget" \
    grep -q '^!Budget: *8 s: after the first pass, no run starts once it is spent$' out
check "-m 8: the header says where it was spent" \
    grep -q "^!Budget_spent: *in pass [0-9]*, after $n runs\$" out
# The progress lines give each run's seconds: all but the last ran
# before the budget was spent, so they add up to less than it.
check "-m 8: every run but the last started within the budget" awk '
    /^\[ *[0-9]+\/[0-9]+\] / { n++; d[n] = $(NF - 1) }
    END {
        for (i = 1; i < n; i++) s += d[i]
        if (n < 3 || s >= 8) { print n " runs, " s " s before the last"; exit 1 }
    }' err
check "-m 8: rows with unequal passes compare" \
    sh -c "sh '$LM_TOP/multiview.sh' out out >mv.out 2>mv.err && grep -q '^a ' mv.out"

# A budget shorter than one pass: the first pass still runs whole.
run -q -r 5 -m 1 -o short 2>err
check "-m 1, a pass takes longer: exactly the first pass ($(runs short) runs)" \
    test "$(runs short)" -eq 3
check "-m 1: spent in pass 2, after 3 runs" \
    grep -q '^!Budget_spent: *in pass 2, after 3 runs$' short

# A budget never reached says so.
run -q -r 1 -m 600 -o long 2>err
check "-m 600, one pass: every run" test "$(runs long)" -eq 3
check "-m 600: the header says it was not spent" \
    grep -q '^!Budget_spent: *no$' long
run -q -r 1 -o none 2>err
check "no -m: no budget lines" sh -c '! grep -q "^!Budget" none'

# The dry run cuts its estimate to the budget.
run -N -r 10 -m 2 >dry 2>err
check "dry run -m 2: the estimate says the budget cuts it" \
    grep -q '^3 runs x 10 passes = 30 runs, about [0-9.]* s, cut by the 2 s budget' dry
run -N -r 10 -w 5 -p 4 >dry 2>err
check "dry run -w 5 -p 4: the estimate spans 4 to 10 passes" \
    grep -q '^3 runs x 4 to 10 passes (adaptive) = 12 to 30 runs, about' dry

for v in 0 x -1 12345678; do
	if usage_fails run -m "$v" -o bad; then
		ok "-m $v: exit 2, one line: $(cat lm_err)"
	else
		not_ok "-m $v: exit $lm_rc"
		diag <lm_err
	fi
done
done_testing
