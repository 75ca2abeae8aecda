// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "phases.h"
#include "sort.h"

#define PHASE_TRIM_DIFF	0.10	/* without its most telling stretch, see trimmed() */
#define NOISE_FLOOR	0.01	/* relative: a noiseless curve still needs 15 % */
#define NOISE_DEFAULT	0.05	/* too few blocks to measure it */

struct bins {
	const struct rpt_fill_curve *c;
	double from;		/* byte of bin 0 */
	double w;		/* bytes per bin */
	size_t m;
	double *y;		/* the bins' log time per byte */
	double *s1, *s2;	/* prefix sums of y and of its squares */
	double *st;		/* prefix sums of the bins' times, ms */
	double *tmp;		/* m scratch values */
};

/* The curve's byte at bin boundary @i. */
static double at(const struct bins *b, size_t i)
{
	return i >= b->m ? b->c->bytes : b->from + (double)i * b->w;
}

/* MB/s of bins [i, k) from the curve. */
static double speed(const struct bins *b, size_t i, size_t k)
{
	double x0 = at(b, i), x1 = at(b, k);
	double ms = rpt_fill_time_at(b->c, x1) - rpt_fill_time_at(b->c, x0);

	return ms > 0 ? (x1 - x0) / ms / 1000 : INFINITY;
}

static double mean(const struct bins *b, size_t i, size_t k)
{
	return (b->s1[k] - b->s1[i]) / (double)(k - i);
}

static double sse(const struct bins *b, size_t i, size_t k)
{
	double s = b->s1[k] - b->s1[i];

	return b->s2[k] - b->s2[i] - s * s / (double)(k - i);
}

/*
 * The noise of block means of @bs bins, robustly: the median absolute
 * difference of neighbouring blocks, as a standard deviation.
 */
static double block_noise(const struct bins *b, size_t bs)
{
	size_t nb = b->m / bs, i;
	double *d, s;

	if (nb < 3)
		return NOISE_DEFAULT;
	d = malloc((nb - 1) * sizeof(*d));
	if (!d)
		return NOISE_DEFAULT;
	for (i = 1; i < nb; i++)
		d[i - 1] = fabs(mean(b, i * bs, (i + 1) * bs) - mean(b, (i - 1) * bs, i * bs));
	s = 1.4826 * rpt_select_double(d, nb - 1, (nb - 1) / 2) / sqrt(2);
	free(d);
	return fmax(s, NOISE_FLOOR);
}

/*
 * Least squares over the bins with a cost @beta per level, every level at
 * least @nmin bins: the boundaries, ascending and ending with m, into @cut.
 * Return: their number, or 0 when out of memory.
 */
static size_t partition(const struct bins *b, size_t nmin, double beta, size_t *cut)
{
	double *f = malloc((b->m + 1) * sizeof(*f));
	size_t *prev = malloc((b->m + 1) * sizeof(*prev));
	size_t i, k, n = 0;

	if (!f || !prev) {
		free(f);
		free(prev);
		return 0;
	}
	f[0] = 0;
	for (k = 1; k <= b->m; k++) {
		f[k] = INFINITY;
		prev[k] = 0;
		for (i = 0; i + nmin <= k; i++) {
			double v;

			if (i && (i < nmin || isinf(f[i])))
				continue;
			v = f[i] + beta + sse(b, i, k);
			if (v < f[k]) {
				f[k] = v;
				prev[k] = i;
			}
		}
	}
	/* m < 2 nmin bins: one level (the loop gave f[m] from 0) */
	for (k = b->m; k > 0; k = prev[k])
		cut[n++] = k;
	for (i = 0; i < n / 2; i++) {
		size_t t = cut[i];

		cut[i] = cut[n - 1 - i];
		cut[n - 1 - i] = t;
	}
	free(f);
	free(prev);
	return n;
}

/*
 * How far level [i, k) stays from a neighbour running at @other MB/s
 * without its most telling @bs + 1 bins (half the shortest phase, and a bin
 * for where it falls between bins), relative. A deep dip padded with
 * bins of the neighbour's level to the shortest length is no level
 * without the dip; a level that alternates (a drive folding: 12 GB at
 * 600 MB/s, 1 GB at 80) is one without any one of its slow stretches.
 */
static double trimmed(const struct bins *b, size_t i, size_t k, size_t bs, double other)
{
	double bytes = (double)(k - i) * b->w, ms = b->st[k] - b->st[i], best = INFINITY;
	size_t j;

	bs++;
	if (k - i <= bs)
		return fabs(bytes / ms / 1000 - other) / fmin(bytes / ms / 1000, other);
	for (j = i; j + bs <= k; j++) {
		double v = (bytes - (double)bs * b->w) / (ms - (b->st[j + bs] - b->st[j])) / 1000;
		double rel = fabs(v - other) / fmin(v, other);

		best = rel < best ? rel : best;
	}
	return best;
}

/*
 * The noise of the means of blocks of @bs bins in [a, c) and [c, e), as a
 * variance: the median absolute difference of neighbouring blocks inside
 * each, pooled (block_noise() over the two levels only); @floor when they
 * have too few blocks or it is less. A level that alternates (a drive
 * folding) is as noisy as it alternates, so its beats are no levels of
 * their own; a ramp is not noisy.
 */
