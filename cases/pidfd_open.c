/* SPDX-License-Identifier: MIT */
/*
 * pidfd_open: one pidfd_open(2) of the process itself and the close(2)
 * of the descriptor it gives, per operation.  Unsupported where the
 * kernel lacks the call.
 */
#include <unistd.h>

#include "libmicro.h"
#include "linuxonly.h"	/* lx_pidfd_open; no hooks */

static int
once(void)
{
	int fd = lx_pidfd_open(getpid());

	return fd < 0 ? -1 : close(fd);
}

int
benchmark_optcheck(void)
{
	return once() == 0 ? 0 : lm_unsupported("pidfd_open:");
}

int
benchmark(void *tsd, result_t *res)
{
	(void) tsd;
	LM_EACH(i, res, once() != 0);
	return 0;
}
