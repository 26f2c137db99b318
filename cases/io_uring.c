/* SPDX-License-Identifier: MIT */
/*
 * io_uring: one NOP through an io_uring per operation, the ring made
 * with no flags (no SQPOLL) and driven by the raw system calls: -b NOPs
 * queued, then one io_uring_enter submits them and waits for all, then
 * they are reaped; so at -b 1 an operation is a whole round trip, at 8
 * or 32 an eighth or a 32nd of one.  A batch is rounded up to a whole
 * number of rounds.  Unsupported where io_uring_setup fails (ENOSYS, or
 * EPERM under kernel.io_uring_disabled or seccomp).
 */
#include "libmicro.h"
#include "uring.h"	/* struct ring, ur_*; no hooks */

static long long	optb;

const struct lm_opt lm_options[] = {
	{ 'b', LM_COUNT, "n", &optb, "1", 1, 32, "NOPs per io_uring_enter",
	    NULL },
	LM_END
};

LM_TSD(struct ring);

int
benchmark_optcheck(void)
{
	struct ring r;

	if (ur_open(&r, 32) != 0)
		return lm_unsupported("io_uring_setup:");
	ur_close(&r);
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	if (ur_open(tsd, 32) == 0)
		return 0;
	lm_error("io_uring_setup:");
	return -1;
}

int
benchmark(void *tsd, result_t *res)
{
	int i;

	for (i = 0; i < lm_optB; i += (int)optb) {
		int bad = ur_nops(tsd, (unsigned)optb);

		res->re_errors += bad < 0 ? optb : bad;
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	ur_close(tsd);
	return 0;
}
