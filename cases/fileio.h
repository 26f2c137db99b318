/* SPDX-License-Identifier: MIT */
/*
 * fileio.h - the hooks read, pread, write and pwrite share: options -f
 * file (by default a 10 MB file of the run's own), -s bytes per call and,
 * for the reads, -w; a per-worker descriptor and a buffer of -s zeros.
 * A case includes this, lists the FIO_* entries in its tables, opens its
 * file with fio_open() from benchmark_initworker and defines benchmark().
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
	int	ts_fd;
	char	*ts_buf;
	off_t	ts_off;		/* where the next call starts */
	off_t	ts_end;		/* size of a regular file; 0: never rewind */
} fio_t;

static char		*fio_file;
static long long	fio_size;
static int		fio_touchw;	/* -w given */
static long		fio_page;

#define FIO_OPT_FILE(amode, help) { 'f', LM_PATH, "path", &fio_file, \
	"a 10 MB file of its own", (amode), 0, (help), NULL }
#define FIO_OPT_SIZE(help) { 's', LM_SIZE, "size", &fio_size, "1k", 1, \
	LLONG_MAX, (help), NULL }
#define FIO_OPT_TOUCH(help) { 'w', LM_FLAG, NULL, &fio_touchw, NULL, 0, 0, \
	(help), NULL }
#define FIO_COL_SIZE { "size", 8, LM_LL, &fio_size, NULL }

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(fio_t);
	return 0;
}

int
benchmark_initrun(void)
{
	fio_page = sysconf(_SC_PAGESIZE);
	return lm_datafile(&fio_file, "data", 10LL << 20);
}

/* Opens the file with flags and makes the buffer. */
static inline int
fio_open(fio_t *ts, int flags)
{
	struct stat sb;

	if ((ts->ts_fd = open(fio_file, flags)) < 0 ||
	    fstat(ts->ts_fd, &sb) != 0) {
		lm_error("%s:", fio_file);
		return -1;
	}
	ts->ts_end = S_ISREG(sb.st_mode) ? sb.st_size : 0;
	if ((ts->ts_buf = malloc((size_t)fio_size)) == NULL) {
		lm_error("malloc:");
		return -1;
	}
	/* Zeros, faulted in now: the first sample is not a cold one. */
	memset(ts->ts_buf, 0, (size_t)fio_size);
	return 0;
}

/* Back to offset 0 before a call that would pass the end of the file. */
static inline void
fio_rewind(fio_t *ts, result_t *res)
{
	if (ts->ts_end > 0 && ts->ts_off + fio_size > ts->ts_end) {
		if (lseek(ts->ts_fd, 0, SEEK_SET) != 0)
			res->re_errors++;
		ts->ts_off = 0;
	}
}

/* With -w, a store in each page of the buffer. */
static inline void
fio_touch(fio_t *ts)
{
	long long j;

	for (j = 0; fio_touchw && j < fio_size; j += fio_page)
		ts->ts_buf[j] = 0;
}

int
benchmark_finiworker(void *tsd)
{
	fio_t *ts = tsd;

	free(ts->ts_buf);
	return close(ts->ts_fd);
}

#endif /* FILEIO_H */
