// SPDX-License-Identifier: GPL-2.0-only
/*
 * The demand-intensity ladder of the SNIA PTS's ECW and DIRTH tests
 * (pts_di.h) as text, JSON and CSV: each TC x QD point's figures, the
 * picked points and their response-time histograms.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "catalogue.h"
#include "chart.h"
#include "html.h"
#include "pts_di.h"
#include "svg.h"
#include "writers.h"

/* The figures of a point's row: the catalogue's keys. */
static const char *const di_keys[] = { "iops", "lat_mean_us", "lat_max_us", "lat_p99999_us",
				       "power_w", "iops_per_w", NULL };

/* The histogram runs as the PTS names their points. */
static const char *const hrun_title[RPT_DI_NHRUNS] = { "MaxIOPS", "MidIOPS", "MinIOPS" };

/* Every pick a point is, joined by @sep: "max,optimal"; "" for none. */
static void picks_of(char *buf, size_t len, const struct rpt_pts_di *di, size_t i, const char *sep)
{
	size_t at = 0;

	*buf = '\0';
	for (int k = 0; k < RPT_DI_NPICKS && at < len; k++)
		if (di->pick[k] == (int)i)
			at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? sep : "",
					       rpt_pts_di_pick_name(k));
}

static void text_hist(FILE *out, const struct rpt_pts_di_point *p)
{
	double edge = 1, share = 0;
	char num[48];

	if (!p->nhist) {
		fputs("    no histogram: no json+ bins\n", out);
		return;
	}
	/* power-of-two bins: each json+ bin in the first whose edge holds it */
	for (size_t i = 0; i < p->nhist; i++) {
		while (p->hist_us[i] > edge) {
			if (share > 0)
				fprintf(out, "    <= %8s µs %6.2f %%\n",
					rpt_fmt_num(num, sizeof(num), edge, 0), share * 100);
			share = 0;
			edge *= 2;
		}
		share += p->hist_share[i];
	}
	if (share > 0)
		fprintf(out, "    <= %8s µs %6.2f %%\n", rpt_fmt_num(num, sizeof(num), edge, 0),
			share * 100);
}

/* What the ladder's rounds came to: "7 rounds; the T32Q32 cell steady at ..." */
static void rounds_said(char *buf, size_t len, const struct rpt_pts_di *di)
{
	bool pre = false;
	int at;

	for (int i = 0; i < di->nrounds; i++)
		pre = pre || isfinite(di->prewrite[i]);
	at = snprintf(buf, len, "%d round%s of the ladder, %s", di->nrounds,
		      di->nrounds == 1 ? "" : "s",
		      pre ? "each after between-round pre-writes" : "no between-round pre-writes (job prewrite)");

	if (at < 0 || (size_t)at >= len)
		return;
	if (di->steady < 0)
		snprintf(buf + at, len - (size_t)at,
			 "; fewer than the %d a steady-state window needs: the last round's ladder",
			 RPT_PTS_WINDOW);
	else
		snprintf(buf + at, len - (size_t)at,
			 "; the T32Q32 cell's write IOPS %s at rounds %d-%d (data excursion %.1f %%, "
			 "slope excursion %.1f %%): round %d's ladder",
			 di->steady ? "steady" : "NOT steady, the last five", di->w.first, di->w.last,
			 di->w.data_excursion * 100, di->w.slope_excursion * 100, di->nrounds);
}

static void text_rounds(FILE *out, const struct rpt_pts_di *di)
{
	char said[320], a[48], b[48];

	rounds_said(said, sizeof(said), di);
	fprintf(out, "  %s\n  %5s %14s %14s\n", said, "round", "T32Q32 IOPS", "pre-write IOPS");
	for (int i = 0; i < di->nrounds; i++)
		fprintf(out, "  %5d %14s %14s\n", i + 1,
			isfinite(di->t32[i]) ? rpt_fmt_num(a, sizeof(a), di->t32[i], 0) : "-",
			isfinite(di->prewrite[i]) ? rpt_fmt_num(b, sizeof(b), di->prewrite[i], 0) : "-");
}

/* Whether histogram run @k ran at the ladder point it is for. */
static bool hrun_at_pick(const struct rpt_pts_di *di, int k)
{
	const struct rpt_pts_di_point *h = &di->hrun[k];

	return di->hrun_at[k] >= 0 && h->tc == di->pt[di->hrun_at[k]].tc &&
	       h->qd == di->pt[di->hrun_at[k]].qd;
}

