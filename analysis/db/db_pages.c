// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "db.h"
#include "grow.h"
#include "marks.h"
#include "svg.h"
#include "writers.h"

/* The figures ranked and drawn: the job's headline figures, the fill's, the bursts' */
static const char *const page_keys[] = {
	"mbps", "iops", "power_w", "mbps_per_w", "iops_per_w", "lat_mean_us", "lat_p99_us",
	"fill:slc_cache_gb", "fill:post_cache_mbps", "burst:burst_mbps",
};
#define NPAGE_KEYS (sizeof(page_keys) / sizeof(page_keys[0]))

struct page {
	FILE *out;
	struct db *db;
	const struct db_page_opts *o;
	struct db_drive *d;
	size_t nd;
	struct db_cells all;	/* every drive's page_keys, over all their runs */
};

static const char *drive_name(const struct page *p, long long id)
{
	size_t i;

	for (i = 0; i < p->nd; i++)
		if (p->d[i].id == id)
			return p->d[i].name;
	return "?";
}

static int same_job(const struct db_cell *a, const struct db_cell *b)
{
	return !strcmp(a->test, b->test) && !strcmp(a->job, b->job) && !strcmp(a->ddir, b->ddir);
}

static void job_title(FILE *out, const struct db_cell *c)
{
	rpt_put_html(out, c->test);
	if (strcmp(c->job, c->test)) {
		fputs(" / ", out);
		rpt_put_html(out, c->job);
	}
	if (*c->ddir) {
		fputc(' ', out);
		rpt_put_html(out, c->ddir);
	}
}

/* A figure's head, closing the cell before it: "MB/s", "post-cache MB/s", "duty (%)" */
static void fig_head(FILE *out, const struct rpt_cat *c)
{
	fprintf(out, "</td><td>%s", c->head);
	if (!strstr(c->head, c->unit))
		fprintf(out, " (%s)", c->unit);
	fputs("</td>", out);
}

/* "mean ± ci" in a cell, "–" with the reason as its tooltip */
static void td_stat(FILE *out, const struct db_cell *c)
{
	char a[64], b[64];

	if (!c || !c->st.n) {
		fputs("<td title=\"", out);
		rpt_put_html(out, c && c->why ? c->why : "not measured");
		fputs("\">–</td>", out);
		return;
	}
	fprintf(out, "<td>%s%s", rpt_fmt_num(a, sizeof(a), c->st.mean, c->cat->digits),
		rpt_mark_sign(c->st.marks));
	if (c->st.n >= 2)
		fprintf(out, " ± %s", rpt_fmt_num(b, sizeof(b), c->st.ci95, c->cat->digits));
	fputs("</td>", out);
}

/* A landscape point: one drive's mean performance and power for one job */
struct lpoint {
	const struct db_cell *perf, *power;
};

static int by_job(const void *x, const void *y)
{
	const struct lpoint *a = x, *b = y;
	int c = strcmp(a->perf->test, b->perf->test);

	if (!c)
		c = strcmp(a->perf->job, b->perf->job);
	if (!c)
		c = strcmp(a->perf->ddir, b->perf->ddir);
	return c ? c : (a->perf->drive > b->perf->drive) - (a->perf->drive < b->perf->drive);
}

/* Whether the job's performance is its IOPS (random I/O) rather than MB/s */
static bool random_io(const struct db_cell *c)
{
	return c->rw && strstr(c->rw, "rand");
}

static void landscape_chart(struct page *p, const struct lpoint *lp, size_t n)
{
	const char *groups[2] = { "this drive", "every other drive in the library" };
	struct rpt_point *pt = calloc(n, sizeof(*pt));
	char title[512], yname[32];
	size_t i, hl = 0;

	if (!pt)
		return;
	for (i = 0; i < n; i++) {
		bool me = p->o->drive && lp[i].perf->drive == p->o->drive;

		pt[i] = (struct rpt_point){ .x = lp[i].power->st.mean, .y = lp[i].perf->st.mean,
					    .label = drive_name(p, lp[i].perf->drive),
					    .group = me ? 0 : 1, .hl = me };
		hl += me;
	}
	snprintf(yname, sizeof(yname), "%s", lp[0].perf->cat->unit);
	snprintf(title, sizeof(title), "%s%s%s%s%s: %s against W, %zu drives", lp[0].perf->test,
		 strcmp(lp[0].perf->job, lp[0].perf->test) ? " / " : "",
		 strcmp(lp[0].perf->job, lp[0].perf->test) ? lp[0].perf->job : "",
		 *lp[0].perf->ddir ? " " : "", lp[0].perf->ddir, yname, n);
	fputs("<figure>\n", p->out);
	rpt_svg_scatter(p->out, &(struct rpt_svg_head){ title, title, RPT_SVG_HALF }, "W", yname, pt,
			n, hl ? groups : groups + 1, hl ? 2 : 1);
	fputs("</figure>\n", p->out);
	free(pt);
}

