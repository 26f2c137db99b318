/* SPDX-License-Identifier: MIT */
/*
 * Unit test of the engine's two-modes rule (lmi_st_twomodes) on generated
 * data: one right-skewed peak, 1 + 0.3 Exp(1), must not be called
 * bimodal (the bimodality coefficient, which the rule replaced, called it
 * so); neither must a uniform or a normal sample; mixtures of two states
 * must.  Built with the statistics unit (engine/stats.c) only.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/engine.h"

#define N	2000

static unsigned long long rng;
static int ntest, nfail;

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double
uniform(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return ((double)(rng >> 11) + 0.5) / 9007199254740992.0;
}

static double
normal(void)
{
	return sqrt(-2 * log(uniform())) * cos(6.283185307179586 * uniform());
}

static void
expect(const char *what, double *x, int n, int want)
{
	double sorted[N], m1 = 0, m2 = 0;
	int got;

	memcpy(sorted, x, (size_t)n * sizeof(*x));
	qsort(sorted, (size_t)n, sizeof(*x), cmp_double);
	got = lmi_st_twomodes(sorted, n, &m1, &m2);
	ntest++;
	nfail += got != want;
	printf("%sok %d - %s (n %d): %s", got == want ? "" : "not ", ntest,
	    what, n, got ? "two modes" : "one mode");
	if (got)
		printf(" near %.3g and %.3g", m1, m2);
	printf("\n");
}

int
main(void)
{
	static const int sizes[] = { 30, 100, 200, 1000, N };
	static double x[N];
	int s, i, seed;

	for (s = 0; s < 5; s++) {
		int n = sizes[s];

		for (seed = 1; seed <= 20; seed++) {
			char what[80];

			rng = 0x9E3779B97F4A7C15ULL * (unsigned)seed;
			for (i = 0; i < n; i++)
				x[i] = 1 - 0.3 * log(uniform());
			snprintf(what, sizeof(what), "1 + 0.3 Exp(1), seed %d",
			    seed);
			expect(what, x, n, 0);
		}
		rng = 12345;
		for (i = 0; i < n; i++)
			x[i] = 1 + uniform();
		expect("uniform on [1, 2]", x, n, 0);
		for (i = 0; i < n; i++)
			x[i] = 1 + 0.05 * normal();
		expect("normal, 5% spread", x, n, 0);
		if (n < 100)
			continue;
		for (i = 0; i < n; i++)
			x[i] = (i % 2 ? 3 : 1) * (1 + 0.03 * normal());
		expect("two states 1 and 3, alternating", x, n, 1);
		for (i = 0; i < n; i++)
			x[i] = (i % 5 ? 1 : 1.5) * (1 + 0.03 * normal());
		expect("two states 1 and 1.5, one in five", x, n, 1);
	}
	return nfail != 0;
}