static void text_hruns(FILE *out, const struct rpt_pts_di *di)
{
	char num[48], pre[48];

	fprintf(out, "  response-time histogram runs, each after its pre-writes:\n  %-8s %-8s %14s",
		"run", "TC x QD", "pre-write IOPS");
	for (const char *const *key = di_keys; *key; key++)
		fprintf(out, " %12s", rpt_cat_find(RPT_OF_PTS, *key)->head);
	fputc('\n', out);
	for (int k = 0; k < RPT_DI_NHRUNS; k++) {
		const struct rpt_pts_di_point *p = &di->hrun[k];
		char at[24];

		snprintf(at, sizeof(at), p->tc ? "T%uQ%u" : "-", p->tc, p->qd);
		fprintf(out, "  %-8s %-8s %14s", hrun_title[k], at,
			isfinite(di->hrun_prewrite[k]) ?
			rpt_fmt_num(pre, sizeof(pre), di->hrun_prewrite[k], 0) : "-");
		for (const char *const *key = di_keys; *key; key++) {
			const struct rpt_cat *c = rpt_cat_find(RPT_OF_PTS, *key);
			const struct rpt_fig *f = rpt_cat_pts(c, &p->c);

			fprintf(out, " %12s", f->ok ? rpt_fmt_num(num, sizeof(num), f->v, c->digits) : "-");
		}
		if (p->tc && !hrun_at_pick(di, k))
			fprintf(out, "  (not at the ladder's %s, %s)", hrun_title[k],
				di->hrun_at[k] >= 0 ? di->pt[di->hrun_at[k]].c.name : "none");
		fputc('\n', out);
		text_hist(out, p);
	}
}

void rpt_write_pts_di_text(FILE *out, const struct rpt_pts_di *di, bool hist)
{
	char num[48], pk[48];

	if (di->nrounds)
		text_rounds(out, di);
	fprintf(out, "  demand intensity, %zu TC x QD points, highest demand first:\n", di->n);
	fprintf(out, "  %-8s %6s", "point", "OIO");
	for (const char *const *key = di_keys; *key; key++)
		fprintf(out, " %12s", rpt_cat_find(RPT_OF_PTS, *key)->head);
	fputs("  pick\n", out);
	for (size_t i = 0; i < di->n; i++) {
		const struct rpt_pts_di_point *p = &di->pt[i];

		fprintf(out, "  %-8s %6u", p->c.name, p->tc * p->qd);
		for (const char *const *key = di_keys; *key; key++) {
			const struct rpt_cat *c = rpt_cat_find(RPT_OF_PTS, *key);
			const struct rpt_fig *f = rpt_cat_pts(c, &p->c);

			fprintf(out, " %12s", f->ok ? rpt_fmt_num(num, sizeof(num), f->v, c->digits) : "-");
		}
		picks_of(pk, sizeof(pk), di, i, ",");
		fprintf(out, "  %s\n", pk);
	}
	for (int k = 0; k < RPT_DI_NPICKS; k++) {
		const struct rpt_pts_di_point *p = di->pick[k] >= 0 ? &di->pt[di->pick[k]] : NULL;

		if (!p) {
			fprintf(out, "  %s point: none%s\n", rpt_pts_di_pick_name(k),
				k == RPT_DI_OPTIMAL ? " within the response-time ceiling" : "");
			continue;
		}
		fprintf(out, "  %s point: %s (T%uQ%u), %s IOPS at %s µs mean", rpt_pts_di_pick_name(k),
			p->c.name, p->tc, p->qd, rpt_fmt_num(num, sizeof(num), p->c.iops.v, 0),
			p->c.lat_mean_us.ok ? rpt_fmt_num(pk, sizeof(pk), p->c.lat_mean_us.v, 1) : "-");
		if (k == RPT_DI_OPTIMAL)
			fprintf(out, " (ceiling %s µs)", rpt_fmt_num(num, sizeof(num), di->ceiling_us, 0));
		fputc('\n', out);
		if (hist)
			text_hist(out, p);
	}
	if (di->hist_test != (size_t)-1)
		text_hruns(out, di);
}

/* @n numbers as a JSON array's members, null for those not finite. */
static void json_nums(FILE *out, const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ", " : "", out);
		rpt_put_json_num(out, v[i]);
	}
}

