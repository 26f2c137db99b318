/*
 * lmspawn: the wrapper's runner.  One process starts every run of a
 * suite, so that the wrapper's shell forks nothing per run: a fork of
 * the shell copies its page tables and faults its pages back in, which
 * costs more than the run of a small case.  posix_spawn starts the run
 * without copying anything.
 *
 * usage: lmspawn [-v] DIR LIMIT
 *        lmspawn --elf FILE
 * Runs start in DIR with stdin from /dev/null.  LIMIT is the time limit
 * of a run in seconds (0: none): past it the run gets SIGTERM, and five
 * seconds on SIGKILL.
 *
 * On stdout it first writes "ready".  Then, for each request on stdin
 * (the run's stdout file, its stderr file, the argument vector, each on
 * a line of its own, and an empty line), it starts the run, waits for it
 * and writes one line:
 *   RC KILLED CS
 * RC is the exit status as a shell gives it (128 + the signal that
 * killed it; 126 or 127 when it could not be started), KILLED 1 when the
 * time limit stopped it and 0 if not, and CS its wall time in
 * centiseconds.
 *
 * With -v (the variants of one session) a request is the run's stdout
 * file, its stderr file, the program to start (found in PATH when it
 * has no slash; an empty line: the first word of the argument vector),
 * the variables to set, NAME=VALUE a line, an empty line, then the
 * argument vector and an empty line as above.  The run's environment
 * is lmspawn's own with those variables set, so that two variants
 * differ only by what their requests say.
 *
 * SIGTERM, SIGINT or SIGHUP, or the end of its parent, stop the run in
 * progress (SIGTERM, then SIGKILL after five seconds) and lmspawn with
 * it, or end lmspawn at once between runs; the end of stdin ends it.
 *
 * With --elf it only says how FILE, an ELF program, is linked, for the
 * wrapper's header: "BITS dynamic INTERP" (the program interpreter of
 * its PT_INTERP header) or "BITS static", BITS 32 or 64; exit 1 and
 * nothing printed when FILE is not an ELF file it can read.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

extern char **environ;

#define	MAXARGS	1024
#define	MAXENV	4096
#define	POOLLEN	65536

static char	pool[POOLLEN];	/* the lines of the request in progress */
static size_t	used;

static sigset_t	waitset;	/* SIGCHLD and the stopping signals */
static sigset_t	oldmask;	/* what the runs get */
static char	*envv[MAXENV + 1];	/* a -v request's environment */

