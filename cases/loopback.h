/* SPDX-License-Identifier: MIT */
/*
 * loopback.h - TCP sockets on 127.0.0.1, for the socket cases and pipe's
 * tcp transport.  Only the loopback address and ports the kernel picks
 * are ever used.
 *
 * Cases get hooks here by macros defined before the header is included:
 * - LO_WORKER, one socket per worker, in an lo_worker_t (the case gives
 *   LM_TSD): LO_PLAIN, a new TCP socket; LO_BOUND, one bound to
 *   127.0.0.1 on an ephemeral port; LO_LISTEN, one listening there and
 *   not blocking; LO_PAIR, the accepted end of a connection.
 * - LO_NAME, with LO_WORKER: benchmark() times that call, getsockname or
 *   getpeername, on the socket.
 * - LO_BATCH n, n descriptors held per operation until the batch ends:
 *   at most LO_MAXB operations a batch, and room for them in every
 *   thread.  With LO_BATCH_CLOSE as well, the per-worker data begins
 *   with an lo_batch_t whose open descriptors (>= 0) are closed after
 *   each batch.
 */
#ifndef LOOPBACK_H
#define LOOPBACK_H

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fdclose.h"
#include "libmicro.h"

/* 127.0.0.1, port 0: the kernel picks a free ephemeral port. */
static inline void
lo_addr(struct sockaddr_in *sin)
{
	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
}

/*
 * A TCP socket bound to 127.0.0.1 on an ephemeral port, its address in
 * *sin.  With backlog >= 0 it also listens; with nonblock it does not
 * block.  Returns the descriptor, or -1 with errno set.
 */
static inline int
lo_socket(struct sockaddr_in *sin, int backlog, int nonblock)
{
	socklen_t len = sizeof(*sin);
	int fd = socket(AF_INET, SOCK_STREAM, 0), e;

	lo_addr(sin);
	if (fd < 0)
		return -1;
	if (bind(fd, (struct sockaddr *)sin, sizeof(*sin)) == 0 &&
	    (backlog < 0 || listen(fd, backlog) == 0) &&
	    (!nonblock || fcntl(fd, F_SETFL, O_NONBLOCK) == 0) &&
	    getsockname(fd, (struct sockaddr *)sin, &len) == 0)
		return fd;
	e = errno;
	(void) close(fd);
	errno = e;
	return -1;
}

/* n new TCP sockets in fd[]: 0, or -1 with the error said, none left
 * open and fd[] all -1. */
static inline int
lo_sockets(int *fd, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if ((fd[i] = socket(AF_INET, SOCK_STREAM, 0)) < 0) {
			lm_error("socket:");
			fd_close_n(fd, i);
			while (i-- > 0)
				fd[i] = -1;
			return -1;
		}
	return 0;
}

/* n listeners as lo_socket(sin + i, backlog, 1) makes them, each on a
 * port of its own: 0, or -1 with the error said and none left open. */
static inline int
lo_listeners(int *fd, struct sockaddr_in *sin, int n, int backlog)
{
	int i;

	for (i = 0; i < n; i++)
		if ((fd[i] = lo_socket(&sin[i], backlog, 1)) < 0) {
			lm_error("listener on 127.0.0.1:");
			fd_close_n(fd, i);
			return -1;
		}
	return 0;
}

/* connect() to the address lo_socket gave. */
static inline int
lo_connect(int fd, const struct sockaddr_in *sin)
{
	return connect(fd, (const struct sockaddr *)sin, sizeof(*sin));
}

/* accept() on a listener; on one that does not block, waiting at most a
 * second for a handshake still under way. */
static inline int
lo_accept(int lsn)
{
	struct pollfd p;
	int fd = accept(lsn, NULL, NULL);

	p.fd = lsn;
	p.events = POLLIN;
	if (fd < 0 && errno == EAGAIN && poll(&p, 1, 1000) == 1)
		fd = accept(lsn, NULL, NULL);
	return fd;
}

/* Close with a reset: neither end lingers in TIME_WAIT. */
static inline void
lo_reset_close(int fd)
{
	struct linger l;

	l.l_onoff = 1;
	l.l_linger = 0;
	(void) setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof(l));
	(void) close(fd);
}

/* Ends n connections: each con[i] with a reset, each open acc[i] (if acc
 * is not NULL) with a plain close, keeping errno. */
static inline void
lo_drop(const int *con, const int *acc, int n)
{
	int e = errno, i;

	for (i = 0; i < n; i++) {
		lo_reset_close(con[i]);
		if (acc != NULL && acc[i] >= 0)
			(void) close(acc[i]);
	}
	errno = e;
}

/* A connection to the listener lsn at *sin: *con connected, *acc
 * accepted.  Returns 0, or -1 with errno set and neither left open. */
