/* SPDX-License-Identifier: MIT */
/*
 * fdfile.h - what the descriptor cases (open, close, dup, fcntl, lseek,
 * stat, isatty, writev, file_lock) share: the -f file option in ff_file,
 * by default an empty file of the run's own (ff_datafile), a checked
 * open of it (ff_open), and for the cases that hold one new descriptor
 * per operation (open, close, dup) batches of at most FF_MAXB of them:
 * the descriptor limit (ff_room), one batch's array per worker
 * (ff_alloc) and the closing of a batch (ff_closeall).
 */
#ifndef FDFILE_H
#define FDFILE_H

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "libmicro.h"

static char	*ff_file;

/* -f: a file that access(2) allows for amode; def says the default. */
#define FF_OPT_FILE(amode, def, help) { 'f', LM_PATH, "path", &ff_file, \
	(def), (amode), 0, (help), NULL }
#define FF_EMPTY	"an empty file of its own"

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

/* Room in each process for lm_maxB descriptors per thread. */
static inline int
ff_room(void)
{
	if (setfdlimit(lm_maxB * lm_optT + 64) != 0) {
		lm_error("descriptor limit for %d per thread:", lm_maxB);
		return -1;
	}
	return 0;
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

/* Closes the batch's descriptors, outside the timing; a failed open
 * left -1. */
static inline void
ff_closeall(const int *fds)
{
	int i;

	for (i = 0; i < lm_optB; i++)
		if (fds[i] >= 0)
			(void) close(fds[i]);
}

#endif /* FDFILE_H */
