/* SPDX-License-Identifier: MIT */
/*
 * libmicro.c - the engine's core: clock, barrier, workers, batch sizing
 * and lm_main().  Options, statistics, the report and the helpers for
 * cases are the units in engine/ (see engine/engine.h).  bench.c holds
 * main() and the default hooks; a case holds benchmark() and whatever
 * hooks it needs.
 *
 * Model: the parent forks -P worker processes of -T threads each (with -1
 * the threads run in the parent).  Every sample, all workers meet at a
 * barrier in shared memory; the last to arrive accounts the sample and
 * decides whether the run is over.  The batch size is settled before any
 * hook of the run is called (see "Batch size"), so a case may size its
 * arrays by lm_optB in benchmark_initrun() and benchmark_initworker().
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine/engine.h"

/*
 * State
 */

#define LM_PAD		128	/* bytes between workers' slots */
#define LM_TARGET_NS	100000	/* shortest sample calibration aims for */
#define LM_CALSAMPLES	3	/* timed samples in a sizing round */
#define LM_CALBUDGET_NS	1000000000LL	/* sizing rounds past this: stop */
#define LM_CALMS	200	/* longest a sizing round samples, ms */
#define LM_TSDSLACK	8192	/* bytes after the per-thread data */

/* One worker's sample, in shared memory, alone on its cache lines. */
struct slot {
	long long	sl_t0, sl_t1;	/* ns */
	long long	sl_count, sl_errors;
	double		sl_user, sl_sys;	/* us of CPU in the batch */
	double		sl_nvcsw, sl_nivcsw, sl_minflt;
	int		sl_failed;
};

/* What only this unit keeps, private to each process. */
static struct {
	long long	*calspan;	/* a sizing round's answer (shared) */
	long long	target_ns;	/* sample length calibration aims for */
	struct shared	*sh;
	size_t		shsize;
	pid_t		mainpid;	/* parent of the worker processes */
	volatile sig_atomic_t	signo;	/* -1 mode: signal received */
} lm;

/* What other units read too (engine/engine.h). */
struct lmi_state	lmi;

/*
 * Clock and calibration
 */

