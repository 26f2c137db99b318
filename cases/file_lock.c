/* SPDX-License-Identifier: MIT */
/*
 * file_lock: an fcntl write lock on one byte of a file taken (F_SETLKW)
 * and released (F_SETLK), per pair.  Each worker locks a byte of its own,
 * so nothing contends.  -f names the file (it is not written); by default
 * it is made in the run's temporary directory.
 */
#include "fdfile.h"	/* FF_OPT_FILE, ff_file, ff_open; no hooks */

static int	fd = -1;

const struct lm_opt lm_options[] = {
	FF_OPT_FILE(R_OK | W_OK, "a temporary file",
	    "lock a byte of this file"),
	LM_END
};

int
benchmark_initrun(void)
{
	return lm_datafile(&ff_file, "file_lock", 0) != 0 ||
	    (fd = ff_open(O_RDWR)) < 0 ? -1 : 0;
}

int
benchmark(void *tsd, result_t *res)
{
	struct flock lk, un;
	int i;

	(void) tsd;
	lk.l_whence = un.l_whence = SEEK_SET;
	lk.l_start = un.l_start =
	    (off_t)2 * (getpindex() * lm_optT + gettindex());
	lk.l_len = un.l_len = 1;
	lk.l_type = F_WRLCK;
	un.l_type = F_UNLCK;
	for (i = 0; i < lm_optB; i++) {
		res->re_errors += fcntl(fd, F_SETLKW, &lk) != 0;
		res->re_errors += fcntl(fd, F_SETLK, &un) != 0;
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finirun(void)
{
	return close(fd);
}
