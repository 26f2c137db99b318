/* SPDX-License-Identifier: MIT */
/*
 * malloc: one malloc() and one free() of -s bytes per operation.  As in
 * libMicro, blocks are taken in groups of -g (default 10): a group is
 * allocated, then freed, so up to -g blocks are live at once.  With -T 2
 * two threads share the allocator (the mallocT2_ runs).
 */
#include <limits.h>
#include <stdlib.h>

#include "libmicro.h"

#define MAXG	1024

typedef struct {
	void	*ts_glob[MAXG];
} tsd_t;

LM_TSD(tsd_t);

static long long	opts, optg;

const struct lm_opt lm_options[] = {
	{ 's', LM_SIZE, "size", &opts, "32", 1, LLONG_MAX, "bytes per block",
	    NULL },
	{ 'g', LM_COUNT, "n", &optg, "10", 1, MAXG,
	    "blocks allocated before they are freed, at most 1024", NULL },
	LM_END
};
const struct lm_col lm_columns[] = {
	{ "size", 8, LM_LL, &opts, NULL },
	{ "group", 5, LM_LL, &optg, NULL },
	LM_END
};

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i, j, n, g = (int)optg;

	for (i = 0; i < lm_optB; i += n) {
		n = lm_optB - i < g ? lm_optB - i : g;
		for (j = 0; j < n; j++) {
			ts->ts_glob[j] = malloc((size_t)opts);
			LM_OPAQUE(ts->ts_glob[j]);
			if (ts->ts_glob[j] == NULL)
				res->re_errors++;
		}
		for (j = 0; j < n; j++)
			free(ts->ts_glob[j]);
	}
	res->re_count = i;
	return 0;
}
