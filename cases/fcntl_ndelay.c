/* SPDX-License-Identifier: MIT */
/*
 * fcntl_ndelay: one fcntl(2) on a TCP socket, alternately F_GETFL and
 * F_SETFL with O_NONBLOCK flipped, so the flag goes on and off (as
 * libMicro's fcntl_ndelay did, one call per operation).  Where TCP
 * sockets cannot be made, a Unix-domain socket is used and the result
 * line says so.
 */
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "libmicro.h"

LM_TSD(int);	/* the worker's socket */

static int		family = AF_INET;
static const char	*kind = "tcp";

const struct lm_col lm_columns[] = {
	{ "socket", 6, LM_STR, &kind, NULL },
	LM_END
};

int
benchmark_initrun(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd >= 0)
		return close(fd);
	family = AF_UNIX;
	kind = "unix";
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	if ((*(int *)tsd = socket(family, SOCK_STREAM, 0)) < 0) {
		lm_error("socket:");
		return -1;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	int fd = *(int *)tsd;
	int i, r, flags = 0;

	for (i = 0; i < lm_optB; i++) {
		if (i % 2 == 0)
			r = flags = fcntl(fd, F_GETFL);
		else
			r = fcntl(fd, F_SETFL, flags ^ O_NONBLOCK);
		if (r == -1)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	return close(*(int *)tsd);
}
