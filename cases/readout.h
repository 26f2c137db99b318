/* SPDX-License-Identifier: MIT */
/*
 * readout.h - one call per operation that fills in a value: the clock and
 * usage cases (time, gettimeofday, clock_gettime, times, getrusage).  A
 * case defines RO_TYPE, the value's type; RO_CALL(v), the call that fills
 * v, true if it failed; RO_FIELD(v), a number in v, summed into lm_sink so
 * that the compiler keeps what the call read; and, if the call takes an
 * argument worked out once per batch, RO_ARG, its declaration.  Then it
 * includes this.
 */
#ifndef READOUT_H
#define READOUT_H

#include "libmicro.h"

#ifndef RO_ARG
#define RO_ARG
#endif

int
benchmark(void *tsd, result_t *res)
{
	RO_ARG
	long sum = 0;
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		RO_TYPE v;

		if (RO_CALL(v))
			res->re_errors++;
		sum += (long)RO_FIELD(v);
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}

#endif /* READOUT_H */
