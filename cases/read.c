/* SPDX-License-Identifier: MIT */
/*
 * read: one read(2) of -s bytes from -f file into a private buffer.
 * A regular file is read in sequence and rewound before the read that
 * would pass its end, so every read is full.  -w stores a byte in each
 * page of the buffer before each read (libMicro's read -w), so the read
 * lands in pages the process has just written.  With no -f, the run
 * reads a 10 MB file of its own in a private temp directory.
 */

/* fileio.h gives lm_options (-f -s -w), lm_columns, lm_tsd,
 * benchmark_initrun, benchmark_initworker and benchmark_finiworker. */
#define FIO_READ
#include "fileio.h"

int
benchmark(void *tsd, result_t *res)
{
	fio_t *ts = tsd;

	LM_EACH(i, res, (fio_next(ts, res), fio_touch(ts),
	    read(ts->fi_fd, ts->fi_buf, (size_t)fio_size) != fio_size));
	return 0;
}
