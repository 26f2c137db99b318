/* SPDX-License-Identifier: MIT */
/*
 * nproc.h - room for the processes and threads a case is about to make.
 * RLIMIT_NPROC counts both, per user: raise the soft limit as far as the
 * hard one allows, and say plainly when even that is short of need (the
 * user's other processes count too, so a fork may still fail later; the
 * case then counts errors).  Processes with CAP_SYS_RESOURCE or
 * CAP_SYS_ADMIN, root among them, are not held to the limit on Linux.
 */
#ifndef NPROC_H
#define NPROC_H

#include <sys/resource.h>
#include <unistd.h>

#include "libmicro.h"

static int
nproc_room(long long need)
{
#ifdef RLIMIT_NPROC	/* BSD and Linux; POSIX has no such limit */
	struct rlimit rl;

	if (getrlimit(RLIMIT_NPROC, &rl) != 0)
		return 0;
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < rl.rlim_max) {
		struct rlimit up = rl;

		up.rlim_cur = rl.rlim_max;
		if (setrlimit(RLIMIT_NPROC, &up) == 0)
			rl = up;
	}
	if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= (rlim_t)need ||
	    geteuid() == 0)
		return 0;
	lm_error("%lld processes and threads needed, but RLIMIT_NPROC"
	    " allows %llu (see ulimit -u)", need,
	    (unsigned long long)rl.rlim_cur);
	return -1;
#else
	(void) need;
	return 0;
#endif
}

#endif /* NPROC_H */
