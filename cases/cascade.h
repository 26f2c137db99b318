/* SPDX-License-Identifier: MIT */
/*
 * cascade.h - the ring the cascade_* cases pass a token around.
 *
 * The N = P x T workers stand in a ring.  Worker w owns two gates, 2w
 * and 2w+1, and keeps one gate of its successor closed.  One operation
 * is one step: wait for our own gate to open, then close the successor's
 * next gate before opening its current one.  So a worker can only follow
 * its predecessor, and a step costs N hand-offs around the ring.  The last
 * worker holds its successor's gates crossed over (1 for 0), which leaves
 * worker 0 free to start and keeps the ring from closing into a deadlock.
 *
 * A case defines cs_block() and cs_unblock() (close, or wait for and
 * close; and open a gate), and says before including this which kind
 * of ring it is; the header has the hooks.  A memory ring (cascade_mutex,
 * cascade_cond) defines CS_GATE, the type of a gate, and CS_INIT(g),
 * which makes gate *g: its 2N gates are cs_gate[], in memory shared by
 * the processes.  A file ring (cascade_flock) defines CS_FILES, and
 * cs_open(i), which opens gate i for the worker calling it, and its
 * benchmark_initrun(), which calls cs_setup() first: each worker holds
 * a descriptor for each of its four gates.  A record-lock ring
 * (cascade_fcntl, cascade_lockf) defines CS_RECORDS and needs nothing
 * more: -f names the file whose bytes it locks (gate i is byte 2i, so
 * that a process's neighbouring locks never merge), made in the run's
 * temporary directory by default, and -T must be 1.
 */
#ifndef CASCADE_H
#define CASCADE_H

#include <fcntl.h>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include "libmicro.h"
#include "nproc.h"
#include "pshared.h"

#ifdef CS_RECORDS
#define CS_FILES
#endif

/* The four gates a worker handles, by role. */
enum { CS_MINE0, CS_MINE1, CS_NEXT0, CS_NEXT1 };

struct cs_ring {
	int	cr_gate[4];	/* the gate of each role */
	int	cr_fd[4];	/* file rings: its descriptor */
};

LM_TSD(struct cs_ring);

/* The case's primitives: 0 on success, 1 on failure. */
static int	cs_block(struct cs_ring *r, int role);
static int	cs_unblock(struct cs_ring *r, int role);
#ifdef CS_FILES
/* A descriptor of gate i, or -1 after lm_error. */
static int	cs_open(int i);
#endif

static pthread_barrier_t	*cs_bar;
static int			cs_n;		/* workers in the ring */
#ifdef CS_GATE
static CS_GATE			*cs_gate;	/* 2N, shared */
#endif

/* Room for the workers, and the start line of every sample (shared by
 * the processes when -P > 1); 0 on success. */
static int
cs_setup(void)
{
	pthread_barrierattr_t ba;
	int e;

	cs_n = lm_optP * lm_optT;
	if (nproc_room(cs_n + 1LL) != 0 ||
	    (cs_bar = ps_map(sizeof(*cs_bar))) == NULL)
		return -1;
	(void) pthread_barrierattr_init(&ba);
	(void) pthread_barrierattr_setpshared(&ba, PTHREAD_PROCESS_SHARED);
	e = pthread_barrier_init(cs_bar, &ba, (unsigned)cs_n);
	(void) pthread_barrierattr_destroy(&ba);
	if (e != 0)
		lm_error("pthread_barrier_init failed");
	return e != 0 ? -1 : 0;
}

#ifdef CS_GATE
int
benchmark_initrun(void)
{
	int i, e = 0;

	if (cs_setup() != 0 ||
	    (cs_gate = ps_map(2 * (size_t)cs_n * sizeof(CS_GATE))) == NULL)
		return -1;
	for (i = 0; i < 2 * cs_n; i++)
		e |= CS_INIT(&cs_gate[i]);
	return e != 0 ? -1 : 0;
}
#endif

/* Not pthread_barrier_destroy: after an interruption it would wait for
 * workers killed at the line. */
int
benchmark_finirun(void)
{
	(void) munmap(cs_bar, sizeof(*cs_bar));
#ifdef CS_GATE
	if (cs_gate != NULL)
		return munmap(cs_gate, 2 * (size_t)cs_n * sizeof(CS_GATE));
#endif
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	struct cs_ring *r = tsd;
	int w = getpindex() * lm_optT + gettindex();
	int next = (w + 1) % cs_n, cross = w == cs_n - 1;

	r->cr_gate[CS_MINE0] = 2 * w;
	r->cr_gate[CS_MINE1] = 2 * w + 1;
	r->cr_gate[CS_NEXT0] = 2 * next + cross;
	r->cr_gate[CS_NEXT1] = 2 * next + !cross;
#ifdef CS_FILES
	for (int k = 0; k < 4; k++)
		if ((r->cr_fd[k] = cs_open(r->cr_gate[k])) < 0)
			return -1;
#endif
	return 0;
}

#ifdef CS_FILES
int
benchmark_finiworker(void *tsd)
{
	struct cs_ring *r = tsd;
	int e = 0;

	for (int k = 0; k < 4; k++)
		e |= close(r->cr_fd[k]);
	return e;
}
#endif

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

#ifdef CS_RECORDS
static char	*cs_file;	/* locked, never written */

const struct lm_opt lm_options[] = {
	{ 'f', LM_PATH, "file", &cs_file, "a temporary file", R_OK | W_OK, 0,
	    "lock bytes of this file", NULL },
	LM_END
};

int
benchmark_optcheck(void)
{
	if (lm_optT > 1)
		lm_usage_error("-T %d: record locks belong to processes;"
		    " use -P", lm_optT);
	return 0;
}

int
benchmark_initrun(void)
{
	int fd;

	if (cs_setup() != 0 || lm_datafile(&cs_file, "cascade", 0) != 0)
		return -1;
	if ((fd = open(cs_file, O_RDWR)) < 0 || close(fd) != 0) {
		lm_error("%s:", cs_file);
		return -1;
	}
	return 0;
}

/* The file at byte 2i: lockf locks from the offset. */
static int
cs_open(int i)
{
	int fd = open(cs_file, O_RDWR);

	if (fd < 0 || lseek(fd, 2 * (off_t)i, SEEK_SET) < 0) {
		lm_error("%s:", cs_file);
		return -1;
	}
	return fd;
}
#endif /* CS_RECORDS */

#endif /* CASCADE_H */
