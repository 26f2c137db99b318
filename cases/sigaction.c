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

	(void) tsd;
	memset(&act, 0, sizeof(act));
	act.sa_handler = nothing;
	(void) sigemptyset(&act.sa_mask);
	LM_EACH(i, res, sigaction(SIGUSR1, &act, &old) != 0);
	return 0;
}
