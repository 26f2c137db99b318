/* SPDX-License-Identifier: MIT */
/*
 * eventfd: one write() of 1 to an eventfd and one read() of it back (the
 * counter returns to 0) per operation, in one thread: the cost of the
 * cheapest kernel event a thread can signal.  Linux only (ENOSYS
 * elsewhere).
 */
#include <stdint.h>
#include <unistd.h>

#include "libmicro.h"
#include "linuxonly.h"

typedef struct {
	int	ts_fd;
} tsd_t;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	if ((ts->ts_fd = lx_eventfd()) < 0) {
		lm_error("eventfd:");
		return -1;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	uint64_t one = 1, got;
	int i;

	for (i = 0; i < lm_optB; i++)
		if (write(ts->ts_fd, &one, sizeof(one)) != sizeof(one) ||
		    read(ts->ts_fd, &got, sizeof(got)) != sizeof(got) ||
		    got != 1)
			res->re_errors++;
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	return close(((tsd_t *)tsd)->ts_fd);
}
