// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "html.h"
#include "marks.h"
#include "pts_report.h"
#include "review.h"
#include "series.h"
#include "writers.h"

#define W	RPT_SVG_W	/* a chart across the page */

/*
 * The page takes the window's width. Every chart is drawn at its own size
 * (its width and height, fonts of 12 px as the page's tables' 13), narrowed
 * with the window where there is no room, never widened: charts widened to
 * the width of what holds them drew their fonts at as many sizes (a chart
 * 620 wide on its own across the page: twice those of one 1000 wide in a
 * grid). Two or more side by side where there is room, one across where
 * there is not; printed, A4 landscape, two a row, no chart or table cut by a
 * page break.
 */
static const char style[] =
	"body{font:14px/1.4 sans-serif;margin:1em 2vw;color:#222}"
	"h2{border-bottom:2px solid #ddd;padding-bottom:.15em;margin:1.8em 0 .6em}"
	"h3{margin:1.4em 0 .4em}p.sub{margin:.8em 0 0;font-weight:bold}"
	"table{border-collapse:collapse;margin:.5em 0;font-size:13px}"
	"td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
	"td:first-child,th:first-child{text-align:left}"
	".null{color:#999}.err{color:#b00}.warn{color:#a60}.tw{overflow-x:auto}"
	".banner{border:2px solid #c44;background:#fdf0f0;padding:.2em 1em;margin:.6em 0}"
	".sw{display:inline-block;width:.8em;height:.8em;margin:0 .35em 0 .9em;vertical-align:-.05em}"
	"td .sw{margin-left:0}nav a{margin-right:1.2em}"
	".figs{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,520px),1fr));"
	"gap:.6em 2em;align-items:start}"
	"figure{margin:.6em 0;break-inside:avoid}.figs>.wide{grid-column:1/-1}"
	"svg{display:block;max-width:100%;height:auto}"
	"@media print{@page{size:A4 landscape;margin:10mm}body{margin:0;font-size:10pt}"
	"nav{display:none}h2,h3,p.sub{break-after:avoid}table,figure,tr{break-inside:avoid}"
	".figs{grid-template-columns:1fr 1fr}.tw{overflow:visible}"
	"*{-webkit-print-color-adjust:exact;print-color-adjust:exact}}";

/* "drive: test / job" when the page shows several drives, else "test / job" */
static void job_label(char *buf, size_t len, const struct rpt_report *r, const struct rpt_test *t,
		      const struct rpt_job *j)
{
	size_t d = rpt_drive_index(r, t), k = 0;

	if (r->nd > 1 && d < r->nd)
		k = (size_t)snprintf(buf, len, "%s: ", r->d[d].name);
	if (k < len)
		rpt_test_job_name(buf + k, len - k, t, j);
}

/*
 * Test @i is not among the charts of every job: a PTS round or WSAT run of
 * its drive (the PTS pages show it), or a step that measures nothing.
 */
static bool not_charted(const struct rpt_report *r, size_t i)
{
	size_t d = rpt_drive_index(r, &r->t[i]);

	return (d < r->nd && rpt_pts_owns(r->d[d].pts, i)) || rpt_test_is_step(r, i);
}

/* Every job's MB/s and latency, in the colour of its drive, but the PTS pages' and steps'. */
static int every_job(struct rpt_charts *c, const struct rpt_report *r)
{
	/* the throughput bars: the catalogue's figure, its head and digits */
	const struct rpt_cat *mb = rpt_cat_find(RPT_OF_JOB, "mbps");
	size_t nj = 0, n = 0, i, k, d;
	struct rpt_bar *b;
	struct rpt_lat_row *l;
	char (*lab)[256], title[64];
	FILE *o;

	for (i = 0; i < r->nt; i++)
		if (!not_charted(r, i))
			nj += r->t[i].njobs;
	if (!nj)
		return 0;
	b = calloc(nj, sizeof(*b));
	l = calloc(nj, sizeof(*l));
	lab = calloc(nj, sizeof(*lab));
	if (!b || !l || !lab) {
		free(b);
		free(l);
		free(lab);
		return -ENOMEM;
	}
	for (i = 0; i < r->nt; i++) {
		if (not_charted(r, i))
			continue;
		for (k = 0; k < r->t[i].njobs; k++, n++) {
			const struct rpt_job *j = &r->t[i].jobs[k];
			const struct rpt_drive *dr;

			d = rpt_drive_index(r, &r->t[i]);
			dr = d < r->nd ? &r->d[d] : NULL;
			job_label(lab[n], sizeof(lab[n]), r, &r->t[i], j);
			b[n] = (struct rpt_bar){ lab[n], rpt_cat_job(mb, j), rpt_svg_color(d < r->nd ? d : 0),
						 r->nd > 1 && dr ? dr->name : NULL,
						 dr && r->nd > 1 && rpt_drive_hl(c, dr) };
			l[n] = (struct rpt_lat_row){ lab[n],
						     { &j->lat_mean_us, &j->lat_p99_us, &j->lat_p9999_us },
						     b[n].drive, b[n].hl };
		}
	}
	fputs("<h2 id=\"jobs\">Every job</h2>\n<h3>Throughput</h3>\n", c->html);
	snprintf(title, sizeof(title), "%s per job", mb->head);
	if ((o = rpt_html_figure(c, true, "all", NULL, mb->key))) {
		rpt_svg_bars(o, &(struct rpt_svg_head){ title, title, W }, mb->unit, b, n,
			     mb->digits);
		rpt_html_figure_end(c);
	}
	fputs("<h3>Latency percentiles</h3>\n", c->html);
	if ((o = rpt_html_figure(c, true, "all", NULL, "latency"))) {
		rpt_svg_latency(o, &(struct rpt_svg_head){ "latency per job", "latency per job", W },
				l, n);
		rpt_html_figure_end(c);
	}
	free(b);
	free(l);
	free(lab);
	return 0;
}


