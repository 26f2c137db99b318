/* SPDX-License-Identifier: MIT */
/*
 * getcontext: saving the user context (registers and signal mask), per
 * call.  glibc reads the signal mask with a system call each time.
 */
#include <ucontext.h>

#include "libmicro.h"

int
benchmark(void *tsd, result_t *res)
{
	ucontext_t uc;
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		res->re_errors += getcontext(&uc) != 0;
		LM_OPAQUE(&uc);
	}
	res->re_count = i;
	return 0;
}
