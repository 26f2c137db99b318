/* SPDX-License-Identifier: MIT */
/*
 * write: one write(2) of -s bytes of zeros to -f file.  A regular file
 * is written in sequence and rewound before a write would pass its end
 * (or -s bytes, for a shorter file), so it never grows and a file of
 * zeros stays as it was.  With no -f, the run writes a 10 MB file of
 * its own in a private temp directory.
 */

/* fileio.h gives lm_options (-f -s), lm_columns, lm_tsd,
 * benchmark_initrun, benchmark_initworker and benchmark_finiworker. */
#define FIO_WRITE
#include "fileio.h"

int
benchmark(void *tsd, result_t *res)
{
	fio_t *ts = tsd;

	LM_EACH(i, res, (fio_next(ts, res),
	    write(ts->fi_fd, ts->fi_buf, (size_t)fio_size) != fio_size));
	return 0;
}
