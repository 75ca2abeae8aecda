// SPDX-License-Identifier: GPL-2.0-only
/* Numeric x against y (svg.h): fill curves, latency distributions. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svg.h"
#include "writers.h"

#define MAX_NINES	6	/* 99.9999 % */

struct scale {
	enum rpt_axis_kind kind;
	double lo, hi;		/* for NINES, in nines */
	struct rpt_svg_lin lin;	/* LINEAR: its ticks (hi is lin.top) */
	double p0, len;		/* px of lo, and of hi - lo (negative: upwards) */
};

static double nines(double p)
{
	return p >= 1 ? MAX_NINES : p <= 0 ? 0 : fmin(MAX_NINES, -log10(1 - p));
}

static double pos(const struct scale *s, double v)
{
	double f;

	switch (s->kind) {
	case RPT_AXIS_LOG:
		f = (log10(fmax(v, s->lo)) - log10(s->lo)) / (log10(s->hi) - log10(s->lo));
		break;
	case RPT_AXIS_NINES:
		f = fmin(nines(v), s->hi) / s->hi;
		break;
	default:
		f = (v - s->lo) / (s->hi - s->lo);
	}
	return s->p0 + fmin(fmax(f, 0), 1) * s->len;
}

/* The axis' range from the data (values @pick of every series). */
static void range(struct scale *sc, const struct rpt_axis *a, const struct rpt_xy_series *s,
		  size_t ns, const struct rpt_xy_mark *m, size_t nm, bool pick_x)
{
	double lo = INFINITY, hi = 0, last_below_one = 0;
	size_t i, k;

	for (k = 0; k < ns; k++)
		for (i = 0; i < s[k].n; i++) {
			double v = pick_x ? s[k].x[i] : s[k].y[i];

			if (!isfinite(v) || (a->kind == RPT_AXIS_LOG && v <= 0))
				continue;
			lo = fmin(lo, v);
			hi = fmax(hi, v);
			if (v < 1)
				last_below_one = fmax(last_below_one, v);
		}
	for (k = 0; pick_x && k < nm; k++)
		hi = fmax(hi, fmax(m[k].x, m[k].x1));
	sc->kind = a->kind;
	switch (a->kind) {
	case RPT_AXIS_LOG:
		/* from the 1, 2 or 5 x 10^k below the data to the one above it */
		if (!isfinite(lo))
			lo = hi = 1;
		sc->lo = pow(10, floor(log10(lo)));
		sc->lo *= lo >= 5 * sc->lo ? 5 : lo >= 2 * sc->lo ? 2 : 1;
		sc->hi = pow(10, floor(log10(hi)));
		sc->hi *= hi <= sc->hi ? 1 : hi <= 2 * sc->hi ? 2 : hi <= 5 * sc->hi ? 5 : 10;
		if (sc->hi <= sc->lo)
			sc->hi = sc->lo * 10;
		break;
	case RPT_AXIS_NINES:
		sc->lo = 0;
		sc->hi = fmin(MAX_NINES, fmax(2, ceil(nines(last_below_one) + 0.3)));
		break;
	default:
		if (a->zoom && isfinite(lo)) {
			double pad = pick_x ? 0 : (hi - lo) / 20;

			sc->lin = rpt_svg_lin_range(lo - pad, a->hi > 0 ? a->hi : hi + pad, 6,
						    a->unit);
		} else {
			sc->lin = rpt_svg_lin_range(0, a->hi > 0 ? a->hi : pick_x ? hi : hi * 1.05,
						    6, a->unit);
		}
		sc->lo = sc->lin.lo;
		sc->hi = sc->lin.top;
	}
}