/* Each job's performance against its power, one point per drive */
static int landscape(struct page *p)
{
	const struct rpt_cat *mbps = rpt_cat_find(RPT_OF_JOB, "mbps");
	const struct rpt_cat *iops = rpt_cat_find(RPT_OF_JOB, "iops");
	const struct rpt_cat *w = rpt_cat_find(RPT_OF_JOB, "power_w");
	struct lpoint *lp = NULL;
	size_t n = 0, cap = 0, i, k, charts = 0;

	/* cells come by drive, test, job, direction, then figure */
	for (i = 0; i < p->all.n; i = k) {
		const struct db_cell *perf = NULL, *power = NULL;

		for (k = i; k < p->all.n && same_job(&p->all.c[i], &p->all.c[k]) &&
		     p->all.c[k].drive == p->all.c[i].drive; k++) {
			const struct db_cell *c = &p->all.c[k];

			if (c->cat == (random_io(c) ? iops : mbps) && c->st.n)
				perf = c;
			if (c->cat == w && c->st.n)
				power = c;
		}
		if (!perf || !power)
			continue;
		if (RPT_GROW(lp, cap, n, 256)) {
			free(lp);
			return -ENOMEM;
		}
		lp[n++] = (struct lpoint){ perf, power };
	}
	qsort(lp, n, sizeof(*lp), by_job);
	fputs("<h2 id=\"landscape\">The landscape: performance against power</h2>\n"
	      "<p>Each test's MB/s (IOPS for random I/O) against its mean power, one point per drive (the mean over its runs)",
	      p->out);
	if (p->o->drive) {
		fputs("; the drive under review drawn heavier: ", p->out);
		rpt_put_html(p->out, drive_name(p, p->o->drive));
	}
	fputs(".</p>\n<div class=\"charts\">\n", p->out);
	for (i = 0; i < n; i = k) {
		bool mine = !p->o->drive;

		for (k = i; k < n && same_job(lp[i].perf, lp[k].perf); k++)
			mine = mine || lp[k].perf->drive == p->o->drive;
		/* the drive's own tests; a chart needs two drives */
		if (mine && k - i >= 2) {
			landscape_chart(p, lp + i, k - i);
			charts++;
		}
	}
	fputs("</div>\n", p->out);
	if (!charts)
		fputs("<p>No test was run with power on two drives or more.</p>\n", p->out);
	free(lp);
	return 0;
}

/* The drive's rank among the drives for each figure with a direction */
static void rank(struct page *p)
{
	size_t i, k;

	fputs("<h2 id=\"rank\">Rank among the library's drives</h2>\n<table>\n<tr><th>test / job</th>"
	      "<th>figure</th><th>this drive</th><th>rank</th><th>best</th></tr>\n", p->out);
	for (i = 0; i < p->all.n; i++) {
		const struct db_cell *c = &p->all.c[i], *best = NULL;
		size_t above = 0, of = 0;
		char b[64];
		int dir = c->cat->better == RPT_BETTER_HIGHER ? 1 : -1;

		if (c->drive != p->o->drive || !c->st.n || c->cat->better == RPT_BETTER_NONE)
			continue;
		for (k = 0; k < p->all.n; k++) {
			const struct db_cell *x = &p->all.c[k];

			if (x->cat != c->cat || !x->st.n || !same_job(x, c))
				continue;
			of++;
			above += dir * (x->st.mean - c->st.mean) > 0;
			if (!best || dir * (x->st.mean - best->st.mean) > 0)
				best = x;
		}
		fputs("<tr><td>", p->out);
		job_title(p->out, c);
		fig_head(p->out, c->cat);
		td_stat(p->out, c);
		fprintf(p->out, "<td>%zu of %zu</td><td>%s ", above + 1, of,
			rpt_fmt_num(b, sizeof(b), best->st.mean, best->cat->digits));
		rpt_put_html(p->out, drive_name(p, best->drive));
		fputs("</td></tr>\n", p->out);
	}
	fputs("</table>\n", p->out);
}

