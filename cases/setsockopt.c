/* SPDX-License-Identifier: MIT */
/*
 * setsockopt: one setsockopt(IPPROTO_TCP, TCP_NODELAY) per operation on
 * a TCP socket, switching the option off and on so that every call has
 * something to change.
 */

/* loopback.h gives benchmark_initworker and benchmark_finiworker (the
 * socket). */
#define LO_WORKER	LO_PLAIN
#include "loopback.h"

LM_TSD(lo_worker_t);

static const int	onoff[2] = { 0, 1 };

int
benchmark(void *tsd, result_t *res)
{
	lo_worker_t *ts = tsd;

	LM_EACH(i, res, setsockopt(ts->lw_fd[0], IPPROTO_TCP, TCP_NODELAY,
	    &onoff[i & 1], sizeof(int)) != 0);
	return 0;
}
