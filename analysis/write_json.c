// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "writers.h"

static void num(FILE *out, double v)
{
	if (!isfinite(v))
		fputs("null", out);
	else if (v == (double)(long long)v && fabs(v) < 1e15)
		fprintf(out, "%lld", (long long)v);
	else
		fprintf(out, "%.10g", v);
}

static void fig(FILE *out, const char *ind, const char *key, const struct rpt_fig *f)
{
	fprintf(out, ",\n%s\"%s\": ", ind, key);
	if (f->ok)
		num(out, f->v);
	else
		fputs("null", out);
}

static void reasons(FILE *out, const char *ind, const char **keys,
		    const struct rpt_fig **f, size_t n, const char *extra_key,
		    const char *extra)
{
	const char *sep = "";
	size_t i;

	fprintf(out, ",\n%s\"null_reasons\": {", ind);
	for (i = 0; i < n; i++) {
		if (f[i]->ok)
			continue;
		fprintf(out, "%s\n%s  \"%s\": ", sep, ind, keys[i]);
		rpt_put_json_str(out, f[i]->why);
		sep = ",";
	}
	if (extra) {
		fprintf(out, "%s\n%s  \"%s\": ", sep, ind, extra_key);
		rpt_put_json_str(out, extra);
		sep = ",";
	}
	fprintf(out, "%s%s}", *sep ? "\n" : "", *sep ? ind : "");
}

static void strings(FILE *out, const char *ind, const char *key,
		    const struct rpt_diag *d, int level)
{
	const char *sep = "";
	size_t i;

	fprintf(out, ",\n%s\"%s\": [", ind, key);
	for (i = 0; i < d->n; i++) {
		if ((int)d->level[i] != level)
			continue;
		fprintf(out, "%s\n%s  ", sep, ind);
		rpt_put_json_str(out, d->msg[i]);
		sep = ",";
	}
	fprintf(out, "%s%s]", *sep ? "\n" : "", *sep ? ind : "");
}

static void fill(FILE *out, const struct rpt_fill *f)
{
	const char *ind = "          ";
	const char *keys[5] = { "slc_cache_gb", "in_cache_mbps", "post_cache_mbps",
				"last16_mbps", "overall_mbps" };
	const struct rpt_fig *figs[5] = { &f->slc_cache_gb, &f->in_cache_mbps,
					  &f->post_cache_mbps, &f->last16_mbps,
					  &f->overall_mbps };
	size_t i;

	fprintf(out, "{\n%s\"scale\": ", ind);
	num(out, f->scale);
	fprintf(out, ",\n%s\"gb_written\": ", ind);
	num(out, f->gb_written);
	for (i = 0; i < 5; i++)
		fig(out, ind, keys[i], figs[i]);
	fprintf(out, ",\n%s\"segment_mbps\": [", ind);
	for (i = 0; i < f->nsegments; i++) {
		fputs(i ? (i % 10 ? ", " : ",\n            ") : "", out);
		fprintf(out, "%.1f", f->segment_mbps[i]);
	}
	fprintf(out, "],\n%s\"phases\": [", ind);
	for (i = 0; i < f->nphases; i++)
		fprintf(out, "%s\n%s  {\"start_gb\": %.3f, \"end_gb\": %.3f, \"mbps\": %.1f}",
			i ? "," : "", ind, f->phases[i].start_gb, f->phases[i].end_gb,
			f->phases[i].mbps);
	fprintf(out, "%s]", f->nphases ? "\n          " : "");
	reasons(out, ind, keys, figs, 5, NULL, NULL);
	fputs("\n        }", out);
}

static void str_or_null(FILE *out, const char *s)
{
	if (s)
		rpt_put_json_str(out, s);
	else
		fputs("null", out);
}

