/* SPDX-License-Identifier: MIT */
/*
 * getpid: the cheapest system call, per call.  glibc has not cached the
 * pid since 2.25, so every call enters the kernel (the tests check this
 * with strace).
 */
#include <unistd.h>

#include "libmicro.h"

int
benchmark(void *tsd, result_t *res)
{
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++)
		lm_sink += getpid();
	res->re_count = i;
	return 0;
}
