/* SPDX-License-Identifier: MIT */
/* exp: one exp() per operation over 256 inputs (see mathfn.h). */

/* mathfn.h gives lm_tsd, benchmark_initworker and benchmark() itself,
 * which calls MATHFN. */
#define MATHFN	exp
#include "mathfn.h"
