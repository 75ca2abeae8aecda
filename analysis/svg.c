// SPDX-License-Identifier: GPL-2.0-only
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "svg.h"
#include "writers.h"

#define LEFT	215	/* room for labels left of the bars */
#define BAR	18

const char *rpt_svg_color(size_t i)
{
	static const char *const c[] = {
		"#4a7ab5", "#e8a33d", "#6a9f58", "#c4463a", "#8a6bb1", "#3fa3a8",
		"#b5774a", "#d06fa6", "#7f7f7f", "#a8a83f",
	};

	return c[i % (sizeof(c) / sizeof(c[0]))];
}

double rpt_svg_nice_step(double max, int n)
{
	double raw = max / n, mag = pow(10, floor(log10(raw))), f = raw / mag;

	return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

/* @s cut to @max bytes on a UTF-8 boundary, "..." added when cut */
void rpt_svg_put_label(FILE *out, const char *s, size_t max)
{
	char buf[128];
	size_t n = strlen(s);

	if (n <= max) {
		rpt_put_html(out, s);
		return;
	}
	n = max - 3 < sizeof(buf) - 4 ? max - 3 : sizeof(buf) - 4;
	while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	memcpy(buf, s, n);
	strcpy(buf + n, "...");
	rpt_put_html(out, buf);
}

/* The <svg> element's start, @height pixels high. */
static void svg_open(FILE *out, const char *aria, size_t height)
{
	fputs("<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"", out);
	rpt_put_html(out, aria);
	fprintf(out, "\" width=\"%d\" height=\"%zu\">\n", RPT_SVG_W, height);
}

/* Horizontal grid lines with their values, every @step up to @max. */
static void y_grid(FILE *out, int x0, int y0, int pw, int ph, double max, double step)
{
	double v;

	for (v = 0; v <= max + step / 2; v += step) {
		double py = y0 + ph - v / max * ph;

		fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
			"<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.10g</text>\n",
			x0, py, x0 + pw, py, x0 - 5, py + 4, v);
	}
}

/* The axes' names: @xname under the plot, @yname turned along its left. */
static void axis_names(FILE *out, int x0, int y0, int pw, int ph, const char *xname,
		       const char *yname)
{
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", x0 + pw / 2, y0 + ph + 32);
	rpt_put_html(out, xname);
	fprintf(out, "</text><text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">",
		y0 + ph / 2, y0 + ph / 2);
	rpt_put_html(out, yname);
	fputs("</text>\n", out);
}

/* Legend entry @i (three a row from @legend_y) in colour @i. */
static void legend(FILE *out, int x0, int legend_y, size_t i, const char *name)
{
	fprintf(out, "<rect x=\"%zu\" y=\"%zu\" width=\"12\" height=\"12\" fill=\"%s\"/>"
		"<text x=\"%zu\" y=\"%zu\">", x0 + (i % 3) * 230, legend_y + (i / 3) * 18 - 10,
		rpt_svg_color(i), x0 + (i % 3) * 230 + 16, legend_y + (i / 3) * 18);
	rpt_svg_put_label(out, name, 30);
	fputs("</text>\n", out);
}

void rpt_svg_bars(FILE *out, const char *aria, const char *unit,
		  const struct rpt_bar *b, size_t n, int prec)
{
	const int pw = RPT_SVG_W - LEFT - 70;
	double max = 0, step, x;
	size_t i;

	for (i = 0; i < n; i++)
		if (b[i].f->ok && b[i].f->v > max)
			max = b[i].f->v;
	if (!n)
		return;
	if (max <= 0)
		max = 1;
	step = rpt_svg_nice_step(max, 5);
	max = ceil(max / step) * step;
	svg_open(out, aria, n * (BAR + 6) + 40);
	for (x = 0; x <= max + step / 2; x += step) {
		double px = LEFT + x / max * pw;

		fprintf(out, "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%zu\" stroke=\"#ddd\"/>"
			"<text x=\"%.1f\" y=\"%zu\" text-anchor=\"middle\">%.10g</text>\n",
			px, px, n * (BAR + 6), px, n * (BAR + 6) + 15, x);
	}
	fputs("<text x=\"", out);
	fprintf(out, "%d\" y=\"%zu\" text-anchor=\"middle\">", LEFT + pw / 2, n * (BAR + 6) + 32);
	rpt_put_html(out, unit);
	fputs("</text>\n", out);
	for (i = 0; i < n; i++) {
		double y = i * (BAR + 6) + 3;
		double w = b[i].f->ok && b[i].f->v > 0 ? b[i].f->v / max * pw : 0;

		fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">", LEFT - 6, y + BAR - 5);
		rpt_svg_put_label(out, b[i].label, 32);
		fputs("<title>", out);
		rpt_put_html(out, b[i].label);
		fputs("</title></text>", out);
		if (b[i].f->ok) {
			fprintf(out, "<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>"
				"<text x=\"%.1f\" y=\"%.1f\">%.*f</text>\n", LEFT, y, w, BAR,
				rpt_svg_color(0), LEFT + w + 4, y + BAR - 5, prec, b[i].f->v);
		} else {
			fprintf(out, "<text x=\"%d\" y=\"%.1f\" fill=\"#999\">n/a<title>", LEFT + 4,
				y + BAR - 5);
			rpt_put_html(out, b[i].f->why);
			fputs("</title></text>\n", out);
		}
	}
	fputs("</svg>\n", out);
}

