// SPDX-License-Identifier: GPL-2.0-only
/* Series over time (svg.h): time charts of a job's logs. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "svg.h"
#include "writers.h"

#define PH	260	/* plot height */
#define X0	76

struct tscale {
	double unit_s;		/* s per axis unit */
	const char *uname;
	struct rpt_svg_lin x;	/* in units */
	struct rpt_svg_lin y;	/* linear */
	double ylo, yhi;	/* linear: 0 and the top; log: decades */
	bool log_y;
	int pw, y0;
};

static double px_x(const struct tscale *sc, double t_s)
{
	return X0 + fmin(fmax(t_s / sc->unit_s / sc->x.top, 0), 1) * sc->pw;
}

static double px_y(const struct tscale *sc, double v)
{
	double f;

	if (sc->log_y)
		f = (log10(fmax(v, sc->ylo)) - log10(sc->ylo)) / (log10(sc->yhi) - log10(sc->ylo));
	else
		f = v / sc->yhi;
	return sc->y0 + PH - fmin(fmax(f, 0), 1) * PH;
}

static void scales(struct tscale *sc, const struct rpt_time_line *s, size_t ns,
		   const struct rpt_time_span *sp, size_t nsp)
{
	double tmax = 0, lo = INFINITY, hi = 0;
	size_t i, k;

	for (k = 0; k < ns; k++)
		for (i = 0; i < s[k].n; i++) {
			double top = s[k].hi ? s[k].hi[i] : s[k].y[i];
			double bot = s[k].lo ? s[k].lo[i] : s[k].y[i];

			tmax = fmax(tmax, s[k].t_s[i]);
			if (isfinite(top))
				hi = fmax(hi, top);
			if (isfinite(bot) && bot > 0)
				lo = fmin(lo, bot);
		}
	for (k = 0; k < nsp; k++)
		tmax = fmax(tmax, sp[k].t1_s);
	sc->unit_s = tmax > 3 * 3600 ? 3600 : tmax > 300 ? 60 : 1;
	sc->uname = tmax > 3 * 3600 ? "h" : tmax > 300 ? "min" : "s";
	sc->x = rpt_svg_lin_axis(tmax / sc->unit_s, 8);
	if (sc->log_y) {
		if (!isfinite(lo))
			lo = hi > 0 ? hi : 1;
		sc->ylo = pow(10, floor(log10(lo)));
		sc->yhi = pow(10, ceil(log10(fmax(hi, lo))));
		if (sc->yhi <= sc->ylo)
			sc->yhi = sc->ylo * 10;
	} else {
		sc->y = rpt_svg_lin_axis(hi * 1.05, 5);
		sc->ylo = 0;
		sc->yhi = sc->y.top;
	}
}

static void grid(FILE *out, const struct tscale *sc)
{
	double v;

	if (sc->log_y) {
		for (v = sc->ylo; v <= sc->yhi * 1.0001; v *= 10)
			fprintf(out, "<line x1=\"%d\" y1=\"%.0f\" x2=\"%d\" y2=\"%.0f\" stroke=\"#ddd\"/>"
				"<text x=\"%d\" y=\"%.0f\" text-anchor=\"end\">%.10g</text>\n",
				X0, px_y(sc, v), X0 + sc->pw, px_y(sc, v), X0 - 5, px_y(sc, v) + 4, v);
	} else {
		for (int k = 0; rpt_svg_lin_tick(&sc->y, k, &v); k++)
			fprintf(out, "<line x1=\"%d\" y1=\"%.0f\" x2=\"%d\" y2=\"%.0f\" stroke=\"#ddd\"/>"
				"<text x=\"%d\" y=\"%.0f\" text-anchor=\"end\">%.10g</text>\n",
				X0, px_y(sc, v), X0 + sc->pw, px_y(sc, v), X0 - 5, px_y(sc, v) + 4, v);
	}
	for (int k = 0; rpt_svg_lin_tick(&sc->x, k, &v); k++) {
		double x = X0 + v / sc->x.top * sc->pw;

		fprintf(out, "<line x1=\"%.0f\" y1=\"%d\" x2=\"%.0f\" y2=\"%d\" stroke=\"#eee\"/>"
			"<text x=\"%.0f\" y=\"%d\" text-anchor=\"middle\">%.10g</text>\n",
			x, sc->y0, x, sc->y0 + PH, x, sc->y0 + PH + 15, v);
	}
}

/* the spans of one kind share a colour: erase, idle, burst, the host's spikes */
static const char *span_color(const char *label)
{
	return !strcmp(label, "erase") ? "#f3d7d3" : !strcmp(label, "idle") ? "#dde6f2" :
	       !strcmp(label, "! host") ? RPT_SVG_HOST_SHADE : "#efe6c8";
}