/* A point's histogram as JSON: {dir, us[], share[]}, or null. */
static void hist_json(FILE *out, const struct rpt_pts_di_point *p)
{
	if (!p->nhist) {
		fputs("null", out);
		return;
	}
	fputs("{\"dir\": ", out);
	rpt_put_json_str(out, p->hist_dir);
	fputs(", \"us\": [", out);
	json_nums(out, p->hist_us, p->nhist);
	fputs("], \"share\": [", out);
	for (size_t b = 0; b < p->nhist; b++) {
		fputs(b ? ", " : "", out);
		fprintf(out, "%.6g", p->hist_share[b]);
	}
	fputs("]}", out);
}

void rpt_write_pts_di_json(FILE *out, const struct rpt_pts_di *di)
{
	if (!di)
		return;
	fputs(",\n        \"di\": {\"ceiling_us\": ", out);
	rpt_put_json_num(out, di->ceiling_us);
	fputs(", \"picks\": {", out);
	for (int k = 0; k < RPT_DI_NPICKS; k++) {
		fprintf(out, "%s\"%s\": ", k ? ", " : "", rpt_pts_di_pick_name(k));
		rpt_put_json_str_or_null(out, di->pick[k] >= 0 ? di->pt[di->pick[k]].c.name : NULL);
	}
	fputs("}, \"rounds\": ", out);
	if (di->nrounds) {
		fprintf(out, "{\"n\": %d, \"steady\": %s, \"first\": %d, \"last\": %d, \"t32_iops\": [",
			di->nrounds, di->steady < 0 ? "null" : di->steady ? "true" : "false",
			di->steady < 0 ? 1 : di->w.first, di->steady < 0 ? di->nrounds : di->w.last);
		json_nums(out, di->t32, (size_t)di->nrounds);
		fputs("], \"prewrite_iops\": [", out);
		json_nums(out, di->prewrite, (size_t)di->nrounds);
		fputs("]}", out);
	} else {
		fputs("null", out);
	}
	fputs(", \"points\": [", out);
	for (size_t i = 0; i < di->n; i++) {
		const struct rpt_pts_di_point *p = &di->pt[i];

		fputs(i ? "," : "", out);
		rpt_write_pts_cell_json_open(out, &p->c);
		fprintf(out, ", \"tc\": %u, \"qd\": %u, \"oio\": %u, \"hist\": ", p->tc, p->qd,
			p->tc * p->qd);
		hist_json(out, p);
		fputc('}', out);
	}
	fputs("], \"hist_runs\": ", out);
	if (di->hist_test == (size_t)-1) {
		fputs("null}", out);
		return;
	}
	fputc('[', out);
	for (int k = 0; k < RPT_DI_NHRUNS; k++) {
		const struct rpt_pts_di_point *p = &di->hrun[k];

		fputs(k ? "," : "", out);
		rpt_write_pts_cell_json_open(out, &p->c);
		fprintf(out, ", \"point\": \"%s\", \"tc\": %u, \"qd\": %u, \"at\": ", hrun_title[k],
			p->tc, p->qd);
		rpt_put_json_str_or_null(out, di->hrun_at[k] >= 0 ? di->pt[di->hrun_at[k]].c.name : NULL);
		fprintf(out, ", \"at_pick\": %s, \"prewrite_iops\": ",
			hrun_at_pick(di, k) ? "true" : "false");
		rpt_put_json_num(out, di->hrun_prewrite[k]);
		fputs(", \"hist\": ", out);
		hist_json(out, p);
		fputc('}', out);
	}
	fputs("]}", out);
}

static void cnum(FILE *out, const struct rpt_fig *f)
{
	if (f->ok)
		fprintf(out, ",%.10g", f->v);
	else
		fputc(',', out);
}