static void fill_chart(struct rpt_charts *ch, const char *scope, const struct rpt_test *t,
		       const struct rpt_job *j)
{
	const struct rpt_fill *f = &j->fill;
	const struct rpt_cat *slc = rpt_cat_find(RPT_OF_FILL, "slc_cache_gb");
	const int x0 = 60, y0 = 20, pw = W - 120, ph = 260;
	/* a fill under 1 GB (a floppy's) in MB */
	const double u = f->gb_written < 1 ? 1e3 : 1;
	const char *un = u > 1 ? "MB" : "GB";
	double max = 0, xmax = f->gb_written * u, xstep, v;
	struct rpt_svg_lin ya;
	char a[48], b[48], c[48], title[320], tj[256], rng[112], a_[48], b_[48];
	size_t i;
	FILE *out = ch->html;

	for (i = 0; i < f->nsegments; i++)
		max = fmax(max, f->segment_mbps[i]);
	for (i = 0; i < f->nphases; i++)
		max = fmax(max, f->phases[i].mbps);
	if (max <= 0 || xmax <= 0)
		return;
	ya = rpt_svg_lin_axis(max * 1.05, 5);
	max = ya.top;
	xstep = rpt_svg_nice_step(xmax, 8);
	fputs("<h5>Fill: ", out);
	rpt_put_html(out, rpt_test_job_name(tj, sizeof(tj), t, j));
	fputs("</h5>\n", out);
	snprintf(title, sizeof(title), "%s: write speed per %s written%s", tj, un,
		 rpt_mark_note(j->host.thr_marked ? RPT_MARK_HOST : 0));
	out = rpt_html_figure(ch, true, scope, t->name, "fill");
	if (!out)
		return;
	rpt_svg_open(out, &(struct rpt_svg_head){ "write speed per GB written", title, W }, ph + 70);
	for (int k = 0; rpt_svg_lin_tick(&ya, k, &v); k++) {
		double py = y0 + ph - v / max * ph;

		fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
			"<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.10g</text>\n",
			x0, py, x0 + pw, py, x0 - 5, py + 4, v);
	}
	/* the GB written, not rounded up: ticks to the last at or below it */
	for (int k = 0; (v = k * xstep) <= xmax * (1 + 1e-9); k++) {
		double px = x0 + v / xmax * pw;

		fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>"
			"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n",
			px, y0, px, y0 + ph, px, y0 + ph + 15, v);
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s written</text>"
		"<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">MB/s</text>\n",
		x0 + pw / 2, y0 + ph + 34, un, y0 + ph / 2, y0 + ph / 2);
	/* the intervals the host distorted, at the GB they wrote (rpt_fill_host()) */
	for (i = 0; i < f->nhost; i++) {
		double a = x0 + fmin(f->host[i].gb0 * u / xmax, 1) * pw;
		double b = x0 + fmin(f->host[i].gb1 * u / xmax, 1) * pw;

		fprintf(out, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\">"
			"<title>%s %s-%s %s</title></rect>\n", a, y0, fmax(b - a, 0.8), ph,
			RPT_SVG_HOST_SHADE, RPT_HOSTV_SPAN, rpt_fmt_num(a_, sizeof(a_), f->host[i].gb0 * u, 2),
			rpt_fmt_num(b_, sizeof(b_), f->host[i].gb1 * u, 2), un);
		if (!i)
			fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" fill=\"#555\">%s</text>\n",
				a + 2, y0 + ph - 4, RPT_HOSTV_SPAN);
	}
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
	if (rpt_cat_fmt_range(rng, sizeof(rng), slc, j, 1 / u, " and ")) {
		/* where the log places the cache's end: a band, with or without a figure */
		const struct rpt_fill_range *r = rpt_cat_range(slc, j);
		double a = x0 + fmin(r->lo_gb * u / xmax, 1) * pw;
		double b = x0 + fmin(r->hi_gb * u / xmax, 1) * pw;

		fprintf(out, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#c4463a\" fill-opacity=\"0.12\">"
			"<title>the cache ends between %s %s</title></rect>\n",
			a, y0, fmax(b - a, 1), ph, rng, un);
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
		tstep = rpt_svg_nice_step(fmax(tmax - tmin, 1), 4);
		tmin = floor(tmin / tstep) * tstep;
		tmax = ceil(tmax * 1.05 / tstep) * tstep;
		for (int k = 0; (v = tmin + k * tstep) <= tmax + tstep / 2; k++)
			fprintf(out, "<text x=\"%d\" y=\"%.1f\" fill=\"#c4463a\">%.10g</text>\n",
				x0 + pw + 4, y0 + ph - (v - tmin) / (tmax - tmin) * ph + 4, v);
		fprintf(out, "<text x=\"%d\" y=\"%d\" fill=\"#c4463a\" transform=\"rotate(90 %d %d)\" text-anchor=\"middle\">°C (SMART)</text>\n",
			x0 + pw + 34, y0 + ph / 2, x0 + pw + 34, y0 + ph / 2);
		fputs("<polyline fill=\"none\" stroke=\"#c4463a\" stroke-width=\"1.5\" stroke-dasharray=\"6,2\" points=\"", out);
		for (i = 0; i < f->ntemp; i++)
			fprintf(out, "%.1f,%.1f ", x0 + fmin(f->temp[i].gb * u / xmax, 1) * pw,
				y0 + ph - (f->temp[i].temp_c - tmin) / (tmax - tmin) * ph);
		fputs("\"/>\n", out);
	}
	fputs("</g>\n</svg>\n", out);
	rpt_html_figure_end(ch);
}

