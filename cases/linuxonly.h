/* SPDX-License-Identifier: MIT */
/*
 * linuxonly.h - the Linux-only calls of the cases (epoll, eventfd, futex,
 * the parent-death signal, membarrier, transparent huge pages, system
 * calls made through syscall() where libc would not enter the kernel,
 * the vDSO's own symbols, and the newer file calls), each behind a small
 * helper.  Elsewhere the
 * helpers fail with ENOSYS, so a case builds everywhere and its run says
 * why it cannot measure anything; lx_die_with_parent does nothing there.
 */
#ifndef LINUXONLY_H
#define LINUXONLY_H

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#ifdef __linux__
#include <elf.h>
#include <link.h>
#include <linux/futex.h>
#include <linux/membarrier.h>
#include <sys/auxv.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/sendfile.h>
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

/* Turn transparent huge pages on (1) or off (0) for [p, p + len). */
static inline int
lx_hugepage(void *p, size_t len, int on)
{
	return madvise(p, len, on ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
}

/* Whether THP may back an madvise'd region: 1, 0 (the mode in mode),
 * or -1 if the setting cannot be read. */
static inline int
lx_thp_allowed(char *mode, size_t len)
{
	char buf[128], *b, *e;
	FILE *fp = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
	int ok = fp != NULL && fgets(buf, sizeof(buf), fp) != NULL;

	if (fp != NULL)
		(void) fclose(fp);
	if (!ok || (b = strchr(buf, '[')) == NULL || (e = strchr(b, ']')) == NULL)
		return -1;
	snprintf(mode, len, "%.*s", (int)(e - b + 1), b);
	return strcmp(mode, "[never]") != 0;
}

/* Register for MEMBARRIER_CMD_PRIVATE_EXPEDITED: 0, or -1 with errno
 * (ENOSYS also when the kernel does not offer that command). */
static inline int
lx_membarrier_register(void)
{
	long cmds = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);

	if (cmds < 0)
		return -1;
	if (!(cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED)) {
		errno = ENOSYS;
		return -1;
	}
	return (int)syscall(SYS_membarrier,
	    MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0);
}

/* A memory barrier on every CPU running a thread of this process. */
static inline int
lx_membarrier(void)
{
	return (int)syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED,
	    0, 0);
}

/* System calls through syscall(), where libc would use the vDSO or
 * nothing at all. */
static inline long
lx_sys_getppid(void)
{
	return syscall(SYS_getppid);
}

static inline int
lx_sys_clock_gettime(clockid_t id, struct timespec *ts)
{
	return (int)syscall(SYS_clock_gettime, id, ts);
}

static inline int
lx_sys_getcpu(unsigned *cpu)
{
	return (int)syscall(SYS_getcpu, cpu, NULL, NULL);
}

/*
 * The address of a function the kernel's vDSO exports, found through
 * getauxval(AT_SYSINFO_EHDR) and the vDSO's dynamic symbol table (its
 * section headers are mapped with it), or NULL.  libc's wrappers may
 * answer from elsewhere (glibc's sched_getcpu reads rseq), so a case
 * that times the vDSO itself calls what this finds.
 */
static inline void *
lx_vdso_sym(const char *name)
{
	const char *base = (const char *)getauxval(AT_SYSINFO_EHDR);
	const ElfW(Ehdr) *eh = (const ElfW(Ehdr) *)base;
	const ElfW(Shdr) *sh, *str;
	const ElfW(Phdr) *ph;
	const ElfW(Sym) *sym;
	ElfW(Addr) load = 0;
	size_t i, n;

	if (base == NULL)
		return NULL;
	ph = (const ElfW(Phdr) *)(base + eh->e_phoff);
	for (i = eh->e_phnum; i-- > 0;)
		if (ph[i].p_type == PT_LOAD)
			load = ph[i].p_vaddr - ph[i].p_offset;
	sh = (const ElfW(Shdr) *)(base + eh->e_shoff);
	for (i = 0; i < eh->e_shnum; i++) {
		if (sh[i].sh_type != SHT_DYNSYM)
			continue;
		str = &sh[sh[i].sh_link];
		sym = (const ElfW(Sym) *)(base + sh[i].sh_offset);
		for (n = 0; n < sh[i].sh_size / sizeof(*sym); n++)
			if (sym[n].st_shndx != SHN_UNDEF && strcmp(base +
			    str->sh_offset + sym[n].st_name, name) == 0)
				return (void *)(base + sym[n].st_value - load);
	}
	return NULL;
}

