// SPDX-License-Identifier: GPL-2.0-only
/* fio's hist logs per interval, as tools/hist/fiologparser_hist.py merges them. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "hist_interval.h"
#include "hist_log.h"

#define LOOKAHEAD_MS	20000.0	/* the script's --max_latency, 20 s */
#define FIRST_SLACK_MS	20.0	/* what it takes off the first time (the same 20, as ms) */

struct line {
	double t_ms;
	double min_start;	/* the earliest start of its non-zero buckets */
	unsigned int ddir;
	size_t nnz;
	uint32_t *idx;
	uint64_t *cnt;
};

struct src {
	struct rpt_hist_reader r;
	struct rpt_hist_line cur;
	bool has;
};

struct hiv {
	size_t k;			/* buckets a line */
	unsigned int coarse;
	unsigned int plat_nr;		/* the first log's layout (hist_log.h) */
	double unit_ns;
	double iv;
	double *val, *lower, *upper;	/* the script's bin_vals, lower_, upper_bin_vals */
	double *w[RPT_HIV_DIRS];	/* the interval's weighted histogram */
	size_t lo[RPT_HIV_DIRS], hi[RPT_HIV_DIRS];
	uint64_t samples[RPT_HIV_DIRS];
	double mn[RPT_HIV_DIRS], mx[RPT_HIV_DIRS];
	struct line *buf;
	size_t n, cap;
};

/* the script's _plat_idx_to_val() */
static double plat_val(unsigned long idx, double edge)
{
	unsigned long e;

	if (idx < RPT_PLAT_VAL << 1)
		return (double)idx;
	e = (idx >> RPT_PLAT_BITS) - 1;
	return (double)(1UL << (e + RPT_PLAT_BITS)) +
	       ((double)(idx % RPT_PLAT_VAL) + edge) * (double)(1UL << e);
}

static int bins_init(struct hiv *h)
{
	unsigned long s = 1UL << h->coarse;

	h->val = malloc(3 * h->k * sizeof(double));
	if (!h->val)
		return -ENOMEM;
	h->lower = h->val + h->k;
	h->upper = h->lower + h->k;
	for (size_t i = 0; i < h->k; i++) {
		double lo = plat_val(i * s, 0), up = plat_val((i + 1) * s, 1);

		h->lower[i] = lo * h->unit_ns;
		h->upper[i] = up * h->unit_ns;
		h->val[i] = (lo + (up - lo) * 0.5) * h->unit_ns;
	}
	for (int d = 0; d < RPT_HIV_DIRS; d++) {
		h->w[d] = calloc(h->k, sizeof(double));
		if (!h->w[d])
			return -ENOMEM;
		h->lo[d] = h->k;
	}
	return 0;
}

static double start_of(const struct hiv *h, double t, size_t b)
{
	return (t - 0.5 * h->iv) - h->val[b] / 1e6;
}

static int take(struct hiv *h, struct src *s)
{
	const struct rpt_hist_line *c = &s->cur;
	struct line *l;

	if (RPT_GROW(h->buf, h->cap, h->n, 64))
		return -ENOMEM;
	l = &h->buf[h->n];
	l->t_ms = c->t_ms;
	l->ddir = c->ddir;
	l->nnz = c->nnz;
	l->idx = malloc(c->nnz * sizeof(*l->idx) + 1);
	l->cnt = malloc(c->nnz * sizeof(*l->cnt) + 1);
	if (!l->idx || !l->cnt) {
		free(l->idx);
		free(l->cnt);
		return -ENOMEM;
	}
	memcpy(l->idx, c->idx, c->nnz * sizeof(*l->idx));
	memcpy(l->cnt, c->cnt, c->nnz * sizeof(*l->cnt));
	l->min_start = c->nnz ? start_of(h, l->t_ms, l->idx[c->nnz - 1]) : INFINITY;
	h->n++;
	return 0;
}

