// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "compare.h"
#include "marks.h"
#include "power.h"
#include "pts_report.h"
#include "review.h"
#include "series.h"
#include "stop.h"
#include "writers.h"

/* @num followed by the sign of @f's marks (marks.h) */
static const char *marked(char *buf, size_t len, const struct rpt_fig *f, const char *num)
{
	snprintf(buf, len, "%s%s", num, rpt_mark_sign(f->mark));
	return buf;
}

/* A figure with @prec decimals, more where it needs them (rpt_fmt_num()). */
static void cell(FILE *out, int width, int prec, const struct rpt_fig *f)
{
	char buf[48], num[56];

	if (f->ok)
		fprintf(out, " %*s", width, marked(num, sizeof(num), f,
						   rpt_fmt_num(buf, sizeof(buf), f->v, prec)));
	else
		fprintf(out, " %*s", width, "-");
}

/* "@pre VALUE @unit", or "@pre - @unit (why)" for a null figure. */
static void value(FILE *out, const char *pre, int prec, const char *unit,
		  const struct rpt_fig *f)
{
	char buf[48];

	if (f->ok)
		fprintf(out, "%s%s %s%s", pre, rpt_fmt_num(buf, sizeof(buf), f->v, prec), unit,
			rpt_mark_sign(f->mark));
	else
		fprintf(out, "%s- %s (%s)", pre, unit, f->why);
}

/* @f in @unit, a fill's sizes in GB or, under 1 GB written, MB (@scale 1e-3 = GB to MB) */
static void fill_line(FILE *out, const struct rpt_cat *cat, const struct rpt_fig *f,
		      const char *unit, double scale, const struct rpt_fig *same)
{
	const char *label = cat->label;
	char buf[48], num[56];

	if (f->ok)
		fprintf(out, "    %-17s %10s %s\n", label,
			marked(num, sizeof(num), f, rpt_fmt_num(buf, sizeof(buf), f->v / scale, cat->digits)), unit);
	else if (f != same && !strcmp(f->why, same->why))
		fprintf(out, "    %-17s %10s    (as above)\n", label, "-");
	else
		fprintf(out, "    %-17s %10s    (%s)\n", label, "-", f->why);
}

static void fill(FILE *out, const struct rpt_job *j, bool verbose)
{
	const struct rpt_fill *f = &j->fill;
	const struct rpt_cat *cat;
	/* a fill under 1 GB (a floppy's 1.4 MB) gives its sizes in MB */
	bool mb = f->gb_written < 1;
	double k = mb ? 1e-3 : 1;
	const char *gb = mb ? "MB" : "GB";
	char a[48], b[48], c[48];
	size_t i;

	fprintf(out, "  fill: %s written", rpt_fmt_bytes(a, sizeof(a), f->gb_written * 1e9));
	if (f->source[0])
		fprintf(out, "; from %s", f->source);
	fputc('\n', out);
	for (cat = rpt_cat_first(RPT_OF_FILL); cat; cat = rpt_cat_next(cat)) {
		bool size = !strcmp(cat->unit, "GB");

		if (cat->flags & (RPT_CAT_SMART | RPT_CAT_NOTEXT))
			continue;
		fill_line(out, cat, rpt_cat_job(cat, j), size ? gb : cat->unit, size ? k : 1,
			  &f->slc_cache_gb);
		if (rpt_cat_job(cat, j)->ok && rpt_cat_fmt_range(a, sizeof(a), cat, j, k, " to "))
			fprintf(out, "    %-17s %10s    (where the log places it: %s %s)\n", "", "",
				a, gb);
	}
	if (f->throttle_gb.ok)
		fprintf(out, "    %-17s %10s GB  (%s)\n", "throttling",
			rpt_fmt_num(a, sizeof(a), f->throttle_gb.v, 2), f->throttle_why);
	for (i = 0; i < f->nphases; i++)
		fprintf(out, "    phase %-2zu %8s - %8s %s %10s MB/s\n", i + 1,
			rpt_fmt_num(a, sizeof(a), f->phases[i].start_gb / k, 2),
			rpt_fmt_num(b, sizeof(b), f->phases[i].end_gb / k, 2), gb,
			rpt_fmt_num(c, sizeof(c), f->phases[i].mbps, 1));
	if (!f->nsegments || !verbose)
		return;
	fputs("    MB/s per GB:", out);
	for (i = 0; i < f->nsegments; i++)
		fprintf(out, "%s%6.0f", i % 12 ? "" : "\n     ", f->segment_mbps[i]);
	fputc('\n', out);
}

