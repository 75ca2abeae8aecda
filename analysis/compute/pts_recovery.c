// SPDX-License-Identifier: GPL-2.0-only
/* SNIA PTS host idle recovery and cross-stimulus recovery of one drive. */
#include <errno.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pts_recovery.h"
#include "pts_steady.h"
#include "reader_log.h"

const char *const rpt_pts_hir_keys[] = { "iops", "mbps", "power_w", "iops_per_w", "temp_max_c",
					 NULL };
const char *const rpt_pts_xsr_keys[] = { "mbps", "lat_mean_us", "lat_max_us", "power_w",
					 "mbps_per_w", "temp_max_c", NULL };

/* The report's test of @name among drive @d's, (size_t)-1 when none. */
static size_t test_of(const struct rpt_report *r, const struct rpt_drive *d, const char *name)
{
	for (size_t i = 0; i < d->ntests; i++)
		if (!strcmp(r->t[d->test[i]].name, name))
			return d->test[i];
	return (size_t)-1;
}

static double scale_of(const struct rpt_test *t)
{
	return t->dev.scale >= 1 ? t->dev.scale : 1;
}

/* Grow three parallel arrays to hold @n + 1 entries. Return: 0 or -ENOMEM. */
static int grow(double **a, double **b, size_t **c, size_t n, size_t *cap)
{
	double *x, *y;
	size_t *z;

	if (n < *cap)
		return 0;
	*cap = *cap ? *cap * 2 : 256;
	x = realloc(*a, *cap * sizeof(*x));
	if (x)
		*a = x;
	y = x ? realloc(*b, *cap * sizeof(*y)) : NULL;
	if (y)
		*b = y;
	z = y ? realloc(*c, *cap * sizeof(*z)) : NULL;
	if (!z)
		return -ENOMEM;
	*c = z;
	return 0;
}

/* The phases of HIR: the jobs of @t with segments, in order. */
static int hir_phases(const struct rpt_test *t, struct rpt_pts_hir *h)
{
	double t0 = NAN, sc = scale_of(t);
	size_t cap = 0;
	int ret = 0;

	for (size_t j = 0; j < t->njobs && !ret; j++) {
		const struct rpt_job *jb = &t->jobs[j];
		const struct rpt_bursts *b = &jb->bursts;
		double ios = 0, busy_s = 0, bs = jb->bs.ok ? jb->bs.v : 4096;
		struct rpt_pts_cell *c;
		double *idle;

		if (!jb->has_bursts || !b->n)
			continue;
		c = realloc(h->phase, (h->nphase + 1) * sizeof(*c));
		if (!c)
			return -ENOMEM;
		h->phase = c;
		idle = realloc(h->idle_s, (h->nphase + 1) * sizeof(*idle));
		if (!idle)
			return -ENOMEM;
		h->idle_s = idle;
		c = &h->phase[h->nphase];
		ret = rpt_pts_cell_of(t, jb->name, c);
		if (ret)
			return ret;
		h->idle_s[h->nphase] = 0;
		/* between one segment's last completion and the next one's start */
		for (size_t k = 1; k < b->n; k++)
			h->idle_s[h->nphase] += (b->b[k].t0_ms - b->b[k - 1].t1_ms) / 1e3 * sc /
						(double)(b->n - 1);
		for (size_t k = 0; k < b->n; k++) {
			const struct rpt_burst *s = &b->b[k];

			if (!(s->busy_us > 0))
				continue;
			if (isnan(t0))
				t0 = s->t0_ms;
			if ((ret = grow(&h->t_min, &h->iops, &h->seg_phase, h->n, &cap)))
				return ret;
			h->t_min[h->n] = (s->t0_ms - t0) / 60e3 * sc;
			h->iops[h->n] = s->bytes / bs / (s->busy_us / 1e6);
			h->seg_phase[h->n++] = h->nphase;
			ios += s->bytes / bs;
			busy_s += s->busy_us / 1e6;
		}
		if (busy_s > 0)
			rpt_fig_set(&c->iops, ios / busy_s);
		else
			rpt_fig_null(&c->iops, "no segment of measurable time");
		h->nphase++;
	}
	if (!h->n)
		snprintf(h->why, sizeof(h->why), "%.240s: no segments (burst_start and burst_end "
			 "events of ssdq_burst_time)", t->path);
	return 0;
}

