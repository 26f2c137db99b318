/* SPDX-License-Identifier: MIT */
/*
 * strcasecmp: one strcasecmp() per operation of two equal -s byte strings
 * (default 100) in separate buffers, so each call folds and compares
 * every byte (in the C locale).
 */
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "libmicro.h"

static const char	text[] = "The quick brown fox jumps over the lazy dog.";
static int		opts = 100;

typedef struct {
	char	*ts_a;
	char	*ts_b;
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

	ts->ts_a = malloc((size_t)opts + 1);
	ts->ts_b = malloc((size_t)opts + 1);
	if (ts->ts_a == NULL || ts->ts_b == NULL) {
		lm_error("malloc:");
		return -1;
	}
	for (i = 0; i < opts; i++)
		ts->ts_a[i] = ts->ts_b[i] = text[i % (sizeof(text) - 1)];
	ts->ts_a[opts] = ts->ts_b[opts] = '\0';
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	free(ts->ts_a);
	free(ts->ts_b);
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	const char *a = ((tsd_t *)tsd)->ts_a, *b = ((tsd_t *)tsd)->ts_b;
	int i;

	for (i = 0; i < lm_optB; i++) {
		LM_OPAQUE(a);
		LM_OPAQUE(b);
		if (strcasecmp(a, b) != 0)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}
