/* SPDX-License-Identifier: MIT */
/*
 * realpath: one realpath(3) of -f path (the suite gives a 10-level-deep
 * directory; glibc checks each component, with readlink on Linux).
 * With no -f, the run makes a deep directory of its own in a private
 * temp directory.
 */
#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include "deepdir.h"	/* dd_make; no hooks */

static char	*optf;
static char	path[PATH_MAX];

const struct lm_opt lm_options[] = {
	{ 'f', LM_PATH, "path", &optf,
	    "a directory of its own, 10 levels deep", F_OK, 0,
	    "path to resolve", NULL },
	LM_END
};

/* With no -f: makes lm_tmpdir()/0/1/.../9 and resolves that. */
int
benchmark_initrun(void)
{
	if (optf != NULL)
		return 0;
	optf = path;
	return dd_make(path, sizeof(path), 0);
}

int
benchmark(void *tsd, result_t *res)
{
	char buf[PATH_MAX];

	(void) tsd;
	LM_EACH(i, res, realpath(optf, buf) == NULL);
	return 0;
}
