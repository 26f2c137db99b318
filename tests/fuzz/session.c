/* SPDX-License-Identifier: MIT */
/*
 * session CMD [ARG...]: run CMD as the leader of a new session, with
 * SIGINT, SIGTERM, SIGHUP and SIGQUIT at their defaults and unblocked.
 * A background job of a script starts with SIGINT ignored, and a shell
 * cannot trap a signal it inherited ignored; the session id (CMD's pid)
 * tells the processes CMD leaves behind.
 */
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	sigset_t none;
	size_t i;

	if (argc < 2) {
		fprintf(stderr, "usage: session cmd [arg...]\n");
		return 2;
	}
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		(void) signal(sigs[i], SIG_DFL);
	(void) sigemptyset(&none);
	(void) sigprocmask(SIG_SETMASK, &none, NULL);
	if (setsid() < 0) {
		perror("session: setsid");
		return 127;
	}
	execvp(argv[1], argv + 1);
	perror(argv[1]);
	return 127;
}
