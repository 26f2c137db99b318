/* SPDX-License-Identifier: MIT */
/*
 * close: one close(2) of a descriptor of -f file opened in the batch
 * setup, outside the timing; a batch holds at most 256 of them (-B may
 * not ask for more).  -b closes a descriptor that is not open instead (a
 * free slot of the descriptor table), so only the failing lookup is
 * timed; it holds nothing, so its batch is not capped.  With no -f, the
 * run opens an empty file of its own in a private temp directory.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>

#include "fdfile.h"

typedef struct {
	int	*ts_fds;
	int	ts_bad;		/* a descriptor number known not open */
} tsd_t;

static int	optb;

const struct lm_opt lm_options[] = {
	FF_OPT_FILE(R_OK, FF_EMPTY, "file to open and close"),
	LM_END
};

/* -b is parsed here, not in lm_options[]: it lifts the cap on -B, and
 * the engine checks -B against lm_maxB as soon as argv is parsed. */
int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	lm_maxB = FF_MAXB;
	snprintf(lm_optstr, sizeof(lm_optstr), "b");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -b       close a descriptor that is not open\n");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	(void) optarg;
	if (opt != 'b')
		return -1;
	optb = 1;
	lm_maxB = INT_MAX;
	return 0;
}

int
benchmark_initrun(void)
{
	if (optb)
		return 0;
	return ff_room() != 0 ? -1 : ff_datafile();
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	if ((ts->ts_bad = open("/dev/null", O_RDONLY)) < 0 ||
	    close(ts->ts_bad) != 0) {
		lm_error("/dev/null:");
		return -1;
	}
	return !optb && (ts->ts_fds = ff_alloc()) == NULL ? -1 : 0;
}

int
benchmark_initbatch(void *tsd)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; !optb && i < lm_optB; i++) {
		if ((ts->ts_fds[i] = ff_open(O_RDONLY)) < 0) {
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
	free(((tsd_t *)tsd)->ts_fds);
	return 0;
}
