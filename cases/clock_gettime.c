/* SPDX-License-Identifier: MIT */
/*
 * clock_gettime: one clock_gettime() of the chosen clock per operation.
 * On Linux MONOTONIC and REALTIME are read in the vDSO without a system
 * call; the CPU-time clocks enter the kernel every time.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "libmicro.h"

static const struct {
	const char	*name;
	clockid_t	id;
} clocks[] = {
	{ "mono", CLOCK_MONOTONIC },
	{ "real", CLOCK_REALTIME },
	{ "proc", CLOCK_PROCESS_CPUTIME_ID },
	{ "thread", CLOCK_THREAD_CPUTIME_ID },
};

static clockid_t	optc = CLOCK_MONOTONIC;

int
benchmark_init(void)
{
	snprintf(lm_optstr, sizeof(lm_optstr), "c:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -c clock mono, real, proc or thread (default mono)\n");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	size_t i;

	for (i = 0; opt == 'c' && i < sizeof(clocks) / sizeof(clocks[0]); i++)
		if (strcmp(optarg, clocks[i].name) == 0) {
			optc = clocks[i].id;
			return 0;
		}
	return -1;
}

int
benchmark(void *tsd, result_t *res)
{
	struct timespec ts;
	long sum = 0;
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		if (clock_gettime(optc, &ts) != 0)
			res->re_errors++;
		sum += ts.tv_nsec;
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}
