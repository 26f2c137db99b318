/* SPDX-License-Identifier: MIT */
/*
 * cascade_mutex: a token passed around a ring of -T threads (or -P
 * processes) with mutexes alone, per step of the whole ring (cascade.h):
 * c_mutex_1 is the uncontended lock and unlock, c_mutex_200 a step
 * through 200 hand-offs.  The mutexes are process-shared when -P > 1.
 */
#include <pthread.h>

/* cascade.h gives lm_tsd, benchmark_initrun, benchmark_initworker,
 * benchmark_initbatch, benchmark_finirun and benchmark() itself; this
 * file gives the gate, cs_block and cs_unblock. */
#define CS_GATE		pthread_mutex_t
#define CS_INIT(g)	ps_init((g), NULL)
#include "cascade.h"

static int
cs_block(struct cs_ring *r, int role)
{
	return pthread_mutex_lock(&cs_gate[r->cr_gate[role]]) != 0;
}

static int
cs_unblock(struct cs_ring *r, int role)
{
	return pthread_mutex_unlock(&cs_gate[r->cr_gate[role]]) != 0;
}
