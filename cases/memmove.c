/* SPDX-License-Identifier: MIT */
/*
 * memmove: one memmove() of -s bytes per operation, between overlapping
 * places in one buffer -o bytes apart (default 8): even operations move
 * the data up by -o (a backward copy), odd ones move it back down (a
 * forward copy), so both overlapping directions are timed.  The buffer
 * is written once in the setup; no page faults are timed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libmicro.h"

typedef struct {
	char	*ts_buf;	/* opts + opto bytes */
} tsd_t;

static long long	opts = 8192;
static long long	opto = 8;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	snprintf(lm_optstr, sizeof(lm_optstr), "o:s:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -s size  bytes per memmove (default 8k)\n"
	    "  -o n     distance between source and destination"
	    " (default 8)\n");
	snprintf(lm_header, sizeof(lm_header), "%8s %6s", "size", "offset");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	switch (opt) {
	case 'o': return (opto = sizetoll(optarg)) > 0 ? 0 : -1;
	case 's': return (opts = sizetoll(optarg)) > 0 ? 0 : -1;
	default: return -1;
	}
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	if (posix_memalign((void **)&ts->ts_buf, page,
	    (size_t)(opts + opto)) != 0)
		return -1;
	memset(ts->ts_buf, 'a', (size_t)(opts + opto));
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	char *lo = ts->ts_buf, *hi = ts->ts_buf + opto;
	int i;

	LM_OPAQUE(lo);
	for (i = 0; i < lm_optB; i++) {
		if (i % 2 == 0)
			memmove(hi, lo, (size_t)opts);
		else
			memmove(lo, hi, (size_t)opts);
		LM_OPAQUE(lo);
	}
	lm_sink += lo[opts - 1];
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	free(((tsd_t *)tsd)->ts_buf);
	return 0;
}

char *
benchmark_result(void)
{
	static char result[32];

	snprintf(result, sizeof(result), "%8lld %6lld", opts, opto);
	return result;
}
