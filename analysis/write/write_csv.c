// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "catalogue.h"
#include "series.h"
#include "marks.h"
#include "writers.h"

static void field(FILE *out, const char *s)
{
	fputc(',', out);
	rpt_put_csv(out, s);
}

static void num(FILE *out, const struct rpt_fig *f)
{
	if (f->ok)
		fprintf(out, ",%.10g", f->v);
	else
		fputc(',', out);
}

static void notes(FILE *out, const struct rpt_job *j, const struct rpt_test *t)
{
	const struct rpt_cat *c;
	char buf[4096];
	size_t i, len = 0;

	buf[0] = '\0';
	if (j->partial && t->partial)
		len += snprintf(buf, sizeof(buf), "partial run: %s", t->partial);
	for (c = rpt_cat_first(RPT_OF_JOB); c && len < sizeof(buf); c = rpt_cat_next(c))
		if (!rpt_cat_job(c, j)->ok)
			len += snprintf(buf + len, sizeof(buf) - len, "%s%s: %s",
					len ? "; " : "", c->key, rpt_cat_job(c, j)->why);
	if (!j->has_fill && len < sizeof(buf))
		len += snprintf(buf + len, sizeof(buf) - len, "%sfill: %s",
				len ? "; " : "", j->fill_why);
	for (i = 0; i < j->notes.n && len < sizeof(buf); i++)
		len += snprintf(buf + len, sizeof(buf) - len, "%s%s",
				len ? "; " : "", j->notes.msg[i]);
	if (t->source && len < sizeof(buf))
		len += snprintf(buf + len, sizeof(buf) - len, "%ssource: %s",
				len ? "; " : "", t->source);
	for (i = 0; i < t->diag.n && len < sizeof(buf); i++)
		len += snprintf(buf + len, sizeof(buf) - len, "%s%s",
				len ? "; " : "", t->diag.msg[i]);
	field(out, buf);
}

/* power_estimated, ios_per_burst, few_ios_per_burst (marks.h); energy_from and the
 * drive's own measurement's source, accuracy and verdict (drive_power.h) */
static void mark_cols(FILE *out, const struct rpt_job *j)
{
	fprintf(out, ",%s", j->power_estimated ? "true" : "false");
	if (j->has_bursts && j->ios_per_burst == j->ios_per_burst)
		fprintf(out, ",%.10g", j->ios_per_burst);
	else
		fputc(',', out);
	fprintf(out, ",%s", rpt_job_marks(j) & RPT_MARK_FEW_IOS ? "true" : "false");
	field(out, j->energy_from ? j->energy_from : "");
	field(out, j->drive.source);
	if (j->drive.accuracy_pct >= 0)
		fprintf(out, ",%d", j->drive.accuracy_pct);
	else
		fputc(',', out);
	field(out, j->drive.within ? j->drive.within : "");
}

/* host_verdict, host_marked, drain_marked, host_<key> of the catalogue's host rows (host_verdict.h) */
static void host_cols(FILE *out, const struct rpt_job *j)
{
	const struct rpt_cat *c;

	field(out, rpt_hostv_word(&j->host));
	fprintf(out, ",%s", rpt_job_marks(j) & RPT_MARK_HOST ? "true" : "false");
	fprintf(out, ",%s", rpt_job_marks(j) & RPT_MARK_DRAIN ? "true" : "false");
	for (c = rpt_cat_first(RPT_OF_HOST); c; c = rpt_cat_next(c))
		num(out, rpt_cat_job(c, j));
}

/* trace, trace_format, the trace section's figures: empty for a job that replayed none */
static void trace_cols(FILE *out, const struct rpt_job *j)
{
	const struct rpt_cat *c;

	field(out, j->has_trace ? j->trace.file : "");
	field(out, j->has_trace && j->trace.format ? j->trace.format : "");
	for (c = rpt_cat_first(RPT_OF_TRACE); c; c = rpt_cat_next(c))
		if (j->has_trace)
			num(out, rpt_cat_job(c, j));
		else
			fputc(',', out);
}

/* pstate_kind, pstate_<key> of the catalogue's power-state rows (pstate.h) */
static void pstate_cols(FILE *out, const struct rpt_job *j)
{
	const struct rpt_cat *c;

	field(out, j->pstate.have ? j->pstate.kind : "");
	for (c = rpt_cat_first(RPT_OF_PSTATE); c; c = rpt_cat_next(c))
		if (j->pstate.have)
			num(out, rpt_cat_job(c, j));
		else
			fputc(',', out);
}

/* model ... date: device.json's, empty where it is not there */
static void provenance_cols(FILE *out, const struct rpt_device *dev)
{
	const struct rpt_provenance *p = &dev->prov;

	field(out, dev->model ? dev->model : "");
	field(out, dev->serial ? dev->serial : "");
	field(out, dev->firmware ? dev->firmware : "");
	if (dev->capacity_bytes > 0)
		fprintf(out, ",%.0f", dev->capacity_bytes * dev->scale);
	else
		fputc(',', out);
	field(out, p->ssdq_version);
	field(out, p->fio_version);
	field(out, p->kernel);
	field(out, p->host);
	field(out, p->date);
}

/* The series job @k belongs to, if any: its name, kind, variant, figures. */
static void series_cols(FILE *out, const struct rpt_test *t, size_t k)
{
	const struct rpt_cat *c;
	size_t i, m;

	for (i = 0; i < t->nseries; i++) {
		const struct rpt_series *s = &t->series[i];

		for (m = 0; m < s->n; m++) {
			if (s->job[m] != k)
				continue;
			field(out, s->name);
			field(out, rpt_series_kind_key(s->kind));
			field(out, s->variant);
			for (c = rpt_cat_first(RPT_OF_SERIES); c; c = rpt_cat_next(c))
				num(out, rpt_cat_series(c, s));
			return;
		}
	}
	fputs(",,,", out);
	for (c = rpt_cat_first(RPT_OF_SERIES); c; c = rpt_cat_next(c))
		fputc(',', out);
}

