/* SPDX-License-Identifier: MIT */
/*
 * recurse: a chain of -d nested function calls and their returns (default
 * 100), per chain.  The calls go through a volatile function pointer and
 * add to the result after returning, so the compiler can neither inline
 * them nor turn the recursion into a loop; each frame holds a small array,
 * as a real function's would.
 */
#include "libmicro.h"

static long long	optd;

const struct lm_opt lm_options[] = {
	{ 'd', LM_COUNT, "n", &optd, "100", 1, 100000,
	    "depth of the chain", NULL },
	LM_END
};

static int	descend(int, int);
static int	(*volatile call)(int, int) = descend;

static int
descend(int x, int depth)
{
	char frame[32];

	if (x >= depth)
		return x;
	frame[0] = (char)x;
	LM_OPAQUE(frame);
	return call(x + 1, depth) + frame[0];
}

int
benchmark(void *tsd, result_t *res)
{
	int depth = (int)optd, i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++)
		lm_sink += call(0, depth);
	res->re_count = i;
	return 0;
}
