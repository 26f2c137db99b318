/* SPDX-License-Identifier: MIT */
/*
 * nop: an empty operation, so the harness's own cost per call shows.
 * -d n spins n iterations per operation: a known, adjustable cost for
 * testing comparisons (a slowed build is this case with a larger -d).
 */
#include <stdio.h>

#include "libmicro.h"

static long	optd;

int
benchmark_init(void)
{
	snprintf(lm_optstr, sizeof(lm_optstr), "d:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -d n     spin n iterations per operation (default 0)\n");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	if (opt != 'd' || (optd = sizetoll(optarg)) < 0)
		return -1;
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	long i, j;

	(void) tsd;
	for (i = 0; i < lm_optB; i++)
		for (j = 0; j < optd; j++)
			LM_OPAQUE(&j);
	res->re_count = i;
	return 0;
}
