/* SPDX-License-Identifier: MIT */
/*
 * strtol: one base-10 strtol() per operation, of the ten numbers 1, 12,
 * 123, ... 1234567890 in turn (built at run time, so the compiler cannot
 * see them).
 */
#include <stdlib.h>

#include "libmicro.h"

#define NNUM	10

typedef struct {
	char	ts_num[NNUM][NNUM + 1];
} tsd_t;

LM_TSD(tsd_t);

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	int k, d;

	for (k = 0; k < NNUM; k++)	/* the tsd is zeroed: NULs after */
		for (d = 0; d <= k; d++)
			ts->ts_num[k][d] = (char)('0' + (d + 1) % 10);
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	char *end;
	long sum = 0;
	int i, k;

	for (i = 0, k = 0; i < lm_optB; i++) {
		LM_OPAQUE(ts);
		sum += strtol(ts->ts_num[k], &end, 10);
		if (*end != '\0')
			res->re_errors++;
		if (++k == NNUM)
			k = 0;
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}
