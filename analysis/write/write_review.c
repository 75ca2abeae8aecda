// SPDX-License-Identifier: GPL-2.0-only
/*
 * The comparison of drives on the HTML page, organised as the reviews print
 * it (review.h): the whole-drive fill (every drive's curve on one chart, its
 * SLC cache marked), bursts, sustained tests by queue depth (clean,
 * fragmented and full runs together), the QD1 enterprise tests (IOPS,
 * latency percentiles and distributions, block-size sweeps), then the rest;
 * each speed chart with its efficiency chart beside it.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "compare.h"
#include "html.h"
#include "marks.h"
#include "review.h"
#include "series.h"
#include "writers.h"

#define MAXROWS	256	/* bars of one chart: drives x variants (x jobs) */
#define DASH_FRAG	"7,4"
#define DASH_FULL	"2,3"

/* Everything one section's charts need. */
struct ctx {
	struct rpt_charts *c;
	const struct rpt_report *r;
	const struct rpt_cmp *cmp;
	const struct rpt_review_item *it;
	size_t nit;
};

static const char *dash_of(const char *variant)
{
	return !strcmp(variant, "frag") ? DASH_FRAG : !strcmp(variant, "full") ? DASH_FULL : NULL;
}

/* "NAME" or "NAME (full)" */
static void row_label(char *buf, size_t len, const struct rpt_drive *d, const char *variant,
		      const char *job)
{
	snprintf(buf, len, "%s%s%s%s%s%s", d->name, strcmp(variant, "clean") ? " (" : "",
		 strcmp(variant, "clean") ? variant : "", strcmp(variant, "clean") ? ")" : "",
		 job ? ": " : "", job ? job : "");
}

static const struct rpt_cmp_table *cmp_of(const struct rpt_cmp *cmp, const char *test)
{
	size_t i;

	for (i = 0; i < cmp->n; i++)
		if (!strcmp(cmp->t[i].test, test))
			return &cmp->t[i];
	return NULL;
}

/*
 * One table for a key's tests (items @from to @to): a row per drive and
 * variant, the union of their columns.
 */
static void key_table(struct ctx *x, size_t from, size_t to)
{
	const struct rpt_cmp_col *col[64];
	size_t ncol = 0, i, k, q, d;
	FILE *out = x->c->html;

	for (i = from; i < to; i++) {
		const struct rpt_cmp_table *tb = cmp_of(x->cmp, x->it[i].test);

		for (k = 0; tb && k < tb->ncols; k++) {
			for (q = 0; q < ncol && strcmp(col[q]->key, tb->col[k].key); q++)
				;
			if (q == ncol && ncol < 64)
				col[ncol++] = &tb->col[k];
		}
	}
	if (!ncol)
		return;
	fputs("<div class=\"tw\"><table><tr><th>drive</th>", out);
	for (q = 0; q < ncol; q++) {
		fputs("<th>", out);
		rpt_put_html(out, col[q]->label);
		fputs("</th>", out);
	}
	fputs("</tr>\n", out);
	for (d = 0; d < x->r->nd; d++)
		for (i = from; i < to; i++) {
			const struct rpt_cmp_table *tb = cmp_of(x->cmp, x->it[i].test);
			char lab[256];

			if (!tb)
				continue;
			row_label(lab, sizeof(lab), &x->r->d[d], x->it[i].variant, NULL);
			fprintf(out, "<tr><td><span class=\"sw\" style=\"background:%s\"></span>%s",
				rpt_svg_color(d), rpt_drive_hl(x->c, &x->r->d[d]) ? "<b>" : "");
			rpt_put_html(out, lab);
			fprintf(out, "%s</td>", rpt_drive_hl(x->c, &x->r->d[d]) ? "</b>" : "");
			for (q = 0; q < ncol; q++) {
				for (k = 0; k < tb->ncols && strcmp(tb->col[k].key, col[q]->key); k++)
					;
				if (k < tb->ncols)
					rpt_html_td(out, &tb->cell[d * tb->ncols + k], tb->col[k].prec);
				else
					fputs("<td class=\"null\">–</td>", out);
			}
			fputs("</tr>\n", out);
		}
	fputs("</table></div>\n", out);
}

