/* SPDX-License-Identifier: MIT */
/*
 * strcpy: one strcpy() of an -s byte string (default 100) per operation,
 * between two buffers.
 */
#include <string.h>

/* strbuf.h and its membuf.h give lm_options (-s), lm_tsd,
 * benchmark_initworker and benchmark_finiworker. */
#define STRBUF_DST	STRBUF_DST_COPY
#include "strbuf.h"

int
benchmark(void *tsd, result_t *res)
{
	char *dst = ((membuf_t *)tsd)->mb_dst;
	const char *src = ((membuf_t *)tsd)->mb_buf;
	int i;

	for (i = 0; i < lm_optB; i++) {
		LM_OPAQUE(src);
		(void) strcpy(dst, src);	/* NOLINT: the call measured */
		LM_OPAQUE(dst);
	}
	res->re_count = i;
	return 0;
}
