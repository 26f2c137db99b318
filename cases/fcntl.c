/* SPDX-License-Identifier: MIT */
/*
 * fcntl: one fcntl(2) F_GETFL on a descriptor of -f file, one per
 * worker.  With no -f, the run uses an empty file of its own in a
 * private temp directory.
 */

/* fdfile.h gives lm_options (-f), lm_tsd, benchmark_initrun,
 * benchmark_initworker and benchmark_finiworker. */
#define FF_WORKER
#define FF_HELP		"file to query"
#include "fdfile.h"

int
benchmark(void *tsd, result_t *res)
{
	int fd = *(int *)tsd;

	LM_EACH(i, res, fcntl(fd, F_GETFL) == -1);
	return 0;
}
