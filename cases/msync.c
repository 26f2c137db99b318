/* SPDX-License-Identifier: MIT */
/*
 * msync: one msync(MS_SYNC) of a -l byte mapping per operation.  Each
 * worker maps the file -f shared (default: a scratch file of -l bytes),
 * or anonymous memory with -a, where there is never anything to write
 * back.  -w then rewrites one byte per page with the value it holds after
 * each msync, so every call has dirty pages to write back while the
 * file's contents stay as they were; the write faults are timed too.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libmicro.h"

typedef struct {
	char	*ts_map;
} tsd_t;

static char		*optf;
static int		opta, optw;
static long long	optl = 8192;
static long		pagesize;
static int		fd = -1;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	pagesize = sysconf(_SC_PAGESIZE);
	snprintf(lm_optstr, sizeof(lm_optstr), "af:l:w");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -f path  file to map shared (default: a scratch file)\n"
	    "  -a       map anonymous memory instead of a file\n"
	    "  -l size  length of the mapping (default 8k)\n"
	    "  -w       dirty one byte per page after each msync\n");
	snprintf(lm_header, sizeof(lm_header), "%8s %5s", "length", "flags");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	switch (opt) {
	case 'a': opta = 1; optf = NULL; break;
	case 'f': optf = lm_optfile(opt, optarg, R_OK | W_OK); opta = 0; break;
	case 'l': return (optl = sizetoll(optarg)) > 0 ? 0 : -1;
	case 'w': optw = 1; break;
	default: return -1;
	}
	return 0;
}

int
benchmark_initrun(void)
{
	static char path[1024];
	struct stat sb;

	if (opta)
		return 0;
	if (optf == NULL && (optf = lm_tmppath(path, sizeof(path), "sync")) ==
	    NULL)
		return -1;
	if (optf == path && lm_fillfile(path, optl) != 0)
		return -1;
	if ((fd = open(optf, O_RDWR)) < 0 || fstat(fd, &sb) != 0) {
		lm_error("%s:", optf);
		return -1;
	}
	if (S_ISREG(sb.st_mode) && sb.st_size < optl) {
		lm_error("%s: shorter than -l %lld", optf, optl);
		return -1;
	}
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	ts->ts_map = mmap(NULL, (size_t)optl, PROT_READ | PROT_WRITE,
	    opta ? MAP_PRIVATE | MAP_ANONYMOUS : MAP_SHARED, fd, 0);
	if (ts->ts_map == MAP_FAILED) {
		lm_error("mmap of %lld bytes:", optl);
		return -1;
	}
	return 0;
}

/* A write of the value already there: the page is dirty, not changed. */
static void
rewrite(volatile char *p)
{
	char c = *p;

	*p = c;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	long long j;
	int i;

	for (i = 0; i < lm_optB; i++) {
		if (msync(ts->ts_map, (size_t)optl, MS_SYNC) != 0)
			res->re_errors++;
		for (j = 0; optw && j < optl; j += pagesize)
			rewrite(ts->ts_map + j);
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	return munmap(((tsd_t *)tsd)->ts_map, (size_t)optl);
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

	snprintf(result, sizeof(result), "%8lld %c%c", optl,
	    opta ? 'a' : '-', optw ? 'w' : '-');
	return result;
}
