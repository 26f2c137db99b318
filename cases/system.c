/* SPDX-License-Identifier: MIT */
/*
 * system: system() of a trivial command, per command: a fork, /bin/sh
 * started and parsing it, and the wait.  This is the run that moves when
 * /bin/sh changes (say from static to dynamic).  -c gives the command.
 */
#include <stdlib.h>

#include "libmicro.h"

static const char	*optc;

const struct lm_opt lm_options[] = {
	{ 'c', LM_TEXT, "cmd", &optc, "exit 0", 0, 0,
	    "the command, which must exit 0", NULL },
	LM_END
};

int
benchmark(void *tsd, result_t *res)
{
	(void) tsd;
	LM_EACH(i, res, system(optc) != 0);	/* NOLINT: the call measured */
	return 0;
}
