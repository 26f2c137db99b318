/* SPDX-License-Identifier: MIT */
/*
 * fault: one page fault per operation, in a region mapped before each
 * batch and unmapped after it, so only the faults are timed.  -k anon:
 * a write to a 4 KiB page of private anonymous memory under
 * MADV_NOHUGEPAGE, which allocates, zeroes and maps one page.  thp: a
 * write to a 2 MiB-aligned 2 MiB under MADV_HUGEPAGE, one huge page per
 * fault; where THP is off, or a probe's 2 MiB took more than one fault,
 * the run is unsupported, never 4 KiB pages in silence.  file: a read of
 * a page-cache file mapped private, at one page per fault-around block,
 * so each read is one fault that maps the block.  pg/flt is the pages a
 * fault maps, measured by the probe from the minor-fault count.
 */
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include "libmicro.h"
#include "linuxonly.h"	/* lx_hugepage, lx_thp_allowed; no hooks */

enum { ANON, THP, FILEMAP };
static int	optk, ppf = 1, fd = -1;
static char	*path;

const struct lm_opt lm_options[] = {
	{ 'k', LM_ENUM, "kind", &optk, "anon", 0, 0, "the fault",
	    "anon|thp|file" },
	LM_END
};
const struct lm_col lm_columns[] = {
	{ "pg/flt", 7, LM_INT, &ppf, NULL },
	LM_END
};

typedef struct {
	char	*ts_map, *ts_p;
	size_t	ts_len;
} tsd_t;

LM_TSD(tsd_t);

static long
minflt(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_minflt : 0;
}

/* A region for n strides of s bytes, ready to fault in. */
static int
map(tsd_t *ts, size_t n, size_t s)
{
	ts->ts_len = n * s + (optk == THP ? s : 0);
	ts->ts_map = optk == FILEMAP ? mmap(NULL, ts->ts_len, PROT_READ,
	    MAP_PRIVATE, fd, 0) : mmap(NULL, ts->ts_len,
	    PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (ts->ts_map == MAP_FAILED)
		return -1;
	ts->ts_p = optk == THP ? (char *)(((uintptr_t)ts->ts_map + s - 1) &
	    ~(uintptr_t)(s - 1)) : ts->ts_map;
	return optk == FILEMAP ? 0 : lx_hugepage(ts->ts_map, ts->ts_len,
	    optk == THP);
}

static size_t
stride(void)
{
	return (size_t)ppf * 4096;
}

/*
 * Fault in n pages of 4 KiB: the pages each fault mapped, to a power of
 * two (a fault-around block is one, THP's 512 pages too), as a stray
 * fault or two of the process's own may have been counted with them.
 */
static int
probe(size_t n)
{
	tsd_t ts;
	long f0 = minflt(), i, p = 1;

	if (map(&ts, 1, n * 4096) != 0)
		return -1;
	for (i = 0; i < (long)n; i++)
		lm_sink += optk == FILEMAP ? ts.ts_p[i * 4096] :
		    (ts.ts_p[i * 4096] = 1);
	f0 = minflt() - f0;
	(void) munmap(ts.ts_map, ts.ts_len);
	while (f0 > 0 && (double)p * 2 <= 1.4 * (double)n / (double)f0)
		p *= 2;
	return (int)p;
}

int
benchmark_optcheck(void)
{
	char mode[32];

	lm_maxB = optk == THP ? 64 : 65536;	/* 128 MiB, 256 MiB */
	if (optk == THP && lx_thp_allowed(mode, sizeof(mode)) != 1)
		return lm_unsupported("transparent huge pages are %s", mode);
	return 0;
}

int
benchmark_initrun(void)
{
	if (optk == FILEMAP && (lm_datafile(&path, "fault", 1 << 20) != 0 ||
	    (fd = open(path, O_RDONLY)) < 0))
		return -1;
	ppf = optk == ANON ? 1 : probe(optk == THP ? 512 : 256);
	/* 4 KiB pages would take 512 faults; a huge page one or two. */
	if (optk == THP && ppf < 64)
		return lm_unsupported("a 2 MiB MADV_HUGEPAGE region took %d"
		    " faults (no huge page free?)", 512 / ppf);
	ppf = optk == THP ? 512 : ppf;
	if (optk == FILEMAP && lm_fillfile(path, (long long)stride() *
	    (lm_optB > 256 ? lm_optB : 256)) != 0)
		return -1;
	return ppf > 0 ? 0 : -1;
}

int
benchmark_initbatch(void *tsd)
{
	return map(tsd, (size_t)lm_optB, stride());
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	size_t s = stride();
	int i;

	for (i = 0; i < lm_optB; i++)
		lm_sink += optk == FILEMAP ? ts->ts_p[i * s] :
		    (ts->ts_p[i * s] = 1);
	res->re_count = i;
	return 0;
}

int
benchmark_finibatch(void *tsd)
{
	tsd_t *ts = tsd;

	return munmap(ts->ts_map, ts->ts_len);
}
