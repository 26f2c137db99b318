#!/bin/sh
# wrapper.sh counts perf events only when asked (-K): a counted task
# pays at every context switch, and the runs that switch would carry it
# in their figures.  Without -K, and with -K none, no run gets -K, the
# header has no !Counters line and no row has counter lines; -K software
# counts the six software events.
# shellcheck disable=SC2016 # awk programs
# shellcheck source=tests/lib.sh
. "$LM_TOP/tests/lib.sh"

W=$LM_TOP/wrapper.sh
SW="task-clock page-faults minor-faults major-faults context-switches cpu-migrations"

# events FILE: the events of FILE's counter lines, in order, once each.
events() {
	awk '$1 == "#" && $2 == "counter" && !seen[$3]++ { s = s " " $3 }
	    END { print substr(s, 2) }' "$1"
}

for how in default none; do
	k=
	[ "$how" = none ] && k="-K none"
	# shellcheck disable=SC2086 # k is an option and its value, or nothing
	sh "$W" -Q -q $k -n getpid -n pipe_smp1 -o "$how.txt" 2>"$how.err" \
	    </dev/null
	rc=$?
	check "$how: exit 0 ($rc)" test "$rc" -eq 0
	check "$how: no counter header" test -z "$(grep '^!Counters' "$how.txt")"
	check "$how: no -K in the common options" \
	    test -z "$(grep '^!Options: .*-K' "$how.txt")"
	check "$how: no -K on any argument line" \
	    test -z "$(grep '^# bin/.* -K' "$how.txt")"
	check "$how: no counter lines" test -z "$(events "$how.txt")"
	check "$how: clean rows" result_ok getpid "$how.txt"
	check "$how: nothing on stderr" test ! -s "$how.err"
done

need_software_counters
sh "$W" -Q -q -K software -n getpid -o sw.txt 2>sw.err </dev/null
rc=$?
check "-K software: exit 0 ($rc)" test "$rc" -eq 0
check "-K software: the header says so" grep -q '^!Counters: *software$' sw.txt
check "-K software: in the common options" \
    grep -q '^!Options: .* -K software$' sw.txt
check "-K software: the six software events" test "$(events sw.txt)" = "$SW"
check "-K software: a clean row" result_ok getpid sw.txt
done_testing
