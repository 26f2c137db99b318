/* SPDX-License-Identifier: MIT */
/*
 * counters.c - -K: perf event counts per operation beside the time.
 *
 * Each worker thread opens the events with perf_event_open(2) (the
 * system call, no library): the hardware events in one group, the
 * software events in another, since a group is scheduled all or
 * nothing.  Both groups are read just outside the timed interval of
 * every sample, with their enabled and running times; the counts of an
 * empty sample (the reads and the clock reads between them), measured
 * in each worker before its first sample, are subtracted.  Counters are
 * inherited: a process or thread the worker starts adds its counts when
 * it exits.
 *
 * The parent opens every event once before any worker starts, to learn
 * which ones this machine and this user may count: an event it cannot
 * count is named on stderr once with the reason, and the report says it
 * is missing and why; the run goes on with the rest.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "engine.h"

#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/syscall.h>
#endif

#define LM_EVMAX	16	/* events one run may ask for */
#define LM_CALREADS	64	/* empty samples in the calibration */
#define LM_WHYLEN	200
#define LM_NGROUP	3	/* hardware, software, task-clock */

/* What a name means to perf_event_open, and which suffixes it takes. */
enum { EV_HW, EV_SW };
enum { EV_ANYMODE, EV_FAULTS, EV_KERNELONLY, EV_NOMODE };

struct evname {
	const char	*en_name;
	int		en_type;	/* EV_HW, EV_SW */
	unsigned	en_config;
	int		en_mode;	/* what :u and :k mean for it */
	int		en_default;	/* part of -K default */
};

#ifdef __linux__
static const struct evname evnames[] = {
	{ "instructions", EV_HW, PERF_COUNT_HW_INSTRUCTIONS, EV_ANYMODE, 1 },
	{ "cycles", EV_HW, PERF_COUNT_HW_CPU_CYCLES, EV_ANYMODE, 1 },
	{ "branches", EV_HW, PERF_COUNT_HW_BRANCH_INSTRUCTIONS, EV_ANYMODE,
	    1 },
	{ "branch-misses", EV_HW, PERF_COUNT_HW_BRANCH_MISSES, EV_ANYMODE,
	    1 },
	{ "cache-misses", EV_HW, PERF_COUNT_HW_CACHE_MISSES, EV_ANYMODE, 0 },
	{ "task-clock", EV_SW, PERF_COUNT_SW_TASK_CLOCK, EV_NOMODE, 0 },
	{ "page-faults", EV_SW, PERF_COUNT_SW_PAGE_FAULTS, EV_FAULTS, 1 },
	{ "minor-faults", EV_SW, PERF_COUNT_SW_PAGE_FAULTS_MIN, EV_FAULTS, 0 },
	{ "major-faults", EV_SW, PERF_COUNT_SW_PAGE_FAULTS_MAJ, EV_FAULTS, 0 },
	{ "context-switches", EV_SW, PERF_COUNT_SW_CONTEXT_SWITCHES,
	    EV_KERNELONLY, 1 },
	{ "cpu-migrations", EV_SW, PERF_COUNT_SW_CPU_MIGRATIONS,
	    EV_KERNELONLY, 1 },
	{ NULL, 0, 0, 0, 0 }
};
#else
static const struct evname evnames[] = { { NULL, 0, 0, 0, 0 } };
#endif

/* An event asked for, as the parent settled it. */
struct event {
	const struct evname	*ev_what;
	char		ev_label[40];	/* as asked: "instructions:u" */
	int		ev_exuser, ev_exkernel;
	int		ev_ok;		/* the parent could open it */
	int		ev_useronly;	/* fell back to user mode */
	char		ev_why[LM_WHYLEN];	/* why not, or a note */
};

/* A worker thread's open groups and its empty-sample counts. */
struct ctr_thread {
	int		ct_fd[LM_NGROUP];	/* the leader of each group */
	int		ct_nmemb[LM_NGROUP];
	int		ct_ev[LM_NGROUP][LM_EVMAX];	/* member events */
	int		ct_memb[LM_NGROUP][LM_EVMAX];	/* and its descriptor */
	double		ct_cal[LM_EVMAX];
	double		ct_v0[LM_EVMAX], ct_en0[LM_NGROUP], ct_run0[LM_NGROUP];
	int		ct_bad;		/* the sample's first read failed */
};