int rpt_write_pts_di_csv(FILE *out, const char *test, const struct rpt_pts_di *di)
{
	fputs("test,cell,tc,qd,oio,pick,iops,lat_mean_us,lat_max_us,lat_p99999_us,power_w,iops_per_w\n",
	      out);
	for (size_t i = 0; i < di->n; i++) {
		const struct rpt_pts_di_point *p = &di->pt[i];
		char pk[48];

		picks_of(pk, sizeof(pk), di, i, "+");
		fprintf(out, "%s,%s,%u,%u,%u,%s", test, p->c.name, p->tc, p->qd, p->tc * p->qd, pk);
		cnum(out, &p->c.iops);
		cnum(out, &p->c.lat_mean_us);
		cnum(out, &p->c.lat_max_us);
		cnum(out, &p->c.lat_p99999_us);
		cnum(out, &p->c.power_w);
		cnum(out, &p->c.iops_per_w);
		fputc('\n', out);
	}
	fputs("\ntest,cell,pick,dir,bin_us,share\n", out);
	for (int k = 0; k < RPT_DI_NPICKS; k++) {
		const struct rpt_pts_di_point *p = di->pick[k] >= 0 ? &di->pt[di->pick[k]] : NULL;

		for (size_t b = 0; p && b < p->nhist; b++)
			fprintf(out, "%s,%s,%s,%s,%.10g,%.6g\n", test, p->c.name, rpt_pts_di_pick_name(k),
				p->hist_dir, p->hist_us[b], p->hist_share[b]);
	}
	return ferror(out) ? -EIO : 0;
}

int rpt_write_pts_di_files(const char *dir, const char *scope, const struct rpt_drive *d,
			   char *err_path, size_t len)
{
	char a[64], b[96], path[PATH_MAX];
	FILE *f;
	int ret;

	for (size_t i = 0; d->pts && i < d->pts->nt; i++) {
		const struct rpt_pts_test *t = &d->pts->t[i];

		if (!t->di)
			continue;
		rpt_slug(a, sizeof(a), scope);
		rpt_slug(b, sizeof(b), t->name);
		snprintf(path, sizeof(path), "%s/%s.%s.di.csv", dir, a, b);
		f = fopen(path, "w");
		if (!f) {
			ret = -errno;
			snprintf(err_path, len, "%s", path);
			return ret;
		}
		ret = rpt_write_pts_di_csv(f, t->name, t->di);
		if (fclose(f) && !ret)
			ret = -errno;
		if (ret) {
			snprintf(err_path, len, "%s", path);
			return ret;
		}
	}
	return 0;
}

/* ---- HTML ---- */

#define DI_LINES	8	/* thread counts drawn: 32 down to 1 is 6 */

/* The thread counts of the ladder, highest first; their number. */
static size_t thread_counts(const struct rpt_pts_di *di, unsigned int *tc)
{
	size_t n = 0, k;

	for (size_t i = 0; i < di->n; i++) {
		for (k = 0; k < n && tc[k] != di->pt[i].tc; k++)
			;
		if (k == n && n < DI_LINES)
			tc[n++] = di->pt[i].tc;
	}
	return n;
}

size_t rpt_pts_di_line(const struct rpt_pts_di *di, unsigned int tc, const char *xkey,
		       const char *ykey, double *x, double *y)
{
	const struct rpt_cat *cx = xkey ? rpt_cat_find(RPT_OF_PTS, xkey) : NULL;
	const struct rpt_cat *cy = rpt_cat_find(RPT_OF_PTS, ykey);
	unsigned int qd[RPT_PTS_DI_LINE];
	size_t n = 0, k;

	for (size_t i = 0; i < di->n && n < RPT_PTS_DI_LINE; i++) {
		const struct rpt_pts_di_point *p = &di->pt[i];
		const struct rpt_fig *fy = rpt_cat_pts(cy, &p->c);
		const struct rpt_fig *fx = cx ? rpt_cat_pts(cx, &p->c) : NULL;

		if (p->tc != tc || !fy->ok || fy->v <= 0 || (fx && (!fx->ok || fx->v <= 0)))
			continue;
		for (k = n; k > 0 && qd[k - 1] > p->qd; k--) {
			qd[k] = qd[k - 1];
			x[k] = x[k - 1];
			y[k] = y[k - 1];
		}
		qd[k] = p->qd;
		x[k] = fx ? fx->v : p->qd;
		y[k] = fy->v;
		n++;
	}
	return n;
}

