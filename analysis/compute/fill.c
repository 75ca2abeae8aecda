// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fill.h"
#include "grow.h"
#include "sort.h"

static int fill_push(struct rpt_fill_curve *c, double b, double t)
{
	size_t cap = c->cap;

	/* two arrays, one capacity: it grows only when both did */
	if (RPT_GROW(c->b, cap, c->n, 1024) || RPT_GROW(c->t, c->cap, c->n, 1024))
		return -ENOMEM;
	c->b[c->n] = b;
	c->t[c->n++] = t;
	return 0;
}

/*
 * Past RPT_FILL_FINE_POINTS points below the coarsest step: keep every
 * other point, double the step. The points kept are exactly those the
 * coarser step would have made (multiples of it).
 */
static void coarsen(struct rpt_fill_curve *c)
{
	size_t i;

	if (c->n <= RPT_FILL_FINE_POINTS || c->step >= RPT_FILL_POINT_BYTES)
		return;
	for (i = 0; 2 * i < c->n; i++) {
		c->b[i] = c->b[2 * i];
		c->t[i] = c->t[2 * i];
	}
	c->n = i;
	c->step *= 2;
}

int rpt_fill_init(struct rpt_fill_curve *c, double avg_msec)
{
	memset(c, 0, sizeof(*c));
	c->step = RPT_FILL_FIRST_STEP;
	c->avg_msec = avg_msec > 0 ? avg_msec : 0;
	c->scale = 1;
	c->t_start = NAN;
	return fill_push(c, 0, 0);
}

void rpt_fill_set_scale(struct rpt_fill_curve *c, double scale)
{
	c->scale = scale >= 1 ? scale : 1;
}

int rpt_fill_add(struct rpt_fill_curve *c, double bytes, double ms)
{
	if (!(bytes >= 0) || !(ms >= 0))
		return -EINVAL;
	if (c->bytes + bytes > RPT_FILL_MAX_BYTES)
		return -ERANGE;
	while (bytes > 0) {
		double next = (double)c->n * c->step;
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
		coarsen(c);
	}
	c->ms += ms;
	return 0;
}

/* a gap longer than this many log intervals had intervals with no I/O */
#define GAP_EMPTY	1.5

/*
 * Add the pending group of per-I/O samples that share one timestamp. The
 * first group has no earlier time: it starts at the caller's start hint, or
 * else runs at the second group's rate (its own I/Os' latencies would overlap
 * at a queue depth above 1), so it waits for the second.
 */
static int flush_group(struct rpt_fill_curve *c)
{
	double b = c->group_bytes, ms = c->group_ms;
	int ret;

	if (!c->group_n)
		return 0;
	if (ms > 0)
		c->v_last = b / ms;
	c->group_bytes = c->group_ms = 0;
	c->group_n = 0;
	if (c->first_pending) {
		c->first_pending = false;
		if (!isnan(c->t_start) && c->t_start < c->t_prev_group)
			c->first_ms = c->t_prev_group - c->t_start;
		else if (ms > 0 && b > 0)
			c->first_ms = c->first_bytes * ms / b;
		/* else its own I/Os' longest time, as read */
		c->t_first = c->t_prev_group - c->first_ms;
		c->v_first = c->first_ms > 0 ? c->first_bytes / c->first_ms : 0;
		ret = rpt_fill_add(c, c->scale * c->first_bytes, c->scale * c->first_ms);
		if (ret)
			return ret;
	}
	return rpt_fill_add(c, c->scale * b, c->scale * ms);
}

