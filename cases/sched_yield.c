/* SPDX-License-Identifier: MIT */
/*
 * sched_yield: one sched_yield() per operation, the system call alone
 * when nothing else waits for the CPU (with -T or -P above the CPU
 * count it also measures the switch to another worker).
 */
#include <sched.h>

#include "libmicro.h"

int
benchmark(void *tsd, result_t *res)
{
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++)
		if (sched_yield() != 0)
			res->re_errors++;
	res->re_count = i;
	return 0;
}
