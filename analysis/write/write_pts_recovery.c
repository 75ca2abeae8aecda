// SPDX-License-Identifier: GPL-2.0-only
/*
 * The SNIA PTS recovery pages (pts_recovery.h) in text, JSON, CSV and HTML:
 * host idle recovery's IOPS per segment against time with its wait states,
 * cross-stimulus recovery's MB/s per period across the stimulus changes with
 * the recovery times; each phase's and group's figures (the catalogue's
 * RPT_OF_PTS rows).
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "chart.h"
#include "html.h"
#include "pts_recovery.h"
#include "writers.h"

static const char *fig_str(char *buf, size_t len, const struct rpt_fig *f, int digits)
{
	return f->ok ? rpt_fmt_num(buf, len, f->v, digits) : "-";
}

static void text_cells(FILE *out, const char *first, const char *const *keys,
		       const struct rpt_pts_cell *c, size_t n, const double *extra,
		       const char *extra_head)
{
	char num[48];

	fprintf(out, "  %-16s", first);
	if (extra)
		fprintf(out, " %12s", extra_head);
	for (const char *const *key = keys; *key; key++)
		fprintf(out, " %12s", rpt_cat_find(RPT_OF_PTS, *key)->head);
	fputc('\n', out);
	for (size_t i = 0; i < n; i++) {
		fprintf(out, "  %-16s", c[i].name);
		if (extra)
			fprintf(out, " %12s", isfinite(extra[i]) ?
				rpt_fmt_num(num, sizeof(num), extra[i], 1) : "-");
		for (const char *const *key = keys; *key; key++) {
			const struct rpt_cat *cat = rpt_cat_find(RPT_OF_PTS, *key);

			fprintf(out, " %12s", fig_str(num, sizeof(num), rpt_cat_pts(cat, &c[i]),
						       cat->digits));
		}
		fputc('\n', out);
	}
}

static void text_hir(FILE *out, const struct rpt_pts_hir *h)
{
	char a[48];

	if (!h->n) {
		fprintf(out, "\nSNIA PTS host idle recovery: no segments: %s\n", h->why);
		return;
	}
	fprintf(out, "\nSNIA PTS host idle recovery: %zu segments in %zu wait states and returns "
		"to baseline, %s minutes\n", h->n, h->nphase,
		rpt_fmt_num(a, sizeof(a), h->t_min[h->n - 1], 1));
	if (isfinite(h->steady_iops))
		fprintf(out, "  preconditioning's steady state: %s IOPS\n",
			rpt_fmt_num(a, sizeof(a), h->steady_iops, 0));
	fputs("  (IOPS: the segments' I/Os over their write time; IOPS/W: I/Os per joule over the "
	      "phase, idle too)\n", out);
	text_cells(out, "phase", rpt_pts_hir_keys, h->phase, h->nphase, h->idle_s, "idle s");
}

static void text_xsr(FILE *out, const struct rpt_pts_xsr *x)
{
	char a[48], b[48];

	if (!x->n) {
		fprintf(out, "\nSNIA PTS cross-stimulus recovery: no periods: %s\n", x->why);
		return;
	}
	fprintf(out, "\nSNIA PTS cross-stimulus recovery: %zu access groups, %zu periods, %s "
		"minutes\n", x->ngroup, x->n, rpt_fmt_num(a, sizeof(a), x->t_min[x->n - 1], 1));
	for (size_t g = 0; g < x->ngroup; g++)
		fprintf(out, "  %-16s level %s MB/s, recovery %s\n", x->group[g].name,
			isfinite(x->level_mbps[g]) ? rpt_fmt_num(a, sizeof(a), x->level_mbps[g], 1) : "-",
			isfinite(x->recovery_min[g]) ?
			strcat(rpt_fmt_num(b, sizeof(b), x->recovery_min[g], 1), " min") : x->rec_why[g]);
	text_cells(out, "access group", rpt_pts_xsr_keys, x->group, x->ngroup, NULL, NULL);
}

int rpt_write_pts_rec_text(FILE *out, const struct rpt_pts_rec *rec)
{
	if (!rec)
		return 0;
	if (rec->has_hir)
		text_hir(out, &rec->hir);
	if (rec->has_xsr)
		text_xsr(out, &rec->xsr);
	return ferror(out) ? -EIO : 0;
}

/* ---- JSON ---- */

static void jarr(FILE *out, const char *key, const double *v, size_t n)
{
	fprintf(out, ", \"%s\": [", key);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ", " : "", out);
		rpt_put_json_num(out, v[i]);
	}
	fputc(']', out);
}

