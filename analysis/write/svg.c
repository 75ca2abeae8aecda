// SPDX-License-Identifier: GPL-2.0-only
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "marks.h"
#include "svg.h"
#include "writers.h"

#define BAR	18
#define CHAR_W	7.0	/* px of an average character at 12 px, bold or not */

/* HSL (h in degrees, s and l 0 to 1) as "#rrggbb" into @buf */
static void hsl_hex(char *buf, double h, double s, double l)
{
	double c = (1 - fabs(2 * l - 1)) * s, hp = fmod(h, 360) / 60;
	double x = c * (1 - fabs(fmod(hp, 2) - 1)), m = l - c / 2, rgb[3] = { 0 };
	int k = (int)hp;

	switch (k) {
	case 0: rgb[0] = c; rgb[1] = x; rgb[2] = 0; break;
	case 1: rgb[0] = x; rgb[1] = c; rgb[2] = 0; break;
	case 2: rgb[0] = 0; rgb[1] = c; rgb[2] = x; break;
	case 3: rgb[0] = 0; rgb[1] = x; rgb[2] = c; break;
	case 4: rgb[0] = x; rgb[1] = 0; rgb[2] = c; break;
	default: rgb[0] = c; rgb[1] = 0; rgb[2] = x; break;
	}
	snprintf(buf, 8, "#%02x%02x%02x", (int)lround((rgb[0] + m) * 255),
		 (int)lround((rgb[1] + m) * 255), (int)lround((rgb[2] + m) * 255));
}

const char *rpt_svg_color(size_t i)
{
	static const char *const c[] = {
		"#4a7ab5", "#e8a33d", "#6a9f58", "#c4463a", "#8a6bb1", "#3fa3a8",
		"#b5774a", "#d06fa6", "#7f7f7f", "#a8a83f",
	};
	static char more[RPT_SVG_COLORS][8];
	size_t n = sizeof(c) / sizeof(c[0]);

	if (i < n)
		return c[i];
	i = (i - n) % RPT_SVG_COLORS;
	/* past the palette: hues a golden angle apart, three lightnesses */
	if (!more[i][0])
		hsl_hex(more[i], 17 + 137.507764 * (double)i, 0.62, 0.36 + 0.12 * (double)(i % 3));
	return more[i];
}

