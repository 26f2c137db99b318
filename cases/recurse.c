/* SPDX-License-Identifier: MIT */
/*
 * recurse: a chain of -d nested function calls and their returns (default
 * 100), per chain.  The calls go through a volatile function pointer and
 * add to the result after returning, so the compiler can neither inline
 * them nor turn the recursion into a loop; each frame holds a small array,
 * as a real function's would.
 */
#include <stdio.h>

#include "libmicro.h"

static int	optd = 100;

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
benchmark_init(void)
{
	snprintf(lm_optstr, sizeof(lm_optstr), "d:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -d n     depth of the chain (default %d)\n", optd);
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	if (opt != 'd' || (optd = sizetoint(optarg)) < 1 || optd > 100000)
		return -1;
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++)
		lm_sink += call(0, optd);
	res->re_count = i;
	return 0;
}
