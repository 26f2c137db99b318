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
#include <stdlib.h>

#include "fdfile.h"	/* FF_OPT_FILE, ff_file, ff_open; no hooks */

static int		fd = -1;	/* the descriptor tested */
static int		ptm = -1;	/* the pseudo-terminal's master side */
static const char	*kind = "";	/* file, stdin or pty */

const struct lm_opt lm_options[] = {
	FF_OPT_FILE(R_OK, "stdin if a tty, else a new pty", "file to test"),
	LM_END
};
const struct lm_col lm_columns[] = {
	{ "fd", 5, LM_STR, &kind, NULL },
	LM_END
};

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
	kind = ff_file ? "file" : isatty(STDIN_FILENO) ? "stdin" : "pty";
	if (ff_file == NULL && isatty(STDIN_FILENO)) {
		fd = STDIN_FILENO;
		return 0;
	}
	if (ff_file == NULL)
		return open_pty();
	return (fd = ff_open(O_RDONLY | O_NOCTTY)) < 0 ? -1 : 0;
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
