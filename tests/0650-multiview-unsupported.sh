#!/bin/sh
# multiview.sh shows an unsupported row (the system lacked the call or
# feature) as "unsupported", with its reason where the format has room,
# counts it apart, and compares the rest; against golden files in text,
# csv, json and markdown.  The wrapper counts such runs apart from
# failures and errors and exits 0.
# shellcheck source=/dev/null
. "$LM_TOP/tests/lib.sh"
# shellcheck source=/dev/null
. "$LM_TOP/tests/data/multiview/common.sh"

cp "$MVDATA/unsup-a.txt" "$MVDATA/unsup-b.txt" . || exit 1
golden "unsupported rows, text" unsup.txt unsup-a.txt unsup-b.txt
golden "unsupported rows, csv" unsup.csv -f csv unsup-a.txt unsup-b.txt
golden "unsupported rows, json" unsup.json -f json unsup-a.txt unsup-b.txt
golden "unsupported rows, markdown" unsup.md -f markdown unsup-a.txt \
    unsup-b.txt
check "text: the unsupported side says so, the other keeps its value" \
    grep -q '^io_uring_nop1  *0.43000  *unsupported$' "$MVDATA/unsup.txt"
check "text: the rest is compared" \
    grep -q '^getpid  *0.15250  *0.16100\[' "$MVDATA/unsup.txt"
check "text: the summary counts unsupported apart" \
    grep -q '0 errors, 0 missing, 2 unsupported' "$MVDATA/unsup.txt"
check "json: the reason is kept" \
    grep -q '"unsupported": "io_uring_setup: Operation not permitted"' \
    "$MVDATA/unsup.json"

# The wrapper: one run unsupported (one CPU for two), one clean.
if command -v taskset >/dev/null 2>&1; then
	printf 'membarrier -N membarrier_2t -s\ngetpid -N getpid\n' >s2
	taskset -c 0 sh "$LM_TOP/wrapper.sh" -s s2 -r 1 -o w.txt 2>w.err
	rc=$?
	check "wrapper: exit 0 with an unsupported run" test "$rc" -eq 0
	check "wrapper: !Runs counts it apart" grep -q \
	    '^!Runs: .*2 (0 failed, 0 with errors, 1 unsupported)$' w.txt
	check "wrapper: the row is in the file" \
	    grep -q '^membarrier_2t .* unsupported: -s needs two CPUs' w.txt
	check "wrapper: its summary says so" \
	    grep -q '0 failed, 0 with errors, 1 unsupported' w.err
else
	skip "no taskset"
fi
done_testing
