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
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "libmicro.h"
#include "cascade.h"
#include "nproc.h"

typedef struct {
	struct cs_ring	ts_ring;
	int		ts_fd[4];	/* one per role, at its gate's byte */
} tsd_t;

static char	*optf;
static char	path[PATH_MAX];

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
	snprintf(lm_optstr, sizeof(lm_optstr), "f:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -f file  lock bytes of this file (default: a temporary"
	    " file)\n");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	if (opt != 'f')
		return -1;
	optf = lm_optfile(opt, optarg, R_OK | W_OK);
	return 0;
}

int
benchmark_initrun(void)
{
	int fd;

	if (lm_optT > 1)
		lm_usage_error("-T %d: record locks belong to processes;"
		    " use -P", lm_optT);
	if (nproc_room(lm_optP + 1LL) != 0)
		return -1;
	if (optf == NULL && (optf = lm_tmppath(path, sizeof(path),
	    "cascade")) == NULL)
		return -1;
	if ((fd = open(optf, O_RDWR | (optf == path ? O_CREAT : 0),
	    0600)) < 0 || close(fd) != 0) {
		lm_error("%s:", optf);
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
		ts->ts_fd[r] = open(optf, O_RDWR);
		if (ts->ts_fd[r] < 0 || lseek(ts->ts_fd[r],
		    2 * (off_t)ts->ts_ring.cr_lock[r], SEEK_SET) < 0) {
			lm_error("%s:", optf);
			return -1;
		}
	}
	return 0;
}

int
benchmark_initbatch(void *tsd)
{
	return cs_arm(tsd);
}

int
benchmark(void *tsd, result_t *res)
{
	return cs_run(tsd, res);
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
