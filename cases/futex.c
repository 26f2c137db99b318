/* SPDX-License-Identifier: MIT */
/*
 * futex: one wake/wait round trip between two threads per operation.
 * The worker gives the turn to a partner thread (a store and a
 * FUTEX_WAKE) and sleeps in FUTEX_WAIT until the partner gives it back
 * the same way: the raw, process-private futex calls under every mutex
 * and condition variable, with nothing of pthreads in between.  The
 * partner is made once per worker.  -c places the two: free, where the
 * scheduler likes; same, both pinned to one CPU, so a trip is two
 * context switches there; cross, pinned to two CPUs, so a trip is two
 * wake-ups of the other CPU, each with its exit from idle (no context
 * switch on the waker's CPU).  Linux only (ENOSYS elsewhere).
 */
#include <errno.h>
#include <pthread.h>

#include "libmicro.h"
#include "cpus.h"	/* cpus_allowed, cpus_pin; no hooks */
#include "linuxonly.h"	/* lx_futex_wait, lx_futex_wake; no hooks */

enum { FREE, SAME, CROSS };
static int	optc, cpu[2];

const struct lm_opt lm_options[] = {
	{ 'c', LM_ENUM, "place", &optc, "free", 0, 0, "where the two threads"
	    " run", "free|same|cross" },
	LM_END
};

enum { MINE, YOURS, STOP };	/* whose turn, from the worker's side */

typedef struct {
	int		ts_turn;
	pthread_t	ts_thread;
} tsd_t;

LM_TSD(tsd_t);

static int
turn(tsd_t *ts)
{
	return __atomic_load_n(&ts->ts_turn, __ATOMIC_ACQUIRE);
}

/* Give the turn away and wake whoever sleeps on it. */
static int
give(tsd_t *ts, int to)
{
	__atomic_store_n(&ts->ts_turn, to, __ATOMIC_RELEASE);
	return lx_futex_wake(&ts->ts_turn);
}

/* Sleep until the turn is no longer t. */
static int
await(tsd_t *ts, int t)
{
	while (turn(ts) == t)
		if (lx_futex_wait(&ts->ts_turn, t) != 0 && errno != EAGAIN &&
		    errno != EINTR)
			return -1;
	return 0;
}

/* Pin the caller by -c: the worker to the first CPU, its partner to
 * the second with cross. */
static int
place(int which)
{
	return optc == FREE ? 0 : cpus_pin(cpu[optc == CROSS ? which : 0]);
}

int
benchmark_optcheck(void)
{
	int n = optc == FREE ? 2 : cpus_allowed(cpu, 2);

	if (n < 1)
		lm_usage_error("-c: cannot read the CPUs allowed");
	if (n < 2 && optc == CROSS)
		return lm_unsupported("-c cross needs two CPUs; 1 allowed");
	return 0;
}

static void *
partner(void *arg)
{
	tsd_t *ts = arg;

	if (place(1) != 0)
		return NULL;
	while (await(ts, MINE) == 0 && turn(ts) != STOP &&
	    give(ts, MINE) >= 0)
		;
	return NULL;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	ts->ts_turn = MINE;
	if (lx_futex_wake(&ts->ts_turn) < 0)
		lm_error("futex:");
	else if (place(0) != 0)
		lm_error("futex: pinning the worker:");
	else if (pthread_create(&ts->ts_thread, NULL, partner, ts) != 0)
		lm_error("futex: starting the partner thread");
	else
		return 0;
	return -1;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;

	LM_EACH(i, res, give(ts, YOURS) < 0 || await(ts, YOURS) != 0);
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	(void) give(ts, STOP);
	return pthread_join(ts->ts_thread, NULL) == 0 ? 0 : -1;
}
