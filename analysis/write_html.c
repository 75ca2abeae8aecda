// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "series.h"
#include "svg.h"
#include "writers.h"

#define W	760	/* chart width, px */
#define LEFT	215	/* room for labels in bar charts */
#define BAR	18

static const char style[] =
	"body{font:14px sans-serif;margin:2em;color:#222}"
	"table{border-collapse:collapse;margin:1em 0}"
	"td,th{border:1px solid #ccc;padding:3px 7px;text-align:right}"
	"td:first-child,th:first-child{text-align:left}"
	".null{color:#999}.err{color:#b00}.warn{color:#a60}p.chart{margin:1em 0 0;font-weight:bold}"
	"svg{display:block;margin:1em 0}svg text{font:12px sans-serif}";

/* A round step so that @max spans about @n steps. */
static double nice_step(double max, int n)
{
	double raw = max / n, mag = pow(10, floor(log10(raw))), f = raw / mag;

	return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

static void td(FILE *out, const struct rpt_fig *f, int prec)
{
	char buf[48];

	if (f->ok) {
		fprintf(out, "<td>%s</td>", rpt_fmt_num(buf, sizeof(buf), f->v, prec));
		return;
	}
	fputs("<td class=\"null\" title=\"", out);
	rpt_put_html(out, f->why);
	fputs("\">–</td>", out);
}

/* "test / job", cut to fit the room left of the bars */
static void label(FILE *out, const struct rpt_test *t, const struct rpt_job *j)
{
	char buf[256];

	snprintf(buf, sizeof(buf), "%s / %s", t->name, j->name);
	rpt_svg_put_label(out, buf, 32);
}

/* "drive: test / job" when the page shows several drives */
static const char *drive_of(const struct rpt_report *r, const struct rpt_test *t)
{
	size_t i, k;

	for (i = 0; r->nd > 1 && i < r->nd; i++)
		for (k = 0; k < r->d[i].ntests; k++)
			if (&r->t[r->d[i].test[k]] == t)
				return r->d[i].name;
	return NULL;
}

static void label_d(FILE *out, const struct rpt_report *r, const struct rpt_test *t,
		    const struct rpt_job *j)
{
	const char *d = drive_of(r, t);
	char buf[384];

	if (!d) {
		label(out, t, j);
		return;
	}
	snprintf(buf, sizeof(buf), "%s: %s / %s", d, t->name, j->name);
	rpt_svg_put_label(out, buf, 32);
}

static void mbps_chart(FILE *out, const struct rpt_report *r, const struct rpt_test *t, size_t n)
{
	char num[48];
	double max = 0, step, x;
	size_t i, k, rows = 0, row = 0;

	for (i = 0; i < n; i++)
		for (k = 0; k < t[i].njobs; k++, rows++)
			if (t[i].jobs[k].mbps.ok)
				max = fmax(max, t[i].jobs[k].mbps.v);
	if (!rows || max <= 0)
		return;
	step = nice_step(max, 5);
	max = ceil(max / step) * step;
	fprintf(out, "<h2>Throughput</h2>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%zu\" role=\"img\" aria-label=\"MB/s per job\">\n",
		W, rows * (BAR + 6) + 40);
	for (x = 0; x <= max + step / 2; x += step) {
		double px = LEFT + x / max * (W - LEFT - 60);

		fprintf(out, "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%zu\" stroke=\"#ddd\"/>"
			"<text x=\"%.1f\" y=\"%zu\" text-anchor=\"middle\">%.10g</text>\n",
			px, px, rows * (BAR + 6), px, rows * (BAR + 6) + 15, x);
	}
	fprintf(out, "<text x=\"%d\" y=\"%zu\" text-anchor=\"middle\">MB/s</text>\n",
		(LEFT + W - 60) / 2, rows * (BAR + 6) + 32);
	for (i = 0; i < n; i++) {
		for (k = 0; k < t[i].njobs; k++, row++) {
			const struct rpt_job *j = &t[i].jobs[k];
			double y = row * (BAR + 6) + 3;
			double w = j->mbps.ok ? j->mbps.v / max * (W - LEFT - 60) : 0;

			fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">", LEFT - 6,
				y + BAR - 5);
			label_d(out, r, &t[i], j);
			fprintf(out, "</text><rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"#4a7ab5\"/>",
				LEFT, y, w, BAR);
			if (j->mbps.ok)
				fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n",
					LEFT + w + 4, y + BAR - 5,
					rpt_fmt_num(num, sizeof(num), j->mbps.v, 1));
			else
				fprintf(out, "<text x=\"%d\" y=\"%.1f\" fill=\"#999\">n/a</text>\n",
					LEFT + 4, y + BAR - 5);
		}
	}
	fputs("</svg>\n", out);
}

