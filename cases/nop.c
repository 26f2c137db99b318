/* SPDX-License-Identifier: MIT */
/*
 * nop: an empty operation, so the harness's own cost per call shows.
 * -d n spins n iterations per operation: a known, adjustable cost for
 * testing comparisons (a slowed build is this case with a larger -d).
 */
#include <limits.h>

#include "libmicro.h"

static long long	optd;

const struct lm_opt lm_options[] = {
	{ 'd', LM_COUNT, "n", &optd, "0", 0, LLONG_MAX,
	    "spin n iterations per operation", NULL },
	LM_END
};

int
benchmark(void *tsd, result_t *res)
{
	long long i, j;

	(void) tsd;
	for (i = 0; i < lm_optB; i++)
		for (j = 0; j < optd; j++)
			LM_OPAQUE(&j);
	res->re_count = i;
	return 0;
}
