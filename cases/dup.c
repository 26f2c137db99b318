/* SPDX-License-Identifier: MIT */
/*
 * dup: one dup(2) of a descriptor of -f file (default /dev/null), one
 * per worker.  The batch's copies are closed after the sample, outside
 * the timing; a batch holds at most 256 of them (-B may not ask for
 * more).
 */

/* fdfile.h gives lm_options (-f), lm_tsd, benchmark_init,
 * benchmark_initrun, benchmark_initworker, benchmark_finibatch and
 * benchmark_finiworker. */
#define FF_DEFAULT	"/dev/null"
#define FF_BATCH
#define FF_BATCH_SOURCE
#define FF_HELP		"file whose descriptor is copied"
#include "fdfile.h"

int
benchmark(void *tsd, result_t *res)
{
	ff_batch_t *ts = tsd;

	LM_EACH(i, res, (ts->fb_fds[i] = dup(ts->fb_fd)) < 0);
	return 0;
}