int rpt_fill_add_sample(struct rpt_fill_curve *c, const struct rpt_log_sample *s)
{
	double ms, covered, bytes, v = s->value > 0 ? s->value * 1024.0 : 0;
	double k = c->scale;
	int ret;

	if (s->bs && k * (double)s->bs > c->io_max)
		c->io_max = k * (double)s->bs;
	if (!c->started) {
		c->started = true;
		c->t_prev = c->t_last = s->t_ms;
		if (s->bs) {
			/* the first group: see flush_group() */
			ms = v > 0 ? s->bs * 1000.0 / v : 0;
			c->t_first = s->t_ms - ms;
			c->t_prev_group = s->t_ms;
			c->first_pending = true;
			c->first_bytes = (double)s->bs;
			c->first_ms = ms;
			c->group_n = 0;
			return 0;
		}
		c->t_first = s->t_ms - c->avg_msec;
		c->v_first = c->v_last = v / 1000.0;
		c->b_first = k * v * c->avg_msec / 1000.0;
		return rpt_fill_add(c, k * v * c->avg_msec / 1000.0, k * c->avg_msec);
	}
	ms = s->t_ms - c->t_prev;
	if (ms < 0) {
		c->backwards++;
		return 0;
	}
	c->t_last = s->t_ms;
	if (s->bs) {
		/*
		 * Per-I/O samples: I/Os that completed within one log time
		 * unit share its interval since the previous time.
		 */
		if (ms > 0) {
			ret = flush_group(c);
			if (ret)
				return ret;
			c->t_prev = s->t_ms;
			c->group_ms = ms;
		} else if (c->first_pending && !c->group_n) {
			/* still the first group */
			c->first_bytes += (double)s->bs;
			c->first_ms = fmax(c->first_ms, v > 0 ? s->bs * 1000.0 / v : 0);
			return 0;
		}
		c->group_bytes += (double)s->bs;
		c->group_n++;
		if (c->bytes + k * (c->group_bytes + c->first_bytes) > RPT_FILL_MAX_BYTES)
			return -ERANGE;
		return 0;
	}
	c->t_prev = s->t_ms;
	covered = c->avg_msec > 0 && !c->every_interval && ms > GAP_EMPTY * c->avg_msec &&
		  !c->gaps_busy ? c->avg_msec : ms;
	c->gap_bytes += k * v * (ms - covered) / 1000.0;
	bytes = v * covered / 1000.0;
	c->v_last = v / 1000.0;
	ret = rpt_fill_add(c, 0, k * (ms - covered));
	return ret ? ret : rpt_fill_add(c, k * bytes, k * covered);
}

int rpt_fill_finish(struct rpt_fill_curve *c)
{
	if (c->first_pending && !c->group_n) {
		/* only the first group: it is the last one too */
		c->group_n = 1;
		c->group_bytes = 0;
		c->group_ms = 0;
	}
	return flush_group(c);
}

void rpt_fill_set_start(struct rpt_fill_curve *c, double t_ms)
{
	c->t_start = t_ms;
}

int rpt_fill_prepend(struct rpt_fill_curve *c, double bytes, double ms)
{
	return rpt_fill_prepend_to(c, bytes, ms, c->bytes + bytes);
}

int rpt_fill_prepend_to(struct rpt_fill_curve *c, double bytes, double ms, double total)
{
	struct rpt_fill_curve n;
	double x, f;
	int ret;

	if (!(bytes > 0) || !(ms > 0) || c->n < 1 || !(total > bytes) || !(c->bytes > 0))
		return -EINVAL;
	f = (total - bytes) / c->bytes;
	if (total > RPT_FILL_MAX_BYTES)
		return -ERANGE;
	n = *c;
	n.b = n.t = NULL;
	n.n = n.cap = 0;
	n.step = RPT_FILL_FIRST_STEP;
	/* the new curve's points need not fall on the old one's */
	while (total / n.step > RPT_FILL_FINE_POINTS && n.step < RPT_FILL_POINT_BYTES)
		n.step *= 2;
	ret = fill_push(&n, 0, 0);
	for (x = n.step; !ret && x <= total; x = (double)n.n * n.step)
		ret = fill_push(&n, x, x <= bytes ? ms * x / bytes :
				ms + rpt_fill_time_at(c, (x - bytes) / f));
	if (ret) {
		free(n.b);
		free(n.t);
		return ret;
	}
	free(c->b);
	free(c->t);
	n.bytes = total;
	n.ms = c->ms + ms;
	n.t_first = c->t_first - ms / c->scale;
	n.b_first = bytes + c->b_first * f;
	*c = n;
	return 0;
}

