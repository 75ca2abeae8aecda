// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "catalogue.h"
#include "compare.h"
#include "marks.h"
#include "series.h"
#include "writers.h"

/*
 * "write_amp_counts": the counters behind write_amp and their resolution
 * (smart.h): the host's unit (512 000-byte data units), the media's the
 * steps its counter moved by; null without them.
 */
static void wa_counts(FILE *out, const char *ind, const struct rpt_write_amp *w)
{
	fprintf(out, ",\n%s\"write_amp_counts\": ", ind);
	if (isnan(w->host_bytes) || isnan(w->media_bytes)) {
		fputs("null", out);
		return;
	}
	fprintf(out, "{\"host_bytes\": %.0f, \"media_bytes\": %.0f, \"host_unit_b\": %.0f, "
		"\"media_step_b\": ", w->host_bytes, w->media_bytes, w->host_unit);
	isnan(w->media_step) ? fputs("null", out) : fprintf(out, "%.0f", w->media_step);
	fputc('}', out);
}

/* "drive": the drive's own measurement's source, accuracy and verdict (drive_power.h) */
static void drive_own(FILE *out, const char *ind, const struct rpt_drive_figs *dr)
{
	fprintf(out, ",\n%s\"drive\": ", ind);
	if (!dr->source[0]) {
		fputs("null", out);
		return;
	}
	fputs("{\"source\": ", out);
	rpt_put_json_str(out, dr->source);
	fputs(", \"accuracy_pct\": ", out);
	dr->accuracy_pct >= 0 ? fprintf(out, "%d", dr->accuracy_pct) : fputs("null", out);
	fputs(", \"within\": ", out);
	rpt_put_json_str_or_null(out, dr->within);
	fprintf(out, ", \"estimated\": %s, \"note\": ", dr->estimated ? "true" : "false");
	rpt_put_json_str_or_null(out, dr->note[0] ? dr->note : NULL);
	fputc('}', out);
}

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

/* null_reasons: of the null figures, then of the named extras with a reason */
static void reasons_x(FILE *out, const char *ind, const char **keys,
		      const struct rpt_fig **f, size_t n, const char *const *xkey,
		      const char *const *xwhy, size_t nx)
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
	for (i = 0; i < nx; i++) {
		if (!xwhy[i])
			continue;
		fprintf(out, "%s\n%s  \"%s\": ", sep, ind, xkey[i]);
		rpt_put_json_str(out, xwhy[i]);
		sep = ",";
	}
	fprintf(out, "%s%s}", *sep ? "\n" : "", *sep ? ind : "");
}

/* "key": ["estimated", ...], of a marked figure (marks.h) */
static void mark_entry(FILE *out, const char *key, const struct rpt_fig *f, const char **sep)
{
	const char *msep = "";
	unsigned int m;

	if (!f->ok || !f->mark)
		return;
	fprintf(out, "%s\"%s\": [", *sep, key);
	for (m = 0; m < RPT_NMARKS; m++) {
		if (!(f->mark & (1u << m)))
			continue;
		fprintf(out, "%s\"%s\"", msep, rpt_mark_name(m));
		msep = ", ";
	}
	fputc(']', out);
	*sep = ", ";
}

static void marks(FILE *out, const char *ind, const char **keys,
		  const struct rpt_fig **f, size_t n)
{
	const char *sep = "";
	size_t i;

	fprintf(out, ",\n%s\"marks\": {", ind);
	for (i = 0; i < n; i++)
		mark_entry(out, keys[i], f[i], &sep);
	fputc('}', out);
}

static void reasons(FILE *out, const char *ind, const char **keys,
		    const struct rpt_fig **f, size_t n)
{
	reasons_x(out, ind, keys, f, n, NULL, NULL, 0);
}

