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
 *
 * After the timed loop come the option checks, then the peer: the ends
 * (ec_make_ends), the thread or child that echoes (ec_echo), made in
 * benchmark_initworker and ended in benchmark_finiworker.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libmicro.h"
#include "cpus.h"	/* cpus_allowed, cpus_pin; no hooks */
#include "linuxonly.h"	/* lx_die_with_parent; no hooks */
#include "loopback.h"	/* lo_pair; no hooks */

enum { EC_PIPE, EC_SOCK, EC_TCP };	/* -x */
enum { EC_ST, EC_MT, EC_MP };		/* -m */
enum { EC_FREE, EC_SAME, EC_CROSS };	/* -c */
static const char *const ec_xnames[] = { "pipe", "sock", "tcp" };
static const char *const ec_mnames[] = { "st", "mt", "mp" };
static const char *const ec_pnames[] = { "free", "same", "cross" };

static int		ec_xprt, ec_mode, ec_place;
static long long	ec_size;

#define EC_STMAX	(64LL * 1024)	/* what a pipe holds */
#define EC_MAXCPU	1024
static int	ec_cpus[EC_MAXCPU], ec_ncpu;

/* The result columns: who echoes and over what. */
static const char *ec_mname(void) { return ec_mnames[ec_mode]; }
static const char *ec_xname(void) { return ec_xnames[ec_xprt]; }

const struct lm_opt lm_options[] = {
	{ 'c', LM_ENUM, "place", &ec_place, "free", 0, 0,
	    "the peer: where the scheduler puts it, pinned with the worker\n"
	    "           to one CPU, or pinned to another",
	    "free|same|cross" },
	{ 'm', LM_ENUM, "mode", &ec_mode, "st", 0, 0,
	    "no peer, a thread or a process echoes", "st|mt|mp" },
	{ 's', LM_SIZE, "size", &ec_size, "1k", 1, 64LL * 1024 * 1024,
	    "message size (at most 64k with -m st)", NULL },
	{ 'x', LM_ENUM, "xprt", &ec_xprt, "pipe", 0, 0,
	    "transport: a pipe, an AF_UNIX socketpair or TCP over\n"
	    "           127.0.0.1", "pipe|sock|tcp" },
	LM_END
};

const struct lm_col lm_columns[] = {
	{ "md", 2, LM_FN, NULL, ec_mname },
	{ "xprt", 4, LM_FN, NULL, ec_xname },
	LM_END
};

/* A worker's ends, its peer's, and the peer itself. */
typedef struct {
	int		ts_in, ts_out;		/* the worker's ends */
	int		ts_in2, ts_out2;	/* the peer's (mt, mp) */
	char		*ts_buf;	/* write, read, peer: ec_size each */
	pthread_t	ts_thread;
	pid_t		ts_child;
	int		ts_peercpu;	/* -1: not pinned */
} echo_t;

LM_TSD(echo_t);

/* Reads one whole message from fd into buf: 0, or -1 at an error or end
 * of file. */
