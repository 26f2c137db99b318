/* SPDX-License-Identifier: MIT */
/*
 * setsockopt: one setsockopt(IPPROTO_TCP, TCP_NODELAY) per operation on
 * a TCP socket, switching the option off and on so that every call has
 * something to change.
 */
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#include "libmicro.h"

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

	if ((ts->ts_fd = socket(AF_INET, SOCK_STREAM, 0)) < 0) {
		lm_error("setsockopt: socket:");
		return -1;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i, on;

	for (i = 0; i < lm_optB; i++) {
		on = i & 1;
		if (setsockopt(ts->ts_fd, IPPROTO_TCP, TCP_NODELAY, &on,
		    sizeof(on)) != 0)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	return close(((tsd_t *)tsd)->ts_fd);
}
