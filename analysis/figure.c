// SPDX-License-Identifier: GPL-2.0-only
#include <stdarg.h>
#include <stdio.h>

#include "figure.h"

void rpt_fig_set(struct rpt_fig *f, double v)
{
	f->ok = true;
	f->v = v;
	f->why[0] = '\0';
}

void rpt_fig_null(struct rpt_fig *f, const char *fmt, ...)
{
	va_list ap;

	f->ok = false;
	f->v = 0;
	va_start(ap, fmt);
	vsnprintf(f->why, sizeof(f->why), fmt, ap);
	va_end(ap);
}
