/* SPDX-License-Identifier: MIT */
/*
 * open: one open(2) of -f file, read-only.  The batch's descriptors are
 * closed after the sample, outside the timing; a batch holds at most
 * 256 of them unless -B asks for more.  With no -f, the run opens an
 * empty file of its own in a private temp directory.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "libmicro.h"

typedef struct {
	int	*ts_fds;
} tsd_t;

static char	*optf;
static int	nfds;		/* most descriptors one batch holds */
static char	path[PATH_MAX];

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	lm_maxB = 256;
	snprintf(lm_optstr, sizeof(lm_optstr), "f:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -f path  file to open (default: an empty file of its own)\n");
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
	if (optf != NULL)
		return 0;
	optf = lm_tmppath(path, sizeof(path), "data");
	return optf != NULL ? lm_fillfile(optf, 0) : -1;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

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
		if ((ts->ts_fds[i] = open(optf, O_RDONLY)) < 0)
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
	return 0;
}