/* Shared by all processes: each worker's sample and the kept ones. */
struct ctr_shared {
	int		cs_cap, cs_n;
	long long	cs_mux[LM_EVMAX];	/* samples scaled for sharing */
	long long	cs_lost[LM_EVMAX];	/* samples never scheduled */
	double		cs_total[LM_EVMAX];
	double		cs_cal[LM_EVMAX];	/* worker 0's empty sample */
	double		*cs_worker;	/* per worker: this sample's counts */
	double		*cs_data;	/* cap per-call values per event */
};

static struct {
	int		nev;
	struct event	ev[LM_EVMAX];
	int		inherit;	/* children's counts are added */
	int		paranoid;	/* perf_event_paranoid, or -1 */
	int		fdroom;		/* the descriptor limit was raised */
	struct ctr_shared	*sh;
	size_t		shsize;
} K = { 0, { { NULL, "", 0, 0, 0, 0, "" } }, 1, -1, 0, NULL, 0 };

/*
 * -K: names
 */

static const struct evname *
evname_find(const char *name, size_t len)
{
	const struct evname *e;

	for (e = evnames; e->en_name != NULL; e++)
		if (strlen(e->en_name) == len &&
		    strncmp(e->en_name, name, len) == 0)
			return e;
	return NULL;
}

static void
add_event(const struct evname *e, const char *label, int mode)
{
	struct event *ev;
	int i;

	for (i = 0; i < K.nev; i++)
		if (strcmp(K.ev[i].ev_label, label) == 0)
			return;
	if (K.nev >= LM_EVMAX)
		lm_usage_error("-K: more than %d events", LM_EVMAX);
	ev = &K.ev[K.nev++];
	memset(ev, 0, sizeof(*ev));
	ev->ev_what = e;
	snprintf(ev->ev_label, sizeof(ev->ev_label), "%s", label);
	ev->ev_exuser = mode == 'k';
	ev->ev_exkernel = mode == 'u';
}

/* One word of the list: NAME, NAME:u, NAME:k, default or software. */
static void
parse_word(const char *w, size_t len)
{
	const struct evname *e;
	const char *colon = memchr(w, ':', len);
	size_t nlen = colon ? (size_t)(colon - w) : len;
	int mode = 0;

	if (len == 7 && strncmp(w, "default", 7) == 0) {
		for (e = evnames; e->en_name != NULL; e++)
			if (e->en_default)
				add_event(e, e->en_name, 0);
		return;
	}
	if (len == 8 && strncmp(w, "software", 8) == 0) {
		for (e = evnames; e->en_name != NULL; e++)
			if (e->en_type == EV_SW)
				add_event(e, e->en_name, 0);
		return;
	}
	if ((e = evname_find(w, nlen)) == NULL)
		lm_usage_error("-K: unknown event '%.*s' (events: instructions,"
		    " cycles, branches, branch-misses, cache-misses,"
		    " task-clock, page-faults, minor-faults, major-faults,"
		    " context-switches, cpu-migrations, default, software)",
		    (int)len, w);
	if (colon != NULL) {
		if (len - nlen != 2 || (colon[1] != 'u' && colon[1] != 'k'))
			lm_usage_error("-K: '%.*s': the suffix is :u (user"
			    " mode) or :k (kernel mode)", (int)len, w);
		mode = (unsigned char)colon[1];
		if (e->en_mode == EV_KERNELONLY)
			lm_usage_error("-K: '%.*s': %s happens only in kernel"
			    " mode; give it without :u or :k", (int)len, w,
			    e->en_name);
		if (e->en_mode == EV_NOMODE)
			lm_usage_error("-K: '%.*s': task-clock counts time in"
			    " both modes and takes no :u or :k", (int)len, w);
	}
	{
		char label[40];

		snprintf(label, sizeof(label), "%.*s", (int)len, w);
		add_event(e, label, mode);
	}
}

void
lmi_ctr_option(const char *arg)
{
	const char *p = arg;

	if (evnames[0].en_name == NULL)
		lm_usage_error("-K: this system has no perf_event_open");
	if (arg == NULL || *arg == '\0')
		lm_usage_error("-K needs a list of events");
	while (*p != '\0') {
		size_t len = strcspn(p, ",");

		if (len == 0)
			lm_usage_error("-K: an empty name in '%s'", arg);
		parse_word(p, len);
		p += len + (p[len] == ',');
	}
}

