/* SPDX-License-Identifier: MIT */
/*
 * loopback.h - TCP sockets on 127.0.0.1, for the socket cases and pipe's
 * tcp transport.  Only the loopback address and ports the kernel picks
 * are ever used.
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

/*
 * A TCP socket bound to 127.0.0.1 on an ephemeral port, its address in
 * *sin.  With backlog >= 0 it also listens; with nonblock it does not
 * block.  Returns the descriptor, or -1 with errno set.
 */
static int
lo_socket(struct sockaddr_in *sin, int backlog, int nonblock)
{
	socklen_t len = sizeof(*sin);
	int fd = socket(AF_INET, SOCK_STREAM, 0), e;

	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
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

/*
 * A connected pair of TCP sockets over 127.0.0.1, Nagle's delay off at
 * both ends: fd[1] connected, fd[0] accepted from a listener that is
 * closed again.  Returns 0, or -1 with errno set and nothing left open.
 */
static inline int
lo_pair(int fd[2])
{
	struct sockaddr_in sin;
	int one = 1, e, lsn = lo_socket(&sin, 1, 0);
	const socklen_t n = sizeof(one);

	fd[0] = fd[1] = -1;
	if (lsn >= 0 && (fd[1] = socket(AF_INET, SOCK_STREAM, 0)) >= 0 &&
	    connect(fd[1], (struct sockaddr *)&sin, sizeof(sin)) == 0)
		fd[0] = accept(lsn, NULL, NULL);
	e = errno;
	if (lsn >= 0)
		(void) close(lsn);
	errno = e;
	if (fd[0] >= 0 &&
	    setsockopt(fd[0], IPPROTO_TCP, TCP_NODELAY, &one, n) == 0 &&
	    setsockopt(fd[1], IPPROTO_TCP, TCP_NODELAY, &one, n) == 0)
		return 0;
	e = errno;
	if (fd[0] >= 0)
		(void) close(fd[0]);
	if (fd[1] >= 0)
		(void) close(fd[1]);
	fd[0] = fd[1] = -1;
	errno = e;
	return -1;
}

/* Closes fd[0..n), keeping errno. */
static inline void
lo_close_n(const int *fd, int n)
{
	int e = errno;

	while (n-- > 0)
		(void) close(fd[n]);
	errno = e;
}

/* n listeners as lo_socket(sin + i, backlog, 1) makes them, each on a
 * port of its own: 0, or -1 with errno set and none left open. */
static inline int
lo_listeners(int *fd, struct sockaddr_in *sin, int n, int backlog)
{
	int i;

	for (i = 0; i < n; i++)
		if ((fd[i] = lo_socket(&sin[i], backlog, 1)) < 0) {
			lo_close_n(fd, i);
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

/* accept() on a listener that does not block, waiting at most a second
 * for a handshake still under way. */
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

#endif /* LOOPBACK_H */