static void bursts(FILE *out, const struct rpt_bursts *b, bool verbose)
{
	char buf[48];
	size_t i;

	fprintf(out, "  bursts: %zu, %s MB in all;", b->n, rpt_fmt_num(buf, sizeof(buf), b->bytes / 1e6, 1));
	value(out, " score ", 1, "MB/s", &b->score_mbps);
	if (b->score_mbps.ok)
		fputs(" (bytes / time bursting)", out);
	value(out, ", duty cycle ", 1, "%", &b->duty_pct);
	fputc('\n', out);
	if (!verbose)
		return;
	fputs("    MB/s per burst:", out);
	for (i = 0; i < b->n; i++) {
		fputs(i % 12 ? "" : "\n     ", out);
		if (isnan(b->b[i].mbps))
			fprintf(out, "%7s", "-");
		else
			fprintf(out, "%7.0f", b->b[i].mbps);
	}
	fputc('\n', out);
}

/* Where a job's joules came from, in the text's words. */
static const char *energy_from(const struct rpt_job *j)
{
	if (!j->energy_from)
		return "source unknown";
	if (!strcmp(j->energy_from, "counter"))
		return "the meter's energy counter";
	if (!strcmp(j->energy_from, "drive"))
		return "the drive's own measurement";
	return "the power samples";
}

/* A replayed trace's results: its file, then the trace section's figures */
static void trace(FILE *out, const struct rpt_test *t, const struct rpt_job *j)
{
	const struct rpt_cat *c;
	const char *sep = "";

	fprintf(out, "  trace: %s (%s%s):", j->trace.file,
		j->trace.format ? j->trace.format : "not read",
		j->trace.no_stall ? ", replay_no_stall" : "");
	for (c = rpt_cat_first(RPT_OF_TRACE); c; c = rpt_cat_next(c)) {
		char lead[64];

		snprintf(lead, sizeof(lead), "%s %s ", sep, c->label);
		value(out, lead, c->digits, c->unit, rpt_cat_job(c, j));
		sep = ",";
	}
	if (t->dev.scale > 1)	/* the drive's other tests are on the full drive's basis */
		fprintf(out, "; replayed as recorded: the run's own bytes, time and energy, "
			"not x %.10g", t->dev.scale);
	fputc('\n', out);
}

/* The peak power's window on the drive's basis: "100 ms", a scaled model's "100 s" */
static const char *peak_window(char *buf, size_t len, const struct rpt_device *dev)
{
	double ms = RPT_PEAK_MS * (dev->scale > 1 ? dev->scale : 1);

	if (ms >= 1000)
		snprintf(buf, len, "%.10g s", ms / 1000);
	else
		snprintf(buf, len, "%.10g ms", ms);
	return buf;
}

/* The job's host verdict (host_verdict.h) and its figures (the catalogue's host rows). */
static void host_text(FILE *out, const struct rpt_job *j)
{
	char line[4 * RPT_WHY_LEN], buf[48];
	const char *sep = "";
	const struct rpt_cat *c;

	fprintf(out, "  %s\n", rpt_hostv_line(&j->host, line, sizeof(line)));
	if (!j->host.measured)
		return;
	fputs("  host:", out);
	for (c = rpt_cat_first(RPT_OF_HOST); c; c = rpt_cat_next(c)) {
		const struct rpt_fig *f = rpt_cat_job(c, j);

		if (!f->ok)
			continue;
		fprintf(out, "%s %s %s %s", sep, c->label, rpt_fmt_num(buf, sizeof(buf), f->v, c->digits),
			c->unit);
		sep = ",";
	}
	if (j->host.nover)
		fprintf(out, "%s %zu intervals over the threshold", sep, j->host.nover);
	fputc('\n', out);
}

