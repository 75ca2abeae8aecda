// SPDX-License-Identifier: GPL-2.0-only
/*
 * The drives' SNIA PTS pages side by side (analysis/compute/compare_pts.h,
 * write_pts_compare.c), on two drives' pages built here: an IOPS test
 * (drive B with a cell A lacks), DIRTH's rounds and ladder (B with no point
 * within the ceiling), WSAT, host idle recovery and cross-stimulus recovery
 * (A's only). Held to:
 * - the tables: their names and order, each cell the drive's own figure,
 *   nulls with the reason (no such cell, no point within the ceiling, no
 *   XSR, the first access group's recovery);
 * - the JSON: every figure of every "pts/..." comparison row equal to the
 *   same drive's "pts" page in the same document, found by the page's own
 *   keys (cells by name, picks by their point, phases and groups by name);
 * - the text: each table turned, a row a figure, a column a drive; the
 *   pages' own runs (a round) left to them, out of the tables of tests;
 * - the HTML: every chart (--svg-dir files) carrying every drive that has
 *   the page, --highlight changing only the highlighted drive's marks;
 * - --series-csv's compare.pts.csv: a row a figure of a drive.
 */
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"

#include "chart.h"
#include "compare_pts.h"
#include "html.h"
#include "pts_di.h"
#include "pts_recovery.h"
#include "pts_report.h"
#include "writers.h"

#define NDRIVES	2

/* A cell whose figures are @iops and @mbps at @lat_us, @w. */
static void cell(struct rpt_pts_cell *c, const char *name, double iops, double mbps, double lat_us,
		 double w)
{
	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->mix = -1;
	rpt_fig_set(&c->iops, iops);
	rpt_fig_set(&c->mbps, mbps);
	rpt_fig_set(&c->lat_mean_us, lat_us);
	rpt_fig_set(&c->lat_max_us, lat_us * 9.5);
	rpt_fig_set(&c->lat_p99999_us, lat_us * 4.25);
	rpt_fig_set(&c->power_w, w);
	rpt_fig_set(&c->iops_per_w, iops / w);
	rpt_fig_set(&c->mbps_per_w, mbps / w);
	rpt_fig_null(&c->temp_max_c, "no SMART sidecar");
}

static double *arr(size_t n, const double *v)
{
	double *a = malloc(n * sizeof(*a));

	memcpy(a, v, n * sizeof(*a));
	return a;
}

/* A ladder of six points; @s scales IOPS, @lat their mean response times. */
static struct rpt_pts_di *ladder(double s, const double *lat)
{
	static const unsigned int tc[6] = { 32, 32, 4, 4, 1, 1 }, qd[6] = { 32, 4, 8, 1, 4, 1 };
	static const double iops[6] = { 70e3, 65e3, 60e3, 30e3, 25e3, 12e3 };
	struct rpt_pts_di *di = calloc(1, sizeof(*di));

	di->pt = calloc(6, sizeof(*di->pt));
	di->n = 6;
	di->ceiling_us = RPT_PTS_DI_CEILING_US;
	for (int i = 0; i < 6; i++) {
		char name[16];

		snprintf(name, sizeof(name), "t%uq%u", tc[i], qd[i]);
		cell(&di->pt[i].c, name, iops[i] * s, iops[i] * s * 4096 / 1e6, lat[i], 9 * s);
		di->pt[i].tc = tc[i];
		di->pt[i].qd = qd[i];
	}
	rpt_pts_di_pick(di);
	return di;
}

/*
 * Drive @d's pages: A (@d 0) and B (1) differ in every figure (B's x 1.7),
 * B runs an extra IOPS cell and no XSR, its ladder nothing within 5 ms.
 */
static struct rpt_pts *pages(int d)
{
	static const double lat_a[6] = { 15000, 1900, 500, 130, 160, 83 },
			    lat_b[6] = { 30000, 9000, 9000, 6000, 7000, 6000 };
	static const double gb[3] = { 100, 200, 300 }, wiops[3] = { 390e3, 200e3, 80e3 },
			    wmin[3] = { 1, 2, 3 };
	double s = d ? 1.7 : 1;
	struct rpt_pts *p = calloc(1, sizeof(*p));
	struct rpt_pts_hir *h;
	struct rpt_pts_xsr *x;

