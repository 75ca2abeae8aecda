// SPDX-License-Identifier: GPL-2.0-only
/* A job's series over time: its charts, its JSON, its CSV files. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "pts_report.h"
#include "svg.h"
#include "timeline.h"
#include "marks.h"
#include "writers.h"

/* a line per series of @chart; colours by direction, percentiles dashed darker */
static size_t lines_of(const struct rpt_timeline *tl, enum rpt_tl_chart chart,
		       struct rpt_time_line *l)
{
	static const char *const dd_color[4] = { "#4a7ab5", "#e8a33d", "#6a9f58", "#c4463a" };
	static const char *const pct_dash[RPT_TL_NPCT] = { "2,2", NULL, "6,3", "1,3" };
	static const char *const pct_color[3][RPT_TL_NPCT] = {
		{ "#2d5f99", "#1c3d66", "#5a3d8a", "#7a1f3d" },
		{ "#b97a1d", "#8a5a10", "#a8431d", "#7a1f1f" },
		{ "#3f7a33", "#2a5522", "#556b2f", "#1f4d3a" },
	};
	size_t i, n = 0;

	for (i = 0; i < tl->n; i++) {
		const struct rpt_tl_series *s = &tl->s[i];
		int p;

		if (s->chart != chart)
			continue;
		l[n] = (struct rpt_time_line){ .name = s->name, .n = s->n, .t_s = s->t_s,
					       .y = s->pct ? s->max : s->mean,
					       .color = dd_color[s->ddir < 4 ? s->ddir : 3] };
		if (!s->pct) {
			l[n].lo = s->min;
			l[n].hi = s->max;
		} else {
			for (p = 0; p < RPT_TL_NPCT && strcmp(strchr(s->name, ' ') + 1, rpt_tl_pct_name[p]); p++)
				;
			if (p < RPT_TL_NPCT && s->ddir < 3) {
				l[n].color = pct_color[s->ddir][p];
				l[n].dash = pct_dash[p];
			}
		}
		n++;
	}
	return n;
}

static const char *const chart_title[RPT_TL_NCHARTS] = {
	"Throughput over time", "IOPS over time", "Latency over time", "Power over time",
	"Temperature over time (SMART composite)",
};

/* what sets how often a chart's series is sampled */
static const char *const chart_rate[RPT_TL_NCHARTS] = {
	"fio's log_avg_msec", "fio's log_avg_msec",
	"fio's log_avg_msec, and log_hist_msec for the percentiles", "ssdq_power_rate",
	"ssdq_smart_interval",
};

/* points of @l a line goes through */
static size_t line_points(const struct rpt_time_line *l)
{
	size_t i, n = 0;

	for (i = 0; i < l->n; i++)
		n += isfinite(l->t_s[i]) && isfinite(l->y[i]);
	return n;
}

/*
 * The lines of @l (@n) through two points or more, kept in order (a line
 * through one draws nothing); their number. With none, a sentence in the
 * chart's place says why.
 */
static size_t drawable(FILE *html, enum rpt_tl_chart ch, const char *title,
		       struct rpt_time_line *l, size_t n)
{
	size_t i, k = 0, most = 0;

	for (i = 0; i < n; i++) {
		size_t p = line_points(&l[i]);

		most = p > most ? p : most;
		if (p >= 2)
			l[k++] = l[i];
	}
	if (n && !k) {
		fputs("<p class=\"note\">", html);
		rpt_put_html(html, title);
		fprintf(html, ": not drawn: %s %zu point%s, and a line needs two (how often "
			"it is sampled: %s).</p>\n", n > 1 ? "each line would have at most" :
			"the line would have", most, most == 1 ? "" : "s", chart_rate[ch]);
	}
	return k;
}

