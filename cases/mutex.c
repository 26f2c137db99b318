/* SPDX-License-Identifier: MIT */
/*
 * mutex: pthread_mutex_lock and unlock of one mutex, per pair.  Alone
 * (mutex_st) it is never contended; -t first starts an idle thread, so
 * the program runs multi-threaded (mutex_mt); with -T 2 (mutex_T2) or
 * -P 2 the workers contend for the one mutex (process-shared for -P).
 */
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include "libmicro.h"

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
	pthread_mutexattr_t ma;
	int e;

	lock = mmap(NULL, sizeof(pthread_mutex_t), PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (lock == MAP_FAILED) {
		lm_error("mmap:");
		return -1;
	}
	(void) pthread_mutexattr_init(&ma);
	if (lm_optP > 1)
		(void) pthread_mutexattr_setpshared(&ma,
		    PTHREAD_PROCESS_SHARED);
	e = pthread_mutex_init(lock, &ma);
	(void) pthread_mutexattr_destroy(&ma);
	return e != 0 ? -1 : 0;
}

int
benchmark_initworker(void *tsd)
{
	(void) tsd;
	if (optt && gettindex() == 0 &&
	    pthread_create(&idler, NULL, idle, NULL) != 0)
		return -1;
	return 0;
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
	if (optt && gettindex() == 0 && (pthread_cancel(idler) != 0 ||
	    pthread_join(idler, NULL) != 0))
		return -1;
	return 0;
}

int
benchmark_finirun(void)
{
	return munmap(lock, sizeof(pthread_mutex_t));
}
