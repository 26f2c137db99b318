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
#include <sys/uio.h>

/* fileio.h gives benchmark_initrun and benchmark_finiworker. */
#include "fileio.h"

typedef struct {
	fio_t		ts_io;		/* first: fileio.h's hooks take it */
	struct iovec	ts_iov[IOV_MAX];
} tsd_t;

LM_TSD(tsd_t);

#define STR(x)	STR_(x)
#define STR_(x)	#x

const struct lm_opt lm_options[] = {
	FIO_OPT_FILE(W_OK, "file to write"),
	FIO_OPT_SIZE("bytes per iovec"),
	{ 'v', LM_COUNT, "n", &fio_nvec, "10", 1, IOV_MAX,
	    "iovecs per call, at most " STR(IOV_MAX), NULL },
	LM_END
};
const struct lm_col lm_columns[] = {
	FIO_COL_SIZE,
	{ "vec", 4, LM_LL, &fio_nvec, NULL },
	LM_END
};

int
benchmark_optcheck(void)
{
	if (fio_size > SSIZE_MAX / fio_nvec)
		lm_usage_error("-s %lld x -v %lld is too large", fio_size,
		    fio_nvec);
	return 0;
}

/* A regular file shorter than one call, even an empty one, grows to
 * one call's bytes. */
int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	int i;

	if (fio_open(&ts->ts_io, O_WRONLY) != 0)
		return -1;
	if (ts->ts_io.fi_end >= 0 && ts->ts_io.fi_end < fio_len)
		ts->ts_io.fi_end = fio_len;
	for (i = 0; i < fio_nvec; i++) {
		ts->ts_iov[i].iov_base = ts->ts_io.fi_buf + i * fio_size;
		ts->ts_iov[i].iov_len = (size_t)fio_size;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;

	LM_EACH(i, res, (fio_next(&ts->ts_io, res),
	    writev(ts->ts_io.fi_fd, ts->ts_iov, (int)fio_nvec) != fio_len));
	return 0;
}
