/* SPDX-License-Identifier: MIT */
/*
 * strbuf.h - the hooks strlen, strchr and strcpy share: option -s, string
 * length (default 100), and per worker sb_s, a string of that length cut
 * from a pangram.  A case that defines STRBUF_DST as 1 before including
 * this also gets sb_dst, a buffer of as many bytes and the NUL to copy
 * into, left unwritten.  The case defines benchmark() over its tsd.
 */
#ifndef STRBUF_H
#define STRBUF_H

#include <stdlib.h>

#include "libmicro.h"

#ifndef STRBUF_DST
#define STRBUF_DST	0
#endif

typedef struct {
	char	*sb_s;
	char	*sb_dst;		/* NULL unless STRBUF_DST */
} strbuf_t;

static long long	sb_len;

const struct lm_opt lm_options[] = {
	{ 's', LM_SIZE, "size", &sb_len, "100", 0, 1 << 28,
	    "string length", NULL },
	LM_END
};

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(strbuf_t);
	return 0;
}

/* A buffer of -s bytes and the NUL. */
static char *
sb_alloc(void)
{
	char *p = malloc((size_t)sb_len + 1);

	if (p == NULL)
		lm_error("malloc:");
	return p;
}

int
benchmark_initworker(void *tsd)
{
	static const char text[] =
	    "The quick brown fox jumps over the lazy dog.";
	strbuf_t *ts = tsd;
	long long i;

	ts->sb_dst = NULL;
	if ((STRBUF_DST && (ts->sb_dst = sb_alloc()) == NULL) ||
	    (ts->sb_s = sb_alloc()) == NULL)
		return -1;
	for (i = 0; i < sb_len; i++)
		ts->sb_s[i] = text[i % (sizeof(text) - 1)];
	ts->sb_s[sb_len] = '\0';
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

#endif /* STRBUF_H */