double rpt_svg_nice_step(double max, int n)
{
	double raw = max / n, mag = pow(10, floor(log10(raw))), f = raw / mag;

	return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

struct rpt_svg_lin rpt_svg_lin_range(double lo, double hi, int n, double unit)
{
	struct rpt_svg_lin a;

	if (!(hi > lo))
		hi = lo + (lo ? fabs(lo) / 10 : 1);
	a.step = fmax(rpt_svg_nice_step(hi - lo, n), unit);
	/* an end a rounding error past a multiple is that multiple */
	a.lo = floor(lo / a.step + 1e-9) * a.step;
	a.top = ceil(hi / a.step - 1e-9) * a.step;
	return a;
}

struct rpt_svg_lin rpt_svg_lin_axis(double hi, int n)
{
	return rpt_svg_lin_range(0, hi > 0 ? hi : 1, n, 0);
}

bool rpt_svg_lin_tick(const struct rpt_svg_lin *a, int k, double *v)
{
	if (k > lround((a->top - a->lo) / a->step))
		return false;
	*v = a->lo + k * a->step;
	return true;
}

void rpt_svg_put_label(FILE *out, const char *s, size_t max)
{
	size_t chars = 0;
	const char *c;

	for (c = s; *c; c++)
		chars += ((unsigned char)*c & 0xc0) != 0x80;
	if (chars <= max) {
		rpt_put_html(out, s);
		return;
	}
	fprintf(out, "<tspan textLength=\"%.0f\" lengthAdjust=\"spacingAndGlyphs\">",
		(double)max * CHAR_W);
	rpt_put_html(out, s);
	fputs("</tspan>", out);
}

void rpt_svg_bars_sort(struct rpt_bar *b, size_t n, enum rpt_better better)
{
	size_t i, k;

	if (better == RPT_BETTER_NONE)
		return;
	/* stable: equal values, and the nulls at the end, keep their order */
	for (i = 1; i < n; i++)
		for (k = i; k > 0; k--) {
			const struct rpt_fig *p = b[k - 1].f, *q = b[k].f;
			struct rpt_bar tmp;

			if (!q->ok || (p->ok && (better == RPT_BETTER_HIGHER ? p->v >= q->v :
						 p->v <= q->v)))
				break;
			tmp = b[k];
			b[k] = b[k - 1];
			b[k - 1] = tmp;
		}
}

void rpt_svg_drive_attr(FILE *out, const char *drive)
{
	if (!drive)
		return;
	fputs(" data-drive=\"", out);
	rpt_put_html(out, drive);
	fputc('"', out);
}

int rpt_svg_open(FILE *out, const struct rpt_svg_head *h, int height)
{
	int w = h->width ? h->width : RPT_SVG_W, top = h->title ? 28 : 0;

	fputs("<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"", out);
	rpt_put_html(out, h->aria ? h->aria : h->title ? h->title : "chart");
	fprintf(out, "\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		"font-family=\"sans-serif\" font-size=\"12\" fill=\"#222\">\n"
		"<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", w, height + top, w,
		height + top, w, height + top);
	if (h->title) {
		fputs("<text x=\"8\" y=\"18\" font-size=\"14\" font-weight=\"bold\">", out);
		rpt_svg_put_label(out, h->title, (size_t)(w / 7.8));
		fputs("</text>\n", out);
	}
	fprintf(out, "<g transform=\"translate(0 %d)\">\n", top);
	return top;
}

static void svg_close(FILE *out)
{
	fputs("</g>\n</svg>\n", out);
}

/* Horizontal grid lines with their values, the ticks of @a. */
static void y_grid(FILE *out, int x0, int y0, int pw, int ph, const struct rpt_svg_lin *a)
{
	double v;

	for (int k = 0; rpt_svg_lin_tick(a, k, &v); k++) {
		double py = y0 + ph - v / a->top * ph;

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

int rpt_svg_legend_cols(int width, size_t longest)
{
	int cols = 3;

	while (cols > 1 && (width - 80) / cols - 34 < longest * CHAR_W)
		cols--;
	return cols;
}

void rpt_svg_legend(FILE *out, int x0, int y, size_t i, int cols, int width, const char *name,
		    const char *color, bool line, const char *dash, const char *drive, bool hl)
{
	int colw = (width - 80) / cols;
	int x = x0 + (int)(i % (size_t)cols) * colw, yy = y + (int)(i / (size_t)cols) * 18;

	if (line) {
		fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"%s\"",
			x, yy - 4, x + 22, yy - 4, color, hl ? "4" : "2.5");
		if (dash)
			fprintf(out, " stroke-dasharray=\"%s\"", dash);
	} else {
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"", x,
			yy - 10, color);
	}
	rpt_svg_drive_attr(out, drive);
	if (hl && !line)
		fputs(" stroke=\"" RPT_SVG_INK "\" stroke-width=\"2\"", out);
	fprintf(out, "/><text x=\"%d\" y=\"%d\"%s", x + (line ? 27 : 16), yy,
		hl ? " font-weight=\"bold\"" : "");
	rpt_svg_drive_attr(out, drive);
	fputc('>', out);
	rpt_svg_put_label(out, name, (size_t)((colw - 30) / CHAR_W));
	fputs("</text>\n", out);
}

/*
 * Bars with their labels at the left; where the longest label would take
 * more than 40 % of the width, each label on a line of its own above its
 * bar (the full name, not a cut one).
 */
void rpt_svg_bars(FILE *out, const struct rpt_svg_head *h, const char *unit,
		  const struct rpt_bar *b, size_t n, int prec)
{
	const int w = h->width ? h->width : RPT_SVG_W;
	struct rpt_svg_lin xa;
	double max = 0, x;
	size_t i, longest = 4;
	int left, pw, row, top, bottom;
	unsigned int marks = 0;
	char legend[1024];
	bool stacked;

	if (!n)
		return;
	for (i = 0; i < n; i++) {
		if (b[i].f->ok)
			marks |= b[i].f->mark;
		if (b[i].f->ok && b[i].f->v > max)
			max = b[i].f->v;
		if (strlen(b[i].label) > longest)
			longest = strlen(b[i].label);
	}
	stacked = 14 + longest * CHAR_W > 0.4 * w;
	left = stacked ? 12 : (int)(14 + longest * CHAR_W);
	top = stacked ? 16 : 0;
	row = BAR + 6 + top;
	pw = w - left - 70;
	bottom = (int)n * row;
	xa = rpt_svg_lin_axis(max, 5);
	max = xa.top;
	rpt_svg_open(out, h, bottom + 44);
	for (int k = 0; rpt_svg_lin_tick(&xa, k, &x); k++) {
		double px = left + x / max * pw;

		fprintf(out, "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>"
			"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.10g</text>\n",
			px, px, bottom, px, bottom + 15, x);
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", left + pw / 2, bottom + 32);
	rpt_put_html(out, unit);
	fputs(rpt_mark_note(marks), out);
	fputs("</text>\n", out);
	for (i = 0; i < n; i++) {
		double y = (double)i * row + 3 + top;
		double bw = b[i].f->ok && b[i].f->v > 0 ? b[i].f->v / max * pw : 0;
		const char *bold = b[i].hl ? " font-weight=\"bold\"" : "";

		if (stacked)
			fprintf(out, "<text x=\"%d\" y=\"%.1f\"%s", left, y - 4, bold);
		else
			fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\"%s", left - 6,
				y + BAR - 5, bold);
		rpt_svg_drive_attr(out, b[i].drive);
		fputc('>', out);
		rpt_svg_put_label(out, b[i].label, stacked ? (size_t)((w - 30) / CHAR_W) : 160);
		fputs("<title>", out);
		rpt_put_html(out, b[i].label);
		fputs("</title></text>", out);
		if (b[i].f->ok) {
			fprintf(out, "<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"",
				left, y, bw, BAR, b[i].color ? b[i].color : rpt_svg_color(0));
			if (b[i].hl)
				fputs(" stroke=\"" RPT_SVG_INK "\" stroke-width=\"2\"", out);
			rpt_svg_drive_attr(out, b[i].drive);
			fprintf(out, "/><text x=\"%.1f\" y=\"%.1f\"%s", left + bw + 4, y + BAR - 5, bold);
			rpt_svg_drive_attr(out, b[i].drive);
			fprintf(out, ">%.*f%s", prec, b[i].f->v, rpt_mark_sign(b[i].f->mark));
			if (b[i].f->mark) {
				fputs("<title>", out);
				rpt_put_html(out, rpt_mark_legend(legend, sizeof(legend), "",
								  b[i].f->mark));
				fputs("</title>", out);
			}
			fputs("</text>\n", out);
		} else {
			fprintf(out, "<text x=\"%d\" y=\"%.1f\" fill=\"#999\"%s", left + 4, y + BAR - 5,
				bold);
			rpt_svg_drive_attr(out, b[i].drive);
			fputs(">n/a<title>", out);
			rpt_put_html(out, b[i].f->why);
			fputs("</title></text>\n", out);
		}
	}
	svg_close(out);
}

void rpt_svg_lines(FILE *out, const struct rpt_svg_head *h, const char *xname,
		   const char *const *xl, size_t nx, const char *yname,
		   const struct rpt_line *s, size_t ns)
{
	const int w = h->width ? h->width : RPT_SVG_W;
	const int x0 = 70, y0 = 14, pw = w - 100, ph = 240;
	struct rpt_svg_lin ya;
	double max = 0;
	size_t i, k, longest = 1;
	int legend_y = y0 + ph + 56, cols;

	for (k = 0; k < ns; k++) {
		for (i = 0; i < nx; i++)
			if (isfinite(s[k].y[i]) && s[k].y[i] > max)
				max = s[k].y[i];
		if (strlen(s[k].name) > longest)
			longest = strlen(s[k].name);
	}
	if (!nx || !ns)
		return;
	cols = rpt_svg_legend_cols(w, longest);
	ya = rpt_svg_lin_axis(max * 1.05, 5);
	max = ya.top;
	rpt_svg_open(out, h, legend_y + 18 * (int)((ns + (size_t)cols - 1) / (size_t)cols));
	y_grid(out, x0, y0, pw, ph, &ya);
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
		const char *c = s[k].color ? s[k].color : rpt_svg_color(k);
		bool open = false;

		for (i = 0; i <= nx; i++) {
			double px = x0 + (nx > 1 ? (double)i / (nx - 1) * pw : pw / 2.0);

			if (i == nx || !isfinite(s[k].y[i])) {
				if (open)
					fputs("\"/>\n", out);
				open = false;
				continue;
			}
			if (!open) {
				fprintf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"",
					c, s[k].hl ? "4" : "2");
				if (s[k].dash)
					fprintf(out, " stroke-dasharray=\"%s\"", s[k].dash);
				rpt_svg_drive_attr(out, s[k].drive);
				fputs(" points=\"", out);
			}
			fprintf(out, "%.1f,%.1f ", px, y0 + ph - s[k].y[i] / max * ph);
			open = true;
		}
		for (i = 0; i < nx; i++) {
			double px = x0 + (nx > 1 ? (double)i / (nx - 1) * pw : pw / 2.0);

			if (!isfinite(s[k].y[i]))
				continue;
			fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\"", px,
				y0 + ph - s[k].y[i] / max * ph, s[k].hl ? "5" : "3.5", c);
			if (s[k].hl)
				fputs(" stroke=\"" RPT_SVG_INK "\" stroke-width=\"1.5\"", out);
			rpt_svg_drive_attr(out, s[k].drive);
			fputs("><title>", out);
			rpt_put_html(out, s[k].name);
			fputs(" ", out);
			rpt_put_html(out, xl[i]);
			fprintf(out, ": %.4g</title></circle>\n", s[k].y[i]);
		}
		rpt_svg_legend(out, x0, legend_y, k, cols, w, s[k].name, c, true, s[k].dash,
			       s[k].drive, s[k].hl);
	}
	svg_close(out);
}

