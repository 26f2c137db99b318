/* SPDX-License-Identifier: MIT */
/*
 * cascade_fcntl: the ring of cascade_mutex run by -P processes, each gate
 * a one-byte fcntl write lock (F_SETLKW) in one shared file, per step of
 * the whole ring (cascade.h).  -f names the file (it is not written); by
 * default it is made in the run's temporary directory.  Record locks
 * belong to processes, so -T must be 1.
 */

/* cascade.h gives lm_options (-f), lm_tsd, benchmark_optcheck,
 * benchmark_initrun, benchmark_initworker, benchmark_initbatch,
 * benchmark_finiworker, benchmark_finirun and benchmark() itself; this
 * file gives cs_block and cs_unblock. */
#define CS_RECORDS
#include "cascade.h"

static int
setlk(struct cs_ring *r, int role, int type, int cmd)
{
	struct flock fl;

	fl.l_type = (short)type;
	fl.l_whence = SEEK_SET;
	fl.l_start = 2 * (off_t)r->cr_gate[role];
	fl.l_len = 1;
	return fcntl(r->cr_fd[role], cmd, &fl) != 0;
}

static int
cs_block(struct cs_ring *r, int role)
{
	return setlk(r, role, F_WRLCK, F_SETLKW);
}

static int
cs_unblock(struct cs_ring *r, int role)
{
	return setlk(r, role, F_UNLCK, F_SETLK);
}