/* A job's speed and efficiency as the reviews chart them. */
static void speed_of(const struct rpt_job *j, const struct rpt_fig **speed,
		     const struct rpt_fig **eff, bool *iops)
{
	*iops = !j->has_bursts && j->bs.ok && j->bs.v <= 16384;
	if (j->has_bursts)
		*speed = &j->bursts.score_mbps;
	else
		*speed = *iops ? &j->iops : &j->mbps;
	*eff = *iops ? &j->iops_per_w : &j->mbps_per_w;
}

/* The figure a row of a test stands for: a QD series' score or a job's. */
struct rowfig {
	struct rpt_fig speed, eff, power;
	const char *unit, *eunit;
};

static bool test_figs(const struct rpt_test *t, struct rowfig *f)
{
	const struct rpt_fig *s, *e;
	bool iops;
	size_t k;

	for (k = 0; k < t->nseries; k++)
		if (rpt_series_score_label(t->series[k].kind)) {
			f->speed = t->series[k].score_mbps;
			f->eff = t->series[k].efficiency;
			f->power = t->series[k].power_w;
			f->unit = t->series[k].kind == RPT_SERIES_QD ? "MB/s (mean of QD1, 2, 4)" :
				  "MB/s (mean of the mixes)";
			f->eunit = "MB/s/W";
			return true;
		}
	if (!t->njobs)
		return false;
	k = rpt_test_headline(t);
	speed_of(&t->jobs[k], &s, &e, &iops);
	f->speed = *s;
	f->eff = *e;
	f->power = t->jobs[k].power_w;
	f->unit = t->jobs[k].has_bursts ? "MB/s in the bursts" : iops ? "IOPS" : "MB/s";
	f->eunit = iops ? "IOPS/W" : "MB/s/W";
	return true;
}

/*
 * The speed chart and the efficiency chart beside it: a bar per drive and
 * variant of the tests of key @key (per drive, its clean, fragmented, full
 * runs one after the other).
 */
static int speed_pair(struct ctx *x, size_t from, size_t to, const char *key)
{
	struct rpt_bar *b = calloc(2 * MAXROWS, sizeof(*b));
	struct rpt_fig *f = calloc(2 * MAXROWS, sizeof(*f));
	char (*lab)[192] = calloc(MAXROWS, sizeof(*lab));
	const char *unit = NULL, *eunit = NULL;
	size_t n = 0, d, i;
	char title[256], aria[256];
	FILE *o;

	if (!b || !f || !lab) {
		free(b);
		free(f);
		free(lab);
		return -ENOMEM;
	}
	for (d = 0; d < x->r->nd; d++) {
		for (i = from; i < to && n < MAXROWS; i++) {
			const struct rpt_test *t = rpt_drive_test(x->r, &x->r->d[d], x->it[i].test);
			struct rowfig rf;

			if (!t || !test_figs(t, &rf))
				continue;
			unit = unit ? unit : rf.unit;
			eunit = eunit ? eunit : rf.eunit;
			row_label(lab[n], sizeof(lab[n]), &x->r->d[d], x->it[i].variant, NULL);
			f[n] = rf.speed;
			f[MAXROWS + n] = rf.eff;
			b[n] = (struct rpt_bar){ lab[n], &f[n], rpt_svg_color(d), x->r->d[d].name,
						 rpt_drive_hl(x->c, &x->r->d[d]) };
			b[MAXROWS + n] = b[n];
			b[MAXROWS + n].f = &f[MAXROWS + n];
			n++;
		}
	}
	if (n) {
		fputs("<div class=\"figs\">\n", x->c->html);
		snprintf(title, sizeof(title), "%s: %s", key, unit);
		snprintf(aria, sizeof(aria), "%s: %s per drive", key, unit);
		rpt_svg_bars_sort(b, n, rpt_cat_find(RPT_OF_JOB, "mbps")->better);
		rpt_svg_bars_sort(b + MAXROWS, n, rpt_cat_find(RPT_OF_JOB, "mbps_per_w")->better);
		if ((o = rpt_html_figure(x->c, false, "compare", key, "speed"))) {
			rpt_svg_bars(o, &(struct rpt_svg_head){ aria, title, RPT_SVG_HALF }, unit, b,
				     n, strstr(unit, "IOPS") ? 0 : 1);
			rpt_html_figure_end(x->c);
		}
		snprintf(title, sizeof(title), "%s: efficiency, %s", key, eunit);
		snprintf(aria, sizeof(aria), "%s: %s per drive", key, eunit);
		if ((o = rpt_html_figure(x->c, false, "compare", key, "efficiency"))) {
			rpt_svg_bars(o, &(struct rpt_svg_head){ aria, title, RPT_SVG_HALF }, eunit,
				     b + MAXROWS, n, strstr(eunit, "IOPS") ? 0 : 1);
			rpt_html_figure_end(x->c);
		}
		fputs("</div>\n", x->c->html);
	}
	free(b);
	free(f);
	free(lab);
	return 0;
}

