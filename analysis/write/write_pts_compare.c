// SPDX-License-Identifier: GPL-2.0-only
/*
 * The drives' SNIA PTS pages side by side on the HTML page (compare_pts.h):
 * each "pts/..." table of the comparison turned (a row a figure, a column a
 * drive), and the charts a storage engineer compares enterprise drives by:
 * HIR's IOPS per wait state, a bar per drive in each; XSR's recovery times
 * and every drive's MB/s across the stimulus changes; each ladder's demand
 * intensity curves (mean response time against IOPS) of every drive on one
 * chart with the operating points; WSAT's IOPS against GB written. Every
 * drive in its colour, the one under review (--highlight) marked. And the
 * same tables as --series-csv's compare.pts.csv.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "chart.h"
#include "compare_pts.h"
#include "html.h"
#include "pts_di.h"
#include "pts_recovery.h"
#include "pts_report.h"
#include "svg.h"
#include "writers.h"

#define SCOPE	"compare"

/* The table's name without its "pts/": what its titles and caption call it. */
static const char *page_of(const struct rpt_cmp_table *tb)
{
	return tb->test + strlen(RPT_CMP_PTS_PREFIX);
}

/* Whether drive @d has a figure in @tb (else it is left off the table's charts). */
static bool has_any(const struct rpt_cmp_table *tb, size_t d)
{
	for (size_t k = 0; k < tb->ncols; k++)
		if (tb->cell[d * tb->ncols + k].ok)
			return true;
	return false;
}

/* Whether the page is an ECW or DIRTH ladder's ("dirth-di"), its test's name then in @test. */
static bool ladder_of(const char *page, char *test, size_t len)
{
	size_t n = strlen(page);

	if (n <= 3 || strcmp(page + n - 3, "-di"))
		return false;
	snprintf(test, len, "%.*s", (int)(n - 3), page);
	return true;
}

/*
 * Columns of figure @fig (a catalogue key) as grouped bars: per column (a
 * phase, a group, a pick) a bar per drive with a figure in @tb, in the
 * drives' colours.
 */
static void grouped_bars(struct rpt_charts *ch, const struct rpt_cmp_table *tb, const char *fig,
			 const char *unit, const char *what, const char *file)
{
	const struct rpt_report *r = ch->r;
	struct rpt_bar *b = calloc(tb->ncols * r->nd + 1, sizeof(*b));
	char (*lab)[160] = calloc(tb->ncols * r->nd + 1, sizeof(*lab));
	char title[256], group[96];
	size_t n = 0, k, d, ok = 0;
	int prec = 0;
	FILE *o;

	for (k = 0; b && lab && k < tb->ncols; k++) {
		if (strcmp(rpt_cmp_col_fig(&tb->col[k]), fig))
			continue;
		rpt_cmp_col_group(group, sizeof(group), &tb->col[k]);
		prec = tb->col[k].prec;
		for (d = 0; d < r->nd; d++) {
			const struct rpt_fig *f = &tb->cell[d * tb->ncols + k];

			if (!has_any(tb, d))
				continue;
			snprintf(lab[n], sizeof(lab[n]), "%s%s%s", group, *group ? ": " : "",
				 r->d[d].name);
			b[n] = (struct rpt_bar){ lab[n], f, rpt_svg_color(d), r->d[d].name,
						 rpt_drive_hl(ch, &r->d[d]) };
			ok += f->ok;
			n++;
		}
	}
	snprintf(title, sizeof(title), "%s: %s, a bar per drive", page_of(tb), what);
	if (ok && (o = rpt_html_figure(ch, false, SCOPE, tb->test, file))) {
		rpt_svg_bars(o, &(struct rpt_svg_head){ title, title, RPT_SVG_HALF }, unit, b, n, prec);
		rpt_html_figure_end(ch);
	}
	free(b);
	free(lab);
}

/*
 * Every drive's demand intensity curve on one chart: its ladder's line at
 * the thread count of its maximum (the curve that reaches it), its optimal
 * point marked.
 */
