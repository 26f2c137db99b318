/* SPDX-License-Identifier: MIT */
/*
 * connection: one TCP connection over 127.0.0.1 per operation: a
 * blocking connect() to a listener on an ephemeral port and the accept()
 * of it.  -c times only the connect (accepted after the batch), -a only
 * the accept (connected before it).  As in libMicro each connection of
 * a batch has a listener of its own, and a batch holds at most 256.
 * The connections are reset after the batch, so that no TIME_WAIT piles
 * up.
 */

/* loopback.h gives benchmark_init and benchmark_initrun (the cap on -B,
 * the descriptor limit). */
#define LO_BATCH	3	/* a listener and the two ends */
#include "loopback.h"

#define PENDING		(-2)	/* connected, not yet accepted */

static int	opta, optc;

const struct lm_opt lm_options[] = {
	{ 'a', LM_FLAG, NULL, &opta, NULL, 0, 0, "time only the accept()",
	    NULL },
	{ 'c', LM_FLAG, NULL, &optc, NULL, 0, 0, "time only the connect()",
	    NULL },
	LM_END
};

typedef struct {
	int			ts_lsn[LO_MAXB];	/* at ts_sin[i] */
	struct sockaddr_in	ts_sin[LO_MAXB];
	int			ts_con[LO_MAXB], ts_acc[LO_MAXB];
} tsd_t;
LM_TSD(tsd_t);

int
benchmark_optcheck(void)
{
	if (opta && optc)
		lm_usage_error("-a and -c exclude each other");
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	return lo_listeners(ts->ts_lsn, ts->ts_sin, LO_MAXB, 5);
}

int
benchmark_initbatch(void *tsd)
{
	tsd_t *ts = tsd;
	int i;

	if (lo_sockets(ts->ts_con, lm_optB) != 0)
		return -1;
	for (i = 0; i < lm_optB; i++) {
		ts->ts_acc[i] = opta ? PENDING : -1;
		if (opta && lo_connect(ts->ts_con[i], &ts->ts_sin[i]) != 0) {
			lm_error("connect to 127.0.0.1:");
			lo_drop(ts->ts_con, NULL, lm_optB);
			return -1;
		}
	}
	return 0;
}

/* One operation: the connect unless -a made it, then the accept unless
 * -c leaves it for after the batch.  Nonzero if a call timed failed. */
static inline int
connect_accept(tsd_t *ts, int i)
{
	if (!opta && lo_connect(ts->ts_con[i], &ts->ts_sin[i]) != 0)
		return 1;
	if (optc) {
		ts->ts_acc[i] = PENDING;
		return 0;
	}
	return (ts->ts_acc[i] = lo_accept(ts->ts_lsn[i])) < 0;
}

int
benchmark(void *tsd, result_t *res)
{
	LM_EACH(i, res, connect_accept(tsd, i));
	return 0;
}

int
benchmark_finibatch(void *tsd)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++)
		if (ts->ts_acc[i] == PENDING)
			ts->ts_acc[i] = lo_accept(ts->ts_lsn[i]);
	lo_drop(ts->ts_con, ts->ts_acc, lm_optB);
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	fd_close_n(((tsd_t *)tsd)->ts_lsn, LO_MAXB);
	return 0;
}