long long
getnsecs(void)
{
	struct timespec ts;

	(void) clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

long long
getusecs(void)
{
	return getnsecs() / 1000;
}

long long
get_nsecs_resolution(void)
{
	return lmi.clk_res;
}

/*
 * Cost of one read: the best of several runs of back-to-back reads.
 * Resolution: the smallest non-zero step between two reads actually seen
 * (the clock may advance in coarser steps than clock_getres claims).
 */
static void
calibrate_clock(void)
{
	enum { NREAD = 2000, ROUNDS = 5 };
	long long best = LLONG_MAX, res = LLONG_MAX;
	int r, i;

	for (r = 0; r < ROUNDS; r++) {
		long long first = getnsecs(), prev = first, t = first;

		for (i = 0; i < NREAD; i++) {
			t = getnsecs();
			if (t != prev && t - prev < res)
				res = t - prev;
			prev = t;
		}
		if (t - first < best)
			best = t - first;
	}
	lmi.clk_ovh = (double)best / NREAD;
	lmi.clk_res = res == LLONG_MAX ? 1000000 : res;
	/* Clock granularity and overhead must be <1% of a sample. */
	lm.target_ns = 100 * (lmi.clk_res + (long long)ceil(lmi.clk_ovh));
	if (lm.target_ns < LM_TARGET_NS)
		lm.target_ns = LM_TARGET_NS;
}

/*
 * Barrier, in shared memory, for threads of all processes.  The mutex is
 * robust so that a worker dying while holding it cannot wedge the rest.
 */

static struct slot *
slot_of(int w)
{
	return (struct slot *)(void *)(lm.sh->sh_slots + (size_t)w * LM_PAD);
}

static int
sh_lock(struct shared *sh)
{
	int e = pthread_mutex_lock(&sh->sh_lock);

	if (e == EOWNERDEAD) {
		(void) pthread_mutex_consistent(&sh->sh_lock);
		sh->sh_abort = 1;
		if (sh->sh_msg[0] == '\0')
			snprintf(sh->sh_msg, sizeof(sh->sh_msg),
			    "a worker died holding the barrier");
		e = 0;
	}
	return e;
}

static void
sh_fail(const char *what)
{
	struct shared *sh = lm.sh;

	if (sh_lock(sh) != 0)
		return;
	if (sh->sh_msg[0] == '\0')
		snprintf(sh->sh_msg, sizeof(sh->sh_msg), "%s", what);
	(void) pthread_mutex_unlock(&sh->sh_lock);
}

/* Make everyone leave: used by a worker whose threads cannot start. */
static void
sh_abort(const char *why)
{
	struct shared *sh = lm.sh;

	if (sh_lock(sh) != 0)
		return;
	sh->sh_abort = 1;
	if (sh->sh_msg[0] == '\0' && why != NULL)
		snprintf(sh->sh_msg, sizeof(sh->sh_msg), "%s", why);
	(void) pthread_cond_broadcast(&sh->sh_cv);
	(void) pthread_mutex_unlock(&sh->sh_lock);
}

/* Whether the run is being stopped: waits in the case barrier leave. */
int
lmi_stopping(void)
{
	return lm.sh != NULL && lm.sh->sh_abort;
}

/*
 * A lock and a condition variable in memory that processes share: the
 * lock is robust, so that a holder dying cannot wedge the rest, and a
 * timed wait counts on CLOCK_MONOTONIC.  0, or pthread's error number.
 */
int
lmi_sync_init(pthread_mutex_t *lock, pthread_cond_t *cv)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	int e;

	(void) pthread_mutexattr_init(&ma);
	(void) pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	(void) pthread_mutexattr_setrobust(&ma, PTHREAD_MUTEX_ROBUST);
	(void) pthread_condattr_init(&ca);
	(void) pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED);
	(void) pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	if ((e = pthread_mutex_init(lock, &ma)) == 0)
		e = pthread_cond_init(cv, &ca);
	(void) pthread_mutexattr_destroy(&ma);
	(void) pthread_condattr_destroy(&ca);
	return e;
}

static struct shared *
sh_create(int nworkers, int cap)
{
	struct shared *sh;
	size_t hdr = (sizeof(*sh) + LM_PAD - 1) / LM_PAD * LM_PAD;
	size_t size = hdr + (size_t)nworkers * LM_PAD + (size_t)cap *
	    sizeof(double);
	void *p;

	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
	    -1, 0);
	if (p == MAP_FAILED)
		lmi_die("mmap of %zu shared bytes:", size);
	sh = p;
	sh->sh_slots = (unsigned char *)p + hdr;
	sh->sh_data = (double *)(void *)(sh->sh_slots +
	    (size_t)nworkers * LM_PAD);
	sh->sh_nworkers = nworkers;
	sh->sh_cap = cap;
	if (lmi_sync_init(&sh->sh_lock, &sh->sh_cv) != 0)
		lmi_die("cannot make a process-shared barrier");
	lm.shsize = size;
	return sh;
}

/* Wait for all workers; the last one in runs fn (under the lock). */
static int
barrier_wait(void (*fn)(struct shared *))
{
	struct shared *sh = lm.sh;
	unsigned gen;

	if (sh_lock(sh) != 0)
		return -1;
	gen = sh->sh_gen;
	if (!sh->sh_abort && ++sh->sh_waiting == sh->sh_nworkers) {
		sh->sh_waiting = 0;
		fn(sh);
		sh->sh_gen++;
		(void) pthread_cond_broadcast(&sh->sh_cv);
	} else {
		while (gen == sh->sh_gen && !sh->sh_abort)
			if (pthread_cond_wait(&sh->sh_cv, &sh->sh_lock) ==
			    EOWNERDEAD) {
				(void) pthread_mutex_consistent(&sh->sh_lock);
				sh->sh_abort = 1;
			}
	}
	gen = sh->sh_abort;
	(void) pthread_mutex_unlock(&sh->sh_lock);
	return gen ? -1 : 0;
}