static int
ec_readall(int fd, char *buf)
{
	size_t got = 0, want = (size_t)ec_size;

	while (got < want) {
		ssize_t n = read(fd, buf + got, want - got);

		if (n <= 0)
			return -1;
		got += (size_t)n;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	echo_t *ts = tsd;
	char *wbuf = ts->ts_buf, *rbuf = ts->ts_buf + ec_size;

	LM_EACH(i, res, write(ts->ts_out, wbuf, (size_t)ec_size) !=
	    (ssize_t)ec_size || ec_readall(ts->ts_in, rbuf) != 0);
	return 0;
}

int
benchmark_optcheck(void)
{
	/* A lone worker writes all before it reads: it must fit a pipe. */
	if (ec_mode == EC_ST && ec_size > EC_STMAX)
		lm_usage_error("-s: at most 64k with -m st");
	if (ec_place != EC_FREE && ec_mode == EC_ST)
		lm_usage_error("-c: there is no peer to place with -m st");
	if (ec_place != EC_FREE &&
	    (ec_ncpu = cpus_allowed(ec_cpus, EC_MAXCPU)) < 1)
		lm_usage_error("-c %s: cannot read the CPUs allowed",
		    ec_pnames[ec_place]);
	if (ec_place == EC_CROSS && ec_ncpu < 2)
		return lm_unsupported("-c cross needs two CPUs; 1 allowed");
	return 0;
}

int
benchmark_initrun(void)
{
	/* A peer that is gone makes a write fail, not kill the worker. */
	(void) signal(SIGPIPE, SIG_IGN);
	if (setfdlimit(5 * lm_optT + 16) != 0) {
		lm_error("raising the descriptor limit:");
		return -1;
	}
	return 0;
}

/* After the columns, the placement, only when the peer is pinned. */
char *
benchmark_result(void)
{
	static char buf[8];

	snprintf(buf, sizeof(buf), "%s",
	    ec_place == EC_FREE ? "" : ec_pnames[ec_place]);
	return buf;
}

/* The peer: sends back each message until end of file. */
static void *
ec_echo(void *arg)
{
	echo_t *ts = arg;
	char *buf = ts->ts_buf + 2 * ec_size;

	if (ts->ts_peercpu >= 0 && cpus_pin(ts->ts_peercpu) != 0)
		return NULL;	/* the worker's read sees end of file */

	while (ec_readall(ts->ts_in2, buf) == 0 &&
	    write(ts->ts_out2, buf, (size_t)ec_size) == (ssize_t)ec_size)
		;
	return NULL;
}

/* Two ends: what goes in fd[1] comes out of fd[0] (sockets: both ways). */
static int
ec_channel(int fd[2])
{
	if (ec_xprt == EC_PIPE)
		return pipe(fd);
	if (ec_xprt == EC_SOCK)
		return socketpair(AF_UNIX, SOCK_STREAM, 0, fd);
	return lo_pair(fd);
}

static void
ec_close_ends(echo_t *ts)
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

/* The worker's ends and the peer's: a socket is one end both ways; a
 * peer on a pipe needs a second pipe for the way back. */
static int
ec_make_ends(echo_t *ts)
{
	int a[2], b[2];

	ts->ts_in = ts->ts_out = ts->ts_in2 = ts->ts_out2 = -1;
	if (ec_channel(a) != 0)
		return -1;
	if (ec_mode == EC_ST) {
		ts->ts_in = a[0];
		ts->ts_out = a[1];
	} else if (ec_xprt != EC_PIPE) {
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

/* The echoing child, which dies with the worker thread that made it. */
static int
ec_start_child(echo_t *ts)
{
	pid_t parent = getpid();

	if ((ts->ts_child = fork()) != 0)
		return ts->ts_child < 0 ? -1 : 0;
	lx_die_with_parent();
	if (getppid() == parent) {
		(void) close(ts->ts_out);	/* or its own copy hides EOF */
		(void) ec_echo(ts);
	}
	_exit(0);
}

int
benchmark_initworker(void *tsd)
{
	echo_t *ts = tsd;
	int w = getpindex() * lm_optT + gettindex(), n = ec_ncpu;

	ts->ts_child = 0;
	ts->ts_peercpu = -1;
	if (ec_place != EC_FREE) {
		ts->ts_peercpu = ec_cpus[(w + (ec_place == EC_CROSS)) % n];
		if (cpus_pin(ec_cpus[w % n]) != 0) {
			lm_error("sched_setaffinity to CPU %d:",
			    ec_cpus[w % n]);
			return -1;
		}
	}
	if ((ts->ts_buf = calloc(3, (size_t)ec_size)) == NULL ||
	    ec_make_ends(ts) != 0) {
		lm_error("making the %s ends:", ec_xnames[ec_xprt]);
	} else if (ec_mode == EC_MT &&
	    pthread_create(&ts->ts_thread, NULL, ec_echo, ts) != 0) {
		lm_error("starting the echo thread");
	} else if (ec_mode == EC_MP && ec_start_child(ts) != 0) {
		lm_error("fork:");
	} else {
		if (ec_mode == EC_MP) {	/* the child's ends are its alone */
			if (ts->ts_out2 != ts->ts_in2)
				(void) close(ts->ts_out2);
			(void) close(ts->ts_in2);
			ts->ts_in2 = ts->ts_out2 = -1;
		}
		return 0;
	}
	ec_close_ends(ts);
	free(ts->ts_buf);
	return -1;
}

int
benchmark_finiworker(void *tsd)
{
	echo_t *ts = tsd;

	/* End of file for the peer: it leaves its loop. */
	if (ts->ts_out == ts->ts_in)
		(void) shutdown(ts->ts_out, SHUT_WR);
	else if (ec_mode != EC_ST) {
		(void) close(ts->ts_out);
		ts->ts_out = -1;
	}
	if (ec_mode == EC_MT)
		(void) pthread_join(ts->ts_thread, NULL);
	if (ec_mode == EC_MP) {
		/* It may still hold another worker's ends: do not wait. */
		(void) kill(ts->ts_child, SIGKILL);
		(void) waitpid(ts->ts_child, NULL, 0);
	}
	ec_close_ends(ts);
	free(ts->ts_buf);
	return 0;
}
