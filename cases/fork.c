/* SPDX-License-Identifier: MIT */
/*
 * fork: fork() as the parent sees it, per child.  Each child leaves at
 * once through _exit; the parent reaps the batch after the timing, so up
 * to B children exist at once (fork_10 .. fork_1000 fix B with -B).
 */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libmicro.h"
#include "nproc.h"

typedef struct {
	pid_t	*ts_pids;
} tsd_t;


int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	lm_maxB = 1000;
	return 0;
}

int
benchmark_initrun(void)
{
	int most = lm_optB > 0 ? lm_optB : lm_maxB;	/* per batch */

	return nproc_room((long long)lm_optP * lm_optT * (most + 1) + 1);
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	ts->ts_pids = calloc((size_t)lm_maxB, sizeof(pid_t));
	return ts->ts_pids == NULL ? -1 : 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++) {
		if ((ts->ts_pids[i] = fork()) == 0)
			_exit(0);
		if (ts->ts_pids[i] < 0)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finibatch(void *tsd)
{
	tsd_t *ts = tsd;
	int i, status, e = 0;

	for (i = 0; i < lm_optB; i++)
		if (ts->ts_pids[i] > 0 && (waitpid(ts->ts_pids[i], &status,
		    0) != ts->ts_pids[i] || status != 0))
			e = -1;
	return e;
}

int
benchmark_finiworker(void *tsd)
{
	free(((tsd_t *)tsd)->ts_pids);
	return 0;
}