	p->nt = 2;
	p->t = calloc(2, sizeof(*p->t));
	p->t[0].name = strdup("iops");
	p->t[0].kind = RPT_PTS_K_IOPS;
	p->t[0].ncells = d ? 3 : 2;
	p->t[0].cell = calloc(3, sizeof(*p->t[0].cell));
	cell(&p->t[0].cell[0], "r0-4k", 68.5e3 * s, 280 * s, 460, 11 * s);
	cell(&p->t[0].cell[1], "r100-4k", 400e3 * s, 1640 * s, 80, 8 * s);
	cell(&p->t[0].cell[2], "r65-4k", 150e3 * s, 615 * s, 210, 10 * s);
	p->t[1].name = strdup("dirth");
	p->t[1].kind = RPT_PTS_K_DIRTH;
	p->t[1].ncells = 1;
	p->t[1].cell = calloc(1, sizeof(*p->t[1].cell));
	cell(&p->t[1].cell[0], "t32q32", 69e3 * s, 283 * s, 14800, 9.5 * s);
	p->t[1].di = ladder(s, d ? lat_b : lat_a);
	for (int i = 0; i < 2; i++) {
		p->t[i].prep = (size_t)-1;
		p->t[i].steady = -1;
	}
	p->has_wsat = true;
	p->wsat.n = 3;
	p->wsat.gb = arr(3, gb);
	p->wsat.iops = arr(3, wiops);
	p->wsat.iops[2] *= s;
	p->wsat.min = arr(3, wmin);
	p->rec = calloc(1, sizeof(*p->rec));
	p->rec->has_hir = true;
	h = &p->rec->hir;
	h->nphase = 2;
	h->phase = calloc(2, sizeof(*h->phase));
	cell(&h->phase[0], "wait1", 120e3 * s, 490 * s, 900, 7 * s);
	cell(&h->phase[1], "baseline1", 69e3 * s, 282 * s, 1800, 11 * s);
	h->idle_s = arr(2, (const double[]){ 5 * s, 0 });
	h->n = 3;
	h->t_min = arr(3, (const double[]){ 0, 0.2, 0.4 });
	h->iops = arr(3, (const double[]){ 130e3 * s, 110e3 * s, 69e3 * s });
	h->seg_phase = calloc(3, sizeof(*h->seg_phase));
	h->seg_phase[2] = 1;
	h->steady_iops = 68e3 * s;
	if (d)
		return p;
	p->rec->has_xsr = true;
	x = &p->rec->xsr;
	x->ngroup = 3;
	cell(&x->group[0], "ag1-seq-1024k", 3000, 3145, 10500, 12);
	cell(&x->group[1], "ag2-rnd-8k", 20e3, 164, 1600, 11);
	cell(&x->group[2], "ag3-seq-1024k", 1500, 1573, 21000, 12.5);
	x->level_mbps[0] = 3145;
	x->level_mbps[1] = 160;
	x->level_mbps[2] = 1600;
	x->recovery_min[0] = NAN;
	snprintf(x->rec_why[0], sizeof(x->rec_why[0]), "the first access group: no stimulus before it");
	x->recovery_min[1] = 4.5;
	x->recovery_min[2] = 37.25;
	x->n = 3;
	x->t_min = arr(3, (const double[]){ 0, 480, 840 });
	x->mbps = arr(3, (const double[]){ 3145, 162, 1590 });
	x->seg_group = calloc(3, sizeof(*x->seg_group));
	x->seg_group[1] = 1;
	x->seg_group[2] = 2;
	return p;
}

