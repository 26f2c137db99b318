/* SPDX-License-Identifier: MIT */
/*
 * spawn.h - the cases that make a process or a thread per operation and
 * keep the batch's alive until it ends (fork, exit, pthread_create).  A
 * case defines SPAWN_MAXB, the most a batch may hold (the engine sizes
 * -B up to it), then includes this.
 */
#ifndef SPAWN_H
#define SPAWN_H

#include "libmicro.h"
#include "nproc.h"

int
benchmark_init(void)
{
	lm_maxB = SPAWN_MAXB;
	return 0;
}

/* Room for every worker, the children of its largest batch, the parent. */
int
benchmark_initrun(void)
{
	int most = lm_optB > 0 ? lm_optB : lm_maxB;

	return nproc_room((long long)lm_optP * lm_optT * (most + 1) + 1);
}

#endif /* SPAWN_H */