/* The job's power state and its figures (the catalogue's power-state rows). */
static void pstate_text(FILE *out, const struct rpt_job *j)
{
	const struct rpt_cat *c;
	const char *sep = "";
	char buf[48];

	if (!j->pstate.have)
		return;
	fprintf(out, "  power state (%s):", j->pstate.kind);
	for (c = rpt_cat_first(RPT_OF_PSTATE); c; c = rpt_cat_next(c)) {
		const struct rpt_fig *f = rpt_cat_job(c, j);

		if (!f->ok)
			continue;
		if (!strcmp(c->key, "power_state"))
			fprintf(out, " PS%.0f", f->v);
		else
			fprintf(out, "%s %s %s%s%s", sep, c->label,
				rpt_fmt_num(buf, sizeof(buf), f->v, c->digits), *c->unit ? " " : "",
				c->unit);
		sep = ",";
	}
	if (!strcmp(j->pstate.kind, "idle") && !j->pstate.idle_w.ok)
		fprintf(out, "; idle power - (%s)", j->pstate.idle_w.why);
	fputc('\n', out);
}

/* The reasons for the job's nulls, each reason once with all its keys. */
static void reasons(FILE *out, const struct rpt_job *j)
{
	bool done[RPT_CAT_MAX] = { false };
	const struct rpt_cat *c, *o;
	size_t i;

	for (c = rpt_cat_first(RPT_OF_JOB); c; c = rpt_cat_next(c)) {
		const struct rpt_fig *f = rpt_cat_job(c, j);

		if (f->ok || done[c - rpt_catalogue] || c->flags & RPT_CAT_OWNLINE)
			continue;
		fprintf(out, "  - %s", c->key);
		for (o = rpt_cat_next(c); o; o = rpt_cat_next(o)) {
			const struct rpt_fig *g = rpt_cat_job(o, j);

			if (!g->ok && !done[o - rpt_catalogue] && !strcmp(g->why, f->why)) {
				fprintf(out, ", %s", o->key);
				done[o - rpt_catalogue] = true;
			}
		}
		fprintf(out, ": %s\n", f->why);
	}
	if (!j->has_fill && strncmp(j->fill_why, "not a sequential write", 22))
		fprintf(out, "  - fill: %s\n", j->fill_why);
	for (i = 0; i < j->notes.n; i++)
		fprintf(out, "  ! %s\n", j->notes.msg[i]);
}

static void drive(FILE *out, const struct rpt_drive *dr)
{
	char note[256], prov[512];
	size_t k;

	fprintf(out, "#### drive: %s (%s)\n", dr->name, dr->dir);
	if (dr->dev.present) {
		fprintf(out, "  device.json: %s", dr->dev.model ? dr->dev.model : "(no model)");
		if (dr->dev.serial)
			fprintf(out, ", serial %s", dr->dev.serial);
		if (dr->dev.firmware)
			fprintf(out, ", firmware %s", dr->dev.firmware);
		if (dr->dev.preset)
			fprintf(out, ", ssdq drive model %s", dr->dev.preset);
		fputc('\n', out);
		if (*rpt_provenance_line(prov, sizeof(prov), &dr->dev.prov))
			fprintf(out, "  run: %s\n", prov);
	}
	if (dr->dev.scale > 1)
		fprintf(out, "  %s\n", rpt_basis_note(note, sizeof(note), &dr->dev));
	/* errors go to stderr (main.c), in every format */
	for (k = 0; k < dr->diag.n; k++)
		if (dr->diag.level[k] != RPT_ERROR)
			fprintf(out, "warning: %s\n", dr->diag.msg[k]);
}