static void report(struct rpt_report *r)
{
	static const char *const name[NDRIVES] = { "Drive A", "Drive B" };
	static const char *const dir[NDRIVES] = { "results/a", "results/b" };

	memset(r, 0, sizeof(*r));
	r->nd = NDRIVES;
	r->d = calloc(NDRIVES, sizeof(*r->d));
	for (int d = 0; d < NDRIVES; d++) {
		r->d[d].name = strdup(name[d]);
		r->d[d].dir = strdup(dir[d]);
		r->d[d].dev.scale = 1;
		r->d[d].pts = pages(d);
	}
}

static const struct rpt_cmp_table *table_of(const struct rpt_cmp *c, const char *test)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->t[i].test, test))
			return &c->t[i];
	return NULL;
}

/* Drive @d's figure @key of table @test, or NULL without the column. */
static const struct rpt_fig *fig(const struct rpt_cmp *c, const char *test, const char *key,
				 size_t d)
{
	const struct rpt_cmp_table *tb = table_of(c, test);

	for (size_t k = 0; tb && k < tb->ncols; k++)
		if (!strcmp(tb->col[k].key, key))
			return &tb->cell[d * tb->ncols + k];
	return NULL;
}

static bool is(const struct rpt_fig *f, double v)
{
	return f && f->ok && f->v == v;
}

static bool null_with(const struct rpt_fig *f, const char *why)
{
	return f && !f->ok && strstr(f->why, why);
}

TEST(tables_hold_each_drives_figures)
{
	static const char *const want[] = { "pts/iops", "pts/dirth", "pts/dirth-di", "pts/wsat",
					    "pts/hir-recovery", "pts/xsr" };
	struct rpt_report r;
	struct rpt_cmp c;
	size_t first = 0;

	report(&r);
	CHECK_EQ_INT(rpt_compare(&r, &c), 0);
	while (first < c.n && strncmp(c.t[first].test, RPT_CMP_PTS_PREFIX, 4))
		first++;
	CHECK_EQ_INT(c.n - first, sizeof(want) / sizeof(want[0]));
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]) && first + i < c.n; i++) {
		CHECK_STREQ(c.t[first + i].test, want[i]);
		CHECK(c.t[first + i].by_figure);
	}
	for (size_t d = 0; d < NDRIVES; d++) {
		const struct rpt_pts *p = r.d[d].pts;
		const struct rpt_pts_di *di = p->t[1].di;

		CHECK(is(fig(&c, "pts/iops", "r0-4k/iops", d), p->t[0].cell[0].iops.v));
		CHECK(is(fig(&c, "pts/iops", "r100-4k/iops_per_w", d), p->t[0].cell[1].iops_per_w.v));
		CHECK(is(fig(&c, "pts/dirth", "t32q32/iops", d), p->t[1].cell[0].iops.v));
		CHECK(is(fig(&c, "pts/dirth-di", "max/iops", d), di->pt[di->pick[RPT_DI_MAX]].c.iops.v));
		CHECK(is(fig(&c, "pts/dirth-di", "min/oio", d), 1));
		CHECK(is(fig(&c, "pts/dirth-di", "max/lat_mean_us", d),
			 di->pt[di->pick[RPT_DI_MAX]].c.lat_mean_us.v));
		CHECK(is(fig(&c, "pts/wsat", "first_iops", d), p->wsat.iops[0]));
		CHECK(is(fig(&c, "pts/wsat", "last_iops", d), p->wsat.iops[2]));
		CHECK(is(fig(&c, "pts/hir-recovery", "preconditioning/steady_iops", d),
			 p->rec->hir.steady_iops));
		CHECK(is(fig(&c, "pts/hir-recovery", "wait1/idle_s", d), p->rec->hir.idle_s[0]));
		CHECK(is(fig(&c, "pts/hir-recovery", "baseline1/iops", d), p->rec->hir.phase[1].iops.v));
		CHECK(is(fig(&c, "pts/hir-recovery", "wait1/iops_per_w", d),
			 p->rec->hir.phase[0].iops_per_w.v));
	}
	/* the drives differ: A's figure is never B's */
	CHECK(fig(&c, "pts/iops", "r0-4k/iops", 0)->v != fig(&c, "pts/iops", "r0-4k/iops", 1)->v);
	/* the picks: A's optimal T32Q4 at 1.9 ms, B none within the ceiling */
	CHECK(is(fig(&c, "pts/dirth-di", "optimal/oio", 0), 128));
	CHECK(null_with(fig(&c, "pts/dirth-di", "optimal/iops", 1), "no point within the 5000 µs"));
	CHECK(null_with(fig(&c, "pts/iops", "r65-4k/iops", 0), "Drive A's iops has no such figure"));
	CHECK(is(fig(&c, "pts/iops", "r65-4k/iops", 1), r.d[1].pts->t[0].cell[2].iops.v));
	CHECK(is(fig(&c, "pts/xsr", "ag3-seq-1024k/recovery_min", 0), 37.25));
	CHECK(is(fig(&c, "pts/xsr", "ag2-rnd-8k/level_mbps", 0), 160));
	CHECK(is(fig(&c, "pts/xsr", "ag1-seq-1024k/lat_max_us", 0), 10500 * 9.5));
	CHECK(null_with(fig(&c, "pts/xsr", "ag1-seq-1024k/recovery_min", 0), "no stimulus before"));
	CHECK(null_with(fig(&c, "pts/xsr", "ag2-rnd-8k/mbps", 1), "Drive B has no SNIA PTS xsr"));
	rpt_compare_free(&c);
	rpt_report_free(&r);
}

