/* SPDX-License-Identifier: MIT */
/*
 * strcmp: one strcmp() per operation of two equal -s byte strings
 * (default 100) in separate buffers, so each call compares every byte.
 */
#include <string.h>

#include "strpair.h"

int
benchmark(void *tsd, result_t *res)
{
	const char *a = ((strpair_t *)tsd)->sp_a, *b = ((strpair_t *)tsd)->sp_b;
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
