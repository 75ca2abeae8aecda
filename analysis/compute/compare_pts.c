// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "compare_pts.h"
#include "grow.h"
#include "pts_di.h"
#include "pts_recovery.h"
#include "pts_report.h"

/*
 * Where a page's figures go: first (@fill false) the table's columns, then
 * (@fill true) drive @d's cells, by the same calls.
 */
struct sink {
	struct rpt_cmp_table *tb;
	size_t cap;
	size_t d;
	bool fill;
	int err;
};

/* A page's figures of one drive into @s; false when the drive has no such page. */
typedef bool (*emit_fn)(struct sink *s, const struct rpt_pts *p, const char *name);

/* The cell figures of a test of rounds, by its kind. */
static const char *const iops_keys[] = { "iops", "iops_per_w", NULL };
static const char *const tp_keys[] = { "mbps", "mbps_per_w", NULL };
static const char *const lat_keys[] = { "lat_mean_us", "lat_max_us", "lat_p99999_us", "power_w",
					NULL };
static const char *const di_keys[] = { "iops", "lat_mean_us", "power_w", "iops_per_w", NULL };
static const char *const hir_keys[] = { "iops", "power_w", "iops_per_w", NULL };
static const char *const xsr_keys[] = { "mbps", "lat_mean_us", "lat_max_us", "power_w",
					"mbps_per_w", NULL };

/* Figure @f of row @c of @group ("" for none) as a column, or into its cell. */
static void put(struct sink *s, const char *group, const struct rpt_cat *c, const struct rpt_fig *f)
{
	struct rpt_cmp_table *tb = s->tb;
	struct rpt_cmp_col *col;
	char key[96], label[160];
	size_t k;

	snprintf(key, sizeof(key), "%s%s%s", group, *group ? "/" : "", c->key);
	for (k = 0; k < tb->ncols && strcmp(tb->col[k].key, key); k++)
		;
	if (s->fill) {
		if (k < tb->ncols)
			tb->cell[s->d * tb->ncols + k] = *f;
		return;
	}
	if (k < tb->ncols || s->err)
		return;
	if (RPT_GROW(tb->col, s->cap, tb->ncols, 16)) {
		s->err = -ENOMEM;
		return;
	}
	snprintf(label, sizeof(label), "%s%s%s", group, *group ? " " : "", c->head);
	col = &tb->col[tb->ncols++];
	col->key = strdup(key);
	col->label = strdup(label);
	col->prec = c->digits;
	col->lower_better = c->better == RPT_BETTER_LOWER;
	if (!col->key || !col->label)
		s->err = -ENOMEM;
}

/*
 * A page's own figure (the RPT_OF_PTS_PAGE, RPT_OF_HIR or RPT_OF_XSR row
 * @key): @v, or null with @why where not finite.
 */
static void put_num(struct sink *s, const char *group, const char *key, double v, const char *why)
{
	const struct rpt_cat *c = rpt_cat_find(RPT_OF_PTS_PAGE, key);
	struct rpt_fig f = { 0 };

	if (!c)
		c = rpt_cat_find(RPT_OF_HIR, key);
	if (!c)
		c = rpt_cat_find(RPT_OF_XSR, key);

	if (isfinite(v))
		rpt_fig_set(&f, v);
	else
		rpt_fig_null(&f, "%s", why && *why ? why : "not measured");
	put(s, group, c, &f);
}

static void put_cell(struct sink *s, const char *group, const char *const *keys,
		     const struct rpt_pts_cell *c)
{
	for (; *keys; keys++) {
		const struct rpt_cat *cat = rpt_cat_find(RPT_OF_PTS, *keys);

		put(s, group, cat, rpt_cat_pts(cat, c));
	}
}

static const struct rpt_pts_test *test_named(const struct rpt_pts *p, const char *name)
{
	for (size_t i = 0; p && i < p->nt; i++)
		if (!strcmp(p->t[i].name, name))
			return &p->t[i];
	return NULL;
}

static bool emit_rounds(struct sink *s, const struct rpt_pts *p, const char *name)
{
	const struct rpt_pts_test *t = test_named(p, name);
	const char *const *keys;

	if (!t)
		return false;
	keys = t->kind == RPT_PTS_K_THROUGHPUT ? tp_keys :
	       t->kind == RPT_PTS_K_LATENCY ? lat_keys : iops_keys;
	for (size_t i = 0; i < t->ncells; i++)
		put_cell(s, t->cell[i].name, keys, &t->cell[i]);
	return true;
}

static bool emit_di(struct sink *s, const struct rpt_pts *p, const char *name)
{
	const struct rpt_pts_test *t = test_named(p, name);
	const struct rpt_pts_di *di = t ? t->di : NULL;

	if (!di)
		return false;
	for (int k = 0; k < RPT_DI_NPICKS; k++) {
		const char *pick = rpt_pts_di_pick_name(k);
		const struct rpt_pts_di_point *pt = di->pick[k] >= 0 ? &di->pt[di->pick[k]] : NULL;
		char why[96];

		if (pt) {
			put_cell(s, pick, di_keys, &pt->c);
			put_num(s, pick, "oio", (double)pt->tc * pt->qd, NULL);
			continue;
		}
		if (k == RPT_DI_OPTIMAL)
			snprintf(why, sizeof(why), "no point within the %.0f µs ceiling", di->ceiling_us);
		else
			snprintf(why, sizeof(why), "no point with IOPS");
		for (const char *const *key = di_keys; *key; key++) {
			struct rpt_fig f = { 0 };

			rpt_fig_null(&f, "%s", why);
			put(s, pick, rpt_cat_find(RPT_OF_PTS, *key), &f);
		}
		put_num(s, pick, "oio", NAN, why);
	}
	return true;
}

