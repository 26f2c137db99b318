/* SPDX-License-Identifier: MIT */
/*
 * malloc: one malloc() and one free() of -s bytes per operation.  As in
 * libMicro, blocks are taken in groups of -g (default 10): a group is
 * allocated, then freed, so up to -g blocks are live at once.  With -T 2
 * two threads share the allocator (the mallocT2_ runs).
 */
#include <stdio.h>
#include <stdlib.h>

#include "libmicro.h"

#define MAXG	1024

typedef struct {
	void	*ts_glob[MAXG];
} tsd_t;

static long long	opts = 32;
static int		optg = 10;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	snprintf(lm_optstr, sizeof(lm_optstr), "g:s:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -s size  bytes per block (default 32)\n"
	    "  -g n     blocks allocated before they are freed"
	    " (default 10, at most %d)\n", MAXG);
	snprintf(lm_header, sizeof(lm_header), "%8s %5s", "size", "group");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	switch (opt) {
	case 'g':
		optg = sizetoint(optarg);
		return optg >= 1 && optg <= MAXG ? 0 : -1;
	case 's': return (opts = sizetoll(optarg)) > 0 ? 0 : -1;
	default: return -1;
	}
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i = 0, j;

	while (i < lm_optB) {
		int n = lm_optB - i < optg ? lm_optB - i : optg;

		for (j = 0; j < n; j++) {
			ts->ts_glob[j] = malloc((size_t)opts);
			LM_OPAQUE(ts->ts_glob[j]);
			if (ts->ts_glob[j] == NULL)
				res->re_errors++;
		}
		for (j = 0; j < n; j++)
			free(ts->ts_glob[j]);
		i += n;
	}
	res->re_count = i;
	return 0;
}

char *
benchmark_result(void)
{
	static char result[32];

	snprintf(result, sizeof(result), "%8lld %5d", opts, optg);
	return result;
}
