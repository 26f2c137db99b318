/* SPDX-License-Identifier: MIT */
/*
 * munmap: one munmap() of a -l byte mapping per operation.  The batch
 * setup maps them, private and read-write, from the file -f (the suite
 * uses /dev/zero, $TFILE and $VFILE) or anonymous memory (-a), and with
 * -r reads or -w writes one byte per page, so the unmap has pages to tear
 * down; private mappings keep the file as it was.  A batch holds lm_maxB
 * mappings at most.  With neither -f nor -a it maps a scratch file.
 */

/* mapping.h gives lm_options (-f -l -r -w), lm_columns, lm_tsd,
 * benchmark_init, benchmark_optswitch (-a), benchmark_initrun,
 * benchmark_finiworker and benchmark_finirun. */
#define MAP_BATCH
#define MAP_RW_WHEN	"before the unmap"
#include "mapping.h"

int
benchmark_initbatch(void *tsd)
{
	char **map;
	int i;

	if (map_reserve(tsd) != 0)
		return -1;
	map = ((map_batch_t *)tsd)->mb_map;
	for (i = 0; i < lm_optB; i++) {
		if ((map[i] = map_new((size_t)map_len, MAP_PRIVATE)) ==
		    MAP_FAILED) {
			lm_error("mmap of %lld bytes:", map_len);
			while (--i >= 0)
				(void) munmap(map[i], (size_t)map_len);
			return -1;
		}
		map_rw(map[i]);
	}
	return 0;
}

int
benchmark(void *tsd, result_t *res)
{
	char **map = ((map_batch_t *)tsd)->mb_map;

	LM_EACH(i, res, munmap(map[i], (size_t)map_len) != 0);
	return 0;
}
