/* SPDX-License-Identifier: MIT */
/*
 * getpeername: one getpeername() per operation on the accepted end of a
 * TCP connection over 127.0.0.1.
 */
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "libmicro.h"
#include "loopback.h"

typedef struct {
	int	ts_con, ts_acc;
} tsd_t;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
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
	struct sockaddr_in sin;
	int lsn = lo_socket(&sin, 1, 0);

	ts->ts_con = ts->ts_acc = -1;
	if (lsn >= 0 && (ts->ts_con = socket(AF_INET, SOCK_STREAM, 0)) >= 0 &&
	    connect(ts->ts_con, (struct sockaddr *)&sin, sizeof(sin)) == 0)
		ts->ts_acc = accept(lsn, NULL, NULL);
	if (lsn >= 0)
		(void) close(lsn);
	if (ts->ts_acc >= 0)
		return 0;
	lm_error("getpeername: a connection over 127.0.0.1:");
	if (ts->ts_con >= 0)
		(void) close(ts->ts_con);
	return -1;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	struct sockaddr_in sin;
	socklen_t len;
	long sum = 0;
	int i;

	memset(&sin, 0, sizeof(sin));
	for (i = 0; i < lm_optB; i++) {
		len = sizeof(sin);
		if (getpeername(ts->ts_acc, (struct sockaddr *)&sin, &len) != 0)
			res->re_errors++;
		sum += sin.sin_port;
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	reset_close(ts->ts_con);
	return close(ts->ts_acc);
}