int
lmi_ctr_count(void)
{
	return K.nev;
}

/*
 * Opening: the parent's probe
 */

#ifdef __linux__
static int
perf_open(const struct event *ev, int exkernel, int inherit, int group)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = ev->ev_what->en_type == EV_HW ? PERF_TYPE_HARDWARE :
	    PERF_TYPE_SOFTWARE;
	a.config = ev->ev_what->en_config;
	a.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED |
	    PERF_FORMAT_TOTAL_TIME_RUNNING;
	a.inherit = (unsigned)inherit;
	a.exclude_user = (unsigned)ev->ev_exuser;
	a.exclude_kernel = (unsigned)exkernel;
	a.exclude_hv = 1;
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, group, 0UL);
}
#else
static int
perf_open(const struct event *ev, int exkernel, int inherit, int group)
{
	(void) ev->ev_what->en_config;
	(void) exkernel; (void) inherit; (void) group;
	errno = ENOSYS;
	return -1;
}
#endif

static int
read_paranoid(void)
{
	FILE *fp = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	char buf[32], *end;
	long v = -1;

	if (fp == NULL)
		return -1;
	if (fgets(buf, sizeof(buf), fp) != NULL) {
		v = strtol(buf, &end, 10);
		if (end == buf || (*end != '\n' && *end != '\0'))
			v = -1;
	}
	(void) fclose(fp);
	return (int)v;
}

/* Why ev cannot be opened, errno e, in words naming the sysctl. */
static void
explain(struct event *ev, int e, int exkernel)
{
	int p = K.paranoid;

	if (e == ENOENT || e == EOPNOTSUPP || e == ENODEV)
		snprintf(ev->ev_why, LM_WHYLEN, "no such counter on this"
		    " machine (perf_event_open: %s)", strerror(e));
	else if ((e == EACCES || e == EPERM) && p >= 3)
		snprintf(ev->ev_why, LM_WHYLEN, "perf_event_paranoid=%d forbids"
		    " perf_event_open to this user (2 allows user-mode"
		    " counts, 1 kernel-mode too)", p);
	else if ((e == EACCES || e == EPERM) && !exkernel)
		snprintf(ev->ev_why, LM_WHYLEN, "kernel-mode counts need"
		    " perf_event_paranoid<=1 (it is %d) or CAP_PERFMON", p);
	else
		snprintf(ev->ev_why, LM_WHYLEN, "perf_event_open: %s",
		    strerror(e));
}

/*
 * Try ev as asked.  A user forbidden kernel-mode counts gets user-mode
 * ones where they mean something: task-clock ignores the mode; a fault
 * counted in user mode is one a user-mode access took.  A kernel-only
 * event (context switches, migrations) would then read 0: it is missing.
 */
static int
probe_event(struct event *ev)
{
	int exk = ev->ev_exkernel, fd, e;

	if ((fd = perf_open(ev, exk, K.inherit, -1)) >= 0)
		return fd;
	e = errno;
	if (e == EINVAL && K.inherit &&
	    (fd = perf_open(ev, exk, 0, -1)) >= 0) {
		K.inherit = 0;
		return fd;
	}
	if ((e == EACCES || e == EPERM) && !exk && !ev->ev_exuser) {
		fd = perf_open(ev, 1, K.inherit, -1);
		if (fd >= 0 && ev->ev_what->en_mode == EV_KERNELONLY) {
			(void) close(fd);
			snprintf(ev->ev_why, LM_WHYLEN, "counted only in kernel"
			    " mode, which needs perf_event_paranoid<=1 (it is"
			    " %d) or CAP_PERFMON", K.paranoid);
			return -1;
		}
		if (fd >= 0) {
			ev->ev_exkernel = 1;
			ev->ev_useronly = ev->ev_what->en_mode != EV_NOMODE;
			if (ev->ev_useronly)
				snprintf(ev->ev_why, LM_WHYLEN, "user mode"
				    " only: kernel-mode counts need"
				    " perf_event_paranoid<=1 (it is %d) or"
				    " CAP_PERFMON", K.paranoid);
			return fd;
		}
		e = errno;
		exk = 1;
	}
	explain(ev, e, exk);
	return -1;
}

