/* SPDX-License-Identifier: MIT */
/*
 * cascade_mutex: a token passed around a ring of -T threads (or -P
 * processes) with mutexes alone, per step of the whole ring (cascade.h):
 * c_mutex_1 is the uncontended lock and unlock, c_mutex_200 a step
 * through 200 hand-offs.  The mutexes are process-shared when -P > 1.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "libmicro.h"
#include "cascade.h"
#include "nproc.h"

typedef struct {
	struct cs_ring	ts_ring;
} tsd_t;

static pthread_mutex_t	*locks;
static size_t		nlocks;

static int
cs_block(void *tsd, int role)
{
	return pthread_mutex_lock(&locks[((tsd_t *)tsd)->ts_ring.cr_lock[role]])
	    != 0;
}

static int
cs_unblock(void *tsd, int role)
{
	return pthread_mutex_unlock(
	    &locks[((tsd_t *)tsd)->ts_ring.cr_lock[role]]) != 0;
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
	size_t i;

	if (nproc_room((long long)lm_optP * lm_optT + 1) != 0 ||
	    cs_setup() != 0)
		return -1;
	nlocks = 2 * (size_t)lm_optP * lm_optT;
	locks = mmap(NULL, nlocks * sizeof(pthread_mutex_t), PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (locks == MAP_FAILED) {
		lm_error("mmap:");
		return -1;
	}
	(void) pthread_mutexattr_init(&ma);
	if (lm_optP > 1)
		(void) pthread_mutexattr_setpshared(&ma,
		    PTHREAD_PROCESS_SHARED);
	for (i = 0; i < nlocks; i++)
		if (pthread_mutex_init(&locks[i], &ma) != 0)
			return -1;
	(void) pthread_mutexattr_destroy(&ma);
	return 0;
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
	return munmap(locks, nlocks * sizeof(pthread_mutex_t));
}
