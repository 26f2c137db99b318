/* SPDX-License-Identifier: MIT */
/*
 * open: one open(2) of -f file, read-only.  The batch's descriptors are
 * closed after the sample, outside the timing; a batch holds at most
 * 256 of them (-B may not ask for more).  With no -f, the run opens an
 * empty file of its own in a private temp directory.
 */
#include "fdfile.h"

typedef struct {
	int	*ts_fds;
} tsd_t;

const struct lm_opt lm_options[] = {
	FF_OPT_FILE(R_OK, FF_EMPTY, "file to open"),
	LM_END
};

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	lm_maxB = FF_MAXB;
	return 0;
}

int
benchmark_initrun(void)
{
	return ff_room() != 0 ? -1 : ff_datafile();
}

int
benchmark_initworker(void *tsd)
{
	return (((tsd_t *)tsd)->ts_fds = ff_alloc()) == NULL ? -1 : 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++)
		if ((ts->ts_fds[i] = open(ff_file, O_RDONLY)) < 0)
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
	free(((tsd_t *)tsd)->ts_fds);
	return 0;
}