static void lat_chart(FILE *out, const struct rpt_report *r, const struct rpt_test *t, size_t n)
{
	static const char *const color[3] = { "#6a9f58", "#e8a33d", "#c4463a" };
	static const char *const name[3] = { "mean", "p99", "p99.99" };
	char num[48];
	double lo = INFINITY, hi = 0, d;
	size_t i, k, rows = 0, row = 0;
	int m, h;

	for (i = 0; i < n; i++) {
		for (k = 0; k < t[i].njobs; k++) {
			const struct rpt_job *j = &t[i].jobs[k];
			const struct rpt_fig *f[3] = { &j->lat_mean_us, &j->lat_p99_us,
						       &j->lat_p9999_us };

			if (!f[0]->ok && !f[1]->ok)
				continue;
			rows++;
			for (m = 0; m < 3; m++)
				if (f[m]->ok && f[m]->v > 0) {
					lo = fmin(lo, f[m]->v);
					hi = fmax(hi, f[m]->v);
				}
		}
	}
	if (!rows || hi <= 0)
		return;
	lo = pow(10, floor(log10(lo)));
	hi = pow(10, ceil(log10(hi)));
	if (hi <= lo)
		hi = lo * 10;
	h = (int)rows * (3 * 8 + 10);
	fprintf(out, "<h2>Latency percentiles</h2>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"latency per job\">\n",
		W, h + 60);
	for (d = lo; d <= hi * 1.001; d *= 10) {
		double px = LEFT + log10(d / lo) / log10(hi / lo) * (W - LEFT - 60);

		fprintf(out, "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>"
			"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n",
			px, px, h, px, h + 15, d);
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">latency, µs (log scale)</text>\n",
		(LEFT + W - 60) / 2, h + 32);
	for (m = 0; m < 3; m++)
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>"
			"<text x=\"%d\" y=\"%d\">%s</text>\n", LEFT + m * 90, h + 42,
			color[m], LEFT + m * 90 + 14, h + 51, name[m]);
	for (i = 0; i < n; i++) {
		for (k = 0; k < t[i].njobs; k++) {
			const struct rpt_job *j = &t[i].jobs[k];
			const struct rpt_fig *f[3] = { &j->lat_mean_us, &j->lat_p99_us,
						       &j->lat_p9999_us };
			double y = row * (3 * 8 + 10) + 2;

			if (!f[0]->ok && !f[1]->ok)
				continue;
			row++;
			fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">", LEFT - 6,
				y + 16);
			label_d(out, r, &t[i], j);
			fputs("</text>\n", out);
			for (m = 0; m < 3; m++) {
				double w;

				if (!f[m]->ok || f[m]->v <= 0)
					continue;
				w = log10(fmax(f[m]->v, lo) / lo) / log10(hi / lo) * (W - LEFT - 60);
				fprintf(out, "<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"7\" fill=\"%s\"><title>%s %s µs</title></rect>\n",
					LEFT, y + m * 8, fmax(w, 1), color[m], name[m],
					rpt_fmt_num(num, sizeof(num), f[m]->v, 1));
			}
		}
	}
	fputs("</svg>\n", out);
}

