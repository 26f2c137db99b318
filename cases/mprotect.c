/* SPDX-License-Identifier: MIT */
/*
 * mprotect: one mprotect() of a -l byte chunk per operation, which flips
 * the chunk between read-write and PROT_NONE.  Operation i works on chunk
 * i of a private mapping of -f (default /dev/zero) or of anonymous memory
 * (-a) that starts as a checkerboard of the two, as libMicro's did, so
 * each call splits and merges areas among many.  -w writes one byte per
 * page in the setup, so the chunks have pages behind them; -t reads one
 * byte per page of a chunk just before taking its access away, so
 * re-entering pages that were PROT_NONE (and any fault) is timed too.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libmicro.h"

typedef struct {
	char	*ts_seg;	/* ts_n chunks of optl bytes */
	char	*ts_none;	/* chunk i is PROT_NONE now */
	int	ts_n;
} tsd_t;

static char		*optf = "/dev/zero";
static int		opta, optt, optw;
static long long	optl = 8192;
static long		pagesize;
static int		fd = -1;
static long long	fsize;		/* a regular file's length, or 0 */

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	lm_maxB = 2048;
	pagesize = sysconf(_SC_PAGESIZE);
	snprintf(lm_optstr, sizeof(lm_optstr), "af:l:tw");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -f path  file to map (default /dev/zero)\n"
	    "  -a       map anonymous memory instead of a file\n"
	    "  -l size  length of each chunk (default 8k)\n"
	    "  -w       write one byte per page of each chunk in the setup\n"
	    "  -t       read one byte per page before each PROT_NONE\n");
	snprintf(lm_header, sizeof(lm_header), "%8s %5s", "length", "flags");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	switch (opt) {
	case 'a': opta = 1; break;
	case 'f': optf = lm_optfile(opt, optarg, R_OK); opta = 0; break;
	case 'l':
		optl = sizetoll(optarg);
		return optl > 0 && optl % pagesize == 0 ? 0 : -1;
	case 't': optt = 1; break;
	case 'w': optw = 1; break;
	default: return -1;
	}
	return 0;
}

int
benchmark_initrun(void)
{
	struct stat sb;

	if (opta)
		return 0;
	if ((fd = open(optf, O_RDONLY)) < 0 || fstat(fd, &sb) != 0) {
		lm_error("%s:", optf);
		return -1;
	}
	fsize = S_ISREG(sb.st_mode) ? (long long)sb.st_size : 0;
	return 0;
}

/* Make the mapping n chunks long: new, written if -w, a checkerboard. */
static int
grow(tsd_t *ts, int n)
{
	size_t len = (size_t)n * (size_t)optl, j;
	int i;

	if (ts->ts_seg != NULL)
		(void) munmap(ts->ts_seg, (size_t)ts->ts_n * (size_t)optl);
	ts->ts_seg = NULL;
	ts->ts_n = 0;
	if (fsize > 0 && (long long)len > fsize) {
		lm_error("%s: too short for %d chunks of %lld", optf, n, optl);
		return -1;
	}
	free(ts->ts_none);
	if ((ts->ts_none = calloc((size_t)n, 1)) == NULL)
		return -1;
	ts->ts_seg = mmap(NULL, len, PROT_READ | PROT_WRITE,
	    opta ? MAP_PRIVATE | MAP_ANONYMOUS : MAP_PRIVATE, fd, 0);
	if (ts->ts_seg == MAP_FAILED) {
		lm_error("mmap of %zu bytes:", len);
		ts->ts_seg = NULL;
		return -1;
	}
	for (j = 0; optw && j < len; j += (size_t)pagesize)
		ts->ts_seg[j] = 1;
	for (i = 1; i < n; i += 2)
		if (mprotect(ts->ts_seg + (size_t)i * optl, (size_t)optl,
		    PROT_NONE) == 0)
			ts->ts_none[i] = 1;
	ts->ts_n = n;
	return 0;
}

int
benchmark_initbatch(void *tsd)
{
	tsd_t *ts = tsd;

	return lm_optB <= ts->ts_n ? 0 : grow(ts, lm_optB);
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	long long j;
	long sum = 0;
	int i;

	for (i = 0; i < lm_optB; i++) {
		volatile char *p = ts->ts_seg + (size_t)i * optl;
		int prot = PROT_READ | PROT_WRITE;

		if (!ts->ts_none[i]) {
			for (j = 0; optt && j < optl; j += pagesize)
				sum += p[j];
			prot = PROT_NONE;
		}
		if (mprotect((void *)p, (size_t)optl, prot) != 0)
			res->re_errors++;
		else
			ts->ts_none[i] = !ts->ts_none[i];
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	if (ts->ts_seg != NULL)
		(void) munmap(ts->ts_seg, (size_t)ts->ts_n * (size_t)optl);
	free(ts->ts_none);
	return 0;
}

int
benchmark_finirun(void)
{
	return fd >= 0 ? close(fd) : 0;
}

char *
benchmark_result(void)
{
	static char result[64];

	snprintf(result, sizeof(result), "%8lld %c%c%c", optl,
	    opta ? 'a' : '-', optw ? 'w' : '-', optt ? 't' : '-');
	return result;
}
