/* SPDX-License-Identifier: MIT */
/*
 * spinner.h - with -s, a second thread of the worker's process pinned to
 * another CPU than the worker and spinning there, so that CPU is always
 * running this address space: what a process-wide membarrier or TLB
 * flush must then reach with an interrupt.  Without a thread of the
 * process on it, an idle or busy-elsewhere CPU gets none.
 *
 * The case lists SP_OPT in its option table, calls sp_check from
 * benchmark_optcheck, and sp_start / sp_stop with the worker's struct
 * spinner from benchmark_initworker / benchmark_finiworker.
 */
#ifndef SPINNER_H
#define SPINNER_H

#include <pthread.h>

#include "libmicro.h"
#include "cpus.h"	/* cpus_allowed, cpus_pin; no hooks */

struct spinner {
	pthread_t	sp_thread;
	int		sp_stop;
};

static int	sp_on, sp_cpu[2];

#define SP_OPT	{ 's', LM_FLAG, NULL, &sp_on, NULL, 0, 0, \
	"a second thread spins on another CPU", NULL }

/* Two CPUs for -s, or the run is unsupported. */
static int
sp_check(void)
{
	int n = sp_on ? cpus_allowed(sp_cpu, 2) : 2;

	return n < 2 ? lm_unsupported("-s needs two CPUs; %d allowed", n) : 0;
}

static void *
sp_spin(void *arg)
{
	struct spinner *sp = arg;

	if (cpus_pin(sp_cpu[1]) != 0)
		return NULL;
	while (!__atomic_load_n(&sp->sp_stop, __ATOMIC_RELAXED))
		;
	return NULL;
}

static int
sp_start(struct spinner *sp)
{
	sp->sp_stop = 0;
	if (!sp_on)
		return 0;
	if (cpus_pin(sp_cpu[0]) != 0) {
		lm_error("pinning the worker:");
		return -1;
	}
	return pthread_create(&sp->sp_thread, NULL, sp_spin, sp) == 0 ? 0 : -1;
}

static int
sp_stop(struct spinner *sp)
{
	if (!sp_on)
		return 0;
	__atomic_store_n(&sp->sp_stop, 1, __ATOMIC_RELAXED);
	return pthread_join(sp->sp_thread, NULL) == 0 ? 0 : -1;
}

#endif
