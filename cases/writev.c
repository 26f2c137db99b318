/* SPDX-License-Identifier: MIT */
/*
 * writev: one writev(2) of -v iovecs of -s bytes of zeros each to -f
 * file, so each call writes v * s bytes (libMicro's meaning: writev_t1k
 * writes ten 1k vectors).  A regular file is written in sequence and
 * rewound before a call would pass its end (or v * s bytes, for a
 * shorter file), so it never grows and a file of zeros stays as it was.
 * With no -f, the run writes a 10 MB file of its own in a private temp
 * directory.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "libmicro.h"

typedef struct {
	int		ts_fd;
	struct iovec	*ts_iov;
	char		*ts_buf;	/* the v vectors, end to end */
	off_t		ts_off;		/* where the next call writes */
	off_t		ts_end;		/* rewind before passing this */
} tsd_t;

static char	*optf;
static long long opts = 1024;
static int	optv = 10;
static long long total;		/* bytes per call */
static char	path[PATH_MAX];

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	snprintf(lm_optstr, sizeof(lm_optstr), "f:s:v:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -f path  file to write (default: a 10 MB file of its own)\n"
	    "  -s size  bytes per iovec (default 1k)\n"
	    "  -v n     iovecs per call, at most %d (default 10)\n", IOV_MAX);
	snprintf(lm_header, sizeof(lm_header), "%8s %4s", "size", "vec");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	switch (opt) {
	case 'f': optf = lm_optfile(opt, optarg, W_OK); return 0;
	case 's': return (opts = sizetoll(optarg)) > 0 ? 0 : -1;
	case 'v': optv = sizetoint(optarg); return optv > 0 &&
	    optv <= IOV_MAX ? 0 : -1;
	default: return -1;
	}
}

int
benchmark_initrun(void)
{
	if (opts > SSIZE_MAX / optv)
		lm_usage_error("-s %lld x -v %d is too large", opts, optv);
	total = opts * optv;
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
	int i;

	if ((ts->ts_fd = open(optf, O_WRONLY)) < 0 ||
	    fstat(ts->ts_fd, &sb) != 0) {
		lm_error("%s:", optf);
		return -1;
	}
	if (S_ISREG(sb.st_mode))
		ts->ts_end = sb.st_size > total ? sb.st_size : total;
	ts->ts_iov = calloc((size_t)optv, sizeof(*ts->ts_iov));
	ts->ts_buf = malloc((size_t)total);
	if (ts->ts_iov == NULL || ts->ts_buf == NULL) {
		lm_error("out of memory:");
		return -1;
	}
	/* Zeros, faulted in now: the first sample is not a cold one. */
	memset(ts->ts_buf, 0, (size_t)total);
	for (i = 0; i < optv; i++) {
		ts->ts_iov[i].iov_base = ts->ts_buf + i * opts;
		ts->ts_iov[i].iov_len = (size_t)opts;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++) {
		if (ts->ts_end > 0 && ts->ts_off + total > ts->ts_end) {
			if (lseek(ts->ts_fd, 0, SEEK_SET) != 0)
				res->re_errors++;
			ts->ts_off = 0;
		}
		if (writev(ts->ts_fd, ts->ts_iov, optv) != total)
			res->re_errors++;
		ts->ts_off += total;
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	free(ts->ts_iov);
	free(ts->ts_buf);
	return close(ts->ts_fd);
}

char *
benchmark_result(void)
{
	static char buf[32];

	snprintf(buf, sizeof(buf), "%8lld %4d", opts, optv);
	return buf;
}