/*
 * Sample accounting, by the last worker to reach the barrier.
 */

/* Decide whether the run is over, after sample n was kept. */
static int
run_done(struct shared *sh, long long now)
{
	long long elapsed = now - sh->sh_tstart;
	int n = sh->sh_nsamples;

	if (n >= sh->sh_cap || elapsed >= (long long)lmi.optX * 1000000)
		return 1;
	if (n < lm_optC || elapsed < (long long)lm_optD * 1000000)
		return 0;
	if (lmi.optR <= 0)
		return 1;
	if (n < sh->sh_nextcheck)
		return 0;
	sh->sh_nextcheck = n + n / 10 + 1;
	/* The tail of the data array is free: use it as scratch. */
	if (2 * n > sh->sh_cap)
		return 1;
	return lmi_st_precision(sh->sh_data, n, sh->sh_data + n) <= lmi.optR;
}

/* First barrier: stop at once if any worker failed to start. */
static void
check_start(struct shared *sh)
{
	int w;

	for (w = 0; w < sh->sh_nworkers; w++)
		if (slot_of(w)->sl_failed)
			sh->sh_stop = 1;
}

/* The run stops after this sample; the profile window closes. */
static void
stop(struct shared *sh)
{
	sh->sh_stop = 1;
	lmi_prof_window(0);
}

static void
account(struct shared *sh)
{
	long long span = 0, count = 0, errors = 0, now = getnsecs();
	int w, failed = 0, nw = sh->sh_nworkers;
	double ns;

	for (w = 0; w < nw; w++) {
		struct slot *s = slot_of(w);

		if (s->sl_t1 - s->sl_t0 > span)
			span = s->sl_t1 - s->sl_t0;
		count += s->sl_count;
		errors += s->sl_errors;
		failed |= s->sl_failed;
	}
	if (failed || lm.signo != 0) {
		stop(sh);
		return;
	}
	if (sh->sh_calibrating) {
		/* A warm-up sample: cold caches, first touches; not kept.
		 * The profile window opens as the first kept one starts. */
		sh->sh_calibrating = 0;
		lmi_prof_window(1);
		sh->sh_tstart = sh->sh_tend = getnsecs();
		return;
	}
	if (sh->sh_minspan == 0 || span < sh->sh_minspan)
		sh->sh_minspan = span;
	ns = (double)span - lmi.clk_ovh;
	if (ns < 0)
		ns = 0;
	sh->sh_data[sh->sh_nsamples++] = count > 0 ?
	    ns / 1000.0 / (double)count * nw : 0;
	sh->sh_count += count;
	sh->sh_errors += errors;
	lmi_ctr_account(nw, count);
	for (w = 0; w < nw; w++) {
		struct slot *s = slot_of(w);

		sh->sh_user += s->sl_user;
		sh->sh_sys += s->sl_sys;
		sh->sh_nvcsw += s->sl_nvcsw;
		sh->sh_nivcsw += s->sl_nivcsw;
		sh->sh_minflt += s->sl_minflt;
	}
	sh->sh_tend = now;
	if (count == 0 || run_done(sh, now))
		stop(sh);
}

/*
 * Workers
 */

/* Spin to the next millisecond boundary (-A). */
static void
align_clock(void)
{
	long long ms = getnsecs() / 1000000;

	while (getnsecs() / 1000000 == ms)
		;
}

/*
 * What a per-worker hook returned: 0 fine, negative a failure that stops
 * the run, positive that many failed operations (libMicro's convention),
 * which the errors column shows.
 */
static int
hook_result(int rc, const char *name, struct slot *s)
{
	char msg[64];

	if (rc > 0 && sh_lock(lm.sh) == 0) {
		lm.sh->sh_hookerrors += rc;
		(void) pthread_mutex_unlock(&lm.sh->sh_lock);
	}
	if (rc >= 0)
		return 0;
	snprintf(msg, sizeof(msg), "%s failed", name);
	sh_fail(msg);
	s->sl_failed = 1;
	return -1;
}

