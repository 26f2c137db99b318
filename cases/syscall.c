/* SPDX-License-Identifier: MIT */
/*
 * syscall: the bare system call, per call: syscall(SYS_getppid), which
 * does nothing in the kernel but read a pointer, so what is timed is
 * entering and leaving the kernel and whatever mitigations add to it.
 */
#include "libmicro.h"
#include "linuxonly.h"	/* lx_sys_getppid; no hooks */

int
benchmark(void *tsd, result_t *res)
{
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++)
		lm_sink += lx_sys_getppid();
	res->re_count = i;
	return 0;
}
