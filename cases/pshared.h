/* SPDX-License-Identifier: MIT */
/*
 * pshared.h - memory, mutexes and condition variables for the workers of
 * every process: made by the parent in benchmark_initrun, so that the
 * processes forked for -P inherit them.
 */
#ifndef PSHARED_H
#define PSHARED_H

#include <pthread.h>
#include <sys/mman.h>

#include "libmicro.h"

/* n zeroed bytes, shared with every process forked after; NULL on error. */
static inline void *
ps_map(size_t n)
{
	void *p = mmap(NULL, n, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (p != MAP_FAILED)
		return p;
	lm_error("mmap:");
	return NULL;
}

/* A mutex and, unless cv is NULL, a condition variable, process-shared
 * when -P > 1; 0 on success. */
static inline int
ps_init(pthread_mutex_t *m, pthread_cond_t *cv)
{
	int pshared = lm_optP > 1 ? PTHREAD_PROCESS_SHARED :
	    PTHREAD_PROCESS_PRIVATE;
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	int e;

	(void) pthread_mutexattr_init(&ma);
	(void) pthread_mutexattr_setpshared(&ma, pshared);
	e = pthread_mutex_init(m, &ma);
	(void) pthread_mutexattr_destroy(&ma);
	if (cv != NULL) {
		(void) pthread_condattr_init(&ca);
		(void) pthread_condattr_setpshared(&ca, pshared);
		e |= pthread_cond_init(cv, &ca);
		(void) pthread_condattr_destroy(&ca);
	}
	return e != 0 ? -1 : 0;
}

#endif /* PSHARED_H */