/* ---- the JSON: each comparison figure against the drive's own page ---- */

static json_object *get(json_object *o, const char *key)
{
	json_object *v = NULL;

	return o && json_object_object_get_ex(o, key, &v) ? v : NULL;
}

/* Element @i of @a, NULL when @a is no array or shorter. */
static json_object *at(json_object *a, long i)
{
	if (!json_object_is_type(a, json_type_array) || i < 0 ||
	    (size_t)i >= json_object_array_length(a))
		return NULL;
	return json_object_array_get_idx(a, (size_t)i);
}

static json_object *named(json_object *a, const char *field, const char *name)
{
	for (long i = 0; name && at(a, i); i++) {
		json_object *e = at(a, i);

		if (get(e, field) && !strcmp(json_object_get_string(get(e, field)), name))
			return e;
	}
	return NULL;
}

static long index_of(json_object *a, const char *name)
{
	for (long i = 0; at(a, i); i++)
		if (!strcmp(json_object_get_string(get(at(a, i), "name")), name))
			return i;
	return -1;
}

/* The figure page @page's column @key is of, in the drive's "pts" object @pts; NULL: none. */
static json_object *page_fig(json_object *pts, const char *page, const char *key)
{
	char group[64] = "";
	const char *f = strrchr(key, '/');
	size_t len = strlen(page);
	json_object *o;
	long i;

	if (f)
		snprintf(group, sizeof(group), "%.*s", (int)(f - key), key);
	f = f ? f + 1 : key;
	if (!strcmp(page, "wsat")) {
		o = get(get(pts, "wsat"), "iops");
		return !o ? NULL : at(o, strcmp(f, "first_iops") ? (long)json_object_array_length(o) - 1 : 0);
	}
	if (!strcmp(page, "hir-recovery")) {
		o = get(pts, "hir");
		if (!strcmp(f, "steady_iops"))
			return get(o, f);
		i = index_of(get(o, "phases"), group);
		return !strcmp(f, "idle_s") ? at(get(o, "idle_s"), i) : get(at(get(o, "phases"), i), f);
	}
	if (!strcmp(page, "xsr")) {
		o = get(pts, "xsr");
		i = index_of(get(o, "groups"), group);
		return !strcmp(f, "level_mbps") || !strcmp(f, "recovery_min") ? at(get(o, f), i) :
		       get(at(get(o, "groups"), i), f);
	}
	if (len > 3 && !strcmp(page + len - 3, "-di")) {
		char test[64];

		snprintf(test, sizeof(test), "%.*s", (int)(len - 3), page);
		o = get(named(get(pts, "tests"), "test", test), "di");
		o = named(get(o, "points"), "cell", json_object_get_string(get(get(o, "picks"), group)));
		return get(o, f);
	}
	return get(named(get(named(get(pts, "tests"), "test", page), "cells"), "cell", group), f);
}

