/* SPDX-License-Identifier: MIT */
/*
 * socketpair: one socketpair(AF_UNIX, SOCK_STREAM) per operation.  The
 * batch's pairs stay open until it ends, so a batch holds at most 256.
 */

/* loopback.h gives benchmark_init and benchmark_initrun (the cap on -B,
 * the descriptor limit), benchmark_finibatch (closes the pairs). */
#define LO_BATCH	2	/* a pair per operation */
#define LO_BATCH_CLOSE
#include "loopback.h"

LM_TSD(lo_batch_t);

int
benchmark(void *tsd, result_t *res)
{
	int i, *fd = ((lo_batch_t *)tsd)->lb_fds;

	for (i = 0; i < lm_optB; i++, fd += 2)
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, fd) != 0) {
			fd[0] = fd[1] = -1;	/* none to close */
			res->re_errors++;
		}
	res->re_count = i;
	return 0;
}
