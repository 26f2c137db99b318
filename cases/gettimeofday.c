/* SPDX-License-Identifier: MIT */
/*
 * gettimeofday: one gettimeofday() per operation.  On Linux this is a
 * vDSO call that reads the clock without entering the kernel (the tests
 * check that it makes no system call).
 */
#include <sys/time.h>

/* readout.h gives benchmark() itself: RO_CALL once per operation. */
#define RO_TYPE		struct timeval
#define RO_CALL(v)	(gettimeofday(&(v), NULL) != 0)
#define RO_FIELD(v)	((v).tv_usec)
#include "readout.h"