/* One stderr line per reason, naming every event it withholds. */
static void
say_missing(int useronly)
{
	int i, j;
	char seen[LM_EVMAX] = { 0 };

	for (i = 0; i < K.nev; i++) {
		if (seen[i] || K.ev[i].ev_ok != useronly ||
		    K.ev[i].ev_useronly != useronly)
			continue;
		fprintf(stderr, "%s: -K: %s", lm_procname, K.ev[i].ev_label);
		for (j = i + 1; j < K.nev; j++)
			if (!seen[j] && K.ev[j].ev_ok == useronly &&
			    K.ev[j].ev_useronly == useronly &&
			    strcmp(K.ev[j].ev_why, K.ev[i].ev_why) == 0) {
				fprintf(stderr, ", %s", K.ev[j].ev_label);
				seen[j] = 1;
			}
		fprintf(stderr, ": %s: %s\n", useronly ? "counted" :
		    "not counted", K.ev[i].ev_why);
	}
}

/* In the parent, before the workers: which events can be counted. */
void
lmi_ctr_probe(void)
{
	int i;

	if (K.nev == 0)
		return;
	K.paranoid = read_paranoid();
	for (i = 0; i < K.nev; i++) {
		int fd = probe_event(&K.ev[i]);

		K.ev[i].ev_ok = fd >= 0;
		if (fd >= 0)
			(void) close(fd);
	}
	say_missing(0);
	say_missing(1);
}

/*
 * In each worker thread
 */

/*
 * task-clock has a group of its own: as a leader, the members of its
 * group lost counts, and as a member it did not advance between reads
 * (both seen on Linux 6.18).
 */
static int
group_of(const struct event *ev)
{
	if (ev->ev_what->en_type == EV_HW)
		return 0;
	return ev->ev_what->en_mode == EV_NOMODE ? 2 : 1;
}

/* Read both groups: counts by event, enabled and running by group. */
static int
read_groups(const struct ctr_thread *ct, double *v, double *en, double *run)
{
	uint64_t buf[3 + LM_EVMAX];
	int g, m;

	for (g = 0; g < LM_NGROUP; g++) {
		if (ct->ct_fd[g] < 0)
			continue;
		if (read(ct->ct_fd[g], buf, sizeof(buf)) < (ssize_t)(3 *
		    sizeof(uint64_t)) || buf[0] != (uint64_t)ct->ct_nmemb[g])
			return -1;
		en[g] = (double)buf[1];
		run[g] = (double)buf[2];
		for (m = 0; m < ct->ct_nmemb[g]; m++)
			v[ct->ct_ev[g][m]] = (double)buf[3 + m];
	}
	return 0;
}

/* An empty sample, as run_batch brackets benchmark(): its least counts. */
static void
calibrate(struct ctr_thread *ct)
{
	double a[LM_EVMAX], b[LM_EVMAX], en[LM_NGROUP], run[LM_NGROUP];
	int r, i;

	for (i = 0; i < K.nev; i++)
		ct->ct_cal[i] = HUGE_VAL;
	for (r = 0; r < LM_CALREADS; r++) {
		memset(a, 0, sizeof(a));
		memset(b, 0, sizeof(b));
		if (read_groups(ct, a, en, run) != 0)
			return;
		lm_sink += (long)getnsecs();
		lm_sink += (long)getnsecs();
		if (read_groups(ct, b, en, run) != 0)
			return;
		for (i = 0; i < K.nev; i++)
			if (b[i] - a[i] < ct->ct_cal[i])
				ct->ct_cal[i] = b[i] - a[i];
	}
	for (i = 0; i < K.nev; i++)
		if (!K.ev[i].ev_ok)
			ct->ct_cal[i] = 0;
}

/*
 * Open this thread's groups; NULL with *why set if an event the parent
 * could open cannot be opened here (out of descriptors, say).
 */
