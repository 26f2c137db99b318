/* SPDX-License-Identifier: MIT */
/*
 * membuf.h - the hooks memcpy, memmove, memset and memrand share: option
 * -s, bytes per operation, and its result column; per worker up to two
 * buffers, freed when the worker ends (the string cases keep their
 * strings in them too, see strbuf.h).  A case includes this, lists the
 * MB_* entries in its tables, makes its buffers from benchmark_initworker
 * (page-aligned with mb_alloc(), written once so that no page fault is
 * timed) and defines benchmark().
 */
#ifndef MEMBUF_H
#define MEMBUF_H

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libmicro.h"

typedef struct {
	char	*mb_buf;
	char	*mb_dst;	/* memcpy: the second buffer */
	void	*mb_next;	/* where the next operation starts */
} membuf_t;

LM_TSD(membuf_t);

static long long	mb_size;	/* -s */

#define MB_OPT_SIZE(def, min, help) { 's', LM_SIZE, "size", &mb_size, \
	(def), (min), LLONG_MAX, (help), NULL }
#define MB_COL_SIZE { "size", 8, LM_LL, &mb_size, NULL }

/* *p: len page-aligned bytes, each set to c. */
static inline int
mb_alloc(char **p, size_t len, int c)
{
	void *v;

	if (posix_memalign(&v, (size_t)sysconf(_SC_PAGESIZE), len) != 0)
		return -1;
	*p = memset(v, c, len);
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	membuf_t *ts = tsd;

	free(ts->mb_buf);
	free(ts->mb_dst);
	return 0;
}

#endif /* MEMBUF_H */