static long long
now_ns(void)
{
	struct timespec ts;

	(void) clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* The next line of stdin without its newline, in the pool; NULL at EOF. */
static char *
get_line(void)
{
	char *l = pool + used;
	size_t n;

	if (used + 2 >= POOLLEN ||
	    fgets(l, (int)(POOLLEN - used), stdin) == NULL)
		return NULL;
	n = strlen(l);
	if (n > 0 && l[n - 1] == '\n')
		l[--n] = '\0';
	used += n + 1;
	return l;
}

/* Wait for PID until DEADLINE (0: none); 1 when it was reaped. */
static int
reap(pid_t pid, long long deadline, int *status, int *stop)
{
	for (;;) {
		struct timespec ts = { 1, 0 };
		int sig;

		if (waitpid(pid, status, WNOHANG) == pid)
			return 1;
		if (deadline > 0) {
			long long left = deadline - now_ns();

			if (left <= 0)
				return 0;
			if (left < 1000000000LL) {
				ts.tv_sec = 0;
				ts.tv_nsec = (long)left;
			}
		}
		sig = sigtimedwait(&waitset, NULL, &ts);
		if (sig > 0 && sig != SIGCHLD && stop != NULL)
			*stop = sig;
		if (stop != NULL && *stop != 0)
			return 0;
	}
}

/* Stop PID: SIGTERM, and SIGKILL if it is still there five seconds on. */
static void
stop_run(pid_t pid, int *status)
{
	(void) kill(pid, SIGTERM);
	if (!reap(pid, now_ns() + 5000000000LL, status, NULL)) {
		(void) kill(pid, SIGKILL);
		(void) reap(pid, 0, status, NULL);
	}
}

/*
 * The environment of a -v request: lmspawn's own, less the variables
 * that SET[0..n-1] (NAME=VALUE each) give, then SET; NULL if too long.
 */
static char **
make_env(char **set, int n)
{
	char **e;
	int k = 0, j;

	for (e = environ; *e != NULL; e++) {
		size_t len = strcspn(*e, "=");

		for (j = 0; j < n; j++)
			if (strncmp(set[j], *e, len) == 0 &&
			    set[j][len] == '=')
				break;
		if (j < n)
			continue;
		if (k == MAXENV)
			return NULL;
		envv[k++] = *e;
	}
	for (j = 0; j < n; j++) {
		if (k == MAXENV)
			return NULL;
		envv[k++] = set[j];
	}
	envv[k] = NULL;
	return envv;
}

/*
 * Start ARGV (the program PROG, NULL for argv[0]; found in PATH when it
 * has no slash) in the environment ENV, with its output in OUT and ERR;
 * -1 and *rc when it cannot.
 */
static pid_t
start(char **argv, const char *prog, char **env, const char *out,
    const char *err, int *rc)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	pid_t pid;
	int e;

	if (posix_spawn_file_actions_init(&fa) != 0 ||
	    posix_spawnattr_init(&at) != 0) {
		*rc = 126;
		return -1;
	}
	(void) posix_spawn_file_actions_addopen(&fa, 0, "/dev/null",
	    O_RDONLY, 0);
	(void) posix_spawn_file_actions_addopen(&fa, 1, out,
	    O_WRONLY | O_CREAT | O_TRUNC, 0666);
	(void) posix_spawn_file_actions_addopen(&fa, 2, err,
	    O_WRONLY | O_CREAT | O_TRUNC, 0666);
	(void) posix_spawnattr_setsigmask(&at, &oldmask);
	(void) posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK);
	if (prog == NULL)
		e = posix_spawn(&pid, argv[0], &fa, &at, argv, env);
	else if (strchr(prog, '/') == NULL)
		e = posix_spawnp(&pid, prog, &fa, &at, argv, env);
	else
		e = posix_spawn(&pid, prog, &fa, &at, argv, env);
	(void) posix_spawn_file_actions_destroy(&fa);
	(void) posix_spawnattr_destroy(&at);
	if (e != 0) {
		FILE *fp = fopen(err, "a");

		if (fp != NULL) {
			(void) fprintf(fp, "%s: %s\n", prog != NULL ? prog :
			    argv[0], strerror(e));
			(void) fclose(fp);
		}
		*rc = e == ENOENT ? 127 : 126;
		return -1;
	}
	return pid;
}

/* The K-byte unsigned integer at P, in the byte order of the file. */
static uint64_t
elf_word(const unsigned char *p, int k, int le)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < k; i++)
		v = v << 8 | p[le ? k - 1 - i : i];
	return v;
}

/* --elf FILE: how FILE is linked, on stdout; 1 if it is not ELF. */
static int
elf_info(const char *path)
{
	unsigned char eh[64], ph[56];
	char interp[4096];
	uint64_t phoff, off, len;
	unsigned phsz, phn, i;
	size_t n;
	int fd, w, le, rc = 1;

	if ((fd = open(path, O_RDONLY)) < 0)
		return 1;
	if (pread(fd, eh, sizeof(eh), 0) != (ssize_t)sizeof(eh) ||
	    memcmp(eh, "\177ELF", 4) != 0 || (eh[4] != 1 && eh[4] != 2))
		goto out;
	w = eh[4] == 2 ? 8 : 4;
	le = eh[5] == 1;
	phoff = w == 8 ? elf_word(eh + 32, 8, le) : elf_word(eh + 28, 4, le);
	phsz = (unsigned)elf_word(eh + (w == 8 ? 54 : 42), 2, le);
	phn = (unsigned)elf_word(eh + (w == 8 ? 56 : 44), 2, le);
	/* An entry is read up to p_align, the last field both sizes use. */
	n = w == 8 ? 56 : 32;
	if (phsz < n)
		goto out;
	for (i = 0; i < phn; i++) {
		if (pread(fd, ph, n, (off_t)(phoff + (uint64_t)i * phsz)) !=
		    (ssize_t)n)
			goto out;
		if (elf_word(ph, 4, le) != 3)	/* PT_INTERP */
			continue;
		off = w == 8 ? elf_word(ph + 8, 8, le) : elf_word(ph + 4, 4, le);
		len = w == 8 ? elf_word(ph + 32, 8, le) :
		    elf_word(ph + 16, 4, le);
		if (len == 0 || len >= sizeof(interp) ||
		    pread(fd, interp, (size_t)len, (off_t)off) != (ssize_t)len)
			goto out;
		interp[len] = '\0';
		(void) printf("%d dynamic %s\n", w * 8, interp);
		rc = 0;
		goto out;
	}
	(void) printf("%d static\n", w * 8);
	rc = 0;
out:
	(void) close(fd);
	return rc;
}

