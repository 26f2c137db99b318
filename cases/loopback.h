/* SPDX-License-Identifier: MIT */
/*
 * loopback.h - a TCP socket on 127.0.0.1, for the socket cases.  Only the
 * loopback address and ports the kernel picks are ever used.
 */
#ifndef LOOPBACK_H
#define LOOPBACK_H

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
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

#endif /* LOOPBACK_H */