/* One timed batch; fills this worker's slot. */
static void
run_batch(void *tsd, struct slot *s, int tindex, struct ctr_thread *ct,
    int w)
{
	struct usage u;
	result_t res;

	memset(&u, 0, sizeof(u));
	memset(&res, 0, sizeof(res));
	s->sl_count = s->sl_errors = 0;
	s->sl_t0 = s->sl_t1 = 0;
	(void) hook_result(benchmark_initbatch(tsd), "benchmark_initbatch", s);
	/* Workers start timing together, each with its batch set up. */
	if (lm.sh->sh_nworkers > 1 && (barrier_wait(check_start) != 0 ||
	    lm.sh->sh_stop))
		return;
	if (s->sl_failed)
		return;
	if (lm_optA)
		align_clock();
	lmi_cpu_usage(&u, tindex, -1);
	/* Counters are read outside the timed interval, next to it. */
	lmi_ctr_begin(ct);
	res.re_t0 = getnsecs();
	if (benchmark(tsd, &res) != 0) {
		sh_fail("benchmark failed");
		s->sl_failed = 1;
	}
	res.re_t1 = getnsecs();
	lmi_ctr_end(ct, w);
	lmi_cpu_usage(&u, tindex, 1);
	(void) hook_result(benchmark_finibatch(tsd), "benchmark_finibatch", s);
	s->sl_t0 = res.re_t0;
	s->sl_t1 = res.re_t1;
	s->sl_count = res.re_count;
	s->sl_errors = res.re_errors;
	s->sl_user = u.us_user;
	s->sl_sys = u.us_sys;
	s->sl_nvcsw = u.us_nvcsw;
	s->sl_nivcsw = u.us_nivcsw;
	s->sl_minflt = u.us_minflt;
}

static void *
worker(void *arg)
{
	int tindex = (int)(long)arg, ready;
	int w = lmi.pindex * lm_optT + tindex;
	struct slot *s = slot_of(w);
	void *tsd = lmi.tsd + (size_t)tindex * lmi.tsdstride;
	struct ctr_thread *ct = NULL;
	char why[256];

	(void) pthread_setspecific(lmi.key, (void *)(long)(tindex + 1));
	ready = hook_result(benchmark_initworker(tsd), "benchmark_initworker",
	    s) == 0;
	if (ready && lmi_ctr_count() > 0 &&
	    (ct = lmi_ctr_open(why, sizeof(why))) == NULL) {
		sh_fail(why);
		s->sl_failed = 1;
	}
	if (barrier_wait(check_start) == 0 && !lm.sh->sh_stop) {
		do
			run_batch(tsd, s, tindex, ct, w);
		while (barrier_wait(account) == 0 && !lm.sh->sh_stop);
	}
	lmi_ctr_close(ct);
	if (ready)
		(void) hook_result(benchmark_finiworker(tsd),
		    "benchmark_finiworker", s);
	return NULL;
}

/* Run this process's -T workers; the main thread is worker 0. */
static void
run_threads(void)
{
	pthread_t *tids = NULL;
	int t, made = 1;

	lmi.tsdstride = (lm_tsdsize + LM_PAD - 1) / LM_PAD * LM_PAD;
	if (lmi.tsdstride == 0)
		lmi.tsdstride = LM_PAD;
	/* Slack after the last block, as libMicro had, for cases that
	 * set lm_tsdsize smaller than what they store there. */
	if (posix_memalign((void **)&lmi.tsd, LM_PAD,
	    lmi.tsdstride * (size_t)lm_optT + LM_TSDSLACK) != 0) {
		sh_abort("out of memory for per-thread data");
		return;
	}
	memset(lmi.tsd, 0, lmi.tsdstride * (size_t)lm_optT + LM_TSDSLACK);
	if (lm_optT > 1) {
		tids = calloc((size_t)lm_optT, sizeof(*tids));
		if (tids == NULL) {
			sh_abort("out of memory for threads");
			return;
		}
	}
	for (t = 1; t < lm_optT; t++, made++)
		if ((errno = pthread_create(&tids[t], NULL, worker,
		    (void *)(long)t)) != 0) {
			char msg[128];

			snprintf(msg, sizeof(msg), "thread %d of %d: %s", t + 1,
			    lm_optT, strerror(errno));
			sh_abort(msg);
			break;
		}
	if (t == lm_optT)
		(void) worker((void *)0);
	for (t = 1; t < made; t++)
		(void) pthread_join(tids[t], NULL);
	free(tids);
}

