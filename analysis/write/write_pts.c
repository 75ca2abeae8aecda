// SPDX-License-Identifier: GPL-2.0-only
/*
 * The SNIA PTS pages (pts_report.h) in text, JSON and HTML: per test the
 * tracking variables per round and the window, the cells' tables over the
 * window (the IOPS test as the PTS prints it: block size x R/W mix), WSAT
 * against GB written, and the drives compared.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "html.h"
#include "pts_report.h"
#include "writers.h"

#define MAXAX	16

/* The catalogue rows a test's table shows, by its kind. */
static const char *const iops_keys[] = { "iops", "power_w", "iops_per_w", "temp_max_c", NULL };
static const char *const tp_keys[] = { "mbps", "power_w", "mbps_per_w", "temp_max_c", NULL };
static const char *const lat_keys[] = { "lat_mean_us", "lat_max_us", "lat_p99999_us", "iops",
					"power_w", "iops_per_w", "temp_max_c", NULL };

static const char *const *keys_of(enum rpt_pts_kind k)
{
	return k == RPT_PTS_K_IOPS ? iops_keys : k == RPT_PTS_K_LATENCY ? lat_keys : tp_keys;
}

static const char *track_unit(const struct rpt_pts_var *v)
{
	return v->fig == RPT_PTS_IOPS ? "IOPS" : v->fig == RPT_PTS_MBPS ? "MB/s" : "µs";
}

/* The block sizes (largest first) and mixes (most reads first) of a test. */
static size_t axes(const struct rpt_pts_test *t, double *bs, int *mix, size_t *nmix)
{
	size_t nb = 0, i, k;

	*nmix = 0;
	for (i = 0; i < t->ncells; i++) {
		const struct rpt_pts_cell *c = &t->cell[i];

		for (k = 0; k < nb && bs[k] != c->bs; k++)
			;
		if (k == nb && nb < MAXAX)
			bs[nb++] = c->bs;
		for (k = 0; k < *nmix && mix[k] != c->mix; k++)
			;
		if (k == *nmix && *nmix < MAXAX)
			mix[(*nmix)++] = c->mix;
	}
	for (i = 1; i < nb; i++)
		for (k = i; k > 0 && bs[k] > bs[k - 1]; k--) {
			double x = bs[k];

			bs[k] = bs[k - 1];
			bs[k - 1] = x;
		}
	for (i = 1; i < *nmix; i++)
		for (k = i; k > 0 && mix[k] > mix[k - 1]; k--) {
			int x = mix[k];

			mix[k] = mix[k - 1];
			mix[k - 1] = x;
		}
	return nb;
}

static const struct rpt_pts_cell *cell_at(const struct rpt_pts_test *t, double bs, int mix)
{
	for (size_t i = 0; i < t->ncells; i++)
		if (t->cell[i].bs == bs && t->cell[i].mix == mix)
			return &t->cell[i];
	return NULL;
}

static void window_line(char *buf, size_t len, const struct rpt_pts_test *t)
{
	if (t->steady == 1)
		snprintf(buf, len, "steady state: rounds %d-%d of %d", t->first, t->last, t->nrounds);
	else
		snprintf(buf, len, "rounds %d-%d of %d averaged; %s", t->first, t->last, t->nrounds,
			 t->why);
}

/* ---- text ---- */

/* "Test conditions: T4Q32, active range 100% (PTS-E's)", or "" unknown */
static void cond_line(char *buf, size_t len, const struct rpt_pts_test *t)
{
	*buf = '\0';
	if (*t->cond)
		snprintf(buf, len, "Test conditions: %s%s", t->cond,
			 !t->pts_class ? "" : !strcmp(t->pts_class, "client") ?
			 " (the client class's, PTS-C)" : " (the enterprise class's, PTS-E)");
}