TEST(json_figures_are_the_pages)
{
	struct rpt_report r;
	char *buf = NULL;
	size_t len = 0, checked = 0, nulls = 0;
	FILE *out = open_memstream(&buf, &len);
	json_object *doc, *cmp;

	report(&r);
	CHECK_EQ_INT(rpt_write_json(out, &r), 0);
	fclose(out);
	doc = json_tokener_parse(buf);
	if (!CHECK(doc != NULL)) {
		printf("%s\n", buf);
		goto out;
	}
	cmp = get(doc, "comparison");
	CHECK(cmp != NULL);
	for (long t = 0; at(cmp, t); t++) {
		json_object *tb = at(cmp, t);
		const char *test = json_object_get_string(get(tb, "test"));
		json_object *cols = get(tb, "columns"), *rows = get(tb, "rows");

		if (strncmp(test, RPT_CMP_PTS_PREFIX, 4))
			continue;
		for (long d = 0; at(rows, d); d++) {
			json_object *row = at(rows, d);
			json_object *drive = named(get(doc, "drives"), "name",
						   json_object_get_string(get(row, "drive")));
			json_object *pts = get(drive, "pts");

			CHECK(pts != NULL);
			for (long k = 0; at(cols, k); k++) {
				const char *key = json_object_get_string(get(at(cols, k), "key"));
				json_object *v = at(get(row, "values"), k);
				json_object *p = page_fig(pts, test + 4, key);

				if (!v) {	/* null: the page has none either */
					nulls++;
					if (!CHECK(!p))
						printf("  %s %s of %s: null, the page's %s\n", test, key,
						       json_object_get_string(get(row, "drive")),
						       json_object_get_string(p));
					continue;
				}
				checked++;
				if (!CHECK(p && fabs(json_object_get_double(p) - json_object_get_double(v)) <=
					   1e-9 * fabs(json_object_get_double(v))))
					printf("  %s %s of %s: %s, the page's %s\n", test, key,
					       json_object_get_string(get(row, "drive")),
					       json_object_get_string(v), p ? json_object_get_string(p) : "none");
			}
		}
	}
	/* 2 tests' cells, the ladders' 4 picks x 5, WSAT, HIR, XSR: every figure seen */
	CHECK_EQ_INT(checked + nulls, 2 * (3 * 2 + 2 + 4 * 5 + 2 + 1 + 2 * 4 + 3 * 7));
	CHECK(checked > 60);
	json_object_put(doc);
out:
	free(buf);
	rpt_report_free(&r);
}

/* The text report of @r. */
static char *text_of(const struct rpt_report *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	CHECK_EQ_INT(rpt_write_text(out, r, false), 0);
	fclose(out);
	return buf;
}

TEST(text_turns_the_tables)
{
	struct rpt_report r;
	char *buf;

	report(&r);
	buf = text_of(&r);
	CHECK_CONTAINS(buf, "\n== pts/xsr\nfigure ");
	CHECK(strstr(buf, "\n== pts/xsr\n") && strstr(strstr(buf, "\n== pts/xsr\n"), "Drive A      Drive B"));
	CHECK_CONTAINS(buf, "\nag3-seq-1024k recovery min         37.2            -\n");
	CHECK_CONTAINS(buf, "\noptimal OIO ");
	free(buf);
	rpt_report_free(&r);
}

