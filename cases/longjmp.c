/* SPDX-License-Identifier: MIT */
/*
 * longjmp: a jump back to a setjmp point in the same function, per jump;
 * the batch sets one point and returns to it B times.  glibc's setjmp
 * does not save the signal mask, so no system call is involved.
 */
#include <setjmp.h>

#include "libmicro.h"

int
benchmark(void *tsd, result_t *res)
{
	jmp_buf env;
	volatile int i = 0;

	(void) tsd;
	(void) setjmp(env);
	if (i < lm_optB) {
		i++;
		longjmp(env, 1);
	}
	res->re_count = i;
	return 0;
}
