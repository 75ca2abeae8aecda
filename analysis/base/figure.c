// SPDX-License-Identifier: GPL-2.0-only
#include <math.h>
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

/* Decimals for at least @sig significant digits of @v, at least @prec, at most 12. */
static int decimals(double v, int prec, int sig)
{
	int d;

	if (!isfinite(v) || v == 0)
		return prec;
	d = sig - 1 - (int)floor(log10(fabs(v)));
	/* 0.09996 rounds to 0.1000: the digits of the rounded value count */
	if (d >= 0 && d <= 12 && fabs(v) * pow(10, d) >= pow(10, sig) - 0.5)
		d--;
	return d > prec ? (d < 12 ? d : 12) : prec;
}

char *rpt_fmt_num(char *buf, size_t len, double v, int prec)
{
	snprintf(buf, len, "%.*f", decimals(v, prec, 3), v);
	return buf;
}

char *rpt_fmt_bytes(char *buf, size_t len, double bytes)
{
	if (fabs(bytes) >= 1e9)
		snprintf(buf, len, "%.*f GB", decimals(bytes / 1e9, 2, 3), bytes / 1e9);
	else if (fabs(bytes) >= 1e3)
		snprintf(buf, len, "%.*f MB", decimals(bytes / 1e6, 0, 4), bytes / 1e6);
	else
		snprintf(buf, len, "%.0f B", bytes);
	return buf;
}
