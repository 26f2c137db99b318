/* SPDX-License-Identifier: MIT */
/*
 * stat: one stat(2) of -f path (glibc may make it newfstatat or statx).
 * With no -f, the run stats an empty file of its own in a private temp
 * directory.
 */
#include <sys/stat.h>

#include "fdfile.h"	/* FF_OPT_FILE, ff_file, ff_datafile; no hooks */

const struct lm_opt lm_options[] = {
	FF_OPT_FILE(F_OK, FF_EMPTY, "file to stat"),
	LM_END
};

int
benchmark_initrun(void)
{
	return ff_datafile();
}

int
benchmark(void *tsd, result_t *res)
{
	struct stat sb;

	(void) tsd;
	LM_EACH(i, res, stat(ff_file, &sb) != 0);
	return 0;
}
