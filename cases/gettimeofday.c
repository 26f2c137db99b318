/* SPDX-License-Identifier: MIT */
/*
 * gettimeofday: one gettimeofday() per operation.  On Linux this is a
 * vDSO call that reads the clock without entering the kernel (the tests
 * check that it makes no system call).
 */
#include <sys/time.h>

#include "libmicro.h"

int
benchmark(void *tsd, result_t *res)
{
	struct timeval tv;
	long sum = 0;
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		if (gettimeofday(&tv, NULL) != 0)
			res->re_errors++;
		sum += tv.tv_usec;
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}
