/* SPDX-License-Identifier: MIT */
/*
 * socket: one socket(family, SOCK_STREAM) per operation.  The batch's
 * descriptors stay open until it ends, as in libMicro, so a batch holds
 * at most 256 of them.
 */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "libmicro.h"

#define MAXB	256

static int	family = PF_UNIX;

typedef struct {
	int	ts_fds[MAXB];
} tsd_t;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	lm_maxB = MAXB;
	snprintf(lm_optstr, sizeof(lm_optstr), "f:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -f fam   PF_UNIX, PF_INET or PF_INET6 (default PF_UNIX)\n");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	if (opt != 'f')
		return -1;
	if (strcmp(optarg, "PF_UNIX") == 0)
		family = PF_UNIX;
	else if (strcmp(optarg, "PF_INET") == 0)
		family = PF_INET;
	else if (strcmp(optarg, "PF_INET6") == 0)
		family = PF_INET6;
	else
		return -1;
	return 0;
}

int
benchmark_initrun(void)
{
	if (setfdlimit(MAXB * lm_optT + 64) != 0) {
		lm_error("socket: raising the descriptor limit:");
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
		if ((ts->ts_fds[i] = socket(family, SOCK_STREAM, 0)) < 0)
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
		if (ts->ts_fds[i] >= 0)
			(void) close(ts->ts_fds[i]);
	return 0;
}
