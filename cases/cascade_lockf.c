/* SPDX-License-Identifier: MIT */
/*
 * cascade_lockf: the ring of cascade_mutex run by -P processes, each gate
 * a one-byte lockf(F_LOCK) in one shared file, per step of the whole ring
 * (cascade.h).  lockf locks from the file offset, so each process opens
 * the file once per gate it handles, at that gate's byte (2i, so that
 * its neighbouring locks never merge).  -f names the file (it is not
 * written); by default it is made in the run's temporary directory.
 * Record locks belong to processes, so -T must be 1.
 */
#include <fcntl.h>
#include <unistd.h>

#include "cascade.h"

typedef struct {
	struct cs_ring	ts_ring;
	int		ts_fd[4];	/* one per role, at its gate's byte */
} tsd_t;

const struct lm_opt lm_options[] = { CS_OPT_FILE, LM_END };

static int
cs_block(void *tsd, int role)
{
	return lockf(((tsd_t *)tsd)->ts_fd[role], F_LOCK, 1) != 0;
}

static int
cs_unblock(void *tsd, int role)
{
	return lockf(((tsd_t *)tsd)->ts_fd[role], F_ULOCK, 1) != 0;
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
	int fd;

	if (cs_lockfile() != 0)
		return -1;
	if ((fd = open(cs_file, O_RDWR)) < 0 || close(fd) != 0) {
		lm_error("%s:", cs_file);
		return -1;
	}
	return cs_setup();
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	int r;

	cs_place(&ts->ts_ring);
	for (r = 0; r < 4; r++) {
		ts->ts_fd[r] = open(cs_file, O_RDWR);
		if (ts->ts_fd[r] < 0 || lseek(ts->ts_fd[r],
		    2 * (off_t)ts->ts_ring.cr_lock[r], SEEK_SET) < 0) {
			lm_error("%s:", cs_file);
			return -1;
		}
	}
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;
	int r, e = 0;

	for (r = 0; r < 4; r++)
		e |= close(ts->ts_fd[r]);
	return e;
}

int
benchmark_finirun(void)
{
	cs_teardown();
	return 0;
}