/* The newer calls, named. */
static inline int
lx_statx(const char *path, struct statx *stx)
{
	/* The call itself: glibc's statx() imitates it with fstatat on a
	 * kernel without it. */
	return (int)syscall(SYS_statx, AT_FDCWD, path, 0, STATX_BASIC_STATS,
	    stx);
}

static inline int
lx_close_range(unsigned lo, unsigned hi)
{
	return close_range(lo, hi, 0);
}

static inline int
lx_pidfd_open(pid_t pid)
{
	return (int)syscall(SYS_pidfd_open, pid, 0);
}

/* Copy n bytes from the start of in to the start of out. */
static inline ssize_t
lx_copy_file_range(int in, int out, size_t n)
{
	off_t ioff = 0, ooff = 0;

	return copy_file_range(in, &ioff, out, &ooff, n, 0);
}

static inline ssize_t
lx_sendfile(int out, int in, size_t n)
{
	off_t off = 0;

	return sendfile(out, in, &off, n);
}

/* Move n bytes from the file in (at its start) into the pipe p, then
 * from the pipe to the file out (at its start): bytes moved, or -1. */
static inline ssize_t
lx_splice(int in, const int *p, int out, size_t n)
{
	loff_t ioff = 0, ooff = 0;
	ssize_t k = splice(in, &ioff, p[1], NULL, n, 0);

	return k < 0 ? -1 : splice(p[0], NULL, out, &ooff, (size_t)k, 0);
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

static inline int
lx_hugepage(void *p, size_t len, int on)
{
	(void) p, (void) len, (void) on;
	errno = ENOSYS;
	return -1;
}

static inline int
lx_thp_allowed(char *mode, size_t len)
{
	snprintf(mode, len, "none");
	return 0;
}

static inline int
lx_membarrier_register(void)
{
	errno = ENOSYS;
	return -1;
}

static inline int
lx_membarrier(void)
{
	errno = ENOSYS;
	return -1;
}

static inline long
lx_sys_getppid(void)
{
	return getppid();
}

static inline int
lx_sys_clock_gettime(clockid_t id, struct timespec *ts)
{
	return clock_gettime(id, ts);
}

static inline int
lx_sys_getcpu(unsigned *cpu)
{
	(void) cpu;
	errno = ENOSYS;
	return -1;
}

static inline void *
lx_vdso_sym(const char *name)
{
	(void) name;
	return NULL;
}

struct statx {
	int	stx_mode;
};

static inline int
lx_statx(const char *path, struct statx *stx)
{
	(void) path, (void) stx;
	errno = ENOSYS;
	return -1;
}

static inline int
lx_close_range(unsigned lo, unsigned hi)
{
	(void) lo, (void) hi;
	errno = ENOSYS;
	return -1;
}

static inline int
lx_pidfd_open(pid_t pid)
{
	(void) pid;
	errno = ENOSYS;
	return -1;
}

static inline ssize_t
lx_copy_file_range(int in, int out, size_t n)
{
	(void) in, (void) out, (void) n;
	errno = ENOSYS;
	return -1;
}

static inline ssize_t
lx_sendfile(int out, int in, size_t n)
{
	(void) in, (void) out, (void) n;
	errno = ENOSYS;
	return -1;
}

static inline ssize_t
lx_splice(int in, const int *p, int out, size_t n)
{
	(void) in, (void) p, (void) out, (void) n;
	errno = ENOSYS;
	return -1;
}
#endif

#endif /* LINUXONLY_H */
