/* SPDX-License-Identifier: MIT */
/*
 * cascade_flock: the ring of cascade_mutex with each gate an exclusive
 * flock on a file of its own, per step of the whole ring (cascade.h).
 * flock belongs to the open file, not the process, so every worker opens
 * the four files it handles itself, and -P processes and -T threads both
 * contend.  The 2 x P x T files are made in the run's temporary directory.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/file.h>
#include <unistd.h>

#include "libmicro.h"
#include "cascade.h"
#include "nproc.h"

typedef struct {
	struct cs_ring	ts_ring;
	int		ts_fd[4];	/* one per role */
} tsd_t;

static char *
gate_path(char *buf, size_t len, int i)
{
	char name[32];

	snprintf(name, sizeof(name), "gate.%d", i);
	return lm_tmppath(buf, len, name);
}

static int
cs_block(void *tsd, int role)
{
	return flock(((tsd_t *)tsd)->ts_fd[role], LOCK_EX) != 0;
}

static int
cs_unblock(void *tsd, int role)
{
	return flock(((tsd_t *)tsd)->ts_fd[role], LOCK_UN) != 0;
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
	char path[PATH_MAX];
	int i;

	if (nproc_room((long long)lm_optP * lm_optT + 1) != 0)
		return -1;
	for (i = 0; i < 2 * lm_optP * lm_optT; i++) {
		int fd;

		if (gate_path(path, sizeof(path), i) == NULL)
			return -1;
		if ((fd = open(path, O_RDWR | O_CREAT, 0600)) < 0 ||
		    close(fd) != 0) {
			lm_error("%s:", path);
			return -1;
		}
	}
	if (setfdlimit(4 * lm_optT + 64) != 0) {
		lm_error("%d descriptors per process:", 4 * lm_optT + 64);
		return -1;
	}
	return cs_setup();
}

int
benchmark_initworker(void *tsd)
{
	char path[PATH_MAX];
	tsd_t *ts = tsd;
	int r;

	cs_place(&ts->ts_ring);
	for (r = 0; r < 4; r++) {
		if (gate_path(path, sizeof(path), ts->ts_ring.cr_lock[r]) ==
		    NULL || (ts->ts_fd[r] = open(path, O_RDWR)) < 0) {
			lm_error("%s:", path);
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