static void fill_chart(FILE *out, const struct rpt_test *t, const struct rpt_job *j)
{
	const struct rpt_fill *f = &j->fill;
	const int x0 = 60, y0 = 20, pw = W - 120, ph = 260;
	/* a fill under 1 GB (a floppy's) in MB */
	const double u = f->gb_written < 1 ? 1e3 : 1;
	const char *un = u > 1 ? "MB" : "GB";
	double max = 0, step, xmax = f->gb_written * u, xstep, v;
	char a[48], b[48], c[48];
	size_t i;

	for (i = 0; i < f->nsegments; i++)
		max = fmax(max, f->segment_mbps[i]);
	for (i = 0; i < f->nphases; i++)
		max = fmax(max, f->phases[i].mbps);
	if (max <= 0 || xmax <= 0)
		return;
	step = nice_step(max, 5);
	max = ceil(max * 1.05 / step) * step;
	xstep = nice_step(xmax, 8);
	fputs("<h3>Fill: ", out);
	label(out, t, j);
	if (f->scale > 1)
		fprintf(out, " (model scaled 1/%.10g: GB of the full drive)", f->scale);
	fprintf(out, "</h3>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"write speed per GB written\">\n",
		W, ph + 70);
	for (v = 0; v <= max + step / 2; v += step) {
		double py = y0 + ph - v / max * ph;

		fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
			"<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.10g</text>\n",
			x0, py, x0 + pw, py, x0 - 5, py + 4, v);
	}
	for (v = 0; v <= xmax + 1e-9; v += xstep) {
		double px = x0 + v / xmax * pw;

		fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>"
			"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n",
			px, y0, px, y0 + ph, px, y0 + ph + 15, v);
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s written</text>"
		"<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">MB/s</text>\n",
		x0 + pw / 2, y0 + ph + 34, un, y0 + ph / 2, y0 + ph / 2);
	for (i = 0; i < f->nphases; i++) {
		const struct rpt_phase *p = &f->phases[i];
		double py = y0 + ph - p->mbps / max * ph;

		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e8a33d\" stroke-width=\"3\" opacity=\"0.6\"><title>phase %zu: %s-%s %s, %s MB/s</title></line>\n",
			x0 + p->start_gb * u / xmax * pw, py, x0 + p->end_gb * u / xmax * pw, py,
			i + 1, rpt_fmt_num(a, sizeof(a), p->start_gb * u, 1),
			rpt_fmt_num(b, sizeof(b), p->end_gb * u, 1), un,
			rpt_fmt_num(c, sizeof(c), p->mbps, 0));
	}
	if (f->nsegments) {
		fputs("<polyline fill=\"none\" stroke=\"#4a7ab5\" stroke-width=\"1.5\" points=\"", out);
		for (i = 0; i < f->nsegments; i++) {
			double py = y0 + ph - f->segment_mbps[i] / max * ph;

			fprintf(out, "%.1f,%.1f %.1f,%.1f ", x0 + (double)i / xmax * pw, py,
				x0 + (double)(i + 1) / xmax * pw, py);
			/* segments are whole GB: a fill with any is shown in GB */
		}
		fputs("\"/>\n", out);
	}
	if (f->slc_cache_gb.ok) {
		double px = x0 + f->slc_cache_gb.v * u / xmax * pw;

		fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#c4463a\" stroke-dasharray=\"5,4\"/>"
			"<text x=\"%.1f\" y=\"%d\" fill=\"#c4463a\">SLC cache %.1f GB</text>\n",
			px, y0, px, y0 + ph, px + 4, y0 + 12, f->slc_cache_gb.v);
	}
	if (f->throttle_gb.ok) {
		double px = x0 + f->throttle_gb.v * u / xmax * pw;

		fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e8a33d\" stroke-width=\"2\" stroke-dasharray=\"3,3\"><title>",
			px, y0, px, y0 + ph);
		rpt_put_html(out, f->throttle_why);
		fprintf(out, "</title></line><text x=\"%.1f\" y=\"%d\" fill=\"#b5772a\">throttling at %.1f GB</text>\n",
			px + 4, y0 + 26, f->throttle_gb.v);
	}
	if (f->ntemp) {
		/* the temperature beside the speed, on its own axis at the right */
		double tmax = 0, tmin = INFINITY, tstep;

		for (i = 0; i < f->ntemp; i++) {
			tmax = fmax(tmax, f->temp[i].temp_c);
			tmin = fmin(tmin, f->temp[i].temp_c);
		}
		tmin = fmin(0, tmin);
		tstep = nice_step(fmax(tmax - tmin, 1), 4);
		tmax = ceil(tmax * 1.05 / tstep) * tstep;
		for (v = tmin; v <= tmax + tstep / 2; v += tstep)
			fprintf(out, "<text x=\"%d\" y=\"%.1f\" fill=\"#c4463a\">%.0f</text>\n",
				x0 + pw + 4, y0 + ph - (v - tmin) / (tmax - tmin) * ph + 4, v);
		fprintf(out, "<text x=\"%d\" y=\"%d\" fill=\"#c4463a\" transform=\"rotate(90 %d %d)\" text-anchor=\"middle\">°C (SMART)</text>\n",
			x0 + pw + 34, y0 + ph / 2, x0 + pw + 34, y0 + ph / 2);
		fputs("<polyline fill=\"none\" stroke=\"#c4463a\" stroke-width=\"1.5\" stroke-dasharray=\"6,2\" points=\"", out);
		for (i = 0; i < f->ntemp; i++)
			fprintf(out, "%.1f,%.1f ", x0 + fmin(f->temp[i].gb * u / xmax, 1) * pw,
				y0 + ph - (f->temp[i].temp_c - tmin) / (tmax - tmin) * ph);
		fputs("\"/>\n", out);
	}
	fputs("</svg>\n", out);
}

