/* SPDX-License-Identifier: MIT */
/*
 * sigaction: installing a handler for SIGUSR1 (and reading back the old
 * action), per call.
 */
#include <signal.h>
#include <string.h>

#include "libmicro.h"

static void
nothing(int sig)
{
	(void) sig;
}

int
benchmark(void *tsd, result_t *res)
{
	struct sigaction act, old;
	int i;

	(void) tsd;
	memset(&act, 0, sizeof(act));
	act.sa_handler = nothing;
	(void) sigemptyset(&act.sa_mask);
	for (i = 0; i < lm_optB; i++)
		res->re_errors += sigaction(SIGUSR1, &act, &old) != 0;
	res->re_count = i;
	return 0;
}
