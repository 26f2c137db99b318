/* SPDX-License-Identifier: MIT */
/*
 * lseek: one lseek(2) on a descriptor of -f file (one per worker),
 * alternately to offset 0 and to offset -s (libMicro's meaning).  With
 * no -f, the run uses an empty file of its own in a private temp
 * directory (seeking past the end is allowed and does not grow it).
 */
#include <limits.h>

/* fdfile.h gives lm_tsd, benchmark_initrun, benchmark_initworker and
 * benchmark_finiworker. */
#define FF_WORKER
#include "fdfile.h"

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
benchmark(void *tsd, result_t *res)
{
	int fd = *(int *)tsd;
	const off_t to[2] = { 0, (off_t)opts };

	LM_EACH(i, res, lseek(fd, to[i % 2], SEEK_SET) != to[i % 2]);
	return 0;
}