static int baseline(struct page *p)
{
	struct db_filter fa = { .drive = p->o->drive, .run = p->o->run };
	struct db_filter fb = { .drive = p->o->base, .run = p->o->base_run };
	struct db_cells a = { 0 }, b = { 0 };
	size_t i, worse = 0;
	int ret;

	fa.keys = fb.keys = NULL;
	if ((ret = db_cells_get(p->db, &fa, &a)) || (ret = db_cells_get(p->db, &fb, &b)))
		goto out;
	fputs("<h2 id=\"baseline\">Against the baseline: ", p->out);
	rpt_put_html(p->out, drive_name(p, p->o->base));
	fprintf(p->out, "%s</h2>\n<p>A figure is flagged as a regression when it is worse than the baseline's by more than %.3g %% and, where both have repeated runs, by more than their two 95 %% confidence intervals' half-widths added (beyond the runs' noise: else \"noise\").</p>\n"
		"<table>\n<tr><th>test / job</th><th>figure</th><th>this</th><th>baseline</th><th>change</th><th>verdict</th></tr>\n",
		p->o->base_run ? " (one run)" : "", p->o->threshold_pct);
	for (i = 0; i < a.n; i++) {
		const struct db_cell *x = &a.c[i];
		const struct db_cell *y = db_cell_find(&b, p->o->base, x->test, x->job, x->ddir, x->cat);
		enum db_verdict v;
		double d;

		if (!y || x->cat->better == RPT_BETTER_NONE)
			continue;
		v = db_verdict(&x->st, &y->st, x->cat->better == RPT_BETTER_HIGHER ? 1 : -1,
			       p->o->threshold_pct, &d);
		worse += v == DB_WORSE;
		fprintf(p->out, "<tr%s><td>", v == DB_WORSE ? " class=\"reg\"" : "");
		job_title(p->out, x);
		fig_head(p->out, x->cat);
		td_stat(p->out, x);
		td_stat(p->out, y);
		if (isfinite(d))
			fprintf(p->out, "<td>%+.1f %%</td>", d);
		else
			fputs("<td>–</td>", p->out);
		fprintf(p->out, "<td>%s</td></tr>\n", db_verdict_name(v));
	}
	fprintf(p->out, "</table>\n<p>%zu regression%s.</p>\n", worse, worse == 1 ? "" : "s");
out:
	db_cells_free(&a);
	db_cells_free(&b);
	return ret;
}

/* The run a page draws a drive's curves from: @run, else the drive's last. */
static long long curve_run(struct db *db, long long drive, long long run)
{
	sqlite3_stmt *st;
	long long id = 0;

	if (run)
		return run;
	if (sqlite3_prepare_v2(db->sql, "SELECT id FROM runs WHERE drive_id = ?1 ORDER BY"
			       " coalesce(date, imported) DESC, id DESC LIMIT 1", -1, &st, NULL))
		return 0;
	sqlite3_bind_int64(st, 1, drive);
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return id;
}

/* A stored curve (db_import.c: float32 blobs) as doubles; Return: points, 0 on failure. */
static size_t curve_points(sqlite3_stmt *st, int col_x, int col_y, double **x, double **y)
{
	size_t n = (size_t)sqlite3_column_bytes(st, col_x) / sizeof(float), i;
	const float *fx = sqlite3_column_blob(st, col_x), *fy = sqlite3_column_blob(st, col_y);

	if (!n || !fx || !fy || (size_t)sqlite3_column_bytes(st, col_y) != n * sizeof(float))
		return 0;
	*x = malloc(2 * n * sizeof(double));
	if (!*x)
		return 0;
	*y = *x + n;
	for (i = 0; i < n; i++) {
		float a, b;

		memcpy(&a, (const char *)fx + i * sizeof(float), sizeof(a));
		memcpy(&b, (const char *)fy + i * sizeof(float), sizeof(b));
		(*x)[i] = a;
		(*y)[i] = b;
	}
	return n;
}

