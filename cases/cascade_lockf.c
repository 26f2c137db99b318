/* SPDX-License-Identifier: MIT */
/*
 * cascade_lockf: the ring of cascade_mutex run by -P processes, each gate
 * a one-byte lockf(F_LOCK) in one shared file, per step of the whole ring
 * (cascade.h).  lockf locks from the file offset, so each process opens
 * the file once per gate it handles, at that gate's byte.  -f names the
 * file (it is not written); by default it is made in the run's temporary
 * directory.  Record locks belong to processes, so -T must be 1.
 */

/* cascade.h gives lm_options (-f), lm_tsd, benchmark_optcheck,
 * benchmark_initrun, benchmark_initworker, benchmark_initbatch,
 * benchmark_finiworker, benchmark_finirun and benchmark() itself; this
 * file gives cs_block and cs_unblock. */
#define CS_RECORDS
#include "cascade.h"

static int
cs_block(struct cs_ring *r, int role)
{
	return lockf(r->cr_fd[role], F_LOCK, 1) != 0;
}

static int
cs_unblock(struct cs_ring *r, int role)
{
	return lockf(r->cr_fd[role], F_ULOCK, 1) != 0;
}
