/* SPDX-License-Identifier: MIT */
/*
 * cpus.h - the CPUs this process may run on, and pinning the calling
 * thread to one of them, for the cases that place their workers.
 */
#ifndef CPUS_H
#define CPUS_H

#include <sched.h>

/* The CPUs this process may run on, at most max; -1 where unknown. */
static int
cpus_allowed(int *ids, int max)
{
#ifdef CPU_SET
	cpu_set_t set;
	int c, n = 0;

	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return -1;
	for (c = 0; c < CPU_SETSIZE && n < max; c++)
		if (CPU_ISSET(c, &set))
			ids[n++] = c;
	return n;
#else
	(void) ids;
	(void) max;
	return -1;
#endif
}

/* Keep the calling thread (and what it starts later) on CPU id. */
static int
cpus_pin(int id)
{
#ifdef CPU_SET
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(id, &set);
	return sched_setaffinity(0, sizeof(set), &set);
#else
	(void) id;
	return 0;
#endif
}

#endif