static void jidx(FILE *out, const char *key, const size_t *v, size_t n)
{
	fprintf(out, ", \"%s\": [", key);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%zu", i ? ", " : "", v[i]);
	fputc(']', out);
}

static void json_cell(FILE *out, const struct rpt_pts_cell *c, const char *const *keys)
{
	fputs("{\"name\": ", out);
	rpt_put_json_str(out, c->name);
	for (const char *const *key = keys; *key; key++) {
		const struct rpt_fig *f = rpt_cat_pts(rpt_cat_find(RPT_OF_PTS, *key), c);

		fprintf(out, ", \"%s\": ", *key);
		rpt_put_json_num(out, f->ok ? f->v : NAN);
		if (!f->ok) {
			fprintf(out, ", \"%s_why\": ", *key);
			rpt_put_json_str(out, f->why);
		}
	}
	fputc('}', out);
}

static void json_cells(FILE *out, const char *key, const struct rpt_pts_cell *c, size_t n,
		       const char *const *keys)
{
	fprintf(out, "\"%s\": [", key);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ", " : "", out);
		json_cell(out, &c[i], keys);
	}
	fputc(']', out);
}

static void json_why(FILE *out, size_t n, const char *why)
{
	fputs(", \"why\": ", out);
	if (n)
		fputs("null", out);
	else
		rpt_put_json_str(out, why);
}

static void json_hir(FILE *out, const struct rpt_pts_hir *h)
{
	fputs("{\"steady_iops\": ", out);
	rpt_put_json_num(out, h->steady_iops);
	fputs(", ", out);
	json_cells(out, "phases", h->phase, h->nphase, rpt_pts_hir_keys);
	jarr(out, "idle_s", h->idle_s, h->nphase);
	jarr(out, "minutes", h->t_min, h->n);
	jarr(out, "iops", h->iops, h->n);
	jidx(out, "phase", h->seg_phase, h->n);
	json_why(out, h->n, h->why);
	fputc('}', out);
}

static void json_xsr(FILE *out, const struct rpt_pts_xsr *x)
{
	fputc('{', out);
	json_cells(out, "groups", x->group, x->ngroup, rpt_pts_xsr_keys);
	jarr(out, "level_mbps", x->level_mbps, x->ngroup);
	jarr(out, "recovery_min", x->recovery_min, x->ngroup);
	fputs(", \"recovery_why\": [", out);
	for (size_t g = 0; g < x->ngroup; g++) {
		fputs(g ? ", " : "", out);
		if (isfinite(x->recovery_min[g]))
			fputs("null", out);
		else
			rpt_put_json_str(out, x->rec_why[g]);
	}
	fputc(']', out);
	jarr(out, "minutes", x->t_min, x->n);
	jarr(out, "mbps", x->mbps, x->n);
	jidx(out, "group", x->seg_group, x->n);
	json_why(out, x->n, x->why);
	fputc('}', out);
}

void rpt_write_pts_rec_json(FILE *out, const struct rpt_pts_rec *rec)
{
	fputs(",\n      \"hir\": ", out);
	if (rec && rec->has_hir)
		json_hir(out, &rec->hir);
	else
		fputs("null", out);
	fputs(",\n      \"xsr\": ", out);
	if (rec && rec->has_xsr)
		json_xsr(out, &rec->xsr);
	else
		fputs("null", out);
}

/* ---- CSV ---- */

/* One CSV file, @dir/@scope.@test.@chart.csv: a row per point. */
static int csv_file(const char *dir, const char *scope, const char *test, const char *chart,
		    const char *head, const struct rpt_pts_cell *part, const size_t *idx,
		    const double *x, const double *y, size_t n, char *err_path, size_t len)
{
	char a[64], path[PATH_MAX];
	FILE *f;
	int ret = 0;

	rpt_slug(a, sizeof(a), scope);
	snprintf(path, sizeof(path), "%s/%s.%s.%s.csv", dir, a, test, chart);
	f = fopen(path, "w");
	if (!f) {
		ret = -errno;
		snprintf(err_path, len, "%s", path);
		return ret;
	}
	fprintf(f, "%s\n", head);
	for (size_t i = 0; i < n; i++) {
		rpt_put_csv(f, part[idx[i]].name);
		fprintf(f, ",%.10g,%.10g\n", x[i], y[i]);
	}
	return rpt_file_close(f, path, err_path, len);
}

