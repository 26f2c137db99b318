#!/bin/sh
# Under strace -f -c, the libc suite's system-call runs make their call
# at least once per operation they report (beyond what the engine itself
# makes, measured on nop with the same options), and the clock runs that
# Linux answers in the vDSO (gettimeofday, time, clock_gettime of
# MONOTONIC and REALTIME) make no such call at all.
. "$LM_TOP/tests/lib.sh"

B=100
C=4
SUITE=$(suite_part libc)

# calls FILE SYSCALL: the calls strace -c counted for SYSCALL (and its
# 64-bit-time twin, e.g. clock_gettime64).
calls() {
	awk -v s="$2" '$NF == s || $NF == s "64" {n += $4}
	    END {print n + 0}' "$1"
}

# traced NAME: run the suite line named NAME with -B, -C and -D 0 under
# strace into ./st, its output into ./out; lm_ops is the operations it
# reported (samples x batch).
traced() {
	set -f
	# shellcheck disable=SC2046 # a suite line is a list of words
	set -- $(suite_lines "$SUITE" | awk -v n="$1" '$3 == n')
	set +f
	lm_case=$1
	shift
	strace -f -c -o st timeout -k 5 60 "$BIN/$lm_case" -H -B "$B" -C "$C" \
	    -D 0 "$@" >out 2>err
	lm_rc=$?
	lm_ops=$(awk '{print $5 * $7}' out)
}

if ! command -v strace >/dev/null 2>&1; then
	skip "strace is not installed"
	exit 0
fi
if ! strace -f -c -o base timeout 60 "$BIN/nop" -H -B "$B" -C "$C" -D 0 \
    >/dev/null 2>err; then
	skip "strace cannot trace here: $(head -1 err)"
	exit 0
fi

for pair in getpid:getpid times:times getrusage:getrusage \
    sched_yield:sched_yield getrandom:getrandom \
    clock_gettime_proc:clock_gettime clock_gettime_thread:clock_gettime; do
	name=${pair%%:*}
	sc=${pair#*:}
	traced "$name"
	n=$(($(calls st "$sc") - $(calls base "$sc")))
	if [ "$lm_rc" -ne 0 ] || ! result_ok "$name" out >why; then
		not_ok "$name under strace (exit $lm_rc)"
		cat why err | diag
	elif [ "$sc" = getrandom ] && [ "$n" -eq 0 ]; then
		skip "getrandom: no getrandom system call at all; the C" \
		    "library answers it in user space (vDSO getrandom)"
	elif [ "$lm_ops" -ge $((B * C)) ] && [ "$n" -ge "$lm_ops" ]; then
		ok "$name: $n $sc calls for $lm_ops operations"
	else
		not_ok "$name: $n $sc calls for $lm_ops operations"
	fi
done

# The vDSO clocks: when the engine's own clock reads (clock_gettime of
# CLOCK_MONOTONIC) enter the kernel, this machine has no vDSO clock.
cs=/sys/devices/system/clocksource/clocksource0/current_clocksource
if [ "$(calls base clock_gettime)" -ge "$C" ]; then
	skip "no vDSO clock here (clocksource $(cat "$cs" 2>/dev/null)):" \
	    "clock reads enter the kernel"
	exit 0
fi
for pair in gettimeofday:gettimeofday time:time \
    clock_gettime_mono:clock_gettime clock_gettime_real:clock_gettime; do
	name=${pair%%:*}
	sc=${pair#*:}
	traced "$name"
	n=$(($(calls st "$sc") - $(calls base "$sc")))
	if [ "$lm_rc" -ne 0 ] || ! result_ok "$name" out >why; then
		not_ok "$name under strace (exit $lm_rc)"
		cat why err | diag
	elif [ "$n" -eq 0 ] && [ "$lm_ops" -ge $((B * C)) ]; then
		ok "$name: vDSO, no $sc system call for $lm_ops operations"
	else
		not_ok "$name: $n $sc system calls for $lm_ops operations" \
		    "(expected none: a vDSO call)"
	fi
done
done_testing
