/* SPDX-License-Identifier: MIT */
/*
 * fdfile.h - what the descriptor cases (open, close, dup, fcntl, lseek,
 * stat, isatty, file_lock) share: the -f file option in ff_file, by
 * default an empty file of the run's own (ff_datafile), a checked open
 * of it (ff_open), and for the cases that hold one new descriptor per
 * operation (open, close, dup) batches of at most FF_MAXB of them: the
 * descriptor limit (ff_room), a worker's ff_batch_t and its array
 * (ff_alloc); a batch is closed, outside the timing, with fdclose.h's
 * fd_close_n (a failed open left -1).
 *
 * A case may define before the include:
 *   FF_DEFAULT  the default -f (else ff_datafile makes one);
 *   FF_HELP     the help of -f, a file to read, when it is the only
 *               option: this then supplies the option table;
 *   FF_WORKER   each worker holds one descriptor of -f, read-only, in
 *               its int of per-worker data (fcntl, lseek): this then
 *               supplies the hooks that make the file, open and close it;
 *   FF_BATCH    each worker holds an ff_batch_t (open, dup; close,
 *               whose -b holds none, has hooks of its own): this then
 *               supplies the hooks that cap the batch, make the file,
 *               and make, empty and free the batch's array; with
 *               FF_BATCH_SOURCE each worker also opens -f once, in
 *               fb_fd (the descriptor dup copies).
 */
#ifndef FDFILE_H
#define FDFILE_H

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "fdclose.h"
#include "libmicro.h"

/* -f: a file that access(2) allows for amode; def says the default. */
#define FF_OPT_FILE(amode, def, help) { 'f', LM_PATH, "path", &ff_file, \
	(def), (amode), 0, (help), NULL }
#define FF_EMPTY	"an empty file of its own"

#ifdef FF_DEFAULT
#define FF_DEFAULT_TEXT	FF_DEFAULT
#else
#define FF_DEFAULT	NULL
#define FF_DEFAULT_TEXT	FF_EMPTY
#endif
static char	*ff_file = FF_DEFAULT;

#ifdef FF_HELP
const struct lm_opt lm_options[] = {
	FF_OPT_FILE(R_OK, FF_DEFAULT_TEXT, FF_HELP),
	LM_END
};
#endif

/* The most descriptors one batch holds: the case sets lm_maxB to it. */
#define FF_MAXB		256

/* With no -f, an empty file "data" in the run's temp directory. */
static inline int
ff_datafile(void)
{
	return lm_datafile(&ff_file, "data", 0);
}

/* A new descriptor of ff_file, or -1 with a message. */
static inline int
ff_open(int flags)
{
	int nfd = open(ff_file, flags);

	if (nfd < 0)
		lm_error("%s:", ff_file);
	return nfd;
}

/* Room in each process for lm_maxB descriptors per thread, and the
 * default file. */
static inline int
ff_room(void)
{
	if (setfdlimit(lm_maxB * lm_optT + 64) != 0) {
		lm_error("descriptor limit for %d per thread:", lm_maxB);
		return -1;
	}
	return ff_datafile();
}

/* A worker's array for one batch of descriptors, or NULL. */
static inline int *
ff_alloc(void)
{
	int *fds = calloc((size_t)lm_maxB, sizeof(int));

	if (fds == NULL)
		lm_error("calloc:");
	return fds;
}

/* A worker of a case that holds a batch of descriptors. */
typedef struct {
	int	*fb_fds;	/* the batch's new descriptors */
	int	fb_fd;		/* one of its own: the descriptor dup copies,
				 * the free slot close -b closes */
} ff_batch_t;

#if defined(FF_WORKER) || defined(FF_BATCH)
int
benchmark_initrun(void)
{
#ifdef FF_BATCH
	return ff_room();
#else
	return ff_datafile();
#endif
}
#endif

#ifdef FF_WORKER
LM_TSD(int);

int
benchmark_initworker(void *tsd)
{
	return (*(int *)tsd = ff_open(O_RDONLY)) < 0 ? -1 : 0;
}

int
benchmark_finiworker(void *tsd)
{
	return close(*(int *)tsd);
}
#endif /* FF_WORKER */

#ifdef FF_BATCH
LM_TSD(ff_batch_t);

int
benchmark_init(void)
{
	lm_maxB = FF_MAXB;
	return 0;
}

int
benchmark_initworker(void *tsd)
{
	ff_batch_t *ts = tsd;

#ifdef FF_BATCH_SOURCE
	if ((ts->fb_fd = ff_open(O_RDONLY)) < 0)
		return -1;
#endif
	return (ts->fb_fds = ff_alloc()) == NULL ? -1 : 0;
}

int
benchmark_finibatch(void *tsd)
{
	fd_close_n(((ff_batch_t *)tsd)->fb_fds, lm_optB);
	return 0;
}

int
benchmark_finiworker(void *tsd)
{
	ff_batch_t *ts = tsd;

	free(ts->fb_fds);
#ifdef FF_BATCH_SOURCE
	return close(ts->fb_fd);
#else
	return 0;
#endif
}
#endif /* FF_BATCH */

#endif /* FDFILE_H */