static void series_text(FILE *out, const struct rpt_test *t, const struct rpt_series *s)
{
	const struct rpt_job *j0 = &t->jobs[s->job[0]];
	const struct rpt_cat *col[16], *c;
	size_t ncol = rpt_cat_series_columns(s->kind, col, 16), i, k;
	const char *score = rpt_series_score_label(s->kind);
	bool qd = score != NULL;	/* a queue depth or a mix: stops on time or bytes */
	int w[16];
	char bs[16] = "-";

	if (j0->bs.ok)
		rpt_fmt_bs(bs, sizeof(bs), j0->bs.v);
	if (s->kind == RPT_SERIES_QD)
		fprintf(out, "queue depths: %s (%s), %s %s\n", s->name, s->variant, bs, j0->rw);
	else if (s->kind == RPT_SERIES_MIX)
		fprintf(out, "read shares: %s (%s), %s QD%.0f %s\n", s->name, s->variant, bs,
			j0->iodepth.ok ? j0->iodepth.v : 0, j0->rw);
	else
		fprintf(out, "block sizes: %s (%s), QD%.0f %s\n", s->name, s->variant,
			j0->iodepth.ok ? j0->iodepth.v : 0, j0->rw);
	fprintf(out, "  %5s", rpt_series_kind_head(s->kind));
	for (k = 0; k < ncol; k++) {
		/* room for a MB/s of 5 digits and its decimals, or the head */
		w[k] = (int)strlen(col[k]->head) + 1;
		if (w[k] < 10 && !strcmp(col[k]->unit, "MB/s"))
			w[k] = 10;
		if (w[k] < 9)
			w[k] = 9;
		fprintf(out, " %*s", w[k], col[k]->head);
	}
	fputs(qd ? "  stop\n" : "\n", out);
	for (i = 0; i < s->n; i++) {
		const struct rpt_job *j = &t->jobs[s->job[i]];

		fprintf(out, "  %5s", rpt_fmt_series_param(bs, sizeof(bs), s->kind,
							    rpt_series_param(t, s, i)));
		for (k = 0; k < ncol; k++)
			cell(out, w[k], col[k]->digits, rpt_cat_job(col[k], j));
		if (qd)
			fprintf(out, "  %s", j->stop ? j->stop : "-");
		fputc('\n', out);
	}
	if (!score)
		return;
	fprintf(out, "  score (%s):", score);
	for (k = 0, c = rpt_cat_first(RPT_OF_SERIES); c; c = rpt_cat_next(c), k++)
		value(out, k ? ", " : " ", c->digits, c->unit, rpt_cat_series(c, s));
	fputc('\n', out);
}

/* Variants side by side: clean, fragmented and full-drive runs. */
static void variants_text(FILE *out, const struct rpt_report *r, const struct rpt_drive *dr)
{
	struct rpt_vgroup *g;
	long ng = rpt_variant_groups(r, dr, &g), i;
	unsigned int v;

	for (i = 0; i < ng; i++) {
		double x[64];
		size_t nx = rpt_vgroup_params(&g[i], x, 64), k, m;
		char bs[16];

		fprintf(out, "\n%s side by side: MB/s per %s\n", g[i].key,
			rpt_series_kind_axis(g[i].kind));
		fprintf(out, "  %8s", rpt_series_kind_head(g[i].kind));
		for (v = 0; v < RPT_NVARIANTS; v++)
			if (g[i].s[v])
				fprintf(out, " %10s", rpt_variant_name(v));
		fputc('\n', out);
		for (k = 0; k < nx; k++) {
			fprintf(out, "  %8s", rpt_fmt_series_param(bs, sizeof(bs), g[i].kind, x[k]));
			for (v = 0; v < RPT_NVARIANTS; v++) {
				const struct rpt_fig *f = NULL;

				if (!g[i].s[v])
					continue;
				for (m = 0; m < g[i].s[v]->n; m++)
					if (rpt_series_param(g[i].t[v], g[i].s[v], m) == x[k])
						f = &g[i].t[v]->jobs[g[i].s[v]->job[m]].mbps;
				if (f)
					cell(out, 10, 1, f);
				else
					fprintf(out, " %10s", "");
			}
			fputc('\n', out);
		}
		if (!rpt_series_score_label(g[i].kind))
			continue;
		for (m = 0; m < 3; m++) {
			static const char *const lab[3] = { "score", "W", "MB/s/W" };

			fprintf(out, "  %8s", lab[m]);
			for (v = 0; v < RPT_NVARIANTS; v++) {
				const struct rpt_series *s = g[i].s[v];

				if (s)
					cell(out, 10, m == 1 ? 2 : 1, m == 0 ? &s->score_mbps :
					     m == 1 ? &s->power_w : &s->efficiency);
			}
			fputc('\n', out);
		}
	}
	free(g);
}

