/* SPDX-License-Identifier: MIT */
/*
 * memmove: one memmove() of -s bytes per operation, between overlapping
 * places in one buffer -o bytes apart (default 8): even operations move
 * the data up by -o (a backward copy), odd ones move it back down (a
 * forward copy), so both overlapping directions are timed.  The buffer
 * is written once in the setup; no page faults are timed.
 */

/* membuf.h gives lm_tsd and benchmark_finiworker (frees the buffers). */
#include "membuf.h"

static long long	opto;

const struct lm_opt lm_options[] = {
	MB_OPT_SIZE("8k", 1, "bytes per memmove"),
	{ 'o', LM_COUNT, "n", &opto, "8", 1, LLONG_MAX,
	    "distance between source and destination", NULL },
	LM_END
};
const struct lm_col lm_columns[] = {
	MB_COL_SIZE,
	{ "offset", 6, LM_LL, &opto, NULL },
	LM_END
};

int
benchmark_initworker(void *tsd)
{
	return mb_alloc(&((membuf_t *)tsd)->mb_buf, (size_t)(mb_size + opto),
	    'a');
}

int
benchmark(void *tsd, result_t *res)
{
	char *lo = ((membuf_t *)tsd)->mb_buf, *hi = lo + opto;
	int i;

	LM_OPAQUE(lo);
	for (i = 0; i < lm_optB; i++) {
		if (i % 2 == 0)
			memmove(hi, lo, (size_t)mb_size);
		else
			memmove(lo, hi, (size_t)mb_size);
		LM_OPAQUE(lo);
	}
	lm_sink += lo[mb_size - 1];
	res->re_count = i;
	return 0;
}
