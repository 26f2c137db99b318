/* SPDX-License-Identifier: MIT */
/*
 * socketpair: one socketpair(AF_UNIX, SOCK_STREAM) per operation.  The
 * batch's pairs stay open until it ends, so a batch holds at most 256.
 */
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#include "libmicro.h"

#define MAXB	256

typedef struct {
	int	ts_fds[2 * MAXB];	/* two per operation */
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
		lm_error("socketpair: raising the descriptor limit:");
		return -1;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i, *fd = ts->ts_fds;

	for (i = 0; i < lm_optB; i++, fd += 2)
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, fd) != 0) {
			fd[0] = fd[1] = -1;
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

	for (i = 0; i < 2 * lm_optB; i++)
		if (ts->ts_fds[i] >= 0)
			(void) close(ts->ts_fds[i]);
	return 0;
}