/* A worker process: never returns. */
LM_NORETURN static void
child_main(int p, const sigset_t *oldmask)
{
	lmi_die_with_parent();
	if (getppid() != lm.mainpid)
		_exit(1);
	(void) sigprocmask(SIG_SETMASK, oldmask, NULL);
	lmi.pindex = p;
	run_threads();
	_exit(0);
}

static void
kill_all(const pid_t *pids, int n, int sig)
{
	int i;

	for (i = 0; i < n; i++)
		if (pids[i] > 0)
			(void) kill(pids[i], sig);
}

/*
 * The parent stops the run: it notes why and kills every worker.  It
 * never waits on the barrier: once a waiter has been killed inside
 * pthread_cond_wait, glibc's pthread_cond_broadcast blocks for good, and
 * the worker that called it keeps the lock.  So the lock is only tried;
 * without it the flag and the reason are written all the same, as every
 * worker is killed next.
 */
static void
stop_workers(const pid_t *pids, int n, const char *why)
{
	struct shared *sh = lm.sh;
	int e = pthread_mutex_trylock(&sh->sh_lock);

	if (e == EOWNERDEAD)
		e = pthread_mutex_consistent(&sh->sh_lock);
	sh->sh_abort = 1;
	if (sh->sh_msg[0] == '\0')
		snprintf(sh->sh_msg, sizeof(sh->sh_msg), "%s", why);
	if (e == 0)
		(void) pthread_mutex_unlock(&sh->sh_lock);
	kill_all(pids, n, SIGKILL);
}

/* Reap finished workers; note any that did not end cleanly. */
static int
reap(pid_t *pids, int n)
{
	int i, status, gone = 0;
	char msg[160];

	for (i = 0; i < n; i++) {
		if (pids[i] <= 0 || waitpid(pids[i], &status, WNOHANG) !=
		    pids[i])
			continue;
		pids[i] = 0;
		gone++;
		if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
			continue;
		if (WIFSIGNALED(status))
			snprintf(msg, sizeof(msg), "worker process %d died:"
			    " signal %d (%s)", i, WTERMSIG(status),
			    strsignal(WTERMSIG(status)));
		else
			snprintf(msg, sizeof(msg), "worker process %d exited"
			    " with status %d", i, WEXITSTATUS(status));
		stop_workers(pids, n, msg);
	}
	return gone;
}

/*
 * The parent's watch over its workers: reap them, pass on signals, and
 * enforce the hard limit if a case never returns.
 */
static void
watch(pid_t *pids, int n, const sigset_t *set)
{
	long long now = getnsecs(), killat = 0;
	long long deadline = now + (2LL * lmi.optX + 30000) * 1000000;
	struct timespec tick = { 0, 100000000 };
	int alive = n;

	while (alive > 0) {
		int sig = sigtimedwait(set, NULL, &tick);

		if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
			lm.signo = sig;
			stop_workers(pids, n, "interrupted");
		}
		alive -= reap(pids, n);
		now = getnsecs();
		if (now > deadline && killat == 0) {
			stop_workers(pids, n,
			    "timed out: a batch did not return");
			killat = now;
		}
		if (lm.sh->sh_abort && killat == 0)
			killat = now + 2000000000LL;	/* grace to leave */
		if (killat != 0 && now >= killat)
			kill_all(pids, n, SIGKILL);
	}
}

/* Reap whatever descendants are left, waiting at most a second. */
static void
reap_orphans(void)
{
	struct timespec pause = { 0, 10000000 };
	int i;

	for (i = 0; i < 100;) {
		pid_t pid = waitpid(-1, NULL, WNOHANG);

		if (pid < 0)
			return;		/* ECHILD: none left */
		if (pid == 0) {
			(void) nanosleep(&pause, NULL);
			i++;
		}
	}
}