/* A test's source: its first sentence, or with @verbose all of it */
static void source_line(FILE *out, const char *src, bool verbose)
{
	const char *end = verbose ? NULL : strstr(src, ". ");

	if (end)
		fprintf(out, "source: %.*s. (-v: more)\n", (int)(end - src), src);
	else
		fprintf(out, "source: %s\n", src);
}

/* The widest of @n strings (at least @min): a column that cuts no name */
static int widest(int min, const char *const *s, size_t n)
{
	size_t i;
	int w = min;

	for (i = 0; i < n; i++)
		if (s[i] && (int)strlen(s[i]) > w)
			w = (int)strlen(s[i]);
	return w;
}

static void test_text(FILE *out, const struct rpt_test *t, bool verbose)
{
	int wn = 16, wr = 9, wd = 5, wq = 5;
	char legend[1024], pw[32], drv[512];
	unsigned int marks = 0;
	size_t k;

	fprintf(out, "== %s (%s)\n", t->name, t->path);
	if (t->partial)
		fprintf(out, "PARTIAL RUN: %s; every figure below covers only the part that ran\n",
			t->partial);
	if (t->source)
		source_line(out, t->source, verbose);
	for (k = 0; k < t->diag.n; k++)
		if (t->diag.level[k] != RPT_ERROR)
			fprintf(out, "warning: %s\n", t->diag.msg[k]);
	if (!t->njobs)
		return;
	for (k = 0; k < t->njobs; k++) {
		const struct rpt_job *j = &t->jobs[k];

		wn = widest(wn, (const char *const *)&j->name, 1);
		wr = widest(wr, (const char *const *)&j->rw, 1);
		char tq[32];
		const char *q = rpt_fmt_tq(tq, sizeof(tq), j);

		wd = widest(wd, &j->ddir, 1);
		wq = widest(wq, &q, 1);
	}
	fprintf(out, "%-*s %-*s %-*s %5s %*s %9s %10s %7s %8s %9s %9s %9s  %s\n",
		wn, "job", wr, "rw", wd, "dir", "bs", wq, "T/QD", "MB/s", "IOPS", "W", "MB/s/W",
		"lat mean", "p99", "p99.99", "(µs)");
	for (k = 0; k < t->njobs; k++) {
		const struct rpt_job *j = &t->jobs[k];
		char bs[16] = "-", tq[32];

		if (j->bs.ok)
			rpt_fmt_bs(bs, sizeof(bs), j->bs.v);
		fprintf(out, "%-*s %-*s %-*s %5s %*s", wn, j->name, wr, j->rw, wd,
			j->ddir ? j->ddir : "-", bs, wq, rpt_fmt_tq(tq, sizeof(tq), j));
		cell(out, 9, 1, &j->mbps);
		cell(out, 10, 0, &j->iops);
		cell(out, 7, 2, &j->power_w);
		cell(out, 8, 1, &j->mbps_per_w);
		cell(out, 9, 1, &j->lat_mean_us);
		cell(out, 9, 1, &j->lat_p99_us);
		cell(out, 9, 1, &j->lat_p9999_us);
		fprintf(out, "  %s", j->lat_kind ? j->lat_kind : "");
		if (j->njobs > 1)
			fprintf(out, ", %u jobs", j->njobs);
		fputc('\n', out);
	}
	for (k = 0; k < t->nseries; k++)
		series_text(out, t, &t->series[k]);
	for (k = 0; k < t->njobs; k++) {
		const struct rpt_job *j = &t->jobs[k];

		fprintf(out, "%s%s%s%s:", j->name, j->split ? " (" : "",
			j->split ? j->ddir : "", j->split ? ")" : "");
		if (j->stop)
			fprintf(out, " %s", rpt_stop_phrase(j->stop));
		fputc('\n', out);
		if (j->has_fill)
			fill(out, j, verbose);
		if (j->has_bursts)
			bursts(out, &j->bursts, verbose);
		if (j->has_trace)
			trace(out, t, j);
		if (j->has_smart && j->thermal.temp_max_c.ok)
			fprintf(out, "  temperature up to %.0f °C%s\n", j->thermal.temp_max_c.v,
				j->thermal.throttled ? ", thermal management active" : "");
		if (j->power_w.ok)
			fprintf(out, "  power %.3f W%s, energy %.2f J%s, peak (%s) %s%.3f W%s; "
				"energy from %s\n",
				j->power_w.v, rpt_mark_sign(j->power_w.mark), j->energy_j.v,
				rpt_mark_sign(j->energy_j.mark), peak_window(pw, sizeof(pw), &t->dev),
				j->peak_power_w.ok ? "" : "- ",
				j->peak_power_w.ok ? j->peak_power_w.v : 0,
				rpt_mark_sign(j->peak_power_w.mark), energy_from(j));
		if (rpt_fmt_drive_power(drv, sizeof(drv), j))
			fprintf(out, "  %s\n", drv);
		if (j->has_bursts && !isnan(j->ios_per_burst))
			fprintf(out, "  %.1f I/Os per burst\n", j->ios_per_burst);
		host_text(out, j);
		pstate_text(out, j);
		reasons(out, j);
		marks |= rpt_job_marks(j);
	}
	fputs(rpt_mark_legend(legend, sizeof(legend), "", marks), out);
}

