/* SPDX-License-Identifier: MIT */
/*
 * memrand: one load per operation from a random place in a -s byte
 * region (default 128 MB), each address read from the previous load, so
 * the loads cannot overlap: memory latency, TLB misses included once the
 * region outgrows the caches.  The setup links one pointer per 64-byte
 * line into a single random cycle (Sattolo's shuffle, fixed seed).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "libmicro.h"

#define LINE	64

typedef struct {
	char	*ts_buf;
	void	**ts_p;		/* where the chain goes on */
} tsd_t;

static long long	opts = 128LL << 20;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	snprintf(lm_optstr, sizeof(lm_optstr), "s:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -s size  bytes of memory to visit (default 128m)\n");
	snprintf(lm_header, sizeof(lm_header), "%8s", "size");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	if (opt != 's' || (opts = sizetoll(optarg)) < 2LL * LINE)
		return -1;
	return 0;
}

static uint64_t
xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Line k of buf, seen as an index or as a pointer. */
static size_t *
line(char *buf, size_t k)
{
	return (size_t *)(void *)(buf + k * LINE);
}

/*
 * Line i first holds the index i; Sattolo's shuffle of those indices is
 * a permutation with one cycle through all lines; then each line's index
 * becomes a pointer to that line.
 */
int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	size_t n = (size_t)(opts / LINE), i;
	uint64_t seed = 88172645463325252ULL;
	char *b;

	if (posix_memalign((void **)&ts->ts_buf, LINE, n * LINE) != 0)
		return -1;
	b = ts->ts_buf;
	for (i = 0; i < n; i++)
		*line(b, i) = i;
	for (i = n - 1; i > 0; i--) {
		size_t j = (size_t)(xorshift(&seed) % i), t = *line(b, i);

		*line(b, i) = *line(b, j);
		*line(b, j) = t;
	}
	for (i = 0; i < n; i++)
		*(void **)line(b, i) = line(b, *line(b, i));
	ts->ts_p = (void **)b;
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	void **p = ts->ts_p;
	int i;

	for (i = 0; i < lm_optB; i++)
		p = *p;
	ts->ts_p = p;
	lm_sink += (long)(uintptr_t)p;
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	free(((tsd_t *)tsd)->ts_buf);
	return 0;
}

char *
benchmark_result(void)
{
	static char result[32];

	snprintf(result, sizeof(result), "%8lld", opts);
	return result;
}
