/* SPDX-License-Identifier: MIT */
/*
 * file_lock: an fcntl write lock on one byte of a file taken (F_SETLKW)
 * and released (F_SETLK), per pair.  Each worker locks a byte of its own,
 * so nothing contends.  -f names the file (it is not written); by default
 * it is made in the run's temporary directory.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "libmicro.h"

static char	*optf;
static char	path[PATH_MAX];
static int	fd = -1;

int
benchmark_init(void)
{
	snprintf(lm_optstr, sizeof(lm_optstr), "f:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -f file  lock a byte of this file (default: a temporary"
	    " file)\n");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	if (opt != 'f')
		return -1;
	optf = lm_optfile(opt, optarg, R_OK | W_OK);
	return 0;
}

int
benchmark_initrun(void)
{
	if (optf == NULL && (optf = lm_tmppath(path, sizeof(path),
	    "file_lock")) == NULL)
		return -1;
	if ((fd = open(optf, O_RDWR | (optf == path ? O_CREAT : 0),
	    0600)) < 0) {
		lm_error("%s:", optf);
		return -1;
	}
	return 0;
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
