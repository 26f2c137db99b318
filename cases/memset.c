/* SPDX-License-Identifier: MIT */
/*
 * memset: one memset() of -s bytes per operation, into a page-aligned
 * buffer, or -a bytes past the alignment.  With -u each operation takes
 * the next page-aligned block of a region twice the size of the
 * last-level cache (64 MB to 1 GB), so each memset meets a block that is
 * not in the cache.  The buffer is written once in the setup, so no page
 * faults are timed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libmicro.h"

typedef struct {
	char	*ts_buf;	/* ts_size bytes */
	char	*ts_p;		/* where the next operation writes */
	size_t	ts_size;
} tsd_t;

static long long	opts = 8192;
static int		opta, optu;
static size_t		stride;		/* -u: from one block to the next */
static long long	region;		/* -u: bytes walked */

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
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	snprintf(lm_optstr, sizeof(lm_optstr), "a:s:u");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -s size  bytes per memset (default 8k)\n"
	    "  -a n     start n bytes past page alignment (default 0)\n"
	    "  -u       walk a region larger than the last-level cache\n");
	snprintf(lm_header, sizeof(lm_header), "%8s %5s %6s", "size",
	    "align", "region");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	switch (opt) {
	case 'a': return (opta = sizetoint(optarg)) >= 0 ? 0 : -1;
	case 's': return (opts = sizetoll(optarg)) > 0 ? 0 : -1;
	case 'u': optu = 1; return 0;
	default: return -1;
	}
}

int
benchmark_initrun(void)
{
	long page = sysconf(_SC_PAGESIZE);

	stride = ((size_t)opts + (size_t)opta + page - 1) / page * page;
	if (optu) {
		region = 2 * llc_size();
		/* cppcheck-suppress knownConditionTrueFalse ; without the
		 * system headers it takes llc_size() for 0 */
		region = region < (64LL << 20) ? 64LL << 20 :
		    region > (1LL << 30) ? 1LL << 30 : region;
		if (region < (long long)stride)
			region = (long long)stride;
	}
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	ts->ts_size = optu ? (size_t)region : (size_t)opts + (size_t)opta;
	if (posix_memalign((void **)&ts->ts_buf,
	    (size_t)sysconf(_SC_PAGESIZE), ts->ts_size) != 0)
		return -1;
	memset(ts->ts_buf, 1, ts->ts_size);
	ts->ts_p = ts->ts_buf + opta;
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	char *p = ts->ts_p, *end = ts->ts_buf + ts->ts_size;
	int i;

	LM_OPAQUE(p);
	for (i = 0; i < lm_optB; i++) {
		memset(p, i, (size_t)opts);
		LM_OPAQUE(p);
		if (optu && (p += stride) + opts > end)
			p = ts->ts_buf + opta;
	}
	ts->ts_p = p;
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
	static char result[64];

	if (optu)
		snprintf(result, sizeof(result), "%8lld %5d %5lldm", opts,
		    opta, region >> 20);
	else
		snprintf(result, sizeof(result), "%8lld %5d %6s", opts, opta,
		    "-");
	return result;
}
