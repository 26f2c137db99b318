/* SPDX-License-Identifier: MIT */
/*
 * bind: one bind() of a fresh TCP socket to 127.0.0.1, port 0 (the
 * kernel picks a free ephemeral port), per operation.  The sockets are
 * made before the batch and closed after it, so a batch holds at most
 * 256 of them.
 */

/* loopback.h gives benchmark_init and benchmark_initrun (the cap on -B,
 * the descriptor limit), benchmark_finibatch (closes the sockets). */
#define LO_BATCH	1	/* a socket per operation */
#define LO_BATCH_CLOSE
#include "loopback.h"

typedef struct {
	lo_batch_t		ts_b;	/* closed after the batch */
	struct sockaddr_in	ts_sin;	/* 127.0.0.1, port 0 */
} tsd_t;
LM_TSD(tsd_t);

int
benchmark_initbatch(void *tsd)
{
	tsd_t *ts = tsd;

	lo_addr(&ts->ts_sin);
	return lo_sockets(ts->ts_b.lb_fds, lm_optB);
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	const struct sockaddr *sa = (const struct sockaddr *)&ts->ts_sin;

	LM_EACH(i, res, bind(ts->ts_b.lb_fds[i], sa, sizeof(ts->ts_sin)) != 0);
	return 0;
}