/*
 * The fill curves of the drive's run (its last, or --drive run:ID), each
 * with the baseline's of the same test and job: write speed per GB written.
 */
static void fill_curves(struct page *p)
{
	static const char sql[] =
		"SELECT t.name, j.name, c.x, c.y, (SELECT c2.x FROM curves c2 JOIN jobs j2 ON j2.id = c2.job_id"
		" JOIN tests t2 ON t2.id = j2.test_id WHERE t2.run_id = ?2 AND c2.chart = 'fill'"
		" AND t2.name = t.name AND j2.name = j.name), (SELECT c2.y FROM curves c2 JOIN jobs j2"
		" ON j2.id = c2.job_id JOIN tests t2 ON t2.id = j2.test_id WHERE t2.run_id = ?2"
		" AND c2.chart = 'fill' AND t2.name = t.name AND j2.name = j.name)"
		" FROM curves c JOIN jobs j ON j.id = c.job_id JOIN tests t ON t.id = j.test_id"
		" WHERE t.run_id = ?1 AND c.chart = 'fill' ORDER BY t.name, j.idx";
	long long run = curve_run(p->db, p->o->drive, p->o->run);
	long long base = p->o->base ? curve_run(p->db, p->o->base, p->o->base_run) : 0;
	sqlite3_stmt *st;
	bool any = false;

	if (!run || sqlite3_prepare_v2(p->db->sql, sql, -1, &st, NULL))
		return;
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_int64(st, 2, base);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *test = (const char *)sqlite3_column_text(st, 0);
		const char *job = (const char *)sqlite3_column_text(st, 1);
		struct rpt_xy_series s[2] = { { 0 } };
		double *x[2] = { NULL, NULL }, *y[2] = { NULL, NULL };
		char title[512];
		size_t ns = 0, k;

		s[0] = (struct rpt_xy_series){ .name = drive_name(p, p->o->drive), .step = true,
					       .drive = drive_name(p, p->o->drive), .hl = true };
		s[0].n = curve_points(st, 2, 3, &x[0], &y[0]);
		if (!s[0].n)
			continue;
		s[0].x = x[0];
		s[0].y = y[0];
		ns = 1;
		if (base && (s[1].n = curve_points(st, 4, 5, &x[1], &y[1]))) {
			s[1].name = s[1].drive = drive_name(p, p->o->base);
			s[1].x = x[1];
			s[1].y = y[1];
			s[1].step = true;
			s[1].dash = "6 3";
			ns = 2;
		}
		if (!any)
			fputs("<h2 id=\"fill\">Fill curves</h2>\n<p>Write speed per GB written of the drive's run (its last unless --drive run:ID), with the baseline's of the same test (its last run), from the library's curves (at most 256 points a curve).</p>\n<div class=\"charts\">\n",
			      p->out);
		any = true;
		snprintf(title, sizeof(title), "%s%s%s: write speed per GB written", test,
			 strcmp(test, job) ? " / " : "", strcmp(test, job) ? job : "");
		fputs("<figure>\n", p->out);
		rpt_svg_xy(p->out, &(struct rpt_svg_head){ title, title, RPT_SVG_HALF },
			   &(struct rpt_axis){ .name = "GB written", .kind = RPT_AXIS_LINEAR },
			   &(struct rpt_axis){ .name = "MB/s", .kind = RPT_AXIS_LINEAR }, s, ns, NULL, 0);
		fputs("</figure>\n", p->out);
		for (k = 0; k < 2; k++)
			free(x[k]);
	}
	sqlite3_finalize(st);
	if (any)
		fputs("</div>\n", p->out);
}

