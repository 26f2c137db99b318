/* SPDX-License-Identifier: MIT */
/*
 * strftime: one strftime() per operation with the -f format (default
 * "%c", in the C locale), of the first two seconds of 1970 in local
 * time, in turn, into an 80-byte buffer.
 */
#include <stdio.h>
#include <time.h>

#include "libmicro.h"

#define MAXSIZE	80

typedef struct {
	struct tm	ts_tm[2];
	char		ts_buf[MAXSIZE];
} tsd_t;

static const char	*optf = "%c";

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	snprintf(lm_optstr, sizeof(lm_optstr), "f:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -f fmt   strftime format, non-empty (default \"%%c\")\n");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	if (opt != 'f' || *optarg == '\0')
		return -1;
	optf = optarg;
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	time_t t0 = 0, t1 = 1;

	if (localtime_r(&t0, &ts->ts_tm[0]) == NULL ||
	    localtime_r(&t1, &ts->ts_tm[1]) == NULL) {
		lm_error("localtime_r:");
		return -1;
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
