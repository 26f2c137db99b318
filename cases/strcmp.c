/* SPDX-License-Identifier: MIT */
/*
 * strcmp: one strcmp() per operation of two equal -s byte strings
 * (default 100) in separate buffers, so each call compares every byte.
 */
#include <string.h>

#define STRBUF_DST	2

#include "strbuf.h"

int
benchmark(void *tsd, result_t *res)
{
	const char *a = ((strbuf_t *)tsd)->sb_s, *b = ((strbuf_t *)tsd)->sb_dst;
	int i;

	for (i = 0; i < lm_optB; i++) {
		LM_OPAQUE(a);
		LM_OPAQUE(b);
		if (strcmp(a, b) != 0)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}