/* The runner's accounts of tests repeated until their variation was low (ssdq-run --repeat-cv) */
static void repeat_notes(struct page *p)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(p->db->sql, "SELECT DISTINCT t.repeat_of, t.repeat_note FROM tests t"
			       " JOIN runs r ON r.id = t.run_id WHERE r.drive_id = ?1 AND t.repeat_note"
			       " IS NOT NULL ORDER BY 1", -1, &st, NULL))
		return;
	sqlite3_bind_int64(st, 1, p->o->drive);
	while (sqlite3_step(st) == SQLITE_ROW) {
		fputs("<p class=\"note\"><b>", p->out);
		rpt_put_html(p->out, (const char *)sqlite3_column_text(st, 0));
		fputs("</b>: ", p->out);
		rpt_put_html(p->out, (const char *)sqlite3_column_text(st, 1));
		fputs("</p>\n", p->out);
	}
	sqlite3_finalize(st);
}

/* The drive's figures over its repeated runs: mean ± 95 % CI, CV */
static int repeats(struct page *p)
{
	struct db_filter f = { .drive = p->o->drive };
	struct db_cells c = { 0 };
	size_t i, shown = 0;
	int ret = db_cells_get(p->db, &f, &c);

	if (ret)
		return ret;
	fputs("<h2 id=\"repeats\">Repeated runs</h2>\n<p>Each figure the drive has from two runs or more (runs of the library, and a test ssdq-run repeated within a run): mean ± the 95 % confidence interval of the mean (Student's t), the coefficient of variation (CV = standard deviation / mean) and the range.</p>\n",
	      p->out);
	repeat_notes(p);
	fputs("<table>\n<tr><th>test / job</th><th>figure</th><th>mean ± 95 % CI</th><th>CV</th><th>runs</th><th>min – max</th></tr>\n",
	      p->out);
	for (i = 0; i < c.n; i++) {
		const struct db_cell *x = &c.c[i];
		char a[64], b[64];

		if (x->st.n < 2)
			continue;
		shown++;
		fputs("<tr><td>", p->out);
		job_title(p->out, x);
		fig_head(p->out, x->cat);
		td_stat(p->out, x);
		fprintf(p->out, "<td>%.2f %%</td><td>%zu</td><td>%s – %s</td></tr>\n", x->st.cv,
			x->st.n, rpt_fmt_num(a, sizeof(a), x->st.min, x->cat->digits),
			rpt_fmt_num(b, sizeof(b), x->st.max, x->cat->digits));
	}
	fputs("</table>\n", p->out);
	if (!shown)
		fputs("<p>The drive has one run of each test.</p>\n", p->out);
	db_cells_free(&c);
	return 0;
}

int db_write_html(FILE *out, struct db *db, const struct db_page_opts *o)
{
	struct db_filter f = { .keys = page_keys, .nkeys = NPAGE_KEYS };
	struct page p = { .out = out, .db = db, .o = o };
	struct db_run *r;
	size_t nr;
	int ret;

	if ((ret = db_drives(db, &p.d, &p.nd)))
		return ret;
	if ((ret = db_runs(db, 0, &r, &nr)) || (ret = db_cells_get(db, &f, &p.all)))
		goto out;
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<title>ssdq results library</title>\n<style>body{font:14px sans-serif;margin:1em 2em}"
	      "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 6px;"
	      "text-align:right}td:first-child,th:first-child{text-align:left}tr.reg td{background:#fdd;"
	      "font-weight:bold}figure{margin:.5em 0}figure svg{max-width:100%;height:auto}"
	      ".charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(520px,1fr));gap:0 1em}"
	      ".note{color:#333;white-space:pre-line}</style></head><body>\n<h1>ssdq results library</h1>\n<p>", out);
	rpt_put_html(out, db->path);
	fprintf(out, ": %zu drive%s, %zu run%s.", p.nd, p.nd == 1 ? "" : "s", nr, nr == 1 ? "" : "s");
	if (o->drive) {
		fputs(" Under review: <b>", out);
		rpt_put_html(out, drive_name(&p, o->drive));
		fputs("</b>.", out);
	}
	fputs("</p>\n", out);
	db_runs_free(r, nr);
	if ((ret = landscape(&p)))
		goto out;
	if (o->drive) {
		fill_curves(&p);
		rank(&p);
		if (o->base && (ret = baseline(&p)))
			goto out;
		ret = repeats(&p);
	}
	fputs("</body></html>\n", out);
	if (!ret && ferror(out))
		ret = -EIO;
out:
	db_cells_free(&p.all);
	db_drives_free(p.d, p.nd);
	return ret;
}
