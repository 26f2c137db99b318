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
#include <stdio.h>

#include "libmicro.h"
#include "loopback.h"

#define MAXB		256
#define PENDING		(-2)	/* connected, not yet accepted */

static int	opta, optc;

typedef struct {
	int			ts_lsn[MAXB], ts_con[MAXB], ts_acc[MAXB];
	struct sockaddr_in	ts_sin[MAXB];	/* where ts_lsn[i] listens */
} tsd_t;

/* -a and -c are parsed by hand, not declared in lm_options[]: only
 * benchmark_optswitch sees them while the options are parsed, early
 * enough to refuse the two together (under --check too). */
int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	lm_maxB = MAXB;
	snprintf(lm_optstr, sizeof(lm_optstr), "ac");
	snprintf(lm_usage, sizeof(lm_usage), "  -a       time only the"
	    " accept()\n  -c       time only the connect()\n");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	(void) optarg;
	if (opt != 'a' && opt != 'c')
		return -1;
	*(opt == 'a' ? &opta : &optc) = 1;
	if (opta && optc)
		lm_usage_error("-a and -c exclude each other");
	return 0;
}

int
benchmark_initrun(void)
{
	if (setfdlimit(3 * MAXB * lm_optT + 64) != 0) {
		lm_error("raising the descriptor limit:");
		return -1;
	}
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	if (lo_listeners(ts->ts_lsn, ts->ts_sin, MAXB, 5) == 0)
		return 0;
	lm_error("listener on 127.0.0.1:");
	return -1;
}

int
benchmark_initbatch(void *tsd)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++) {
		ts->ts_acc[i] = opta ? PENDING : -1;
		if ((ts->ts_con[i] = socket(AF_INET, SOCK_STREAM, 0)) < 0 ||
		    (opta && lo_connect(ts->ts_con[i], &ts->ts_sin[i]) != 0))
			break;
	}
	if (i == lm_optB)
		return 0;
	lm_error(ts->ts_con[i] < 0 ? "socket:" : "connect to 127.0.0.1:");
	while (i-- > 0)
		lo_reset_close(ts->ts_con[i]);
	return -1;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++) {
		if (!opta && lo_connect(ts->ts_con[i], &ts->ts_sin[i]) != 0) {
			res->re_errors++;
			continue;
		}
		if (optc)
			ts->ts_acc[i] = PENDING;
		else if ((ts->ts_acc[i] = lo_accept(ts->ts_lsn[i])) < 0)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finibatch(void *tsd)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++) {
		if (ts->ts_acc[i] == PENDING)
			ts->ts_acc[i] = lo_accept(ts->ts_lsn[i]);
		lo_reset_close(ts->ts_con[i]);
		if (ts->ts_acc[i] >= 0)
			(void) close(ts->ts_acc[i]);
	}
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	lo_close_n(((tsd_t *)tsd)->ts_lsn, MAXB);
	return 0;
}