/* A replayed trace's results (trace.h): a table of the trace section's figures. */
static void trace_html(FILE *out, const struct rpt_test *t, const struct rpt_job *j)
{
	const struct rpt_cat *c;
	char tj[256], num[48];

	fputs("<h5>Trace results: ", out);
	rpt_put_html(out, rpt_test_job_name(tj, sizeof(tj), t, j));
	fputs("</h5>\n<p>Trace <code>", out);
	rpt_put_html(out, j->trace.file);
	fputs("</code> (", out);
	rpt_put_html(out, j->trace.format ? j->trace.format : "not read");
	fputs(j->trace.no_stall ? ", replay_no_stall: no idle" : "", out);
	fputs(").", out);
	if (t->dev.scale > 1)
		fprintf(out, " Replayed as recorded: the run's own bytes, time and energy, not"
			" &times; %.10g.", t->dev.scale);
	fputs("</p>\n<table class=\"trace\"><tr>", out);
	for (c = rpt_cat_first(RPT_OF_TRACE); c; c = rpt_cat_next(c)) {
		fputs("<th>", out);
		rpt_put_html(out, c->head);
		fputs("</th>", out);
	}
	fputs("</tr>\n<tr>", out);
	for (c = rpt_cat_first(RPT_OF_TRACE); c; c = rpt_cat_next(c)) {
		const struct rpt_fig *f = rpt_cat_job(c, j);

		if (f->ok) {
			fprintf(out, "<td>%s%s</td>", rpt_fmt_num(num, sizeof(num), f->v, c->digits),
				rpt_mark_sign(f->mark));
		} else {
			fputs("<td class=\"null\" title=\"", out);
			rpt_put_html(out, f->why);
			fputs("\">–</td>", out);
		}
	}
	fputs("</tr></table>\n", out);
}