static void text_test(FILE *out, const struct rpt_pts_test *t)
{
	char line[512], num[48], bsl[16];
	double bs[MAXAX];
	int mix[MAXAX];
	size_t nmix, nb = axes(t, bs, mix, &nmix);

	window_line(line, sizeof(line), t);
	fprintf(out, "\nSNIA PTS %s (%s): %s\n", rpt_pts_kind_title(t->kind), t->name, line);
	cond_line(line, sizeof(line), t);
	if (*line)
		fprintf(out, "  %s\n", line);
	for (int k = 0; k < t->ntracks; k++) {
		const struct rpt_pts_window *w = &t->w[k];

		fprintf(out, "  tracking %s %s %s per round:", t->track[k].job,
			t->track[k].write ? "write" : "read", track_unit(&t->track[k]));
		for (int i = 0; i < t->nrounds; i++)
			fprintf(out, " %s", isfinite(t->y[k][i]) ?
				rpt_fmt_num(num, sizeof(num), t->y[k][i], 1) : "-");
		fputc('\n', out);
		if (t->steady >= 0)
			fprintf(out, "    window %d-%d: average %s, range %.1f %% (<= %.0f %%), fitted line moves %.1f %% (<= %.0f %%)\n",
				w->first, w->last, rpt_fmt_num(num, sizeof(num), w->avg, 1),
				w->data_excursion * 100, RPT_PTS_DATA_EXCURSION * 100,
				w->slope_excursion * 100, RPT_PTS_SLOPE_EXCURSION * 100);
	}
	if (t->kind == RPT_PTS_K_IOPS) {
		for (const char *const *key = keys_of(t->kind); *key; key++) {
			const struct rpt_cat *c = rpt_cat_find(RPT_OF_PTS, *key);

			fprintf(out, "  %-8s", c->head);
			for (size_t m = 0; m < nmix; m++)
				fprintf(out, " %10d/%-3d", mix[m], 100 - mix[m]);
			fputc('\n', out);
			for (size_t b = 0; b < nb; b++) {
				fprintf(out, "  %-8s", rpt_fmt_bs(bsl, sizeof(bsl), bs[b]));
				for (size_t m = 0; m < nmix; m++) {
					const struct rpt_pts_cell *cl = cell_at(t, bs[b], mix[m]);
					const struct rpt_fig *f = cl ? rpt_cat_pts(c, cl) : NULL;

					fprintf(out, " %14s", f && f->ok ?
						rpt_fmt_num(num, sizeof(num), f->v, c->digits) : "-");
				}
				fputc('\n', out);
			}
		}
		return;
	}
	fprintf(out, "  %-16s", "cell");
	for (const char *const *key = keys_of(t->kind); *key; key++)
		fprintf(out, " %12s", rpt_cat_find(RPT_OF_PTS, *key)->head);
	fputc('\n', out);
	for (size_t i = 0; i < t->ncells; i++) {
		fprintf(out, "  %-16s", t->cell[i].name);
		for (const char *const *key = keys_of(t->kind); *key; key++) {
			const struct rpt_cat *c = rpt_cat_find(RPT_OF_PTS, *key);
			const struct rpt_fig *f = rpt_cat_pts(c, &t->cell[i]);

			fprintf(out, " %12s", f->ok ? rpt_fmt_num(num, sizeof(num), f->v, c->digits) : "-");
		}
		fputc('\n', out);
	}
}

static void text_wsat(FILE *out, const struct rpt_pts_wsat *ws)
{
	char a[48], b[48];

	if (!ws->n) {
		fprintf(out, "\nSNIA PTS write saturation: no periods: %s\n", ws->why);
		return;
	}
	fprintf(out, "\nSNIA PTS write saturation: %zu periods, %s GB written (%s x the capacity)\n",
		ws->n, rpt_fmt_num(a, sizeof(a), ws->gb[ws->n - 1], 1),
		ws->capacity_gb > 0 ? rpt_fmt_num(b, sizeof(b), ws->gb[ws->n - 1] / ws->capacity_gb, 2) :
		"?");
	fprintf(out, "  IOPS first period %s, last %s\n", rpt_fmt_num(a, sizeof(a), ws->iops[0], 0),
		rpt_fmt_num(b, sizeof(b), ws->iops[ws->n - 1], 0));
}

