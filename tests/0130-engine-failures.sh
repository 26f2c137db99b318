#!/bin/sh
# An old-style case builds unchanged; failing hooks, dying workers and
# signals end the run with a message, the right status and nothing left.
# shellcheck disable=SC2009,SC2016 # ps is POSIX, pgrep is not; single
# quotes: awk and sh -c programs
. "$LM_TOP/tests/lib.sh"

build() {
	${CC:-cc} -std=c99 -D_GNU_SOURCE -Wall -Wextra -O1 -I"$LM_TOP" \
	    -o "$1" "$LM_TOP/tests/fixtures/$1.c" "$LM_TOP/libmicro.c" \
	    "$LM_TOP"/engine/*.c "$LM_TOP/bench.c" -lpthread -lm 2>"$1.cc"
}

# leftovers PATTERN: no process whose command line matches is running.
leftovers() {
	sleep 0.2
	! ps -eo args= | grep -v grep | grep -q "$1"
}

if build oldstyle; then
	ok "an old-style (libMicro 0.4.1) case builds against libmicro.h"
	./oldstyle -C 5 -D 1 -s 1k >out 2>err
	check "it runs: exit 0, one clean result line" result_ok oldstyle out
	check "its lm_header titles the extra column" \
	    grep -q 'cnt/samp     size$' out
	check "its benchmark_result() text ends the row" \
	    awk '$1 == "oldstyle" {exit $8 != 1024}' out
	check "its own option is validated" usage_fails ./oldstyle -s junk
	check "its usage text is shown by --help" sh -c \
	    './oldstyle --help | grep -q "notes: measures memset"'
else
	not_ok "old-style case does not build"
	diag <oldstyle.cc
fi

if ! build failing; then
	not_ok "tests/fixtures/failing.c does not build"
	diag <failing.cc
	done_testing
	exit 1
fi
for hook in initrun initworker initbatch benchmark finibatch finirun; do
	for mode in "" "-1" "-P 3 -T 2"; do
		# shellcheck disable=SC2086 # mode is a list of options
		./failing $mode -C 5 -D 1 -f "$hook" >out 2>err
		rc=$?
		if [ "$rc" -eq 1 ] && [ -s err ]; then
			ok "$hook returning -1 ($mode): exit 1: $(head -1 err)"
		else
			not_ok "$hook returning -1 ($mode): exit $rc"
			diag <err
		fi
	done
done
check "no worker left behind by failing hooks" leftovers "[.]/failing"

./failing -k -P 2 -C 50 -D 1 >out 2>err
rc=$?
check "a worker killed by SIGSEGV: exit 1 (got $rc)" [ "$rc" -eq 1 ]
check "... and it is reported, not averaged in" \
    grep -q 'worker process 0 died: signal 11' err
check "... with no result line printed" [ ! -s out ]
check "... and no worker left behind" leftovers "[.]/failing"

./failing -e -W -C 5 -D 1 >out 2>err
check "errors are counted in the errors column" \
    awk '$1 == "failing" {exit !($6 > 0)}' out
check "errors raise a warning" grep -q '^#      Errors: ' out

mkdir tmp
for sig in INT TERM HUP; do
	for mode in "" "-1"; do
		# shellcheck disable=SC2086 # mode is a list of options
		TMPDIR=$PWD/tmp ./failing $mode -t -C 5 -D 60000 -X 60000 \
		    >out 2>err &
		pid=$!
		sleep 1
		kill -"$sig" "$pid"
		wait "$pid"
		rc=$?
		check "SIG$sig ($mode): the run dies of the signal (status $rc)" \
		    [ "$rc" -gt 128 ]
		check "SIG$sig ($mode): its temp directory is removed" \
		    [ -z "$(ls tmp)" ]
		check "SIG$sig ($mode): no worker left behind" \
		    leftovers "[.]/failing"
	done
done
TMPDIR=$PWD/tmp ./failing -t -C 5 -D 1 >out 2>err
check "a normal run removes its temp directory" [ -z "$(ls tmp)" ]
done_testing
