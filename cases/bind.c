/* SPDX-License-Identifier: MIT */
/*
 * bind: one bind() of a fresh TCP socket to 127.0.0.1, port 0 (the
 * kernel picks a free ephemeral port), per operation.  The sockets are
 * made before the batch and closed after it, so a batch holds at most
 * 256 of them.
 */
#include <netinet/in.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#include "libmicro.h"

#define MAXB	256

typedef struct {
	int	ts_fds[MAXB];
} tsd_t;

static struct sockaddr_in	addr;

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
	addr.sin_family = AF_INET;
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	addr.sin_port = 0;
	if (setfdlimit(MAXB * lm_optT + 64) != 0) {
		lm_error("bind: raising the descriptor limit:");
		return -1;
	}
	return 0;
}

int
benchmark_initbatch(void *tsd)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++)
		if ((ts->ts_fds[i] = socket(AF_INET, SOCK_STREAM, 0)) < 0) {
			lm_error("bind: socket:");
			while (i-- > 0)
				(void) close(ts->ts_fds[i]);
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
		if (bind(ts->ts_fds[i], (struct sockaddr *)&addr, sizeof(addr)))
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
		(void) close(ts->ts_fds[i]);
	return 0;
}