int rpt_write_pts_text(FILE *out, const struct rpt_drive *d)
{
	if (!d->pts)
		return 0;
	for (size_t i = 0; i < d->pts->nt; i++)
		text_test(out, &d->pts->t[i]);
	if (d->pts->has_wsat)
		text_wsat(out, &d->pts->wsat);
	return ferror(out) ? -EIO : 0;
}

/* ---- JSON ---- */

static void jnum(FILE *out, double v)
{
	if (isfinite(v))
		fprintf(out, "%.10g", v);
	else
		fputs("null", out);
}

static void json_cell(FILE *out, const struct rpt_pts_cell *c)
{
	const struct rpt_cat *cat;
	const char *sep = "";

	fputs("\n        {\"cell\": ", out);
	rpt_put_json_str(out, c->name);
	fprintf(out, ", \"mix_read_pct\": ");
	if (c->mix >= 0)
		fprintf(out, "%d", c->mix);
	else
		fputs("null", out);
	fputs(", \"bs\": ", out);
	jnum(out, c->bs > 0 ? c->bs : NAN);
	for (cat = rpt_cat_first(RPT_OF_PTS); cat; cat = rpt_cat_next(cat)) {
		fprintf(out, ", \"%s\": ", cat->key);
		jnum(out, rpt_cat_pts(cat, c)->ok ? rpt_cat_pts(cat, c)->v : NAN);
	}
	fputs(", \"null_reasons\": {", out);
	for (cat = rpt_cat_first(RPT_OF_PTS); cat; cat = rpt_cat_next(cat)) {
		const struct rpt_fig *f = rpt_cat_pts(cat, c);

		if (f->ok)
			continue;
		fprintf(out, "%s\"%s\": ", sep, cat->key);
		rpt_put_json_str(out, f->why);
		sep = ", ";
	}
	fputs("}}", out);
}