static void bursts_html(struct rpt_charts *ch, const char *scope, const struct rpt_test *t,
			const struct rpt_job *j)
{
	FILE *out = ch->html, *o;
	const struct rpt_bursts *b = &j->bursts;
	struct rpt_bar *bars = calloc(b->n + 1, sizeof(*bars));
	struct rpt_fig *f = calloc(b->n + 1, sizeof(*f));
	char (*lab)[32] = calloc(b->n + 1, sizeof(*lab));
	char tj[256];
	size_t i;

	fputs("<h5>Bursts: ", out);
	rpt_put_html(out, rpt_test_job_name(tj, sizeof(tj), t, j));
	fprintf(out, "</h5>\n<p>%zu bursts, %.1f MB. Score ", b->n, b->bytes / 1e6);
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
		o = rpt_html_figure(ch, false, scope, t->name, "bursts");
		if (o) {
			char title[512];

			snprintf(title, sizeof(title), "%s: MB/s per burst%s", tj,
				 rpt_mark_note(b->score_mbps.mark));
			rpt_svg_bars(o, &(struct rpt_svg_head){ "MB/s per burst", title, RPT_SVG_HALF },
				     "MB/s", bars, b->n + 1, 0);
			rpt_html_figure_end(ch);
		}
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

/*
 * Job @k's warnings, each once, named by the job when the test has several
 * (a sweep's twelve jobs each warn of their p99.99).
 */
static void job_notes(FILE *out, const struct rpt_test *t, size_t k)
{
	const struct rpt_job *j = &t->jobs[k];
	size_t i, o;

	for (i = 0; i < j->notes.n; i++) {
		for (o = 0; o < i && strcmp(j->notes.msg[o], j->notes.msg[i]); o++)
			;
		if (o < i)
			continue;
		fprintf(out, "<p class=\"%s\">", j->notes.level[i] == RPT_ERROR ? "err" : "warn");
		if (t->njobs > 1) {
			fputs("<b>", out);
			rpt_put_html(out, j->name);
			if (j->split && j->ddir)
				fprintf(out, " (%s)", j->ddir);
			fputs("</b>: ", out);
		}
		rpt_put_html(out, j->notes.msg[i]);
		fputs("</p>\n", out);
	}
}

/* Where a job's joules came from, and the drive's own measurement beside them. */
static void energy_html(FILE *out, const struct rpt_test *t, size_t k)
{
	const struct rpt_job *j = &t->jobs[k];
	char drv[512];

	if (!j->energy_from)
		return;
	fputs("<p class=\"src\">", out);
	if (t->njobs > 1) {
		fputs("<b>", out);
		rpt_put_html(out, j->name);
		fputs("</b>: ", out);
	}
	fprintf(out, "energy from %s", !strcmp(j->energy_from, "counter") ?
		"the meter's energy counter" : !strcmp(j->energy_from, "drive") ?
		"the drive's own measurement" : "the power samples");
	if (rpt_fmt_drive_power(drv, sizeof(drv), j)) {
		fputs("; ", out);
		rpt_put_html(out, drv);
	}
	fputs("</p>\n", out);
}

/* x labels of a series' members: "4" or "128k" */
/* x labels of a series' members: "4", "128k" or "70%" */
static void param_label(char *buf, size_t len, enum rpt_series_kind kind, double v)
{
	if (isnan(v))
		snprintf(buf, len, "?");
	else
		rpt_fmt_series_param(buf, len, kind, v);
}

static void series_html(struct rpt_charts *ch, const char *scope, const struct rpt_test *t,
			const struct rpt_series *s)
{
	FILE *out = ch->html, *o;
	const char *score = rpt_series_score_label(s->kind);
	bool qd = score != NULL;	/* queue depths or mixes: a score, stops */
	const char *axis = rpt_series_kind_axis(s->kind);
	char (*xl)[16] = calloc(s->n, sizeof(*xl));
	const char **xp = calloc(s->n, sizeof(*xp));
	double *y1 = calloc(s->n, sizeof(*y1)), *y2 = calloc(s->n, sizeof(*y2));
	unsigned int m1 = 0, m2 = 0;	/* the marks of the values drawn (marks.h) */
	const struct rpt_cat *col[16];
	size_t ncol = rpt_cat_series_columns(s->kind, col, 16), i, k;

	fprintf(out, "<h5>%s: ", s->kind == RPT_SERIES_QD ? "Queue depths" :
		s->kind == RPT_SERIES_BS ? "Block sizes" : "Read shares");
	rpt_put_html(out, s->name);
	fprintf(out, " (%s)</h5>\n<div class=\"tw\"><table><tr><th>%s</th>", s->variant,
		rpt_series_kind_head(s->kind));
	for (k = 0; k < ncol; k++)
		fprintf(out, "<th>%s</th>", col[k]->head);
	fputs(qd ? "<th>stop</th></tr>\n" : "</tr>\n", out);
	for (i = 0; i < s->n; i++) {
		const struct rpt_job *j = &t->jobs[s->job[i]];
		char lab[16];

		param_label(lab, sizeof(lab), s->kind, rpt_series_param(t, s, i));
		fprintf(out, "<tr><td>%s</td>", lab);
		for (k = 0; k < ncol; k++)
			rpt_html_td(out, rpt_cat_job(col[k], j), col[k]->digits);
		if (qd)
			fprintf(out, "<td>%s</td>", j->stop ? j->stop : "–");
		fputs("</tr>\n", out);
		if (xl && xp && y1 && y2) {
			snprintf(xl[i], sizeof(xl[i]), "%s", lab);
			xp[i] = xl[i];
			y1[i] = j->mbps.ok ? j->mbps.v : NAN;
			y2[i] = j->iops.ok ? j->iops.v : NAN;
			m1 |= j->mbps.ok ? j->mbps.mark : 0;
			m2 |= j->iops.ok ? j->iops.mark : 0;
		}
	}
	if (qd) {
		const struct rpt_cat *c;

		fprintf(out, "<tr><th>score (%s)</th>", score);
		for (k = 0, c = rpt_cat_first(RPT_OF_SERIES); c; c = rpt_cat_next(c), k++)
			rpt_html_td(out, rpt_cat_series(c, s), c->digits);
		for (; k <= ncol; k++)
			fputs("<td></td>", out);
		fputs("</tr>\n", out);
	}
	fputs("</table></div>\n", out);
	if (xl && xp && y1 && y2) {
		struct rpt_line l1 = { .name = "MB/s", .y = y1 }, l2 = { .name = "IOPS", .y = y2 };
		char title[256], fig[64];

		fputs("<div class=\"figs\">\n", out);
		char what[64];

		snprintf(title, sizeof(title), "%s: MB/s per %s%s", s->name, axis, rpt_mark_note(m1));
		snprintf(what, sizeof(what), "MB/s per %s", axis);
		snprintf(fig, sizeof(fig), "%sper-%s", t->nseries > 1 ? s->name : "",
			 rpt_series_kind_key(s->kind));
		if ((o = rpt_html_figure(ch, false, scope, t->name, fig))) {
			rpt_svg_lines(o, &(struct rpt_svg_head){ what, title, RPT_SVG_HALF },
				      axis, xp, s->n, "MB/s", &l1, 1);
			rpt_html_figure_end(ch);
		}
		snprintf(title, sizeof(title), "%s: IOPS per block size%s", s->name, rpt_mark_note(m2));
		snprintf(fig, sizeof(fig), "%siops-per-bs", t->nseries > 1 ? s->name : "");
		if (!qd && (o = rpt_html_figure(ch, false, scope, t->name, fig))) {
			rpt_svg_lines(o, &(struct rpt_svg_head){ "IOPS per block size", title,
								 RPT_SVG_HALF },
				      "block size", xp, s->n, "IOPS", &l2, 1);
			rpt_html_figure_end(ch);
		}
		fputs("</div>\n", out);
	}
	free(xl);
	free(xp);
	free(y1);
	free(y2);
}

/* Clean, fragmented and full-drive runs of one series side by side. */
static void variants_html(struct rpt_charts *ch, const char *scope, const struct rpt_report *r,
			  const struct rpt_drive *dr)
{
	FILE *out = ch->html, *o;
	char num[48];
	struct rpt_vgroup *g;
	long ng = rpt_variant_groups(r, dr, &g), i;
	unsigned int v;

	for (i = 0; i < ng; i++) {
		double x[64], y[RPT_NVARIANTS][64];
		char xl[64][16], title[256];
		const char *xp[64];
		struct rpt_line lines[RPT_NVARIANTS];
		size_t nx = rpt_vgroup_params(&g[i], x, 64), k, m, nl = 0;
		unsigned int vmark = 0;

		for (k = 0; k < nx; k++) {
			param_label(xl[k], sizeof(xl[k]), g[i].kind, x[k]);
			xp[k] = xl[k];
		}
		fputs("<h4>", out);
		rpt_put_html(out, g[i].key);
		fputs(": clean, fragmented and full side by side</h4>\n<div class=\"tw\"><table><tr><th></th>", out);
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

					if (rpt_series_param(g[i].t[v], g[i].s[v], m) == x[k] && j->mbps.ok) {
						y[v][k] = j->mbps.v;
						vmark |= j->mbps.mark;
					}
				}
			}
			lines[nl] = (struct rpt_line){ .name = rpt_variant_name(v), .y = y[v] };
			nl++;
		}
		fputs("</tr>\n", out);
		for (k = 0; k < nx; k++) {
			fprintf(out, "<tr><td>%s %s MB/s</td>", rpt_series_kind_head(g[i].kind), xl[k]);
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
		if (rpt_series_score_label(g[i].kind)) {
			for (m = 0; m < 3; m++) {
				static const char *const lab[3] = { "score MB/s", "W", "MB/s/W" };

				fprintf(out, "<tr><th>%s</th>", lab[m]);
				for (v = 0; v < RPT_NVARIANTS; v++)
					if (g[i].s[v])
						rpt_html_td(out, m == 0 ? &g[i].s[v]->score_mbps : m == 1 ?
						   &g[i].s[v]->power_w : &g[i].s[v]->efficiency,
						   m == 1 ? 2 : 1);
				fputs("</tr>\n", out);
			}
		}
		fputs("</table></div>\n", out);
		snprintf(title, sizeof(title), "%s: MB/s, clean, fragmented and full%s", g[i].key,
			 rpt_mark_note(vmark));
		if ((o = rpt_html_figure(ch, false, scope, g[i].key, "variants"))) {
			rpt_svg_lines(o, &(struct rpt_svg_head){ "MB/s of the variants", title,
								 RPT_SVG_HALF },
				      rpt_series_kind_axis(g[i].kind), xp,
				      nx, "MB/s", lines, nl);
			rpt_html_figure_end(ch);
		}
	}
	free(g);
}

