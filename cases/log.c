/* SPDX-License-Identifier: MIT */
/* log: one log() per operation over 256 inputs (see mathfn.h). */

/* mathfn.h gives lm_tsd, benchmark_initworker and benchmark() itself,
 * which calls MATHFN. */
#define MATHFN	log
#include "mathfn.h"
