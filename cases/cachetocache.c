/* SPDX-License-Identifier: MIT */
/*
 * cachetocache: one round trip of a cache line between two CPUs per
 * operation.  The workers (the suite runs -T 2) pass a token around a
 * ring through one counter alone on its cache line: worker w waits until
 * the counter says it is its turn, then adds one.  Each worker is pinned
 * to a CPU of its own while there are enough, so every pass moves the
 * line to the other CPU's cache; one operation is one full lap.  With a
 * single CPU there is no transfer to measure: the workers take turns on
 * that CPU, yielding, and the result line says so.
 */
#include <sched.h>
#include <stdio.h>
#include <unistd.h>

#include "cpus.h"	/* cpus_allowed, cpus_pin; no hooks */
#include "pshared.h"	/* ps_map; no hooks */

#define MAXCPU	1024

typedef struct {
	long	ts_turn;	/* counter value that means "my turn" */
} tsd_t;

LM_TSD(tsd_t);

static volatile long	*line;		/* shared by all workers */
static int		cpus[MAXCPU];
static int		ncpu;
static int		pinning;	/* one CPU of its own per worker */
static int		nworkers;

int
benchmark_init(void)
{
	lm_defT = 2;
	/*
	 * A batch begins when the slowest worker wakes from the barrier;
	 * calibration would take that skew for the batch's cost.  10000
	 * laps make it small: a few ms a sample even on one CPU.
	 */
	lm_defB = 10000;
	return 0;
}

int
benchmark_initrun(void)
{
	nworkers = lm_optP * lm_optT;
	if ((ncpu = cpus_allowed(cpus, MAXCPU)) < 1)
		ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN);
	else
		pinning = ncpu >= nworkers;
	line = ps_map((size_t)sysconf(_SC_PAGESIZE));
	return line != NULL ? 0 : -1;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	int w = getpindex() * lm_optT + gettindex();

	ts->ts_turn = w;
	if (pinning && cpus_pin(cpus[w]) != 0) {
		lm_error("sched_setaffinity to CPU %d:", cpus[w]);
		return -1;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	long turn = ts->ts_turn, spins = 0;
	int i, crowded = ncpu < nworkers;

	for (i = 0; i < lm_optB; i++) {
		while (*line != turn)
			if (crowded || (++spins & 0xffff) == 0)
				(void) sched_yield();
		*line = turn + 1;
		turn += nworkers;
	}
	ts->ts_turn = turn;
	res->re_count = i;
	return 0;
}

int
benchmark_finirun(void)
{
	return line ? munmap((void *)line, (size_t)sysconf(_SC_PAGESIZE)) : 0;
}

char *
benchmark_result(void)
{
	static char result[128];

	if (ncpu < 2)
		snprintf(result, sizeof(result), "SINGLE CPU: no cache-to-cache"
		    " transfer, %d workers take turns on 1 CPU", nworkers);
	else if (!pinning)
		snprintf(result, sizeof(result), "%d workers on %d CPUs,"
		    " unpinned", nworkers, ncpu);
	else
		snprintf(result, sizeof(result), "%d workers pinned to %d CPUs",
		    nworkers, nworkers);
	return result;
}
