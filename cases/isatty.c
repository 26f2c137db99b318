/* SPDX-License-Identifier: MIT */
/*
 * isatty: one isatty(3) of a descriptor (glibc asks the kernel with a
 * TCGETS ioctl).  -f names the file to test (isatty_no: a regular file,
 * where the answer is no).  Without -f the descriptor is a terminal:
 * standard input when it is one, else the slave side of a
 * pseudo-terminal made for the run, so the run means the same under CI.
 * The result line says which.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "libmicro.h"

static char	*optf;
static int	fd = -1;	/* the descriptor tested */
static int	ptm = -1;	/* the pseudo-terminal's master side */
static char	kind[8];	/* file, stdin or pty */

int
benchmark_init(void)
{
	snprintf(lm_optstr, sizeof(lm_optstr), "f:");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -f path  file to test (default: standard input if it is a"
	    " terminal,\n           else a pseudo-terminal)\n");
	snprintf(lm_header, sizeof(lm_header), "%5s", "fd");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	if (opt != 'f')
		return -1;
	optf = lm_optfile(opt, optarg, R_OK);
	return 0;
}

/* A new pseudo-terminal: master in ptm, slave in fd. */
static int
open_pty(void)
{
	char *name;

	ptm = posix_openpt(O_RDWR | O_NOCTTY);
	if (ptm >= 0 && grantpt(ptm) == 0 && unlockpt(ptm) == 0 &&
	    (name = ptsname(ptm)) != NULL &&
	    (fd = open(name, O_RDWR | O_NOCTTY)) >= 0)
		return 0;
	lm_error("pseudo-terminal:");
	if (ptm >= 0)
		(void) close(ptm);
	ptm = -1;
	return -1;
}

int
benchmark_initrun(void)
{
	snprintf(kind, sizeof(kind), "%s", optf ? "file" :
	    isatty(STDIN_FILENO) ? "stdin" : "pty");
	if (optf == NULL && isatty(STDIN_FILENO)) {
		fd = STDIN_FILENO;
		return 0;
	}
	if (optf == NULL)
		return open_pty();
	if ((fd = open(optf, O_RDONLY | O_NOCTTY)) < 0) {
		lm_error("%s:", optf);
		return -1;
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	int i;

	(void) tsd;
	for (i = 0; i < lm_optB; i++) {
		int r = isatty(fd);

		if (r == 0 && errno != ENOTTY)
			res->re_errors++;
		lm_sink += r;
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finirun(void)
{
	if (fd > STDIN_FILENO)
		(void) close(fd);
	if (ptm >= 0)
		(void) close(ptm);
	fd = ptm = -1;
	return 0;
}

char *
benchmark_result(void)
{
	static char buf[16];

	snprintf(buf, sizeof(buf), "%5s", kind);
	return buf;
}
