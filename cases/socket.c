/* SPDX-License-Identifier: MIT */
/*
 * socket: one socket(family, SOCK_STREAM) per operation.  The batch's
 * descriptors stay open until it ends, as in libMicro, so a batch holds
 * at most 256 of them.
 */
#include <sys/socket.h>
#include <unistd.h>

#include "libmicro.h"

#define MAXB	256

static const int	families[] = { PF_UNIX, PF_INET, PF_INET6 };
static int		family;		/* index in families[] */

const struct lm_opt lm_options[] = {
	{ 'f', LM_ENUM, "fam", &family, "PF_UNIX", 0, 0, "socket family",
	    "PF_UNIX|PF_INET|PF_INET6" },
	LM_END
};

typedef struct {
	int	ts_fds[MAXB];
} tsd_t;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	lm_maxB = MAXB;
	return 0;
}

int
benchmark_initrun(void)
{
	if (setfdlimit(MAXB * lm_optT + 64) != 0) {
		lm_error("socket: raising the descriptor limit:");
		return -1;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i, f = families[family];

	for (i = 0; i < lm_optB; i++)
		if ((ts->ts_fds[i] = socket(f, SOCK_STREAM, 0)) < 0)
			res->re_errors++;
	res->re_count = i;
	return 0;
}

int
benchmark_finibatch(void *tsd)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++)
		if (ts->ts_fds[i] >= 0)
			(void) close(ts->ts_fds[i]);
	return 0;
}
