/* SPDX-License-Identifier: MIT */
/*
 * close_tcp: one close() of the accepted end of an established TCP
 * connection over 127.0.0.1 per operation (the close that sends FIN).
 * The connections are made before the batch, so a batch holds at most
 * 256; the connecting ends are reset after it, so that no TIME_WAIT
 * piles up.
 */
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "libmicro.h"
#include "loopback.h"

#define MAXB	256

typedef struct {
	int			ts_lsn;
	struct sockaddr_in	ts_sin;	/* where ts_lsn listens */
	int			ts_con[MAXB], ts_acc[MAXB];
} tsd_t;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	lm_maxB = MAXB;
	return 0;
}

int
benchmark_initrun(void)
{
	if (setfdlimit(2 * MAXB * lm_optT + 64) != 0) {
		lm_error("close_tcp: raising the descriptor limit:");
		return -1;
	}
	return 0;
}

/* Close with a reset: neither end lingers in TIME_WAIT. */
static void
reset_close(int fd)
{
	struct linger l;

	l.l_onoff = 1;
	l.l_linger = 0;
	(void) setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof(l));
	(void) close(fd);
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	if ((ts->ts_lsn = lo_socket(&ts->ts_sin, 5, 1)) >= 0)
		return 0;
	lm_error("close_tcp: listener on 127.0.0.1:");
	return -1;
}

/* One connection: ts_con[i] connected, ts_acc[i] accepted. */
static int
connection(tsd_t *ts, int i)
{
	struct pollfd p;

	ts->ts_acc[i] = -1;
	if ((ts->ts_con[i] = socket(AF_INET, SOCK_STREAM, 0)) < 0)
		return -1;
	p.fd = ts->ts_lsn;
	p.events = POLLIN;
	if (connect(ts->ts_con[i], (struct sockaddr *)&ts->ts_sin,
	    sizeof(ts->ts_sin)) == 0 &&
	    ((ts->ts_acc[i] = accept(ts->ts_lsn, NULL, NULL)) >= 0 ||
	    (errno == EAGAIN && poll(&p, 1, 1000) == 1 &&
	    (ts->ts_acc[i] = accept(ts->ts_lsn, NULL, NULL)) >= 0)))
		return 0;
	reset_close(ts->ts_con[i]);
	return -1;
}

int
benchmark_initbatch(void *tsd)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++)
		if (connection(ts, i) != 0) {
			lm_error("close_tcp: connection over 127.0.0.1:");
			while (i-- > 0) {
				reset_close(ts->ts_con[i]);
				(void) close(ts->ts_acc[i]);
			}
			return -1;
		}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++)
		if (close(ts->ts_acc[i]) != 0)
			res->re_errors++;
	res->re_count = i;
	return 0;
}

int
benchmark_finibatch(void *tsd)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++)
		reset_close(ts->ts_con[i]);
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	return close(((tsd_t *)tsd)->ts_lsn);
}