void rpt_write_pts_json(FILE *out, const struct rpt_drive *d)
{
	const struct rpt_pts *p = d->pts;

	if (!p)
		return;
	fputs(",\n      \"pts\": {\"tests\": [", out);
	for (size_t i = 0; i < p->nt; i++) {
		const struct rpt_pts_test *t = &p->t[i];

		fprintf(out, "%s\n      {\"test\": ", i ? "," : "");
		rpt_put_json_str(out, t->name);
		fprintf(out, ", \"kind\": \"%s\", \"rounds\": %d, \"steady\": %s, \"window\": [%d, %d], \"why\": ",
			rpt_pts_kind_title(t->kind), t->nrounds,
			t->steady == 1 ? "true" : t->steady == 0 ? "false" : "null", t->first, t->last);
		if (t->steady == 1)
			fputs("null", out);
		else
			rpt_put_json_str(out, t->why);
		fputs(", \"conditions\": ", out);
		rpt_put_json_str_or_null(out, *t->cond ? t->cond : NULL);
		fputs(", \"pts_class\": ", out);
		rpt_put_json_str_or_null(out, t->pts_class);
		fputs(", \"tracks\": [", out);
		for (int k = 0; k < t->ntracks; k++) {
			const struct rpt_pts_window *w = &t->w[k];

			fprintf(out, "%s{\"job\": ", k ? ", " : "");
			rpt_put_json_str(out, t->track[k].job);
			fprintf(out, ", \"dir\": \"%s\", \"figure\": \"%s\", \"rounds\": [",
				t->track[k].write ? "write" : "read",
				t->track[k].fig == RPT_PTS_IOPS ? "iops" :
				t->track[k].fig == RPT_PTS_MBPS ? "mbps" : "lat_us");
			for (int n = 0; n < t->nrounds; n++) {
				fputs(n ? ", " : "", out);
				jnum(out, t->y[k][n]);
			}
			fputs("], \"average\": ", out);
			jnum(out, t->steady >= 0 ? w->avg : NAN);
			fputs(", \"slope\": ", out);
			jnum(out, t->steady >= 0 ? w->slope : NAN);
			fputs(", \"intercept\": ", out);
			jnum(out, t->steady >= 0 ? w->intercept : NAN);
			fputs(", \"data_excursion\": ", out);
			jnum(out, t->steady >= 0 ? w->data_excursion : NAN);
			fputs(", \"slope_excursion\": ", out);
			jnum(out, t->steady >= 0 ? w->slope_excursion : NAN);
			fputs("}", out);
		}
		fputs("],\n        \"cells\": [", out);
		for (size_t c = 0; c < t->ncells; c++) {
			fputs(c ? "," : "", out);
			json_cell(out, &t->cell[c]);
		}
		fputs("]}", out);
	}
	fputs("],\n      \"wsat\": ", out);
	if (!p->has_wsat) {
		fputs("null}", out);
		return;
	}
	fputs("{\"capacity_gb\": ", out);
	jnum(out, p->wsat.capacity_gb > 0 ? p->wsat.capacity_gb : NAN);
	fputs(", \"gb\": [", out);
	for (size_t i = 0; i < p->wsat.n; i++) {
		fputs(i ? ", " : "", out);
		jnum(out, p->wsat.gb[i]);
	}
	fputs("], \"iops\": [", out);
	for (size_t i = 0; i < p->wsat.n; i++) {
		fputs(i ? ", " : "", out);
		jnum(out, p->wsat.iops[i]);
	}
	fputs("], \"why\": ", out);
	if (p->wsat.n)
		fputs("null", out);
	else
		rpt_put_json_str(out, p->wsat.why);
	fputs("}}", out);
}

/* ---- HTML ---- */

/* Rounds against the tracking variable, and the window: its average, the
 * 20 % band the PTS draws (average +- 10 %) and the fitted line. */
static void html_rounds(struct rpt_charts *ch, const char *scope, const struct rpt_pts_test *t,
			int k, bool window)
{
	const struct rpt_pts_window *w = &t->w[k];
	int a = window ? w->first : 1, b = window ? w->last : t->nrounds, n = b - a + 1;
	double *x = calloc((size_t)n * 6, sizeof(double));
	double *y, *av, *hi, *lo, *fit;
	char title[256], yname[64], fig[64];
	struct rpt_xy_series s[5];
	/* the window's chart zoomed to its rounds and its values, the band's 20 % */
	struct rpt_axis xa = { "round", RPT_AXIS_LINEAR, b, window, 1 };
	struct rpt_axis ya = { yname, RPT_AXIS_LINEAR, 0, window, 0 };
	size_t ns = 0;
	FILE *out;

	if (!x)
		return;
	y = x + n;
	av = y + n;
	hi = av + n;
	lo = hi + n;
	fit = lo + n;
	for (int i = 0; i < n; i++) {
		x[i] = a + i;
		y[i] = t->y[k][a - 1 + i];
		av[i] = w->avg;
		hi[i] = w->avg * 1.1;
		lo[i] = w->avg * 0.9;
		fit[i] = w->intercept + w->slope * (a + i - w->first);
	}
	snprintf(yname, sizeof(yname), "%s", track_unit(&t->track[k]));
	snprintf(title, sizeof(title), "%s: %s %s %s %s", t->name, t->track[k].job,
		 t->track[k].write ? "write" : "read", yname,
		 window ? "over the window" : "per round");
	snprintf(fig, sizeof(fig), "%s-%s%s", window ? "window" : "rounds", t->track[k].job,
		 t->track[k].write ? "-write" : "-read");
	s[ns++] = (struct rpt_xy_series){ .name = t->track[k].job, .x = x, .y = y, .n = (size_t)n,
					  .color = rpt_svg_color(0) };
	if (t->steady >= 0 && (window || t->steady == 1)) {
		/* on the convergence chart the lines span the window only */
		int off = window ? 0 : w->first - a, m = window ? n : RPT_PTS_WINDOW;

		s[ns++] = (struct rpt_xy_series){ .name = "window average", .x = x + off, .y = av + off,
						  .n = (size_t)m, .color = "#333" };
		s[ns++] = (struct rpt_xy_series){ .name = "110 % of the average", .x = x + off,
						  .y = hi + off, .n = (size_t)m, .color = "#999",
						  .dash = "6 4" };
		s[ns++] = (struct rpt_xy_series){ .name = "90 % of the average", .x = x + off,
						  .y = lo + off, .n = (size_t)m, .color = "#999",
						  .dash = "6 4" };
		s[ns++] = (struct rpt_xy_series){ .name = "least-squares line", .x = x + off,
						  .y = fit + off, .n = (size_t)m,
						  .color = rpt_svg_color(1), .dash = "2 3" };
	}
	out = rpt_html_figure(ch, false, scope, t->name, fig);
	if (out) {
		struct rpt_svg_head h = { title, title, RPT_SVG_HALF };

		rpt_svg_xy(out, &h, &xa, &ya, s, ns, NULL, 0);
		rpt_html_figure_end(ch);
	}
	free(x);
}

