/* SPDX-License-Identifier: MIT */
/*
 * deepdir.h - what the path-walking cases (chdir, realpath) share: a
 * directory ten levels deep made in the run's temp directory.
 */
#ifndef DEEPDIR_H
#define DEEPDIR_H

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "libmicro.h"

/* Makes lm_tmpdir()/s/s+1/.../s+9 (digits modulo 10), its path in buf. */
static int
dd_make(char *buf, size_t len, int s)
{
	int k;

	if (lm_tmppath(buf, len, "") == NULL)
		return -1;
	for (k = 0; k < 10; k++) {
		size_t n = strlen(buf);

		snprintf(buf + n, len - n, "%s%d", k ? "/" : "", (s + k) % 10);
		if (mkdir(buf, 0700) != 0 && errno != EEXIST) {
			lm_error("mkdir %s:", buf);
			return -1;
		}
	}
	return 0;
}

#endif /* DEEPDIR_H */
