/* SPDX-License-Identifier: MIT */
/*
 * memcpy: one memcpy() of -s bytes per operation, between two
 * page-aligned buffers that are written once in the setup (no page
 * faults are timed; buffers that fit the caches stay in them).
 */

/* membuf.h gives lm_tsd and benchmark_finiworker (frees the buffers). */
#include "membuf.h"

const struct lm_opt lm_options[] = {
	MB_OPT_SIZE("8k", 1, "bytes per memcpy"),
	LM_END
};
const struct lm_col lm_columns[] = { MB_COL_SIZE, LM_END };

int
benchmark_initworker(void *tsd)
{
	membuf_t *ts = tsd;

	if (mb_alloc(&ts->mb_buf, (size_t)mb_size, 'a') != 0 ||
	    mb_alloc(&ts->mb_dst, (size_t)mb_size, 'b') != 0)
		return -1;
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	membuf_t *ts = tsd;
	char *src = ts->mb_buf, *dst = ts->mb_dst;
	int i;

	LM_OPAQUE(src);
	for (i = 0; i < lm_optB; i++) {
		memcpy(dst, src, (size_t)mb_size);
		LM_OPAQUE(dst);
	}
	lm_sink += dst[mb_size - 1];
	res->re_count = i;
	return 0;
}