/* The catalogue's keys and figures of @j's section @of; Return: how many. */
static size_t cat_figs(enum rpt_cat_of of, const struct rpt_job *j, const char **keys,
		       const struct rpt_fig **figs)
{
	const struct rpt_cat *c;
	size_t n = 0;

	for (c = rpt_cat_first(of); c; c = rpt_cat_next(c)) {
		keys[n] = c->key;
		figs[n++] = rpt_cat_job(c, j);
	}
	return n;
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

/*
 * Where the cache ends as far as the log resolves it (slc.h), and the
 * log_avg_msec that resolves it to 2 %.
 */
static void slc_range(FILE *out, const char *ind, const struct rpt_job *j)
{
	const struct rpt_fill_range *r = rpt_cat_range(rpt_cat_find(RPT_OF_FILL, "slc_cache_gb"), j);

	fprintf(out, ",\n%s\"slc_cache_range_gb\": ", ind);
	if (r) {
		fputc('[', out);
		num(out, r->lo_gb);
		fputs(", ", out);
		num(out, r->hi_gb);
		fputc(']', out);
	} else {
		fputs("null", out);
	}
	fprintf(out, ",\n%s\"slc_sample_gb\": ", ind);
	if (r)
		num(out, r->sample_gb);
	else
		fputs("null", out);
	fprintf(out, ",\n%s\"slc_resolving_log_msec\": ", ind);
	if (j->fill.slc_range.need_log_msec >= 0)
		num(out, j->fill.slc_range.need_log_msec);
	else
		fputs("null", out);
}

static void fill(FILE *out, const struct rpt_job *j)
{
	const char *ind = "          ";
	const struct rpt_fill *f = &j->fill;
	const char *keys[RPT_CAT_MAX];
	const struct rpt_fig *figs[RPT_CAT_MAX];
	size_t i, n = cat_figs(RPT_OF_FILL, j, keys, figs);

	fprintf(out, "{\n%s\"scale\": ", ind);
	num(out, f->scale);
	fprintf(out, ",\n%s\"gb_written\": ", ind);
	num(out, f->gb_written);
	fprintf(out, ",\n%s\"source\": ", ind);
	rpt_put_json_str(out, f->source[0] ? f->source : "bw log");
	for (i = 0; i < n; i++)
		fig(out, ind, keys[i], figs[i]);
	slc_range(out, ind, j);
	fprintf(out, ",\n%s\"throttle\": ", ind);
	if (f->throttle_gb.ok)
		rpt_put_json_str(out, f->throttle_why);
	else
		fputs("null", out);
	fprintf(out, ",\n%s\"temp_c\": [", ind);
	for (i = 0; i < f->ntemp; i++) {
		fputs(i ? (i % 6 ? ", " : ",\n            ") : "", out);
		fputc('[', out);
		num(out, f->temp[i].gb);
		fputs(", ", out);
		num(out, f->temp[i].temp_c);
		fputc(']', out);
	}
	fprintf(out, "],\n%s\"host_spans_gb\": [", ind);
	for (i = 0; i < f->nhost; i++) {
		fputs(i ? ", [" : "[", out);
		num(out, f->host[i].gb0);
		fputs(", ", out);
		num(out, f->host[i].gb1);
		fputc(']', out);
	}
	fprintf(out, "],\n%s\"segment_mbps\": [", ind);
	for (i = 0; i < f->nsegments; i++) {
		fputs(i ? (i % 10 ? ", " : ",\n            ") : "", out);
		num(out, f->segment_mbps[i]);
	}
	fprintf(out, "],\n%s\"phases\": [", ind);
	for (i = 0; i < f->nphases; i++) {
		fprintf(out, "%s\n%s  {\"start_gb\": ", i ? "," : "", ind);
		num(out, f->phases[i].start_gb);
		fputs(", \"end_gb\": ", out);
		num(out, f->phases[i].end_gb);
		fputs(", \"mbps\": ", out);
		num(out, f->phases[i].mbps);
		fputc('}', out);
	}
	fprintf(out, "%s]", f->nphases ? "\n          " : "");
	reasons(out, ind, keys, figs, n);
	marks(out, ind, keys, figs, n);
	fputs("\n        }", out);
}

static void device(FILE *out, const char *ind, const struct rpt_device *dev)
{
	if (!dev->present) {
		fputs("null", out);
		return;
	}
	fprintf(out, "{\n%s  \"model\": ", ind);
	rpt_put_json_str_or_null(out, dev->model);
	fprintf(out, ",\n%s  \"serial\": ", ind);
	rpt_put_json_str_or_null(out, dev->serial);
	fprintf(out, ",\n%s  \"firmware\": ", ind);
	rpt_put_json_str_or_null(out, dev->firmware);
	fprintf(out, ",\n%s  \"preset\": ", ind);
	rpt_put_json_str_or_null(out, dev->preset);
	fprintf(out, ",\n%s  \"scale\": ", ind);
	num(out, dev->scale);
	fprintf(out, ",\n%s  \"capacity_bytes\": ", ind);
	if (dev->capacity_bytes > 0)
		num(out, dev->capacity_bytes);
	else
		fputs("null", out);
	{
		const char *k[5] = { "ssdq_version", "fio_version", "kernel", "host", "date" };
		const char *v[5] = { dev->prov.ssdq_version, dev->prov.fio_version, dev->prov.kernel,
				     dev->prov.host, dev->prov.date };
		int i;

		for (i = 0; i < 5; i++) {
			fprintf(out, ",\n%s  \"%s\": ", ind, k[i]);
			rpt_put_json_str_or_null(out, *v[i] ? v[i] : NULL);
		}
	}
	fprintf(out, "\n%s}", ind);
}

static void bursts(FILE *out, const struct rpt_bursts *b)
{
	const char *ind = "          ";
	const char *keys[2] = { "score_mbps", "duty_pct" };
	const struct rpt_fig *figs[2] = { &b->score_mbps, &b->duty_pct };
	size_t i;

	fprintf(out, "{\n%s\"n\": %zu", ind, b->n);
	fprintf(out, ",\n%s\"bytes\": ", ind);
	num(out, b->bytes);
	fprintf(out, ",\n%s\"busy_ms\": ", ind);
	num(out, b->busy_ms);
	fprintf(out, ",\n%s\"idle_ms\": ", ind);
	num(out, b->idle_ms);
	for (i = 0; i < 2; i++)
		fig(out, ind, keys[i], figs[i]);
	fprintf(out, ",\n%s\"mbps\": [", ind);
	for (i = 0; i < b->n; i++) {
		fputs(i ? ", " : "", out);
		num(out, b->b[i].mbps);
	}
	fprintf(out, "],\n%s\"unclosed\": %lu", ind, b->unclosed);
	reasons(out, ind, keys, figs, 2);
	fputs("\n        }", out);
}

/* A replayed trace (trace.h): the file, its format, the trace section's figures. */
static void trace(FILE *out, const struct rpt_trace *tr, const struct rpt_job *j)
{
	const char *ind = "          ";
	const char *keys[RPT_CAT_MAX];
	const struct rpt_fig *figs[RPT_CAT_MAX];
	const struct rpt_cat *c;
	size_t n = 0;

	fprintf(out, "{\n%s\"file\": ", ind);
	rpt_put_json_str(out, tr->file);
	fprintf(out, ",\n%s\"format\": ", ind);
	rpt_put_json_str_or_null(out, tr->format);
	fprintf(out, ",\n%s\"replay_no_stall\": %s", ind, tr->no_stall ? "true" : "false");
	for (c = rpt_cat_first(RPT_OF_TRACE); c; c = rpt_cat_next(c)) {
		keys[n] = rpt_cat_json_key(c);
		figs[n] = rpt_cat_job(c, j);
		fig(out, ind, keys[n], figs[n]);
		n++;
	}
	reasons(out, ind, keys, figs, n);
	fputs("\n        }", out);
}

/* The job's host verdict (host_verdict.h): its word, reason, figures and spikes. */
static void host(FILE *out, const struct rpt_host_verdict *v, const struct rpt_job *j)
{
	const char *ind = "          ";
	const char *keys[RPT_CAT_MAX];
	const struct rpt_fig *figs[RPT_CAT_MAX];
	char line[4 * RPT_WHY_LEN];
	size_t i, n = cat_figs(RPT_OF_HOST, j, keys, figs);

	fprintf(out, "{\n%s\"verdict\": ", ind);
	rpt_put_json_str(out, rpt_hostv_word(v));
	fprintf(out, ",\n%s\"measured\": %s,\n%s\"line\": ", ind, v->measured ? "true" : "false",
		ind);
	rpt_put_json_str(out, rpt_hostv_line(v, line, sizeof(line)));
	fprintf(out, ",\n%s\"model\": %s", ind, v->model ? "true" : "false");
	fprintf(out, ",\n%s\"intervals\": %zu", ind, v->intervals);
	for (i = 0; i < n; i++)
		fig(out, ind, keys[i], figs[i]);
	fprintf(out, ",\n%s\"throughput_marked\": %s,\n%s\"mean_marked\": %s,\n%s\"cdf_marked\": %s",
		ind, v->thr_marked ? "true" : "false", ind, v->mean_marked ? "true" : "false", ind,
		v->pct_marked ? "true" : "false");
	fprintf(out, ",\n%s\"drain_mean_marked\": %s,\n%s\"drain_cdf_marked\": %s", ind,
		v->drain_mean_marked ? "true" : "false", ind,
		v->drain_pct_marked ? "true" : "false");
	if (isnan(v->drain_mean_pct))
		fprintf(out, ",\n%s\"drain_mean_added_pct\": null", ind);
	else
		fprintf(out, ",\n%s\"drain_mean_added_pct\": %.4g", ind, v->drain_mean_pct);
	fprintf(out, ",\n%s\"model_pace_kept\": %s", ind,
		!v->pace_said ? "null" : v->pace_kept ? "true" : "false");
	if (!v->pace_said || isnan(v->pace_share))
		fprintf(out, ",\n%s\"model_pace_added_pct\": null", ind);
	else
		fprintf(out, ",\n%s\"model_pace_added_pct\": %.4g", ind, v->pace_share);
	fprintf(out, ",\n%s\"spikes_unix_ms\": [", ind);
	for (i = 0; i < v->nspikes; i++) {
		fprintf(out, "%s[%.3f, %.3f]", i ? ", " : "", v->spike[i].t0_ms, v->spike[i].t1_ms);
	}
	fputc(']', out);
	reasons(out, ind, keys, figs, n);
	fputs("\n        }", out);
}

/* The job's power state (pstate.h): its kind and figures, or null. */
static void pstate(FILE *out, const struct rpt_job *j)
{
	const char *ind = "          ";
	const char *keys[RPT_CAT_MAX];
	const struct rpt_fig *figs[RPT_CAT_MAX];
	size_t i, n = cat_figs(RPT_OF_PSTATE, j, keys, figs);

	if (!j->pstate.have) {
		fputs("null", out);
		return;
	}
	fprintf(out, "{\n%s\"kind\": ", ind);
	rpt_put_json_str(out, j->pstate.kind);
	for (i = 0; i < n; i++)
		fig(out, ind, keys[i], figs[i]);
	reasons(out, ind, keys, figs, n);
	fputs("\n        }", out);
}

static void job(FILE *out, const struct rpt_job *j)
{
	const char *ind = "        ";
	const char *keys[RPT_CAT_MAX + 3];
	const struct rpt_fig *figs[RPT_CAT_MAX + 3];
	size_t i, n = cat_figs(RPT_OF_JOB, j, keys, figs);
	char tq[32];

	fprintf(out, "      {\n%s\"name\": ", ind);
	rpt_put_json_str(out, j->name);
	fprintf(out, ",\n%s\"rw\": ", ind);
	rpt_put_json_str(out, j->rw);
	fprintf(out, ",\n%s\"ddir\": ", ind);
	rpt_put_json_str_or_null(out, j->ddir);
	fig(out, ind, "bs", &j->bs);
	fig(out, ind, "iodepth", &j->iodepth);
	fig(out, ind, "iodepth_set", &j->iodepth_set);
	if (j->threads)
		fprintf(out, ",\n%s\"threads\": %u", ind, j->threads);
	else
		fprintf(out, ",\n%s\"threads\": null", ind);
	fprintf(out, ",\n%s\"tq\": ", ind);
	rpt_put_json_str_or_null(out, j->threads || j->iodepth.ok ? rpt_fmt_tq(tq, sizeof(tq), j) : NULL);
	for (i = 0; i < n; i++)
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
		fill(out, j);
	else
		fputs("null", out);
	fprintf(out, ",\n%s\"stop\": ", ind);
	rpt_put_json_str_or_null(out, j->stop);
	fig(out, ind, "temp_max_c", &j->thermal.temp_max_c);
	fprintf(out, ",\n%s\"throttled\": %s", ind, !j->has_smart ? "null" :
		j->thermal.throttled ? "true" : "false");
	if (j->thermal.throttled) {
		fprintf(out, ",\n%s\"throttle\": ", ind);
		rpt_put_json_str(out, j->thermal.why);
	}
	fprintf(out, ",\n%s\"partial\": %s", ind, j->partial ? "true" : "false");
	fprintf(out, ",\n%s\"bursts\": ", ind);
	if (j->has_bursts)
		bursts(out, &j->bursts);
	else
		fputs("null", out);
	keys[n] = "bs";
	figs[n] = &j->bs;
	keys[n + 1] = "iodepth";
	figs[n + 1] = &j->iodepth;
	keys[n + 2] = "iodepth_set";
	figs[n + 2] = &j->iodepth_set;
	{
		const char *xk[4] = { "fill", "stop", "bursts", "temp_max_c" };
		const char *xw[4] = { j->has_fill ? NULL : j->fill_why,
				      j->stop ? NULL : j->stop_why,
				      j->has_bursts ? NULL : j->bursts.score_mbps.why[0] ?
				      j->bursts.score_mbps.why : j->stop_why,
				      j->thermal.temp_max_c.ok ? NULL : j->has_smart ?
				      j->thermal.temp_max_c.why : "no SMART sidecar" };

		reasons_x(out, ind, keys, figs, n + 3, xk, xw, 4);
	}
	keys[n] = "burst_score_mbps";
	figs[n] = &j->bursts.score_mbps;
	marks(out, ind, keys, figs, n + (j->has_bursts ? 1 : 0));
	fprintf(out, ",\n%s\"power_estimated\": %s", ind, j->power_estimated ? "true" : "false");
	fprintf(out, ",\n%s\"energy_from\": ", ind);
	rpt_put_json_str_or_null(out, j->energy_from);
	fprintf(out, ",\n%s\"energy_note\": ", ind);
	rpt_put_json_str_or_null(out, j->energy_note[0] ? j->energy_note : NULL);
	drive_own(out, ind, &j->drive);
	wa_counts(out, ind, &j->wa);
	fprintf(out, ",\n%s\"ios_per_burst\": ", ind);
	num(out, j->has_bursts ? j->ios_per_burst : NAN);
	fprintf(out, ",\n%s\"trace\": ", ind);
	if (j->has_trace)
		trace(out, &j->trace, j);
	else
		fputs("null", out);
	fprintf(out, ",\n%s\"host\": ", ind);
	host(out, &j->host, j);
	fprintf(out, ",\n%s\"pstate\": ", ind);
	pstate(out, j);
	rpt_json_timeline(out, ind, &j->tl);
	strings(out, ind, "warnings", &j->notes, RPT_WARN);
	fputs("\n      }", out);
}

static void series(FILE *out, const struct rpt_test *t, const struct rpt_series *s)
{
	const char *ind = "          ";
	const char *keys[RPT_CAT_MAX];
	const struct rpt_fig *figs[RPT_CAT_MAX];
	const struct rpt_cat *c;
	size_t i, n = 0;

	for (c = rpt_cat_first(RPT_OF_SERIES); c; c = rpt_cat_next(c)) {
		keys[n] = rpt_cat_json_key(c);
		figs[n++] = rpt_cat_series(c, s);
	}

	fprintf(out, "        {\n%s\"kind\": \"%s\"", ind, rpt_series_kind_key(s->kind));
	fprintf(out, ",\n%s\"name\": ", ind);
	rpt_put_json_str(out, s->name);
	fprintf(out, ",\n%s\"key\": ", ind);
	rpt_put_json_str(out, s->key);
	fprintf(out, ",\n%s\"variant\": \"%s\"", ind, s->variant);
	fprintf(out, ",\n%s\"jobs\": [", ind);
	for (i = 0; i < s->n; i++) {
		fputs(i ? ", " : "", out);
		rpt_put_json_str(out, t->jobs[s->job[i]].name);
	}
	fprintf(out, "],\n%s\"%s\": [", ind, rpt_series_kind_param(s->kind));
	for (i = 0; i < s->n; i++) {
		fputs(i ? ", " : "", out);
		num(out, rpt_series_param(t, s, i));
	}
	fputs("]", out);
	for (i = 0; i < n; i++)
		fig(out, ind, keys[i], figs[i]);
	reasons(out, ind, keys, figs, n);
	fputs("\n        }", out);
}

static void drive(FILE *out, const struct rpt_report *r, const struct rpt_drive *dr)
{
	struct rpt_vgroup *g = NULL;
	long ng = rpt_variant_groups(r, dr, &g), i;
	unsigned int v;
	char note[256];
	size_t k;

	fputs("    {\n      \"name\": ", out);
	rpt_put_json_str(out, dr->name);
	fputs(",\n      \"dir\": ", out);
	rpt_put_json_str(out, dr->dir);
	fputs(",\n      \"device\": ", out);
	device(out, "      ", &dr->dev);
	fputs(",\n      \"scale\": ", out);
	num(out, dr->dev.scale);
	fputs(",\n      \"basis\": ", out);
	rpt_put_json_str_or_null(out, dr->dev.scale > 1 ? rpt_basis_note(note, sizeof(note), &dr->dev) :
				 NULL);
	strings(out, "      ", "errors", &dr->diag, RPT_ERROR);
	strings(out, "      ", "warnings", &dr->diag, RPT_WARN);
	fputs(",\n      \"tests\": [", out);
	for (k = 0; k < dr->ntests; k++) {
		fputs(k ? ", " : "", out);
		rpt_put_json_str(out, r->t[dr->test[k]].name);
	}
	fputs("],\n      \"variants\": [", out);
	for (i = 0; i < ng; i++) {
		fprintf(out, "%s\n        {\"kind\": \"%s\", \"key\": ", i ? "," : "",
			rpt_series_kind_key(g[i].kind));
		rpt_put_json_str(out, g[i].key);
		for (v = 0; v < RPT_NVARIANTS; v++) {
			fprintf(out, ", \"%s\": ", rpt_variant_name(v));
			if (!g[i].s[v]) {
				fputs("null", out);
				continue;
			}
			fputs("{\"test\": ", out);
			rpt_put_json_str(out, g[i].t[v]->name);
			fputs(", \"series\": ", out);
			rpt_put_json_str(out, g[i].s[v]->name);
			fputs("}", out);
		}
		fputs("}", out);
	}
	fprintf(out, "%s]", ng > 0 ? "\n      " : "");
	rpt_write_pts_json(out, dr);
	fputs("\n    }", out);
	free(g);
}

static int comparison(FILE *out, const struct rpt_report *r)
{
	struct rpt_cmp c;
	size_t i, d, k;
	int ret = rpt_compare(r, &c);

	if (ret)
		return ret;
	fputs(",\n  \"comparison\": [", out);
	for (i = 0; i < c.n; i++) {
		const struct rpt_cmp_table *tb = &c.t[i];

		fputs(i ? ",\n    {\"test\": " : "\n    {\"test\": ", out);
		rpt_put_json_str(out, tb->test);
		fputs(",\n     \"columns\": [", out);
		for (k = 0; k < tb->ncols; k++) {
			fputs(k ? ", {\"key\": " : "{\"key\": ", out);
			rpt_put_json_str(out, tb->col[k].key);
			fputs(", \"label\": ", out);
			rpt_put_json_str(out, tb->col[k].label);
			fprintf(out, ", \"lower_is_better\": %s}", tb->col[k].lower_better ? "true" : "false");
		}
		fputs("],\n     \"rows\": [", out);
		for (d = 0; d < c.ndrives; d++) {
			const char *sep = "";

			fputs(d ? ",\n       {\"drive\": " : "\n       {\"drive\": ", out);
			rpt_put_json_str(out, r->d[d].name);
			fputs(", \"values\": [", out);
			for (k = 0; k < tb->ncols; k++) {
				const struct rpt_fig *f = &tb->cell[d * tb->ncols + k];

				fputs(k ? ", " : "", out);
				if (f->ok)
					num(out, f->v);
				else
					fputs("null", out);
			}
			fputs("], \"marks\": {", out);
			for (k = 0; k < tb->ncols; k++)
				mark_entry(out, tb->col[k].key, &tb->cell[d * tb->ncols + k], &sep);
			sep = "";
			fputs("}, \"null_reasons\": {", out);
			for (k = 0; k < tb->ncols; k++) {
				const struct rpt_fig *f = &tb->cell[d * tb->ncols + k];

				if (f->ok)
					continue;
				fputs(sep, out);
				rpt_put_json_str(out, tb->col[k].key);
				fputs(": ", out);
				rpt_put_json_str(out, f->why);
				sep = ", ";
			}
			fputs("}}", out);
		}
		fputs("]}", out);
	}
	fprintf(out, "%s]", c.n ? "\n  " : "");
	rpt_compare_free(&c);
	return 0;
}

int rpt_write_json(FILE *out, const struct rpt_report *r)
{
	const struct rpt_test *t = r->t;
	size_t n = r->nt;
	size_t i, k;

	fprintf(out, "{\n  \"ssdq_report\": %d,\n  \"ssdq_version\": ", RPT_JSON_SCHEMA);
	rpt_put_json_str_or_null(out, r->ssdq_version);
	fputs(",\n  \"tests\": [", out);
	for (i = 0; i < n; i++) {
		fprintf(out, "%s\n    {\n      \"test\": ", i ? "," : "");
		rpt_put_json_str(out, t[i].name);
		fputs(",\n      \"file\": ", out);
		rpt_put_json_str(out, t[i].path);
		fprintf(out, ",\n      \"documents\": %u", t[i].ndocs);
		fputs(",\n      \"source\": ", out);
		if (t[i].source)
			rpt_put_json_str(out, t[i].source);
		else
			fputs("null", out);
		fputs(",\n      \"partial\": ", out);
		if (t[i].partial)
			rpt_put_json_str(out, t[i].partial);
		else
			fputs("null", out);
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
		fprintf(out, "%s],\n      \"series\": [", t[i].njobs ? "\n      " : "");
		for (k = 0; k < t[i].nseries; k++) {
			fputs(k ? ",\n" : "\n", out);
			series(out, &t[i], &t[i].series[k]);
		}
		fprintf(out, "%s]\n    }", t[i].nseries ? "\n      " : "");
	}
	fprintf(out, "%s],\n  \"drives\": [", n ? "\n  " : "");
	for (i = 0; i < r->nd; i++) {
		fputs(i ? ",\n" : "\n", out);
		drive(out, r, &r->d[i]);
	}
	fprintf(out, "%s]", r->nd ? "\n  " : "");
	if (comparison(out, r))
		return -ENOMEM;
	fputs("\n}\n", out);
	return ferror(out) ? -EIO : 0;
}