void rpt_svg_lines(FILE *out, const char *aria, const char *xname,
		   const char *const *xl, size_t nx, const char *yname,
		   const struct rpt_line *s, size_t ns)
{
	const int x0 = 70, y0 = 20, pw = RPT_SVG_W - 90, ph = 240;
	double max = 0, step;
	size_t i, k;
	int legend_y = y0 + ph + 50;

	for (k = 0; k < ns; k++)
		for (i = 0; i < nx; i++)
			if (isfinite(s[k].y[i]) && s[k].y[i] > max)
				max = s[k].y[i];
	if (!nx || !ns)
		return;
	if (max <= 0)
		max = 1;
	step = rpt_svg_nice_step(max, 5);
	max = ceil(max * 1.05 / step) * step;
	svg_open(out, aria, legend_y + 18 * ((ns + 2) / 3));
	y_grid(out, x0, y0, pw, ph, max, step);
	for (i = 0; i < nx; i++) {
		double px = x0 + (nx > 1 ? (double)i / (nx - 1) * pw : pw / 2.0);

		fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>"
			"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", px, y0, px, y0 + ph,
			px, y0 + ph + 15);
		rpt_put_html(out, xl[i]);
		fputs("</text>\n", out);
	}
	axis_names(out, x0, y0, pw, ph, xname, yname);
	for (k = 0; k < ns; k++) {
		const char *c = rpt_svg_color(k);
		bool open = false;

		for (i = 0; i < nx; i++) {
			double px = x0 + (nx > 1 ? (double)i / (nx - 1) * pw : pw / 2.0);
			double py;

			if (!isfinite(s[k].y[i])) {
				if (open)
					fputs("\"/>\n", out);
				open = false;
				continue;
			}
			py = y0 + ph - s[k].y[i] / max * ph;
			if (!open)
				fprintf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", c);
			fprintf(out, "%.1f,%.1f ", px, py);
			open = true;
		}
		if (open)
			fputs("\"/>\n", out);
		for (i = 0; i < nx; i++) {
			double px = x0 + (nx > 1 ? (double)i / (nx - 1) * pw : pw / 2.0);

			if (!isfinite(s[k].y[i]))
				continue;
			fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>",
				px, y0 + ph - s[k].y[i] / max * ph, c);
			rpt_put_html(out, s[k].name);
			fputs(" ", out);
			rpt_put_html(out, xl[i]);
			fprintf(out, ": %.4g</title></circle>\n", s[k].y[i]);
		}
		legend(out, x0, legend_y, k, s[k].name);
	}
	fputs("</svg>\n", out);
}

void rpt_svg_scatter(FILE *out, const char *aria, const char *xname, const char *yname,
		     const struct rpt_point *p, size_t n, const char *const *groups, size_t ng)
{
	const int x0 = 70, y0 = 20, pw = RPT_SVG_W - 90, ph = 300;
	double xmax = 0, ymax = 0, xs, ys, v;
	size_t i;
	int legend_y = y0 + ph + 50;

	for (i = 0; i < n; i++) {
		xmax = fmax(xmax, p[i].x);
		ymax = fmax(ymax, p[i].y);
	}
	if (!n || xmax <= 0 || ymax <= 0)
		return;
	xs = rpt_svg_nice_step(xmax, 6);
	ys = rpt_svg_nice_step(ymax, 5);
	xmax = ceil(xmax * 1.02 / xs) * xs;
	ymax = ceil(ymax * 1.05 / ys) * ys;
	svg_open(out, aria, legend_y + 18 * ((ng + 2) / 3));
	y_grid(out, x0, y0, pw, ph, ymax, ys);
	for (v = 0; v <= xmax + xs / 2; v += xs) {
		double px = x0 + v / xmax * pw;

		fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>"
			"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.10g</text>\n",
			px, y0, px, y0 + ph, px, y0 + ph + 15, v);
	}
	axis_names(out, x0, y0, pw, ph, xname, yname);
	for (i = 0; i < n; i++) {
		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" fill-opacity=\"0.8\"><title>",
			x0 + p[i].x / xmax * pw, y0 + ph - p[i].y / ymax * ph, rpt_svg_color(p[i].group));
		rpt_put_html(out, p[i].label);
		fprintf(out, ": %.4g, %.4g</title></circle>\n", p[i].x, p[i].y);
	}
	for (i = 0; i < ng; i++)
		legend(out, x0, legend_y, i, groups[i]);
	fputs("</svg>\n", out);
}
