/* SPDX-License-Identifier: MIT */
/* exp: one exp() per operation over 256 inputs (see mathfn.h). */
#define MATHFN	exp
#include "mathfn.h"