/* The lines up to an empty one into v[]: how many, or -1 when the
 * request ends early, has too many, or (eq) a line lacks its '='. */
static int
read_list(char **v, int eq)
{
	int n = 0;

	for (;;) {
		char *a = get_line();

		if (a == NULL)
			return -1;
		if (*a == '\0')
			return n;
		if (n == MAXARGS || (eq && strchr(a, '=') == NULL))
			return -1;
		v[n++] = a;
	}
}

/*
 * The rest of a request after its two output paths: with -v the program
 * (an empty line for args[0]) and the variables to set, then the
 * arguments.  Returns 0, or -1 for a malformed request.
 */
static int
read_request(int var, char **args, char **prog, char ***env)
{
	int n;

	*prog = NULL;
	*env = environ;
	if (var) {
		char *set[MAXARGS];

		if ((*prog = get_line()) == NULL)
			return -1;
		if (**prog == '\0')
			*prog = NULL;
		if ((n = read_list(set, 1)) < 0 ||
		    (*env = make_env(set, n)) == NULL)
			return -1;
	}
	if ((n = read_list(args, 0)) <= 0)
		return -1;
	args[n] = NULL;
	return 0;
}

/* SIGCHLD and the stopping signals wait in sigtimedwait, blocked. */
static void
block_signals(void)
{
	(void) signal(SIGCHLD, SIG_DFL);
	(void) sigemptyset(&waitset);
	(void) sigaddset(&waitset, SIGCHLD);
	(void) sigaddset(&waitset, SIGTERM);
	(void) sigaddset(&waitset, SIGINT);
	(void) sigaddset(&waitset, SIGHUP);
	(void) sigprocmask(SIG_BLOCK, &waitset, &oldmask);
}

/* Run requests until standard input ends (0), a stopping signal comes
 * (0) or a request is malformed (1). */
static int
serve(int var, long limit)
{
	char *args[MAXARGS + 1];
	int stop = 0;

	while (stop == 0) {
		char *out, *err, *prog, **env;
		int status = 0, rc = 0, killed = 0;
		long long t0;
		pid_t pid;

		/* Idle, a stopping signal ends it at once. */
		(void) sigprocmask(SIG_SETMASK, &oldmask, NULL);
		used = 0;
		out = get_line();
		(void) sigprocmask(SIG_BLOCK, &waitset, NULL);
		if (out == NULL)
			break;
		if ((err = get_line()) == NULL ||
		    read_request(var, args, &prog, &env) != 0)
			return 1;
		t0 = now_ns();
		pid = start(args, prog, env, out, err, &rc);
		if (pid > 0) {
			if (!reap(pid, limit > 0 ? t0 + limit * 1000000000LL :
			    0, &status, &stop)) {
				killed = stop == 0;
				stop_run(pid, &status);
			}
			rc = WIFEXITED(status) ? WEXITSTATUS(status) :
			    WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
		}
		if (stop != 0)
			break;
		(void) printf("%d %d %lld\n", rc, killed,
		    (now_ns() - t0 + 5000000) / 10000000);
		if (fflush(stdout) != 0)
			return 1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	long limit;
	int var = 0;

	if (argc == 3 && strcmp(argv[1], "--elf") == 0)
		return elf_info(argv[2]);
	if (argc == 4 && strcmp(argv[1], "-v") == 0) {
		var = 1;
		argv++;
		argc--;
	}
	if (argc != 3 || chdir(argv[1]) != 0 ||
	    (limit = strtol(argv[2], NULL, 10)) < 0) {
		(void) fprintf(stderr,
		    "usage: lmspawn [-v] DIR LIMIT | --elf FILE\n");
		return 2;
	}
	block_signals();
#ifdef __linux__
	(void) prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() == 1)
		return 0;
#endif
	(void) printf("ready\n");
	(void) fflush(stdout);
	return serve(var, limit);
}
