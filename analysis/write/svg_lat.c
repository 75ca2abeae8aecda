// SPDX-License-Identifier: GPL-2.0-only
/* Latency percentiles per row, log scale (html.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "html.h"
#include "marks.h"
#include "writers.h"

#define BAR	8	/* a bar's height */
#define PITCH	10	/* from one bar of a row to the next */
#define ROW	38	/* three bars, and a gap */
#define CHAR_W	7.0

void rpt_svg_latency(FILE *out, const struct rpt_svg_head *h, const struct rpt_lat_row *rows,
		     size_t n)
{
	static const char *const color[3] = { "#6a9f58", "#e8a33d", "#c4463a" };
	static const char *const name[3] = { "mean", "p99", "p99.99" };
	const int w = h->width ? h->width : RPT_SVG_W;
	double lo = INFINITY, hi = 0, d;
	size_t i, shown = 0, longest = 4;
	int m, ph, left, pw, row = 0, top;
	bool stacked;
	char num[48];

	for (i = 0; i < n; i++) {
		if (!rows[i].f[0]->ok && !rows[i].f[1]->ok)
			continue;
		shown++;
		longest = strlen(rows[i].label) > longest ? strlen(rows[i].label) : longest;
		for (m = 0; m < 3; m++)
			if (rows[i].f[m]->ok && rows[i].f[m]->v > 0) {
				lo = fmin(lo, rows[i].f[m]->v);
				hi = fmax(hi, rows[i].f[m]->v);
			}
	}
	if (!shown || hi <= 0)
		return;
	/* labels above their bars where they would take more than 40 % */
	stacked = 14 + longest * CHAR_W > 0.4 * w;
	left = stacked ? 12 : (int)(14 + longest * CHAR_W);
	top = stacked ? 16 : 0;
	pw = w - left - 60;
	/* decades around the data, the smallest bar at least a third of one long */
	lo = pow(10, floor(log10(lo / 2)));
	hi = pow(10, ceil(log10(hi)));
	if (hi <= lo)
		hi = lo * 10;
	ph = (int)shown * (ROW + top);
	rpt_svg_open(out, h, ph + 60);
	for (d = lo; d <= hi * 1.001; d *= 10) {
		double px = left + log10(d / lo) / log10(hi / lo) * pw;

		fprintf(out, "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>"
			"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n",
			px, px, ph, px, ph + 15, d);
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">latency, µs (log scale)</text>\n",
		left + pw / 2, ph + 32);
	for (m = 0; m < 3; m++)
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>"
			"<text x=\"%d\" y=\"%d\">%s</text>\n", left + m * 90, ph + 42,
			color[m], left + m * 90 + 14, ph + 51, name[m]);
	for (i = 0; i < n; i++) {
		const struct rpt_lat_row *r = &rows[i];
		double y = row * (ROW + top) + 2 + top;

		if (!r->f[0]->ok && !r->f[1]->ok)
			continue;
		row++;
		if (stacked)
			fprintf(out, "<text x=\"%d\" y=\"%.1f\"%s", left, y - 4,
				r->hl ? " font-weight=\"bold\"" : "");
		else
			fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\"%s", left - 6,
				y + 18, r->hl ? " font-weight=\"bold\"" : "");
		rpt_svg_drive_attr(out, r->drive);
		fputc('>', out);
		rpt_svg_put_label(out, r->label, stacked ? (size_t)((w - 30) / CHAR_W) : 160);
		fputs("<title>", out);
		rpt_put_html(out, r->label);
		fputs("</title></text>\n", out);
		for (m = 0; m < 3; m++) {
			double bw;

			if (!r->f[m]->ok || r->f[m]->v <= 0)
				continue;
			bw = log10(fmax(r->f[m]->v, lo) / lo) / log10(hi / lo) * pw;
			rpt_fmt_num(num, sizeof(num), r->f[m]->v, 1);
			fprintf(out, "<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"",
				left, y + m * PITCH, fmax(bw, 1), BAR, color[m]);
			if (r->hl)
				fputs(" stroke=\"" RPT_SVG_INK "\" stroke-width=\"1.5\"", out);
			rpt_svg_drive_attr(out, r->drive);
			fprintf(out, "><title>%s %s µs</title></rect>\n", name[m], num);
			/* its value at its end, as the other bar charts' */
			fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\"%s", left + fmax(bw, 1) + 3,
				y + m * PITCH + BAR, r->hl ? " font-weight=\"bold\"" : "");
			rpt_svg_drive_attr(out, r->drive);
			fprintf(out, ">%s%s</text>\n", num, rpt_mark_sign(r->f[m]->mark));
		}
	}
	fputs("</g>\n</svg>\n", out);
}
