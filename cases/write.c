/* SPDX-License-Identifier: MIT */
/*
 * write: one write(2) of -s bytes of zeros to -f file.  A regular file
 * is written in sequence and rewound before a write would pass its end
 * (or -s bytes, for a shorter file), so it never grows and a file of
 * zeros stays as it was.  With no -f, the run writes a 10 MB file of
 * its own in a private temp directory.
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
	fio_t *ts = tsd;
	int rc = fio_open(ts, O_WRONLY);

	if (ts->ts_end > 0 && ts->ts_end < fio_size)
		ts->ts_end = fio_size;
	return rc;
}

int
benchmark(void *tsd, result_t *res)
{
	fio_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++) {
		fio_rewind(ts, res);
		if (write(ts->ts_fd, ts->ts_buf, (size_t)fio_size) != fio_size)
			res->re_errors++;
		ts->ts_off += fio_size;
	}
	res->re_count = i;
	return 0;
}
