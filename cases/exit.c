/* SPDX-License-Identifier: MIT */
/*
 * exit: the exit of a child process, per child, from its release to its
 * parent having reaped it.  Before the timing the parent forks B children
 * (exit_10 .. exit_1000 fix B with -B) that wait in read() on a pipe; the
 * timed batch writes them one byte each and reaps them.  They leave by
 * exit(), with libc's exit handlers and stdio flush, or with -e by the
 * raw exit system call (exit_10_nolibc).  Should the parent die first,
 * the pipe's end of file sends them on their way.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libmicro.h"
#include "nproc.h"

typedef struct {
	pid_t	*ts_pids;
	int	ts_made;	/* children forked for this batch */
	int	ts_pipe[2];
} tsd_t;

static int	opte;
static char	bytes[4096];

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(tsd_t);
	lm_maxB = 1000;
	snprintf(lm_optstr, sizeof(lm_optstr), "e");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -e       leave by the raw exit system call, not exit()\n");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	(void) optarg;
	if (opt != 'e')
		return -1;
	opte = 1;
	return 0;
}

/*
 * The kernel's exit of the calling thread, which is the whole of a forked
 * child, without libc's exit handlers.  Linux (and the BSDs) name it.
 */
static void
sys_exit(int status)
{
#ifdef SYS_exit
	(void) syscall(SYS_exit, status);
#endif
	_exit(status);
}

/* A child: drop every worker's write end, wait for a byte, leave. */
static void
child(int rfd)
{
	char c;
	int t;

	for (t = 0; t < lm_optT; t++)
		(void) close(((tsd_t *)gettsd(getpindex(), t))->ts_pipe[1]);
	(void) read(rfd, &c, 1);
	if (opte)
		sys_exit(0);
	exit(0);	/* the measured call: libc's exit in the child */
}

int
benchmark_initrun(void)
{
	int most = lm_optB > 0 ? lm_optB : lm_maxB;	/* per batch */

	return nproc_room((long long)lm_optP * lm_optT * (most + 1) + 1);
}

int
benchmark_initworker(void *tsd)
{
	tsd_t *ts = tsd;

	ts->ts_pids = calloc((size_t)lm_maxB, sizeof(pid_t));
	if (ts->ts_pids == NULL || pipe(ts->ts_pipe) != 0)
		return -1;
	return 0;
}

int
benchmark_initbatch(void *tsd)
{
	tsd_t *ts = tsd;
	pid_t pid;

	for (ts->ts_made = 0; ts->ts_made < lm_optB; ts->ts_made++) {
		if ((pid = fork()) == 0)
			child(ts->ts_pipe[0]);
		if (pid < 0)
			break;
		ts->ts_pids[ts->ts_made] = pid;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i, n, status;

	for (i = 0; i < ts->ts_made; i += n) {	/* a byte for each child */
		size_t want = (size_t)(ts->ts_made - i);

		n = (int)write(ts->ts_pipe[1], bytes,
		    want < sizeof(bytes) ? want : sizeof(bytes));
		if (n <= 0)
			return -1;
	}
	for (i = 0; i < ts->ts_made; i++)
		if (waitpid(ts->ts_pids[i], &status, 0) != ts->ts_pids[i] ||
		    status != 0)
			res->re_errors++;
	res->re_errors += lm_optB - ts->ts_made;	/* forks that failed */
	res->re_count = lm_optB;
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	tsd_t *ts = tsd;

	free(ts->ts_pids);
	return close(ts->ts_pipe[0]) | close(ts->ts_pipe[1]);
}
