/* SPDX-License-Identifier: MIT */
/*
 * pipe: one round trip of an -s byte message per operation: write it
 * whole, then read it back whole.  -x is the transport: a pipe, an
 * AF_UNIX socketpair, or TCP over 127.0.0.1.  -m is who sends it back:
 * st, nobody (the worker reads its own message at the far end); mt, a
 * thread of the worker; mp, a child process.  The echoing peer is made
 * once per worker and ended with it: the thread by end of file, the
 * child by SIGKILL (or by its parent's death, whichever comes first).
 * -c places the peer: free, where the scheduler likes (libMicro's way);
 * same, worker and peer pinned to one CPU, so a trip is two context
 * switches on it; cross, pinned to two CPUs, so each message wakes the
 * other CPU.  Unpinned, the time depends on whether the two ends share a
 * CPU, which can change from one process to the next.
 */
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "libmicro.h"
#include "cpus.h"

enum { XP_PIPE, XP_SOCK, XP_TCP };
enum { MD_ST, MD_MT, MD_MP };
static const char *xnames[] = { "pipe", "sock", "tcp", NULL };
static const char *mnames[] = { "st", "mt", "mp", NULL };
enum { PL_FREE, PL_SAME, PL_CROSS };
static const char *pnames[] = { "free", "same", "cross", NULL };

#define MAXCPU	1024
static int	cpus[MAXCPU], ncpu;
static int	optc = PL_FREE;

static int	optx = XP_PIPE, optm = MD_ST;
static size_t	opts = 1024;

#define STMAX	((size_t)64 * 1024)	/* what a pipe holds */

typedef struct {
	int		ts_in, ts_out;		/* the worker's ends */
	int		ts_in2, ts_out2;	/* the peer's (mt, mp) */
	char		*ts_buf;	/* write, read, peer: opts each */
	pthread_t	ts_thread;
	pid_t		ts_child;
	int		ts_peercpu;	/* -1: not pinned */
} tsd_t;

static int
lookup(const char *s, const char **names)
{
	int i;

	for (i = 0; names[i] != NULL; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	snprintf(lm_optstr, sizeof(lm_optstr), "c:m:s:x:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -c place free, same or cross: the peer where the scheduler"
	    " puts it, pinned\n"
	    "           with the worker to one CPU, or pinned to another"
	    " (default free)\n"
	    "  -m mode  st, mt or mp: no peer, a thread or a process echoes"
	    " (default st)\n"
	    "  -s size  message size (default 1k; at most 64k with -m st)\n"
	    "  -x xprt  pipe, sock (AF_UNIX socketpair) or tcp (127.0.0.1)"
	    " (default pipe)\n");
	snprintf(lm_header, sizeof(lm_header), "%2s %4s", "md", "xprt");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	long long s;

	switch (opt) {
	case 'c':
		return (optc = lookup(optarg, pnames)) < 0 ? -1 : 0;
	case 'm':
		return (optm = lookup(optarg, mnames)) < 0 ? -1 : 0;
	case 'x':
		return (optx = lookup(optarg, xnames)) < 0 ? -1 : 0;
	case 's':
		if ((s = sizetoll(optarg)) < 1 || s > 64LL * 1024 * 1024)
			return -1;
		opts = (size_t)s;
		return 0;
	}
	return -1;
}

int
benchmark_initrun(void)
{
	/* A lone worker writes all before it reads: it must fit a pipe. */
	if (optm == MD_ST && opts > STMAX)
		lm_usage_error("-s: at most 64k with -m st");
	if (optc != PL_FREE && optm == MD_ST)
		lm_usage_error("-c: there is no peer to place with -m st");
	if (optc != PL_FREE && (ncpu = cpus_allowed(cpus, MAXCPU)) < 1)
		lm_usage_error("-c %s: cannot read the CPUs allowed",
		    pnames[optc]);
	if (optc == PL_CROSS && ncpu < 2)
		lm_usage_error("-c cross: only one CPU is allowed");
	/* A peer that is gone makes a write fail, not kill the worker. */
	(void) signal(SIGPIPE, SIG_IGN);
	if (setfdlimit(5 * lm_optT + 16) != 0) {
		lm_error("pipe: raising the descriptor limit:");
		return -1;
	}
	return 0;
}

static int
readall(int fd, char *buf)
{
	size_t got = 0;

	while (got < opts) {
		ssize_t n = read(fd, buf + got, opts - got);

		if (n <= 0)
			return -1;
		got += (size_t)n;
	}
	return 0;
}

static void *
echo(void *arg)
{
	tsd_t *ts = arg;
	char *buf = ts->ts_buf + 2 * opts;

	if (ts->ts_peercpu >= 0 && cpus_pin(ts->ts_peercpu) != 0)
		return NULL;	/* the worker's read sees end of file */

	while (readall(ts->ts_in2, buf) == 0 &&
	    write(ts->ts_out2, buf, opts) == (ssize_t)opts)
		;
	return NULL;
}

/* A connected TCP pair over 127.0.0.1: fd[1] connected, fd[0] accepted. */
static int
tcp_pair(int fd[2])
{
	struct sockaddr_in sin;
	socklen_t len = sizeof(sin);
	int one = 1, lsn = socket(AF_INET, SOCK_STREAM, 0);

	fd[0] = fd[1] = -1;
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (lsn >= 0 && bind(lsn, (struct sockaddr *)&sin, sizeof(sin)) == 0 &&
	    listen(lsn, 1) == 0 &&
	    getsockname(lsn, (struct sockaddr *)&sin, &len) == 0 &&
	    (fd[1] = socket(AF_INET, SOCK_STREAM, 0)) >= 0 &&
	    connect(fd[1], (struct sockaddr *)&sin, sizeof(sin)) == 0)
		fd[0] = accept(lsn, NULL, NULL);
	if (lsn >= 0)
		(void) close(lsn);
	if (fd[0] < 0 ||
	    setsockopt(fd[0], IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) ||
	    setsockopt(fd[1], IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one))) {
		if (fd[0] >= 0)
			(void) close(fd[0]);
		if (fd[1] >= 0)
			(void) close(fd[1]);
		return -1;
	}
	return 0;
}