/* The fill job of @t, or NULL. */
static const struct rpt_job *fill_job(const struct rpt_test *t)
{
	size_t k;

	for (k = 0; t && k < t->njobs; k++)
		if (rpt_job_is_fill(t, &t->jobs[k]))
			return &t->jobs[k];
	return NULL;
}

/* Every drive's fill curve of @name on one chart, its SLC cache marked. */
static int fill_overlay(struct ctx *x, const char *name)
{
	struct rpt_xy_series s[64];
	struct rpt_xy_mark *m = NULL;
	double *xs[64] = { 0 }, *ys[64] = { 0 }, scale = 1, most = 0;
	char ml[64][160], title[256];
	unsigned int hmark = 0;
	size_t ns = 0, nm = 0, need = 0, d, i;
	bool mb;
	FILE *o;
	int ret = 0;

	for (d = 0; d < x->r->nd && d < 64; d++) {
		const struct rpt_job *j = fill_job(rpt_drive_test(x->r, &x->r->d[d], name));

		if (j)
			most = fmax(most, j->fill.gb_written);
		if (j && j->host.thr_marked)
			hmark = RPT_MARK_HOST;
		/* a drive's cache (or throttling) mark and every span the host distorted */
		if (j)
			need += 1 + j->fill.nhost;
	}
	m = calloc(need ? need : 1, sizeof(*m));
	if (!m)
		return -ENOMEM;
	mb = most < 1;	/* fills under 1 GB (a floppy's) in MB */
	for (d = 0; d < x->r->nd && d < 64; d++) {
		const struct rpt_job *j = fill_job(rpt_drive_test(x->r, &x->r->d[d], name));
		const struct rpt_fill *f = j ? &j->fill : NULL;
		size_t n;
		bool hl = rpt_drive_hl(x->c, &x->r->d[d]);

		if (!f)
			continue;
		scale = fmax(scale, f->scale);
		n = f->nsegments ? f->nsegments : 2 * f->nphases;
		xs[ns] = calloc(n ? n : 1, sizeof(double));
		ys[ns] = calloc(n ? n : 1, sizeof(double));
		if (!xs[ns] || !ys[ns]) {
			ret = -ENOMEM;
			goto out;
		}
		for (i = 0; i < f->nsegments; i++) {
			xs[ns][i] = i + 0.5;
			ys[ns][i] = f->segment_mbps[i];
		}
		for (i = 0; !f->nsegments && i < f->nphases; i++) {
			xs[ns][2 * i] = f->phases[i].start_gb * (mb ? 1e3 : 1);
			xs[ns][2 * i + 1] = f->phases[i].end_gb * (mb ? 1e3 : 1);
			ys[ns][2 * i] = ys[ns][2 * i + 1] = f->phases[i].mbps;
		}
		s[ns] = (struct rpt_xy_series){ x->r->d[d].name, xs[ns], ys[ns], n, rpt_svg_color(d),
						NULL, false, x->r->d[d].name, hl };
		ns++;
		if (f->slc_cache_gb.ok || f->throttle_gb.ok) {
			bool cache = f->slc_cache_gb.ok;
			double at = cache ? f->slc_cache_gb.v : f->throttle_gb.v;
			const struct rpt_cat *c = rpt_cat_find(RPT_OF_FILL,
							       cache ? "slc_cache_gb" : "throttle_gb");
			char num[48];

			snprintf(ml[d], sizeof(ml[d]), "%s %s %s",
				 cache ? "SLC cache" : "throttling at",
				 rpt_fmt_num(num, sizeof(num), at * (mb ? 1e3 : 1), c->digits),
				 mb ? "MB" : "GB");
			m[nm] = (struct rpt_xy_mark){ at * (mb ? 1e3 : 1), ml[d], rpt_svg_color(d),
						      x->r->d[d].name, hl, 0 };
			nm++;
		}
		/* the spans the host distorted, at the GB they wrote, in the drive's colour */
		for (i = 0; i < f->nhost; i++)
			m[nm++] = (struct rpt_xy_mark){ f->host[i].gb0 * (mb ? 1e3 : 1), RPT_HOSTV_SPAN,
							rpt_svg_color(d), x->r->d[d].name, hl,
							f->host[i].gb1 * (mb ? 1e3 : 1) };
	}
	if (!ns)
		goto out;
	snprintf(title, sizeof(title), "%s: write speed per %s written%s%s", name, mb ? "MB" : "GB",
		 scale > 1 ? " (drive models: the full drive's GB)" : "", rpt_mark_note(hmark));
	if ((o = rpt_html_figure(x->c, true, "compare", name, "fill"))) {
		char aria[256];

		snprintf(aria, sizeof(aria), "%s: write speed per GB written, every drive", name);
		rpt_svg_xy(o, &(struct rpt_svg_head){ aria, title, RPT_SVG_W },
			   &(struct rpt_axis){ .name = mb ? "MB written" : "GB written",
					       .kind = RPT_AXIS_LINEAR },
			   &(struct rpt_axis){ .name = "MB/s", .kind = RPT_AXIS_LINEAR }, s, ns, m, nm);
		rpt_html_figure_end(x->c);
	}
out:
	for (i = 0; i < 64; i++) {
		free(xs[i]);
		free(ys[i]);
	}
	free(m);
	return ret;
}