/* one line's share of [@s, @e) into direction @d's histogram */
static void add_to(struct hiv *h, unsigned int d, const struct line *l, double s, double e)
{
	size_t first = l->nnz, last = 0;
	uint64_t cnt = 0;

	for (size_t i = 0; i < l->nnz; i++) {
		size_t b = l->idx[i];
		double st = start_of(h, l->t_ms, b), wt;

		if (!(st < e))
			continue;
		wt = (fmin(l->t_ms, e) - fmax(st, s)) / (l->t_ms - st);
		/* a line that ended before the interval (logs out of time order) adds nothing */
		if (isnan(wt) || wt < 0)
			wt = 0;
		h->w[d][b] += (double)l->cnt[i] * wt;
		cnt += l->cnt[i];
		if (first == l->nnz)
			first = i;
		last = i;
		if (b < h->lo[d])
			h->lo[d] = b;
		if (b > h->hi[d])
			h->hi[d] = b;
	}
	if (first == l->nnz)
		return;
	h->samples[d] += cnt;
	{
		size_t fb = l->idx[first], lb = l->idx[last];
		/* the bucket below the first, if it too started before the end */
		size_t mb = fb > 0 && start_of(h, l->t_ms, fb - 1) < e ? fb - 1 : fb;
		double mn = h->lower[mb], mx = h->upper[lb + 1 < h->k ? lb + 1 : h->k - 1];

		h->mn[d] = isnan(h->mn[d]) ? mn : fmin(h->mn[d], mn);
		h->mx[d] = isnan(h->mx[d]) ? mx : fmax(h->mx[d], mx);
	}
}

/* numpy's interp() of @p on the CDF at the buckets' middle weights */
static void percentiles(const struct hiv *h, unsigned int d, const double *pct, size_t npct,
			struct rpt_hiv_row *row)
{
	const double *w = h->w[d];
	size_t a = h->lo[d] ? h->lo[d] - 1 : 0, z = h->hi[d] + 1 < h->k ? h->hi[d] + 1 : h->k - 1;
	double tot = 0, wsum = 0, cum = 0, prev_c = 0, prev_v = 0;
	size_t p = 0;

	for (size_t b = h->lo[d]; b <= h->hi[d]; b++) {
		tot += w[b];
		wsum += w[b] * h->val[b];
	}
	row->avg_ns = wsum / tot;
	for (size_t b = a; b <= z && p < npct; b++) {
		double c = 100 * ((cum + w[b]) - w[b] / 2.0) / tot;

		cum += w[b];
		while (p < npct && c > pct[p]) {
			/* the last bucket at or below pct[p] was the one before */
			row->pct_ns[p] = b == a ? h->val[b] :
				prev_v + (pct[p] - prev_c) * (h->val[b] - prev_v) / (c - prev_c);
			p++;
		}
		prev_c = c;
		prev_v = h->val[b];
	}
	for (; p < npct; p++)
		row->pct_ns[p] = prev_v;
}

static int interval(struct hiv *h, double s, double e, unsigned int dirmask, const double *pct,
		    size_t npct, rpt_hiv_cb cb, void *arg)
{
	int ret = 0;

	for (unsigned int d = 0; d < RPT_HIV_DIRS; d++) {
		h->lo[d] = h->k;
		h->hi[d] = 0;
		h->samples[d] = 0;
		h->mn[d] = h->mx[d] = NAN;
	}
	for (size_t i = 0; i < h->n; i++) {
		const struct line *l = &h->buf[i];

		if (!(l->min_start < e))
			continue;
		if (dirmask & 1U << RPT_HIV_MIXED)
			add_to(h, RPT_HIV_MIXED, l, s, e);
		if (dirmask & 1U << l->ddir)
			add_to(h, l->ddir, l, s, e);
	}
	for (unsigned int d = 0; d < RPT_HIV_DIRS; d++) {
		struct rpt_hiv_row row = { .end_ms = e, .dir = d };

		if (h->lo[d] > h->hi[d])
			continue;
		if (h->samples[d] && !ret) {
			row.samples = h->samples[d];
			row.min_ns = h->mn[d];
			row.max_ns = h->mx[d];
			percentiles(h, d, pct, npct, &row);
			ret = cb(arg, &row);
		}
		memset(h->w[d] + h->lo[d], 0, (h->hi[d] - h->lo[d] + 1) * sizeof(double));
	}
	return ret;
}

/* the source whose line comes first (the first of equals), or NULL */
static struct src *earliest(struct src *s, size_t n)
{
	struct src *m = NULL;

	for (size_t i = 0; i < n; i++)
		if (s[i].has && (!m || s[i].cur.t_ms < m->cur.t_ms))
			m = &s[i];
	return m;
}

