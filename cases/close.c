/* SPDX-License-Identifier: MIT */
/*
 * close: one close(2) of a descriptor of -f file opened in the batch
 * setup, outside the timing; a batch holds at most 256 of them (-B may
 * not ask for more).  -b closes a descriptor that is not open instead (a
 * free slot of the descriptor table), so only the failing lookup is
 * timed; it holds nothing, so its batch is not capped.  With no -f, the
 * run opens an empty file of its own in a private temp directory.  -r
 * closes each through close_range(fd, fd, 0) instead, which also
 * succeeds on a descriptor that is not open.
 */
#include <errno.h>
#include <limits.h>

#include "fdfile.h"	/* ff_room, ff_alloc, ff_open, ff_batch_t; no hooks */
#include "linuxonly.h"	/* lx_close_range; no hooks */

LM_TSD(ff_batch_t);	/* fb_fd: a descriptor number known not open */

static int	optb, optr;

const struct lm_opt lm_options[] = {
	{ 'b', LM_FLAG, NULL, &optb, NULL, 0, 0,
	    "close a descriptor that is not open", NULL },
	{ 'r', LM_FLAG, NULL, &optr, NULL, 0, 0, "close with close_range(2)",
	    NULL },
	FF_OPT_FILE(R_OK, FF_EMPTY, "file to open and close"),
	LM_END
};

/* Before the engine checks -B against the cap, which -b lifts. */
int
benchmark_optcheck(void)
{
	lm_maxB = optb ? INT_MAX : FF_MAXB;
	/* The highest descriptors: none is open. */
	if (optr && lx_close_range(INT_MAX - 1, INT_MAX) != 0)
		return lm_unsupported("close_range:");
	return 0;
}

int
benchmark_initrun(void)
{
	return optb ? 0 : ff_room();
}

int
benchmark_initworker(void *tsd)
{
	ff_batch_t *ts = tsd;

	if ((ts->fb_fd = open("/dev/null", O_RDONLY)) < 0 ||
	    close(ts->fb_fd) != 0) {
		lm_error("/dev/null:");
		return -1;
	}
	return !optb && (ts->fb_fds = ff_alloc()) == NULL ? -1 : 0;
}

int
benchmark_initbatch(void *tsd)
{
	int *fds = ((ff_batch_t *)tsd)->fb_fds;
	int i;

	for (i = 0; !optb && i < lm_optB; i++) {
		if ((fds[i] = ff_open(O_RDONLY)) < 0) {
			while (--i >= 0)
				(void) close(fds[i]);
			return -1;
		}
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	ff_batch_t *ts = tsd;

	if (optr)
		LM_EACH(i, res, lx_close_range((unsigned)(optb ? ts->fb_fd :
		    ts->fb_fds[i]), (unsigned)(optb ? ts->fb_fd :
		    ts->fb_fds[i])) != 0);
	else
		LM_EACH(i, res, optb ? close(ts->fb_fd) == 0 ||
		    errno != EBADF : close(ts->fb_fds[i]) != 0);
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	free(((ff_batch_t *)tsd)->fb_fds);
	return 0;
}