/* Bars of one fill figure per drive (last 16 GB, overall, MB/s/W). */
static void fill_bars(struct ctx *x, const char *name, int which, const char *label,
		      const char *fig)
{
	struct rpt_bar b[64];
	struct rpt_fig none[64];
	char title[256], aria[256];
	size_t n = 0, d;
	FILE *o;

	for (d = 0; d < x->r->nd && d < 64; d++) {
		const struct rpt_job *j = fill_job(rpt_drive_test(x->r, &x->r->d[d], name));
		const struct rpt_fig *f;

		if (!j) {
			rpt_fig_null(&none[n], "%s has no fill %s", x->r->d[d].name, name);
			f = &none[n];
		} else {
			f = which == 0 ? &j->fill.last16_mbps : which == 1 ? &j->fill.overall_mbps :
			    &j->mbps_per_w;
		}
		b[n++] = (struct rpt_bar){ x->r->d[d].name, f, rpt_svg_color(d), x->r->d[d].name,
					   rpt_drive_hl(x->c, &x->r->d[d]) };
	}
	snprintf(title, sizeof(title), "%s: %s", name, label);
	snprintf(aria, sizeof(aria), "%s: %s per drive", name, label);
	rpt_svg_bars_sort(b, n, (which == 0 ? rpt_cat_find(RPT_OF_FILL, "last16_mbps") :
				 which == 1 ? rpt_cat_find(RPT_OF_FILL, "overall_mbps") :
				 rpt_cat_find(RPT_OF_JOB, "mbps_per_w"))->better);
	if (n && (o = rpt_html_figure(x->c, false, "compare", name, fig))) {
		rpt_svg_bars(o, &(struct rpt_svg_head){ aria, title, RPT_SVG_HALF },
			     which == 2 ? "MB/s/W" : "MB/s", b, n, 1);
		rpt_html_figure_end(x->c);
	}
}