/* Tick values of @s into @v (at most @max). */
static size_t ticks(const struct scale *s, double *v, size_t max)
{
	size_t n = 0;
	double d;

	switch (s->kind) {
	case RPT_AXIS_LOG:
		/* 1, 2 and 5 x 10^k within the range; decades alone over more than three */
		for (d = pow(10, floor(log10(s->lo))); d <= s->hi * 1.0001 && n < max; d *= 10)
			for (int m = 1; m <= 5 && n < max; m += m == 1 ? 1 : 3)
				if (m * d >= s->lo * 0.9999 && m * d <= s->hi * 1.0001 &&
				    (m == 1 || s->hi / s->lo <= 1000))
					v[n++] = m * d;
		break;
	case RPT_AXIS_NINES:
		for (d = 0; d <= s->hi + 1e-9 && n < max; d++)
			v[n++] = 1 - pow(10, -d);
		break;
	default:
		for (int k = 0; n < max && rpt_svg_lin_tick(&s->lin, k, &d); k++)
			v[n++] = d;
	}
	return n;
}

static void tick_label(char *buf, size_t len, const struct scale *s, double v)
{
	if (s->kind == RPT_AXIS_NINES)
		snprintf(buf, len, "%.10g %%", round(v * 1e8) / 1e6);
	else
		snprintf(buf, len, "%.10g", v);
}

/*
 * A row above the plot for each marker's label, the first where it meets
 * none of the labels before it (its width guessed at 7 px a byte, 8 px
 * apart): labels that would overlap go a row down. Return: the rows used.
 */
static int mark_rows(const struct scale *sx, const struct rpt_xy_mark *m, size_t nm, int x0,
		     int pw, int *row)
{
	double a[64], b[64];
	size_t at[64], np = 0, k, i;
	int rows = 0;

	for (k = 0; k < nm; k++) {
		double px = pos(sx, m[k].x), wd = 7.0 * (double)strlen(m[k].label);
		bool right = px > x0 + pw * 0.7, hit = true;

		row[k] = 0;
		if (m[k].x1 > m[k].x)		/* a span: its label inside the plot */
			continue;
		if (np == 64)			/* past 64 labels: the top row, over the others */
			continue;
		a[np] = right ? px - 4 - wd : px + 4;
		b[np] = right ? px - 4 : px + 4 + wd;
		for (row[k] = 0; hit; row[k] += hit) {
			hit = false;
			for (i = 0; i < np && !hit; i++)
				hit = row[at[i]] == row[k] && a[np] < b[i] + 8 && a[i] < b[np] + 8;
		}
		at[np++] = k;
		if (row[k] + 1 > rows)
			rows = row[k] + 1;
	}
	return rows;
}

/* The markers that are spans, shaded behind the series; a label's text at its first. */
static void spans(FILE *out, const struct scale *sx, const struct rpt_xy_mark *m, size_t nm,
		  int y0, int ph)
{
	for (size_t k = 0; k < nm; k++) {
		double a = pos(sx, m[k].x), b = pos(sx, m[k].x1);
		bool first = true;

		if (!(m[k].x1 > m[k].x))
			continue;
		fprintf(out, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" "
			"fill-opacity=\"0.45\"", a, y0, fmax(b - a, 0.8), ph, m[k].color);
		rpt_svg_drive_attr(out, m[k].drive);
		fputs("><title>", out);
		rpt_put_html(out, m[k].label);
		fprintf(out, " %.10g-%.10g</title></rect>\n", m[k].x, m[k].x1);
		for (size_t i = 0; i < k && first; i++)
			first = !(m[i].x1 > m[i].x) || strcmp(m[i].label, m[k].label);
		if (first) {
			fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" fill=\"#555\">", a + 2,
				y0 + ph - 4);
			rpt_put_html(out, m[k].label);
			fputs("</text>\n", out);
		}
	}
}

