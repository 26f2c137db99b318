/* SPDX-License-Identifier: MIT */
/*
 * pthread_create: the creation of a thread, per thread.  The threads of
 * a batch wait on a mutex the creator holds, so all B of them exist at
 * once (pthread_8 .. pthread_512 fix B with -B); after the timing the
 * creator lets them go and joins them.
 */
#include <pthread.h>

/* spawn.h gives benchmark_init and benchmark_initrun (the cap on -B, the
 * room in RLIMIT_NPROC). */
#define SPAWN_MAXB	512
#include "spawn.h"

typedef struct {
	pthread_t	ts_tids[SPAWN_MAXB];
	int		ts_made;
	pthread_mutex_t	ts_gate;
} tsd_t;

LM_TSD(tsd_t);

static void *
waiter(void *arg)
{
	tsd_t *ts = arg;

	(void) pthread_mutex_lock(&ts->ts_gate);
	(void) pthread_mutex_unlock(&ts->ts_gate);
	return NULL;
}

int
benchmark_initworker(void *tsd)
{
	return pthread_mutex_init(&((tsd_t *)tsd)->ts_gate, NULL) != 0 ? -1 : 0;
}

int
benchmark_initbatch(void *tsd)
{
	return pthread_mutex_lock(&((tsd_t *)tsd)->ts_gate) != 0 ? -1 : 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i;

	for (i = ts->ts_made = 0; i < lm_optB; i++)
		if (pthread_create(&ts->ts_tids[ts->ts_made], NULL, waiter,
		    ts) == 0)
			ts->ts_made++;
	res->re_count = i;
	res->re_errors = i - ts->ts_made;
	return 0;
}

int
benchmark_finibatch(void *tsd)
{
	tsd_t *ts = tsd;
	int i, e = pthread_mutex_unlock(&ts->ts_gate);

	for (i = 0; i < ts->ts_made; i++)
		e |= pthread_join(ts->ts_tids[i], NULL);
	return e != 0 ? -1 : 0;
}

int
benchmark_finiworker(void *tsd)
{
	return pthread_mutex_destroy(&((tsd_t *)tsd)->ts_gate) != 0 ? -1 : 0;
}