/* What the signs on the test's marked figures mean (marks.h). */
static void marks_html(FILE *out, const struct rpt_test *t)
{
	unsigned int m = 0;
	char legend[1024];
	size_t k;

	for (k = 0; k < t->njobs; k++)
		m |= rpt_job_marks(&t->jobs[k]);
	if (!m)
		return;
	fputs("<p class=\"warn marks\">", out);
	rpt_put_html(out, rpt_mark_legend(legend, sizeof(legend), "", m));
	fputs("</p>\n", out);
}

/* The job's host verdict in a cell: its word, the whole verdict as its title. */
static void host_td(FILE *out, const struct rpt_job *j)
{
	char line[4 * RPT_WHY_LEN];

	fprintf(out, "<td class=\"%s\" title=\"", !j->host.measured ? "null" :
		j->host.bound || j->host.pct_marked ? "marked" : "quiet");
	rpt_put_html(out, rpt_hostv_line(&j->host, line, sizeof(line)));
	fputs("\">", out);
	rpt_put_html(out, rpt_hostv_word(&j->host));
	fprintf(out, "%s</td>", j->host.bound || j->host.pct_marked ? rpt_mark_sign(RPT_MARK_HOST) : "");
}

/*
 * At the page's top: the host-bound jobs named, each with its verdict, or
 * how many jobs the host left alone and how many were not measured.
 */
