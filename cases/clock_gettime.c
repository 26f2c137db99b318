/* SPDX-License-Identifier: MIT */
/*
 * clock_gettime: one clock_gettime() of the chosen clock per operation.
 * On Linux MONOTONIC and REALTIME are read in the vDSO without a system
 * call; the CPU-time clocks enter the kernel every time.
 */
#include <time.h>

#include "libmicro.h"

/* In the order of the names of -c. */
static const clockid_t	clocks[] = {
	CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_PROCESS_CPUTIME_ID,
	CLOCK_THREAD_CPUTIME_ID
};

static int	optc;

const struct lm_opt lm_options[] = {
	{ 'c', LM_ENUM, "clock", &optc, "mono", 0, 0, "the clock read",
	    "mono|real|proc|thread" },
	LM_END
};

int
benchmark(void *tsd, result_t *res)
{
	clockid_t id = clocks[optc];
	struct timespec ts;
	long sum = 0;
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		if (clock_gettime(id, &ts) != 0)
			res->re_errors++;
		sum += ts.tv_nsec;
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}
