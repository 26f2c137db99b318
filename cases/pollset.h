/* SPDX-License-Identifier: MIT */
/*
 * pollset.h - what poll, select and epoll share: options -n descriptors
 * (default 256), -r how many are readable, -w how many are also watched
 * for output; the descriptors, ends of AF_UNIX socketpairs made once for
 * the run, the first -r of them with a byte to read; the result columns
 * nfds and flags.  A case lists PS_OPTS and PS_COLS in its tables, calls
 * ps_open() from benchmark_initrun and defines benchmark(); ps_alloc()
 * gives a worker an array with an element per descriptor.
 */
#ifndef POLLSET_H
#define POLLSET_H

#include <limits.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "libmicro.h"

static long long	ps_n, ps_r, ps_w;	/* -n, -r, -w */
static int		*ps_fds, ps_nfds;	/* made so far */
static int		ps_ready;	/* what poll() and epoll_wait() find */

/* nhelp and whelp end the usage text of -n and -w; nmax bounds -n. */
#define PS_OPTS(nhelp, nmax, whelp) \
	{ 'n', LM_COUNT, "n", &ps_n, "256", 1, (nmax), \
	    "descriptors " nhelp, NULL }, \
	{ 'r', LM_COUNT, "n", &ps_r, "0", 0, INT_MAX, \
	    "how many of them are readable", NULL }, \
	{ 'w', LM_COUNT, "n", &ps_w, "0", 0, INT_MAX, \
	    "how many of them are also " whelp, NULL }
#define PS_COLS	{ "nfds", 8, LM_LL, &ps_n, NULL }, \
	{ "flags", 5, LM_FN, NULL, ps_flags }

/* "rw": r if some are readable, w if some are watched for output. */
static const char *
ps_flags(void)
{
	static char f[3];

	f[0] = ps_r ? 'r' : '-';
	f[1] = ps_w ? 'w' : '-';
	return f;
}

int
benchmark_optcheck(void)
{
	if (ps_r > ps_n || ps_w > ps_n)
		lm_usage_error("-r and -w are at most -n (%lld)", ps_n);
	return 0;
}

int
benchmark_finirun(void)
{
	while (ps_nfds > 0)
		(void) close(ps_fds[--ps_nfds]);
	free(ps_fds);
	ps_fds = NULL;
	return 0;
}

static int
ps_fail(const char *what)
{
	lm_error("%s", what);
	(void) benchmark_finirun();
	return -1;
}

/* Raises the descriptor limit to -n + more + 64 and makes the
 * descriptors: 0, or -1 with the error said. */
static int
ps_open(int more)
{
	int i;

	/* Ready: the readable ones and those watched for output, both
	 * counted from the first descriptor. */
	ps_ready = (int)(ps_r > ps_w ? ps_r : ps_w);
	if (setfdlimit((int)ps_n + more + 64) != 0 ||
	    (ps_fds = calloc((size_t)ps_n + 1, sizeof(int))) == NULL) {
		lm_error("room for %lld descriptors:", ps_n);
		return -1;
	}
	for (ps_nfds = 0; ps_nfds < ps_n; ps_nfds += 2)
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, ps_fds + ps_nfds) != 0)
			return ps_fail("socketpair:");
	/* A byte written to its partner makes ps_fds[i] readable. */
	for (i = 0; i < ps_r; i++)
		if (write(ps_fds[i ^ 1], "", 1) != 1)
			return ps_fail("write:");
	return 0;
}

/* A worker's array of ps_n elements of size bytes, or NULL (said). */
static inline void *
ps_alloc(size_t size)
{
	void *p = calloc((size_t)ps_n, size);

	if (p == NULL)
		lm_error("out of memory");
	return p;
}

#endif /* POLLSET_H */