int rpt_write_pts_rec_csv(const char *dir, const char *scope, const struct rpt_pts_rec *rec,
			  char *err_path, size_t len)
{
	int ret = 0;

	if (rec && rec->has_hir && rec->hir.n)
		ret = csv_file(dir, scope, "hir", "iops-time", "phase,minutes,iops", rec->hir.phase,
			       rec->hir.seg_phase, rec->hir.t_min, rec->hir.iops, rec->hir.n,
			       err_path, len);
	if (!ret && rec && rec->has_xsr && rec->xsr.n)
		ret = csv_file(dir, scope, "xsr", "mbps-time", "group,minutes,mbps", rec->xsr.group,
			       rec->xsr.seg_group, rec->xsr.t_min, rec->xsr.mbps, rec->xsr.n,
			       err_path, len);
	return ret;
}

/* ---- HTML ---- */

static void html_cells(FILE *out, const char *first, const char *const *keys,
		       const struct rpt_pts_cell *c, size_t n, const double *extra,
		       const char *extra_head)
{
	fprintf(out, "<div class=\"tw\"><table><tr><th>%s</th>", first);
	if (extra)
		fprintf(out, "<th>%s</th>", extra_head);
	for (const char *const *key = keys; *key; key++)
		fprintf(out, "<th>%s</th>", rpt_cat_find(RPT_OF_PTS, *key)->head);
	fputs("</tr>\n", out);
	for (size_t i = 0; i < n; i++) {
		fputs("<tr><td>", out);
		rpt_put_html(out, c[i].name);
		fputs("</td>", out);
		if (extra) {
			char num[48];

			fprintf(out, "<td>%s</td>", isfinite(extra[i]) ?
				rpt_fmt_num(num, sizeof(num), extra[i], 1) : "–");
		}
		for (const char *const *key = keys; *key; key++) {
			const struct rpt_cat *cat = rpt_cat_find(RPT_OF_PTS, *key);

			rpt_html_td(out, rpt_cat_pts(cat, &c[i]), cat->digits);
		}
		fputs("</tr>\n", out);
	}
	fputs("</table></div>\n", out);
}

static void html_warn(FILE *out, const char *what, const char *why)
{
	fputs("<p class=\"warn\">", out);
	rpt_put_html(out, what);
	rpt_put_html(out, why);
	fputs("</p>\n", out);
}

/*
 * Points of @n per-period values split by their @part index into series of
 * @np parts: a series a part, its points consecutive in @x, @y.
 */
static void split(const double *x, const double *y, const size_t *part, size_t n, size_t np,
		  struct rpt_xy_series *s, const struct rpt_pts_cell *names)
{
	for (size_t k = 0; k < np; k++) {
		s[k] = (struct rpt_xy_series){ .name = names[k].name, .color = rpt_svg_color((int)k) };
		for (size_t i = 0; i < n; i++)
			if (part[i] == k) {
				if (!s[k].n) {
					s[k].x = x + i;
					s[k].y = y + i;
				}
				s[k].n++;
			}
	}
}

static void html_hir(struct rpt_charts *ch, const char *scope, const struct rpt_pts_hir *h)
{
	struct rpt_axis xa = { .name = "minutes since the first segment (a scaled model's: the full drive's)",
			       .kind = RPT_AXIS_LINEAR };
	struct rpt_axis ya = { .name = "IOPS", .kind = RPT_AXIS_LINEAR };
	struct rpt_xy_series *s;
	struct rpt_xy_mark *m;
	char (*lab)[80];
	double lx[2], ly[2];
	size_t ns;
	FILE *out;

	fputs("<h4>SNIA PTS host idle recovery</h4>\n", ch->html);
	if (!h->n) {
		html_warn(ch->html, "No segments: ", h->why);
		return;
	}
	s = calloc(h->nphase + 1, sizeof(*s));
	m = calloc(h->nphase, sizeof(*m));
	lab = calloc(h->nphase, sizeof(*lab));
	if (!s || !m || !lab)
		goto out;
	fputs("<p>4 KiB random writes in segments of 5 s, each followed by the wait state's "
	      "idle (none in a return to baseline): each point a segment's IOPS; the gaps "
	      "between a wait state's points its idle.</p>\n", ch->html);
	split(h->t_min, h->iops, h->seg_phase, h->n, h->nphase, s, h->phase);
	ns = h->nphase;
	for (size_t k = 0; k < h->nphase; k++) {
		for (size_t i = 0; i < h->n; i++)
			if (h->seg_phase[i] == k) {
				m[k].x = h->t_min[i];
				break;
			}
		if (h->idle_s[k] > 0)
			snprintf(lab[k], sizeof(lab[k]), "%.40s: %.0f s idle", h->phase[k].name,
				 h->idle_s[k]);
		else
			snprintf(lab[k], sizeof(lab[k]), "%.40s", h->phase[k].name);
		m[k].label = lab[k];
		m[k].color = "#999";
	}
	if (isfinite(h->steady_iops)) {
		lx[0] = 0;
		lx[1] = h->t_min[h->n - 1];
		ly[0] = ly[1] = h->steady_iops;
		s[ns++] = (struct rpt_xy_series){ .name = "preconditioning's steady state", .x = lx,
						  .y = ly, .n = 2, .color = "#555", .dash = "4 3" };
	}
	html_cells(ch->html, "phase", rpt_pts_hir_keys, h->phase, h->nphase, h->idle_s, "idle s");
	fputs("<div class=\"figs\">\n", ch->html);
	out = rpt_html_figure(ch, true, scope, "hir", "iops-time");
	if (out) {
		struct rpt_svg_head hd = { "HIR: IOPS per segment against time",
					   "HIR: IOPS per segment against time, all wait states", 0 };

		rpt_svg_xy(out, &hd, &xa, &ya, s, ns, m, h->nphase);
		rpt_html_figure_end(ch);
	}
	fputs("</div>\n", ch->html);
out:
	free(s);
	free(m);
	free(lab);
}

