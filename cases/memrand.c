/* SPDX-License-Identifier: MIT */
/*
 * memrand: one load per operation from a random place in a -s byte
 * region (default 128 MB), each address read from the previous load, so
 * the loads cannot overlap: memory latency, TLB misses included once the
 * region outgrows the caches.  The setup links one pointer per 64-byte
 * line into a single random cycle (Sattolo's shuffle, fixed seed).
 */
#include <stdint.h>

/* membuf.h gives lm_tsd and benchmark_finiworker (frees the buffers). */
#include "membuf.h"

#define LINE	64

const struct lm_opt lm_options[] = {
	MB_OPT_SIZE("128m", 2LL * LINE, "bytes of memory to visit"),
	LM_END
};
const struct lm_col lm_columns[] = { MB_COL_SIZE, LM_END };

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
 * becomes a pointer to that line.  Every line is written, so no page
 * fault is timed.
 */
int
benchmark_initworker(void *tsd)
{
	membuf_t *ts = tsd;
	size_t n = (size_t)(mb_size / LINE), i;
	uint64_t seed = 88172645463325252ULL;
	void *v;
	char *b;

	if (posix_memalign(&v, LINE, n * LINE) != 0)
		return -1;
	b = ts->mb_buf = v;
	for (i = 0; i < n; i++)
		*line(b, i) = i;
	for (i = n - 1; i > 0; i--) {
		size_t j = (size_t)(xorshift(&seed) % i), t = *line(b, i);

		*line(b, i) = *line(b, j);
		*line(b, j) = t;
	}
	for (i = 0; i < n; i++)
		*(void **)line(b, i) = line(b, *line(b, i));
	ts->mb_next = b;
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	membuf_t *ts = tsd;
	void **p = ts->mb_next;
	int i;

	for (i = 0; i < lm_optB; i++)
		p = *p;
	ts->mb_next = p;
	lm_sink += (long)(uintptr_t)p;
	res->re_count = i;
	return 0;
}
