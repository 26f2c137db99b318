/* SPDX-License-Identifier: MIT */
/*
 * helpers.c - messages, and the helpers for cases that reach the
 * engine's state: the worker's indexes and data, the case barrier
 * (libMicro's barrier_t) and the temp directory, removed when the run
 * ends.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "engine.h"

/* The temp directory, private to each process. */
static struct {
	pid_t		tmpowner;	/* the process that made tmpdir */
	char		tmpdir[PATH_MAX];
} lm;

/*
 * Messages
 */

static void
vmsg(const char *fmt, va_list ap)
{
	int saved = errno;
	size_t n = strlen(fmt);

	fprintf(stderr, "%s: ", lm_procname[0] ? lm_procname : "libmicro");
	vfprintf(stderr, fmt, ap);
	if (n > 0 && fmt[n - 1] == ':')
		fprintf(stderr, " %s", strerror(saved));
	fputc('\n', stderr);
}

void
lm_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
}

void
lm_usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	lmi_cleanup();
	exit(2);
}

int
lm_unsupported(const char *fmt, ...)
{
	int saved = errno;
	size_t n = strlen(fmt), k;
	va_list ap;
	char *s = lmi.unsup;

	if (s[0] != '\0')
		return -1;
	va_start(ap, fmt);
	vsnprintf(s, sizeof(lmi.unsup), fmt, ap);
	va_end(ap);
	k = strlen(s);
	if (n > 0 && fmt[n - 1] == ':')
		snprintf(s + k, sizeof(lmi.unsup) - k, " %s", strerror(saved));
	/* One line of blank-separated words, whatever the case wrote. */
	for (; *s != '\0'; s++)
		if (*s == '\n' || *s == '\t' || *s == '\r')
			*s = ' ';
	if (lmi.unsup[0] == '\0')
		snprintf(lmi.unsup, sizeof(lmi.unsup), "unsupported");
	return -1;
}

/* A runtime failure before workers exist: say so and exit 1. */
void
lmi_die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	lmi_cleanup();
	exit(1);
}

/*
 * The worker's indexes and data
 */

int
getpindex(void)
{
	return lmi.pindex;
}

int
gettindex(void)
{
	return (int)(long)pthread_getspecific(lmi.key) - 1;
}

void *
gettsd(int p, int t)
{
	if (p != lmi.pindex || t < 0 || t >= lm_optT || lmi.tsd == NULL)
		return NULL;
	return lmi.tsd + (size_t)t * lmi.tsdstride;
}

/*
 * The case barrier
 *
 * The case-level barrier (libmicro.h).  Its lock is robust, so a caller
 * dying inside cannot wedge the rest, and its waits wake every 100 ms to
 * leave when the engine is stopping the run.
 */
barrier_t *
barrier_create(int hwm, int datasize)
{
	barrier_t *bar;
	size_t size;
	void *p;

	if (hwm < 1 || datasize < 0) {
		errno = EINVAL;
		return NULL;
	}
	size = sizeof(*bar) + (size_t)(datasize > 1 ? datasize - 1 : 0) *
	    sizeof(double);
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
	    -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	bar = p;
	bar->ba_hwm = hwm;
	bar->ba_datasize = datasize;
	bar->ba_size = size;
	if (lmi_sync_init(&bar->ba_lock, &bar->ba_cv) != 0) {
		(void) munmap(p, size);
		errno = ENOMEM;
		bar = NULL;
	}
	return bar;
}

static int
ba_lock(barrier_t *bar, int e)
{
	if (e == EOWNERDEAD)
		e = pthread_mutex_consistent(&bar->ba_lock);
	return e;
}

/* Account a result in the phase; the last caller closes the phase. */
static void
ba_result(barrier_t *bar, const result_t *res)
{
	if (res == NULL)
		return;
	if (bar->ba_results == 0 || res->re_t0 < bar->ba_t0)
		bar->ba_t0 = res->re_t0;
	if (bar->ba_results == 0 || res->re_t1 > bar->ba_t1)
		bar->ba_t1 = res->re_t1;
	bar->ba_results++;
	bar->ba_count0 += res->re_count;
	bar->ba_count += res->re_count;
	bar->ba_errors += res->re_errors;
}