static void spans(FILE *out, const struct tscale *sc, const struct rpt_time_span *sp, size_t nsp)
{
	const char *shown[8];
	size_t ns = 0, k, i;

	for (k = 0; k < nsp; k++) {
		double a = px_x(sc, sp[k].t0_s), b = px_x(sc, sp[k].t1_s);

		fprintf(out, "<rect x=\"%.0f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"><title>",
			a, sc->y0, fmax(b - a, 0.8), PH, span_color(sp[k].label));
		rpt_put_html(out, sp[k].label);
		fprintf(out, " %.10g-%.10g s</title></rect>\n", round(sp[k].t0_s * 10) / 10,
			round(sp[k].t1_s * 10) / 10);
	}
	/* one label per kind, at its first span, a row each, over the shading */
	for (k = 0; k < nsp; k++) {
		bool first = true;

		for (i = 0; i < ns; i++)
			first = first && strcmp(shown[i], sp[k].label);
		if (!first || ns == 8)
			continue;
		shown[ns++] = sp[k].label;
		fprintf(out, "<text x=\"%.0f\" y=\"%d\" font-size=\"10\" fill=\"#555\">",
			px_x(sc, sp[k].t0_s) + 2, sc->y0 + 11 + 11 * (int)(ns - 1));
		rpt_put_html(out, sp[k].label);
		fputs("</text>\n", out);
	}
}

static void line(FILE *out, const struct tscale *sc, const struct rpt_time_line *s, const char *c)
{
	size_t i;

	if (s->lo && s->hi && s->n) {
		fprintf(out, "<polygon fill=\"%s\" fill-opacity=\"0.2\" stroke=\"none\"", c);
		rpt_svg_drive_attr(out, s->drive);
		fputs(" points=\"", out);
		for (i = 0; i < s->n; i++)
			fprintf(out, "%.0f,%.0f ", px_x(sc, s->t_s[i]), px_y(sc, s->hi[i]));
		for (i = s->n; i-- > 0;)
			fprintf(out, "%.0f,%.0f ", px_x(sc, s->t_s[i]), px_y(sc, s->lo[i]));
		fputs("\"/>\n", out);
	}
	fprintf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%s\" stroke-linejoin=\"round\"",
		c, s->hl ? "2.5" : "1.3");
	if (s->dash)
		fprintf(out, " stroke-dasharray=\"%s\"", s->dash);
	rpt_svg_drive_attr(out, s->drive);
	fputs(" points=\"", out);
	for (i = 0; i < s->n; i++)
		if (isfinite(s->y[i]))
			fprintf(out, "%.0f,%.0f ", px_x(sc, s->t_s[i]), px_y(sc, s->y[i]));
	fputs("\"><title>", out);
	rpt_put_html(out, s->name);
	fputs("</title></polyline>\n", out);
}

void rpt_svg_time(FILE *out, const struct rpt_svg_head *h, const char *yname, const char *since,
		  bool log_y,
		  const struct rpt_time_line *s, size_t ns, const struct rpt_time_span *sp, size_t nsp)
{
	const int w = h->width ? h->width : RPT_SVG_W;
	struct tscale sc = { .log_y = log_y, .pw = w - 110, .y0 = 10 };
	char xname[96];
	size_t k, longest = 1;
	int cols, legend_y = sc.y0 + PH + 52;

	if (!ns)
		return;
	scales(&sc, s, ns, sp, nsp);
	for (k = 0; k < ns; k++)
		longest = strlen(s[k].name) > longest ? strlen(s[k].name) : longest;
	cols = rpt_svg_legend_cols(w, longest);
	rpt_svg_open(out, h, legend_y + 18 * (int)((ns + (size_t)cols - 1) / (size_t)cols));
	spans(out, &sc, sp, nsp);
	grid(out, &sc);
	snprintf(xname, sizeof(xname), "time since %s (%s)", since, sc.uname);
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>"
		"<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">",
		X0 + sc.pw / 2, sc.y0 + PH + 32, xname, sc.y0 + PH / 2, sc.y0 + PH / 2);
	rpt_put_html(out, yname);
	fputs("</text>\n", out);
	for (k = 0; k < ns; k++) {
		const char *c = s[k].color ? s[k].color : rpt_svg_color(k);

		line(out, &sc, &s[k], c);
		rpt_svg_legend(out, X0, legend_y, k, cols, w, s[k].name, c, true, s[k].dash,
			       s[k].drive, s[k].hl);
	}
	fputs("</g>\n</svg>\n", out);
}