void rpt_svg_scatter(FILE *out, const struct rpt_svg_head *h, const char *xname,
		     const char *yname, const struct rpt_point *p, size_t n,
		     const char *const *groups, size_t ng)
{
	const int w = h->width ? h->width : RPT_SVG_W;
	const int x0 = 70, y0 = 14, pw = w - 100, ph = 300;
	struct rpt_svg_lin xa, ya;
	double xmax = 0, ymax = 0, v;
	size_t i, longest = 1;
	int legend_y = y0 + ph + 56, cols;

	for (i = 0; i < n; i++) {
		xmax = fmax(xmax, p[i].x);
		ymax = fmax(ymax, p[i].y);
	}
	if (!n || xmax <= 0 || ymax <= 0)
		return;
	for (i = 0; i < ng; i++)
		if (strlen(groups[i]) > longest)
			longest = strlen(groups[i]);
	cols = rpt_svg_legend_cols(w, longest);
	xa = rpt_svg_lin_axis(xmax * 1.02, 6);
	ya = rpt_svg_lin_axis(ymax * 1.05, 5);
	xmax = xa.top;
	ymax = ya.top;
	rpt_svg_open(out, h, legend_y + 18 * (int)((ng + (size_t)cols - 1) / (size_t)cols));
	y_grid(out, x0, y0, pw, ph, &ya);
	for (int k = 0; rpt_svg_lin_tick(&xa, k, &v); k++) {
		double px = x0 + v / xmax * pw;

		fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>"
			"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.10g</text>\n",
			px, y0, px, y0 + ph, px, y0 + ph + 15, v);
	}
	axis_names(out, x0, y0, pw, ph, xname, yname);
	for (i = 0; i < n; i++) {
		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\" fill-opacity=\"0.8\"",
			x0 + p[i].x / xmax * pw, y0 + ph - p[i].y / ymax * ph, p[i].hl ? "5.5" : "4",
			rpt_svg_color(p[i].group));
		if (p[i].hl)
			fputs(" stroke=\"" RPT_SVG_INK "\" stroke-width=\"1.5\"", out);
		rpt_svg_drive_attr(out, p[i].group < ng ? groups[p[i].group] : NULL);
		fputs("><title>", out);
		rpt_put_html(out, p[i].label);
		fprintf(out, ": %.4g, %.4g</title></circle>\n", p[i].x, p[i].y);
	}
	for (i = 0; i < ng; i++) {
		bool hl = false;

		for (size_t k = 0; k < n; k++)
			hl |= p[k].group == i && p[k].hl;
		rpt_svg_legend(out, x0, legend_y, i, cols, w, groups[i], rpt_svg_color(i), false,
			       NULL, groups[i], hl);
	}
	svg_close(out);
}
