/* SPDX-License-Identifier: MIT */
/*
 * getsockname: one getsockname() per operation on a TCP socket bound to
 * 127.0.0.1 (an ephemeral port).
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
		lm_error("getsockname: a socket bound to 127.0.0.1:");
		return -1;
	}
	return 0;
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
		if (getsockname(ts->ts_fd, (struct sockaddr *)&sin, &len) != 0)
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
	return close(((tsd_t *)tsd)->ts_fd);
}
