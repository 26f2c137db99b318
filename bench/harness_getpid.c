/* SPDX-License-Identifier: MIT */
/*
 * The getpid case plus, in benchmark_result(), the same call timed by a
 * bare loop in the same process with the batch size the engine settled
 * on: the ratio of the two is what the harness adds (or takes away).
 * Run with -1 so the engine's samples and the bare loop share a process.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "libmicro.h"

#define REPS	201

int
benchmark(void *tsd, result_t *res)
{
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++)
		lm_sink += getpid();
	res->re_count = i;
	return 0;
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

char *
benchmark_result(void)
{
	static char text[64];
	double t[REPS];
	int r, i;

	for (r = 0; r < REPS; r++) {
		uint64_t t0 = getnsecs();

		for (i = 0; i < lm_optB; i++)
			lm_sink += getpid();
		t[r] = (double)(getnsecs() - t0) / 1000.0 / lm_optB;
	}
	qsort(t, REPS, sizeof(t[0]), cmp);
	snprintf(text, sizeof(text), "bare %.5f", t[REPS / 2]);
	return text;
}
