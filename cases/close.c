/* SPDX-License-Identifier: MIT */
/*
 * close: one close(2) of a descriptor of -f file opened in the batch
 * setup, outside the timing; a batch holds at most 256 of them unless
 * -B asks for more.  -b closes a descriptor that is not open instead (a
 * free slot of the descriptor table), so only the failing lookup is
 * timed; it holds nothing, so its batch is not capped.  With no -f, the run opens an empty file of its own in a
 * private temp directory.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "libmicro.h"

typedef struct {
	int	*ts_fds;
	int	ts_bad;		/* a descriptor number known not open */
} tsd_t;

static char	*optf;
static int	optb;
static int	nfds;		/* most descriptors one batch holds */
static char	path[PATH_MAX];

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	lm_maxB = 256;
	snprintf(lm_optstr, sizeof(lm_optstr), "bf:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -b       close a descriptor that is not open\n"
	    "  -f path  file to open and close (default: an empty file"
	    " of its own)\n");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	switch (opt) {
	case 'b': optb = 1; lm_maxB = INT_MAX; return 0;
	case 'f': optf = lm_optfile(opt, optarg, R_OK); return 0;
	default: return -1;
	}
}

int
benchmark_initrun(void)
{
	if (optb)
		return 0;
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

	if ((ts->ts_bad = open("/dev/null", O_RDONLY)) < 0 ||
	    close(ts->ts_bad) != 0 || (!optb &&
	    (ts->ts_fds = calloc((size_t)nfds, sizeof(int))) == NULL)) {
		lm_error("setup:");
		return -1;
	}
	return 0;
}

int
benchmark_initbatch(void *tsd)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; !optb && i < lm_optB; i++) {
		if ((ts->ts_fds[i] = open(optf, O_RDONLY)) < 0) {
			lm_error("%s:", optf);
			while (--i >= 0)
				(void) close(ts->ts_fds[i]);
			return -1;
		}
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++) {
		int r = close(optb ? ts->ts_bad : ts->ts_fds[i]);

		if (optb ? r == 0 || errno != EBADF : r != 0)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	free(ts->ts_fds);
	return 0;
}
