/* SPDX-License-Identifier: MIT */
/*
 * siglongjmp: a jump back to a sigsetjmp point that saved the signal
 * mask, per jump, so each jump restores the mask (a system call); the
 * batch sets one point and returns to it B times.
 */
#include <setjmp.h>

#include "libmicro.h"

int
benchmark(void *tsd, result_t *res)
{
	sigjmp_buf env;
	volatile int i = 0;

	(void) tsd;
	(void) sigsetjmp(env, 1);
	if (i < lm_optB) {
		i++;
		siglongjmp(env, 1);
	}
	res->re_count = i;
	return 0;
}
