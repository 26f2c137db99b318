/* SPDX-License-Identifier: MIT */
/*
 * fcntl: one fcntl(2) F_GETFL on a descriptor of -f file.  With no -f,
 * the run uses an empty file of its own in a private temp directory.
 */
#include "fdfile.h"

typedef struct {
	int	ts_fd;
} tsd_t;

const struct lm_opt lm_options[] = {
	FF_OPT_FILE(R_OK, FF_EMPTY, "file to query"),
	LM_END
};

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	return 0;
}

int
benchmark_initrun(void)
{
	return ff_datafile();
}

int
benchmark_initworker(void *tsd)
{
	return (((tsd_t *)tsd)->ts_fd = ff_open(O_RDONLY)) < 0 ? -1 : 0;
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
	return close(((tsd_t *)tsd)->ts_fd);
}