static void di_curves(struct rpt_charts *ch, const struct rpt_cmp_table *tb, const char *test)
{
	const struct rpt_report *r = ch->r;
	struct rpt_xy_series *s = calloc(r->nd + 1, sizeof(*s));
	struct rpt_xy_mark *m = calloc(r->nd + 1, sizeof(*m));
	double *buf = calloc(r->nd * 2 * RPT_PTS_DI_LINE + 1, sizeof(*buf));
	char (*names)[160] = calloc(r->nd + 1, sizeof(*names));
	char (*mlab)[160] = calloc(r->nd + 1, sizeof(*mlab));
	struct rpt_axis xa = { .name = "IOPS", .kind = RPT_AXIS_LOG };
	struct rpt_axis ya = { .name = "mean response time (µs)", .kind = RPT_AXIS_LOG };
	char title[256];
	size_t ns = 0, nm = 0;
	FILE *o;

	for (size_t d = 0; s && m && buf && names && mlab && d < r->nd; d++) {
		const struct rpt_pts *p = r->d[d].pts;
		const struct rpt_pts_di *di = NULL;
		double *x = buf + d * 2 * RPT_PTS_DI_LINE, *y = x + RPT_PTS_DI_LINE;
		bool hl = rpt_drive_hl(ch, &r->d[d]);
		unsigned int tc;
		size_t n;

		for (size_t i = 0; p && i < p->nt; i++)
			if (!strcmp(p->t[i].name, test))
				di = p->t[i].di;
		if (!di || di->pick[RPT_DI_MAX] < 0)
			continue;
		tc = di->pt[di->pick[RPT_DI_MAX]].tc;
		n = rpt_pts_di_line(di, tc, "iops", "lat_mean_us", x, y);
		if (n >= 2) {
			snprintf(names[ns], sizeof(names[ns]), "%s (TC %u)", r->d[d].name, tc);
			s[ns] = (struct rpt_xy_series){ .name = names[ns], .x = x, .y = y, .n = n,
							.color = rpt_svg_color(d),
							.drive = r->d[d].name, .hl = hl };
			ns++;
		}
		if (di->pick[RPT_DI_OPTIMAL] >= 0) {
			const struct rpt_pts_di_point *op = &di->pt[di->pick[RPT_DI_OPTIMAL]];

			/* the drive told by its colour and the legend: a label of room */
			snprintf(mlab[nm], sizeof(mlab[nm]), "optimal %s", op->c.name);
			m[nm] = (struct rpt_xy_mark){ .x = op->c.iops.v, .label = mlab[nm],
						      .color = rpt_svg_color(d),
						      .drive = r->d[d].name, .hl = hl };
			nm++;
		}
	}
	snprintf(title, sizeof(title), "%s: demand intensity, mean response time against IOPS, "
		 "a line per drive (at its maximum's thread count)", test);
	if (ns && (o = rpt_html_figure(ch, false, SCOPE, tb->test, "di-curve"))) {
		rpt_svg_xy(o, &(struct rpt_svg_head){ title, title, RPT_SVG_HALF }, &xa, &ya, s, ns,
			   m, nm);
		rpt_html_figure_end(ch);
	}
	free(s);
	free(m);
	free(buf);
	free(names);
	free(mlab);
}

/* A series per drive of @x against @y, from each drive's page (@of). */
typedef size_t (*xy_of)(const struct rpt_pts *p, const double **x, const double **y);

static size_t xsr_xy(const struct rpt_pts *p, const double **x, const double **y)
{
	if (!p || !p->rec || !p->rec->has_xsr)
		return 0;
	*x = p->rec->xsr.t_min;
	*y = p->rec->xsr.mbps;
	return p->rec->xsr.n;
}

static size_t wsat_xy(const struct rpt_pts *p, const double **x, const double **y)
{
	if (!p || !p->has_wsat)
		return 0;
	*x = p->wsat.gb;
	*y = p->wsat.iops;
	return p->wsat.n;
}

