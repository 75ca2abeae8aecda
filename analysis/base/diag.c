// SPDX-License-Identifier: GPL-2.0-only
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "grow.h"

void rpt_diag_add(struct rpt_diag *d, enum rpt_level level, const char *fmt, ...)
{
	va_list ap;
	size_t cap;
	char *s;
	int len;

	if (!d)
		return;
	cap = d->cap;
	/* two arrays, one capacity: it grows only when both did */
	if (RPT_GROW(d->msg, cap, d->n, 8) || RPT_GROW(d->level, d->cap, d->n, 8))
		return;
	va_start(ap, fmt);
	len = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (len < 0)
		return;
	d->msg[d->n] = s;
	d->level[d->n++] = level;
	if (level == RPT_ERROR)
		d->nerrors++;
}

void rpt_diag_free(struct rpt_diag *d)
{
	size_t i;

	if (!d)
		return;
	for (i = 0; i < d->n; i++)
		free(d->msg[i]);
	free(d->msg);
	free(d->level);
	memset(d, 0, sizeof(*d));
}
