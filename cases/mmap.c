/* SPDX-License-Identifier: MIT */
/*
 * mmap: one mmap() of -l bytes, private and read-write, per operation:
 * of the file -f (the suite maps /dev/zero, $TFILE and $VFILE) or of
 * anonymous memory (-a).  -r reads and -w writes one byte per page of
 * the new mapping inside the timed loop, so its page faults are timed
 * too; private mappings keep the file as it was.  As in libMicro the
 * mappings stay until the batch ends, so lm_maxB bounds how many a batch
 * holds.  With neither -f nor -a it maps a scratch file of its own.
 */

/* mapping.h gives lm_options (-f -l -r -w), lm_columns, lm_tsd,
 * benchmark_init, benchmark_optswitch (-a), benchmark_initrun,
 * benchmark_finiworker and benchmark_finirun. */
#define MAP_BATCH
#define MAP_RW_WHEN	"of each mapping"
#include "mapping.h"

int
benchmark_initbatch(void *tsd)
{
	return map_reserve(tsd);
}

int
benchmark(void *tsd, result_t *res)
{
	char **map = ((map_batch_t *)tsd)->mb_map;
	int i;

	for (i = 0; i < lm_optB; i++) {
		map[i] = map_new((size_t)map_len, MAP_PRIVATE);
		if (map[i] == MAP_FAILED)
			res->re_errors++;
		else
			map_rw(map[i]);
	}
	res->re_count = i;
	return 0;
}

int
benchmark_finibatch(void *tsd)
{
	char **map = ((map_batch_t *)tsd)->mb_map;
	int i, rc = 0;

	for (i = 0; i < lm_optB; i++)
		if (map[i] != MAP_FAILED &&
		    munmap(map[i], (size_t)map_len) != 0)
			rc = -1;
	return rc;
}
