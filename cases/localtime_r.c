/* SPDX-License-Identifier: MIT */
/*
 * localtime_r: one localtime_r() per operation, converting two times
 * a second apart in turn, in the time zone of the environment.  Unlike
 * localtime() and mktime(), glibc's localtime_r() does not re-check TZ
 * or /etc/localtime on every call.
 */
#include <time.h>

#include "libmicro.h"

typedef struct {
	time_t	ts_t[2];
} tsd_t;

LM_TSD(tsd_t);

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	ts->ts_t[0] = time(NULL);
	ts->ts_t[1] = ts->ts_t[0] + 1;
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	struct tm tm;
	long sum = 0;
	int i;

	for (i = 0; i < lm_optB; i++) {
		LM_OPAQUE(ts);
		if (localtime_r(&ts->ts_t[i & 1], &tm) == NULL)
			res->re_errors++;
		sum += tm.tm_sec;
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}