/* The indices of @c's tables in the review's order, those it does not name last. */
static size_t *review_tables(const struct rpt_report *r, const struct rpt_cmp *c)
{
	struct rpt_review_item *it = NULL;
	long n = rpt_review_order(r, NULL, &it), i;
	size_t *ord = calloc(c->n, sizeof(*ord)), m = 0, k;
	bool *used = calloc(c->n, sizeof(*used));

	if (n < 0 || !ord || !used) {
		free(ord);
		ord = NULL;
		n = 0;
	}
	for (i = 0; ord && i < n; i++)
		for (k = 0; k < c->n; k++)
			if (!used[k] && !strcmp(c->t[k].test, it[i].test)) {
				used[k] = true;
				ord[m++] = k;
			}
	for (k = 0; ord && k < c->n; k++)
		if (!used[k])
			ord[m++] = k;
	free(it);
	free(used);
	return ord;
}

/*
 * Whether test @name is, on every drive that ran it, one of its SNIA PTS
 * pages' own runs (a round, a prep, WSAT, HIR, XSR, a ladder): the pages'
 * tables compare it, not a table of its jobs.
 */
static bool pts_owned(const struct rpt_report *r, const char *name)
{
	bool owned = false;

	for (size_t d = 0; d < r->nd; d++)
		for (size_t k = 0; k < r->d[d].ntests; k++) {
			size_t i = r->d[d].test[k];

			if (strcmp(r->t[i].name, name))
				continue;
			if (!rpt_pts_owns(r->d[d].pts, i))
				return false;
			owned = true;
		}
	return owned;
}

/* A SNIA PTS page's table turned (compare_pts.h): a row a figure, a column a drive. */
static unsigned int table_by_figure(FILE *out, const struct rpt_report *r,
				    const struct rpt_cmp_table *tb)
{
	unsigned int marks = 0;
	int wf = 6, wd = 12;
	size_t d, k;

	for (k = 0; k < tb->ncols; k++)
		wf = widest(wf, (const char *const *)&tb->col[k].label, 1);
	for (d = 0; d < r->nd; d++)
		wd = widest(wd, (const char *const *)&r->d[d].name, 1);
	fprintf(out, "\n== %s\n%-*s", tb->test, wf, "figure");
	for (d = 0; d < r->nd; d++)
		fprintf(out, " %*s", wd, r->d[d].name);
	fputc('\n', out);
	for (k = 0; k < tb->ncols; k++) {
		fprintf(out, "%-*s", wf, tb->col[k].label);
		for (d = 0; d < r->nd; d++) {
			const struct rpt_fig *f = &tb->cell[d * tb->ncols + k];

			cell(out, wd, tb->col[k].prec, f);
			marks |= f->ok ? f->mark : 0;
		}
		fputc('\n', out);
	}
	return marks;
}