static void
run_processes(const sigset_t *set, const sigset_t *oldmask)
{
	pid_t *pids = calloc((size_t)lm_optP, sizeof(*pids));
	int p;

	if (pids == NULL)
		lmi_die("out of memory");
	lmi_become_subreaper();
	for (p = 0; p < lm_optP; p++) {
		(void) fflush(NULL);
		pids[p] = fork();
		if (pids[p] == 0)
			child_main(p, oldmask);
		if (pids[p] < 0) {
			char msg[128];

			snprintf(msg, sizeof(msg), "fork of worker %d of %d:"
			    " %s", p + 1, lm_optP, strerror(errno));
			pids[p] = 0;
			stop_workers(pids, lm_optP, msg);
			break;
		}
	}
	watch(pids, lm_optP, set);
	free(pids);
}

static void
on_signal(int sig)
{
	lm.signo = sig;
}

/*
 * The run
 */

/* Room for cap samples (and as much scratch); the first is a warm-up. */
static void
setup_shared(int cap)
{
	struct shared *sh = sh_create(lm_optP * lm_optT, 2 * cap);

	sh->sh_cap = cap;
	sh->sh_calibrating = 1;
	lm.sh = sh;
	lmi_ctr_setup(lm_optP * lm_optT, cap);
}

static void
run_workers(const sigset_t *set, const sigset_t *old)
{
	if (lm_opt1)
		run_threads();
	else
		run_processes(set, old);
}

/*
 * Batch size.  libMicro cases size arrays by lm_optB in
 * benchmark_initrun() and benchmark_initworker(), so B is settled before
 * the run's first hook and never changes after it.  Where neither -B nor
 * lm_defB gives it, each candidate B is tried in a throwaway child that
 * runs the whole lifecycle (benchmark_initrun, the workers with all their
 * hooks, benchmark_finirun) for a warm-up and up to LM_CALSAMPLES timed
 * samples, and reports its shortest sample.  A sample costs a fixed part
 * (barrier wake-up skew, cold caches, the call of benchmark() itself)
 * plus B operations, so B grows until a sample is long enough and the
 * time per operation has stopped falling as B grows: the fixed part is
 * then under 10% of the sample.  Returns the next B, or 0 once settled.
 */
static long long
next_batch(long long b, long long span, double *prev, int round)
{
	long long next = b * 4;
	double per = (double)span / (double)b, last = *prev;

	*prev = per;
	if (b >= lm_maxB || round > 30 || span > 50 * lm.target_ns)
		return 0;
	if (span >= lm.target_ns) {
		if (last > 0 && per >= 0.9 * last)
			return 0;
		next = b * 2;
	} else if (span > 100 * lmi.clk_res + 1000) {
		double want = ceil(1.1 * (double)lm.target_ns / per);

		if (want > (double)next)
			next = want > 1000.0 * b ? 1000 * b : (long long)want;
	}
	return next > lm_maxB ? lm_maxB : next;
}

/* The B whose sample would last the target, from one round's span. */
static long long
est_batch(long long b, long long span)
{
	double want = ceil(1.1 * (double)lm.target_ns * (double)b /
	    (double)(span > 0 ? span : 1));

	return want > (double)lm_maxB ? lm_maxB : want < 1.0 ? 1 :
	    (long long)want;
}