/* A test of one 4 KiB random job named @name. */
static void one_job_test(struct rpt_test *t, const char *name, double iops)
{
	memset(t, 0, sizeof(*t));
	t->name = strdup(name);
	t->path = strdup(name);
	t->dev.scale = 1;
	t->njobs = 1;
	t->jobs = calloc(1, sizeof(*t->jobs));
	t->jobs[0].name = strdup(name);
	t->jobs[0].rw = strdup("randwrite");
	rpt_fig_set(&t->jobs[0].bs, 4096);
	rpt_fig_set(&t->jobs[0].iodepth, 32);
	rpt_fig_set(&t->jobs[0].iops, iops);
	rpt_fig_set(&t->jobs[0].mbps, iops * 4096 / 1e6);
}

/*
 * Each drive with an ordinary test and DIRTH's round 1: the round is its
 * PTS page's (compared there), the ordinary test has its table.
 */
TEST(text_leaves_the_rounds_to_the_pages)
{
	struct rpt_report r;
	char *buf;

	report(&r);
	r.nt = 2 * NDRIVES;
	r.t = calloc(r.nt, sizeof(*r.t));
	for (size_t d = 0; d < NDRIVES; d++) {
		struct rpt_pts_test *dirth = &r.d[d].pts->t[1];

		one_job_test(&r.t[2 * d], "rand-write-4k", 1000.0 * (d + 1));
		one_job_test(&r.t[2 * d + 1], "dirth-round-1", 2000.0 * (d + 1));
		r.d[d].ntests = 2;
		r.d[d].test = malloc(2 * sizeof(*r.d[d].test));
		r.d[d].test[0] = 2 * d;
		r.d[d].test[1] = 2 * d + 1;
		dirth->nrounds = 1;
		dirth->round = malloc(sizeof(*dirth->round));
		dirth->round[0] = 2 * d + 1;
	}
	buf = text_of(&r);
	CHECK_CONTAINS(buf, "\n== rand-write-4k\n");
	CHECK_CONTAINS(buf, "\n== pts/dirth\n");
	CHECK(!strstr(buf, "\n== dirth-round-1\n"));
	free(buf);
	rpt_report_free(&r);
}

/* ---- the HTML's charts ---- */

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *s = NULL;
	size_t len = 0;

	if (f) {
		s = calloc(1, 1 << 20);
		len = fread(s, 1, (1 << 20) - 1, f);
		fclose(f);
		s[len] = '\0';
	}
	return s;
}

/* The page's PTS comparison, its charts as files in @dir, drive @hl highlighted. */
static void page(const struct rpt_report *r, const char *dir, long hl, char **html)
{
	size_t len = 0;
	struct rpt_charts c = { .r = r, .hl = hl, .svg_dir = dir };

	c.html = open_memstream(html, &len);
	CHECK_EQ_INT(rpt_html_pts_compare(&c, r), 0);
	fclose(c.html);
	CHECK_EQ_INT(c.err, 0);
	rpt_charts_free(&c);
}

/* Whether @a and @b differ only in tags that carry @attr (the same tags otherwise). */
static bool differ_only_in(const char *a, const char *b, const char *attr)
{
	while (*a && *b) {
		const char *ea = strchr(a, '>'), *eb = strchr(b, '>');

		if (!ea || !eb)
			return !strcmp(a, b);
		if ((ea - a != eb - b || memcmp(a, b, (size_t)(ea - a))) &&
		    (!memmem(a, (size_t)(ea - a), attr, strlen(attr)) ||
		     !memmem(b, (size_t)(eb - b), attr, strlen(attr))))
			return false;
		a = ea + 1;
		b = eb + 1;
	}
	return !*a && !*b;
}

