/* SPDX-License-Identifier: MIT */
/*
 * realpath: one realpath(3) of -f path (the suite gives a 10-level-deep
 * directory; glibc checks each component, with readlink on Linux).
 * With no -f, the run makes a deep directory of its own in a private
 * temp directory.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libmicro.h"

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
	int k;

	if (optf != NULL)
		return 0;
	if ((optf = lm_tmppath(path, sizeof(path), "")) == NULL)
		return -1;
	for (k = 0; k < 10; k++) {
		size_t n = strlen(path);

		snprintf(path + n, sizeof(path) - n, "%s%d", k ? "/" : "", k);
		if (mkdir(path, 0700) != 0 && errno != EEXIST) {
			lm_error("mkdir %s:", path);
			return -1;
		}
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	char buf[PATH_MAX];
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++)
		if (realpath(optf, buf) == NULL)
			res->re_errors++;
	res->re_count = i;
	return 0;
}