void rpt_svg_xy(FILE *out, const struct rpt_svg_head *h, const struct rpt_axis *xa,
		const struct rpt_axis *ya, const struct rpt_xy_series *s, size_t ns,
		const struct rpt_xy_mark *m, size_t nm)
{
	const int w = h->width ? h->width : RPT_SVG_W;
	const int x0 = 76, pw = w - 110, ph = 300;
	int *row, y0;
	struct scale sx, sy;
	double tv[64];
	char lab[32];
	size_t i, k, nt, longest = 1;
	int legend_y, cols;

	if (!ns && !nm)
		return;
	row = calloc(nm ? nm : 1, sizeof(*row));
	if (!row)
		nm = 0;		/* no memory for the markers' rows: the series alone */
	range(&sx, xa, s, ns, m, nm, true);
	range(&sy, ya, s, ns, m, nm, false);
	sx.p0 = x0;
	sx.len = pw;
	y0 = 14 + 16 * mark_rows(&sx, m, nm, x0, pw, row);
	legend_y = y0 + ph + 56;
	sy.p0 = y0 + ph;
	sy.len = -ph;
	for (k = 0; k < ns; k++)
		if (strlen(s[k].name) > longest)
			longest = strlen(s[k].name);
	cols = rpt_svg_legend_cols(w, longest);
	rpt_svg_open(out, h, legend_y + 18 * (int)((ns + (size_t)cols - 1) / (size_t)cols));
	nt = ticks(&sy, tv, 64);
	for (i = 0; i < nt; i++) {
		double py = pos(&sy, tv[i]);

		tick_label(lab, sizeof(lab), &sy, tv[i]);
		fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
			"<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", x0, py, x0 + pw,
			py, x0 - 5, py + 4, lab);
	}
	nt = ticks(&sx, tv, 64);
	for (i = 0; i < nt; i++) {
		double px = pos(&sx, tv[i]);

		tick_label(lab, sizeof(lab), &sx, tv[i]);
		fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>"
			"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", px, y0, px,
			y0 + ph, px, y0 + ph + 15, lab);
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", x0 + pw / 2, y0 + ph + 32);
	rpt_put_html(out, xa->name);
	fprintf(out, "</text><text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">",
		y0 + ph / 2, y0 + ph / 2);
	rpt_put_html(out, ya->name);
	fputs("</text>\n", out);
	spans(out, &sx, m, nm, y0, ph);
	for (k = 0; k < ns; k++) {
		const char *c = s[k].color ? s[k].color : rpt_svg_color(k);
		bool any = false;

		fprintf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%s\" stroke-linejoin=\"round\"",
			c, s[k].hl ? "3.5" : "1.6");
		if (s[k].dash)
			fprintf(out, " stroke-dasharray=\"%s\"", s[k].dash);
		rpt_svg_drive_attr(out, s[k].drive);
		fputs(" points=\"", out);
		for (i = 0; i < s[k].n; i++) {
			double px, py;

			if (!isfinite(s[k].x[i]) || !isfinite(s[k].y[i]) ||
			    (sx.kind == RPT_AXIS_LOG && s[k].x[i] <= 0))
				continue;
			px = pos(&sx, s[k].x[i]);
			py = pos(&sy, s[k].y[i]);
			if (s[k].step && any)
				fprintf(out, "%.1f,%.1f ", px, pos(&sy, s[k].y[i - 1]));
			fprintf(out, "%.1f,%.1f ", px, py);
			any = true;
		}
		fputs("\"><title>", out);
		rpt_put_html(out, s[k].name);
		fputs("</title></polyline>\n", out);
		rpt_svg_legend(out, x0, legend_y, k, cols, w, s[k].name, c, true, s[k].dash,
			       s[k].drive, s[k].hl);
	}
	for (k = 0; k < nm; k++) {
		double px = pos(&sx, m[k].x);
		int ty = 12 + 16 * row[k];
		bool right = px > x0 + pw * 0.7;

		if (m[k].x1 > m[k].x)
			continue;	/* a span: drawn behind */

		fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"%s\" stroke-dasharray=\"6,4\"",
			px, ty + 3, px, y0 + ph, m[k].color, m[k].hl ? "3" : "1.5");
		rpt_svg_drive_attr(out, m[k].drive);
		fprintf(out, "/><text x=\"%.1f\" y=\"%d\" fill=\"%s\" text-anchor=\"%s\"%s", px + (right ? -4 : 4),
			ty, m[k].color, right ? "end" : "start", m[k].hl ? " font-weight=\"bold\"" : "");
		rpt_svg_drive_attr(out, m[k].drive);
		fputc('>', out);
		rpt_put_html(out, m[k].label);
		fputs("</text>\n", out);
	}
	fputs("</g>\n</svg>\n", out);
	free(row);
}
