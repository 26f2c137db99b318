/* SPDX-License-Identifier: MIT */
/*
 * stat: one stat(2) of -f path (glibc may make it newfstatat or statx).
 * -x makes it statx(2) of the basic fields, the call newer code uses.
 * With no -f, the run stats an empty file of its own in a private temp
 * directory.
 */
#include <sys/stat.h>

#include "fdfile.h"	/* FF_OPT_FILE, ff_file, ff_datafile; no hooks */
#include "linuxonly.h"	/* lx_statx; no hooks */

static int	optx;

const struct lm_opt lm_options[] = {
	FF_OPT_FILE(F_OK, FF_EMPTY, "file to stat"),
	{ 'x', LM_FLAG, NULL, &optx, NULL, 0, 0, "statx(2), not stat(2)",
	    NULL },
	LM_END
};

int
benchmark_optcheck(void)
{
	struct statx stx;

	return optx && lx_statx("/", &stx) != 0 ?
	    lm_unsupported("statx:") : 0;
}

int
benchmark_initrun(void)
{
	return ff_datafile();
}

int
benchmark(void *tsd, result_t *res)
{
	struct stat sb;
	struct statx stx;

	(void) tsd;
	if (optx)
		LM_EACH(i, res, lx_statx(ff_file, &stx) != 0);
	else
		LM_EACH(i, res, stat(ff_file, &sb) != 0);
	return 0;
}
