/* SPDX-License-Identifier: MIT */
/*
 * cascade_flock: the ring of cascade_mutex with each gate an exclusive
 * flock on a file of its own, per step of the whole ring (cascade.h).
 * flock belongs to the open file, not the process, so every worker opens
 * the four files it handles itself, and -P processes and -T threads both
 * contend.  The 2 x P x T files are made in the run's temporary directory.
 */
#include <limits.h>
#include <stdio.h>

/* cascade.h gives lm_tsd, benchmark_initworker, benchmark_initbatch,
 * benchmark_finiworker, benchmark_finirun and benchmark() itself; this
 * file gives cs_block, cs_unblock, cs_open and benchmark_initrun. */
#define CS_FILES
#include "cascade.h"

static int
cs_block(struct cs_ring *r, int role)
{
	return flock(r->cr_fd[role], LOCK_EX) != 0;
}

static int
cs_unblock(struct cs_ring *r, int role)
{
	return flock(r->cr_fd[role], LOCK_UN) != 0;
}

/* Gate i's file, made if need be. */
static int
cs_open(int i)
{
	char name[32], path[PATH_MAX];
	int fd;

	snprintf(name, sizeof(name), "gate.%d", i);
	if (lm_tmppath(path, sizeof(path), name) == NULL)
		return -1;
	if ((fd = open(path, O_RDWR | O_CREAT, 0600)) < 0)
		lm_error("%s:", path);
	return fd;
}

int
benchmark_initrun(void)
{
	int i, need = 4 * lm_optT + 64;

	if (cs_setup() != 0)
		return -1;
	for (i = 0; i < 2 * cs_n; i++) {
		int fd = cs_open(i);

		if (fd < 0 || close(fd) != 0)
			return -1;
	}
	if (setfdlimit(need) == 0)
		return 0;
	lm_error("%d descriptors per process:", need);
	return -1;
}
