// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "compare.h"
#include "compare_pts.h"
#include "grow.h"
#include "review.h"
#include "series.h"

/* One headline figure of one test of one drive. */
struct head {
	char key[96];
	char label[128];
	int prec;
	int lower_better;
	const struct rpt_fig *f;
};

struct heads {
	struct head *h;
	size_t n, cap;
};

/* Catalogue row @c's figure @f as a column, its key and head after @prefix. */
static int add(struct heads *hs, const char *prefix, const struct rpt_cat *c,
	       const struct rpt_fig *f)
{
	struct head *h;

	if (RPT_GROW(hs->h, hs->cap, hs->n, 16))
		return -ENOMEM;
	h = &hs->h[hs->n++];
	snprintf(h->key, sizeof(h->key), "%s%s%s", prefix ? prefix : "", prefix ? "/" : "", c->key);
	snprintf(h->label, sizeof(h->label), "%s%s%s", prefix ? prefix : "", prefix ? " " : "",
		 c->head);
	h->prec = c->digits;
	h->lower_better = c->better == RPT_BETTER_LOWER;
	h->f = f;
	return 0;
}

/* Job @j's figure of catalogue row @key of @of as a column. */
static int add_job(struct heads *hs, const char *prefix, enum rpt_cat_of of, const char *key,
		   const struct rpt_job *j)
{
	const struct rpt_cat *c = rpt_cat_find(of, key);

	return add(hs, prefix, c, rpt_cat_job(c, j));
}

static bool in_series(const struct rpt_test *t, size_t k)
{
	size_t i, m;

	for (i = 0; i < t->nseries; i++)
		for (m = 0; m < t->series[i].n; m++)
			if (t->series[i].job[m] == k)
				return true;
	return false;
}

static int job_heads(struct heads *hs, const char *p, const struct rpt_test *t,
		     const struct rpt_job *j)
{
	bool small = j->bs.ok && j->bs.v <= 16384;
	int ret = 0;

	const struct rpt_cat *c;

	if (j->has_trace) {	/* the trace results, its idle cut said */
		for (c = rpt_cat_first(RPT_OF_TRACE); c; c = rpt_cat_next(c))
			ret |= add(hs, p, c, rpt_cat_job(c, j));
		return ret;
	}
	if (j->has_bursts) {
		ret |= add_job(hs, p, RPT_OF_BURST, "burst_mbps", j);
		ret |= add_job(hs, p, RPT_OF_JOB, "power_w", j);
		return ret;
	}
	/* power states: an idle job's W, a wake-up gap's median and p99 */
	if (j->pstate.have && !strcmp(j->pstate.kind, "idle"))
		return add_job(hs, p, RPT_OF_PSTATE, "idle_w", j);
	if (j->pstate.have && !strcmp(j->pstate.kind, "wake")) {
		ret |= add_job(hs, p, RPT_OF_PSTATE, "wake_p50_us", j);
		ret |= add_job(hs, p, RPT_OF_JOB, "lat_p99_us", j);
		return ret;
	}
	if (rpt_job_is_fill(t, j)) {
		for (c = rpt_cat_first(RPT_OF_FILL); c; c = rpt_cat_next(c))
			if (c->flags & RPT_CAT_COMPARE)
				ret |= add(hs, p, c, rpt_cat_job(c, j));
		return ret;
	}
	ret |= add_job(hs, p, RPT_OF_JOB, small ? "iops" : "mbps", j);
	ret |= add_job(hs, p, RPT_OF_JOB, "power_w", j);
	ret |= add_job(hs, p, RPT_OF_JOB, small ? "iops_per_w" : "mbps_per_w", j);
	ret |= add_job(hs, p, RPT_OF_JOB, "lat_mean_us", j);
	ret |= add_job(hs, p, RPT_OF_JOB, "lat_p99_us", j);
	ret |= add_job(hs, p, RPT_OF_JOB, "lat_p9999_us", j);
	return ret;
}

/* The headline figures of @t (see compare.h). */
static int headlines(const struct rpt_test *t, struct heads *hs)
{
	size_t i, k, plain = 0;
	int ret = 0;

	for (k = 0; k < t->njobs; k++)
		plain += !in_series(t, k);
	for (i = 0; i < t->nseries; i++) {
		const struct rpt_series *s = &t->series[i];
		const char *p = t->nseries > 1 || plain ? s->name : NULL;

		if (s->kind != RPT_SERIES_BS) {	/* a score: queue depths, mixes */
			const struct rpt_cat *c;

			for (c = rpt_cat_first(RPT_OF_SERIES); c; c = rpt_cat_next(c))
				ret |= add(hs, p, c, rpt_cat_series(c, s));
			continue;
		}
		for (k = 0; k < s->n; k++) {
			const struct rpt_job *j = &t->jobs[s->job[k]];
			bool rnd = strstr(j->rw, "rand") != NULL;
			double bs = rpt_series_param(t, s, k);
			char pre[80];

			if (bs != (rnd ? 4096 : 131072))
				continue;
			snprintf(pre, sizeof(pre), "%s%s%s", p ? p : "", p ? " " : "", j->name);
			ret |= add_job(hs, pre, RPT_OF_JOB, rnd ? "iops" : "mbps", j);
			ret |= add_job(hs, pre, RPT_OF_JOB, "power_w", j);
		}
	}
	for (k = 0; k < t->njobs; k++)
		if (!in_series(t, k))
			ret |= job_heads(hs, plain > 1 ? t->jobs[k].name : NULL, t, &t->jobs[k]);
	return ret ? -ENOMEM : 0;
}

