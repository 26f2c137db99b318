/* SPDX-License-Identifier: MIT */
/*
 * system: system() of a trivial command, per command: a fork, /bin/sh
 * started and parsing it, and the wait.  This is the run that moves when
 * /bin/sh changes (say from static to dynamic).  -c gives the command.
 */
#include <stdio.h>
#include <stdlib.h>

#include "libmicro.h"

static char	*optc = "exit 0";

int
benchmark_init(void)
{
	snprintf(lm_optstr, sizeof(lm_optstr), "c:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -c cmd   the command, which must exit 0 (default \"%s\")\n",
	    optc);
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	if (opt != 'c')
		return -1;
	optc = optarg;
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++)
		if (system(optc) != 0)	/* NOLINT: the call measured */
			res->re_errors++;
	res->re_count = i;
	return 0;
}