static void overlay(struct rpt_charts *ch, const struct rpt_cmp_table *tb, xy_of of,
		    const char *xname, const char *yname, const char *what, const char *file)
{
	const struct rpt_report *r = ch->r;
	struct rpt_xy_series *s = calloc(r->nd + 1, sizeof(*s));
	struct rpt_axis xa = { .name = xname, .kind = RPT_AXIS_LINEAR };
	struct rpt_axis ya = { .name = yname, .kind = RPT_AXIS_LINEAR };
	char title[256];
	size_t ns = 0;
	FILE *o;

	for (size_t d = 0; s && d < r->nd; d++) {
		const double *x, *y;
		size_t n = of(r->d[d].pts, &x, &y);

		if (n >= 2)
			s[ns++] = (struct rpt_xy_series){ .name = r->d[d].name, .x = x, .y = y, .n = n,
							  .color = rpt_svg_color(d),
							  .drive = r->d[d].name,
							  .hl = rpt_drive_hl(ch, &r->d[d]) };
	}
	snprintf(title, sizeof(title), "%s: %s, a line per drive", page_of(tb), what);
	if (ns && (o = rpt_html_figure(ch, true, SCOPE, tb->test, file))) {
		rpt_svg_xy(o, &(struct rpt_svg_head){ title, title, 0 }, &xa, &ya, s, ns, NULL, 0);
		rpt_html_figure_end(ch);
	}
	free(s);
}

/* What a page's table holds, after its name. */
static void caption(FILE *out, const struct rpt_cmp_table *tb)
{
	const char *page = page_of(tb), *fig[8];
	size_t nf = 0, k, i;
	char test[96];

	rpt_put_html(out, page);
	if (!strcmp(page, "wsat")) {
		fputs(": IOPS of the first and of the last period", out);
		return;
	}
	if (!strcmp(page, "hir-recovery")) {
		fputs(": the preconditioning's steady IOPS; per wait state and return to baseline "
		      "its idle after each segment, IOPS, W and I/Os per joule", out);
		return;
	}
	if (!strcmp(page, "xsr")) {
		fputs(": per access group its steady level, recovery time, MB/s, response times, W "
		      "and MB/s/W", out);
		return;
	}
	if (ladder_of(page, test, sizeof(test))) {
		fputs(": the ladder's max, optimal (within the response-time ceiling), mid and min "
		      "points", out);
		return;
	}
	for (k = 0; k < tb->ncols; k++) {
		for (i = 0; i < nf && strcmp(fig[i], rpt_cmp_col_fig(&tb->col[k])); i++)
			;
		if (i == nf && nf < 8)
			fig[nf++] = rpt_cmp_col_fig(&tb->col[k]);
	}
	for (i = 0; i < nf; i++)
		fprintf(out, "%s%s", !i ? ": " : i + 1 < nf ? ", " : " and ",
			rpt_cat_find(RPT_OF_PTS, fig[i])->head);
	fputs(" per cell, window averages", out);
}

/* The table turned: a row a figure, a column a drive. */
static void table_by_figure(struct rpt_charts *ch, const struct rpt_cmp_table *tb)
{
	const struct rpt_report *r = ch->r;
	FILE *out = ch->html;

	fputs("<div class=\"tw\"><table><caption>", out);
	caption(out, tb);
	fputs("</caption><tr><th>figure</th>", out);
	for (size_t d = 0; d < r->nd; d++) {
		bool hl = rpt_drive_hl(ch, &r->d[d]);

		fprintf(out, "<th><span class=\"sw\" style=\"background:%s\"></span>%s",
			rpt_svg_color(d), hl ? "<b>" : "");
		rpt_put_html(out, r->d[d].name);
		fprintf(out, "%s</th>", hl ? "</b>" : "");
	}
	fputs("</tr>\n", out);
	for (size_t k = 0; k < tb->ncols; k++) {
		fputs("<tr><td>", out);
		rpt_put_html(out, tb->col[k].label);
		fputs("</td>", out);
		for (size_t d = 0; d < r->nd; d++)
			rpt_html_td(out, &tb->cell[d * tb->ncols + k], tb->col[k].prec);
		fputs("</tr>\n", out);
	}
	fputs("</table></div>\n", out);
}

