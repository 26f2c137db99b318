/* SPDX-License-Identifier: MIT */
/*
 * copy: -s bytes of a page-cache file moved inside the kernel, from the
 * file's start, per operation, by -c: copy_file_range(2) to the start of
 * a second file; sendfile(2) to /dev/null (the pages read through the
 * splice path and dropped: the call without a copy); splice(2) into a
 * pipe, then from it to the start of a second file.  Unsupported where
 * the kernel lacks the call.
 */
#include <fcntl.h>
#include <unistd.h>

#include "libmicro.h"
#include "linuxonly.h"	/* lx_copy_file_range, lx_sendfile, lx_splice */

enum { COPY, SENDFILE, SPLICE };
static const char	*names[] = { "copy_file_range", "sendfile", "splice" };
static int		optc, in = -1, out = -1;
static long long	opts;
static char		*path;

const struct lm_opt lm_options[] = {
	{ 'c', LM_ENUM, "call", &optc, "copy_file_range", 0, 0, "the call",
	    "copy_file_range|sendfile|splice" },
	{ 's', LM_SIZE, "size", &opts, "4k", 1, 65536, "bytes per call",
	    NULL },
	LM_END
};

typedef struct {
	int	ts_pipe[2];	/* splice's, per worker */
} tsd_t;

LM_TSD(tsd_t);

static int
once(const int *p)
{
	size_t n = (size_t)opts;

	return (optc == COPY ? lx_copy_file_range(in, out, n) :
	    optc == SENDFILE ? lx_sendfile(out, in, n) :
	    lx_splice(in, p, out, n)) != (ssize_t)n;
}

int
benchmark_initrun(void)
{
	char o[1024];
	int p[2] = { -1, -1 }, rc;

	if (lm_datafile(&path, "copy.in", opts) != 0 ||
	    (in = open(path, O_RDONLY)) < 0 || pipe(p) != 0 ||
	    (out = optc == SENDFILE ? open("/dev/null", O_WRONLY) :
	    lm_tmppath(o, sizeof(o), "copy.out") == NULL ? -1 :
	    open(o, O_RDWR | O_CREAT, 0600)) < 0) {
		lm_error("copy: opening the files:");
		return -1;
	}
	/* Does the kernel have the call? */
	rc = once(p) == 0 ? 0 : lm_unsupported("%s:", names[optc]);
	(void) close(p[0]), (void) close(p[1]);
	return rc;
}

int
benchmark_finirun(void)
{
	return close(in) | close(out);
}

int
benchmark_initworker(void *tsd)
{
	int *p = ((tsd_t *)tsd)->ts_pipe;

	p[0] = p[1] = -1;
	if (optc == SPLICE && pipe(p) != 0) {
		lm_error("copy: pipe:");
		return -1;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	LM_EACH(i, res, once(((tsd_t *)tsd)->ts_pipe) != 0);
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	int *p = ((tsd_t *)tsd)->ts_pipe;

	if (p[0] >= 0)
		(void) close(p[0]), (void) close(p[1]);
	return 0;
}
