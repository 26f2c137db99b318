/* SPDX-License-Identifier: MIT */
/*
 * getcontext: saving the user context (registers and signal mask), per
 * call.  glibc reads the signal mask with a system call each time.
 */
#include <ucontext.h>

#include "libmicro.h"

/*
 * Called through a pointer: nothing ever resumes these contexts, so the
 * call returns once, and the compiler need not treat the loop as if it
 * could return twice (gcc warns that i "might be clobbered").
 */
static int (*volatile save_context)(ucontext_t *) = getcontext;

int
benchmark(void *tsd, result_t *res)
{
	int (*save)(ucontext_t *) = save_context;
	ucontext_t uc;
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		res->re_errors += save(&uc) != 0;
		LM_OPAQUE(&uc);
	}
	res->re_count = i;
	return 0;
}
