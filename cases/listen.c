/* SPDX-License-Identifier: MIT */
/*
 * listen: one listen() per operation on a TCP socket bound to 127.0.0.1
 * (an ephemeral port).  From the second call on the socket is listening
 * already, so each call only sets the backlog, switching between 4 and
 * 5 so that every call has something to change (as in libMicro).
 */
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "libmicro.h"
#include "loopback.h"

typedef struct {
	int	ts_fd;
} tsd_t;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	struct sockaddr_in sin;

	if ((ts->ts_fd = lo_socket(&sin, -1, 0)) < 0) {
		lm_error("listen: a socket bound to 127.0.0.1:");
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
		if (listen(ts->ts_fd, 4 + (i & 1)) != 0)
			res->re_errors++;
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	return close(((tsd_t *)tsd)->ts_fd);
}
