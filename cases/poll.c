/* SPDX-License-Identifier: MIT */
/*
 * poll: one poll() with a zero timeout per operation, over -n
 * descriptors (ends of AF_UNIX socketpairs made once for the run), all
 * watched for input and none readable, except that -r of them have a
 * byte to read and the first -w are also watched for output, which a
 * socket always allows.  So poll_N finds nothing ready and poll_wN finds
 * the -w ones.
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "libmicro.h"

static int	optn = 256, optr, optw;
static int	*fds, nfds, target;

typedef struct {
	struct pollfd	*ts_pfd;
} tsd_t;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	snprintf(lm_optstr, sizeof(lm_optstr), "n:r:w:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -n n     descriptors to poll (default 256)\n"
	    "  -r n     how many of them are readable (default 0)\n"
	    "  -w n     how many of them are also polled for output"
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

int
benchmark_initrun(void)
{
	if (optr > optn || optw > optn)
		lm_usage_error("-r and -w are at most -n (%d)", optn);
	if (setfdlimit(optn + 64) != 0 ||
	    (fds = calloc((size_t)optn + 1, sizeof(int))) == NULL) {
		lm_error("poll: room for %d descriptors:", optn);
		return -1;
	}
	for (nfds = 0; nfds < optn; nfds += 2)
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds + nfds) != 0) {
			lm_error("poll: socketpair:");
			(void) benchmark_finirun();
			return -1;
		}
	/* A byte written to its partner makes fds[i] readable. */
	for (target = 0; target < optr; target++)
		if (write(fds[target ^ 1], "", 1) != 1) {
			lm_error("poll: write:");
			(void) benchmark_finirun();
			return -1;
		}
	target = optr > optw ? optr : optw;
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	int i;

	if ((ts->ts_pfd = calloc((size_t)optn, sizeof(struct pollfd))) ==
	    NULL) {
		lm_error("poll: out of memory");
		return -1;
	}
	for (i = 0; i < optn; i++) {
		ts->ts_pfd[i].fd = fds[i];
		ts->ts_pfd[i].events = POLLIN | (i < optw ? POLLOUT : 0);
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i;

	for (i = 0; i < lm_optB; i++)
		if (poll(ts->ts_pfd, (nfds_t)optn, 0) != target)
			res->re_errors++;
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	free(((tsd_t *)tsd)->ts_pfd);
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
