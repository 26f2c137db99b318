/* SPDX-License-Identifier: MIT */
/*
 * listen: one listen() per operation on a TCP socket bound to 127.0.0.1
 * (an ephemeral port).  From the second call on the socket is listening
 * already, so each call only sets the backlog, switching between 4 and
 * 5 so that every call has something to change (as in libMicro).
 */

/* loopback.h gives benchmark_initworker and benchmark_finiworker (the
 * socket). */
#define LO_WORKER	LO_BOUND
#include "loopback.h"

LM_TSD(lo_worker_t);

int
benchmark(void *tsd, result_t *res)
{
	lo_worker_t *ts = tsd;

	LM_EACH(i, res, listen(ts->lw_fd[0], 4 + (i & 1)) != 0);
	return 0;
}