struct ctr_thread *
lmi_ctr_open(char *why, size_t len)
{
	struct ctr_thread *ct;
	int i, g, fd;

	if (K.nev == 0)
		return NULL;
	if ((ct = calloc(1, sizeof(*ct))) == NULL) {
		snprintf(why, len, "-K: out of memory");
		return NULL;
	}
	for (g = 0; g < LM_NGROUP; g++)
		ct->ct_fd[g] = -1;
	for (i = 0; i < K.nev; i++) {
		if (!K.ev[i].ev_ok)
			continue;
		g = group_of(&K.ev[i]);
		fd = perf_open(&K.ev[i], K.ev[i].ev_exkernel, K.inherit,
		    ct->ct_fd[g]);
		if (fd < 0) {
			snprintf(why, len, "-K: %s in a worker:"
			    " perf_event_open: %s", K.ev[i].ev_label,
			    strerror(errno));
			lmi_ctr_close(ct);
			return NULL;
		}
		if (ct->ct_fd[g] < 0)
			ct->ct_fd[g] = fd;
		ct->ct_memb[g][ct->ct_nmemb[g]] = fd;
		ct->ct_ev[g][ct->ct_nmemb[g]++] = i;
	}
	calibrate(ct);
	return ct;
}

void
lmi_ctr_close(struct ctr_thread *ct)
{
	int g, m;

	if (ct == NULL)
		return;
	/* Members before their leader. */
	for (g = 0; g < LM_NGROUP; g++)
		for (m = ct->ct_nmemb[g] - 1; m >= 0; m--)
			(void) close(ct->ct_memb[g][m]);
	free(ct);
}

/* Just before a sample's first clock read. */
void
lmi_ctr_begin(struct ctr_thread *ct)
{
	if (ct != NULL)
		ct->ct_bad = read_groups(ct, ct->ct_v0, ct->ct_en0,
		    ct->ct_run0) != 0;
}

/*
 * Just after a sample's last clock read: this worker's counts, less the
 * empty sample's, into its row of the shared array; after them a flag
 * per event, 1 if its group shared the counters (scaled), 2 if it was
 * not scheduled at all or could not be read.
 */
void
lmi_ctr_end(struct ctr_thread *ct, int w)
{
	double v[LM_EVMAX], en[LM_NGROUP] = { 0 }, run[LM_NGROUP] = { 0 };
	double *row;
	int i, g, bad;

	if (ct == NULL || K.sh == NULL)
		return;
	row = K.sh->cs_worker + (size_t)w * 2 * LM_EVMAX;
	if (w == 0)
		memcpy(K.sh->cs_cal, ct->ct_cal, sizeof(ct->ct_cal));
	memset(v, 0, sizeof(v));
	bad = read_groups(ct, v, en, run) != 0 || ct->ct_bad;
	for (i = 0; i < K.nev; i++) {
		double den, drun;

		row[i] = 0;
		row[LM_EVMAX + i] = 0;
		if (!K.ev[i].ev_ok)
			continue;
		g = group_of(&K.ev[i]);
		den = en[g] - ct->ct_en0[g];
		drun = run[g] - ct->ct_run0[g];
		if (bad || (drun <= 0 && den > 0)) {
			row[LM_EVMAX + i] = 2;
			continue;
		}
		row[i] = v[i] - ct->ct_v0[i];
		/* The two times are taken at slightly different moments:
		 * a group that ran all along may show a hair less. */
		if (drun < 0.999 * den) {
			row[i] *= den / drun;
			row[LM_EVMAX + i] = 1;
		}
		row[i] -= ct->ct_cal[i];
	}
}

/*
 * Shared storage and accounting
 */

/*
 * Every worker thread holds a descriptor per event: the soft limit on
 * descriptors is raised by that many, as far as the hard limit allows,
 * so that counting takes none of the room the case left itself (200
 * threads would otherwise run out at the usual 1024).  The case opened
 * its own descriptors before its workers count, so their numbers stay.
 */
static void
room_for_counters(int nthreads)
{
	struct rlimit rl;
	rlim_t want;

	if (K.fdroom || getrlimit(RLIMIT_NOFILE, &rl) != 0 ||
	    rl.rlim_cur == RLIM_INFINITY)
		return;
	K.fdroom = 1;
	want = rl.rlim_cur + (rlim_t)K.nev * (rlim_t)nthreads;
	if (rl.rlim_max != RLIM_INFINITY && want > rl.rlim_max)
		want = rl.rlim_max;
	if (want <= rl.rlim_cur)
		return;
	rl.rlim_cur = want;
	(void) setrlimit(RLIMIT_NOFILE, &rl);
}

