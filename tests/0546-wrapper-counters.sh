#!/bin/sh
# wrapper.sh -K: every run gets -K, the header says which events are
# counted and which are missing and why, and the trust check says so
# before the first run.
# shellcheck source=tests/lib.sh
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
need_software_counters
sh "$W" -Q -q -K default,instructions -n getpid -o r.txt 2>err </dev/null
rc=$?
check "-K default: exit 0" test "$rc" -eq 0
check "-K is in the common options" grep -q '^!Options: .* -K default' r.txt
check "the header names the events asked for" \
    grep -q '^!Counters: *default,instructions$' r.txt
check "the header lists the events counted" \
    grep -q '^!Counters_counted: .*page-faults' r.txt
check "the run has its counter lines" \
    grep -q '^# counter page-faults ' r.txt
check "the result row is unchanged" result_ok getpid r.txt
if grep -q '^# counter instructions *unavailable' r.txt; then
	check "a missing event is in the header with its reason" \
	    grep -q '^!Counters_missing: .*instructions.*: no such counter' \
	    r.txt
	check "and in a warning of the trust check" \
	    grep -q '^!Warn_counters: ' r.txt
else
	skip "this machine counts instructions: nothing is missing"
	skip "this machine counts instructions: nothing to warn of"
fi
check "-K with an unknown event: a usage error" \
    usage_fails sh "$W" -Q -q -K bogus -n getpid -o r2.txt
check "-K with a blank: a usage error" \
    usage_fails sh "$W" -Q -q -K 'page-faults cycles' -n getpid
done_testing
