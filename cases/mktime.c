/* SPDX-License-Identifier: MIT */
/*
 * mktime: one mktime() per operation, of two broken-down local times a
 * second apart in turn (copied afresh, as mktime normalises in place).
 * glibc's mktime() re-reads TZ under a lock on every call, and when TZ
 * is unset also stats /etc/localtime; with -T 2 two threads contend.
 */
#include <time.h>

#include "libmicro.h"

typedef struct {
	struct tm	ts_tm[2];
} tsd_t;

LM_TSD(tsd_t);

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	time_t t = time(NULL), t1 = t + 1;

	if (localtime_r(&t, &ts->ts_tm[0]) != NULL &&
	    localtime_r(&t1, &ts->ts_tm[1]) != NULL)
		return 0;
	lm_error("localtime_r:");
	return -1;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	long sum = 0;
	int i;

	for (i = 0; i < lm_optB; i++) {
		struct tm tm = ts->ts_tm[i & 1];
		time_t t;

		LM_OPAQUE(&tm);
		if ((t = mktime(&tm)) == (time_t)-1)
			res->re_errors++;
		sum += (long)t;
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}
