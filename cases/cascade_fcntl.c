/* SPDX-License-Identifier: MIT */
/*
 * cascade_fcntl: the ring of cascade_mutex run by -P processes, each gate
 * a one-byte fcntl write lock (F_SETLKW) in one shared file, per step of
 * the whole ring (cascade.h).  Gate i is byte 2i, so that a process's
 * neighbouring locks never merge.  -f names the file (it is not written);
 * by default it is made in the run's temporary directory.  Record locks
 * belong to processes, so -T must be 1.
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
} tsd_t;

static char	*optf;
static char	path[PATH_MAX];
static int	fd = -1;

static int
setlk(void *tsd, int role, int type, int cmd)
{
	struct flock fl;

	fl.l_type = (short)type;
	fl.l_whence = SEEK_SET;
	fl.l_start = 2 * (off_t)((tsd_t *)tsd)->ts_ring.cr_lock[role];
	fl.l_len = 1;
	return fcntl(fd, cmd, &fl) != 0;
}

static int
cs_block(void *tsd, int role)
{
	return setlk(tsd, role, F_WRLCK, F_SETLKW);
}

static int
cs_unblock(void *tsd, int role)
{
	return setlk(tsd, role, F_UNLCK, F_SETLK);
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
	if (lm_optT > 1)
		lm_usage_error("-T %d: record locks belong to processes;"
		    " use -P", lm_optT);
	if (nproc_room(lm_optP + 1LL) != 0)
		return -1;
	if (optf == NULL && (optf = lm_tmppath(path, sizeof(path),
	    "cascade")) == NULL)
		return -1;
	fd = open(optf, O_RDWR | (optf == path ? O_CREAT : 0), 0600);
	if (fd < 0) {
		lm_error("%s:", optf);
		return -1;
	}
	return cs_setup();
}

int
benchmark_initworker(void *tsd)
{
	cs_place(&((tsd_t *)tsd)->ts_ring);
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
benchmark_finirun(void)
{
	cs_teardown();
	return close(fd);
}
