/* SPDX-License-Identifier: MIT */
/*
 * sys.c - the engine's calls that differ between systems, each behind a
 * small named function: Linux's prctl() and RUSAGE_THREAD, and what
 * stands in for them elsewhere.
 */
#include <signal.h>
#include <sys/resource.h>
#include <sys/time.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "engine.h"

/* In a child of the engine: if the parent is killed outright, do not
 * linger. */
void
lmi_die_with_parent(void)
{
#ifdef __linux__
	(void) prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
}

/*
 * Children of workers killed mid-batch (fork and exit cases) would be
 * handed to init; as their subreaper the engine reaps them itself.
 */
void
lmi_become_subreaper(void)
{
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
	(void) prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
}

static void
add_rusage(struct usage *u, int who, double sign)
{
	struct rusage ru;

	if (getrusage(who, &ru) != 0)
		return;
	u->us_user += sign * (ru.ru_utime.tv_sec * 1e6 + ru.ru_utime.tv_usec);
	u->us_sys += sign * (ru.ru_stime.tv_sec * 1e6 + ru.ru_stime.tv_usec);
	u->us_nvcsw += sign * ru.ru_nvcsw;
	u->us_nivcsw += sign * ru.ru_nivcsw;
	u->us_minflt += sign * ru.ru_minflt;
}

/*
 * CPU used by this thread, plus, for thread 0, by the children its
 * process reaped (fork and exec cases).  RUSAGE_THREAD is Linux's; where
 * it is missing the whole process is charged to thread 0.
 */
#ifdef RUSAGE_THREAD
#define LM_RUSAGE_OWN	RUSAGE_THREAD
#define LM_PER_THREAD	1
#else
#define LM_RUSAGE_OWN	RUSAGE_SELF
#define LM_PER_THREAD	0
#endif

void
lmi_cpu_usage(struct usage *u, int tindex, double sign)
{
	if (LM_PER_THREAD || tindex == 0)
		add_rusage(u, LM_RUSAGE_OWN, sign);
	if (tindex == 0)
		add_rusage(u, RUSAGE_CHILDREN, sign);
}
