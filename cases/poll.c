/* SPDX-License-Identifier: MIT */
/*
 * poll: one poll() with a zero timeout per operation, over -n
 * descriptors (ends of AF_UNIX socketpairs made once for the run), all
 * watched for input and none readable, except that -r of them have a
 * byte to read and the first -w are also watched for output, which a
 * socket always allows.  So poll_N finds nothing ready and poll_wN finds
 * the -w ones.
 */
#include <poll.h>

/* pollset.h gives benchmark_optcheck (-r and -w) and benchmark_finirun
 * (closes the descriptors). */
#include "pollset.h"

const struct lm_opt lm_options[] = {
	PS_OPTS("to poll", INT_MAX, "polled for output"),
	LM_END
};
const struct lm_col lm_columns[] = { PS_COLS, LM_END };

typedef struct {
	struct pollfd	*ts_pfd;
} tsd_t;
LM_TSD(tsd_t);

int
benchmark_initrun(void)
{
	return ps_open(0);
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	int i;

	if ((ts->ts_pfd = ps_alloc(sizeof(struct pollfd))) == NULL)
		return -1;
	for (i = 0; i < ps_n; i++) {
		ts->ts_pfd[i].fd = ps_fds[i];
		ts->ts_pfd[i].events = POLLIN | (i < ps_w ? POLLOUT : 0);
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;

	LM_EACH(i, res, poll(ts->ts_pfd, (nfds_t)ps_n, 0) != ps_ready);
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	free(((tsd_t *)tsd)->ts_pfd);
	return 0;
}
