/* SPDX-License-Identifier: MIT */
/*
 * epoll: one epoll_wait() with a zero timeout per operation, on an epoll
 * instance per worker watching -n descriptors (ends of AF_UNIX
 * socketpairs made once for the run) for input, level-triggered, none
 * readable, except that -r of them have a byte to read and the first -w
 * are also watched for output, which a socket always allows: the
 * epoll counterpart of poll -n -r -w.  Linux only (ENOSYS elsewhere).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "libmicro.h"

#ifdef __linux__
#include <sys/epoll.h>

typedef struct epoll_event	event_t;

/* A new epoll instance watching fds[0..n) for input, the first w also
 * for output. */
static int
ep_open(const int *fds, int n, int w)
{
	event_t ev;
	int ep = epoll_create1(EPOLL_CLOEXEC), i;

	for (i = 0; ep >= 0 && i < n; i++) {
		ev.events = EPOLLIN | (i < w ? EPOLLOUT : 0);
		ev.data.u64 = (uint64_t)i;
		if (epoll_ctl(ep, EPOLL_CTL_ADD, fds[i], &ev) != 0) {
			(void) close(ep);
			ep = -1;
		}
	}
	return ep;
}

static int
ep_poll(int ep, event_t *ev, int n)
{
	return epoll_wait(ep, ev, n, 0);
}
#else
typedef int	event_t;

static int
ep_open(const int *fds, int n, int w)
{
	(void) fds, (void) n, (void) w;
	errno = ENOSYS;
	return -1;
}

static int
ep_poll(int ep, event_t *ev, int n)
{
	(void) ep, (void) ev, (void) n;
	errno = ENOSYS;
	return -1;
}
#endif

static int	optn = 256, optr, optw;
static int	*fds, nfds, target;

typedef struct {
	int	ts_ep;
	event_t	*ts_ev;
} tsd_t;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	snprintf(lm_optstr, sizeof(lm_optstr), "n:r:w:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -n n     descriptors to watch (default 256)\n"
	    "  -r n     how many of them are readable (default 0)\n"
	    "  -w n     how many of them are also watched for output"
	    " (default 0)\n");
	snprintf(lm_header, sizeof(lm_header), "%8s %5s", "nfds", "flags");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	int v = sizetoint(optarg);

	if (v < 0 || (opt == 'n' && v < 1))
		return -1;
	if (opt == 'n')
		optn = v;
	else if (opt == 'r')
		optr = v;
	else if (opt == 'w')
		optw = v;
	else
		return -1;
	return 0;
}

static int
fail(const char *what)
{
	lm_error("epoll: %s", what);
	(void) benchmark_finirun();
	return -1;
}

int
benchmark_initrun(void)
{
	int i;

	if (optr > optn || optw > optn)
		lm_usage_error("-r and -w are at most -n (%d)", optn);
	if (setfdlimit(optn + lm_optT + 64) != 0 ||
	    (fds = calloc((size_t)optn + 1, sizeof(int))) == NULL)
		return fail("room for the descriptors:");
	for (nfds = 0; nfds < optn; nfds += 2)
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds + nfds) != 0)
			return fail("socketpair:");
	/* A byte written to its partner makes fds[i] readable. */
	for (i = 0; i < optr; i++)
		if (write(fds[i ^ 1], "", 1) != 1)
			return fail("write:");
	target = optr > optw ? optr : optw;
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	if ((ts->ts_ev = calloc((size_t)optn, sizeof(event_t))) == NULL) {
		lm_error("epoll: out of memory");
		return -1;
	}
	if ((ts->ts_ep = ep_open(fds, optn, optw)) < 0) {
		lm_error("epoll: an instance watching %d descriptors:", optn);
		free(ts->ts_ev);
		return -1;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++)
		if (ep_poll(ts->ts_ep, ts->ts_ev, optn) != target)
			res->re_errors++;
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	free(ts->ts_ev);
	return close(ts->ts_ep);
}

int
benchmark_finirun(void)
{
	while (nfds > 0)
		(void) close(fds[--nfds]);
	free(fds);
	fds = NULL;
	return 0;
}

char *
benchmark_result(void)
{
	static char buf[32];

	snprintf(buf, sizeof(buf), "%8d %3s%c%c", optn, "", optr ? 'r' : '-',
	    optw ? 'w' : '-');
	return buf;
}
