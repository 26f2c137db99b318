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
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>

#include "fdfile.h"

typedef struct {
	int		ts_fd;
	struct iovec	*ts_iov;
	char		*ts_buf;	/* the v vectors, end to end */
	off_t		ts_off;		/* where the next call writes */
	off_t		ts_end;		/* rewind before passing this */
} tsd_t;

#define STR(x)	STR_(x)
#define STR_(x)	#x

static long long	opts, optv;
static long long	total;		/* bytes per call */

const struct lm_opt lm_options[] = {
	FF_OPT_FILE(W_OK, "a 10 MB file of its own", "file to write"),
	{ 's', LM_SIZE, "size", &opts, "1k", 1, LLONG_MAX,
	    "bytes per iovec", NULL },
	{ 'v', LM_COUNT, "n", &optv, "10", 1, IOV_MAX,
	    "iovecs per call, at most " STR(IOV_MAX), NULL },
	LM_END
};
const struct lm_col lm_columns[] = {
	{ "size", 8, LM_LL, &opts, NULL },
	{ "vec", 4, LM_LL, &optv, NULL },
	LM_END
};

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	return 0;
}

int
benchmark_initrun(void)
{
	if (opts > SSIZE_MAX / optv)
		lm_usage_error("-s %lld x -v %lld is too large", opts, optv);
	total = opts * optv;
	return lm_datafile(&ff_file, "data", 10LL << 20);
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	struct stat sb;
	int i;

	if ((ts->ts_fd = open(ff_file, O_WRONLY)) < 0 ||
	    fstat(ts->ts_fd, &sb) != 0) {
		lm_error("%s:", ff_file);
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
		if (writev(ts->ts_fd, ts->ts_iov, (int)optv) != total)
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
