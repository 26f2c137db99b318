/* SPDX-License-Identifier: MIT */
/*
 * lseek: one lseek(2) on a descriptor of -f file, alternately to offset
 * 0 and to offset -s (libMicro's meaning).  With no -f, the run uses an
 * empty file of its own in a private temp directory (seeking past the
 * end is allowed and does not grow it).
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "libmicro.h"

typedef struct {
	int	ts_fd;
} tsd_t;

static char	*optf;
static long long opts = 1024;
static char	path[PATH_MAX];

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	snprintf(lm_optstr, sizeof(lm_optstr), "f:s:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -f path  file to seek in (default: an empty file of its own)\n"
	    "  -s size  the other offset sought (default 1k)\n");
	snprintf(lm_header, sizeof(lm_header), "%8s", "size");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	switch (opt) {
	case 'f': optf = lm_optfile(opt, optarg, R_OK); return 0;
	case 's': return (opts = sizetoll(optarg)) >= 0 ? 0 : -1;
	default: return -1;
	}
}

int
benchmark_initrun(void)
{
	if (optf != NULL)
		return 0;
	optf = lm_tmppath(path, sizeof(path), "data");
	return optf != NULL ? lm_fillfile(optf, 0) : -1;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	if ((ts->ts_fd = open(optf, O_RDONLY)) < 0) {
		lm_error("%s:", optf);
		return -1;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	off_t to;
	int i;

	for (i = 0; i < lm_optB; i++) {
		to = i % 2 ? (off_t)opts : 0;
		if (lseek(ts->ts_fd, to, SEEK_SET) != to)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	return close(ts->ts_fd);
}

char *
benchmark_result(void)
{
	static char buf[32];

	snprintf(buf, sizeof(buf), "%8lld", opts);
	return buf;
}