/*
 * The fill's columns of the catalogue with @smart (RPT_CAT_SMART: beside the
 * temperatures) or without (after gb_written), empty without a fill.
 */
static void fill_cols(FILE *out, const struct rpt_job *j, unsigned int smart)
{
	const struct rpt_fill *f = &j->fill;
	const struct rpt_fill_range *range;
	const struct rpt_cat *c;

	if (!smart)
		j->has_fill ? fprintf(out, ",%.10g", f->gb_written) : fputc(',', out);
	for (c = rpt_cat_first(RPT_OF_FILL); c; c = rpt_cat_next(c)) {
		if ((c->flags & RPT_CAT_SMART) != smart)
			continue;
		j->has_fill ? num(out, rpt_cat_job(c, j)) : (void)fputc(',', out);
		if (!(c->flags & RPT_CAT_RANGE))
			continue;
		range = rpt_cat_range(c, j);
		if (range)
			fprintf(out, ",%.10g,%.10g", range->lo_gb, range->hi_gb);
		else
			fputs(",,", out);
	}
}

/* The keys of the fill's columns with or without RPT_CAT_SMART, as fill_cols() */
static void fill_keys(FILE *out, unsigned int smart)
{
	const struct rpt_cat *c;

	for (c = rpt_cat_first(RPT_OF_FILL); c; c = rpt_cat_next(c))
		if ((c->flags & RPT_CAT_SMART) == smart)
			fprintf(out, ",%s%s", c->key,
				c->flags & RPT_CAT_RANGE ? ",slc_cache_lo_gb,slc_cache_hi_gb" : "");
}

static void header(FILE *out)
{
	const struct rpt_cat *c;

	fputs("drive,test,job,rw,ddir,bs,iodepth,iodepth_set,threads,tq", out);
	for (c = rpt_cat_first(RPT_OF_JOB); c; c = rpt_cat_next(c))
		fprintf(out, ",%s", c->key);
	fputs(",lat_kind,jobs_merged,gb_written", out);
	fill_keys(out, 0);
	fputs(",scale,bursts,burst_score_mbps,burst_duty_pct,stop,series,"
	      "series_kind,series_variant", out);
	for (c = rpt_cat_first(RPT_OF_SERIES); c; c = rpt_cat_next(c))
		fprintf(out, ",series_%s", c->key);
	fputs(",temp_max_c", out);
	fill_keys(out, RPT_CAT_SMART);
	fputs(",power_estimated,ios_per_burst,few_ios_per_burst,energy_from,drive_source,"
	      "drive_accuracy_pct,drive_within,host_verdict,host_marked,drain_marked", out);
	for (c = rpt_cat_first(RPT_OF_HOST); c; c = rpt_cat_next(c))
		fprintf(out, ",host_%s", c->key);
	fputs(",trace,trace_format", out);
	for (c = rpt_cat_first(RPT_OF_TRACE); c; c = rpt_cat_next(c))
		fprintf(out, ",%s", c->key);
	fputs(",pstate_kind", out);
	for (c = rpt_cat_first(RPT_OF_PSTATE); c; c = rpt_cat_next(c))
		fprintf(out, ",pstate_%s", c->key);
	fputs(",model,serial,firmware,capacity_bytes,ssdq_version,fio_version,kernel,host,date,notes\n", out);
}

int rpt_write_csv(FILE *out, const struct rpt_report *r)
{
	const struct rpt_test *t = r->t;
	size_t n = r->nt;
	size_t i, k, m;

	header(out);
	for (i = 0; i < n; i++) {
		const char *drive = "";

		for (m = 0; m < r->nd; m++)
			for (k = 0; k < r->d[m].ntests; k++)
				if (r->d[m].test[k] == i)
					drive = r->d[m].name;
		for (k = 0; k < t[i].njobs; k++) {
			const struct rpt_job *j = &t[i].jobs[k];
			const struct rpt_cat *c;
			char tq[32];

			rpt_put_csv(out, drive);
			field(out, t[i].name);
			field(out, j->name);
			field(out, j->rw);
			field(out, j->ddir ? j->ddir : "");
			num(out, &j->bs);
			num(out, &j->iodepth);
			num(out, &j->iodepth_set);
			if (j->threads)
				fprintf(out, ",%u", j->threads);
			else
				fputc(',', out);
			field(out, rpt_fmt_tq(tq, sizeof(tq), j));
			for (c = rpt_cat_first(RPT_OF_JOB); c; c = rpt_cat_next(c))
				num(out, rpt_cat_job(c, j));
			field(out, j->lat_kind ? j->lat_kind : "");
			fprintf(out, ",%u", j->njobs);
			fill_cols(out, j, 0);
			fprintf(out, ",%.10g", t[i].dev.scale);
			if (j->has_bursts) {
				fprintf(out, ",%zu", j->bursts.n);
				num(out, &j->bursts.score_mbps);
				num(out, &j->bursts.duty_pct);
			} else {
				fputs(",,,", out);
			}
			field(out, j->stop ? j->stop : "");
			series_cols(out, &t[i], k);
			num(out, &j->thermal.temp_max_c);
			fill_cols(out, j, RPT_CAT_SMART);
			mark_cols(out, j);
			host_cols(out, j);
			trace_cols(out, j);
			pstate_cols(out, j);
			provenance_cols(out, &t[i].dev);
			notes(out, j, &t[i]);
			fputc('\n', out);
		}
	}
	return ferror(out) ? -EIO : 0;
}