static void html_grid(FILE *out, const struct rpt_pts_test *t, const struct rpt_cat *c)
{
	double bs[MAXAX];
	int mix[MAXAX];
	size_t nmix, nb = axes(t, bs, mix, &nmix);
	char bsl[16];

	fprintf(out, "<div class=\"tw\"><table><caption>%s (%s), window average</caption><tr><th>block size</th>",
		c->head, c->unit);
	for (size_t m = 0; m < nmix; m++)
		fprintf(out, "<th>%d/%d</th>", mix[m], 100 - mix[m]);
	fputs("</tr>\n", out);
	for (size_t b = 0; b < nb; b++) {
		fprintf(out, "<tr><td>%s</td>", rpt_fmt_bs(bsl, sizeof(bsl), bs[b]));
		for (size_t m = 0; m < nmix; m++) {
			const struct rpt_pts_cell *cl = cell_at(t, bs[b], mix[m]);

			if (cl)
				rpt_html_td(out, rpt_cat_pts(c, cl), c->digits);
			else
				fputs("<td class=\"null\" title=\"not run (a block size below the LBA size)\">–</td>", out);
		}
		fputs("</tr>\n", out);
	}
	fputs("</table></div>\n", out);
}

static void html_cells(FILE *out, const struct rpt_pts_test *t)
{
	fputs("<div class=\"tw\"><table><tr><th>cell</th><th>R/W</th><th>bs</th>", out);
	for (const char *const *key = keys_of(t->kind); *key; key++)
		fprintf(out, "<th>%s</th>", rpt_cat_find(RPT_OF_PTS, *key)->head);
	fputs("</tr>\n", out);
	for (size_t i = 0; i < t->ncells; i++) {
		const struct rpt_pts_cell *c = &t->cell[i];
		char bsl[16] = "–";

		if (c->bs > 0)
			rpt_fmt_bs(bsl, sizeof(bsl), c->bs);
		fputs("<tr><td>", out);
		rpt_put_html(out, c->name);
		if (c->mix >= 0)
			fprintf(out, "</td><td>%d/%d</td>", c->mix, 100 - c->mix);
		else
			fputs("</td><td>–</td>", out);
		fprintf(out, "<td>%s</td>", bsl);
		for (const char *const *key = keys_of(t->kind); *key; key++) {
			const struct rpt_cat *cat = rpt_cat_find(RPT_OF_PTS, *key);

			rpt_html_td(out, rpt_cat_pts(cat, c), cat->digits);
		}
		fputs("</tr>\n", out);
	}
	fputs("</table></div>\n", out);
}

