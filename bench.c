/* SPDX-License-Identifier: MIT */
/*
 * bench.c - main() and the default hooks.  The defaults are weak, so a
 * case defines only the hooks it needs and the linker takes its versions.
 */
#include "libmicro.h"

#define LM_WEAK	__attribute__((weak))

LM_WEAK int benchmark_init(void) { return 0; }
LM_WEAK int benchmark_fini(void) { return 0; }
LM_WEAK int benchmark_initrun(void) { return 0; }
LM_WEAK int benchmark_finirun(void) { return 0; }
LM_WEAK int benchmark_initworker(void *tsd) { (void) tsd; return 0; }
LM_WEAK int benchmark_finiworker(void *tsd) { (void) tsd; return 0; }
LM_WEAK int benchmark_initbatch(void *tsd) { (void) tsd; return 0; }
LM_WEAK int benchmark_finibatch(void *tsd) { (void) tsd; return 0; }

/* The engine compares benchmark_optswitch with this to know whether the
 * case has its own (a case written for Sun's engine). */
int	lmi_optswitch(int opt, char *optarg);

int
lmi_optswitch(int opt, char *optarg)
{
	(void) opt;
	(void) optarg;
	return -1;
}

int	benchmark_optswitch(int opt, char *optarg)
    __attribute__((weak, alias("lmi_optswitch")));

LM_WEAK int benchmark_optcheck(void) { return 0; }

LM_WEAK char *
benchmark_result(void)
{
	static char empty[] = "";

	return empty;
}

/* No declared options or columns: the case's hooks do it all. */
LM_WEAK const struct lm_opt lm_options[] = { LM_END };
LM_WEAK const struct lm_col lm_columns[] = { LM_END };
LM_WEAK const size_t lm_tsd = 0;

int
main(int argc, char **argv)
{
	return lm_main(argc, argv);
}
