// SPDX-License-Identifier: GPL-2.0-only
/* Garbage collection in idle time: how fast it makes erased NAND. */
#include <math.h>

#include "model.h"

double ssdq_model_gc_idle_bps(const struct ssdq_model_preset *p, double fill)
{
	double a = ssdq_model_wa(p, fill);

	return a > 1.0 + 1e-9 ? p->w_direct_bps / (a - 1.0) : INFINITY;
}
