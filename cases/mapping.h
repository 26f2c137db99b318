/* SPDX-License-Identifier: MIT */
/*
 * mapping.h - what mmap, munmap, msync and mprotect share: options -f
 * file or -a (anonymous memory), -l length and the variables of their
 * flags; the file, opened once per run; a new read-write mapping of
 * either; the length and flags columns.
 *
 * A case defines MAP_FLAGS, the letters of its flags column in order
 * ("awt"), includes this and lists the MAP_OPT_* entries in its option
 * table; this supplies the column table and the hooks benchmark_init,
 * benchmark_optswitch (-a), benchmark_initrun (the file opened with
 * MAP_OPEN, O_RDONLY unless the case defines it) and benchmark_finirun.
 * It may define before the include:
 *   MAP_DEFAULT  the default -f (else a scratch file of -l bytes);
 *   MAP_MAXB     the most operations a batch may hold (lm_maxB);
 *   MAP_BATCH    one mapping per operation of a batch, in a map_batch_t
 *                (mmap, munmap), with MAP_RW_WHEN saying when -r reads
 *                and -w writes: this then defines MAP_FLAGS ("arw") and
 *                supplies the option table too, caps the batch at 1024
 *                and frees the batch's array.
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

#ifdef MAP_BATCH
#define MAP_FLAGS	"arw"
#define MAP_MAXB	1024
#endif
#ifndef MAP_OPEN
#define MAP_OPEN	O_RDONLY
#endif

/* -a points map_file here, as -f points it at its file: the last wins. */
static char		map_anonymous[] = "anonymous memory";
#ifndef MAP_DEFAULT
#define MAP_DEFAULT	NULL	/* benchmark_initrun makes a scratch file */
#endif
static char		*map_file = MAP_DEFAULT;	/* -f */
static long long	map_len = 8192;	/* -l */
static int		map_read, map_write, map_touch;	/* -r, -w, -t */
static long		map_page;
static int		map_fd = -1;
static long long	map_fsize = -1;	/* a regular file's length */

#define MAP_SCRATCH	"a scratch file of -l bytes"
#define MAP_OPT_FILE(amode, def, help) { 'f', LM_PATH, "path", &map_file, \
	(def), (amode), 0, (help), NULL }
#define MAP_OPT_LEN(help) { 'l', LM_SIZE, "size", &map_len, "8k", 1, \
	LLONG_MAX, (help), NULL }
#define MAP_OPT_FLAG(c, var, help) { (c), LM_FLAG, NULL, &(var), NULL, 0, \
	0, (help), NULL }

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

/* The flags: one letter each, unpadded, under the wider title. */
const struct lm_col lm_columns[] = {
	{ "length", 8, LM_LL, &map_len, NULL },
	{ "flags", (int)sizeof(MAP_FLAGS) - 1, LM_FN, NULL, map_flags },
	LM_END
};

/*
 * -a is parsed by hand, not declared: -a and -f each undo the other, the
 * last one given winning, which a flag in the table cannot express.
 */
int
benchmark_init(void)
{
	map_page = sysconf(_SC_PAGESIZE);
#ifdef MAP_MAXB
	lm_maxB = MAP_MAXB;
#endif
	snprintf(lm_optstr, sizeof(lm_optstr), "a");
	snprintf(lm_usage, sizeof(lm_usage),
	    "  -a       map anonymous memory instead of a file\n");
	return 0;
}

int
benchmark_optswitch(int opt, char *optarg)
{
	(void) optarg;
	if (opt != 'a')
		return -1;
	map_file = map_anonymous;
	return 0;
}

/*
 * Unless -a: opens the file to map, made first as a scratch file of -l
 * bytes when none was named.  A regular file must hold -l bytes.
 */
int
benchmark_initrun(void)
{
	struct stat sb;

	if (map_anon())
		return 0;
	if (lm_datafile(&map_file, "map", map_len) != 0)
		return -1;
	if ((map_fd = open(map_file, MAP_OPEN)) < 0 ||
	    fstat(map_fd, &sb) != 0) {
		lm_error("%s:", map_file);
		return -1;
	}
	map_fsize = S_ISREG(sb.st_mode) ? (long long)sb.st_size : -1;
	if (map_fsize >= 0 && map_fsize < map_len) {
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

LM_TSD(map_batch_t);

const struct lm_opt lm_options[] = {
	MAP_OPT_FILE(R_OK, MAP_SCRATCH, "file to map"),
	MAP_OPT_LEN("length of each mapping"),
	MAP_OPT_FLAG('r', map_read, "read one byte per page " MAP_RW_WHEN),
	MAP_OPT_FLAG('w', map_write, "write one byte per page " MAP_RW_WHEN),
	LM_END
};

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