/* A sizing round, in the child: never returns. */
LM_NORETURN static void
cal_child(int b, const sigset_t *set, const sigset_t *old)
{
	int fd = open("/dev/null", O_RDWR), rc;

	lmi_die_with_parent();
	/* The real run says whatever there is to say. */
	if (fd >= 0) {
		(void) dup2(fd, STDOUT_FILENO);
		(void) dup2(fd, STDERR_FILENO);
		if (fd > STDERR_FILENO)
			(void) close(fd);
	}
	lm.mainpid = getpid();
	lm_optB = b;
	lm_optC = LM_CALSAMPLES;
	lm_optD = 0;
	lmi.optR = 0;
	lmi.optX = LM_CALMS;
	if (benchmark_initrun() != 0) {
		lmi_cleanup();
		_exit(1);
	}
	setup_shared(4 * LM_CALSAMPLES);
	/* With one process, this child is the worker: one fork less. */
	if (lm_optP == 1)
		run_threads();
	else
		run_workers(set, old);
	rc = lm.signo != 0 || lm.sh->sh_msg[0] != '\0' ||
	    lm.sh->sh_nsamples == 0;
	if (benchmark_finirun() != 0)
		rc = 1;
	if (!lm_opt1 && lm_optP > 1)
		reap_orphans();
	lmi_cleanup();
	*lm.calspan = rc ? 0 : lm.sh->sh_minspan;
	_exit(rc);
}

/* Wait for a sizing child, passing on SIGINT, SIGTERM and SIGHUP. */
static int
cal_wait(pid_t pid, const sigset_t *set)
{
	struct timespec tick = { 0, 100000000 };
	long long deadline = getnsecs() + (2LL * lmi.optX + 30000) * 1000000;
	int status, sent = 0;

	for (;;) {
		pid_t r = waitpid(pid, &status, lm_opt1 ? 0 : WNOHANG);
		int sig;

		if (r == pid)
			return WIFEXITED(status) && WEXITSTATUS(status) == 0 ?
			    0 : -1;
		if (r < 0 && errno != EINTR)
			return -1;
		/* -1: the handler sets lm.signo and interrupts waitpid. */
		if (!lm_opt1 && (sig = sigtimedwait(set, NULL, &tick)) > 0 &&
		    sig != SIGCHLD)
			lm.signo = sig;
		if (lm.signo != 0 && !sent) {
			(void) kill(pid, lm.signo);
			sent = 1;
			deadline = getnsecs() + 2000000000LL;
		}
		if (!lm_opt1 && getnsecs() > deadline)
			(void) kill(pid, SIGKILL);
	}
}

/* Try B in a child: its shortest sample in *span, or -1 if it failed. */
static int
cal_round(int b, const sigset_t *set, const sigset_t *old, long long *span)
{
	pid_t pid;

	*lm.calspan = 0;
	(void) fflush(NULL);
	pid = fork();
	if (pid == 0)
		cal_child(b, set, old);
	if (pid < 0 || cal_wait(pid, set) != 0 || *lm.calspan <= 0)
		return -1;
	*span = *lm.calspan;
	return 0;
}

/*
 * Settle lm_optB.  A round that fails (a case that cannot hold that many
 * operations' resources, say) ends the search at the last B that worked;
 * if the first fails the real run meets the same failure and reports it.
 */
static void
choose_batch(const sigset_t *set, const sigset_t *old)
{
	long long start = getnsecs(), b, span, good = 0;
	double prev = 0;
	void *p;

	if (lm_optB > 0)
		return;
	p = mmap(NULL, sizeof(long long), PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		lmi_die("mmap:");
	lm.calspan = p;
	b = lm_nsecs_per_op > 0 ? lm.target_ns / lm_nsecs_per_op : 1;
	b = b < 1 ? 1 : b > lm_maxB ? lm_maxB : b;
	for (;;) {
		lmi.calrounds++;
		if (cal_round((int)b, set, old, &span) != 0) {
			if (good > 0)
				b = good;
			break;
		}
		long long next = next_batch(b, span, &prev, lmi.calrounds);

		good = b;
		if (next == 0)
			break;
		/* Setup dominates each round (large buffers, many
		 * resources): take the estimate instead of checking it. */
		if (getnsecs() - start > LM_CALBUDGET_NS) {
			if (span < lm.target_ns)
				b = est_batch(b, span);
			break;
		}
		b = next;
	}
	(void) munmap(p, sizeof(long long));
	lm.calspan = NULL;
	lm_optB = (int)b;
	lmi.calns = getnsecs() - start;
}

/* Leave the way the signal asked, after cleaning up. */
static void
resignal(int sig)
{
	sigset_t set;

	lmi_cleanup();
	(void) signal(sig, SIG_DFL);
	(void) sigemptyset(&set);
	(void) sigaddset(&set, sig);
	(void) sigprocmask(SIG_UNBLOCK, &set, NULL);
	(void) raise(sig);
	/* cppcheck-suppress unreachableCode ; raise() can return */
	_exit(128 + sig);
}

static void
setup_signals(sigset_t *set, sigset_t *old)
{
	struct sigaction sa;

	(void) sigemptyset(set);
	(void) sigaddset(set, SIGINT);
	(void) sigaddset(set, SIGTERM);
	(void) sigaddset(set, SIGHUP);
	if (lm_opt1) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_signal;
		(void) sigaction(SIGINT, &sa, NULL);
		(void) sigaction(SIGTERM, &sa, NULL);
		(void) sigaction(SIGHUP, &sa, NULL);
		(void) sigprocmask(SIG_BLOCK, NULL, old);
		return;
	}
	(void) sigaddset(set, SIGCHLD);
	(void) sigprocmask(SIG_BLOCK, set, old);
}

