/* SPDX-License-Identifier: MIT */
/*
 * strchr: one strchr() per operation of a character absent from an -s byte
 * string (default 100), so each call scans the whole string.
 */
#include <string.h>

/* strbuf.h and its membuf.h give lm_options (-s), lm_tsd,
 * benchmark_initworker and benchmark_finiworker. */
#include "strbuf.h"

int
benchmark(void *tsd, result_t *res)
{
	const char *s = ((membuf_t *)tsd)->mb_buf;
	int i;

	for (i = 0; i < lm_optB; i++) {
		LM_OPAQUE(s);
		if (strchr(s, 'X') != NULL)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}