void rpt_html_timeline(struct rpt_charts *c, const char *scope, const struct rpt_test *t,
		       const struct rpt_job *j)
{
	const struct rpt_timeline *tl = &j->tl;
	struct rpt_time_line *l;
	struct rpt_time_span *sp = NULL;
	size_t i, nsp = 0, phases = 0;
	char title[512], fig[64], yname[64], tj[400];
	int ch;

	if (!tl->n)
		return;
	l = calloc(tl->n, sizeof(*l));
	if (tl->nsp)
		sp = calloc(tl->nsp, sizeof(*sp));
	if (!l || (tl->nsp && !sp)) {
		free(l);
		free(sp);
		c->err = c->err ? c->err : -ENOMEM;
		return;
	}
	for (i = 0; i < tl->nsp; i++) {
		sp[nsp++] = (struct rpt_time_span){ tl->sp[i].t0_s, tl->sp[i].t1_s, tl->sp[i].what };
		phases += strcmp(tl->sp[i].what, RPT_HOSTV_SPAN) != 0;
	}
	fputs("<h5>Over time: ", c->html);
	rpt_put_html(c->html, rpt_test_job_name(tj, sizeof(tj), t, j));
	fprintf(c->html, "</h5>\n<p class=\"note\">Each point is a column of the chart: its mean, "
		"with the band from the lowest to the highest sample in it; percentiles per interval "
		"(fio's histogram logs, merged as fiologparser_hist.py does) at the column's worst "
		"interval.%s%s</p>\n", tl->nbursts ? " Shaded: the job's phases." :
		phases ? " Shaded: the job's phases (erase, idle)." : "",
		j->host.nspikes ? " Shaded " RPT_HOSTV_SPAN ": the intervals the host distorted "
		"(its run delay or the latency it added past the threshold: the job's host verdict)." : "");
	for (ch = 0; ch < RPT_TL_NCHARTS; ch++) {
		struct rpt_svg_head h = { .title = title };
		size_t n = lines_of(tl, (enum rpt_tl_chart)ch, l);
		FILE *out;

		if (!n)
			continue;
		snprintf(title, sizeof(title), "%s: %s%s", chart_title[ch], tj,
			 rpt_mark_note(j->host.nspikes && ch <= RPT_TL_LAT ? RPT_MARK_HOST : 0));
		n = drawable(c->html, (enum rpt_tl_chart)ch, title, l, n);
		if (!n)
			continue;
		snprintf(fig, sizeof(fig), "%s-time", rpt_tl_chart_key((enum rpt_tl_chart)ch));
		snprintf(yname, sizeof(yname), "%s%s", rpt_tl_chart_unit((enum rpt_tl_chart)ch),
			 ch == RPT_TL_LAT ? " (log scale)" : "");
		out = rpt_chart_begin(c, scope, t->name, fig);
		if (!out)
			break;
		rpt_svg_time(out, &h, yname, "the job's start", ch == RPT_TL_LAT, l, n, sp, nsp);
		rpt_chart_end(c);
	}
	free(l);
	free(sp);
}

/* The test's jobs that have time series; their number. */
static size_t with_timeline(const struct rpt_test *t, size_t *first)
{
	size_t n = 0;

	for (size_t k = t->njobs; k-- > 0;)
		if (t->jobs[k].tl.n) {
			*first = k;
			n++;
		}
	return n;
}

/* the series a job puts on a test's chart: all but the percentiles below p99.99 */
static bool on_test_chart(const struct rpt_tl_series *s)
{
	const char *sp = strrchr(s->name, ' ');

	return !s->pct || (sp && !strcmp(sp + 1, "p99.99"));
}

/* a chart of @ch with every job's series at its time since the test's start */
static void test_chart(struct rpt_charts *c, const char *scope, const struct rpt_test *t,
		       enum rpt_tl_chart ch, double origin)
{
	struct rpt_time_line l[64];
	struct rpt_time_span sp[256];
	char names[64][72], title[400], yname[64];
	double *tt[64];
	size_t n = 0, nsp = 0, k, i, m, drawn;
	bool drive_wide = ch == RPT_TL_POWER || ch == RPT_TL_TEMP;
	struct rpt_svg_head h = { .title = title };
	FILE *out;

