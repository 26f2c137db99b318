/* SPDX-License-Identifier: MIT */
/*
 * select: one select() with a zero timeout per operation, over -n
 * descriptors (ends of AF_UNIX socketpairs made once for the run), all
 * in the read set and none readable, except that -r of them have a byte
 * to read and the first -w are also in the write set, which a socket
 * always satisfies.  Each call starts from fresh copies of the sets, as
 * a program's loop would.  Every descriptor must be below FD_SETSIZE.
 */
#include <sys/select.h>

/* pollset.h gives benchmark_optcheck (-r and -w) and benchmark_finirun
 * (closes the descriptors). */
#include "pollset.h"

const struct lm_opt lm_options[] = {
	PS_OPTS("to select on, at most FD_SETSIZE - 16", FD_SETSIZE - 16,
	    "in the write set"),
	LM_END
};
const struct lm_col lm_columns[] = { PS_COLS, LM_END };

static int	maxfd, target;
static fd_set	rset, wset;

int
benchmark_initrun(void)
{
	int i;

	if (ps_open(0) != 0)
		return -1;
	FD_ZERO(&rset);
	FD_ZERO(&wset);
	for (i = 0; i < ps_n; i++) {
		if (ps_fds[i] >= FD_SETSIZE)
			return ps_fail("a descriptor is past FD_SETSIZE");
		maxfd = ps_fds[i] > maxfd ? ps_fds[i] : maxfd;
		FD_SET(ps_fds[i], &rset);
		if (i < ps_w)
			FD_SET(ps_fds[i], &wset);
	}
	target = (int)(ps_r + ps_w);
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	struct timeval tv;
	fd_set r, w;
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		r = rset;
		w = wset;
		tv.tv_sec = tv.tv_usec = 0;
		if (select(maxfd + 1, &r, ps_w ? &w : NULL, NULL, &tv) !=
		    target)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}
