/* SPDX-License-Identifier: MIT */
/*
 * munmap: one munmap() of a -l byte mapping per operation.  The batch
 * setup maps them, private and read-write, from the file -f (the suite
 * uses /dev/zero, $TFILE and $VFILE) or anonymous memory (-a), and with
 * -r reads or -w writes one byte per page, so the unmap has pages to tear
 * down; private mappings keep the file as it was.  A batch holds lm_maxB
 * mappings at most.  With neither -f nor -a it maps a scratch file.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libmicro.h"

typedef struct {
	char	**ts_map;	/* mapped by initbatch, unmapped by benchmark */
	int	ts_cap;
} tsd_t;

static char		*optf;
static int		opta, optr, optw;
static long long	optl = 8192;
static long		pagesize;
static int		fd = -1;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	lm_maxB = 1024;
	pagesize = sysconf(_SC_PAGESIZE);
	snprintf(lm_optstr, sizeof(lm_optstr), "af:l:rw");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -f path  file to map (default: a scratch file of -l bytes)\n"
	    "  -a       map anonymous memory instead of a file\n"
	    "  -l size  length of each mapping (default 8k)\n"
	    "  -r       read one byte per page before the unmap\n"
	    "  -w       write one byte per page before the unmap\n");
	snprintf(lm_header, sizeof(lm_header), "%8s %5s", "length", "flags");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	switch (opt) {
	case 'a': opta = 1; optf = NULL; break;
	case 'f': optf = lm_optfile(opt, optarg, R_OK); opta = 0; break;
	case 'l': return (optl = sizetoll(optarg)) > 0 ? 0 : -1;
	case 'r': optr = 1; break;
	case 'w': optw = 1; break;
	default: return -1;
	}
	return 0;
}

/* The file to map, made first when none was named; checked for length. */
static int
open_file(void)
{
	static char path[1024];
	struct stat sb;

	if (optf == NULL && (optf = lm_tmppath(path, sizeof(path), "map")) ==
	    NULL)
		return -1;
	if (optf == path && lm_fillfile(path, optl) != 0)
		return -1;
	if ((fd = open(optf, O_RDONLY)) < 0 || fstat(fd, &sb) != 0) {
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
benchmark_initrun(void)
{
	return opta ? 0 : open_file();
}

static void
touch(volatile char *p)
{
	long long j;
	long sum = 0;

	for (j = 0; optr && j < optl; j += pagesize)
		sum += p[j];
	for (j = 0; optw && j < optl; j += pagesize)
		p[j] = 1;
	lm_sink += sum;
}

int
benchmark_initbatch(void *tsd)
{
	tsd_t *ts = tsd;
	char **p;
	int i;

	if (lm_optB > ts->ts_cap) {
		if ((p = realloc(ts->ts_map, lm_optB * sizeof(*p))) == NULL)
			return -1;
		ts->ts_map = p;
		ts->ts_cap = lm_optB;
	}
	for (i = 0; i < lm_optB; i++) {
		ts->ts_map[i] = mmap(NULL, (size_t)optl, PROT_READ | PROT_WRITE,
		    opta ? MAP_PRIVATE | MAP_ANONYMOUS : MAP_PRIVATE, fd, 0);
		if (ts->ts_map[i] == MAP_FAILED) {
			lm_error("mmap of %lld bytes:", optl);
			while (--i >= 0)
				(void) munmap(ts->ts_map[i], (size_t)optl);
			return -1;
		}
		touch(ts->ts_map[i]);
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++)
		if (munmap(ts->ts_map[i], (size_t)optl) != 0)
			res->re_errors++;
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	free(((tsd_t *)tsd)->ts_map);
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
	    opta ? 'a' : '-', optr ? 'r' : '-', optw ? 'w' : '-');
	return result;
}