static void bursts_html(FILE *out, const struct rpt_test *t, const struct rpt_job *j)
{
	const struct rpt_bursts *b = &j->bursts;
	struct rpt_bar *bars = calloc(b->n + 1, sizeof(*bars));
	struct rpt_fig *f = calloc(b->n + 1, sizeof(*f));
	char (*lab)[32] = calloc(b->n + 1, sizeof(*lab));
	size_t i;

	fputs("<h3>Bursts: ", out);
	label(out, t, j);
	fprintf(out, "</h3>\n<p>%zu bursts, %.1f MB. Score ", b->n, b->bytes / 1e6);
	if (b->score_mbps.ok)
		fprintf(out, "<b>%.1f MB/s</b> (bytes / time bursting)", b->score_mbps.v);
	else
		rpt_put_html(out, b->score_mbps.why);
	fputs(", achieved duty cycle ", out);
	if (b->duty_pct.ok)
		fprintf(out, "%.1f %%", b->duty_pct.v);
	else
		rpt_put_html(out, b->duty_pct.why);
	fputs(".</p>\n", out);
	if (bars && f && lab) {
		for (i = 0; i < b->n; i++) {
			snprintf(lab[i], sizeof(lab[i]), "burst %zu", i + 1);
			if (isnan(b->b[i].mbps))
				rpt_fig_null(&f[i], "no measurable time");
			else
				rpt_fig_set(&f[i], b->b[i].mbps);
			bars[i].label = lab[i];
			bars[i].f = &f[i];
		}
		bars[b->n].label = "score";
		bars[b->n].f = &b->score_mbps;
		rpt_svg_bars(out, "MB/s per burst", "MB/s", bars, b->n + 1, 0);
	}
	free(bars);
	free(f);
	free(lab);
}

static void diag_list(FILE *out, const struct rpt_diag *d)
{
	size_t i;

	for (i = 0; i < d->n; i++) {
		fprintf(out, "<p class=\"%s\">", d->level[i] == RPT_ERROR ? "err" : "warn");
		rpt_put_html(out, d->msg[i]);
		fputs("</p>\n", out);
	}
}

/* x labels of a series' members: "4" or "128k" */
static void param_label(char *buf, size_t len, enum rpt_series_kind kind, double v)
{
	if (isnan(v))
		snprintf(buf, len, "?");
	else if (kind == RPT_SERIES_QD)
		snprintf(buf, len, "%.0f", v);
	else
		rpt_fmt_bs(buf, len, v);
}

