/* SPDX-License-Identifier: MIT */
/*
 * strbuf.h - the hooks the string cases share: option -s, string length
 * (default 100), and in membuf.h's per-worker buffers, mb_buf, a string
 * of that length cut from a pangram.  A case that defines STRBUF_DST
 * before including this also gets mb_dst, a second buffer of as many
 * bytes and the NUL: with STRBUF_DST 1 left unwritten, to copy into
 * (strcpy); with STRBUF_DST 2 holding an equal string, so that a
 * comparison looks at every byte.  The case defines benchmark() over
 * its tsd, or, for a comparison, only STRBUF_CMP, the function (strcmp,
 * strcasecmp): this header's benchmark() calls it once per operation on
 * the two equal strings.
 */
#ifndef STRBUF_H
#define STRBUF_H

#include "membuf.h"

#ifdef STRBUF_CMP
#define STRBUF_DST	2
#endif
#ifndef STRBUF_DST
#define STRBUF_DST	0
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
	if ((STRBUF_DST == 1 && (ts->mb_dst = sb_alloc()) == NULL) ||
	    (ts->mb_buf = sb_alloc()) == NULL ||
	    (STRBUF_DST == 2 && (ts->mb_dst = sb_alloc()) == NULL))
		return -1;
	sb_fill(ts->mb_buf);
	if (STRBUF_DST == 2)
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
