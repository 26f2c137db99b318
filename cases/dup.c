/* SPDX-License-Identifier: MIT */
/*
 * dup: one dup(2) of a descriptor of -f file (default /dev/null).  The
 * batch's copies are closed after the sample, outside the timing; a
 * batch holds at most 256 of them (-B may not ask for more).
 */
#include "fdfile.h"

typedef struct {
	int	ts_fd;		/* the descriptor copied */
	int	*ts_fds;	/* the batch's copies */
} tsd_t;

static char	devnull[] = "/dev/null";

const struct lm_opt lm_options[] = {
	FF_OPT_FILE(R_OK, devnull, "file whose descriptor is copied"),
	LM_END
};

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	lm_maxB = FF_MAXB;
	ff_file = devnull;
	return 0;
}

int
benchmark_initrun(void)
{
	return ff_room();
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	if ((ts->ts_fd = ff_open(O_RDONLY)) < 0 ||
	    (ts->ts_fds = ff_alloc()) == NULL)
		return -1;
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
	ff_closeall(((tsd_t *)tsd)->ts_fds);
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	free(ts->ts_fds);
	return close(ts->ts_fd);
}