/* Before the workers start: room for nworkers and cap samples. */
void
lmi_ctr_setup(int nworkers, int cap)
{
	size_t hdr = (sizeof(struct ctr_shared) + 127) / 128 * 128;
	size_t size = hdr + ((size_t)nworkers * 2 + (size_t)cap) *
	    LM_EVMAX * sizeof(double);
	void *p;

	if (K.nev == 0)
		return;
	room_for_counters(lm_optT);
	if (K.sh != NULL)
		(void) munmap(K.sh, K.shsize);
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
	    -1, 0);
	if (p == MAP_FAILED)
		lmi_die("-K: mmap of %zu shared bytes:", size);
	K.sh = p;
	K.shsize = size;
	K.sh->cs_cap = cap;
	K.sh->cs_worker = (double *)(void *)((char *)p + hdr);
	K.sh->cs_data = K.sh->cs_worker + (size_t)nworkers * 2 * LM_EVMAX;
}

/* By the last worker at the barrier, for a kept sample of count ops. */
void
lmi_ctr_account(int nworkers, long long count)
{
	struct ctr_shared *cs = K.sh;
	int i, w;

	if (cs == NULL || cs->cs_n >= cs->cs_cap || count <= 0)
		return;
	for (i = 0; i < K.nev; i++) {
		double sum = 0;
		int flag = 0;

		for (w = 0; w < nworkers; w++) {
			const double *row = cs->cs_worker + (size_t)w * 2 *
			    LM_EVMAX;

			sum += row[i];
			if (row[LM_EVMAX + i] > flag)
				flag = (int)row[LM_EVMAX + i];
		}
		cs->cs_mux[i] += flag == 1;
		cs->cs_lost[i] += flag == 2;
		if (flag != 2)
			cs->cs_total[i] += sum;
		cs->cs_data[(size_t)i * cs->cs_cap + cs->cs_n] = flag == 2 ?
		    NAN : sum / (double)count;
	}
	cs->cs_n++;
}

/*
 * Report
 */

static void
print_event(int i, const struct ctr_shared *cs, double *x, double *sorted,
    double calls)
{
	const struct event *ev = &K.ev[i];
	struct stats st;
	int k, n = 0;

	for (k = 0; k < cs->cs_n; k++)
		if (!isnan(cs->cs_data[(size_t)i * cs->cs_cap + k]))
			x[n++] = cs->cs_data[(size_t)i * cs->cs_cap + k];
	if (!ev->ev_ok || n == 0) {
		printf("# counter %-18s unavailable %s\n", ev->ev_label,
		    ev->ev_ok ? "its group was never scheduled on a counter"
		    " (too many hardware events at once?)" : ev->ev_why);
		return;
	}
	lmi_st_compute(x, n, sorted, &st);
	printf("# counter %-18s %14.5f %14.5f %12.1f %8d %7lld %7lld%s\n",
	    ev->ev_label, lmi_figure(&st), cs->cs_total[i] / calls,
	    cs->cs_cal[i], n, cs->cs_mux[i], cs->cs_lost[i],
	    ev->ev_useronly ? " user-mode-only" : "");
}

/* The # lines of the counts, after the result line's other # lines. */
int
lmi_ctr_report(double calls)
{
	const struct ctr_shared *cs = K.sh;
	double *x;
	int i;

	if (K.nev == 0 || cs == NULL)
		return 0;
	if ((x = malloc(2 * (size_t)(cs->cs_n + 1) * sizeof(double))) == NULL)
		return -1;
	printf("#\n# COUNTERS per call, less an empty sample's counts\n");
	printf("# counters scope %s\n", K.inherit ? "inherited: a process"
	    " or thread a worker starts adds its counts when it exits" :
	    "parent: what a worker's children do is not counted");
	printf("# %-26s %14s %14s %12s %8s %7s %7s\n", "event",
	    lmi_figname(), "mean", "empty", "samples", "scaled", "lost");
	for (i = 0; i < K.nev; i++)
		print_event(i, cs, x, x + cs->cs_n + 1, calls > 0 ? calls : 1);
	free(x);
	return 0;
}