/* Lines of a series' speed per QD or block size: a line per drive and variant. */
static int series_lines(struct ctx *x, size_t from, size_t to, const char *key,
			enum rpt_series_kind kind, bool eff)
{
	double xv[64], (*y)[64] = calloc(MAXROWS, sizeof(*y));
	char xl[64][16], (*lab)[192] = calloc(MAXROWS, sizeof(*lab)), title[256], aria[256];
	const char *xp[64], *yname = NULL;
	struct rpt_line *l = calloc(MAXROWS, sizeof(*l));
	size_t nx = 0, nl = 0, d, i, k, m, q;
	unsigned int lmark = 0;
	FILE *o;

	if (!y || !lab || !l) {
		free(y);
		free(lab);
		free(l);
		return -ENOMEM;
	}
	/* the union of the series' values */
	for (d = 0; d < x->r->nd; d++)
		for (i = from; i < to; i++) {
			const struct rpt_test *t = rpt_drive_test(x->r, &x->r->d[d], x->it[i].test);

			for (k = 0; t && k < t->nseries; k++) {
				if (t->series[k].kind != kind)
					continue;
				for (m = 0; m < t->series[k].n; m++) {
					double v = rpt_series_param(t, &t->series[k], m);

					for (q = 0; q < nx && xv[q] != v; q++)
						;
					if (q == nx && nx < 64 && isfinite(v))
						xv[nx++] = v;
				}
			}
		}
	for (i = 1; i < nx; i++)
		for (q = i; q > 0 && xv[q - 1] > xv[q]; q--) {
			double tmp = xv[q];

			xv[q] = xv[q - 1];
			xv[q - 1] = tmp;
		}
	for (q = 0; q < nx; q++) {
		rpt_fmt_series_param(xl[q], sizeof(xl[q]), kind, xv[q]);
		xp[q] = xl[q];
	}
	for (d = 0; d < x->r->nd; d++)
		for (i = from; i < to && nl < MAXROWS; i++) {
			const struct rpt_test *t = rpt_drive_test(x->r, &x->r->d[d], x->it[i].test);

			for (k = 0; t && k < t->nseries && nl < MAXROWS; k++) {
				const struct rpt_series *s = &t->series[k];
				bool iops = false;

				if (s->kind != kind)
					continue;
				for (q = 0; q < nx; q++)
					y[nl][q] = NAN;
				for (m = 0; m < s->n; m++) {
					const struct rpt_job *j = &t->jobs[s->job[m]];
					const struct rpt_fig *sp, *ef;
					double v = rpt_series_param(t, s, m);

					iops = kind == RPT_SERIES_BS && strstr(j->rw, "rand");
					sp = iops ? &j->iops : &j->mbps;
					ef = iops ? &j->iops_per_w : &j->mbps_per_w;
					for (q = 0; q < nx && xv[q] != v; q++)
						;
					if (q < nx && (eff ? ef : sp)->ok) {
						y[nl][q] = (eff ? ef : sp)->v;
						lmark |= (eff ? ef : sp)->mark;
					}
					yname = eff ? (iops ? "IOPS/W" : "MB/s/W") : iops ? "IOPS" : "MB/s";
				}
				row_label(lab[nl], sizeof(lab[nl]), &x->r->d[d], x->it[i].variant,
					  t->nseries > 1 ? s->name : NULL);
				l[nl] = (struct rpt_line){ lab[nl], y[nl], rpt_svg_color(d),
							   dash_of(x->it[i].variant), x->r->d[d].name,
							   rpt_drive_hl(x->c, &x->r->d[d]) };
				nl++;
			}
		}
	if (nl && nx) {
		const char *per = rpt_series_kind_axis(kind);
		char fig[32];

		snprintf(title, sizeof(title), "%s: %s per %s%s", key, yname, per, rpt_mark_note(lmark));
		snprintf(aria, sizeof(aria), "%s: %s per %s, every drive", key, yname, per);
		snprintf(fig, sizeof(fig), "%sper-%s", eff ? "efficiency-" : "",
			 rpt_series_kind_key(kind));
		if ((o = rpt_html_figure(x->c, false, "compare", key, fig))) {
			rpt_svg_lines(o, &(struct rpt_svg_head){ aria, title, RPT_SVG_HALF }, per, xp,
				      nx, yname, l, nl);
			rpt_html_figure_end(x->c);
		}
	}
	free(y);
	free(lab);
	free(l);
	return 0;
}

