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
	int i;

	(void) tsd;
	(void) sigprocmask(SIG_SETMASK, NULL, &set[0]);
	set[1] = set[0];
	(void) sigaddset(&set[1], SIGUSR2);
	for (i = 0; i < lm_optB; i++)
		res->re_errors += sigprocmask(SIG_SETMASK, &set[!(i & 1)],
		    NULL) != 0;
	if (i & 1)
		(void) sigprocmask(SIG_SETMASK, &set[0], NULL);
	res->re_count = i;
	return 0;
}
