/* SPDX-License-Identifier: MIT */
/*
 * getenv: one getenv() of a name that is not set, per operation, so each
 * call scans the whole environment, padded to -s variables (default 100)
 * before the workers start.  With -T 2, two threads search at once.
 */
#include <stdio.h>
#include <stdlib.h>

#include "libmicro.h"

#define MISSING	"LM_NOT_SET_ANYWHERE"

extern char	**environ;

static long long	opts;

const struct lm_opt lm_options[] = {
	{ 's', LM_COUNT, "n", &opts, "100", 0, 100000,
	    "pad the environment to n variables", NULL },
	LM_END
};

int
benchmark_initrun(void)
{
	char name[32], value[16];
	int n;

	for (n = 0; environ[n] != NULL; n++)
		;
	for (; n < opts; n++) {
		snprintf(name, sizeof(name), "LM_PAD_%d", n);
		snprintf(value, sizeof(value), "%d", n);
		if (setenv(name, value, 0) != 0) {
			lm_error("setenv %s:", name);
			return -1;
		}
	}
	if (unsetenv(MISSING) != 0) {
		lm_error("unsetenv %s:", MISSING);
		return -1;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	const char *name = MISSING;
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		LM_OPAQUE(name);
		if (getenv(name) != NULL)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}
