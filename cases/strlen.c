/* SPDX-License-Identifier: MIT */
/*
 * strlen: one strlen() of an -s byte string (default 100) per operation.
 */
#include <string.h>

/* strbuf.h and its membuf.h give lm_options (-s), lm_tsd,
 * benchmark_initworker and benchmark_finiworker. */
#include "strbuf.h"

int
benchmark(void *tsd, result_t *res)
{
	const char *s = ((membuf_t *)tsd)->mb_buf;
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