static void di_chart(struct rpt_charts *ch, const char *scope, const char *test,
		     const struct rpt_pts_di *di, const char *xkey, const char *ykey,
		     const char *xname, const char *yname, const char *fig, const char *what)
{
	unsigned int tc[DI_LINES];
	size_t ntc = thread_counts(di, tc), ns = 0;
	double *buf = calloc((size_t)DI_LINES * 2 * (di->n + 1), sizeof(double));
	struct rpt_xy_series s[DI_LINES];
	struct rpt_axis xa = { .name = xname, .kind = RPT_AXIS_LOG };
	struct rpt_axis ya = { .name = yname, .kind = RPT_AXIS_LOG };
	char names[DI_LINES][16], title[256];
	FILE *out;

	if (!buf)
		return;
	for (size_t k = 0; k < ntc; k++) {
		double *x = buf + k * 2 * (di->n + 1), *y = x + di->n + 1;
		size_t n = rpt_pts_di_line(di, tc[k], xkey, ykey, x, y);

		if (n < 2)	/* a line needs two points */
			continue;
		snprintf(names[ns], sizeof(names[ns]), "TC %u", tc[k]);
		s[ns] = (struct rpt_xy_series){ .name = names[ns], .x = x, .y = y, .n = n,
						.color = rpt_svg_color(ns) };
		ns++;
	}
	if (ns) {
		snprintf(title, sizeof(title), "%s: %s, a line per thread count", test, what);
		out = rpt_html_figure(ch, false, scope, test, fig);
		if (out) {
			struct rpt_svg_head h = { title, title, RPT_SVG_HALF };

			rpt_svg_xy(out, &h, &xa, &ya, s, ns, NULL, 0);
			rpt_html_figure_end(ch);
		}
	}
	free(buf);
}

/* The picked points' histograms on one chart: % of I/Os per power-of-two bin. */
/* Histograms of @n points in power-of-two bins, a line each, as figure @id. */
static void hist_chart(struct rpt_charts *ch, const char *scope, const char *test,
		       const struct rpt_pts_di_point *const *pt, const char *const *label, size_t n,
		       const char *id, const char *title)
{
	double x[RPT_DI_NPICKS][40], y[RPT_DI_NPICKS][40];
	struct rpt_xy_series s[RPT_DI_NPICKS];
	struct rpt_axis xa = { .name = "response time (µs)", .kind = RPT_AXIS_LOG };
	struct rpt_axis ya = { .name = "% of I/Os", .kind = RPT_AXIS_LINEAR };
	char names[RPT_DI_NPICKS][64];
	size_t ns = 0;
	FILE *out;

	for (size_t k = 0; k < n && k < RPT_DI_NPICKS; k++) {
		const struct rpt_pts_di_point *p = pt[k];
		double edge = 1;
		size_t m = 0, b = 0;

		if (!p || !p->nhist)
			continue;
		while (edge < p->hist_us[0] && edge < 1e12)
			edge *= 2;
		for (; b < p->nhist && m < 40; edge *= 2) {
			double share = 0;

			for (; b < p->nhist && p->hist_us[b] <= edge; b++)
				share += p->hist_share[b];
			x[ns][m] = edge;
			y[ns][m++] = share * 100;
		}
		if (m < 2)
			continue;
		snprintf(names[ns], sizeof(names[ns]), "%s: %s T%uQ%u", label[k], p->c.name, p->tc, p->qd);
		s[ns] = (struct rpt_xy_series){ .name = names[ns], .x = x[ns], .y = y[ns], .n = m,
						.color = rpt_svg_color(k) };
		ns++;
	}
	if (!ns)
		return;
	out = rpt_html_figure(ch, false, scope, test, id);
	if (out) {
		struct rpt_svg_head h = { title, title, RPT_SVG_HALF };

		rpt_svg_xy(out, &h, &xa, &ya, s, ns, NULL, 0);
		rpt_html_figure_end(ch);
	}
}

/* The ladder picks' histograms (@runs false) or the histogram runs' (true). */
static void di_hist(struct rpt_charts *ch, const char *scope, const char *test,
		    const struct rpt_pts_di *di, bool runs)
{
	const struct rpt_pts_di_point *pt[RPT_DI_NPICKS];
	const char *label[RPT_DI_NPICKS];
	size_t n = runs ? RPT_DI_NHRUNS : RPT_DI_NPICKS;
	char title[256];

	for (size_t k = 0; k < n; k++) {
		pt[k] = runs ? &di->hrun[k] : di->pick[k] >= 0 ? &di->pt[di->pick[k]] : NULL;
		label[k] = runs ? hrun_title[k] : rpt_pts_di_pick_name(k);
	}
	snprintf(title, sizeof(title), "%s: response-time histograms of %s (power-of-two bins)", test,
		 runs ? "the runs at MaxIOPS, MidIOPS and MinIOPS" :
			"the max, optimal, mid and min points");
	hist_chart(ch, scope, test, pt, label, n, runs ? "di-hruns" : "di-hist", title);
}

