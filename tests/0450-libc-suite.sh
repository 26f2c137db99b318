#!/bin/sh
# The libc suite fragment (time and process information, strings, math,
# clock_gettime, sched_yield, getrandom): every line runs
# quickly and prints one well-formed result line with 0 errors; the
# threaded runs really run two threads; bad case options are refused.
# shellcheck disable=SC2016 # single quotes: awk and sh -c programs
. "$LM_TOP/tests/lib.sh"

check_suite "$(suite_part libc)"

for name in getenvT2 mktimeT2; do
	line=$(suite_lines "$(suite_part libc)" |
	    awk -v n="$name" '$3 == n')
	run_line "$line"
	check "$name: the row says 1 process, 2 threads" \
	    awk -v n="$name" '$1 == n && $2 == 1 && $3 == 2 {f = 1}
	    END {exit !f}' out
done

for args in "clock_gettime -c bogus" "clock_gettime -c" "strlen -s x" \
    "strcpy -s -1" "strcmp -s 1q" "getrandom -s 0" "getrandom -s 257" \
    "getenv -s abc" "strftime -f" "log -x" "strchr -s"; do
	set -f
	# shellcheck disable=SC2086 # split the case and its options
	set -- $args
	set +f
	c=$1
	shift
	if usage_fails "$BIN/$c" "$@"; then
		ok "$args: exit 2, one line: $(cat lm_err)"
	else
		not_ok "$args: exit $lm_rc, stderr: $(head -3 lm_err)"
	fi
done
check "strftime -f '' (an empty format) is refused" \
    usage_fails "$BIN/strftime" -f ''
check "getrandom -s 256 runs" sh -c \
    '"$1" -s 256 -C 3 -D 1 -H | awk "\$6 == 0 {f = 1} END {exit !f}"' \
    sh "$BIN/getrandom"
check "strftime -f '%Y-%m-%d' runs" sh -c \
    '"$1" -f %Y-%m-%d -C 3 -D 1 -H | awk "\$6 == 0 {f = 1} END {exit !f}"' \
    sh "$BIN/strftime"
done_testing
