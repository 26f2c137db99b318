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

#define MAXB		256
#define PENDING		(-2)	/* connected, not yet accepted */

static int	opta, optc;

typedef struct {
	int			ts_n;		/* listeners made */
	int			ts_lsn[MAXB], ts_con[MAXB], ts_acc[MAXB];
	struct sockaddr_in	ts_sin[MAXB];	/* where ts_lsn[i] listens */
} tsd_t;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	lm_maxB = MAXB;
	snprintf(lm_optstr, sizeof(lm_optstr), "ac");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -a       time only the accept()\n"
	    "  -c       time only the connect()\n");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	(void) optarg;
	if (opt == 'a')
		opta = 1;
	else if (opt == 'c')
		optc = 1;
	else
		return -1;
	if (opta && optc)
		lm_usage_error("-a and -c exclude each other");
	return 0;
}

int
benchmark_initrun(void)
{
	if (setfdlimit(3 * MAXB * lm_optT + 64) != 0) {
		lm_error("connection: raising the descriptor limit:");
		return -1;
	}
	return 0;
}

/* accept(), waiting at most a second for the handshake to complete. */
static int
accept1(int lsn)
{
	struct pollfd p;
	int fd = accept(lsn, NULL, NULL);

	p.fd = lsn;
	p.events = POLLIN;
	if (fd < 0 && errno == EAGAIN && poll(&p, 1, 1000) == 1)
		fd = accept(lsn, NULL, NULL);
	return fd;
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

	for (ts->ts_n = 0; ts->ts_n < MAXB; ts->ts_n++)
		if ((ts->ts_lsn[ts->ts_n] = lo_socket(&ts->ts_sin[ts->ts_n], 5,
		    1)) < 0) {
			lm_error("connection: listener on 127.0.0.1:");
			(void) benchmark_finiworker(ts);
			return -1;
		}
	return 0;
}

static int
connect1(tsd_t *ts, int i)
{
	return connect(ts->ts_con[i], (struct sockaddr *)&ts->ts_sin[i],
	    sizeof(ts->ts_sin[i]));
}

int
benchmark_initbatch(void *tsd)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++) {
		ts->ts_acc[i] = -1;
		if ((ts->ts_con[i] = socket(AF_INET, SOCK_STREAM, 0)) < 0)
			lm_error("connection: socket:");
		else if (opta && connect1(ts, i) != 0)
			lm_error("connection: connect to 127.0.0.1:");
		else {
			ts->ts_acc[i] = opta ? PENDING : -1;
			continue;
		}
		while (i-- > 0)
			reset_close(ts->ts_con[i]);
		return -1;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++) {
		if (!opta && connect1(ts, i) != 0) {
			res->re_errors++;
			continue;
		}
		if (optc)
			ts->ts_acc[i] = PENDING;
		else if ((ts->ts_acc[i] = accept1(ts->ts_lsn[i])) < 0)
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
			ts->ts_acc[i] = accept1(ts->ts_lsn[i]);
		reset_close(ts->ts_con[i]);
		if (ts->ts_acc[i] >= 0)
			(void) close(ts->ts_acc[i]);
	}
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	while (ts->ts_n > 0)
		(void) close(ts->ts_lsn[--ts->ts_n]);
	return 0;
}
