/* SPDX-License-Identifier: MIT */
/*
 * linuxonly.h - the Linux-only calls of the cases (epoll, eventfd, futex,
 * the parent-death signal), each behind a small helper.  Elsewhere the
 * helpers fail with ENOSYS, so a case builds everywhere and its run says
 * why it cannot measure anything; lx_die_with_parent does nothing there.
 */
#ifndef LINUXONLY_H
#define LINUXONLY_H

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <unistd.h>

#ifdef __linux__
#include <linux/futex.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

typedef struct epoll_event	lx_event_t;

/* In a child of fork(): be killed when the thread that forked it ends.
 * The setting is not inherited across fork(), so the engine's own for
 * its workers does not cover a child a case makes. */
static inline void
lx_die_with_parent(void)
{
	(void) prctl(PR_SET_PDEATHSIG, SIGKILL);
}

/* A new eventfd, counter 0: the descriptor, or -1 with errno. */
static inline int
lx_eventfd(void)
{
	return eventfd(0, EFD_CLOEXEC);
}

/* Sleep while *addr is val (or until woken): 0, or -1 with errno. */
static inline int
lx_futex_wait(int *addr, int val)
{
	return (int)syscall(SYS_futex, addr, FUTEX_WAIT_PRIVATE, val, NULL,
	    NULL, 0);
}

/* Wake one thread sleeping on addr: how many were, or -1 with errno. */
static inline int
lx_futex_wake(int *addr)
{
	return (int)syscall(SYS_futex, addr, FUTEX_WAKE_PRIVATE, 1, NULL,
	    NULL, 0);
}

/* A new epoll instance watching fds[0..n) for input, level-triggered,
 * the first w also for output: the descriptor, or -1 with errno. */
static inline int
lx_epoll_open(const int *fds, int n, int w)
{
	lx_event_t ev;
	int ep = epoll_create1(EPOLL_CLOEXEC), i;

	for (i = 0; ep >= 0 && i < n; i++) {
		ev.events = EPOLLIN | (i < w ? EPOLLOUT : 0);
		ev.data.u64 = (uint64_t)i;
		if (epoll_ctl(ep, EPOLL_CTL_ADD, fds[i], &ev) != 0) {
			(void) close(ep);
			ep = -1;
		}
	}
	return ep;
}

/* epoll_wait() with a zero timeout: the descriptors ready, or -1. */
static inline int
lx_epoll_wait(int ep, lx_event_t *ev, int n)
{
	return epoll_wait(ep, ev, n, 0);
}
#else
typedef int	lx_event_t;

static inline void
lx_die_with_parent(void)
{
}

static inline int
lx_eventfd(void)
{
	errno = ENOSYS;
	return -1;
}

static inline int
lx_futex_wait(int *addr, int val)
{
	(void) addr, (void) val;
	errno = ENOSYS;
	return -1;
}

static inline int
lx_futex_wake(int *addr)
{
	(void) addr;
	errno = ENOSYS;
	return -1;
}

static inline int
lx_epoll_open(const int *fds, int n, int w)
{
	(void) fds, (void) n, (void) w;
	errno = ENOSYS;
	return -1;
}

static inline int
lx_epoll_wait(int ep, lx_event_t *ev, int n)
{
	(void) ep, (void) ev, (void) n;
	errno = ENOSYS;
	return -1;
}
#endif

#endif /* LINUXONLY_H */
