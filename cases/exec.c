/* SPDX-License-Identifier: MIT */
/*
 * exec: fork, execv of a tiny program (exec_bin, built with the suite and
 * found next to this one), and wait for it to exit, per program run.
 */
#include <limits.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libmicro.h"

static char	path[PATH_MAX];
static char	*args[2] = { path, NULL };

int
benchmark_initrun(void)
{
	if ((size_t)snprintf(path, sizeof(path), "%s/exec_bin",
	    lm_procpath) >= sizeof(path) || access(path, X_OK) != 0) {
		lm_error("the helper %s, built with the suite:", path);
		return -1;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	pid_t pid;
	int i, status;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		if ((pid = fork()) == 0) {
			(void) execv(path, args);
			_exit(127);
		}
		if (pid < 0 || waitpid(pid, &status, 0) != pid || status != 0)
			res->re_errors++;
	}
	res->re_count = i;
	return 0;
}