static void html_xsr(struct rpt_charts *ch, const char *scope, const struct rpt_pts_xsr *x)
{
	struct rpt_axis xa = { .name = "minutes since the first access group (a scaled model's: the full drive's)",
			       .kind = RPT_AXIS_LINEAR };
	struct rpt_axis ya = { .name = "MB/s", .kind = RPT_AXIS_LINEAR };
	struct rpt_xy_series s[RPT_XSR_GROUPS];
	struct rpt_xy_mark m[2 * RPT_XSR_GROUPS];
	char lab[2 * RPT_XSR_GROUPS][64], a[48];
	size_t nm = 0;
	FILE *out;

	fputs("<h4>SNIA PTS cross-stimulus recovery</h4>\n", ch->html);
	if (!x->n) {
		html_warn(ch->html, "No periods: ", x->why);
		return;
	}
	split(x->t_min, x->mbps, x->seg_group, x->n, x->ngroup, s, x->group);
	fputs("<div class=\"tw\"><table><tr><th>access group</th><th>steady level MB/s</th>"
	      "<th>recovery</th></tr>\n", ch->html);
	for (size_t g = 0; g < x->ngroup; g++) {
		fputs("<tr><td>", ch->html);
		rpt_put_html(ch->html, x->group[g].name);
		fprintf(ch->html, "</td><td>%s</td><td>",
			isfinite(x->level_mbps[g]) ? rpt_fmt_num(a, sizeof(a), x->level_mbps[g], 1) : "–");
		if (isfinite(x->recovery_min[g]))
			fprintf(ch->html, "%s min", rpt_fmt_num(a, sizeof(a), x->recovery_min[g], 1));
		else
			rpt_put_html(ch->html, x->rec_why[g]);
		fputs("</td></tr>\n", ch->html);
		if (!s[g].n)
			continue;
		snprintf(lab[nm], sizeof(lab[nm]), "%s starts", x->group[g].name);
		m[nm] = (struct rpt_xy_mark){ .x = s[g].x[0], .label = lab[nm], .color = "#999" };
		nm++;
		if (isfinite(x->recovery_min[g])) {
			snprintf(lab[nm], sizeof(lab[nm]), "recovered: %s min",
				 rpt_fmt_num(a, sizeof(a), x->recovery_min[g], 0));
			m[nm] = (struct rpt_xy_mark){ .x = s[g].x[0] + x->recovery_min[g],
						      .label = lab[nm], .color = "#c60" };
			nm++;
		}
	}
	fputs("</table></div>\n", ch->html);
	html_cells(ch->html, "access group", rpt_pts_xsr_keys, x->group, x->ngroup, NULL, NULL);
	fputs("<div class=\"figs\">\n", ch->html);
	out = rpt_html_figure(ch, true, scope, "xsr", "mbps-time");
	if (out) {
		struct rpt_svg_head hd = { "XSR: MB/s against time",
					   "XSR: MB/s per period across the stimulus changes", 0 };

		rpt_svg_xy(out, &hd, &xa, &ya, s, x->ngroup, m, nm);
		rpt_html_figure_end(ch);
	}
	fputs("</div>\n", ch->html);
}

void rpt_html_pts_rec(struct rpt_charts *ch, const char *scope, const struct rpt_pts_rec *rec)
{
	if (!rec)
		return;
	if (rec->has_hir)
		html_hir(ch, scope, &rec->hir);
	if (rec->has_xsr)
		html_xsr(ch, scope, &rec->xsr);
}