static int hir(const struct rpt_report *r, const struct rpt_pts *p, size_t idx,
	       struct rpt_pts_hir *h)
{
	h->test = idx;
	h->steady_iops = NAN;
	for (size_t i = 0; p && i < p->nt; i++)
		if (p->t[i].kind == RPT_PTS_K_HIR && p->t[i].ntracks && p->t[i].steady >= 0)
			h->steady_iops = p->t[i].w[0].avg;
	return hir_phases(&r->t[idx], h);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * Group @g's level (the median of its last quarter) and the time it took to
 * reach it: the start of the first window of RPT_PTS_WINDOW periods that holds
 * to the PTS's steady-state rule (pts_steady.h) and whose average lies within
 * RPT_XSR_BAND of the level (a flat stretch at another level, as sequential
 * writes still paying for the random ones, is not it).
 */
static int xsr_level(struct rpt_pts_xsr *x, size_t g)
{
	size_t first = x->n, n = 0, q;
	struct rpt_pts_window w;
	double *v;

	for (size_t i = 0; i < x->n; i++)
		if (x->seg_group[i] == g) {
			first = i < first ? i : first;
			n++;
		}
	x->level_mbps[g] = x->recovery_min[g] = NAN;
	if (n < 4 * RPT_PTS_WINDOW) {
		snprintf(x->rec_why[g], sizeof(x->rec_why[g]),
			 "%zu periods: a level needs %d or more", n, 4 * RPT_PTS_WINDOW);
		return 0;
	}
	q = n / 4;
	v = malloc(q * sizeof(*v));
	if (!v)
		return -ENOMEM;
	memcpy(v, x->mbps + first + n - q, q * sizeof(*v));
	qsort(v, q, sizeof(*v), cmp_double);
	x->level_mbps[g] = q % 2 ? v[q / 2] : (v[q / 2 - 1] + v[q / 2]) / 2;
	free(v);
	if (!g) {
		snprintf(x->rec_why[g], sizeof(x->rec_why[g]), "the first access group: no stimulus "
			 "before it");
		return 0;
	}
	for (int last = RPT_PTS_WINDOW; last <= (int)n; last++) {
		if (rpt_pts_window_at(x->mbps + first, last, &w) < 0)
			break;
		if (w.steady && fabs(w.avg - x->level_mbps[g]) <= RPT_XSR_BAND * x->level_mbps[g]) {
			x->recovery_min[g] = x->t_min[first + (size_t)w.first - 1] - x->t_min[first];
			return 0;
		}
	}
	snprintf(x->rec_why[g], sizeof(x->rec_why[g]), "no %d periods in a row steady at its "
		 "level", RPT_PTS_WINDOW);
	return 0;
}

/* Group @g's periods from its bw log, @dir/xsr_bw.<g + 1>.log. */
static int xsr_periods(const char *dir, size_t g, double sc, double *t0, size_t *cap,
		       struct rpt_pts_xsr *x)
{
	struct rpt_log_reader lr;
	struct rpt_log_sample s;
	char path[4096];
	size_t first = x->n;
	double prev = NAN;
	int ret;