static double local_var(const struct bins *b, size_t a, size_t c, size_t e, size_t bs,
			double floor)
{
	const size_t lim[2][2] = { { a, c }, { c, e } };
	size_t nd = 0, k, i;
	double s;

	for (k = 0; k < 2; k++)
		for (i = lim[k][0]; i + 2 * bs <= lim[k][1]; i += bs)
			b->tmp[nd++] = fabs(mean(b, i + bs, i + 2 * bs) - mean(b, i, i + bs));
	if (nd < 3)
		return floor;
	s = 1.4826 * rpt_select_double(b->tmp, nd, (nd - 1) / 2) / sqrt(2);
	return fmax(floor, s * s);
}

static double passes(const struct bins *b, size_t a, size_t c, size_t e, size_t bs,
		     double noise2)
{
	double v1 = speed(b, a, c), v2 = speed(b, c, e);
	double rel = fabs(v1 - v2) / fmin(v1, v2);
	double s2b = local_var(b, a, c, e, bs, noise2) * (double)bs;
	double z = fabs(mean(b, a, c) - mean(b, c, e)) /
		   sqrt(s2b * (1.0 / (double)(c - a) + 1.0 / (double)(e - c)));
	double trim = fmin(trimmed(b, a, c, bs, v2), trimmed(b, c, e, bs, v1));

	return fmin(fmin(rel / PHASE_MIN_DIFF, z / PHASE_MIN_T), trim / PHASE_TRIM_DIFF);
}

static size_t merge(const struct bins *b, size_t *cut, size_t n, size_t bs, double noise2)
{
	for (;;) {
		double worst = 1;
		size_t k, at_k = 0;

		for (k = 0; k + 1 < n; k++) {
			double p = passes(b, k ? cut[k - 1] : 0, cut[k], cut[k + 1], bs, noise2);

			if (p < worst) {
				worst = p;
				at_k = k + 1;
			}
		}
		if (!at_k)
			return n;
		/* drop boundary cut[at_k - 1] */
		memmove(&cut[at_k - 1], &cut[at_k], (n - at_k) * sizeof(*cut));
		n--;
	}
}

int rpt_phases_find(const struct rpt_fill_curve *c, double from, double res_ms,
		    struct rpt_phase **p, size_t *n)
{
	double r = c->bytes - from, lmin, rate, noise;
	struct bins b = { .c = c, .from = from };
	size_t nmin, bs, i, ncut = 0, *cut = NULL;
	int ret = -ENOMEM;

	*p = NULL;
	*n = 0;
	if (!(r > 0) || !(c->ms > 0))
		return 0;
	/* the shortest phase: the rule, or what the log can show at all */
	rate = c->bytes / c->ms;
	lmin = fmax(fmin(PHASE_MIN_SHARE * c->bytes, PHASE_MIN_BYTES),
		    rate * res_ms * c->scale);
	b.w = fmax(lmin / 8, r / PHASE_MAX_BINS);
	b.m = (size_t)(r / b.w);
	if (b.m < 2) {
		b.m = 1;
		b.w = r;
	}
	b.w = r / (double)b.m;
	nmin = (size_t)ceil(lmin / b.w - 1e-9);
	nmin = nmin ? nmin : 1;
	b.y = malloc(b.m * sizeof(double));
	b.tmp = malloc(b.m * sizeof(double));
	b.s1 = calloc(b.m + 1, sizeof(double));
	b.s2 = calloc(b.m + 1, sizeof(double));
	b.st = calloc(b.m + 1, sizeof(double));
	cut = malloc((b.m + 1) * sizeof(*cut));
	if (!b.y || !b.tmp || !b.s1 || !b.s2 || !b.st || !cut)
		goto out;
	for (i = 0; i < b.m; i++) {
		double ms = rpt_fill_time_at(c, at(&b, i + 1)) - rpt_fill_time_at(c, at(&b, i));
		double y = log(fmax(ms, 1e-12) / b.w);

		b.y[i] = y;
		b.s1[i + 1] = b.s1[i] + y;
		b.st[i + 1] = b.st[i] + fmax(ms, 0);
		b.s2[i + 1] = b.s2[i] + y * y;
	}
	bs = nmin / 2 ? nmin / 2 : 1;
	noise = block_noise(&b, bs);
	if (b.m >= 2 * nmin) {
		ncut = partition(&b, nmin, PHASE_MIN_T * PHASE_MIN_T * noise * noise * (double)bs,
				 cut);
		if (!ncut)
			goto out;
		ncut = merge(&b, cut, ncut, bs, noise * noise);
	} else {
		cut[ncut++] = b.m;
	}
	*p = calloc(ncut, sizeof(**p));
	if (!*p)
		goto out;
	for (i = 0; i < ncut; i++) {
		size_t a = i ? cut[i - 1] : 0;

		(*p)[i].start_gb = at(&b, a) / 1e9;
		(*p)[i].end_gb = at(&b, cut[i]) / 1e9;
		(*p)[i].mbps = speed(&b, a, cut[i]);
	}
	*n = ncut;
	ret = 0;
out:
	free(b.y);
	free(b.tmp);
	free(b.s1);
	free(b.s2);
	free(b.st);
	free(cut);
	return ret;
}
