/* SPDX-License-Identifier: MIT */
/*
 * cascade_cond: the ring of cascade_mutex with each gate a flag guarded
 * by a mutex and waited for on a condition variable, per step of the
 * whole ring (cascade.h).  Process-shared when -P > 1.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "libmicro.h"
#include "cascade.h"
#include "nproc.h"

typedef struct {
	struct cs_ring	ts_ring;
} tsd_t;

struct gate {
	pthread_mutex_t	g_lock;
	pthread_cond_t	g_cv;
	int		g_closed;
};

static struct gate	*gates;
static size_t		ngates;

static int
cs_block(void *tsd, int role)
{
	struct gate *g = &gates[((tsd_t *)tsd)->ts_ring.cr_lock[role]];
	int e = pthread_mutex_lock(&g->g_lock);

	while (e == 0 && g->g_closed)
		e = pthread_cond_wait(&g->g_cv, &g->g_lock);
	g->g_closed = 1;
	return (pthread_mutex_unlock(&g->g_lock) | e) != 0;
}

static int
cs_unblock(void *tsd, int role)
{
	struct gate *g = &gates[((tsd_t *)tsd)->ts_ring.cr_lock[role]];
	int e = pthread_mutex_lock(&g->g_lock);

	g->g_closed = 0;
	e |= pthread_cond_signal(&g->g_cv);
	return (pthread_mutex_unlock(&g->g_lock) | e) != 0;
}

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	return 0;
}

int
benchmark_initrun(void)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	size_t i;
	int e = 0;

	if (nproc_room((long long)lm_optP * lm_optT + 1) != 0 ||
	    cs_setup() != 0)
		return -1;
	ngates = 2 * (size_t)lm_optP * lm_optT;
	gates = mmap(NULL, ngates * sizeof(*gates), PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (gates == MAP_FAILED) {
		lm_error("mmap:");
		return -1;
	}
	(void) pthread_mutexattr_init(&ma);
	(void) pthread_condattr_init(&ca);
	if (lm_optP > 1) {
		(void) pthread_mutexattr_setpshared(&ma,
		    PTHREAD_PROCESS_SHARED);
		(void) pthread_condattr_setpshared(&ca,
		    PTHREAD_PROCESS_SHARED);
	}
	for (i = 0; i < ngates; i++)
		e |= pthread_mutex_init(&gates[i].g_lock, &ma) |
		    pthread_cond_init(&gates[i].g_cv, &ca);
	(void) pthread_mutexattr_destroy(&ma);
	(void) pthread_condattr_destroy(&ca);
	return e != 0 ? -1 : 0;
}

int
benchmark_initworker(void *tsd)
{
	cs_place(&((tsd_t *)tsd)->ts_ring);
	return 0;
}

int
benchmark_finirun(void)
{
	cs_teardown();
	return munmap(gates, ngates * sizeof(*gates));
}