	snprintf(path, sizeof(path), "%s/xsr_bw.%zu.log", dir, g + 1);
	if (rpt_log_open(&lr, path)) {
		snprintf(x->why, sizeof(x->why), "%s", lr.err);
		rpt_log_close(&lr);
		return 1;
	}
	while ((ret = rpt_log_next(&lr, &s)) == 1) {
		if ((ret = grow(&x->t_min, &x->mbps, &x->seg_group, x->n, cap)))
			break;
		x->t_min[x->n] = s.t_ms;	/* the period's end, for now */
		x->mbps[x->n] = s.value * 1024 / 1e6;
		x->seg_group[x->n++] = g;
	}
	if (ret < 0 && ret != -ENOMEM)
		snprintf(x->why, sizeof(x->why), "%s", lr.err);
	rpt_log_close(&lr);
	if (ret < 0)
		return ret == -ENOMEM ? ret : 1;
	/* each period from the end of the one before; the first as long as the second */
	for (size_t i = first; i < x->n; i++) {
		double end = x->t_min[i], dt = i > first ? end - prev :
			     i + 1 < x->n ? x->t_min[i + 1] - end : 0;

		if (isnan(*t0))
			*t0 = end - dt;
		prev = end;
		x->t_min[i] = (end - dt - *t0) / 60e3 * sc;
	}
	return 0;
}

static int xsr(const struct rpt_report *r, size_t idx, struct rpt_pts_xsr *x)
{
	const struct rpt_test *t = &r->t[idx];
	char *copy = strdup(t->path);
	double t0 = NAN;
	size_t cap = 0;
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	x->test = idx;
	for (size_t j = 0; j < t->njobs && x->ngroup < RPT_XSR_GROUPS && !ret; j++) {
		if (x->ngroup && !strcmp(t->jobs[j].name, x->group[x->ngroup - 1].name))
			continue;	/* a job's other direction */
		ret = rpt_pts_cell_of(t, t->jobs[j].name, &x->group[x->ngroup]);
		if (!ret)
			ret = xsr_periods(dirname(copy), x->ngroup, scale_of(t), &t0, &cap, x);
		x->ngroup++;
		strcpy(copy, t->path);
	}
	free(copy);
	if (ret < 0)
		return ret;
	if (ret > 0)
		x->n = 0;
	for (size_t g = 0; g < x->ngroup && x->n; g++)
		if ((ret = xsr_level(x, g)))
			return ret;
	if (!x->n && !*x->why)
		snprintf(x->why, sizeof(x->why), "%.240s: no periods", t->path);
	return 0;
}

int rpt_pts_rec_build(const struct rpt_report *r, const struct rpt_drive *d,
		      const struct rpt_pts *p, struct rpt_pts_rec **out)
{
	size_t h = test_of(r, d, "hir"), x = test_of(r, d, "xsr");
	struct rpt_pts_rec *rec;
	int ret = 0;

	*out = NULL;
	if (h == (size_t)-1 && x == (size_t)-1)
		return 0;
	rec = calloc(1, sizeof(*rec));
	if (!rec)
		return -ENOMEM;
	rec->has_hir = h != (size_t)-1;
	rec->has_xsr = x != (size_t)-1;
	if (rec->has_hir)
		ret = hir(r, p, h, &rec->hir);
	if (!ret && rec->has_xsr)
		ret = xsr(r, x, &rec->xsr);
	if (ret) {
		rpt_pts_rec_free(rec);
		return ret;
	}
	*out = rec;
	return 0;
}

bool rpt_pts_rec_owns(const struct rpt_pts_rec *rec, size_t test)
{
	return rec && ((rec->has_hir && rec->hir.test == test) ||
		       (rec->has_xsr && rec->xsr.test == test));
}

void rpt_pts_rec_free(struct rpt_pts_rec *rec)
{
	if (!rec)
		return;
	free(rec->hir.phase);
	free(rec->hir.idle_s);
	free(rec->hir.t_min);
	free(rec->hir.iops);
	free(rec->hir.seg_phase);
	free(rec->xsr.t_min);
	free(rec->xsr.mbps);
	free(rec->xsr.seg_group);
	free(rec);
}

void rpt_pts_hir_figs(const struct rpt_pts_hir *h, size_t phase, struct rpt_pts_rec_figs *out)
{
	*out = (struct rpt_pts_rec_figs){ 0 };
	rpt_fig_set(&out->idle_s, h->idle_s[phase]);
}

void rpt_pts_xsr_figs(const struct rpt_pts_xsr *x, size_t g, struct rpt_pts_rec_figs *out)
{
	*out = (struct rpt_pts_rec_figs){ 0 };
	if (isfinite(x->level_mbps[g]))
		rpt_fig_set(&out->level_mbps, x->level_mbps[g]);
	else
		rpt_fig_null(&out->level_mbps, "%s", x->rec_why[g]);
	if (isfinite(x->recovery_min[g]))
		rpt_fig_set(&out->recovery_min, x->recovery_min[g]);
	else
		rpt_fig_null(&out->recovery_min, "%s", x->rec_why[g]);
}