static void series_html(FILE *out, const struct rpt_test *t, const struct rpt_series *s)
{
	bool qd = s->kind == RPT_SERIES_QD;
	char (*xl)[16] = calloc(s->n, sizeof(*xl));
	const char **xp = calloc(s->n, sizeof(*xp));
	double *y1 = calloc(s->n, sizeof(*y1)), *y2 = calloc(s->n, sizeof(*y2));
	size_t i;

	fprintf(out, "<h3>%s: ", qd ? "Queue depths" : "Block sizes");
	rpt_put_html(out, s->name);
	fprintf(out, " (%s)</h3>\n<table><tr><th>%s</th>", s->variant, qd ? "QD" : "bs");
	fputs(qd ? "<th>MB/s</th><th>W</th><th>MB/s/W</th><th>lat mean µs</th><th>stop</th></tr>\n" :
	      "<th>IOPS</th><th>MB/s</th><th>W</th><th>MB/s/W</th><th>IOPS/W</th>"
	      "<th>lat mean µs</th><th>p99 µs</th></tr>\n", out);
	for (i = 0; i < s->n; i++) {
		const struct rpt_job *j = &t->jobs[s->job[i]];
		char lab[16];

		param_label(lab, sizeof(lab), s->kind, rpt_series_param(t, s, i));
		fprintf(out, "<tr><td>%s</td>", lab);
		if (qd) {
			td(out, &j->mbps, 1);
			td(out, &j->power_w, 2);
			td(out, &j->mbps_per_w, 1);
			td(out, &j->lat_mean_us, 1);
			fprintf(out, "<td>%s</td></tr>\n", j->stop ? j->stop : "–");
		} else {
			td(out, &j->iops, 0);
			td(out, &j->mbps, 1);
			td(out, &j->power_w, 2);
			td(out, &j->mbps_per_w, 1);
			td(out, &j->iops_per_w, 0);
			td(out, &j->lat_mean_us, 1);
			td(out, &j->lat_p99_us, 1);
			fputs("</tr>\n", out);
		}
		if (xl && xp && y1 && y2) {
			snprintf(xl[i], sizeof(xl[i]), "%s", lab);
			xp[i] = xl[i];
			y1[i] = j->mbps.ok ? j->mbps.v : NAN;
			y2[i] = j->iops.ok ? j->iops.v : NAN;
		}
	}
	if (qd) {
		fputs("<tr><th>score (QD1, 2, 4)</th>", out);
		td(out, &s->score_mbps, 1);
		td(out, &s->power_w, 2);
		td(out, &s->efficiency, 1);
		fputs("<td></td><td></td></tr>\n", out);
	}
	fputs("</table>\n", out);
	if (xl && xp && y1 && y2) {
		struct rpt_line l1 = { "MB/s", y1 }, l2 = { "IOPS", y2 };

		rpt_svg_lines(out, qd ? "MB/s per queue depth" : "MB/s per block size",
			      qd ? "queue depth" : "block size", xp, s->n, "MB/s", &l1, 1);
		if (!qd)
			rpt_svg_lines(out, "IOPS per block size", "block size", xp, s->n,
				      "IOPS", &l2, 1);
	}
	free(xl);
	free(xp);
	free(y1);
	free(y2);
}

