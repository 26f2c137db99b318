/* SPDX-License-Identifier: MIT */
/*
 * tlbflush: per operation, a write to one page (a fault that maps it)
 * and madvise(MADV_DONTNEED) of it, which unmaps it and flushes its TLB
 * entry.  With -s a second thread of the process spins on the other
 * CPU, whose TLB may hold the entry too, so the flush is also an
 * interrupt to that CPU and a wait for it: a TLB shootdown.  The
 * difference between the two runs is the shootdown.  Under a hypervisor
 * with paravirtual flushes the interrupt may be skipped for a vCPU that
 * is not running (the header's kernel and hypervisor facts say which).
 */
#include <sys/mman.h>

#include "libmicro.h"
#include "spinner.h"	/* SP_OPT, sp_*; no hooks */

const struct lm_opt lm_options[] = { SP_OPT, LM_END };

typedef struct {
	struct spinner	ts_sp;
	char		*ts_page;
} tsd_t;

LM_TSD(tsd_t);

int
benchmark_optcheck(void)
{
	return sp_check();
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	ts->ts_page = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (ts->ts_page == MAP_FAILED) {
		lm_error("mmap:");
		return -1;
	}
	return sp_start(&ts->ts_sp);
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;

	LM_EACH(i, res, (ts->ts_page[0] = (char)i, madvise(ts->ts_page, 4096,
	    MADV_DONTNEED) != 0));
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	return sp_stop(&ts->ts_sp) | munmap(ts->ts_page, 4096);
}
