/* SPDX-License-Identifier: MIT */
/*
 * getrusage: one getrusage(RUSAGE_SELF) per operation, a system call
 * that sums the usage of every thread of the process.
 */
#include <sys/resource.h>

/* readout.h gives benchmark() itself: RO_CALL once per operation. */
#define RO_TYPE		struct rusage
#define RO_CALL(v)	(getrusage(RUSAGE_SELF, &(v)) != 0)
#define RO_FIELD(v)	((v).ru_minflt)
#include "readout.h"
