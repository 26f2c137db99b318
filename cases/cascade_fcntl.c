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
#include <unistd.h>

#include "cascade.h"

typedef struct {
	struct cs_ring	ts_ring;
} tsd_t;

static int	fd = -1;

const struct lm_opt lm_options[] = { CS_OPT_FILE, LM_END };

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
	return 0;
}

int
benchmark_initrun(void)
{
	if (cs_lockfile() != 0)
		return -1;
	if ((fd = open(cs_file, O_RDWR)) < 0) {
		lm_error("%s:", cs_file);
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
benchmark_finirun(void)
{
	cs_teardown();
	return close(fd);
}