static void html_test(struct rpt_charts *ch, const char *scope, const struct rpt_pts_test *t)
{
	FILE *out = ch->html;
	char line[512];

	window_line(line, sizeof(line), t);
	fprintf(out, "<h4>SNIA PTS %s: ", rpt_pts_kind_title(t->kind));
	rpt_put_html(out, t->name);
	fprintf(out, "</h4>\n<p class=\"%s\">", t->steady == 1 ? "" : "warn");
	rpt_put_html(out, line);
	fputs("</p>\n", out);
	cond_line(line, sizeof(line), t);
	if (*line) {
		fputs("<p>", out);
		rpt_put_html(out, line);
		fputs("</p>\n", out);
	}
	for (int k = 0; k < t->ntracks; k++) {
		const struct rpt_pts_window *w = &t->w[k];

		if (t->steady >= 0)
			fprintf(out, "<p>%s %s: window rounds %d–%d, range %.1f %% of the average (PTS: at most %.0f %%), "
				"fitted line moves %.1f %% (at most %.0f %%)</p>\n", t->track[k].job,
				track_unit(&t->track[k]), w->first, w->last, w->data_excursion * 100,
				RPT_PTS_DATA_EXCURSION * 100, w->slope_excursion * 100,
				RPT_PTS_SLOPE_EXCURSION * 100);
		fputs("<div class=\"figs\">\n", out);
		html_rounds(ch, scope, t, k, false);
		if (t->steady >= 0)
			html_rounds(ch, scope, t, k, true);
		fputs("</div>\n", out);
	}
	if (t->kind == RPT_PTS_K_IOPS)
		for (const char *const *key = keys_of(t->kind); *key; key++)
			html_grid(out, t, rpt_cat_find(RPT_OF_PTS, *key));
	else
		html_cells(out, t);
}

static void html_wsat(struct rpt_charts *ch, const char *scope, const struct rpt_pts_wsat *ws)
{
	struct rpt_axis xa = { .name = "GB written", .kind = RPT_AXIS_LINEAR };
	struct rpt_axis ya = { .name = "IOPS", .kind = RPT_AXIS_LINEAR };
	struct rpt_xy_series s = { .name = "4 KiB random write IOPS", .x = ws->gb, .y = ws->iops,
				   .n = ws->n, .color = rpt_svg_color(0) };
	struct rpt_xy_mark m[4];
	char lab[4][32];
	size_t nm = 0;
	FILE *out;

	fputs("<h4>SNIA PTS write saturation</h4>\n", ch->html);
	if (!ws->n) {
		fputs("<p class=\"warn\">", ch->html);
		rpt_put_html(ch->html, ws->why);
		fputs("</p>\n", ch->html);
		return;
	}
	for (int i = 1; i <= 4 && ws->capacity_gb > 0; i++)
		if (ws->capacity_gb * i <= ws->gb[ws->n - 1] * 1.01) {
			snprintf(lab[nm], sizeof(lab[nm]), "%d x capacity", i);
			m[nm] = (struct rpt_xy_mark){ .x = ws->capacity_gb * i, .label = lab[nm],
						      .color = "#999" };
			nm++;
		}
	fputs("<div class=\"figs\">\n", ch->html);
	out = rpt_html_figure(ch, true, scope, "wsat", "iops-gb");
	if (out) {
		struct rpt_svg_head h = { "WSAT: IOPS against GB written",
					  "WSAT: 4 KiB random write IOPS against GB written since the purge", 0 };

		rpt_svg_xy(out, &h, &xa, &ya, &s, 1, m, nm);
		rpt_html_figure_end(ch);
	}
	fputs("</div>\n", ch->html);
}

