/* SPDX-License-Identifier: MIT */
/*
 * setcontext: resuming a saved user context, per call: the batch saves
 * one context, then jumps back to it B times (setcontext sets the signal
 * mask too, a system call in glibc).
 */
#include <ucontext.h>

#include "libmicro.h"

int
benchmark(void *tsd, result_t *res)
{
	ucontext_t uc;
	volatile int i = 0;

	(void) tsd;
	if (getcontext(&uc) != 0)
		return -1;
	if (i < lm_optB) {
		i++;
		(void) setcontext(&uc);
		res->re_errors++;	/* setcontext returned: it failed */
	}
	res->re_count = i;
	return 0;
}
