/* SPDX-License-Identifier: MIT */
/*
 * getcpu: the CPU the caller runs on, one read per operation.  -p vdso
 * calls the vDSO's getcpu, found through getauxval(AT_SYSINFO_EHDR)
 * (glibc's sched_getcpu answers from rseq instead, so it is not used):
 * no system call.  -p syscall makes the getcpu system call through
 * syscall().  Unsupported where the vDSO has no getcpu.
 */
#include "libmicro.h"
#include "linuxonly.h"	/* lx_vdso_sym, lx_sys_getcpu; no hooks */

typedef long	(*getcpu_fn)(unsigned *, unsigned *, void *);

static int	optp;
static getcpu_fn vdso_getcpu;

const struct lm_opt lm_options[] = {
	{ 'p', LM_ENUM, "path", &optp, "vdso", 0, 0, "how it is read: the"
	    " vDSO's getcpu or syscall()", "vdso|syscall" },
	LM_END
};

int
benchmark_optcheck(void)
{
	unsigned cpu;

	*(void **)&vdso_getcpu = lx_vdso_sym("__vdso_getcpu");
	if (optp == 0 && vdso_getcpu == NULL)
		return lm_unsupported("the vDSO has no __vdso_getcpu");
	if (optp == 1 && lx_sys_getcpu(&cpu) != 0)
		return lm_unsupported("getcpu:");
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	unsigned cpu;

	(void) tsd;
	if (optp == 0)
		LM_EACH(i, res, (vdso_getcpu(&cpu, NULL, NULL) != 0 ||
		    (lm_sink += cpu) < 0));
	else
		LM_EACH(i, res, (lx_sys_getcpu(&cpu) != 0 ||
		    (lm_sink += cpu) < 0));
	return 0;
}
