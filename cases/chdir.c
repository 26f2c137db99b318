/* SPDX-License-Identifier: MIT */
/*
 * chdir: one chdir(2), to the directory operands in turn (the suite
 * gives two 10-level-deep ones); with -g each chdir is followed by a
 * getcwd(3), and the pair is the operation (chgetwd).  The operands must
 * be absolute, since each chdir starts where the last one left.  With
 * no operands, the run makes two deep directories of its own in a
 * private temp directory.
 */
#include <limits.h>
#include <unistd.h>

#include "deepdir.h"	/* dd_make; no hooks */

static int	optg;
static char	**dirs;
static int	ndirs;
static char	own[2][PATH_MAX];
static char	*owndirs[2] = { own[0], own[1] };

static const char *
gets_col(void)
{
	return optg ? "y" : "n";
}

const struct lm_opt lm_options[] = {
	{ 'g', LM_FLAG, NULL, &optg, NULL, 0, 0, "getcwd after each chdir",
	    NULL },
	LM_END
};
const struct lm_col lm_columns[] = {
	{ "dirs", 5, LM_INT, &ndirs, NULL },
	{ "gets", 5, LM_FN, NULL, gets_col },
	LM_END
};

/* The table has no place for operands: their usage line is ours. */
int
benchmark_init(void)
{
	lm_operands = 1;
	snprintf(lm_usage, sizeof(lm_usage),
	    "  dir...   absolute directories to visit in turn (default: two"
	    " of its own,\n           10 levels deep)\n");
	return 0;
}

int
benchmark_initrun(void)
{
	int i;

	dirs = lm_argv + optind;
	ndirs = lm_argc - optind;
	if (ndirs == 0) {
		if (dd_make(own[0], PATH_MAX, 0) != 0 ||
		    dd_make(own[1], PATH_MAX, 1) != 0)
			return -1;
		dirs = owndirs;
		ndirs = 2;
	}
	for (i = 0; i < ndirs; i++)
		if (dirs[i][0] != '/')
			lm_usage_error("not an absolute path: '%s'", dirs[i]);
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	char buf[PATH_MAX];
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		if (chdir(dirs[i % ndirs]) != 0)
			res->re_errors++;
		if (optg && getcwd(buf, sizeof(buf)) == NULL)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}
