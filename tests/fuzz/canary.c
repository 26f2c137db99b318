/* SPDX-License-Identifier: MIT */
/*
 * A case with a bug on request, to show that the sanitizer and valgrind
 * runs turn a report into a failed run: -k 1 writes to a freed block,
 * -k 2 overflows a signed int, -k 3 leaks a block per batch (seen at
 * exit, so with -1: worker processes leave by _exit), -k 4 makes the
 * threads of -T 2 race on a counter as they start.  -k 0, the default,
 * is clean.
 */
#include <stdio.h>
#include <stdlib.h>

#include "libmicro.h"

static int	optk;
static volatile long	racy;	/* -k 4: not lm_sink, whose race is suppressed */

int
benchmark_init(void)
{
	snprintf(lm_optstr, sizeof(lm_optstr), "k:");
	lm_defB = 1;	/* one malloc per batch */
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	if (opt != 'k' || (optk = sizetoint(optarg)) < 0 || optk > 4)
		return -1;
	return 0;
}

/* Each thread as it starts, with nothing between them: a sure race. */
int
benchmark_initworker(void *tsd)
{
	(void) tsd;
	if (optk == 4)
		racy++;
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	volatile int big = 1 << 30;
	char *p = malloc(16);

	(void) tsd;
	if (p == NULL)
		return -1;
	LM_OPAQUE(p);
	if (optk == 1) {
		free(p);
		LM_OPAQUE(p);
		/* NOLINTNEXTLINE(clang-analyzer-unix.Malloc): the bug of -k 1 */
		p[lm_optB & 1] = 1;
		p = NULL;
	}
	if (optk == 2)	/* NOLINTNEXTLINE(bugprone-*): the bug of -k 2 */
		lm_sink += big * 4;
	if (optk != 3)
		free(p);
	/* NOLINTNEXTLINE(clang-analyzer-unix.Malloc): the leak of -k 3 */
	res->re_count = 1;
	return 0;
}