static int advance(struct src *s, struct hiv *h, size_t i, const char *const *paths,
		   char *err, size_t errlen)
{
	int ret = rpt_hist_next(&s->r, &s->cur);

	s->has = ret == 1;
	if (ret < 0) {
		snprintf(err, errlen, "%s", s->r.err);
		return ret;
	}
	if (ret == 1 && !h->k) {
		h->coarse = (unsigned int)s->r.coarseness;
		h->plat_nr = s->r.plat_nr;
		h->unit_ns = s->r.unit_ns;
		h->k = h->plat_nr >> h->coarse;
	} else if (ret == 1 && ((unsigned int)s->r.coarseness != h->coarse || s->r.plat_nr != h->plat_nr)) {
		snprintf(err, errlen, "%s:%lu: %u counts a line, where %s has %zu (%s)",
			 paths[i], s->r.line, s->r.plat_nr >> s->r.coarseness, paths[0], h->k,
			 s->r.plat_nr != h->plat_nr ? "logs of fio 2.x and 3.x mixed" :
			 "log_hist_coarseness differs, or the logs are of different fio builds");
		return -EINVAL;
	}
	return 0;
}

int rpt_hist_intervals(const char *const *paths, size_t n, double interval_ms,
		       unsigned int dirmask, const double *pct, size_t npct,
		       rpt_hiv_cb cb, void *arg, char *err, size_t errlen)
{
	struct hiv h = { .iv = interval_ms > 0 ? interval_ms : 1000 };
	struct src *s = calloc(n ? n : 1, sizeof(*s));
	double start = 0, end = h.iv;
	bool more = true;
	size_t i;
	int ret = 0;

	if (!s)
		return -ENOMEM;
	if (npct > RPT_HIV_MAXPCT)
		npct = RPT_HIV_MAXPCT;
	for (i = 0; i < n; i++)
		s[i].r.f = NULL;
	for (i = 0; i < n && !ret; i++) {
		ret = rpt_hist_open(&s[i].r, paths[i]);
		if (ret)
			snprintf(err, errlen, "%s", s[i].r.err);
		else
			ret = advance(&s[i], &h, i, paths, err, errlen);
	}
	if (!ret && h.k)
		ret = bins_init(&h);
	/*
	 * The first interval from the earliest line, before any is read: the
	 * script sets it after reading one line only, so its first interval
	 * holds that line alone, and lines of other jobs that ended in it
	 * weigh negatively in the next.
	 */
	if (!ret && h.k) {
		struct src *m = earliest(s, n);

		if (m && m->cur.t_ms - FIRST_SLACK_MS > end) {
			start = m->cur.t_ms - FIRST_SLACK_MS;
			start -= fmod(start, h.iv);
			end = start + h.iv;
		}
	}
	while (!ret && h.k && (more || h.n)) {
		while (!ret && (!h.n || h.buf[h.n - 1].t_ms < LOOKAHEAD_MS + end)) {
			struct src *m = earliest(s, n);

			if (!m) {
				more = false;
				break;
			}
			ret = take(&h, m);
			if (!ret)
				ret = advance(m, &h, (size_t)(m - s), paths, err, errlen);
		}
		if (ret)
			break;
		if (h.n) {
			size_t k = 0;
			double first = INFINITY;

			/* no line reaches back into the intervals before @first: skip them */
			for (i = 0; i < h.n; i++)
				first = fmin(first, fmin(h.buf[i].min_start, h.buf[i].t_ms));
			if (first > end) {
				start += floor((first - start) / h.iv) * h.iv;
				end = start + h.iv;
			}
			ret = interval(&h, start, end, dirmask, pct, npct, cb, arg);
			for (i = 0; i < h.n; i++) {
				if (h.buf[i].t_ms > end) {
					h.buf[k++] = h.buf[i];
				} else {
					free(h.buf[i].idx);
					free(h.buf[i].cnt);
				}
			}
			h.n = k;
		}
		start += h.iv;
		end = start + h.iv;
		if (!(end > start)) {
			snprintf(err, errlen, "%s: times too large for %g ms intervals", paths[0], h.iv);
			ret = -ERANGE;
		}
	}
	for (i = 0; i < h.n; i++) {
		free(h.buf[i].idx);
		free(h.buf[i].cnt);
	}
	free(h.buf);
	free(h.val);
	for (i = 0; i < RPT_HIV_DIRS; i++)
		free(h.w[i]);
	for (i = 0; i < n; i++)
		rpt_hist_close(&s[i].r);
	free(s);
	return ret;
}