/*
 * The value at @x of the curve through (key[i], val[i]) and the end point
 * (key_end, val_end), straight between points, from the last point whose key
 * is <= @x, or < @x when @before (so a flat stretch gives its first value).
 */
static double interpolate(const double *key, const double *val, size_t n,
			  double key_end, double val_end, double x, bool before)
{
	size_t lo = 0, hi = n;
	double k1 = key_end, v1 = val_end;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (before ? key[mid] < x : key[mid] <= x)
			lo = mid;
		else
			hi = mid;
	}
	if (lo + 1 < n) {
		k1 = key[lo + 1];
		v1 = val[lo + 1];
	}
	if (k1 <= key[lo])
		return val[lo];
	return val[lo] + (v1 - val[lo]) * (x - key[lo]) / (k1 - key[lo]);
}

double rpt_fill_time_at(const struct rpt_fill_curve *c, double bytes)
{
	if (bytes >= c->bytes)
		return c->ms;
	if (bytes <= 0)
		return 0;
	return interpolate(c->b, c->t, c->n, c->bytes, c->ms, bytes, false);
}

double rpt_fill_bytes_at(const struct rpt_fill_curve *c, double ms)
{
	if (ms >= c->ms)
		return c->bytes;
	if (ms <= 0)
		return 0;
	return interpolate(c->t, c->b, c->n, c->ms, c->bytes, ms, true);
}

/* Bytes job curve @c had written at log time @t. */
static double bytes_by(const struct rpt_fill_curve *c, double t)
{
	return rpt_fill_bytes_at(c, (t - c->t_first) * c->scale);
}

int rpt_fill_merge(struct rpt_fill_curve *out, struct rpt_fill_curve *const *in, size_t n)
{
	double *at, prev = 0, t0 = 0, t1 = 0;
	size_t i, k, m = 0, total = 0;
	int ret;

	for (i = 0; i < n; i++) {
		if (!in[i]->started || in[i]->n < 1 || in[i]->scale != in[0]->scale)
			return -EINVAL;
		total += in[i]->n + 1;
		t0 = i ? fmin(t0, in[i]->t_first) : in[i]->t_first;
		t1 = i ? fmax(t1, in[i]->t_last) : in[i]->t_last;
	}
	if (!n)
		return -EINVAL;
	/* every job's points and end, in log time: the sum is straight between */
	at = malloc(total * sizeof(*at));
	if (!at)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		const struct rpt_fill_curve *c = in[i];

		for (k = 0; k < c->n; k++)
			at[m++] = c->t_first + c->t[k] / c->scale;
		at[m++] = c->t_first + c->ms / c->scale;
	}
	rpt_sort_doubles(at, m);
	ret = rpt_fill_init(out, in[0]->avg_msec);
	rpt_fill_set_scale(out, in[0]->scale);
	for (k = 1; !ret && k < m; k++) {
		double b = 0;

		if (at[k] <= at[k - 1])
			continue;
		for (i = 0; i < n; i++)
			b += bytes_by(in[i], at[k]);
		ret = rpt_fill_add(out, b - prev, (at[k] - at[k - 1]) * out->scale);
		prev = b;
	}
	free(at);
	if (ret) {
		rpt_fill_free(out);
		return ret;
	}
	out->started = true;
	out->t_first = t0;
	out->t_last = out->t_prev = t1;
	for (i = 0; i < n; i++) {
		out->v_first += in[i]->v_first;
		out->v_last += in[i]->v_last;
		out->backwards += in[i]->backwards;
	}
	return 0;
}

void rpt_fill_free(struct rpt_fill_curve *c)
{
	if (!c)
		return;
	free(c->b);
	free(c->t);
	memset(c, 0, sizeof(*c));
}
