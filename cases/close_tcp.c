/* SPDX-License-Identifier: MIT */
/*
 * close_tcp: one close() of the accepted end of an established TCP
 * connection over 127.0.0.1 per operation (the close that sends FIN).
 * The connections are made before the batch, so a batch holds at most
 * 256; the connecting ends are reset after it, so that no TIME_WAIT
 * piles up.
 */

/* loopback.h gives benchmark_init and benchmark_initrun (the cap on -B,
 * the descriptor limit), benchmark_initworker and benchmark_finiworker
 * (the listener). */
#define LO_WORKER	LO_LISTEN	/* a listener per worker */
#define LO_BATCH	2		/* the two ends of a connection */
#include "loopback.h"

typedef struct {
	lo_worker_t	ts_lsn;		/* the listener */
	int		ts_con[LO_MAXB], ts_acc[LO_MAXB];
} tsd_t;
LM_TSD(tsd_t);

int
benchmark_initbatch(void *tsd)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++)
		if (lo_connection(ts->ts_lsn.lw_fd[0], &ts->ts_lsn.lw_sin,
		    &ts->ts_con[i], &ts->ts_acc[i]) != 0) {
			lm_error("connection over 127.0.0.1:");
			lo_drop(ts->ts_con, ts->ts_acc, i);
			return -1;
		}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;

	LM_EACH(i, res, close(ts->ts_acc[i]) != 0);
	return 0;
}

int
benchmark_finibatch(void *tsd)
{
	lo_drop(((tsd_t *)tsd)->ts_con, NULL, lm_optB);
	return 0;
}
