/* SPDX-License-Identifier: MIT */
/*
 * mutex: pthread_mutex_lock and unlock of one mutex, per pair.  Alone
 * (mutex_st) it is never contended; -t first starts an idle thread, so
 * the program runs multi-threaded (mutex_mt); with -T 2 (mutex_T2) or
 * -P 2 the workers contend for the one mutex (process-shared for -P).
 */
#include <unistd.h>

#include "pshared.h"	/* ps_map, ps_init; no hooks */

static int		optt;
static pthread_mutex_t	*lock;
static pthread_t	idler;		/* -t: one per process */

const struct lm_opt lm_options[] = {
	{ 't', LM_FLAG, NULL, &optt, NULL, 0, 0,
	    "start an idle thread first (run multi-threaded)", NULL },
	LM_END
};

static void *
idle(void *arg)
{
	for (;;)
		(void) pause();
	return arg;
}

int
benchmark_initrun(void)
{
	if ((lock = ps_map(sizeof(pthread_mutex_t))) == NULL)
		return -1;
	return ps_init(lock, NULL);
}

int
benchmark_initworker(void *tsd)
{
	(void) tsd;
	return optt && gettindex() == 0 &&
	    pthread_create(&idler, NULL, idle, NULL) != 0 ? -1 : 0;
}

int
benchmark(void *tsd, result_t *res)
{
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		res->re_errors += pthread_mutex_lock(lock) != 0;
		res->re_errors += pthread_mutex_unlock(lock) != 0;
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	(void) tsd;
	return optt && gettindex() == 0 && (pthread_cancel(idler) != 0 ||
	    pthread_join(idler, NULL) != 0) ? -1 : 0;
}

int
benchmark_finirun(void)
{
	return lock != NULL ? munmap(lock, sizeof(pthread_mutex_t)) : 0;
}
