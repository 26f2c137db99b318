/* SPDX-License-Identifier: MIT */
/*
 * strcpy: one strcpy() of an -s byte string (default 100) per operation,
 * between two buffers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libmicro.h"

static const char	text[] = "The quick brown fox jumps over the lazy dog.";
static int		opts = 100;

typedef struct {
	char	*ts_dst;
	char	*ts_src;
} tsd_t;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	snprintf(lm_optstr, sizeof(lm_optstr), "s:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -s size  string length (default 100)\n");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	if (opt != 's' || (opts = sizetoint(optarg)) < 0 || opts > (1 << 28))
		return -1;
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	int i;

	ts->ts_dst = malloc((size_t)opts + 1);
	ts->ts_src = malloc((size_t)opts + 1);
	if (ts->ts_dst == NULL || ts->ts_src == NULL) {
		lm_error("malloc:");
		return -1;
	}
	for (i = 0; i < opts; i++)
		ts->ts_src[i] = text[i % (sizeof(text) - 1)];
	ts->ts_src[opts] = '\0';
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	free(ts->ts_dst);
	free(ts->ts_src);
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	char *dst = ((tsd_t *)tsd)->ts_dst;
	const char *src = ((tsd_t *)tsd)->ts_src;
	int i;

	for (i = 0; i < lm_optB; i++) {
		LM_OPAQUE(src);
		(void) strcpy(dst, src);	/* NOLINT: the call measured */
		LM_OPAQUE(dst);
	}
	res->re_count = i;
	return 0;
}
