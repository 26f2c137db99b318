/* SPDX-License-Identifier: MIT */
/*
 * strpair.h - the hooks strcmp and strcasecmp share: option -s, string
 * length (default 100), and per worker two equal strings of that length
 * in separate buffers, so each call looks at every byte.  A case
 * includes this and defines benchmark() over sp_a and sp_b of its tsd.
 */
#ifndef STRPAIR_H
#define STRPAIR_H

#include <stdlib.h>

#include "libmicro.h"

typedef struct {
	char	*sp_a;
	char	*sp_b;
} strpair_t;

static long long	sp_len;

const struct lm_opt lm_options[] = {
	{ 's', LM_SIZE, "size", &sp_len, "100", 0, 1 << 28,
	    "string length", NULL },
	LM_END
};

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(strpair_t);
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	static const char text[] =
	    "The quick brown fox jumps over the lazy dog.";
	strpair_t *ts = tsd;
	long long i;

	ts->sp_a = malloc((size_t)sp_len + 1);
	ts->sp_b = malloc((size_t)sp_len + 1);
	if (ts->sp_a == NULL || ts->sp_b == NULL) {
		lm_error("malloc:");
		return -1;
	}
	for (i = 0; i < sp_len; i++)
		ts->sp_a[i] = ts->sp_b[i] = text[i % (sizeof(text) - 1)];
	ts->sp_a[sp_len] = ts->sp_b[sp_len] = '\0';
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	strpair_t *ts = tsd;

	free(ts->sp_a);
	free(ts->sp_b);
	return 0;
}

#endif /* STRPAIR_H */