/* Clean, fragmented and full-drive runs of one series side by side. */
static void variants_html(FILE *out, const struct rpt_report *r, const struct rpt_drive *dr)
{
	char num[48];
	struct rpt_vgroup *g;
	long ng = rpt_variant_groups(r, dr, &g), i;
	unsigned int v;

	for (i = 0; i < ng; i++) {
		double x[64], y[RPT_NVARIANTS][64];
		char xl[64][16];
		const char *xp[64];
		struct rpt_line lines[RPT_NVARIANTS];
		size_t nx = rpt_vgroup_params(&g[i], x, 64), k, m, nl = 0;

		for (k = 0; k < nx; k++) {
			param_label(xl[k], sizeof(xl[k]), g[i].kind, x[k]);
			xp[k] = xl[k];
		}
		fputs("<h3>", out);
		rpt_put_html(out, g[i].key);
		fputs(": clean, fragmented and full side by side</h3>\n<table><tr><th></th>", out);
		for (v = 0; v < RPT_NVARIANTS; v++) {
			if (!g[i].s[v])
				continue;
			fprintf(out, "<th>%s (", rpt_variant_name(v));
			rpt_put_html(out, g[i].t[v]->name);
			fputs(")</th>", out);
			for (k = 0; k < nx; k++) {
				y[v][k] = NAN;
				for (m = 0; m < g[i].s[v]->n; m++) {
					const struct rpt_job *j = &g[i].t[v]->jobs[g[i].s[v]->job[m]];

					if (rpt_series_param(g[i].t[v], g[i].s[v], m) == x[k] && j->mbps.ok)
						y[v][k] = j->mbps.v;
				}
			}
			lines[nl].name = rpt_variant_name(v);
			lines[nl++].y = y[v];
		}
		fputs("</tr>\n", out);
		for (k = 0; k < nx; k++) {
			fprintf(out, "<tr><td>%s %s MB/s</td>", g[i].kind == RPT_SERIES_QD ? "QD" : "bs",
				xl[k]);
			for (v = 0; v < RPT_NVARIANTS; v++)
				if (g[i].s[v]) {
					if (isnan(y[v][k]))
						fputs("<td class=\"null\">–</td>", out);
					else
						fprintf(out, "<td>%s</td>",
							rpt_fmt_num(num, sizeof(num), y[v][k], 1));
				}
			fputs("</tr>\n", out);
		}
		if (g[i].kind == RPT_SERIES_QD) {
			for (m = 0; m < 3; m++) {
				static const char *const lab[3] = { "score MB/s", "W", "MB/s/W" };

				fprintf(out, "<tr><th>%s</th>", lab[m]);
				for (v = 0; v < RPT_NVARIANTS; v++)
					if (g[i].s[v])
						td(out, m == 0 ? &g[i].s[v]->score_mbps : m == 1 ?
						   &g[i].s[v]->power_w : &g[i].s[v]->efficiency,
						   m == 1 ? 2 : 1);
				fputs("</tr>\n", out);
			}
		}
		fputs("</table>\n", out);
		rpt_svg_lines(out, "MB/s of the variants", g[i].kind == RPT_SERIES_QD ?
			      "queue depth" : "block size", xp, nx, "MB/s", lines, nl);
	}
	free(g);
}

