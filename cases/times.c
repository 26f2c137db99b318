/* SPDX-License-Identifier: MIT */
/*
 * times: one times() per operation, the process's CPU times; a system
 * call on Linux.
 */
#include <sys/times.h>

/* readout.h gives benchmark() itself: RO_CALL once per operation. */
#define RO_TYPE		struct tms
#define RO_CALL(v)	(times(&(v)) == (clock_t)-1)
#define RO_FIELD(v)	((v).tms_utime)
#include "readout.h"