/*
 * The rows best first by their mean (its direction in the catalogue), the
 * rows without one last, ties in the drives' order: by the first bar of
 * each row, as its neighbours, the speed per drive, sort (a QD1 test's IOPS
 * are the inverse of its mean). By the p99, a drive with the slower mean
 * and the better p99 came first, and the chart read worst first.
 */
static void latency_sort(struct rpt_lat_row *rows, size_t n)
{
	bool lower = rpt_cat_find(RPT_OF_JOB, "lat_mean_us")->better == RPT_BETTER_LOWER;
	size_t i, k;

	for (i = 1; i < n; i++)
		for (k = i; k > 0; k--) {
			const struct rpt_fig *p = rows[k - 1].f[0], *q = rows[k].f[0];
			struct rpt_lat_row tmp;

			if (!q->ok || (p->ok && (lower ? p->v <= q->v : p->v >= q->v)))
				break;
			tmp = rows[k];
			rows[k] = rows[k - 1];
			rows[k - 1] = tmp;
		}
}

/* Mean, p99, p99.99 of @name's headline job per drive. */
static void latency_bars(struct ctx *x, const char *name)
{
	struct rpt_lat_row rows[64];
	char title[256], aria[256];
	unsigned int lmark = 0;
	size_t n = 0, d;
	FILE *o;

	for (d = 0; d < x->r->nd && d < 64; d++) {
		const struct rpt_test *t = rpt_drive_test(x->r, &x->r->d[d], name);
		const struct rpt_job *j;

		if (!t || !t->njobs)
			continue;
		j = &t->jobs[rpt_test_headline(t)];
		rows[n++] = (struct rpt_lat_row){ x->r->d[d].name,
						  { &j->lat_mean_us, &j->lat_p99_us, &j->lat_p9999_us },
						  x->r->d[d].name, rpt_drive_hl(x->c, &x->r->d[d]) };
	}
	latency_sort(rows, n);
	for (d = 0; d < n; d++)
		lmark |= rows[d].f[0]->mark | rows[d].f[1]->mark | rows[d].f[2]->mark;
	snprintf(title, sizeof(title), "%s: latency, mean and percentiles%s", name,
		 rpt_mark_note(lmark & (RPT_MARK_HOST | RPT_MARK_DRAIN)));
	snprintf(aria, sizeof(aria), "%s: latency per drive", name);
	if (n && (o = rpt_html_figure(x->c, false, "compare", name, "latency"))) {
		rpt_svg_latency(o, &(struct rpt_svg_head){ aria, title, RPT_SVG_HALF }, rows, n);
		rpt_html_figure_end(x->c);
	}
}

static void heading(FILE *out, const char *tag, const char *id, const char *text)
{
	fprintf(out, "<%s", tag);
	if (id)
		fprintf(out, " id=\"compare-%s\"", id);
	fputc('>', out);
	rpt_put_html(out, text);
	fprintf(out, "</%s>\n", tag);
}