static void test_table(FILE *out, const struct rpt_test *t)
{
	char num[48], num2[48], num3[48];
	size_t k, i;

	fputs("<h2>", out);
	rpt_put_html(out, t->name);
	fputs("</h2>\n<p>", out);
	rpt_put_html(out, t->path);
	fputs("</p>\n", out);
	diag_list(out, &t->diag);
	if (!t->njobs)
		return;
	fputs("<table><tr><th>job</th><th>rw</th><th>dir</th><th>bs</th><th>QD</th><th>MB/s</th>"
	      "<th>IOPS</th><th>W</th><th>J</th><th>MB/s/W</th><th>IOPS/W</th>"
	      "<th>lat mean µs</th><th>p99 µs</th><th>p99.99 µs</th><th>latency</th>"
	      "<th>stop</th></tr>\n", out);
	for (k = 0; k < t->njobs; k++) {
		const struct rpt_job *j = &t->jobs[k];
		char bs[16] = "–";

		if (j->bs.ok)
			rpt_fmt_bs(bs, sizeof(bs), j->bs.v);
		fputs("<tr><td>", out);
		rpt_put_html(out, j->name);
		fputs("</td><td>", out);
		rpt_put_html(out, j->rw);
		fprintf(out, "</td><td>%s</td><td>%s</td>", j->ddir ? j->ddir : "–", bs);
		if (j->iodepth.ok)
			fprintf(out, "<td>%.0f</td>", j->iodepth.v);
		else
			td(out, &j->iodepth, 0);
		td(out, &j->mbps, 1);
		td(out, &j->iops, 0);
		td(out, &j->power_w, 2);
		td(out, &j->energy_j, 1);
		td(out, &j->mbps_per_w, 1);
		td(out, &j->iops_per_w, 0);
		td(out, &j->lat_mean_us, 1);
		td(out, &j->lat_p99_us, 1);
		td(out, &j->lat_p9999_us, 1);
		fprintf(out, "<td>%s</td>", j->lat_kind ? j->lat_kind : "");
		if (j->stop) {
			fprintf(out, "<td>%s</td></tr>\n", j->stop);
		} else {
			fputs("<td class=\"null\" title=\"", out);
			rpt_put_html(out, j->stop_why);
			fputs("\">–</td></tr>\n", out);
		}
	}
	fputs("</table>\n", out);
	for (k = 0; k < t->nseries; k++)
		series_html(out, t, &t->series[k]);
	for (k = 0; k < t->njobs; k++) {
		const struct rpt_job *j = &t->jobs[k];

		diag_list(out, &j->notes);
		if (j->has_bursts)
			bursts_html(out, t, j);
		if (!j->has_fill)
			continue;
		fill_chart(out, t, j);
		fprintf(out, "<p>%s written", rpt_fmt_bytes(num, sizeof(num), j->fill.gb_written * 1e9));
		if (j->fill.source[0]) {
			fputs(" (from ", out);
			rpt_put_html(out, j->fill.source);
			fputc(')', out);
		}
		fputs(". SLC cache: ", out);
		if (j->fill.slc_cache_gb.ok) {
			fprintf(out, "%s GB at %s MB/s", rpt_fmt_num(num, sizeof(num), j->fill.slc_cache_gb.v, 1),
				rpt_fmt_num(num2, sizeof(num2), j->fill.in_cache_mbps.v, 0));
			if (j->fill.post_cache_mbps.ok)
				fprintf(out, ", then %s MB/s",
					rpt_fmt_num(num, sizeof(num), j->fill.post_cache_mbps.v, 0));
		} else {
			rpt_put_html(out, j->fill.slc_cache_gb.why);
		}
		if (j->fill.overall_mbps.ok)
			fprintf(out, ". Overall %s MB/s",
				rpt_fmt_num(num, sizeof(num), j->fill.overall_mbps.v, 0));
		if (j->fill.last16_mbps.ok)
			fprintf(out, ", last 16 GB %s MB/s",
				rpt_fmt_num(num, sizeof(num), j->fill.last16_mbps.v, 0));
		for (i = 0; i < j->fill.nphases; i++) {
			const struct rpt_phase *p = &j->fill.phases[i];
			double u = j->fill.gb_written < 1 ? 1e3 : 1;

			fprintf(out, "%s phase %zu: %s-%s %s at %s MB/s", i ? ";" : ". Phases:", i + 1,
				rpt_fmt_num(num, sizeof(num), p->start_gb * u, 2),
				rpt_fmt_num(num2, sizeof(num2), p->end_gb * u, 2), u > 1 ? "MB" : "GB",
				rpt_fmt_num(num3, sizeof(num3), p->mbps, 1));
		}
		fputs(".</p>\n", out);
	}
}

/* The drives side by side: per test a table and a bar chart per figure. */
static int comparison(FILE *out, const struct rpt_report *r)
{
	struct rpt_cmp c;
	struct rpt_bar *bars;
	size_t i, d, k;
	int ret = rpt_compare(r, &c);

	if (ret || !c.n)
		return ret;
	bars = calloc(r->nd, sizeof(*bars));
	if (!bars) {
		rpt_compare_free(&c);
		return -ENOMEM;
	}
	fprintf(out, "<h2 id=\"comparison\">Comparison of %zu drives</h2>\n", r->nd);
	for (i = 0; i < c.n; i++) {
		const struct rpt_cmp_table *tb = &c.t[i];

		fputs("<h3>", out);
		rpt_put_html(out, tb->test);
		fputs("</h3>\n<table><tr><th>drive</th>", out);
		for (k = 0; k < tb->ncols; k++) {
			fputs("<th>", out);
			rpt_put_html(out, tb->col[k].label);
			fputs("</th>", out);
		}
		fputs("</tr>\n", out);
		for (d = 0; d < r->nd; d++) {
			fputs("<tr><td>", out);
			rpt_put_html(out, r->d[d].name);
			fputs("</td>", out);
			for (k = 0; k < tb->ncols; k++)
				td(out, &tb->cell[d * tb->ncols + k], tb->col[k].prec);
			fputs("</tr>\n", out);
		}
		fputs("</table>\n", out);
		for (k = 0; k < tb->ncols; k++) {
			char aria[256];

			for (d = 0; d < r->nd; d++) {
				bars[d].label = r->d[d].name;
				bars[d].f = &tb->cell[d * tb->ncols + k];
			}
			snprintf(aria, sizeof(aria), "%s: %s per drive%s", tb->test, tb->col[k].label,
				 tb->col[k].lower_better ? " (lower is better)" : "");
			fputs("<p class=\"chart\">", out);
			rpt_put_html(out, aria);
			fputs("</p>\n", out);
			rpt_svg_bars(out, aria, tb->col[k].label, bars, r->nd, tb->col[k].prec);
		}
	}
	free(bars);
	rpt_compare_free(&c);
	return 0;
}

