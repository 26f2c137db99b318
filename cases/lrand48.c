/* SPDX-License-Identifier: MIT */
/*
 * lrand48: one lrand48() per operation, the process-wide 48-bit generator
 * seeded with srand48(1) (unlocked in glibc: threads would race on it).
 */
#include <stdlib.h>

#include "libmicro.h"

int
benchmark_initworker(void *tsd)
{
	(void) tsd;
	srand48(1);
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	long sum = 0;
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++)
		sum += lrand48();
	lm_sink += sum;
	res->re_count = i;
	return 0;
}
