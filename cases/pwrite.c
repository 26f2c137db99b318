/* SPDX-License-Identifier: MIT */
/*
 * pwrite: one pwrite(2) of -s bytes of zeros at offset 0 of -f file
 * (libMicro's meaning: the same cached bytes each time; the file never
 * grows past -s, and a file of zeros stays as it was).  With no -f, the
 * run writes a 10 MB file of its own in a private temp directory.
 */

/* fileio.h gives lm_options (-f -s), lm_columns, lm_tsd,
 * benchmark_initrun, benchmark_initworker and benchmark_finiworker. */
#define FIO_WRITE
#include "fileio.h"

int
benchmark(void *tsd, result_t *res)
{
	fio_t *ts = tsd;

	LM_EACH(i, res,
	    pwrite(ts->fi_fd, ts->fi_buf, (size_t)fio_size, 0) != fio_size);
	return 0;
}
