// SPDX-License-Identifier: GPL-2.0-only
/* A heat map: a grid of figures, each cell shaded by its value. */
#include <math.h>
#include <stdio.h>

#include "figure.h"
#include "svg.h"

/* light yellow to dark blue through green, by t in 0..1 */
static void shade(double t, int *r, int *g, int *b)
{
	static const int stop[4][3] = { { 255, 255, 204 }, { 161, 218, 180 }, { 65, 182, 196 },
					 { 37, 52, 148 } };
	double x = fmin(fmax(t, 0), 1) * 3;
	int i = x >= 3 ? 2 : (int)x;
	double f = x - i;

	*r = (int)lround(stop[i][0] + f * (stop[i + 1][0] - stop[i][0]));
	*g = (int)lround(stop[i][1] + f * (stop[i + 1][1] - stop[i][1]));
	*b = (int)lround(stop[i][2] + f * (stop[i + 1][2] - stop[i][2]));
}

void rpt_svg_heat(FILE *out, const struct rpt_svg_head *h, const struct rpt_heat *m)
{
	const int left = 90, cw = 96, ch = 30, top = 34;
	int w = left + (int)m->ncols * cw + 16, hgt = top + (int)m->nrows * ch + 36;
	double lo = INFINITY, hi = -INFINITY;
	struct rpt_svg_head hh = *h;
	char num[48];

	for (size_t i = 0; i < m->nrows * m->ncols; i++)
		if (isfinite(m->v[i]) && m->v[i] > 0) {
			lo = fmin(lo, m->v[i]);
			hi = fmax(hi, m->v[i]);
		}
	hh.width = w;
	rpt_svg_open(out, &hh, hgt);
	fprintf(out, "<text x=\"%d\" y=\"14\" text-anchor=\"middle\">", left + (int)m->ncols * cw / 2);
	rpt_svg_put_label(out, m->colname, 80);
	fprintf(out, "</text>\n<text x=\"8\" y=\"%d\">", top - 8);
	rpt_svg_put_label(out, m->rowname, 12);
	fputs("</text>\n", out);
	for (size_t c = 0; c < m->ncols; c++) {
		fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", left + (int)c * cw + cw / 2,
			top - 8);
		rpt_svg_put_label(out, m->cols[c], 12);
		fputs("</text>\n", out);
	}
	for (size_t r = 0; r < m->nrows; r++) {
		int y = top + (int)r * ch;

		fprintf(out, "<text x=\"8\" y=\"%d\">", y + ch / 2 + 4);
		rpt_svg_put_label(out, m->rows[r], 12);
		fputs("</text>\n", out);
		for (size_t c = 0; c < m->ncols; c++) {
			double v = m->v[r * m->ncols + c];
			int x = left + (int)c * cw, cr = 238, cg = 238, cb = 238;
			double t;

			if (isfinite(v) && v > 0) {
				t = hi > lo ? (log(v) - log(lo)) / (log(hi) - log(lo)) : 1;
				shade(t, &cr, &cg, &cb);
			}
			fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
				"fill=\"rgb(%d,%d,%d)\" stroke=\"#fff\"><title>", x, y, cw, ch, cr, cg, cb);
			rpt_svg_put_label(out, m->rows[r], 16);
			fputs(", ", out);
			rpt_svg_put_label(out, m->cols[c], 16);
			fprintf(out, ": %s</title></rect>\n<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" "
				"fill=\"%s\">%s</text>\n", isfinite(v) ?
				rpt_fmt_num(num, sizeof(num), v, m->digits) : m->none, x + cw / 2,
				y + ch / 2 + 4, isfinite(v) && v > 0 && hi > lo &&
				(log(v) - log(lo)) / (log(hi) - log(lo)) > 0.6 ? "#fff" : "#222",
				isfinite(v) ? num : m->none);
		}
	}
	fprintf(out, "<text x=\"8\" y=\"%d\" fill=\"#555\">shade: ", hgt - 12);
	rpt_svg_put_label(out, m->unit, 20);
	fputs(" on a log scale, lightest the least</text>\n</g>\n</svg>\n", out);
}