static inline int
lo_connection(int lsn, const struct sockaddr_in *sin, int *con, int *acc)
{
	*acc = -1;
	if ((*con = socket(AF_INET, SOCK_STREAM, 0)) < 0)
		return -1;
	if (lo_connect(*con, sin) == 0 && (*acc = lo_accept(lsn)) >= 0)
		return 0;
	lo_drop(con, NULL, 1);
	*con = -1;
	return -1;
}

/*
 * A connected pair of TCP sockets over 127.0.0.1, Nagle's delay off at
 * both ends: fd[1] connected, fd[0] accepted from a listener that is
 * closed again.  Returns 0, or -1 with errno set and nothing left open.
 */
static inline int
lo_pair(int fd[2])
{
	struct sockaddr_in sin;
	int one = 1, lsn = lo_socket(&sin, 1, 0), rc;
	const socklen_t n = sizeof(one);

	fd[0] = fd[1] = -1;
	if (lsn < 0)
		return -1;
	rc = lo_connection(lsn, &sin, &fd[1], &fd[0]);
	fd_close_n(&lsn, 1);
	if (rc == 0 &&
	    setsockopt(fd[0], IPPROTO_TCP, TCP_NODELAY, &one, n) == 0 &&
	    setsockopt(fd[1], IPPROTO_TCP, TCP_NODELAY, &one, n) == 0)
		return 0;
	fd_close_n(fd, 2);
	fd[0] = fd[1] = -1;
	return -1;
}

#define LO_MAXB		256	/* operations in a batch of held sockets */

/* The sockets of LO_WORKER (not 0, so that a misspelt one is refused). */
#define LO_PLAIN	1
#define LO_BOUND	2
#define LO_LISTEN	3
#define LO_PAIR		4

#ifdef LO_WORKER
#if LO_WORKER != LO_PLAIN && LO_WORKER != LO_BOUND && \
    LO_WORKER != LO_LISTEN && LO_WORKER != LO_PAIR
#error "LO_WORKER: LO_PLAIN, LO_BOUND, LO_LISTEN or LO_PAIR"
#endif

typedef struct {
	int			lw_fd[2];	/* the socket, a pair's peer */
	struct sockaddr_in	lw_sin;		/* where it is bound */
} lo_worker_t;

int
benchmark_initworker(void *tsd)
{
	lo_worker_t *lw = tsd;

	lw->lw_fd[1] = -1;
	if (LO_WORKER == LO_PAIR)
		(void) lo_pair(lw->lw_fd);
	else if (LO_WORKER == LO_PLAIN)
		lw->lw_fd[0] = socket(AF_INET, SOCK_STREAM, 0);
	else
		lw->lw_fd[0] = lo_socket(&lw->lw_sin,
		    LO_WORKER == LO_LISTEN ? 5 : -1, LO_WORKER == LO_LISTEN);
	if (lw->lw_fd[0] >= 0)
		return 0;
	lm_error("a TCP socket on 127.0.0.1:");
	return -1;
}

int
benchmark_finiworker(void *tsd)
{
	int *fd = ((lo_worker_t *)tsd)->lw_fd;

	if (fd[1] >= 0)
		lo_reset_close(fd[1]);
	return close(fd[0]);
}
#endif /* LO_WORKER */

#ifdef LO_NAME
/* lm_optB calls of LO_NAME on the worker's socket, into one address;
 * the ports go to lm_sink so that the compiler keeps what they write. */
int
benchmark(void *tsd, result_t *res)
{
	lo_worker_t *lw = tsd;
	struct sockaddr_in sin;
	socklen_t len;
	long sum = 0;
	int i;

	memset(&sin, 0, sizeof(sin));
	for (i = 0; i < lm_optB; i++) {
		len = sizeof(sin);
		if (LO_NAME(lw->lw_fd[0], (struct sockaddr *)&sin, &len) != 0)
			res->re_errors++;
		sum += sin.sin_port;
	}
	lm_sink += sum;
	res->re_count = i;
	return 0;
}
#endif /* LO_NAME */

#ifdef LO_BATCH
int
benchmark_init(void)
{
	lm_maxB = LO_MAXB;
	return 0;
}

int
benchmark_initrun(void)
{
	if (setfdlimit(LO_BATCH * LO_MAXB * lm_optT + 64) == 0)
		return 0;
	lm_error("descriptor limit for %d per thread:", LO_BATCH * LO_MAXB);
	return -1;
}
#endif /* LO_BATCH */

#ifdef LO_BATCH_CLOSE
typedef struct {
	int	lb_fds[LO_BATCH * LO_MAXB];	/* -1: not made */
} lo_batch_t;

int
benchmark_finibatch(void *tsd)
{
	fd_close_n(((lo_batch_t *)tsd)->lb_fds, LO_BATCH * lm_optB);
	return 0;
}
#endif /* LO_BATCH_CLOSE */

#endif /* LOOPBACK_H */
