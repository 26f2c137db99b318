/* SPDX-License-Identifier: MIT */
/*
 * time: one time(NULL) per operation.  On Linux this is a vDSO call
 * that makes no system call (the tests check it).
 */
#include <time.h>

#include "libmicro.h"

int
benchmark(void *tsd, result_t *res)
{
	long sum = 0;
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		time_t t = time(NULL);

		if (t == (time_t)-1)
			res->re_errors++;
		sum += (long)t;
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}