	for (k = 0; k < t->njobs && n < 64; k++) {
		const struct rpt_timeline *tl = &t->jobs[k].tl;
		double off = tl->unix_ms ? (tl->origin_ms - origin) / 1000 *
			     (tl->time_scale > 1 ? tl->time_scale : 1) : 0;

		for (i = 0; i < tl->n && n < 64; i++) {
			const struct rpt_tl_series *s = &tl->s[i];

			if (s->chart != ch || !on_test_chart(s))
				continue;
			/* W and °C are the drive's: rows of one job share its sidecars */
			for (m = 0; drive_wide && m < n; m++)
				if (l[m].n == s->n && s->n && tt[m][0] == s->t_s[0] + off &&
				    l[m].y[0] == s->mean[0])
					break;
			if (drive_wide && m < n)
				continue;
			tt[n] = malloc(s->n * sizeof(double) + 1);
			if (!tt[n])
				break;
			for (m = 0; m < s->n; m++)
				tt[n][m] = s->t_s[m] + off;
			snprintf(names[n], sizeof(names[n]), "%s %s", t->jobs[k].name, s->name);
			l[n] = (struct rpt_time_line){ .name = names[n], .n = s->n, .t_s = tt[n],
						       .y = s->pct ? s->max : s->mean,
						       .color = rpt_svg_color(k),
						       .dash = s->pct ? "4,3" : s->ddir == 0 && t->jobs[k].split ? "1,2" : NULL };
			n++;
		}
		for (i = 0; i < tl->nsp && nsp < 256; i++) {
			struct rpt_time_span x = { tl->sp[i].t0_s + off, tl->sp[i].t1_s + off, tl->sp[i].what };
			bool dup = false;

			for (m = 0; m < nsp && !dup; m++)
				dup = fabs(sp[m].t0_s - x.t0_s) < 1e-6 && fabs(sp[m].t1_s - x.t1_s) < 1e-6 &&
				      !strcmp(sp[m].label, x.label);
			if (!dup)
				sp[nsp++] = x;
		}
	}
	snprintf(title, sizeof(title), "%s: %s", chart_title[ch], t->name);
	if (n && (drawn = drawable(c->html, ch, title, l, n))) {
		snprintf(yname, sizeof(yname), "%s%s", rpt_tl_chart_unit(ch),
			 ch == RPT_TL_LAT ? " (log scale)" : "");
		out = rpt_chart_begin(c, scope, t->name, ch == RPT_TL_MBPS ? "mbps-time" :
				      ch == RPT_TL_IOPS ? "iops-time" : ch == RPT_TL_LAT ? "latency-time" :
				      ch == RPT_TL_POWER ? "power-time" : "temperature-time");
		if (out) {
			rpt_svg_time(out, &h, yname, "the test's start", ch == RPT_TL_LAT, l, drawn, sp,
				      nsp);
			rpt_chart_end(c);
		}
	}
	for (i = 0; i < n; i++)
		free(tt[i]);
}

void rpt_html_test_timeline(struct rpt_charts *c, const char *scope, const struct rpt_test *t)
{
	size_t first = 0, n = with_timeline(t, &first), k;
	double origin = INFINITY;

	if (n == 1)
		rpt_html_timeline(c, scope, t, &t->jobs[first]);
	if (n < 2)
		return;
	for (k = 0; k < t->njobs; k++)
		if (t->jobs[k].tl.n && t->jobs[k].tl.unix_ms)
			origin = fmin(origin, t->jobs[k].tl.origin_ms);
	fputs("<h5>Over time: ", c->html);
	rpt_put_html(c->html, t->name);
	fputs("</h5>\n<p class=\"note\">Every job of the test on one axis of time since the test's "
	      "start: each point a column of the chart, its mean (dotted: a read row of a mixed job); "
	      "dashed, p99.99 per interval (fio's histogram logs, merged over the job's threads as "
	      "fiologparser_hist.py does) at the column's worst interval. Each job's own series, "
	      "with every percentile and the bands, are in the JSON output and --series-csv.</p>\n",
	      c->html);
	for (int ch = 0; ch < RPT_TL_NCHARTS; ch++)
		test_chart(c, scope, t, (enum rpt_tl_chart)ch, isfinite(origin) ? origin : 0);
}