static void html_hruns(FILE *out, const struct rpt_pts_di *di)
{
	char pre[48];

	fputs("<p>Response-time histogram runs at the ladder's MaxIOPS, MidIOPS and MinIOPS points, "
	      "each after its pre-writes (the histograms above).</p>\n<div class=\"tw\"><table>"
	      "<tr><th>run</th><th>TC x QD</th><th>pre-write IOPS</th>", out);
	for (const char *const *key = di_keys; *key; key++)
		fprintf(out, "<th>%s</th>", rpt_cat_find(RPT_OF_PTS, *key)->head);
	fputs("</tr>\n", out);
	for (int k = 0; k < RPT_DI_NHRUNS; k++) {
		const struct rpt_pts_di_point *p = &di->hrun[k];

		fprintf(out, "<tr><td>%s</td><td>", hrun_title[k]);
		if (p->tc)
			fprintf(out, "T%uQ%u%s", p->tc, p->qd, hrun_at_pick(di, k) ? "" : " (not the ladder's)");
		fprintf(out, "</td><td>%s</td>", isfinite(di->hrun_prewrite[k]) ?
			rpt_fmt_num(pre, sizeof(pre), di->hrun_prewrite[k], 0) : "-");
		for (const char *const *key = di_keys; *key; key++) {
			const struct rpt_cat *c = rpt_cat_find(RPT_OF_PTS, *key);

			rpt_html_td(out, rpt_cat_pts(c, &p->c), c->digits);
		}
		fputs("</tr>\n", out);
	}
	fputs("</table></div>\n", out);
}

void rpt_html_pts_di(struct rpt_charts *ch, const char *scope, const char *test,
		     const struct rpt_pts_di *di, bool hist)
{
	FILE *out = ch->html;
	char pk[48];

	if (di->nrounds) {
		char said[320], a[48], b[48];

		rounds_said(said, sizeof(said), di);
		fprintf(out, "<p>%s.</p>\n<div class=\"tw\"><table><tr><th>round</th>"
			"<th>T32Q32 IOPS</th><th>pre-write IOPS</th></tr>\n", said);
		for (int i = 0; i < di->nrounds; i++)
			fprintf(out, "<tr><td>%d</td><td>%s</td><td>%s</td></tr>\n", i + 1,
				isfinite(di->t32[i]) ? rpt_fmt_num(a, sizeof(a), di->t32[i], 0) : "-",
				isfinite(di->prewrite[i]) ? rpt_fmt_num(b, sizeof(b), di->prewrite[i], 0) : "-");
		fputs("</table></div>\n", out);
	}
	fprintf(out, "<p>Demand intensity: %zu TC x QD points, highest demand first; optimal: the "
		"most IOPS within a mean response time of %.0f µs.</p>\n<div class=\"figs\">\n",
		di->n, di->ceiling_us);
	di_chart(ch, scope, test, di, "iops", "lat_mean_us", "IOPS", "mean response time (µs)",
		 "di-curve", "demand intensity, mean response time against IOPS");
	di_chart(ch, scope, test, di, NULL, "iops", "queue depth", "IOPS", "di-variation",
		 "demand variation, IOPS against queue depth");
	if (hist)
		di_hist(ch, scope, test, di, false);
	if (di->hist_test != (size_t)-1)
		di_hist(ch, scope, test, di, true);
	fputs("</div>\n<div class=\"tw\"><table><tr><th>point</th><th>OIO</th>", out);
	for (const char *const *key = di_keys; *key; key++)
		fprintf(out, "<th>%s</th>", rpt_cat_find(RPT_OF_PTS, *key)->head);
	fputs("<th>pick</th></tr>\n", out);
	for (size_t i = 0; i < di->n; i++) {
		const struct rpt_pts_di_point *p = &di->pt[i];

		fprintf(out, "<tr><td>%s</td><td>%u</td>", p->c.name, p->tc * p->qd);
		for (const char *const *key = di_keys; *key; key++) {
			const struct rpt_cat *c = rpt_cat_find(RPT_OF_PTS, *key);

			rpt_html_td(out, rpt_cat_pts(c, &p->c), c->digits);
		}
		picks_of(pk, sizeof(pk), di, i, ",");
		fprintf(out, "<td>%s</td></tr>\n", pk);
	}
	fputs("</table></div>\n", out);
	if (di->hist_test != (size_t)-1)
		html_hruns(out, di);
}
