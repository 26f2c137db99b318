/* SPDX-License-Identifier: MIT */
/*
 * read: one read(2) of -s bytes from -f file into a private buffer.
 * A regular file is read in sequence and rewound before the read that
 * would pass its end, so every read is full.  -w stores a byte in each
 * page of the buffer before each read (libMicro's read -w), so the read
 * lands in pages the process has just written.  With no -f, the run
 * reads a 10 MB file of its own in a private temp directory.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libmicro.h"

typedef struct {
	int	ts_fd;
	char	*ts_buf;
	off_t	ts_off;		/* where the next read starts */
	off_t	ts_end;		/* file size; 0 for devices: never rewind */
} tsd_t;

static char	*optf;
static long long opts = 1024;
static long	optw;		/* page size with -w, else 0 */
static char	path[PATH_MAX];

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	snprintf(lm_optstr, sizeof(lm_optstr), "f:s:w");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -f path  file to read (default: a 10 MB file of its own)\n"
	    "  -s size  bytes per read (default 1k)\n"
	    "  -w       store a byte in each buffer page before each read\n");
	snprintf(lm_header, sizeof(lm_header), "%8s", "size");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	switch (opt) {
	case 'f': optf = lm_optfile(opt, optarg, R_OK); return 0;
	case 's': return (opts = sizetoll(optarg)) > 0 ? 0 : -1;
	case 'w': optw = sysconf(_SC_PAGESIZE); return 0;
	default: return -1;
	}
}

int
benchmark_initrun(void)
{
	if (optf != NULL)
		return 0;
	optf = lm_tmppath(path, sizeof(path), "data");
	return optf != NULL ? lm_fillfile(optf, 10LL << 20) : -1;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	struct stat sb;

	if ((ts->ts_fd = open(optf, O_RDONLY)) < 0 ||
	    fstat(ts->ts_fd, &sb) != 0) {
		lm_error("%s:", optf);
		return -1;
	}
	ts->ts_end = S_ISREG(sb.st_mode) ? sb.st_size : 0;
	if ((ts->ts_buf = malloc((size_t)opts)) == NULL) {
		lm_error("malloc:");
		return -1;
	}
	/* Zeros, faulted in now: the first sample is not a cold one. */
	memset(ts->ts_buf, 0, (size_t)opts);
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	long long j;
	int i;

	for (i = 0; i < lm_optB; i++) {
		if (ts->ts_end > 0 && ts->ts_off + opts > ts->ts_end) {
			if (lseek(ts->ts_fd, 0, SEEK_SET) != 0)
				res->re_errors++;
			ts->ts_off = 0;
		}
		for (j = 0; optw > 0 && j < opts; j += optw)
			ts->ts_buf[j] = 0;
		if (read(ts->ts_fd, ts->ts_buf, (size_t)opts) != opts)
			res->re_errors++;
		ts->ts_off += opts;
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	free(ts->ts_buf);
	return close(ts->ts_fd);
}

char *
benchmark_result(void)
{
	static char buf[32];

	snprintf(buf, sizeof(buf), "%8lld", opts);
	return buf;
}
