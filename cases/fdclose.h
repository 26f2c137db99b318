/* SPDX-License-Identifier: MIT */
/*
 * fdclose.h - fd_close_n: closes the open descriptors of an array, for
 * the socket and file families, whose batches and helpers mark a slot
 * not (or no longer) open with -1.
 */
#ifndef FDCLOSE_H
#define FDCLOSE_H

#include <errno.h>
#include <unistd.h>

/* Closes the open descriptors (>= 0) of fd[0..n), keeping errno. */
static inline void
fd_close_n(const int *fd, int n)
{
	int e = errno;

	while (n-- > 0)
		if (fd[n] >= 0)
			(void) close(fd[n]);
	errno = e;
}

#endif /* FDCLOSE_H */