static void host_banner(FILE *out, const struct rpt_report *r)
{
	size_t i, k, bound = 0, quiet = 0, none = 0;
	char label[512], line[4 * RPT_WHY_LEN];

	for (i = 0; i < r->nt; i++)
		for (k = 0; k < r->t[i].njobs; k++) {
			const struct rpt_host_verdict *v = &r->t[i].jobs[k].host;

			bound += v->bound;
			quiet += v->measured && !v->bound;
			none += !v->measured;
		}
	if (!bound) {
		fputs("<p class=\"note\">Host interference: ", out);
		if (quiet)
			fprintf(out, "%zu job%s measured, none host-bound%s", quiet, quiet > 1 ? "s" : "",
				none ? "; " : "");
		if (none)
			fprintf(out, "%zu job%s not measured (no host sidecar: fio without ssdq's engine, or an older run)",
				none, none > 1 ? "s" : "");
		fputs(".</p>\n", out);
		return;
	}
	fprintf(out, "<div class=\"warn banner\"><p><b>Host-bound: %zu job%s</b> — the host, not the "
		"drive, set figures marked %s: the job thread waited for a CPU, or the host added "
		"latency, past the thresholds (docs/report.md, \"Marks\").</p><ul>\n", bound,
		bound > 1 ? "s" : "", rpt_mark_sign(RPT_MARK_HOST));
	for (i = 0; i < r->nt; i++)
		for (k = 0; k < r->t[i].njobs; k++) {
			const struct rpt_job *j = &r->t[i].jobs[k];

			if (!j->host.bound)
				continue;
			job_label(label, sizeof(label), r, &r->t[i], j);
			fputs("<li><b>", out);
			rpt_put_html(out, label);
			fputs("</b>: ", out);
			rpt_put_html(out, rpt_hostv_line(&j->host, line, sizeof(line)));
			fputs("</li>\n", out);
		}
	fputs("</ul></div>\n", out);
}

