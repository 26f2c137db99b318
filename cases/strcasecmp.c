/* SPDX-License-Identifier: MIT */
/*
 * strcasecmp: one strcasecmp() per operation of two equal -s byte strings
 * (default 100) in separate buffers, so each call folds and compares
 * every byte (in the C locale).
 */
#include <strings.h>

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
		if (strcasecmp(a, b) != 0)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}
