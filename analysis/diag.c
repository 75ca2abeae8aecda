// SPDX-License-Identifier: GPL-2.0-only
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

void rpt_diag_add(struct rpt_diag *d, enum rpt_level level, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int len;

	if (!d)
		return;
	if (d->n == d->cap) {
		size_t cap = d->cap ? 2 * d->cap : 8;
		char **m = realloc(d->msg, cap * sizeof(*m));
		enum rpt_level *l;

		if (!m)
			return;
		d->msg = m;
		l = realloc(d->level, cap * sizeof(*l));
		if (!l)
			return;
		d->level = l;
		d->cap = cap;
	}
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
