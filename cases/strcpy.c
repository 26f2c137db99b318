/* SPDX-License-Identifier: MIT */
/*
 * strcpy: one strcpy() of an -s byte string (default 100) per operation,
 * between two buffers.
 */
#include <string.h>

#define STRBUF_DST	1
#include "strbuf.h"

int
benchmark(void *tsd, result_t *res)
{
	char *dst = ((strbuf_t *)tsd)->sb_dst;
	const char *src = ((strbuf_t *)tsd)->sb_s;
	int i;

	for (i = 0; i < lm_optB; i++) {
		LM_OPAQUE(src);
		(void) strcpy(dst, src);	/* NOLINT: the call measured */
		LM_OPAQUE(dst);
	}
	res->re_count = i;
	return 0;
}