/* After the workers: the report, or why there is none; the last hooks. */
static int
end_run(void)
{
	int rc = 0;

	if (lm.signo == 0 && lm.sh->sh_msg[0] != '\0') {
		lm_error("%s", lm.sh->sh_msg);
		rc = 1;
	} else if (lm.signo == 0 && lmi_report(lm.sh) != 0) {
		lm_error("writing the report:");
		rc = 1;
	}
	if (benchmark_finirun() != 0) {
		lm_error("benchmark_finirun failed");
		rc = 1;
	}
	if (benchmark_fini() != 0) {
		lm_error("benchmark_fini failed");
		rc = 1;
	}
	return rc;
}

int
lm_main(int argc, char **argv)
{
	sigset_t set, old;
	struct timespec zero = { 0, 0 };
	int rc, sig;

	lmi_set_defaults(argc, argv);
	lm.mainpid = getpid();
	if (benchmark_init() != 0 && lmi.unsup[0] == '\0')
		lmi_die("benchmark_init failed");
	if (lm_tsdsize < lm_tsd)
		lm_tsdsize = lm_tsd;
	lmi_parse_options(argc, argv);
	if (lmi.unsup[0] != '\0')
		lmi_report_unsupported();
	/* A case may set lm_nsecs_per_op as its own -I default. */
	if (lm_optI > 0)
		lm_nsecs_per_op = lm_optI;
	if (lm_opt1)
		lm_optP = 1;
	if (pthread_key_create(&lmi.key, NULL) != 0)
		lmi_die("pthread_key_create failed");
	setup_signals(&set, &old);
	lmi_ctr_probe();
	calibrate_clock();
	choose_batch(&set, &old);
	if (lm.signo != 0) {
		(void) benchmark_fini();
		resignal(lm.signo);
	}
	if (lmi.batchonly)
		lmi_report_batch();
	if (benchmark_initrun() != 0) {
		if (lmi.unsup[0] != '\0')
			lmi_report_unsupported();
		lmi_die("benchmark_initrun failed");
	}
	setup_shared(lm_optC > 100000 ? lm_optC : 100000);
	lmi_prof_open();
	if (lm_optE)
		fprintf(stderr, "Running: %20s", lm_optN);
	run_workers(&set, &old);
	if (!lm_opt1 && (sig = sigtimedwait(&set, NULL, &zero)) > 0 &&
	    sig != SIGCHLD)
		lm.signo = sig;
	if (lm_optE)
		fprintf(stderr, " for %12.5f seconds\n",
		    (double)(lm.sh->sh_tend - lm.sh->sh_tstart) / 1e9);
	rc = end_run();
	if (!lm_opt1)
		reap_orphans();
	if (lm.signo != 0)
		resignal(lm.signo);
	lmi_cleanup();
	(void) munmap(lm.sh, lm.shsize);
	return rc;
}