/* a drive's series of @test to compare: its first job's MB/s, directions added */
static int drive_mbps(const struct rpt_report *r, const struct rpt_drive *d, const char *test,
		      const struct rpt_tl_series **s)
{
	for (size_t i = 0; i < d->ntests; i++) {
		const struct rpt_test *t = &r->t[d->test[i]];

		if (strcmp(t->name, test) || rpt_pts_owns(d->pts, d->test[i]))
			continue;
		for (size_t k = 0; k < t->njobs; k++)
			for (size_t m = 0; m < t->jobs[k].tl.n; m++)
				if (t->jobs[k].tl.s[m].chart == RPT_TL_MBPS) {
					*s = &t->jobs[k].tl.s[m];
					return 1;
				}
	}
	return 0;
}

void rpt_html_timeline_compare(struct rpt_charts *c, const struct rpt_report *r)
{
	struct rpt_time_line *l;
	bool head = false;

	if (r->nd < 2)
		return;
	l = calloc(r->nd, sizeof(*l));
	if (!l)
		return;
	for (size_t ti = 0; ti < r->nt; ti++) {
		const struct rpt_test *t = &r->t[ti];
		size_t n = 0, d, seen;
		char title[400];
		struct rpt_svg_head h = { .title = title };
		FILE *out;

		/* each test name once: at its first test */
		for (seen = 0; seen < ti && strcmp(r->t[seen].name, t->name); seen++)
			;
		if (seen < ti)
			continue;
		for (d = 0; d < r->nd; d++) {
			const struct rpt_tl_series *s;

			if (!drive_mbps(r, &r->d[d], t->name, &s))
				continue;
			l[n] = (struct rpt_time_line){ .name = r->d[d].name, .n = s->n, .t_s = s->t_s,
						       .y = s->mean, .color = rpt_svg_color(d),
						       .drive = r->d[d].name,
						       .hl = rpt_drive_hl(c, &r->d[d]) };
			n += line_points(&l[n]) >= 2;	/* a line needs two points */
		}
		if (n < 2)
			continue;
		if (!head)
			fputs("<h3 id=\"over-time\">Over time</h3>\n<p class=\"note\">Each drive's MB/s "
			      "over the test (its first job; the mean of each column).</p>\n", c->html);
		head = true;
		snprintf(title, sizeof(title), "Throughput over time: %s", t->name);
		out = rpt_chart_begin(c, "compare", t->name, "mbps-time");
		if (!out)
			break;
		rpt_svg_time(out, &h, "MB/s", "the job's start", false, l, n, NULL, 0);
		rpt_chart_end(c);
	}
	free(l);
}

static void num(FILE *out, double v)
{
	if (!isfinite(v))
		fputs("null", out);
	else
		fprintf(out, "%.10g", v);
}

static void arr(FILE *out, const char *key, const double *v, size_t n)
{
	fprintf(out, ", \"%s\": [", key);
	for (size_t i = 0; i < n; i++) {
		if (i)
			fputc(',', out);
		num(out, v[i]);
	}
	fputc(']', out);
}