/* Two ends: what goes in fd[1] comes out of fd[0] (sockets: both ways). */
static int
channel(int fd[2])
{
	if (optx == XP_PIPE)
		return pipe(fd);
	if (optx == XP_SOCK)
		return socketpair(AF_UNIX, SOCK_STREAM, 0, fd);
	return tcp_pair(fd);
}

static void
close_ends(tsd_t *ts)
{
	if (ts->ts_out >= 0 && ts->ts_out != ts->ts_in)
		(void) close(ts->ts_out);
	if (ts->ts_out2 >= 0 && ts->ts_out2 != ts->ts_in2)
		(void) close(ts->ts_out2);
	if (ts->ts_in >= 0)
		(void) close(ts->ts_in);
	if (ts->ts_in2 >= 0)
		(void) close(ts->ts_in2);
	ts->ts_in = ts->ts_out = ts->ts_in2 = ts->ts_out2 = -1;
}

static int
make_ends(tsd_t *ts)
{
	int a[2], b[2];

	ts->ts_in = ts->ts_out = ts->ts_in2 = ts->ts_out2 = -1;
	if (channel(a) != 0)
		return -1;
	if (optm == MD_ST) {
		ts->ts_in = a[0];
		ts->ts_out = a[1];
	} else if (optx != XP_PIPE) {
		ts->ts_in = ts->ts_out = a[1];
		ts->ts_in2 = ts->ts_out2 = a[0];
	} else {
		ts->ts_out = a[1];
		ts->ts_in2 = a[0];
		if (pipe(b) != 0)
			return -1;
		ts->ts_in = b[0];
		ts->ts_out2 = b[1];
	}
	return 0;
}

/* In a child: be killed when the thread that forked it ends (Linux). */
static void
die_with_parent(void)
{
#ifdef __linux__
	(void) prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
}

/* The echoing child, which dies with the worker that made it. */
static int
start_child(tsd_t *ts)
{
	pid_t parent = getpid();

	if ((ts->ts_child = fork()) != 0)
		return ts->ts_child < 0 ? -1 : 0;
	die_with_parent();
	if (getppid() == parent) {
		(void) close(ts->ts_out);	/* or its own copy hides EOF */
		(void) echo(ts);
	}
	_exit(0);
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;
	int w = getpindex() * lm_optT + gettindex();

	ts->ts_child = 0;
	ts->ts_peercpu = -1;
	if (optc != PL_FREE) {
		ts->ts_peercpu = cpus[(w + (optc == PL_CROSS)) % ncpu];
		if (cpus_pin(cpus[w % ncpu]) != 0) {
			lm_error("pipe: sched_setaffinity to CPU %d:",
			    cpus[w % ncpu]);
			return -1;
		}
	}
	if ((ts->ts_buf = calloc(3, opts)) == NULL || make_ends(ts) != 0) {
		lm_error("pipe: making the %s ends:", xnames[optx]);
	} else if (optm == MD_MT &&
	    pthread_create(&ts->ts_thread, NULL, echo, ts) != 0) {
		lm_error("pipe: starting the echo thread");
	} else if (optm == MD_MP && start_child(ts) != 0) {
		lm_error("pipe: fork:");
	} else {
		if (optm == MD_MP) {	/* the child's ends are its alone */
			if (ts->ts_out2 != ts->ts_in2)
				(void) close(ts->ts_out2);
			(void) close(ts->ts_in2);
			ts->ts_in2 = ts->ts_out2 = -1;
		}
		return 0;
	}
	close_ends(ts);
	free(ts->ts_buf);
	return -1;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	char *wbuf = ts->ts_buf, *rbuf = ts->ts_buf + opts;
	int i;

	for (i = 0; i < lm_optB; i++)
		if (write(ts->ts_out, wbuf, opts) != (ssize_t)opts ||
		    readall(ts->ts_in, rbuf) != 0)
			res->re_errors++;
	res->re_count = i;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	/* End of file for the peer: it leaves its loop. */
	if (ts->ts_out == ts->ts_in)
		(void) shutdown(ts->ts_out, SHUT_WR);
	else if (optm != MD_ST) {
		(void) close(ts->ts_out);
		ts->ts_out = -1;
	}
	if (optm == MD_MT)
		(void) pthread_join(ts->ts_thread, NULL);
	if (optm == MD_MP) {
		/* It may still hold another worker's ends: do not wait. */
		(void) kill(ts->ts_child, SIGKILL);
		(void) waitpid(ts->ts_child, NULL, 0);
	}
	close_ends(ts);
	free(ts->ts_buf);
	return 0;
}

char *
benchmark_result(void)
{
	static char buf[48];

	snprintf(buf, sizeof(buf), "%2s %4s%s%s", mnames[optm], xnames[optx],
	    optc == PL_FREE ? "" : " ", optc == PL_FREE ? "" : pnames[optc]);
	return buf;
}
