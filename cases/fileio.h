/* SPDX-License-Identifier: MIT */
/*
 * fileio.h - what read, pread, write, pwrite and writev share: options
 * -f file (by default a 10 MB file of the run's own) and -s bytes per
 * call (writev: per vector, of fio_nvec), a per-worker descriptor and a
 * buffer of fio_len zeros, the walk through a regular file (fio_next)
 * and for the reads -w (fio_touch).
 *
 * A case defines FIO_READ (read, pread) or FIO_WRITE (write, pwrite)
 * before the include, and this then supplies its option and column
 * tables and benchmark_initworker; with neither (writev), the case
 * declares its tables from the FIO_OPT_* entries and opens its file
 * with fio_open() from its own benchmark_initworker.
 */
#ifndef FILEIO_H
#define FILEIO_H

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libmicro.h"

typedef struct {
	int	fi_fd;
	char	*fi_buf;	/* fio_len bytes */
	off_t	fi_off;		/* where the next call starts */
	off_t	fi_end;		/* size of a regular file, else -1 */
} fio_t;

static char		*fio_file;
static long long	fio_size;	/* -s */
static long long	fio_nvec = 1;	/* writev's -v */
static long long	fio_len;	/* bytes per call: -s x fio_nvec */
static int		fio_touchw;	/* -w given */
static long		fio_page;

#define FIO_OPT_FILE(amode, help) { 'f', LM_PATH, "path", &fio_file, \
	"a 10 MB file of its own", (amode), 0, (help), NULL }
#define FIO_OPT_SIZE(help) { 's', LM_SIZE, "size", &fio_size, "1k", 1, \
	LLONG_MAX, (help), NULL }
#define FIO_COL_SIZE { "size", 8, LM_LL, &fio_size, NULL }

int
benchmark_initrun(void)
{
	fio_page = sysconf(_SC_PAGESIZE);
	fio_len = fio_size * fio_nvec;
	return lm_datafile(&fio_file, "data", 10LL << 20);
}

/* Opens the file with flags and makes the buffer. */
static inline int
fio_open(fio_t *ts, int flags)
{
	struct stat sb;

	if ((ts->fi_fd = open(fio_file, flags)) < 0 ||
	    fstat(ts->fi_fd, &sb) != 0) {
		lm_error("%s:", fio_file);
		return -1;
	}
	ts->fi_end = S_ISREG(sb.st_mode) ? sb.st_size : -1;
	if ((ts->fi_buf = malloc((size_t)fio_len)) == NULL) {
		lm_error("malloc:");
		return -1;
	}
	/* Zeros, faulted in now: the first sample is not a cold one. */
	memset(ts->fi_buf, 0, (size_t)fio_len);
	return 0;
}

/* For a call in sequence: back to offset 0 first if it would pass the
 * end of a (non-empty) regular file, then past its bytes. */
static inline void
fio_next(fio_t *ts, result_t *res)
{
	if (ts->fi_end > 0 && ts->fi_off + fio_len > ts->fi_end) {
		if (lseek(ts->fi_fd, 0, SEEK_SET) != 0)
			res->re_errors++;
		ts->fi_off = 0;
	}
	ts->fi_off += fio_len;
}

/* With -w, a store in each page of the buffer. */
static inline void
fio_touch(fio_t *ts)
{
	long long j;

	for (j = 0; fio_touchw && j < fio_size; j += fio_page)
		ts->fi_buf[j] = 0;
}

int
benchmark_finiworker(void *tsd)
{
	fio_t *ts = tsd;

	free(ts->fi_buf);
	return close(ts->fi_fd);
}

#ifdef FIO_READ
LM_TSD(fio_t);

const struct lm_opt lm_options[] = {
	FIO_OPT_FILE(R_OK, "file to read"),
	FIO_OPT_SIZE("bytes per read"),
	{ 'w', LM_FLAG, NULL, &fio_touchw, NULL, 0, 0,
	    "store a byte in each buffer page before each read", NULL },
	LM_END
};
const struct lm_col lm_columns[] = { FIO_COL_SIZE, LM_END };

int
benchmark_initworker(void *tsd)
{
	return fio_open(tsd, O_RDONLY);
}
#endif /* FIO_READ */

#ifdef FIO_WRITE
LM_TSD(fio_t);

const struct lm_opt lm_options[] = {
	FIO_OPT_FILE(W_OK, "file to write"),
	FIO_OPT_SIZE("bytes per write"),
	LM_END
};
const struct lm_col lm_columns[] = { FIO_COL_SIZE, LM_END };

/* A non-empty regular file shorter than one write grows to one. */
int
benchmark_initworker(void *tsd)
{
	fio_t *ts = tsd;

	if (fio_open(ts, O_WRONLY) != 0)
		return -1;
	if (ts->fi_end > 0 && ts->fi_end < fio_len)
		ts->fi_end = fio_len;
	return 0;
}
#endif /* FIO_WRITE */

#endif /* FILEIO_H */
