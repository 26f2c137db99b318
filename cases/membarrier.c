/* SPDX-License-Identifier: MIT */
/*
 * membarrier: one membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) per
 * operation, after registering for it once.  Alone, the kernel has no
 * other CPU running this process to interrupt; with -s a second thread
 * spins on the other CPU, so each call is an interrupt to that CPU and
 * a wait for its answer.  Unsupported where the kernel lacks the
 * command or -s finds one CPU.
 */
#include "libmicro.h"
#include "linuxonly.h"	/* lx_membarrier*; no hooks */
#include "spinner.h"	/* SP_OPT, sp_*; no hooks */

const struct lm_opt lm_options[] = { SP_OPT, LM_END };

LM_TSD(struct spinner);

int
benchmark_optcheck(void)
{
	return sp_check();
}

int
benchmark_initrun(void)
{
	return lx_membarrier_register() == 0 ? 0 : lm_unsupported(
	    "membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED):");
}

int
benchmark_initworker(void *tsd)
{
	return sp_start(tsd);
}

int
benchmark(void *tsd, result_t *res)
{
	(void) tsd;
	LM_EACH(i, res, lx_membarrier() != 0);
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	return sp_stop(tsd);
}
