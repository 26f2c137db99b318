/* SPDX-License-Identifier: MIT */
/*
 * memcpy: one memcpy() of -s bytes per operation, between two
 * page-aligned buffers that are written once in the setup (no page
 * faults are timed; buffers that fit the caches stay in them).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libmicro.h"

typedef struct {
	char	*ts_src;
	char	*ts_dst;
} tsd_t;

static long long	opts = 8192;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	snprintf(lm_optstr, sizeof(lm_optstr), "s:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -s size  bytes per memcpy (default 8k)\n");
	snprintf(lm_header, sizeof(lm_header), "%8s", "size");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	if (opt != 's' || (opts = sizetoll(optarg)) <= 0)
		return -1;
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	if (posix_memalign((void **)&ts->ts_src, page, (size_t)opts) != 0 ||
	    posix_memalign((void **)&ts->ts_dst, page, (size_t)opts) != 0)
		return -1;
	memset(ts->ts_src, 'a', (size_t)opts);
	memset(ts->ts_dst, 'b', (size_t)opts);
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	char *src = ts->ts_src, *dst = ts->ts_dst;
	int i;

	LM_OPAQUE(src);
	for (i = 0; i < lm_optB; i++) {
		memcpy(dst, src, (size_t)opts);
		LM_OPAQUE(dst);
	}
	lm_sink += dst[opts - 1];
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	free(ts->ts_src);
	free(ts->ts_dst);
	return 0;
}

char *
benchmark_result(void)
{
	static char result[32];

	snprintf(result, sizeof(result), "%8lld", opts);
	return result;
}
