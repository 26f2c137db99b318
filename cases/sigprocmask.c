/* SPDX-License-Identifier: MIT */
/*
 * sigprocmask: a change of the signal mask, per call; the calls swap
 * between a mask with SIGUSR2 blocked and the mask the worker had.
 */
#include <signal.h>

#include "libmicro.h"

int
benchmark(void *tsd, result_t *res)
{
	sigset_t set[2];

	(void) tsd;
	(void) sigprocmask(SIG_SETMASK, NULL, &set[0]);
	set[1] = set[0];
	(void) sigaddset(&set[1], SIGUSR2);
	LM_EACH(i, res, sigprocmask(SIG_SETMASK, &set[!(i & 1)], NULL) != 0);
	if (lm_optB & 1)	/* back to the worker's own mask */
		(void) sigprocmask(SIG_SETMASK, &set[0], NULL);
	return 0;
}
