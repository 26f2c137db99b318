/* SPDX-License-Identifier: MIT */
/*
 * signal: a signal sent to ourselves, kill(getpid(), SIGUSR1), and its
 * delivery to a handler installed once beforehand, per signal.
 */
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "libmicro.h"

static volatile sig_atomic_t	caught;

static void
count(int sig)
{
	(void) sig;
	caught++;
}

int
benchmark_initrun(void)
{
	struct sigaction act;

	memset(&act, 0, sizeof(act));
	act.sa_handler = count;
	(void) sigemptyset(&act.sa_mask);
	if (sigaction(SIGUSR1, &act, NULL) != 0) {
		lm_error("sigaction:");
		return -1;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	pid_t pid = getpid();

	(void) tsd;
	LM_EACH(i, res, kill(pid, SIGUSR1) != 0);
	lm_sink += caught;
	return 0;
}
