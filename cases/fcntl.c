/* SPDX-License-Identifier: MIT */
/*
 * fcntl: one fcntl(2) F_GETFL on a descriptor of -f file.  With no -f,
 * the run uses an empty file of its own in a private temp directory.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "libmicro.h"

typedef struct {
	int	ts_fd;
} tsd_t;

static char	*optf;
static char	path[PATH_MAX];

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	snprintf(lm_optstr, sizeof(lm_optstr), "f:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -f path  file to query (default: an empty file of its own)\n");
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
	if (optf != NULL)
		return 0;
	optf = lm_tmppath(path, sizeof(path), "data");
	return optf != NULL ? lm_fillfile(optf, 0) : -1;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	if ((ts->ts_fd = open(optf, O_RDONLY)) < 0) {
		lm_error("%s:", optf);
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
		if (fcntl(ts->ts_fd, F_GETFL) == -1)
			res->re_errors++;
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	return close(ts->ts_fd);
}
