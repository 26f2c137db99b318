/* SPDX-License-Identifier: MIT */
/*
 * fcntl_ndelay: one fcntl(2) on a TCP socket, alternately F_GETFL and
 * F_SETFL with O_NONBLOCK flipped, so the flag goes on and off (as
 * libMicro's fcntl_ndelay did, one call per operation).  Where TCP
 * sockets cannot be made, a Unix-domain socket is used and the result
 * line says so.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#include "libmicro.h"

typedef struct {
	int	ts_fd;
} tsd_t;

static int	family = AF_INET;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	snprintf(lm_header, sizeof(lm_header), "%6s", "socket");
	return 0;
}

int
benchmark_initrun(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd < 0)
		family = AF_UNIX;
	return fd < 0 ? 0 : close(fd);
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	if ((ts->ts_fd = socket(family, SOCK_STREAM, 0)) < 0) {
		lm_error("socket:");
		return -1;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i, r, flags = 0;

	for (i = 0; i < lm_optB; i++) {
		if (i % 2 == 0)
			r = flags = fcntl(ts->ts_fd, F_GETFL);
		else
			r = fcntl(ts->ts_fd, F_SETFL, flags ^ O_NONBLOCK);
		if (r == -1)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	return close(ts->ts_fd);
}

char *
benchmark_result(void)
{
	static char tcp[] = "   tcp", unx[] = "  unix";

	return family == AF_INET ? tcp : unx;
}