static void
ba_close(barrier_t *bar)
{
	if (bar->ba_results > 0) {
		if (bar->ba_batches < bar->ba_datasize && bar->ba_count0 > 0)
			bar->ba_data[bar->ba_batches] = (double)(bar->ba_t1 -
			    bar->ba_t0) / (double)bar->ba_count0 *
			    bar->ba_results;
		bar->ba_batches++;
	}
	bar->ba_results = 0;
	bar->ba_count0 = 0;
	bar->ba_waiters = 0;
	bar->ba_phase++;
	(void) pthread_cond_broadcast(&bar->ba_cv);
}

int
barrier_queue(barrier_t *bar, result_t *res)
{
	struct timespec until;
	int phase, rc = 0;

	if (bar == NULL || ba_lock(bar, pthread_mutex_lock(&bar->ba_lock)))
		return -1;
	ba_result(bar, res);
	phase = bar->ba_phase;
	if (++bar->ba_waiters >= bar->ba_hwm)
		ba_close(bar);
	while (bar->ba_phase == phase) {
		if (lmi_stopping()) {
			bar->ba_waiters--;
			rc = -1;
			break;
		}
		(void) clock_gettime(CLOCK_MONOTONIC, &until);
		until.tv_nsec += 100000000;
		if (until.tv_nsec >= 1000000000) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000;
		}
		if (pthread_cond_timedwait(&bar->ba_cv, &bar->ba_lock,
		    &until) == EOWNERDEAD)
			(void) pthread_mutex_consistent(&bar->ba_lock);
	}
	(void) pthread_mutex_unlock(&bar->ba_lock);
	return rc;
}

int
barrier_destroy(barrier_t *bar)
{
	if (bar == NULL) {
		errno = EINVAL;
		return -1;
	}
	return munmap(bar, bar->ba_size);
}

/*
 * The temp directory
 */

const char *
lm_tmpdir(void)
{
	const char *root = getenv("TMPDIR");

	if (lm.tmpdir[0] != '\0')
		return lm.tmpdir;
	if (root == NULL || *root == '\0')
		root = "/tmp";
	snprintf(lm.tmpdir, sizeof(lm.tmpdir), "%s/libmicro.XXXXXX", root);
	if (mkdtemp(lm.tmpdir) == NULL) {
		lm_error("mkdtemp %s:", lm.tmpdir);
		lm.tmpdir[0] = '\0';
		return NULL;
	}
	lm.tmpowner = getpid();
	return lm.tmpdir;
}

char *
lm_tmppath(char *buf, size_t len, const char *name)
{
	const char *dir = lm_tmpdir();

	if (dir == NULL || (size_t)snprintf(buf, len, "%s/%s", dir, name) >=
	    len)
		return NULL;
	return buf;
}

int
lm_fillfile(const char *path, long long size)
{
	static char block[65536];
	long long done = 0;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd < 0) {
		lm_error("%s:", path);
		return -1;
	}
	while (done < size) {
		size_t want = size - done < (long long)sizeof(block) ?
		    (size_t)(size - done) : sizeof(block);
		ssize_t got = write(fd, block, want);

		if (got <= 0) {
			lm_error("write %s:", path);
			(void) close(fd);
			return -1;
		}
		done += got;
	}
	return close(fd);
}

int
lm_datafile(char **path, const char *name, long long size)
{
	static char buf[PATH_MAX];

	if (*path != NULL)
		return 0;
	if ((*path = lm_tmppath(buf, sizeof(buf), name)) == NULL)
		return -1;
	return lm_fillfile(*path, size);
}

static int
rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void) sb;
	(void) flag;
	(void) ftw;
	(void) remove(path);
	return 0;
}

/* Removes the temp directory, if this process made it, and all in it. */
void
lmi_cleanup(void)
{
	if (lm.tmpdir[0] != '\0' && getpid() == lm.tmpowner) {
		(void) nftw(lm.tmpdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
		lm.tmpdir[0] = '\0';
	}
}
