/* SPDX-License-Identifier: MIT */
/*
 * strbuf.h - the hooks the string cases share: option -s, string length
 * (default 100), and per worker sb_s, a string of that length cut from a
 * pangram.  A case that defines STRBUF_DST before including this also
 * gets sb_dst, a second buffer of as many bytes and the NUL: with
 * STRBUF_DST 1 left unwritten, to copy into (strcpy); with STRBUF_DST 2
 * holding an equal string, so that a comparison looks at every byte.
 * The case defines benchmark() over its tsd, or, for a comparison, only
 * STRBUF_CMP, the function (strcmp, strcasecmp): this header's
 * benchmark() calls it once per operation on the two equal strings.
 */
#ifndef STRBUF_H
#define STRBUF_H

#include <stdlib.h>

#include "libmicro.h"

#ifdef STRBUF_CMP
#define STRBUF_DST	2
#endif
#ifndef STRBUF_DST
#define STRBUF_DST	0
#endif

typedef struct {
	char	*sb_s;
	char	*sb_dst;		/* NULL unless STRBUF_DST */
} strbuf_t;

LM_TSD(strbuf_t);

static long long	sb_len;

const struct lm_opt lm_options[] = {
	{ 's', LM_SIZE, "size", &sb_len, "100", 0, 1 << 28,
	    "string length", NULL },
	LM_END
};

/* A buffer of -s bytes and the NUL. */
static char *
sb_alloc(void)
{
	char *p = malloc((size_t)sb_len + 1);

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

	for (i = 0; i < sb_len; i++)
		p[i] = text[i % (sizeof(text) - 1)];
	p[sb_len] = '\0';
}

/* strcpy's destination comes before its source, as it always has. */
int
benchmark_initworker(void *tsd)
{
	strbuf_t *ts = tsd;

	ts->sb_dst = NULL;
	if ((STRBUF_DST == 1 && (ts->sb_dst = sb_alloc()) == NULL) ||
	    (ts->sb_s = sb_alloc()) == NULL ||
	    (STRBUF_DST == 2 && (ts->sb_dst = sb_alloc()) == NULL))
		return -1;
	sb_fill(ts->sb_s);
	if (STRBUF_DST == 2)
		sb_fill(ts->sb_dst);
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	strbuf_t *ts = tsd;

	free(ts->sb_s);
	free(ts->sb_dst);
	return 0;
}

#ifdef STRBUF_CMP
int
benchmark(void *tsd, result_t *res)
{
	const char *a = ((strbuf_t *)tsd)->sb_s, *b = ((strbuf_t *)tsd)->sb_dst;
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
