/* SPDX-License-Identifier: MIT */
/*
 * epoll: one epoll_wait() with a zero timeout per operation, on an epoll
 * instance per worker watching -n descriptors (ends of AF_UNIX
 * socketpairs made once for the run) for input, level-triggered, none
 * readable, except that -r of them have a byte to read and the first -w
 * are also watched for output, which a socket always allows: the
 * epoll counterpart of poll -n -r -w.  Linux only (ENOSYS elsewhere).
 */
#include "linuxonly.h"	/* lx_epoll_open, lx_epoll_wait; no hooks */
/* pollset.h gives benchmark_optcheck (-r and -w) and benchmark_finirun
 * (closes the descriptors). */
#include "pollset.h"

const struct lm_opt lm_options[] = {
	PS_OPTS("to watch", INT_MAX, "watched for output"),
	LM_END
};
const struct lm_col lm_columns[] = { PS_COLS, LM_END };

typedef struct {
	int		ts_ep;
	lx_event_t	*ts_ev;
} tsd_t;
LM_TSD(tsd_t);

int
benchmark_initrun(void)
{
	/* One more descriptor per thread: its epoll instance. */
	return ps_open(lm_optT);
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	if ((ts->ts_ev = ps_alloc(sizeof(lx_event_t))) == NULL)
		return -1;
	if ((ts->ts_ep = lx_epoll_open(ps_fds, (int)ps_n, (int)ps_w)) >= 0)
		return 0;
	lm_error("an instance watching %lld descriptors:", ps_n);
	free(ts->ts_ev);
	return -1;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;

	LM_EACH(i, res, lx_epoll_wait(ts->ts_ep, ts->ts_ev, (int)ps_n) !=
	    ps_ready);
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	free(ts->ts_ev);
	return close(ts->ts_ep);
}