int rpt_html_pts(struct rpt_charts *ch, const char *scope, const struct rpt_drive *d)
{
	if (!d->pts)
		return 0;
	fputs("<h3 class=\"sec\">", ch->html);
	rpt_put_html(ch->html, d->name);
	fputs(": SNIA PTS v2.0.2</h3>\n<p>Every cell averaged over its test's measurement window "
	      "(the rounds the steady-state rule names); power, efficiency and temperature over the "
	      "same cells, which PTS reports lack.</p>\n", ch->html);
	for (size_t i = 0; i < d->pts->nt; i++)
		html_test(ch, scope, &d->pts->t[i]);
	if (d->pts->has_wsat)
		html_wsat(ch, scope, &d->pts->wsat);
	return ferror(ch->html) ? -EIO : 0;
}

/* The drives' PTS figures side by side: each test's cells, a column a drive. */
int rpt_html_pts_compare(FILE *out, const struct rpt_report *r)
{
	size_t with = 0;

	for (size_t i = 0; i < r->nd; i++)
		with += r->d[i].pts && r->d[i].pts->nt;
	if (with < 2)
		return 0;
	fputs("<h3 class=\"sec\">SNIA PTS: the drives compared</h3>\n", out);
	for (size_t i = 0; i < r->nd; i++) {
		const struct rpt_pts *p = r->d[i].pts;

		for (size_t k = 0; p && k < p->nt; k++) {
			const struct rpt_pts_test *t = &p->t[k];
			const char *key = t->kind == RPT_PTS_K_IOPS ? "iops" :
					  t->kind == RPT_PTS_K_LATENCY ? "lat_mean_us" : "mbps";
			const char *eff = t->kind == RPT_PTS_K_THROUGHPUT ? "mbps_per_w" : "iops_per_w";
			bool seen = false;

			/* a test once: at the first drive that has it */
			for (size_t e = 0; e < i && !seen; e++)
				for (size_t q = 0; r->d[e].pts && q < r->d[e].pts->nt; q++)
					seen |= !strcmp(r->d[e].pts->t[q].name, t->name);
			if (seen)
				continue;
			fputs("<div class=\"tw\"><table><caption>", out);
			rpt_put_html(out, t->name);
			fprintf(out, ": %s and %s per cell, window averages</caption><tr><th>cell</th>",
				rpt_cat_find(RPT_OF_PTS, key)->head, rpt_cat_find(RPT_OF_PTS, eff)->head);
			for (size_t e = 0; e < r->nd; e++) {
				fputs("<th colspan=\"2\">", out);
				rpt_put_html(out, r->d[e].name);
				fputs("</th>", out);
			}
			fputs("</tr>\n<tr><th></th>", out);
			for (size_t e = 0; e < r->nd; e++)
				fprintf(out, "<th>%s</th><th>%s</th>", rpt_cat_find(RPT_OF_PTS, key)->head,
					rpt_cat_find(RPT_OF_PTS, eff)->head);
			fputs("</tr>\n", out);
			for (size_t c = 0; c < t->ncells; c++) {
				fputs("<tr><td>", out);
				rpt_put_html(out, t->cell[c].name);
				fputs("</td>", out);
				for (size_t e = 0; e < r->nd; e++) {
					const struct rpt_pts_cell *o = NULL;
					const struct rpt_pts *q = r->d[e].pts;

					for (size_t u = 0; q && u < q->nt && !o; u++)
						for (size_t v = 0; !strcmp(q->t[u].name, t->name) &&
						     v < q->t[u].ncells && !o; v++)
							if (!strcmp(q->t[u].cell[v].name, t->cell[c].name))
								o = &q->t[u].cell[v];
					for (int f = 0; f < 2; f++) {
						const struct rpt_cat *cat = rpt_cat_find(RPT_OF_PTS, f ? eff : key);

						if (o)
							rpt_html_td(out, rpt_cat_pts(cat, o), cat->digits);
						else
							fputs("<td class=\"null\" title=\"not run on this drive\">–</td>", out);
					}
				}
				fputs("</tr>\n", out);
			}
			fputs("</table></div>\n", out);
		}
	}
	return ferror(out) ? -EIO : 0;
}
