/* SPDX-License-Identifier: MIT */
/*
 * times: one times() per operation, the process's CPU times; a system
 * call on Linux.
 */
#include <sys/times.h>

#include "libmicro.h"

int
benchmark(void *tsd, result_t *res)
{
	struct tms t;
	long sum = 0;
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		if (times(&t) == (clock_t)-1)
			res->re_errors++;
		sum += (long)t.tms_utime;
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}
