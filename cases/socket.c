/* SPDX-License-Identifier: MIT */
/*
 * socket: one socket(family, SOCK_STREAM) per operation.  The batch's
 * descriptors stay open until it ends, as in libMicro, so a batch holds
 * at most 256 of them.
 */

/* loopback.h gives benchmark_init and benchmark_initrun (the cap on -B,
 * the descriptor limit), benchmark_finibatch (closes the sockets). */
#define LO_BATCH	1	/* a socket per operation */
#define LO_BATCH_CLOSE
#include "loopback.h"

static const int	families[] = { PF_UNIX, PF_INET, PF_INET6 };
static int		family;		/* index in families[] */

const struct lm_opt lm_options[] = {
	{ 'f', LM_ENUM, "fam", &family, "PF_UNIX", 0, 0, "socket family",
	    "PF_UNIX|PF_INET|PF_INET6" },
	LM_END
};

LM_TSD(lo_batch_t);

int
benchmark(void *tsd, result_t *res)
{
	int *fds = ((lo_batch_t *)tsd)->lb_fds, f = families[family];

	LM_EACH(i, res, (fds[i] = socket(f, SOCK_STREAM, 0)) < 0);
	return 0;
}
