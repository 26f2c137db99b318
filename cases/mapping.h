/* SPDX-License-Identifier: MIT */
/*
 * mapping.h - the hooks mmap, munmap, msync and mprotect share: options
 * -f file or -a (anonymous memory), -l length and the variables of their
 * flags; the file, opened once per run; a new read-write mapping of
 * either; the length and flags columns.
 *
 * A case defines MAP_FLAGS, the letters of its flags column in order
 * ("arw"), includes this, lists the MAP_* entries in its tables, and
 * calls map_init() from benchmark_init and map_open() from
 * benchmark_initrun.  It may define before the include:
 *   MAP_DEFAULT    the default -f (else a scratch file of -l bytes);
 *   MAP_LEN_PAGES  the help of -l, taken in whole pages and parsed here,
 *                  instead of declaring MAP_OPT_LEN;
 *   MAP_BATCH      one mapping per operation of a batch, in a
 *                  map_batch_t (mmap, munmap): this then supplies
 *                  benchmark_init (lm_maxB 1024), benchmark_initrun
 *                  (the file read-only) and benchmark_finiworker.
 */
#ifndef MAPPING_H
#define MAPPING_H

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libmicro.h"

/* -a points map_file here, as -f points it at its file: the last wins. */
static char		map_anonymous[] = "anonymous memory";
#ifndef MAP_DEFAULT
#define MAP_DEFAULT	NULL	/* map_open makes a scratch file */
#endif
static char		*map_file = MAP_DEFAULT;	/* -f */
static long long	map_len = 8192;	/* -l */
static int		map_read, map_write, map_touch;	/* -r, -w, -t */
static long		map_page;
static int		map_fd = -1;
static long long	map_fsize = -1;	/* a regular file's length */

#define MAP_OPT_FILE(amode, def, help) { 'f', LM_PATH, "path", &map_file, \
	(def), (amode), 0, (help), NULL }
#define MAP_OPT_LEN(help) { 'l', LM_SIZE, "size", &map_len, "8k", 1, \
	LLONG_MAX, (help), NULL }
#define MAP_OPT_FLAG(c, var, help) { (c), LM_FLAG, NULL, &(var), NULL, 0, \
	0, (help), NULL }
#define MAP_COL_LEN { "length", 8, LM_LL, &map_len, NULL }
/* One letter per flag, unpadded, under the wider title. */
#define MAP_COL_FLAGS { "flags", (int)sizeof(MAP_FLAGS) - 1, LM_FN, NULL, \
	map_flags }

static inline int
map_anon(void)
{
	return map_file == map_anonymous;
}

/* Each letter of MAP_FLAGS if its option is on, else '-'. */
static const char *
map_flags(void)
{
	static const char letters[] = MAP_FLAGS;
	static char s[sizeof(letters)];
	size_t i;

	for (i = 0; letters[i] != '\0'; i++) {
		int on = letters[i] == 'a' ? map_anon() :
		    letters[i] == 'r' ? map_read :
		    letters[i] == 'w' ? map_write : map_touch;

		s[i] = on ? letters[i] : '-';
	}
	return s;
}

#define MAP_USAGE_A	"  -a       map anonymous memory instead of a file\n"

/*
 * -a is parsed by hand, not declared: -a and -f each undo the other, the
 * last one given winning, which a flag in the table cannot express.  So
 * is -l under MAP_LEN_PAGES: a size entry cannot ask for whole pages.
 */
static int
map_init(void)
{
	map_page = sysconf(_SC_PAGESIZE);
#ifdef MAP_LEN_PAGES
	snprintf(lm_optstr, sizeof(lm_optstr), "al:");
	snprintf(lm_usage, sizeof(lm_usage), "%s  -l size  %s (default 8k)\n",
	    MAP_USAGE_A, MAP_LEN_PAGES);
#else
	snprintf(lm_optstr, sizeof(lm_optstr), "a");
	snprintf(lm_usage, sizeof(lm_usage), "%s", MAP_USAGE_A);
#endif
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	switch (opt) {
	case 'a':
		map_file = map_anonymous;
		return 0;
#ifdef MAP_LEN_PAGES
	case 'l':
		map_len = sizetoll(optarg);
		return map_len > 0 && map_len % map_page == 0 ? 0 : -1;
#endif
	default:
		(void) optarg;
		return -1;
	}
}

/*
 * Unless -a: opens the file to map with flags, made first as a scratch
 * file of -l bytes when none was named.  A regular file must hold need
 * bytes.
 */
static int
map_open(int flags, long long need)
{
	struct stat sb;

	if (map_anon())
		return 0;
	if (lm_datafile(&map_file, "map", map_len) != 0)
		return -1;
	if ((map_fd = open(map_file, flags)) < 0 || fstat(map_fd, &sb) != 0) {
		lm_error("%s:", map_file);
		return -1;
	}
	map_fsize = S_ISREG(sb.st_mode) ? (long long)sb.st_size : -1;
	if (map_fsize >= 0 && map_fsize < need) {
		lm_error("%s: shorter than -l %lld", map_file, map_len);
		return -1;
	}
	return 0;
}

/* len bytes, read-write: anonymous and private with -a, else of the
 * file, with share MAP_SHARED or MAP_PRIVATE. */
static inline char *
map_new(size_t len, int share)
{
	return mmap(NULL, len, PROT_READ | PROT_WRITE,
	    map_anon() ? MAP_PRIVATE | MAP_ANONYMOUS : share, map_fd, 0);
}

int
benchmark_finirun(void)
{
	return map_fd >= 0 ? close(map_fd) : 0;
}

#ifdef MAP_BATCH
typedef struct {
	char	**mb_map;	/* one per operation of the batch */
	int	mb_cap;
} map_batch_t;

int
benchmark_init(void)
{
	lm_tsdsize = sizeof(map_batch_t);
	lm_maxB = 1024;
	return map_init();
}

int
benchmark_initrun(void)
{
	return map_open(O_RDONLY, map_len);
}

int
benchmark_finiworker(void *tsd)
{
	free(((map_batch_t *)tsd)->mb_map);
	return 0;
}

/* Room for lm_optB mappings. */
static inline int
map_reserve(map_batch_t *ts)
{
	char **p;

	if (lm_optB <= ts->mb_cap)
		return 0;
	if ((p = realloc(ts->mb_map, lm_optB * sizeof(*p))) == NULL)
		return -1;
	ts->mb_map = p;
	ts->mb_cap = lm_optB;
	return 0;
}

/* -r: a load from each page of a new mapping; -w: a store to each. */
static inline void
map_rw(volatile char *p)
{
	long long j;
	long sum = 0;

	for (j = 0; map_read && j < map_len; j += map_page)
		sum += p[j];
	for (j = 0; map_write && j < map_len; j += map_page)
		p[j] = 1;
	lm_sink += sum;
}
#endif /* MAP_BATCH */

#endif /* MAPPING_H */