static void device(FILE *out, const char *ind, const struct rpt_device *dev)
{
	if (!dev->present) {
		fputs("null", out);
		return;
	}
	fprintf(out, "{\n%s  \"model\": ", ind);
	str_or_null(out, dev->model);
	fprintf(out, ",\n%s  \"serial\": ", ind);
	str_or_null(out, dev->serial);
	fprintf(out, ",\n%s  \"firmware\": ", ind);
	str_or_null(out, dev->firmware);
	fprintf(out, ",\n%s  \"preset\": ", ind);
	str_or_null(out, dev->preset);
	fprintf(out, ",\n%s  \"scale\": ", ind);
	num(out, dev->scale);
	fprintf(out, ",\n%s  \"capacity_bytes\": ", ind);
	if (dev->capacity_bytes > 0)
		num(out, dev->capacity_bytes);
	else
		fputs("null", out);
	fprintf(out, "\n%s}", ind);
}

static void job(FILE *out, const struct rpt_job *j)
{
	const char *ind = "        ";
	const char *keys[RPT_JOB_NFIGS + 2];
	const struct rpt_fig *figs[RPT_JOB_NFIGS + 2];
	size_t i;

	fprintf(out, "      {\n%s\"name\": ", ind);
	rpt_put_json_str(out, j->name);
	fprintf(out, ",\n%s\"rw\": ", ind);
	rpt_put_json_str(out, j->rw);
	fig(out, ind, "bs", &j->bs);
	fig(out, ind, "iodepth", &j->iodepth);
	rpt_job_figures(j, keys, figs);
	for (i = 0; i < RPT_JOB_NFIGS; i++)
		fig(out, ind, keys[i], figs[i]);
	fprintf(out, ",\n%s\"jobs_merged\": %u", ind, j->njobs);
	fprintf(out, ",\n%s\"lat_kind\": ", ind);
	if (j->lat_kind)
		rpt_put_json_str(out, j->lat_kind);
	else
		fputs("null", out);
	fprintf(out, ",\n%s\"lat_samples\": %llu", ind, (unsigned long long)j->lat_samples);
	fprintf(out, ",\n%s\"fill\": ", ind);
	if (j->has_fill)
		fill(out, &j->fill);
	else
		fputs("null", out);
	keys[RPT_JOB_NFIGS] = "bs";
	figs[RPT_JOB_NFIGS] = &j->bs;
	keys[RPT_JOB_NFIGS + 1] = "iodepth";
	figs[RPT_JOB_NFIGS + 1] = &j->iodepth;
	reasons(out, ind, keys, figs, RPT_JOB_NFIGS + 2, "fill",
		j->has_fill ? NULL : j->fill_why);
	strings(out, ind, "warnings", &j->notes, RPT_WARN);
	fputs("\n      }", out);
}

int rpt_write_json(FILE *out, const struct rpt_report *r)
{
	const struct rpt_test *t = r->t;
	size_t n = r->nt;
	size_t i, k;

	fputs("{\n  \"ssdq_report\": 1,\n  \"tests\": [", out);
	for (i = 0; i < n; i++) {
		fprintf(out, "%s\n    {\n      \"test\": ", i ? "," : "");
		rpt_put_json_str(out, t[i].name);
		fputs(",\n      \"file\": ", out);
		rpt_put_json_str(out, t[i].path);
		fprintf(out, ",\n      \"documents\": %u", t[i].ndocs);
		fputs(",\n      \"device\": ", out);
		device(out, "      ", &t[i].dev);
		fputs(",\n      \"scale\": ", out);
		num(out, t[i].dev.scale);
		strings(out, "      ", "errors", &t[i].diag, RPT_ERROR);
		strings(out, "      ", "warnings", &t[i].diag, RPT_WARN);
		fputs(",\n      \"jobs\": [", out);
		for (k = 0; k < t[i].njobs; k++) {
			fputs(k ? ",\n" : "\n", out);
			job(out, &t[i].jobs[k]);
		}
		fprintf(out, "%s]\n    }", t[i].njobs ? "\n      " : "");
	}
	fprintf(out, "%s]\n}\n", n ? "\n  " : "");
	return ferror(out) ? -EIO : 0;
}
