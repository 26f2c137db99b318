/* SPDX-License-Identifier: MIT */
/*
 * dup: one dup(2) of a descriptor of -f file (default /dev/null).  The
 * batch's copies are closed after the sample, outside the timing; a
 * batch holds at most 256 of them unless -B asks for more.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "libmicro.h"

typedef struct {
	int	ts_fd;		/* the descriptor copied */
	int	*ts_fds;	/* the batch's copies */
} tsd_t;

static const char *optf = "/dev/null";
static int	nfds;		/* most copies one batch holds */

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	lm_maxB = 256;
	snprintf(lm_optstr, sizeof(lm_optstr), "f:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -f path  file whose descriptor is copied (default %s)\n",
	    optf);
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	if (opt != 'f')
		return -1;
	optf = lm_optfile(opt, optarg, R_OK);
	return 0;
}

int
benchmark_initrun(void)
{
	nfds = lm_maxB;
	if (setfdlimit(nfds * lm_optT + 64) != 0) {
		lm_error("descriptor limit for %d per thread:", nfds);
		return -1;
	}
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	if ((ts->ts_fd = open(optf, O_RDONLY)) < 0) {
		lm_error("%s:", optf);
		return -1;
	}
	if ((ts->ts_fds = calloc((size_t)nfds, sizeof(int))) == NULL) {
		lm_error("calloc:");
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
		if ((ts->ts_fds[i] = dup(ts->ts_fd)) < 0)
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

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	free(ts->ts_fds);
	return close(ts->ts_fd);
}
