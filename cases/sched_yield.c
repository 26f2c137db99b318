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
	(void) tsd;
	LM_EACH(i, res, sched_yield() != 0);
	return 0;
}
