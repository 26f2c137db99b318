/* SPDX-License-Identifier: MIT */
/*
 * cascade_cond: the ring of cascade_mutex with each gate a flag guarded
 * by a mutex and waited for on a condition variable, per step of the
 * whole ring (cascade.h).  Process-shared when -P > 1.
 */
#include <pthread.h>

struct gate {
	pthread_mutex_t	g_lock;
	pthread_cond_t	g_cv;
	int		g_closed;
};

/* cascade.h gives lm_tsd, benchmark_initrun, benchmark_initworker,
 * benchmark_initbatch, benchmark_finirun and benchmark() itself; this
 * file gives the gate, cs_block and cs_unblock. */
#define CS_GATE		struct gate
#define CS_INIT(g)	ps_init(&(g)->g_lock, &(g)->g_cv)
#include "cascade.h"

static int
cs_block(struct cs_ring *r, int role)
{
	struct gate *g = &cs_gate[r->cr_gate[role]];
	int e = pthread_mutex_lock(&g->g_lock);

	while (e == 0 && g->g_closed)
		e = pthread_cond_wait(&g->g_cv, &g->g_lock);
	g->g_closed = 1;
	return (pthread_mutex_unlock(&g->g_lock) | e) != 0;
}

static int
cs_unblock(struct cs_ring *r, int role)
{
	struct gate *g = &cs_gate[r->cr_gate[role]];
	int e = pthread_mutex_lock(&g->g_lock);

	g->g_closed = 0;
	e |= pthread_cond_signal(&g->g_cv);
	return (pthread_mutex_unlock(&g->g_lock) | e) != 0;
}