static void test_table(struct rpt_charts *ch, const char *scope, const struct rpt_report *r,
		       const struct rpt_test *t)
{
	FILE *out = ch->html;
	char num[48], num2[48], num3[48];
	const struct rpt_cat *c;
	size_t k, i;

	fputs("<h4>", out);
	rpt_put_html(out, t->name);
	fputs("</h4>\n<p>", out);
	rpt_put_html(out, t->path);
	fputs("</p>\n", out);
	if (t->partial) {
		fputs("<p class=\"warn\"><b>Partial run:</b> ", out);
		rpt_put_html(out, t->partial);
		fputs("; every figure below covers only the part that ran</p>\n", out);
	}
	if (t->source) {
		fputs("<p class=\"warn\">", out);
		rpt_put_html(out, t->source);
		fputs("</p>\n", out);
	}
	diag_list(out, &t->diag);
	if (!t->njobs)
		return;
	fputs("<div class=\"tw\"><table><tr><th>job</th><th>rw</th><th>dir</th><th>bs</th><th>T/QD</th>",
	      out);
	for (c = rpt_cat_first(RPT_OF_JOB); c; c = rpt_cat_next(c))
		if (!(c->flags & RPT_CAT_NOTABLE))
			fprintf(out, "<th>%s</th>", c->head);
	fputs("<th>latency</th><th>stop</th><th>host</th></tr>\n", out);
	for (k = 0; k < t->njobs; k++) {
		const struct rpt_job *j = &t->jobs[k];
		char bs[16] = "–", tq[32];

		if (j->bs.ok)
			rpt_fmt_bs(bs, sizeof(bs), j->bs.v);
		fputs("<tr><td>", out);
		rpt_put_html(out, j->name);
		fputs("</td><td>", out);
		rpt_put_html(out, j->rw);
		fprintf(out, "</td><td>%s</td><td>%s</td>", j->ddir ? j->ddir : "–", bs);
		if (j->iodepth.ok || j->threads)
			fprintf(out, "<td>%s</td>", rpt_fmt_tq(tq, sizeof(tq), j));
		else
			rpt_html_td(out, &j->iodepth, 0);
		for (c = rpt_cat_first(RPT_OF_JOB); c; c = rpt_cat_next(c))
			if (!(c->flags & RPT_CAT_NOTABLE))
				rpt_html_td(out, rpt_cat_job(c, j), c->digits);
		fprintf(out, "<td>%s</td>", j->lat_kind ? j->lat_kind : "");
		if (j->stop) {
			fprintf(out, "<td>%s</td>", j->stop);
		} else {
			fputs("<td class=\"null\" title=\"", out);
			rpt_put_html(out, j->stop_why);
			fputs("\">–</td>", out);
		}
		host_td(out, j);
		fputs("</tr>\n", out);
	}
	fputs("</table></div>\n", out);
	marks_html(out, t);
	rpt_html_pstate(ch, scope, t);
	for (k = 0; k < t->nseries; k++)
		series_html(ch, scope, t, &t->series[k]);
	for (k = 0; k < t->njobs; k++) {
		const struct rpt_job *j = &t->jobs[k];

		job_notes(out, t, k);
		energy_html(out, t, k);
		if (j->has_bursts)
			bursts_html(ch, scope, t, j);
		if (j->has_trace)
			trace_html(out, t, j);
		if (!rpt_job_is_fill(t, j))
			continue;
		fill_chart(ch, scope, t, j);
		fprintf(out, "<p>%s written", rpt_fmt_bytes(num, sizeof(num), j->fill.gb_written * 1e9));
		if (j->fill.source[0]) {
			fputs(" (from ", out);
			rpt_put_html(out, j->fill.source);
			fputc(')', out);
		}
		fputs(". SLC cache: ", out);
		if (j->fill.slc_cache_gb.ok) {
			fprintf(out, "%s GB", rpt_fmt_num(num, sizeof(num), j->fill.slc_cache_gb.v, 1));
			if (rpt_cat_fmt_range(num, sizeof(num), rpt_cat_find(RPT_OF_FILL, "slc_cache_gb"),
					      j, 1, " to "))
				fprintf(out, " (%s GB)", num);
			fprintf(out, " at %s MB/s", rpt_fmt_num(num2, sizeof(num2), j->fill.in_cache_mbps.v, 0));
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
	if (rpt_test_section(t) == RPT_SEC_QD1)
		rpt_html_cdf(ch, r, t->name, &r->d[rpt_drive_index(r, t)], scope);
	rpt_html_test_timeline(ch, scope, t);
}

/* Power against performance: a point per job with both, a colour per drive. */
static void power_scatter(struct rpt_charts *c, const struct rpt_report *r)
{
	struct rpt_point *p = calloc(r->nt ? r->nt * 64 : 1, sizeof(*p));
	char (*lab)[160] = calloc(r->nt ? r->nt * 64 : 1, sizeof(*lab));
	const char **groups = calloc(r->nd ? r->nd : 1, sizeof(*groups));
	size_t n = 0, d, i, k;
	unsigned int marks = 0;
	char legend[1024], tj[256];
	FILE *o;

	for (d = 0; p && lab && groups && d < r->nd; d++) {
		groups[d] = r->d[d].name;
		for (i = 0; i < r->d[d].ntests; i++) {
			const struct rpt_test *t = &r->t[r->d[d].test[i]];

			/* the PTS pages' cells have their W; steps measure nothing */
			if (not_charted(r, r->d[d].test[i]))
				continue;
			for (k = 0; k < t->njobs && k < 64; k++) {
				const struct rpt_job *j = &t->jobs[k];

				if (!j->mbps.ok || !j->power_w.ok)
					continue;
				snprintf(lab[n], sizeof(lab[n]), "%s%s%s%s", r->nd > 1 ? r->d[d].name : "",
					 r->nd > 1 ? ": " : "", rpt_test_job_name(tj, sizeof(tj), t, j),
					 rpt_mark_sign(j->power_w.mark | j->mbps.mark));
				marks |= j->power_w.mark | j->mbps.mark;
				p[n].x = j->mbps.v;
				p[n].y = j->power_w.v;
				p[n].label = lab[n];
				p[n].hl = r->nd > 1 && rpt_drive_hl(c, &r->d[d]);
				p[n++].group = d;
			}
		}
	}
	if (n >= 2) {
		fputs("<h2 id=\"power\">Power and performance</h2>\n<p>A point per job: MB/s against its average "
		      "power over the active window.</p>\n", c->html);
		if (marks) {
			fputs("<p class=\"warn marks\">", c->html);
			rpt_put_html(c->html, rpt_mark_legend(legend, sizeof(legend), "", marks));
			fputs("</p>\n", c->html);
		}
		if ((o = rpt_html_figure(c, true, "all", NULL, "power"))) {
			rpt_svg_scatter(o, &(struct rpt_svg_head){ "W against MB/s per job",
								   "W against MB/s per job", W },
					"MB/s", "W", p, n, groups, r->nd);
			rpt_html_figure_end(c);
		}
	}
	free(p);
	free(lab);
	free(groups);
}

/* The drive's identity and what made its results (device.json). */
static void provenance_html(FILE *out, const struct rpt_device *dev)
{
	char buf[512], cap[48];

	if (!dev->present)
		return;
	fputs("<p class=\"prov\">", out);
	rpt_put_html(out, dev->model ? dev->model : "(no model)");
	if (dev->serial) {
		fputs(" · serial ", out);
		rpt_put_html(out, dev->serial);
	}
	if (dev->firmware) {
		fputs(" · firmware ", out);
		rpt_put_html(out, dev->firmware);
	}
	if (dev->capacity_bytes > 0)
		fprintf(out, " · %s", rpt_fmt_bytes(cap, sizeof(cap), dev->capacity_bytes * dev->scale));
	if (*rpt_provenance_line(buf, sizeof(buf), &dev->prov)) {
		fputs("<br>run: ", out);
		rpt_put_html(out, buf);
	}
	fputs("</p>\n", out);
}

static void drive_head(FILE *out, const struct rpt_drive *dr)
{
	char note[256];

	fputs("<h2 class=\"drive\">Drive: ", out);
	rpt_put_html(out, dr->name);
	fputs("</h2>\n<p>", out);
	rpt_put_html(out, dr->dir);
	if (dr->dev.present && dr->dev.preset) {
		fputs(" · ssdq drive model ", out);
		rpt_put_html(out, dr->dev.preset);
	}
	if (dr->dev.scale > 1) {
		fputs(" · <b>", out);
		rpt_put_html(out, rpt_basis_note(note, sizeof(note), &dr->dev));
		fputs("</b>", out);
	}
	fputs("</p>\n", out);
	provenance_html(out, &dr->dev);
	diag_list(out, &dr->diag);
}

/* One drive's tests, in the order of the review. */
static int drive_html(struct rpt_charts *c, const struct rpt_report *r, size_t d)
{
	struct rpt_review_item *it;
	long n = rpt_review_order(r, &r->d[d], &it), i;
	char scope[256];

	if (n < 0)
		return -ENOMEM;
	rpt_drive_scope(scope, sizeof(scope), &r->d[d]);
	fprintf(c->html, "<section id=\"drive-%zu\">\n", d + 1);
	drive_head(c->html, &r->d[d]);
	if (rpt_html_pts(c, scope, &r->d[d])) {
		free(it);
		return -EIO;
	}
	for (i = 0; i < n; i++) {
		if (!i || it[i].sec != it[i - 1].sec) {
			fputs("<h3 class=\"sec\">", c->html);
			rpt_put_html(c->html, r->d[d].name);
			fprintf(c->html, ": %s</h3>\n", rpt_section_title(it[i].sec));
		}
		test_table(c, scope, r, rpt_drive_test(r, &r->d[d], it[i].test));
	}
	/* tests without jobs (files that could not be read) keep their errors */
	for (i = 0; i < (long)r->d[d].ntests; i++) {
		const struct rpt_test *t = &r->t[r->d[d].test[i]];

		if (!t->njobs)
			test_table(c, scope, r, t);
	}
	variants_html(c, scope, r, &r->d[d]);
	fputs("</section>\n", c->html);
	free(it);
	return 0;
}

static void toc(FILE *out, const struct rpt_report *r)
{
	size_t i;

	fputs("<nav>", out);
	if (r->nd > 1)
		fputs("<a href=\"#comparison\">Comparison</a>", out);
	for (i = 0; i < r->nd; i++) {
		fprintf(out, "<a href=\"#drive-%zu\">", i + 1);
		rpt_put_html(out, r->d[i].name);
		fputs("</a>", out);
	}
	for (i = 0; i < r->nt && not_charted(r, i); i++)
		;
	if (i < r->nt)
		fputs("<a href=\"#jobs\">Every job</a>", out);
	fputs("</nav>\n", out);
}

int rpt_write_html(FILE *out, const struct rpt_report *r, const struct rpt_html_opts *o)
{
	struct rpt_charts c = { .html = out, .r = r, .hl = -1 };
	size_t i;
	int ret = 0;

	if (o) {
		c.svg_dir = o->svg_dir;
		c.hl = o->highlight;
	}
	fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
		"<title>ssdq report</title><style>%s</style></head><body>\n"
		"<h1>ssdq report</h1>\n<p>MB = 10<sup>6</sup> bytes, GB = 10<sup>9</sup> bytes. "
		"A dash is a figure that could not be computed; hover it for the reason.</p>\n",
		style);
	host_banner(out, r);
	toc(out, r);
	if (r->nd > 1)
		ret = rpt_html_review(&c, r);
	if (!ret) {
		rpt_html_timeline_compare(&c, r);
		ret = rpt_html_pts_compare(&c, r);
	}
	if (!ret)
		power_scatter(&c, r);
	for (i = 0; !ret && i < r->nd; i++)
		ret = drive_html(&c, r, i);
	if (!ret)
		ret = every_job(&c, r);
	fputs("</body></html>\n", out);
	if (!ret && c.err) {
		ret = c.err;
		if (o && o->err_path)
			snprintf(o->err_path, o->err_len, "%s", c.err_path);
	}
	rpt_charts_free(&c);
	return ret ? ret : ferror(out) ? -EIO : 0;
}