/* Power against performance: a point per job with both, a colour per drive. */
static void power_scatter(FILE *out, const struct rpt_report *r)
{
	struct rpt_point *p = calloc(r->nt ? r->nt * 64 : 1, sizeof(*p));
	char (*lab)[160] = calloc(r->nt ? r->nt * 64 : 1, sizeof(*lab));
	const char **groups = calloc(r->nd ? r->nd : 1, sizeof(*groups));
	size_t n = 0, d, i, k;

	for (d = 0; p && lab && groups && d < r->nd; d++) {
		groups[d] = r->d[d].name;
		for (i = 0; i < r->d[d].ntests; i++) {
			const struct rpt_test *t = &r->t[r->d[d].test[i]];

			for (k = 0; k < t->njobs && k < 64; k++) {
				const struct rpt_job *j = &t->jobs[k];

				if (!j->mbps.ok || !j->power_w.ok)
					continue;
				snprintf(lab[n], sizeof(lab[n]), "%s%s%s / %s", r->nd > 1 ? r->d[d].name : "",
					 r->nd > 1 ? ": " : "", t->name, j->name);
				p[n].x = j->mbps.v;
				p[n].y = j->power_w.v;
				p[n].label = lab[n];
				p[n++].group = d;
			}
		}
	}
	if (n >= 2) {
		fputs("<h2>Power and performance</h2>\n<p>A point per job: MB/s against its average "
		      "power over the active window.</p>\n", out);
		rpt_svg_scatter(out, "W against MB/s per job", "MB/s", "W", p, n, groups, r->nd);
	}
	free(p);
	free(lab);
	free(groups);
}

static void drive_head(FILE *out, const struct rpt_drive *dr)
{
	char note[64];

	fputs("<h2 class=\"drive\">Drive: ", out);
	rpt_put_html(out, dr->name);
	fputs("</h2>\n<p>", out);
	rpt_put_html(out, dr->dir);
	if (dr->dev.present && dr->dev.preset) {
		fputs(" · ssdq drive model ", out);
		rpt_put_html(out, dr->dev.preset);
	}
	if (dr->dev.scale > 1)
		fprintf(out, " · <b>%s</b>: sizes are the full drive's (bytes × %.10g), speeds and power as measured",
			rpt_scale_note(note, sizeof(note), &dr->dev), dr->dev.scale);
	fputs("</p>\n", out);
	diag_list(out, &dr->diag);
}

int rpt_write_html(FILE *out, const struct rpt_report *r)
{
	const struct rpt_test *t = r->t;
	size_t n = r->nt;
	size_t i, k;

	fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		"<title>ssdq report</title><style>%s</style></head><body>\n"
		"<h1>ssdq report</h1>\n<p>MB = 10<sup>6</sup> bytes, GB = 10<sup>9</sup> bytes. "
		"A dash is a figure that could not be computed; hover it for the reason.</p>\n",
		style);
	if (comparison(out, r))
		return -ENOMEM;
	mbps_chart(out, r, t, n);
	lat_chart(out, r, t, n);
	power_scatter(out, r);
	for (i = 0; i < r->nd; i++) {
		drive_head(out, &r->d[i]);
		for (k = 0; k < r->d[i].ntests; k++)
			test_table(out, &t[r->d[i].test[k]]);
		variants_html(out, r, &r->d[i]);
	}
	fputs("</body></html>\n", out);
	return ferror(out) ? -EIO : 0;
}
