/* SPDX-License-Identifier: MIT */
/*
 * mathfn.h - exp and log: one call of MATHFN per operation over the 256
 * inputs 1 / (k + 0.01), k = 0..255, in turn (from 100 down to about
 * 0.004).  A case defines MATHFN and includes this.
 */
#ifndef MATHFN_H
#define MATHFN_H

#include <math.h>

#include "libmicro.h"

#define NX	256

typedef struct {
	double	ts_x[NX];
} tsd_t;

LM_TSD(tsd_t);

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	int k;

	for (k = 0; k < NX; k++)
		ts->ts_x[k] = 1.0 / (k + 0.01);
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	const double *x = ((tsd_t *)tsd)->ts_x;
	double sum = 0.0;
	int i;

	for (i = 0; i < lm_optB; i++) {
		LM_OPAQUE(x);
		sum += MATHFN(x[i % NX]);
	}
	lm_sink += sum != 0.0;
	res->re_count = i;
	return 0;
}

#endif /* MATHFN_H */
