// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fill.h"

static int fill_push(struct rpt_fill_curve *c, double b, double t)
{
	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 1024;
		double *nb = realloc(c->b, cap * sizeof(*nb)), *nt;

		if (!nb)
			return -ENOMEM;
		c->b = nb;
		nt = realloc(c->t, cap * sizeof(*nt));
		if (!nt)
			return -ENOMEM;
		c->t = nt;
		c->cap = cap;
	}
	c->b[c->n] = b;
	c->t[c->n++] = t;
	return 0;
}

int rpt_fill_init(struct rpt_fill_curve *c, double avg_msec)
{
	memset(c, 0, sizeof(*c));
	c->avg_msec = avg_msec > 0 ? avg_msec : 0;
	return fill_push(c, 0, 0);
}

int rpt_fill_add(struct rpt_fill_curve *c, double bytes, double ms)
{
	if (!(bytes >= 0) || !(ms >= 0))
		return -EINVAL;
	if (c->bytes + bytes > RPT_FILL_MAX_BYTES)
		return -ERANGE;
	while (bytes > 0) {
		double next = (double)c->n * RPT_FILL_POINT_BYTES;
		double room = next - c->bytes, part;
		int ret;

		if (bytes < room) {
			c->bytes += bytes;
			c->ms += ms;
			return 0;
		}
		part = ms * room / bytes;
		c->bytes = next;
		c->ms += part;
		bytes -= room;
		ms -= part;
		ret = fill_push(c, c->bytes, c->ms);
		if (ret)
			return ret;
	}
	c->ms += ms;
	return 0;
}

int rpt_fill_add_sample(struct rpt_fill_curve *c, const struct rpt_log_sample *s)
{
	double ms, bytes, v = s->value > 0 ? s->value * 1024.0 : 0;

	if (!c->started) {
		c->started = true;
		c->t_prev = c->t_last = s->t_ms;
		if (s->bs) {
			ms = v > 0 ? s->bs * 1000.0 / v : 0;
			c->t_first = s->t_ms - ms;
			return rpt_fill_add(c, s->bs, ms);
		}
		c->t_first = s->t_ms - c->avg_msec;
		return rpt_fill_add(c, v * c->avg_msec / 1000.0, c->avg_msec);
	}
	ms = s->t_ms - c->t_prev;
	if (ms < 0) {
		c->backwards++;
		return 0;
	}
	c->t_prev = c->t_last = s->t_ms;
	bytes = s->bs ? (double)s->bs : v * ms / 1000.0;
	return rpt_fill_add(c, bytes, ms);
}

double rpt_fill_time_at(const struct rpt_fill_curve *c, double bytes)
{
	size_t lo = 0, hi = c->n;
	double b0, b1, t0, t1;

	if (bytes >= c->bytes)
		return c->ms;
	if (bytes <= 0)
		return 0;
	/* the last point with b <= bytes */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (c->b[mid] <= bytes)
			lo = mid;
		else
			hi = mid;
	}
	b0 = c->b[lo];
	t0 = c->t[lo];
	if (lo + 1 < c->n) {
		b1 = c->b[lo + 1];
		t1 = c->t[lo + 1];
	} else {
		b1 = c->bytes;
		t1 = c->ms;
	}
	if (b1 <= b0)
		return t0;
	return t0 + (t1 - t0) * (bytes - b0) / (b1 - b0);
}

void rpt_fill_free(struct rpt_fill_curve *c)
{
	if (!c)
		return;
	free(c->b);
	free(c->t);
	memset(c, 0, sizeof(*c));
}
