/* SPDX-License-Identifier: MIT */
/*
 * strlen: one strlen() of an -s byte string (default 100) per operation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libmicro.h"

static const char	text[] = "The quick brown fox jumps over the lazy dog.";
static int		opts = 100;

typedef struct {
	char	*ts_s;
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

	if ((ts->ts_s = malloc((size_t)opts + 1)) == NULL) {
		lm_error("malloc:");
		return -1;
	}
	for (i = 0; i < opts; i++)
		ts->ts_s[i] = text[i % (sizeof(text) - 1)];
	ts->ts_s[opts] = '\0';
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	free(((tsd_t *)tsd)->ts_s);
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	const char *s = ((tsd_t *)tsd)->ts_s;
	size_t sum = 0;
	int i;

	for (i = 0; i < lm_optB; i++) {
		LM_OPAQUE(s);
		sum += strlen(s);
	}
	lm_sink += (long)sum;
	res->re_count = i;
	return 0;
}
