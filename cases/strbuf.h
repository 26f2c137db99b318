/* SPDX-License-Identifier: MIT */
/*
 * strbuf.h - the hooks the string cases share: option -s, string length
 * (default 100), and in membuf.h's per-worker buffers, mb_buf, a string
 * of that length cut from a pangram.  STRBUF_DST, defined before the
 * include, says what mb_dst is: STRBUF_DST_NONE (the default), nothing;
 * STRBUF_DST_COPY, a second buffer of as many bytes and the NUL, left
 * unwritten, to copy into (strcpy); STRBUF_DST_EQUAL, such a buffer
 * holding an equal string, so that a comparison looks at every byte.
 * The case defines benchmark() over its tsd, or, for a comparison, only
 * STRBUF_CMP, the function (strcmp, strcasecmp): this header's
 * benchmark() calls it once per operation on the two equal strings,
 * and STRBUF_DST is STRBUF_DST_EQUAL.
 */
#ifndef STRBUF_H
#define STRBUF_H

#include "membuf.h"

/* Not 0, 1 or 2, so that a bare number is refused below. */
#define STRBUF_DST_NONE		10
#define STRBUF_DST_COPY		11
#define STRBUF_DST_EQUAL	12

#ifdef STRBUF_CMP
#define STRBUF_DST	STRBUF_DST_EQUAL
#endif
#ifndef STRBUF_DST
#define STRBUF_DST	STRBUF_DST_NONE
#endif
#if STRBUF_DST != STRBUF_DST_NONE && STRBUF_DST != STRBUF_DST_COPY && \
    STRBUF_DST != STRBUF_DST_EQUAL
#error "STRBUF_DST: STRBUF_DST_NONE, STRBUF_DST_COPY or STRBUF_DST_EQUAL"
#endif

const struct lm_opt lm_options[] = {
	{ 's', LM_SIZE, "size", &mb_size, "100", 0, 1 << 28,
	    "string length", NULL },
	LM_END
};

/* A buffer of -s bytes and the NUL. */
static char *
sb_alloc(void)
{
	char *p = malloc((size_t)mb_size + 1);

	if (p == NULL)
		lm_error("malloc:");
	return p;
}

/* p gets the -s bytes of the pangram, repeated, and the NUL. */
static void
sb_fill(char *p)
{
	static const char text[] =
	    "The quick brown fox jumps over the lazy dog.";
	long long i;

	for (i = 0; i < mb_size; i++)
		p[i] = text[i % (sizeof(text) - 1)];
	p[mb_size] = '\0';
}

/* strcpy's destination comes before its source, as it always has. */
int
benchmark_initworker(void *tsd)
{
	membuf_t *ts = tsd;

	ts->mb_dst = NULL;
	if ((STRBUF_DST == STRBUF_DST_COPY &&
	    (ts->mb_dst = sb_alloc()) == NULL) ||
	    (ts->mb_buf = sb_alloc()) == NULL ||
	    (STRBUF_DST == STRBUF_DST_EQUAL &&
	    (ts->mb_dst = sb_alloc()) == NULL))
		return -1;
	sb_fill(ts->mb_buf);
	if (STRBUF_DST == STRBUF_DST_EQUAL)
		sb_fill(ts->mb_dst);
	return 0;
}

#ifdef STRBUF_CMP
int
benchmark(void *tsd, result_t *res)
{
	membuf_t *ts = tsd;
	const char *a = ts->mb_buf, *b = ts->mb_dst;
	int i;

	for (i = 0; i < lm_optB; i++) {
		LM_OPAQUE(a);
		LM_OPAQUE(b);
		if (STRBUF_CMP(a, b) != 0)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}
#endif

#endif /* STRBUF_H */