void rpt_json_timeline(FILE *out, const char *ind, const struct rpt_timeline *tl)
{
	const char *sep = "";

	fprintf(out, ",\n%s\"timeline\": ", ind);
	if (!tl->n) {
		fputs("null", out);
		return;
	}
	fprintf(out, "{\n%s  \"origin_unix_ms\": ", ind);
	if (tl->unix_ms)
		fprintf(out, "%.0f", tl->origin_ms);
	else
		fputs("null", out);
	/* t_s are the run's x this: a scaled model's full drive (the drive's basis) */
	fprintf(out, ",\n%s  \"time_scale\": %.10g", ind, tl->time_scale > 1 ? tl->time_scale : 1);
	fprintf(out, ",\n%s  \"charts\": [", ind);
	for (int ch = 0; ch < RPT_TL_NCHARTS; ch++) {
		const char *ssep = "";

		for (size_t i = 0; i < tl->n; i++) {
			const struct rpt_tl_series *s = &tl->s[i];

			if (s->chart != (enum rpt_tl_chart)ch)
				continue;
			if (!*ssep) {
				fprintf(out, "%s\n%s    {\"chart\": \"%s-time\", \"unit\": ", sep, ind,
					rpt_tl_chart_key(s->chart));
				rpt_put_json_str(out, rpt_tl_chart_unit(s->chart));
				fputs(", \"series\": [", out);
				sep = ",";
			}
			fprintf(out, "%s\n%s      {\"name\": ", ssep, ind);
			ssep = ",";
			rpt_put_json_str(out, s->name);
			fprintf(out, ", \"per_interval\": %s, \"column_s\": ", s->pct ? "true" : "false");
			num(out, s->col_s);
			fprintf(out, ", \"samples\": %lu", s->samples);
			arr(out, "t_s", s->t_s, s->n);
			arr(out, "mean", s->mean, s->n);
			arr(out, "min", s->min, s->n);
			arr(out, "max", s->max, s->n);
			fputc('}', out);
		}
		if (*ssep)
			fprintf(out, "\n%s    ]}", ind);
	}
	fprintf(out, "\n%s  ],\n%s  \"phases\": [", ind, ind);
	for (size_t i = 0; i < tl->nsp; i++) {
		fprintf(out, "%s{\"what\": \"%s\", \"t0_s\": ", i ? ", " : "", tl->sp[i].what);
		num(out, tl->sp[i].t0_s);
		fputs(", \"t1_s\": ", out);
		num(out, tl->sp[i].t1_s);
		fputc('}', out);
	}
	fprintf(out, "]\n%s}", ind);
}

/* a test of several jobs: "JOB SERIES", as its charts' legends name them */
static int series_file(const char *dir, const char *scope, const struct rpt_test *t, size_t k,
		       const struct rpt_tl_series *s, char *err_path, size_t len)
{
	char a[64], b[96], c[160], name[128], path[PATH_MAX];
	size_t first;
	FILE *f;
	int ret = 0;

	rpt_slug(a, sizeof(a), scope);
	rpt_slug(b, sizeof(b), t->name);
	if (with_timeline(t, &first) > 1)
		snprintf(name, sizeof(name), "%s %s", t->jobs[k].name, s->name);
	else
		snprintf(name, sizeof(name), "%s", s->name);
	rpt_slug(c, sizeof(c), name);
	snprintf(path, sizeof(path), "%s/%s.%s.%s-time.%s.csv", dir, a, b,
		 rpt_tl_chart_key(s->chart), c);
	f = fopen(path, "w");
	if (!f) {
		ret = -errno;
		snprintf(err_path, len, "%s", path);
		return ret;
	}
	fprintf(f, "t_s,mean,min,max\n");
	for (size_t i = 0; i < s->n; i++)
		fprintf(f, "%.10g,%.10g,%.10g,%.10g\n", s->t_s[i], s->mean[i], s->min[i], s->max[i]);
	return rpt_file_close(f, path, err_path, len);
}

int rpt_write_series_csv(const char *dir, const struct rpt_report *r, char *err_path, size_t len)
{
	char scope[256];
	int ret = 0;

	for (size_t d = 0; d < r->nd && !ret; d++) {
		rpt_drive_scope(scope, sizeof(scope), &r->d[d]);
		for (size_t i = 0; i < r->d[d].ntests && !ret; i++) {
			const struct rpt_test *t = &r->t[r->d[d].test[i]];

			for (size_t k = 0; k < t->njobs && !ret; k++)
				for (size_t m = 0; m < t->jobs[k].tl.n && !ret; m++)
					ret = series_file(dir, scope, t, k, &t->jobs[k].tl.s[m],
							  err_path, len);
		}
		if (!ret)
			ret = rpt_write_pts_di_files(dir, scope, &r->d[d], err_path, len);
		if (!ret && r->d[d].pts)
			ret = rpt_write_pts_rec_csv(dir, scope, r->d[d].pts->rec, err_path, len);
	}
	if (!ret && r->nd > 1)
		ret = rpt_write_pts_compare_csv(dir, r, err_path, len);
	return ret;
}
