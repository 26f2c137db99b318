/* SPDX-License-Identifier: MIT */
/*
 * getrusage: one getrusage(RUSAGE_SELF) per operation, a system call
 * that sums the usage of every thread of the process.
 */
#include <sys/resource.h>

#include "libmicro.h"

int
benchmark(void *tsd, result_t *res)
{
	struct rusage ru;
	long sum = 0;
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		if (getrusage(RUSAGE_SELF, &ru) != 0)
			res->re_errors++;
		sum += ru.ru_minflt;
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}
