/* SPDX-License-Identifier: MIT */
/*
 * read: one read(2) of -s bytes from -f file into a private buffer.
 * A regular file is read in sequence and rewound before the read that
 * would pass its end, so every read is full.  -w stores a byte in each
 * page of the buffer before each read (libMicro's read -w), so the read
 * lands in pages the process has just written.  With no -f, the run
 * reads a 10 MB file of its own in a private temp directory.
 */
#include <unistd.h>

#include "fileio.h"

const struct lm_opt lm_options[] = {
	FIO_OPT_FILE(R_OK, "file to read"),
	FIO_OPT_SIZE("bytes per read"),
	FIO_OPT_TOUCH("store a byte in each buffer page before each read"),
	LM_END
};
const struct lm_col lm_columns[] = { FIO_COL_SIZE, LM_END };

int
benchmark_initworker(void *tsd)
{
	return fio_open(tsd, O_RDONLY);
}

int
benchmark(void *tsd, result_t *res)
{
	fio_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++) {
		fio_rewind(ts, res);
		fio_touch(ts);
		if (read(ts->ts_fd, ts->ts_buf, (size_t)fio_size) != fio_size)
			res->re_errors++;
		ts->ts_off += fio_size;
	}
	res->re_count = i;
	return 0;
}