TEST(charts_carry_every_drive)
{
	static const struct { const char *file; int drives; } want[] = {
		{ "compare.pts-hir-recovery.iops.svg", 2 },
		{ "compare.pts-hir-recovery.efficiency.svg", 2 },
		{ "compare.pts-xsr.recovery.svg", 1 },
		{ "compare.pts-xsr.level.svg", 1 },
		{ "compare.pts-xsr.mbps-time.svg", 1 },
		{ "compare.pts-wsat.iops-gb.svg", 2 },
		{ "compare.pts-dirth-di.di-curve.svg", 2 },
		{ "compare.pts-dirth-di.picks.svg", 2 },
	};
	struct rpt_report r;
	char d0[64], d1[80], path[160], *h0 = NULL, *h1 = NULL;

	report(&r);
	snprintf(d0, sizeof(d0), "/tmp/ssdq-test-cmp-pts.%d", (int)getpid());
	snprintf(d1, sizeof(d1), "%s-hl", d0);
	mkdir(d0, 0755);
	mkdir(d1, 0755);
	page(&r, d0, -1, &h0);
	page(&r, d1, 1, &h1);
	CHECK_CONTAINS(h0, "SNIA PTS: the drives compared");
	CHECK_CONTAINS(h0, "<caption>hir-recovery: the preconditioning's steady IOPS;");
	CHECK_CONTAINS(h0, "<caption>iops: IOPS and IOPS/W per cell, window averages</caption>");
	CHECK_CONTAINS(h0, "<caption>dirth: IOPS and IOPS/W per cell");
	CHECK_CONTAINS(h1, "<b>Drive B</b></th>");
	CHECK(!strstr(h0, "<b>Drive B</b>"));
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		char *s0, *s1;

		snprintf(path, sizeof(path), "%s/%s", d0, want[i].file);
		s0 = slurp(path);
		unlink(path);
		snprintf(path, sizeof(path), "%s/%s", d1, want[i].file);
		s1 = slurp(path);
		unlink(path);
		if (!CHECK(s0 && s1)) {
			printf("  no %s\n", want[i].file);
			free(s0);
			free(s1);
			continue;
		}
		CHECK(strstr(s0, "data-drive=\"Drive A\"") != NULL);
		CHECK((strstr(s0, "data-drive=\"Drive B\"") != NULL) == (want[i].drives == 2));
		if (want[i].drives == 2) {	/* B's marks heavier, nothing else */
			CHECK(strcmp(s0, s1) != 0);
			if (!CHECK(differ_only_in(s0, s1, "data-drive=\"Drive B\"")))
				printf("  %s\n", want[i].file);
		} else {
			CHECK_STREQ(s0, s1);
		}
		free(s0);
		free(s1);
	}
	rmdir(d0);
	rmdir(d1);
	free(h0);
	free(h1);
	rpt_report_free(&r);
}

TEST(series_csv_file)
{
	struct rpt_report r;
	char dir[64], path[160], err[256] = "", *s, *line;
	size_t rows = 0;

	report(&r);
	snprintf(dir, sizeof(dir), "/tmp/ssdq-test-cmp-pts-csv.%d", (int)getpid());
	mkdir(dir, 0755);
	CHECK_EQ_INT(rpt_write_pts_compare_csv(dir, &r, err, sizeof(err)), 0);
	snprintf(path, sizeof(path), "%s/compare.pts.csv", dir);
	s = slurp(path);
	if (CHECK(s != NULL)) {
		CHECK(!strncmp(s, "page,figure,label,drive,value,null_reason\n", 42));
		CHECK_CONTAINS(s, "\nxsr,ag3-seq-1024k/recovery_min,ag3-seq-1024k recovery min,Drive A,37.25,\n");
		CHECK_CONTAINS(s, "\nxsr,ag3-seq-1024k/recovery_min,ag3-seq-1024k recovery min,Drive B,,Drive B has no SNIA PTS xsr\n");
		for (line = s; (line = strchr(line, '\n')); line++)
			rows++;
		/* a header, then every figure of each drive (as the JSON test counts them) */
		CHECK_EQ_INT(rows, 1 + 2 * (3 * 2 + 2 + 4 * 5 + 2 + 1 + 2 * 4 + 3 * 7));
	}
	free(s);
	unlink(path);
	rmdir(dir);
	rpt_report_free(&r);
}

int main(void)
{
	RUN(tables_hold_each_drives_figures);
	RUN(json_figures_are_the_pages);
	RUN(text_turns_the_tables);
	RUN(text_leaves_the_rounds_to_the_pages);
	RUN(charts_carry_every_drive);
	RUN(series_csv_file);
	return harness_main();
}