/* The drives side by side: a table per test, a row per drive. */
static int comparison(FILE *out, const struct rpt_report *r)
{
	struct rpt_cmp c;
	unsigned int marks = 0;
	char legend[1024];
	size_t i, d, k, *ord;
	int ret = rpt_compare(r, &c);

	if (ret || !c.n)
		return ret;
	ord = review_tables(r, &c);
	if (!ord) {
		rpt_compare_free(&c);
		return -ENOMEM;
	}
	fprintf(out, "\n#### comparison of %zu drives\n", r->nd);
	for (i = 0; i < c.n; i++) {
		const struct rpt_cmp_table *tb = &c.t[ord[i]];
		int wdr = 5, wc = 14;

		if (tb->by_figure) {
			marks |= table_by_figure(out, r, tb);
			continue;
		}
		if (pts_owned(r, tb->test))
			continue;
		for (d = 0; d < r->nd; d++)
			wdr = widest(wdr, (const char *const *)&r->d[d].name, 1);
		for (k = 0; k < tb->ncols; k++)
			wc = widest(wc, (const char *const *)&tb->col[k].label, 1);
		fprintf(out, "\n== %s\n%-*s", tb->test, wdr, "drive");
		for (k = 0; k < tb->ncols; k++)
			fprintf(out, " %*s", wc, tb->col[k].label);
		fputc('\n', out);
		for (d = 0; d < r->nd; d++) {
			fprintf(out, "%-*s", wdr, r->d[d].name);
			for (k = 0; k < tb->ncols; k++) {
				cell(out, wc, tb->col[k].prec, &tb->cell[d * tb->ncols + k]);
				if (tb->cell[d * tb->ncols + k].ok)
					marks |= tb->cell[d * tb->ncols + k].mark;
			}
			fputc('\n', out);
		}
	}
	if (marks)
		fprintf(out, "\n%s", rpt_mark_legend(legend, sizeof(legend), "", marks));
	free(ord);
	rpt_compare_free(&c);
	return 0;
}

/*
 * @dr's tests in the review's order, then any the order does not name but
 * its PTS rounds (its PTS section shows them; a round that could not be
 * read keeps its errors here)
 */
static int drive_tests(FILE *out, const struct rpt_report *r, const struct rpt_drive *dr,
		       bool verbose, bool headers, size_t *done)
{
	struct rpt_review_item *it = NULL;
	long n = rpt_review_order(r, dr, &it), i;
	bool *shown = calloc(dr->ntests ? dr->ntests : 1, sizeof(*shown));
	size_t k;

	if (n < 0 || !shown) {
		free(it);
		free(shown);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++)
		for (k = 0; k < dr->ntests; k++)
			if (!shown[k] && !strcmp(r->t[dr->test[k]].name, it[i].test)) {
				shown[k] = true;
				fputs(*done || headers ? "\n" : "", out);
				test_text(out, &r->t[dr->test[k]], verbose);
				++*done;
				break;
			}
	for (k = 0; k < dr->ntests; k++)
		if (!shown[k] && !(r->t[dr->test[k]].njobs && rpt_pts_owns(dr->pts, dr->test[k]))) {
			fputs(*done || headers ? "\n" : "", out);
			test_text(out, &r->t[dr->test[k]], verbose);
			++*done;
		}
	free(it);
	free(shown);
	return 0;
}

int rpt_write_text(FILE *out, const struct rpt_report *r, bool verbose)
{
	bool headers = r->nd > 1;
	size_t i, done = 0;

	for (i = 0; i < r->nd; i++)
		if (r->d[i].dev.present || r->d[i].diag.n)
			headers = true;
	for (i = 0; i < r->nd; i++) {
		const struct rpt_drive *dr = &r->d[i];

		if (headers) {
			fputs(done ? "\n" : "", out);
			drive(out, dr);
		}
		if (drive_tests(out, r, dr, verbose, headers, &done))
			return -ENOMEM;
		rpt_write_pts_text(out, dr);
		variants_text(out, r, dr);
	}
	if (comparison(out, r))
		return -ENOMEM;
	return ferror(out) ? -EIO : 0;
}
