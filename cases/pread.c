/* SPDX-License-Identifier: MIT */
/*
 * pread: one pread(2) of -s bytes at offset 0 of -f file into a private
 * buffer, so a file is read from the page cache each time (libMicro's
 * meaning).  -w stores a byte in each page of the buffer before each
 * read, so the read lands in pages the process has just written.  With
 * no -f, the run reads a 10 MB file of its own in a private temp
 * directory.
 */

/* fileio.h gives lm_options (-f -s -w), lm_columns, lm_tsd,
 * benchmark_initrun, benchmark_initworker and benchmark_finiworker. */
#define FIO_READ
#include "fileio.h"

int
benchmark(void *tsd, result_t *res)
{
	fio_t *ts = tsd;

	LM_EACH(i, res, (fio_touch(ts),
	    pread(ts->fi_fd, ts->fi_buf, (size_t)fio_size, 0) != fio_size));
	return 0;
}
