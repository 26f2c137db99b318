/* SPDX-License-Identifier: MIT */
/*
 * stat: one stat(2) of -f path (glibc may make it newfstatat or statx).
 * With no -f, the run stats an empty file of its own in a private temp
 * directory.
 */
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libmicro.h"

static char	*optf;
static char	path[PATH_MAX];

int
benchmark_init(void)
{
	snprintf(lm_optstr, sizeof(lm_optstr), "f:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -f path  file to stat (default: an empty file of its own)\n");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	if (opt != 'f')
		return -1;
	optf = lm_optfile(opt, optarg, F_OK);
	return 0;
}

int
benchmark_initrun(void)
{
	if (optf != NULL)
		return 0;
	optf = lm_tmppath(path, sizeof(path), "data");
	return optf != NULL ? lm_fillfile(optf, 0) : -1;
}

int
benchmark(void *tsd, result_t *res)
{
	struct stat sb;
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++)
		if (stat(optf, &sb) != 0)
			res->re_errors++;
	res->re_count = i;
	return 0;
}