/* One key's tests (its variants, items @from to @to) of section @sec. */
static int key_block(struct ctx *x, size_t from, size_t to)
{
	const struct rpt_review_item *it = &x->it[from];
	char key[192];
	size_t klen, i;
	bool sweep = false, qd = false, mix = false;
	int ret = 0;

	rpt_name_variant(it->test, &klen);
	snprintf(key, sizeof(key), "%.*s", (int)klen, it->test);
	heading(x->c->html, "h3", NULL, to - from > 1 ? key : it->test);
	if (to - from > 1) {
		fputs("<p>", x->c->html);
		for (i = from; i < to; i++) {
			fprintf(x->c->html, "%s%s: ", i > from ? "; " : "", x->it[i].variant);
			rpt_put_html(x->c->html, x->it[i].test);
		}
		fputs("</p>\n", x->c->html);
	}
	key_table(x, from, to);
	for (i = from; i < to; i++) {
		size_t d;

		for (d = 0; d < x->r->nd; d++) {
			const struct rpt_test *t = rpt_drive_test(x->r, &x->r->d[d], x->it[i].test);

			for (size_t k = 0; t && k < t->nseries; k++) {
				sweep |= t->series[k].kind == RPT_SERIES_BS;
				qd |= t->series[k].kind == RPT_SERIES_QD;
				mix |= t->series[k].kind == RPT_SERIES_MIX;
			}
		}
	}
	if (it->sec == RPT_SEC_FILL) {
		for (i = from; i < to && !ret; i++) {
			fputs("<div class=\"figs\">\n", x->c->html);
			ret = fill_overlay(x, x->it[i].test);
			fill_bars(x, x->it[i].test, 0, "last 16 GB, MB/s", "last16");
			fill_bars(x, x->it[i].test, 1, "overall MB/s", "overall");
			fill_bars(x, x->it[i].test, 2, "efficiency, MB/s/W", "efficiency");
			fputs("</div>\n", x->c->html);
		}
		return ret;
	}
	ret = speed_pair(x, from, to, to - from > 1 ? key : it->test);
	if (!ret && (qd || sweep || mix)) {
		enum rpt_series_kind kind = qd ? RPT_SERIES_QD : mix ? RPT_SERIES_MIX : RPT_SERIES_BS;
		const char *k = to - from > 1 ? key : it->test;

		fputs("<div class=\"figs\">\n", x->c->html);
		ret = series_lines(x, from, to, k, kind, false);
		if (!ret)
			ret = series_lines(x, from, to, k, kind, true);
		fputs("</div>\n", x->c->html);
	}
	if (!ret && it->sec == RPT_SEC_QD1) {
		for (i = from; i < to; i++) {
			fputs("<div class=\"figs\">\n", x->c->html);
			latency_bars(x, x->it[i].test);
			rpt_html_cdf(x->c, x->r, x->it[i].test, NULL, "compare");
			fputs("</div>\n", x->c->html);
		}
	}
	return ret;
}

int rpt_html_review(struct rpt_charts *c, const struct rpt_report *r)
{
	struct rpt_review_item *it;
	struct rpt_cmp cmp;
	long n = rpt_review_order(r, NULL, &it);
	struct ctx x = { c, r, &cmp, it, 0 };
	size_t i, e;
	int ret;

	if (n < 0)
		return -ENOMEM;
	ret = rpt_compare(r, &cmp);
	if (ret || !n) {
		if (!ret)
			rpt_compare_free(&cmp);
		free(it);
		return ret;
	}
	x.nit = (size_t)n;
	fprintf(c->html, "<h2 id=\"comparison\">Comparison of %zu drives</h2>\n<p>", r->nd);
	for (i = 0; i < r->nd; i++) {
		fprintf(c->html, "<span class=\"sw\" style=\"background:%s\"></span>%s",
			rpt_svg_color(i), rpt_drive_hl(c, &r->d[i]) ? "<b>" : "");
		rpt_put_html(c->html, r->d[i].name);
		fputs(rpt_drive_hl(c, &r->d[i]) ? " (under review)</b>" : "", c->html);
	}
	fputs("</p>\n", c->html);
	for (i = 0; i < x.nit && !ret; i = e) {
		if (!i || it[i].sec != it[i - 1].sec)
			heading(c->html, "h2", rpt_section_id(it[i].sec), rpt_section_title(it[i].sec));
		for (e = i + 1; e < x.nit && it[e].key == it[i].key && it[e].sec == it[i].sec; e++)
			;
		ret = key_block(&x, i, e);
	}
	rpt_compare_free(&cmp);
	free(it);
	return ret;
}
