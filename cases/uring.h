/* SPDX-License-Identifier: MIT */
/*
 * uring.h - an io_uring through the raw system calls (no liburing): a
 * ring made by io_uring_setup with no flags (no SQPOLL, no IOPOLL, no
 * single-issuer hints), its three regions mapped as io_uring(7) says,
 * and one round of n NOPs: queued, submitted and waited for with one
 * io_uring_enter(IORING_ENTER_GETEVENTS), then reaped.  Elsewhere
 * ur_open fails with ENOSYS.
 */
#ifndef URING_H
#define URING_H

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct ring {
	int		r_fd;
	unsigned	*r_sqtail, *r_sqmask, *r_sqarray;
	unsigned	*r_cqhead, *r_cqtail, *r_cqmask;
	void		*r_sq, *r_cq, *r_sqe;
	size_t		r_sqlen, r_cqlen, r_sqelen;
	char		*r_cqes;
	size_t		r_cqesz;
};

#ifdef __linux__
#include <linux/io_uring.h>
#include <sys/syscall.h>

#define UR_AT(base, off)	((unsigned *)((char *)(base) + (off)))

static void
ur_close(struct ring *r)
{
	if (r->r_sqe != NULL && r->r_sqe != MAP_FAILED)
		(void) munmap(r->r_sqe, r->r_sqelen);
	if (r->r_cq != NULL && r->r_cq != MAP_FAILED)
		(void) munmap(r->r_cq, r->r_cqlen);
	if (r->r_sq != NULL && r->r_sq != MAP_FAILED)
		(void) munmap(r->r_sq, r->r_sqlen);
	if (r->r_fd >= 0)
		(void) close(r->r_fd);
	memset(r, 0, sizeof(*r));
	r->r_fd = -1;
}

static void *
ur_map(int fd, size_t len, long long off)
{
	return mmap(NULL, len, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_POPULATE, fd, off);
}

/* A ring of n entries: 0, or -1 with errno (and nothing left open). */
static int
ur_open(struct ring *r, unsigned n)
{
	struct io_uring_params p;
	unsigned i;

	memset(r, 0, sizeof(*r));
	memset(&p, 0, sizeof(p));
	r->r_fd = (int)syscall(SYS_io_uring_setup, n, &p);
	if (r->r_fd < 0)
		return -1;
	r->r_sqlen = p.sq_off.array + p.sq_entries * sizeof(unsigned);
	r->r_cqlen = p.cq_off.cqes + p.cq_entries *
	    sizeof(struct io_uring_cqe);
	r->r_sqelen = p.sq_entries * sizeof(struct io_uring_sqe);
	r->r_sq = ur_map(r->r_fd, r->r_sqlen, IORING_OFF_SQ_RING);
	r->r_cq = ur_map(r->r_fd, r->r_cqlen, IORING_OFF_CQ_RING);
	r->r_sqe = ur_map(r->r_fd, r->r_sqelen, IORING_OFF_SQES);
	if (r->r_sq == MAP_FAILED || r->r_cq == MAP_FAILED ||
	    r->r_sqe == MAP_FAILED) {
		i = (unsigned)errno;
		ur_close(r);
		errno = (int)i;
		return -1;
	}
	r->r_sqtail = UR_AT(r->r_sq, p.sq_off.tail);
	r->r_sqmask = UR_AT(r->r_sq, p.sq_off.ring_mask);
	r->r_sqarray = UR_AT(r->r_sq, p.sq_off.array);
	r->r_cqhead = UR_AT(r->r_cq, p.cq_off.head);
	r->r_cqtail = UR_AT(r->r_cq, p.cq_off.tail);
	r->r_cqmask = UR_AT(r->r_cq, p.cq_off.ring_mask);
	r->r_cqes = (char *)r->r_cq + p.cq_off.cqes;
	/* Entry i of the submission queue is always SQE i. */
	for (i = 0; i < p.sq_entries; i++)
		r->r_sqarray[i] = i;
	return 0;
}

/* n NOPs submitted, waited for and reaped: the failed ones, or -1. */
static int
ur_nops(struct ring *r, unsigned n)
{
	struct io_uring_sqe *sqe = r->r_sqe;
	struct io_uring_cqe *cqe;
	unsigned tail = *r->r_sqtail, head, i, bad = 0;

	for (i = 0; i < n; i++, tail++) {
		memset(&sqe[tail & *r->r_sqmask], 0, sizeof(*sqe));
		sqe[tail & *r->r_sqmask].opcode = IORING_OP_NOP;
	}
	__atomic_store_n(r->r_sqtail, tail, __ATOMIC_RELEASE);
	if (syscall(SYS_io_uring_enter, r->r_fd, n, n,
	    IORING_ENTER_GETEVENTS, NULL, 0) != (long)n)
		return -1;
	head = *r->r_cqhead;
	for (i = 0; i < n; i++, head++) {
		if (head == __atomic_load_n(r->r_cqtail, __ATOMIC_ACQUIRE))
			return -1;
		cqe = (struct io_uring_cqe *)(void *)r->r_cqes +
		    (head & *r->r_cqmask);
		bad += cqe->res < 0;
	}
	__atomic_store_n(r->r_cqhead, head, __ATOMIC_RELEASE);
	return (int)bad;
}
#else
static void
ur_close(struct ring *r)
{
	(void) r;
}

static int
ur_open(struct ring *r, unsigned n)
{
	(void) r, (void) n;
	errno = ENOSYS;
	return -1;
}

static int
ur_nops(struct ring *r, unsigned n)
{
	(void) r, (void) n;
	errno = ENOSYS;
	return -1;
}
#endif

#endif
