/* SPDX-License-Identifier: MIT */
/*
 * memset: one memset() of -s bytes per operation, into a page-aligned
 * buffer, or -a bytes past the alignment.  With -u each operation takes
 * the next page-aligned block of a region twice the size of the
 * last-level cache (64 MB to 1 GB), so each memset meets a block that is
 * not in the cache.  The buffer is written once in the setup, so no page
 * faults are timed; -u's region is populated by the kernel in one call
 * (MADV_POPULATE_WRITE, Linux 5.14) rather than by a fault per page,
 * which took most of the run's time.
 */
#include <stdio.h>
#include <sys/mman.h>

/* membuf.h gives lm_tsd and benchmark_finiworker (frees the buffers). */
#include "membuf.h"

static long long	opta;
static int		optu;
static size_t		stride;		/* -u: from one block to the next */
static long long	region;		/* -u: bytes walked */
static size_t		bufsize;

static const char	*region_col(void);

const struct lm_opt lm_options[] = {
	MB_OPT_SIZE("8k", 1, "bytes per memset"),
	{ 'a', LM_COUNT, "n", &opta, "0", 0, INT_MAX,
	    "start n bytes past page alignment", NULL },
	{ 'u', LM_FLAG, NULL, &optu, NULL, 0, 0,
	    "walk a region larger than the last-level cache", NULL },
	LM_END
};
const struct lm_col lm_columns[] = {
	MB_COL_SIZE,
	{ "align", 5, LM_LL, &opta, NULL },
	{ "region", 6, LM_FN, NULL, region_col },
	LM_END
};

/* Bytes in the last-level cache, 0 when the system does not say. */
static long long
llc_size(void)
{
#ifdef _SC_LEVEL3_CACHE_SIZE
	long v = sysconf(_SC_LEVEL3_CACHE_SIZE);

	if (v <= 0)
		v = sysconf(_SC_LEVEL2_CACHE_SIZE);
	return v > 0 ? v : 0;
#else
	return 0;
#endif
}

int
benchmark_initrun(void)
{
	long page = sysconf(_SC_PAGESIZE);

	stride = ((size_t)mb_size + (size_t)opta + page - 1) / page * page;
	if (optu) {
		region = 2 * llc_size();
		/* cppcheck-suppress knownConditionTrueFalse ; without the
		 * system headers it takes llc_size() for 0 */
		region = region < (64LL << 20) ? 64LL << 20 :
		    region > (1LL << 30) ? 1LL << 30 : region;
		if (region < (long long)stride)
			region = (long long)stride;
	}
	bufsize = optu ? (size_t)region : (size_t)mb_size + (size_t)opta;
	return 0;
}

/* -u's region, present and written: by the kernel in one call where it
 * can, else by writing it. */
static int
region_alloc(char **p)
{
	void *v;

	if (posix_memalign(&v, (size_t)sysconf(_SC_PAGESIZE), bufsize) != 0)
		return -1;
	*p = v;
#ifdef MADV_POPULATE_WRITE
	if (madvise(v, bufsize, MADV_POPULATE_WRITE) == 0)
		return 0;
#endif
	(void) memset(v, 1, bufsize);
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	membuf_t *ts = tsd;

	if ((optu ? region_alloc(&ts->mb_buf) :
	    mb_alloc(&ts->mb_buf, bufsize, 1)) != 0)
		return -1;
	ts->mb_next = ts->mb_buf + opta;
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	membuf_t *ts = tsd;
	char *p = ts->mb_next, *end = ts->mb_buf + bufsize;
	int i;

	LM_OPAQUE(p);
	for (i = 0; i < lm_optB; i++) {
		memset(p, i, (size_t)mb_size);
		LM_OPAQUE(p);
		if (optu && (p += stride) + mb_size > end)
			p = ts->mb_buf + opta;
	}
	ts->mb_next = p;
	res->re_count = i;
	return 0;
}

/* The region -u walks, in MB, or "-". */
static const char *
region_col(void)
{
	static char s[32];

	if (!optu)
		return "-";
	snprintf(s, sizeof(s), "%lldm", region >> 20);
	return s;
}
