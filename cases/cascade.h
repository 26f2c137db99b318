/* SPDX-License-Identifier: MIT */
/*
 * cascade.h - the ring the c_* cases pass a token around.
 *
 * The N = P x T workers stand in a ring.  Worker w owns two gates, locks
 * 2w and 2w+1, and keeps one gate of its successor closed.  One operation
 * is one step: wait for our own gate to open, then close the successor's
 * next gate before opening its current one.  So a worker can only follow
 * its predecessor, and a step costs N hand-offs around the ring.  The last
 * worker holds its successor's gates crossed over (1 for 0), which leaves
 * worker 0 free to start and keeps the ring from closing into a deadlock.
 *
 * A case defines cs_block() and cs_unblock() (close, or wait for and
 * close; and open a gate), then calls cs_setup() from initrun, cs_place()
 * from initworker and cs_teardown() from finirun; this header's
 * benchmark_initbatch() and benchmark() arm and run the ring.  The tsd
 * starts with a struct cs_ring.
 *
 * The record-lock rings (cascade_fcntl, cascade_lockf) lock bytes of
 * one file: CS_OPT_FILE declares -f, and cs_lockfile() from initrun
 * checks -T, makes room for the processes and, with no -f, makes the
 * file in the run's temp directory.
 */
#ifndef CASCADE_H
#define CASCADE_H

#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include "libmicro.h"
#include "nproc.h"

/* The four gates a worker handles, by role. */
enum { CS_MINE0, CS_MINE1, CS_NEXT0, CS_NEXT1 };

struct cs_ring {
	int	cr_lock[4];	/* global lock number of each role */
};

/* The case's primitives: 0 on success, 1 on failure. */
static int	cs_block(void *tsd, int role);
static int	cs_unblock(void *tsd, int role);

static pthread_barrier_t	*cs_bar;
static int			cs_n;

/* The start line of every sample; shared by processes when -P > 1. */
static int
cs_setup(void)
{
	pthread_barrierattr_t ba;
	int e;

	cs_n = lm_optP * lm_optT;
	cs_bar = mmap(NULL, sizeof(*cs_bar), PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (cs_bar == MAP_FAILED) {
		lm_error("mmap:");
		return -1;
	}
	(void) pthread_barrierattr_init(&ba);
	(void) pthread_barrierattr_setpshared(&ba, PTHREAD_PROCESS_SHARED);
	e = pthread_barrier_init(cs_bar, &ba, (unsigned)cs_n);
	(void) pthread_barrierattr_destroy(&ba);
	if (e != 0)
		lm_error("pthread_barrier_init failed");
	return e != 0 ? -1 : 0;
}

/* Not pthread_barrier_destroy: after an interruption it would wait for
 * workers killed at the line. */
static void
cs_teardown(void)
{
	(void) munmap(cs_bar, sizeof(*cs_bar));
}

static void
cs_place(struct cs_ring *r)
{
	int w = getpindex() * lm_optT + gettindex();
	int next = (w + 1) % cs_n, cross = w == cs_n - 1;

	r->cr_lock[CS_MINE0] = 2 * w;
	r->cr_lock[CS_MINE1] = 2 * w + 1;
	r->cr_lock[CS_NEXT0] = 2 * next + cross;
	r->cr_lock[CS_NEXT1] = 2 * next + !cross;
}

/*
 * Close the successor's first gate, then wait until every worker has
 * done the same: the engine starts a sample before initbatch, so without
 * this a worker could run ahead through gates not closed yet.  Everyone
 * comes to the line, even after a failure, so that no one waits forever.
 */
int
benchmark_initbatch(void *tsd)
{
	int e = cs_block(tsd, CS_NEXT0);

	(void) pthread_barrier_wait(cs_bar);
	return e != 0 ? -1 : 0;
}

int
benchmark(void *tsd, result_t *res)
{
	int i, e = 0;

	for (i = 0; i < lm_optB; i++) {
		int x = i & 1;

		e += cs_block(tsd, CS_MINE0 + x);	/* our turn */
		e += cs_unblock(tsd, CS_MINE0 + x);
		e += cs_block(tsd, CS_NEXT0 + !x);	/* theirs after next */
		e += cs_unblock(tsd, CS_NEXT0 + x);	/* theirs now */
	}
	e += cs_unblock(tsd, CS_NEXT0 + (i & 1));	/* end with none held */
	res->re_count = i;
	res->re_errors = e;
	return 0;
}

/* The file whose bytes a record-lock ring locks (not written). */
static char	*cs_file;

#define CS_OPT_FILE { 'f', LM_PATH, "file", &cs_file, "a temporary file", \
	R_OK | W_OK, 0, "lock bytes of this file", NULL }

static inline int
cs_lockfile(void)
{
	if (lm_optT > 1)
		lm_usage_error("-T %d: record locks belong to processes;"
		    " use -P", lm_optT);
	if (nproc_room(lm_optP + 1LL) != 0)
		return -1;
	return lm_datafile(&cs_file, "cascade", 0);
}

#endif /* CASCADE_H */