static bool emit_wsat(struct sink *s, const struct rpt_pts *p, const char *name)
{
	const struct rpt_pts_wsat *ws = p && p->has_wsat ? &p->wsat : NULL;

	(void)name;
	if (!ws)
		return false;
	put_num(s, "", "first_iops", ws->n ? ws->iops[0] : NAN, ws->why);
	put_num(s, "", "last_iops", ws->n ? ws->iops[ws->n - 1] : NAN, ws->why);
	return true;
}

static bool emit_hir(struct sink *s, const struct rpt_pts *p, const char *name)
{
	const struct rpt_pts_hir *h = p && p->rec && p->rec->has_hir ? &p->rec->hir : NULL;

	(void)name;
	if (!h)
		return false;
	put_num(s, "preconditioning", "steady_iops", h->steady_iops,
		"no steady state of the preconditioning rounds");
	for (size_t i = 0; i < h->nphase; i++) {
		put_num(s, h->phase[i].name, "idle_s", h->idle_s[i], h->why);
		put_cell(s, h->phase[i].name, hir_keys, &h->phase[i]);
	}
	return true;
}

static bool emit_xsr(struct sink *s, const struct rpt_pts *p, const char *name)
{
	const struct rpt_pts_xsr *x = p && p->rec && p->rec->has_xsr ? &p->rec->xsr : NULL;

	(void)name;
	if (!x)
		return false;
	for (size_t g = 0; g < x->ngroup; g++) {
		put_num(s, x->group[g].name, "level_mbps", x->level_mbps[g], x->why);
		put_num(s, x->group[g].name, "recovery_min", x->recovery_min[g], x->rec_why[g]);
		put_cell(s, x->group[g].name, xsr_keys, &x->group[g]);
	}
	return true;
}

static void table_free(struct rpt_cmp_table *tb)
{
	for (size_t k = 0; k < tb->ncols; k++) {
		free(tb->col[k].key);
		free(tb->col[k].label);
	}
	free(tb->col);
	free(tb->cell);
	free(tb->test);
}

/* Table "pts/@what" of every drive's @emit(@name) appended to @c. */
static int table(const struct rpt_report *r, struct rpt_cmp *c, const char *what, emit_fn emit,
		 const char *name)
{
	struct rpt_cmp_table tb = { .by_figure = true }, *nt;
	struct sink s = { .tb = &tb };
	size_t d, k;

	if (asprintf(&tb.test, "%s%s", RPT_CMP_PTS_PREFIX, what) < 0)
		return -ENOMEM;
	for (d = 0; d < r->nd && !s.err; d++)
		emit(&s, r->d[d].pts, name);
	tb.cell = s.err ? NULL : calloc(r->nd * (tb.ncols ? tb.ncols : 1), sizeof(*tb.cell));
	nt = tb.cell ? realloc(c->t, (c->n + 1) * sizeof(*nt)) : NULL;
	if (!nt) {
		table_free(&tb);
		return -ENOMEM;
	}
	c->t = nt;
	s.fill = true;
	for (d = 0; d < r->nd; d++) {
		struct rpt_fig *row = &tb.cell[d * tb.ncols];
		bool has;

		for (k = 0; k < tb.ncols; k++)
			rpt_fig_null(&row[k], "%s's %s has no such figure", r->d[d].name, what);
		s.d = d;
		has = emit(&s, r->d[d].pts, name);
		for (k = 0; !has && k < tb.ncols; k++)
			rpt_fig_null(&row[k], "%s has no SNIA PTS %s", r->d[d].name, what);
	}
	c->t[c->n++] = tb;
	return 0;
}

int rpt_compare_pts(const struct rpt_report *r, struct rpt_cmp *c)
{
	bool wsat = false, hir = false, xsr = false;
	size_t d, i, e;
	int ret = 0;

	/* the tests of rounds, each once, at the first drive that ran it */
	for (d = 0; d < r->nd; d++) {
		const struct rpt_pts *p = r->d[d].pts;

		for (i = 0; p && i < p->nt && !ret; i++) {
			const struct rpt_pts_test *t = &p->t[i];
			bool seen = false;
			char di[96];

			for (e = 0; e < d && !seen; e++)
				seen = test_named(r->d[e].pts, t->name) != NULL;
			if (seen)
				continue;
			ret = table(r, c, t->name, emit_rounds, t->name);
			for (e = d; e < r->nd && !ret; e++) {
				const struct rpt_pts_test *o = test_named(r->d[e].pts, t->name);

				if (o && o->di) {
					snprintf(di, sizeof(di), "%s-di", t->name);
					ret = table(r, c, di, emit_di, t->name);
					break;
				}
			}
		}
		wsat |= p && p->has_wsat;
		hir |= p && p->rec && p->rec->has_hir;
		xsr |= p && p->rec && p->rec->has_xsr;
	}
	if (!ret && wsat)
		ret = table(r, c, "wsat", emit_wsat, NULL);
	if (!ret && hir)
		ret = table(r, c, "hir-recovery", emit_hir, NULL);
	if (!ret && xsr)
		ret = table(r, c, "xsr", emit_xsr, NULL);
	return ret;
}

const char *rpt_cmp_col_fig(const struct rpt_cmp_col *col)
{
	const char *s = strrchr(col->key, '/');

	return s ? s + 1 : col->key;
}

char *rpt_cmp_col_group(char *buf, size_t len, const struct rpt_cmp_col *col)
{
	const char *s = strrchr(col->key, '/');

	snprintf(buf, len, "%.*s", s ? (int)(s - col->key) : 0, col->key);
	return buf;
}
