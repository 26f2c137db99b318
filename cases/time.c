/* SPDX-License-Identifier: MIT */
/*
 * time: one time(NULL) per operation.  On Linux this is a vDSO call
 * that makes no system call (the tests check it).
 */
#include <time.h>

/* readout.h gives benchmark() itself: RO_CALL once per operation. */
#define RO_TYPE		time_t
#define RO_CALL(v)	(((v) = time(NULL)) == (time_t)-1)
#define RO_FIELD(v)	(v)
#include "readout.h"
