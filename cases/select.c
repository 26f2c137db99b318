/* SPDX-License-Identifier: MIT */
/*
 * select: one select() with a zero timeout per operation, over -n
 * descriptors (ends of AF_UNIX socketpairs made once for the run), all
 * in the read set and none readable, except that -r of them have a byte
 * to read and the first -w are also in the write set, which a socket
 * always satisfies.  Each call starts from fresh copies of the sets, as
 * a program's loop would.  Every descriptor must be below FD_SETSIZE.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

#include "libmicro.h"

static int	optn = 256, optr, optw;
static int	*fds, nfds, maxfd, target;
static fd_set	rset, wset;

int
benchmark_init(void)
{
	snprintf(lm_optstr, sizeof(lm_optstr), "n:r:w:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -n n     descriptors to select on (default 256, at most %d)\n"
	    "  -r n     how many of them are readable (default 0)\n"
	    "  -w n     how many of them are also in the write set"
	    " (default 0)\n", FD_SETSIZE - 16);
	snprintf(lm_header, sizeof(lm_header), "%8s %5s", "nfds", "flags");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	int v = sizetoint(optarg);

	if (v < 0 || (opt == 'n' && (v < 1 || v > FD_SETSIZE - 16)))
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
	lm_error("select: %s", what);
	(void) benchmark_finirun();
	return -1;
}

int
benchmark_initrun(void)
{
	int i;

	if (optr > optn || optw > optn)
		lm_usage_error("-r and -w are at most -n (%d)", optn);
	if (setfdlimit(optn + 64) != 0 ||
	    (fds = calloc((size_t)optn + 1, sizeof(int))) == NULL)
		return fail("room for the descriptors:");
	for (nfds = 0; nfds < optn; nfds += 2)
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds + nfds) != 0)
			return fail("socketpair:");
	FD_ZERO(&rset);
	FD_ZERO(&wset);
	for (i = 0; i < optn; i++) {
		if (fds[i] >= FD_SETSIZE)
			return fail("a descriptor is past FD_SETSIZE");
		maxfd = fds[i] > maxfd ? fds[i] : maxfd;
		FD_SET(fds[i], &rset);
		if (i < optw)
			FD_SET(fds[i], &wset);
	}
	/* A byte written to its partner makes fds[i] readable. */
	for (i = 0; i < optr; i++)
		if (write(fds[i ^ 1], "", 1) != 1)
			return fail("write:");
	target = optr + optw;
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	struct timeval tv;
	fd_set r, w;
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		r = rset;
		w = wset;
		tv.tv_sec = tv.tv_usec = 0;
		if (select(maxfd + 1, &r, optw ? &w : NULL, NULL, &tv) !=
		    target)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
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