/* The charts of one page's table, by which page it is. */
static void charts(struct rpt_charts *ch, const struct rpt_cmp_table *tb)
{
	const char *page = page_of(tb);
	char test[96];
	bool ladder = ladder_of(page, test, sizeof(test));

	if (!ladder && strcmp(page, "hir-recovery") && strcmp(page, "xsr") && strcmp(page, "wsat"))
		return;		/* a test of rounds: its table */
	fputs("<div class=\"figs\">\n", ch->html);
	if (!strcmp(page, "hir-recovery")) {
		grouped_bars(ch, tb, "iops", "IOPS", "IOPS per wait state and return to baseline",
			     "iops");
		grouped_bars(ch, tb, "iops_per_w", "I/Os per joule",
			     "I/Os per joule per wait state, idle too", "efficiency");
	} else if (!strcmp(page, "xsr")) {
		grouped_bars(ch, tb, "recovery_min", "minutes", "recovery time per access group",
			     "recovery");
		grouped_bars(ch, tb, "level_mbps", "MB/s", "steady level per access group", "level");
		overlay(ch, tb, xsr_xy, "minutes since the first access group began (a scaled "
			"model's: the full drive's)", "MB/s", "MB/s per period across the stimulus "
			"changes", "mbps-time");
	} else if (!strcmp(page, "wsat")) {
		overlay(ch, tb, wsat_xy, "GB written since the purge (a scaled model's: the full "
			"drive's)", "IOPS", "4 KiB random write IOPS against GB written", "iops-gb");
	} else if (ladder) {
		di_curves(ch, tb, test);
		grouped_bars(ch, tb, "iops", "IOPS", "IOPS at the max, optimal, mid and min points",
			     "picks");
	}
	fputs("</div>\n", ch->html);
}

int rpt_html_pts_compare(struct rpt_charts *ch, const struct rpt_report *r)
{
	struct rpt_cmp c;
	bool head = false;
	int ret = rpt_compare(r, &c);

	if (ret)
		return ret;
	for (size_t i = 0; i < c.n; i++) {
		const struct rpt_cmp_table *tb = &c.t[i];

		if (!tb->by_figure)
			continue;
		if (!head)
			fputs("<h3 class=\"sec\">SNIA PTS: the drives compared</h3>\n<p>Each drive's "
			      "PTS figures as its own pages give them: the tests' cells over their "
			      "windows, the ladders' picked points, WSAT, host idle and "
			      "cross-stimulus recovery.</p>\n", ch->html);
		head = true;
		charts(ch, tb);
		table_by_figure(ch, tb);
	}
	rpt_compare_free(&c);
	return ferror(ch->html) ? -EIO : 0;
}

int rpt_write_pts_compare_csv(const char *dir, const struct rpt_report *r, char *err_path,
			      size_t len)
{
	char path[PATH_MAX];
	struct rpt_cmp c;
	FILE *f = NULL;
	int ret = rpt_compare(r, &c);

	for (size_t i = 0; !ret && i < c.n; i++) {
		const struct rpt_cmp_table *tb = &c.t[i];

		if (!tb->by_figure)
			continue;
		if (!f) {
			snprintf(path, sizeof(path), "%s/" SCOPE ".pts.csv", dir);
			f = fopen(path, "w");
			if (!f) {
				ret = -errno;
				snprintf(err_path, len, "%s", path);
				break;
			}
			fputs("page,figure,label,drive,value,null_reason\n", f);
		}
		for (size_t k = 0; k < tb->ncols; k++)
			for (size_t d = 0; d < r->nd; d++) {
				const struct rpt_fig *fg = &tb->cell[d * tb->ncols + k];

				rpt_put_csv(f, page_of(tb));
				fputc(',', f);
				rpt_put_csv(f, tb->col[k].key);
				fputc(',', f);
				rpt_put_csv(f, tb->col[k].label);
				fputc(',', f);
				rpt_put_csv(f, r->d[d].name);
				if (fg->ok)
					fprintf(f, ",%.10g,", fg->v);
				else
					fputs(",,", f);
				rpt_put_csv(f, fg->ok ? "" : fg->why);
				fputc('\n', f);
			}
	}
	if (f)
		ret = ret ? (fclose(f), ret) : rpt_file_close(f, path, err_path, len);
	rpt_compare_free(&c);
	return ret;
}
