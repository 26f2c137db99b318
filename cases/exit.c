/* SPDX-License-Identifier: MIT */
/*
 * exit: the exit of a child process, per child, from its release to its
 * parent having reaped it.  Before the timing each worker forks B (-B)
 * children that wait in read() on a pipe; the timed batch writes them a
 * byte each and reaps them.  They leave by exit(), with libc's exit
 * handlers and stdio flush, or with -e by the raw exit system call.
 */
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* spawn.h gives benchmark_init and benchmark_initrun (the cap on -B, the
 * room in RLIMIT_NPROC). */
#define SPAWN_MAXB	1000	/* under PIPE_BUF, so one write wakes them */
#include "spawn.h"

typedef struct {
	pid_t	ts_pids[SPAWN_MAXB];
	int	ts_made;	/* children forked for this batch */
	int	ts_pipe[2];
} tsd_t;

static int	opte;
static char	bytes[SPAWN_MAXB];

const struct lm_opt lm_options[] = {
	{ 'e', LM_FLAG, NULL, &opte, NULL, 0, 0,
	    "leave by the raw exit system call, not exit()", NULL },
	LM_END
};

LM_TSD(tsd_t);

/* The kernel's exit, past libc's exit handlers (Linux and BSD name it). */
static void
sys_exit(int status)
{
#ifdef SYS_exit
	(void) syscall(SYS_exit, status);
#endif
	_exit(status);
}

/* A child: drop every worker's write end, so that the parent's death is
 * an end of file that sends it on its way; wait for a byte; leave. */
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
benchmark_initworker(void *tsd)
{
	return pipe(((tsd_t *)tsd)->ts_pipe);
}

int
benchmark_initbatch(void *tsd)
{
	tsd_t *ts = tsd;
	pid_t pid;

	for (ts->ts_made = 0; ts->ts_made < lm_optB &&
	    (pid = fork()) >= 0; ts->ts_made++) {
		if (pid == 0)
			child(ts->ts_pipe[0]);
		ts->ts_pids[ts->ts_made] = pid;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	tsd_t *ts = tsd;
	int i, status;

	if (write(ts->ts_pipe[1], bytes, (size_t)ts->ts_made) != ts->ts_made)
		return -1;
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

	return close(ts->ts_pipe[0]) | close(ts->ts_pipe[1]);
}
