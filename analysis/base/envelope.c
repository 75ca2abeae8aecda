// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <string.h>

#include "envelope.h"

void rpt_env_init(struct rpt_envelope *e, double origin_ms, double width_ms)
{
	memset(e, 0, sizeof(*e));
	e->origin_ms = origin_ms;
	e->width_ms = width_ms > 0 ? width_ms : 1;
	e->per_ms = 1 / e->width_ms;
}

static void col_join(struct rpt_env_col *a, const struct rpt_env_col *b)
{
	if (!b->n)
		return;
	if (!a->n) {
		*a = *b;
		return;
	}
	a->min = fmin(a->min, b->min);
	a->max = fmax(a->max, b->max);
	a->sum += b->sum;
	a->n += b->n;
}

/* twice the width: column i takes 2i and 2i + 1 */
static void halve(struct rpt_envelope *e)
{
	size_t i;

	for (i = 0; i < RPT_ENV_COLS / 2; i++) {
		struct rpt_env_col c = e->col[2 * i];

		col_join(&c, &e->col[2 * i + 1]);
		e->col[i] = c;
	}
	memset(&e->col[RPT_ENV_COLS / 2], 0, sizeof(e->col) / 2);
	e->ncols = (e->ncols + 1) / 2;
	e->width_ms *= 2;
	e->per_ms = 1 / e->width_ms;
}

void rpt_env_add(struct rpt_envelope *e, double t_ms, double v)
{
	struct rpt_env_col *c;
	double x;
	size_t i;

	if (!isfinite(t_ms) || !isfinite(v))
		return;
	x = (t_ms - e->origin_ms) * e->per_ms;
	if (x < 0) {
		e->before++;
		x = 0;
	}
	while (x >= RPT_ENV_COLS) {
		halve(e);
		x /= 2;
	}
	i = (size_t)x;
	c = &e->col[i];
	/* (v is finite: plain comparisons, not libm's fmin/fmax calls) */
	if (!c->n) {
		c->min = c->max = v;
	} else if (v < c->min) {
		c->min = v;
	} else if (v > c->max) {
		c->max = v;
	}
	c->sum += v;
	c->n++;
	e->samples++;
	if (i + 1 > e->ncols)
		e->ncols = i + 1;
}

void rpt_env_widen(struct rpt_envelope *e, double width_ms)
{
	while (e->width_ms < width_ms * (1 - 1e-9))
		halve(e);
}

int rpt_env_merge(struct rpt_envelope *dst, struct rpt_envelope *src, enum rpt_env_how how)
{
	size_t i;

	if (dst->origin_ms != src->origin_ms)
		return -EINVAL;
	rpt_env_widen(dst, src->width_ms);
	rpt_env_widen(src, dst->width_ms);
	for (i = 0; i < src->ncols; i++) {
		struct rpt_env_col *a = &dst->col[i];
		const struct rpt_env_col *b = &src->col[i];

		if (!b->n)
			continue;
		if (how == RPT_ENV_POOL || !a->n) {
			col_join(a, b);
		} else {
			/* the sum of the two columns' means, as one sample */
			double m = a->sum / (double)a->n + b->sum / (double)b->n;

			a->min += b->min;
			a->max += b->max;
			a->sum = m;
			a->n = 1;
		}
		if (how == RPT_ENV_SUM && a->n > 1) {
			a->sum /= (double)a->n;
			a->n = 1;
		}
	}
	if (src->ncols > dst->ncols)
		dst->ncols = src->ncols;
	dst->samples += src->samples;
	dst->before += src->before;
	return 0;
}

double rpt_env_mean(const struct rpt_env_col *c)
{
	return c->n ? c->sum / (double)c->n : NAN;
}
