/* SPDX-License-Identifier: MIT */
/*
 * open: one open(2) of -f file, read-only.  The batch's descriptors are
 * closed after the sample, outside the timing; a batch holds at most
 * 256 of them (-B may not ask for more).  With no -f, the run opens an
 * empty file of its own in a private temp directory.
 */

/* fdfile.h gives lm_options (-f), lm_tsd, benchmark_init,
 * benchmark_initrun, benchmark_initworker, benchmark_finibatch and
 * benchmark_finiworker. */
#define FF_BATCH
#define FF_HELP		"file to open"
#include "fdfile.h"

int
benchmark(void *tsd, result_t *res)
{
	int *fds = ((ff_batch_t *)tsd)->fb_fds;

	LM_EACH(i, res, (fds[i] = open(ff_file, O_RDONLY)) < 0);
	return 0;
}
