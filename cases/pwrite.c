/* SPDX-License-Identifier: MIT */
/*
 * pwrite: one pwrite(2) of -s bytes of zeros at offset 0 of -f file
 * (libMicro's meaning: the same cached bytes each time; the file never
 * grows past -s, and a file of zeros stays as it was).  With no -f, the
 * run writes a 10 MB file of its own in a private temp directory.
 */
#include <unistd.h>

#include "fileio.h"

const struct lm_opt lm_options[] = {
	FIO_OPT_FILE(W_OK, "file to write"),
	FIO_OPT_SIZE("bytes per write"),
	LM_END
};
const struct lm_col lm_columns[] = { FIO_COL_SIZE, LM_END };

int
benchmark_initworker(void *tsd)
{
	return fio_open(tsd, O_WRONLY);
}

int
benchmark(void *tsd, result_t *res)
{
	fio_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++)
		if (pwrite(ts->ts_fd, ts->ts_buf, (size_t)fio_size, 0) !=
		    fio_size)
			res->re_errors++;
	res->re_count = i;
	return 0;
}
