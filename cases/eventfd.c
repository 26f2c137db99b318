/* SPDX-License-Identifier: MIT */
/*
 * eventfd: one write() of 1 to an eventfd and one read() of it back (the
 * counter returns to 0) per operation, in one thread: the cost of the
 * cheapest kernel event a thread can signal.  Linux only (ENOSYS
 * elsewhere).
 */
#include "libmicro.h"
#include "linuxonly.h"	/* lx_eventfd; no hooks */

LM_TSD(int);	/* the worker's eventfd */

int
benchmark_initworker(void *tsd)
{
	if ((*(int *)tsd = lx_eventfd()) >= 0)
		return 0;
	lm_error("eventfd:");
	return -1;
}

int
benchmark(void *tsd, result_t *res)
{
	const int *fd = tsd;
	uint64_t one = 1, got;

	LM_EACH(i, res, write(*fd, &one, sizeof(one)) != sizeof(one) ||
	    read(*fd, &got, sizeof(got)) != sizeof(got) || got != 1);
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	return close(*(int *)tsd);
}
