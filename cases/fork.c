/* SPDX-License-Identifier: MIT */
/*
 * fork: fork() as the parent sees it, per child.  Each child leaves at
 * once through _exit; the parent reaps the batch after the timing, so up
 * to B children exist at once (fork_10 .. fork_1000 fix B with -B).
 */
#include <sys/wait.h>
#include <unistd.h>

/* spawn.h gives benchmark_init and benchmark_initrun (the cap on -B, the
 * room in RLIMIT_NPROC). */
#define SPAWN_MAXB	1000
#include "spawn.h"

typedef struct {
	pid_t	ts_pids[SPAWN_MAXB];
} tsd_t;

LM_TSD(tsd_t);

int
benchmark(void *tsd, result_t *res)
{
	pid_t *pids = ((tsd_t *)tsd)->ts_pids;
	int i;

	for (i = 0; i < lm_optB; i++) {
		if ((pids[i] = fork()) == 0)
			_exit(0);
		if (pids[i] < 0)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finibatch(void *tsd)
{
	pid_t *pids = ((tsd_t *)tsd)->ts_pids;
	int i, status, e = 0;

	for (i = 0; i < lm_optB; i++)
		if (pids[i] > 0 && (waitpid(pids[i], &status, 0) != pids[i] ||
		    status != 0))
			e = -1;
	return e;
}
