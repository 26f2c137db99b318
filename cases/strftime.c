/* SPDX-License-Identifier: MIT */
/*
 * strftime: one strftime() per operation with the -f format (default
 * "%c", in the C locale), of the first two seconds of 1970 in local
 * time, in turn, into an 80-byte buffer.
 */
#include <time.h>

#include "libmicro.h"

#define MAXSIZE	80

typedef struct {
	struct tm	ts_tm[2];
	char		ts_buf[MAXSIZE];
} tsd_t;

LM_TSD(tsd_t);

static const char	*optf;

const struct lm_opt lm_options[] = {
	{ 'f', LM_TEXT, "fmt", &optf, "%c", 0, 0, "strftime format", NULL },
	LM_END
};

/* Seconds 0 and 1 of the epoch, broken down. */
int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	time_t t;

	for (t = 0; t < 2; t++) {
		if (localtime_r(&t, &ts->ts_tm[t]) == NULL) {
			lm_error("localtime_r:");
			return -1;
		}
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	const char *fmt = optf;
	long sum = 0;
	int i;

	for (i = 0; i < lm_optB; i++) {
		size_t n;

		LM_OPAQUE(fmt);
		if ((n = strftime(ts->ts_buf, MAXSIZE, fmt,
		    &ts->ts_tm[i & 1])) == 0)
			res->re_errors++;
		sum += (long)n;
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}
