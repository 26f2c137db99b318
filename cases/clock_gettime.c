/* SPDX-License-Identifier: MIT */
/*
 * clock_gettime: one clock_gettime() of the chosen clock per operation.
 * On Linux MONOTONIC and REALTIME are read in the vDSO without a system
 * call (where the clock source allows it: tsc does, hpet and acpi_pm do
 * not; the header's !Clocksource says which); the CPU-time clocks enter
 * the kernel every time.  -p syscall makes each read the system call,
 * through syscall(): against -p vdso, what the vDSO saves.
 */
#include <time.h>

#include "libmicro.h"
#include "linuxonly.h"	/* lx_sys_clock_gettime; no hooks */

/* In the order of the names of -c. */
static const clockid_t	clocks[] = {
	CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_PROCESS_CPUTIME_ID,
	CLOCK_THREAD_CPUTIME_ID
};

static int	optc, optp;

const struct lm_opt lm_options[] = {
	{ 'c', LM_ENUM, "clock", &optc, "mono", 0, 0, "the clock read",
	    "mono|real|proc|thread" },
	{ 'p', LM_ENUM, "path", &optp, "vdso", 0, 0, "how it is read: libc's"
	    " clock_gettime (the vDSO) or syscall()", "vdso|syscall" },
	LM_END
};

/* readout.h gives benchmark() itself: RO_CALL once per operation. */
#define RO_ARG		clockid_t id = clocks[optc];
#define RO_TYPE		struct timespec
#define RO_CALL(v)	((optp ? lx_sys_clock_gettime(id, &(v)) : \
			    clock_gettime(id, &(v))) != 0)
#define RO_FIELD(v)	((v).tv_nsec)
#include "readout.h"