static int table(const struct rpt_report *r, const char *name, struct rpt_cmp_table *tb)
{
	struct heads *hs = calloc(r->nd, sizeof(*hs));
	size_t d, i, k;
	int ret = -ENOMEM;

	memset(tb, 0, sizeof(*tb));
	tb->test = strdup(name);
	if (!hs || !tb->test)
		goto out;
	/* the columns: every drive's headlines for the test, first seen first */
	for (d = 0; d < r->nd; d++) {
		const struct rpt_test *t = rpt_drive_test(r, &r->d[d], name);

		if (t && headlines(t, &hs[d]))
			goto out;
		for (i = 0; i < hs[d].n; i++) {
			struct rpt_cmp_col *nc;

			for (k = 0; k < tb->ncols && strcmp(tb->col[k].key, hs[d].h[i].key); k++)
				;
			if (k < tb->ncols)
				continue;
			nc = realloc(tb->col, (tb->ncols + 1) * sizeof(*nc));
			if (!nc)
				goto out;
			tb->col = nc;
			nc[k].key = strdup(hs[d].h[i].key);
			nc[k].label = strdup(hs[d].h[i].label);
			nc[k].prec = hs[d].h[i].prec;
			nc[k].lower_better = hs[d].h[i].lower_better;
			tb->ncols++;
			if (!nc[k].key || !nc[k].label)
				goto out;
		}
	}
	tb->cell = calloc(r->nd * (tb->ncols ? tb->ncols : 1), sizeof(*tb->cell));
	if (!tb->cell)
		goto out;
	for (d = 0; d < r->nd; d++) {
		const struct rpt_test *t = rpt_drive_test(r, &r->d[d], name);

		for (k = 0; k < tb->ncols; k++) {
			struct rpt_fig *c = &tb->cell[d * tb->ncols + k];

			for (i = 0; i < hs[d].n && strcmp(hs[d].h[i].key, tb->col[k].key); i++)
				;
			if (i < hs[d].n)
				*c = *hs[d].h[i].f;
			else if (!t)
				rpt_fig_null(c, "%s has no test %s", r->d[d].name, name);
			else
				rpt_fig_null(c, "%s's %s has no such figure", r->d[d].name, name);
		}
	}
	ret = 0;
out:
	for (d = 0; hs && d < r->nd; d++)
		free(hs[d].h);
	free(hs);
	return ret;
}

int rpt_compare(const struct rpt_report *r, struct rpt_cmp *c)
{
	size_t d, i, k;
	int ret;

	memset(c, 0, sizeof(*c));
	c->ndrives = r->nd;
	if (r->nd < 2)
		return 0;
	for (d = 0; d < r->nd; d++) {
		for (i = 0; i < r->d[d].ntests; i++) {
			const char *name = r->t[r->d[d].test[i]].name;
			struct rpt_cmp_table *nt;

			if (!r->t[r->d[d].test[i]].njobs)
				continue;
			for (k = 0; k < c->n && strcmp(c->t[k].test, name); k++)
				;
			if (k < c->n)
				continue;
			nt = realloc(c->t, (c->n + 1) * sizeof(*nt));
			if (!nt) {
				rpt_compare_free(c);
				return -ENOMEM;
			}
			c->t = nt;
			ret = table(r, name, &c->t[c->n++]);
			if (ret) {
				rpt_compare_free(c);
				return ret;
			}
		}
	}
	ret = rpt_compare_pts(r, c);
	if (ret)
		rpt_compare_free(c);
	return ret;
}

void rpt_compare_free(struct rpt_cmp *c)
{
	size_t i, k;

	if (!c)
		return;
	for (i = 0; i < c->n; i++) {
		for (k = 0; k < c->t[i].ncols; k++) {
			free(c->t[i].col[k].key);
			free(c->t[i].col[k].label);
		}
		free(c->t[i].col);
		free(c->t[i].cell);
		free(c->t[i].test);
	}
	free(c->t);
	memset(c, 0, sizeof(*c));
}
