/* SPDX-License-Identifier: MIT */
/*
 * lseek: one lseek(2) on a descriptor of -f file, alternately to offset
 * 0 and to offset -s (libMicro's meaning).  With no -f, the run uses an
 * empty file of its own in a private temp directory (seeking past the
 * end is allowed and does not grow it).
 */
#include <limits.h>

#include "fdfile.h"

typedef struct {
	int	ts_fd;
} tsd_t;

static long long	opts;

const struct lm_opt lm_options[] = {
	FF_OPT_FILE(R_OK, FF_EMPTY, "file to seek in"),
	{ 's', LM_SIZE, "size", &opts, "1k", 0, LLONG_MAX,
	    "the other offset sought", NULL },
	LM_END
};
const struct lm_col lm_columns[] = {
	{ "size", 8, LM_LL, &opts, NULL },
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
	off_t to;
	int i;

	for (i = 0; i < lm_optB; i++) {
		to = i % 2 ? (off_t)opts : 0;
		if (lseek(ts->ts_fd, to, SEEK_SET) != to)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	return close(((tsd_t *)tsd)->ts_fd);
}
