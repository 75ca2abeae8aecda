// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "fio_stats.h"
#include "fio_version.h"
#include "grow.h"
#include "hist_interval.h"
#include "log_find.h"
#include "reader_log.h"
#include "smart.h"
#include "timeline.h"

const double rpt_tl_pct[RPT_TL_NPCT] = { 50, 99, 99.9, 99.99 };
const char *const rpt_tl_pct_name[RPT_TL_NPCT] = { "p50", "p99", "p99.9", "p99.99" };

static const char *const dd_name[3] = { "read", "write", "trim" };

const char *rpt_tl_chart_key(enum rpt_tl_chart c)
{
	static const char *const k[RPT_TL_NCHARTS] = {
		"mbps", "iops", "latency", "power", "temperature",
	};

	return c < RPT_TL_NCHARTS ? k[c] : "?";
}

const char *rpt_tl_chart_unit(enum rpt_tl_chart c)
{
	static const char *const u[RPT_TL_NCHARTS] = { "MB/s", "IOPS", "µs", "W", "°C" };

	return c < RPT_TL_NCHARTS ? u[c] : "?";
}

int rpt_tl_add(struct rpt_timeline *tl, enum rpt_tl_chart chart, const char *name,
	       unsigned int ddir, const struct rpt_envelope *env, double scale)
{
	struct rpt_tl_series *s;
	size_t i, n = 0, cap;
	double *a;

	for (i = 0; i < env->ncols; i++)
		n += env->col[i].n > 0;
	if (!n)
		return 0;
	cap = tl->n;
	s = realloc(tl->s, (cap + 1) * sizeof(*s));
	if (!s)
		return -ENOMEM;
	tl->s = s;
	s = &tl->s[tl->n];
	memset(s, 0, sizeof(*s));
	a = malloc(4 * n * sizeof(double));
	if (!a)
		return -ENOMEM;
	tl->n++;
	s->chart = chart;
	snprintf(s->name, sizeof(s->name), "%s", name);
	s->ddir = ddir;
	s->t_s = a;
	s->mean = a + n;
	s->min = a + 2 * n;
	s->max = a + 3 * n;
	s->col_s = env->width_ms / 1000;
	s->samples = env->samples;
	for (i = 0; i < env->ncols; i++) {
		const struct rpt_env_col *c = &env->col[i];

		if (!c->n)
			continue;
		s->t_s[s->n] = (env->origin_ms - tl->origin_ms + ((double)i + 0.5) * env->width_ms) / 1000;
		s->mean[s->n] = rpt_env_mean(c) * scale;
		s->min[s->n] = c->min * scale;
		s->max[s->n] = c->max * scale;
		if (s->t_s[s->n] > tl->end_s)
			tl->end_s = s->t_s[s->n];
		s->n++;
	}
	return 0;
}

/* What the row's logs are, and the envelopes they are read into. */
struct ctx {
	const struct rpt_fio_run *run;
	const struct rpt_fio_group *g;
	unsigned int mask;
	const char *dir;
	struct rpt_timeline *tl;
	struct rpt_diag *notes;
	struct rpt_tl_taps *tp;
	struct rpt_envelope *row[3], *one[3];
};

/* the entry's threads, one at a time: @t is a copy with that thread */
#define FOR_THREADS(c, i, k, t)							\
	for (i = 0; i < (c)->g->n; i++)						\
		if ((c)->g->e[i].thread && rpt_fio_did_io((c)->run, &(c)->g->e[i], (c)->mask)) \
			for (k = 0, t = (c)->g->e[i];				\
			     k < ((c)->g->e[i].nthreads > 1 ? (c)->g->e[i].nthreads : 1); \
			     k++, t.thread = (c)->g->e[i].thread + k)

static const char *prefix_of(const struct ctx *c, const struct rpt_fio_entry *e, const char *opt)
{
	const char *p = rpt_fio_option(c->run, e, opt);

	return p && !*p ? e->jobname : p;
}

/* the tap of @path read whole (its bytes when @bytes), not yet taken, or NULL */
static struct rpt_tl_tap *tapped(struct rpt_tl_taps *tp, const char *path, double origin,
				 bool bytes)
{
	for (size_t i = 0; tp && i < tp->n; i++) {
		struct rpt_tl_tap *t = tp->t[i];

		if (t->whole && !t->used && t->bytes == bytes && t->env[0].origin_ms == origin &&
		    !strcmp(t->path, path))
			return t;
	}
	return NULL;
}

/*
 * One fio log into c->one[] (from its tap when another pass read it the
 * same way), each sample's bytes when @bytes (a per-I/O bw log), else its
 * value. Return: 0, 1 when it could not be read.
 */
static int read_log(struct ctx *c, const char *path, double origin, bool bytes)
{
	struct rpt_tl_tap *t = tapped(c->tp, path, origin, bytes);
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	int ret;

	if (t) {
		t->used = true;
		for (int d = 0; d < 3; d++)
			memcpy(c->one[d], &t->env[d], sizeof(t->env[d]));
		if (t->err[0])
			rpt_diag_add(c->notes, RPT_WARN, "time charts: %s (the samples before it are drawn)", t->err);
		return 0;
	}
	for (int d = 0; d < 3; d++)
		rpt_env_init(c->one[d], origin, 1);
	if (rpt_log_open(&r, path)) {
		rpt_diag_add(c->notes, RPT_WARN, "time charts: %s", r.err);
		return 1;
	}
	while ((ret = rpt_log_next(&r, &s)) == 1)
		if (s.ddir < 3)
			rpt_env_add(c->one[s.ddir], s.t_ms, bytes ? (double)s.bs : s.value);
	if (ret < 0)
		rpt_diag_add(c->notes, RPT_WARN, "time charts: %s (the samples before it are drawn)", r.err);
	rpt_log_close(&r);
	return 0;
}

/* the first sample's time of @path, or NAN */
static double first_time(const char *path)
{
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	double t = NAN;

	if (!rpt_log_open(&r, path) && rpt_log_next(&r, &s) == 1)
		t = s.t_ms;
	rpt_log_close(&r);
	return t;
}

/* log_avg_msec (@hist: log_hist_msec): what a sample stands for, ms; 0: one I/O */
static double interval_ms(const struct ctx *c, const struct rpt_fio_entry *e, bool hist);

/*
 * A per-I/O log (log_avg_msec=0: a sample is one I/O, a bw sample that I/O's
 * own rate, bs over its latency) as what the drive did in each column: its
 * bytes (@bytes, KiB/s) or its I/Os (IOPS) over the column's width, 0 in a
 * column without I/O between the first and the last (an idle gap). At a
 * queue depth of 32 the mean of the I/Os' own rates is a 32nd of it.
 */
static void per_io_rate(struct rpt_envelope *e, bool bytes)
{
	size_t i, first = e->ncols;

	for (i = 0; i < e->ncols; i++) {
		struct rpt_env_col *col = &e->col[i];
		double r;

		if (!col->n && i < first)
			continue;
		if (i < first)
			first = i;
		r = col->n ? (bytes ? col->sum / 1024 : (double)col->n) * 1000 / e->width_ms : 0;
		col->min = col->max = col->sum = r;
		col->n = 1;
	}
}

/* A kind of fio log ("bw"...) of every thread into its chart, per direction. */
static int fio_series(struct ctx *c, const char *opt, const char *const *types,
		      enum rpt_tl_chart chart, enum rpt_env_how how, double scale)
{
	struct rpt_fio_entry t;
	size_t i, k;
	int d, ret = 0, nlogs = 0;

	for (d = 0; d < 3; d++)
		rpt_env_init(c->row[d], c->tl->origin_ms, 1);
	FOR_THREADS(c, i, k, t) {
		const char *pre = prefix_of(c, &t, opt);
		char tried[PATH_MAX], *path = NULL;
		bool per_io = chart != RPT_TL_LAT && interval_ms(c, &t, false) == 0;

		for (int y = 0; pre && types[y] && !path; y++)
			path = rpt_find_log(c->dir, pre, types[y], &t, tried, sizeof(tried));
		if (!path)
			continue;
		if (!read_log(c, path, c->tl->origin_ms, per_io && chart == RPT_TL_MBPS)) {

			nlogs++;
			for (d = 0; d < 3; d++) {
				if (per_io)
					per_io_rate(c->one[d], chart == RPT_TL_MBPS);
				rpt_env_merge(c->row[d], c->one[d], how);
			}
		}
		free(path);
	}
	for (d = 0; d < 3 && nlogs && !ret; d++)
		if (c->mask & 1U << d)
			ret = rpt_tl_add(c->tl, chart, dd_name[d], (unsigned int)d, c->row[d], scale);
	return ret;
}

static double interval_ms(const struct ctx *c, const struct rpt_fio_entry *e, bool hist)
{
	const char *v = rpt_fio_option(c->run, e, hist ? "log_hist_msec" : "log_avg_msec");

	return v && atof(v) > 0 ? atof(v) : 0;
}

/* The origin: the engine's job_start, else the start of the logs' first interval (unix ms) */
static void origin(struct ctx *c, const struct rpt_events *ev)
{
	static const char *const types[] = { "bw", "iops", "clat", "lat", "clat_hist" };
	static const char *const opts[] = { "write_bw_log", "write_iops_log", "write_lat_log",
					    "write_lat_log", "write_hist_log" };
	struct rpt_fio_entry t;
	double o = INFINITY;
	size_t i, k;

	c->tl->origin_ms = 0;
	if (!c->tl->unix_ms)
		return;
	for (i = 0; ev && i < ev->n; i++)
		if (ev->ev[i].kind == RPT_EV_JOB_START) {
			c->tl->origin_ms = ev->ev[i].t_ms;
			return;
		}
	FOR_THREADS(c, i, k, t)
		for (int y = 0; y < 5; y++) {
			const char *pre = prefix_of(c, &t, opts[y]);
			char tried[PATH_MAX], *path = pre ? rpt_find_log(c->dir, pre, types[y], &t, tried, sizeof(tried)) : NULL;

			/* a sample at T stands for the interval before it */
			if (path)
				o = fmin(o, first_time(path) - interval_ms(c, &t, y == 4));
			free(path);
		}
	c->tl->origin_ms = isfinite(o) ? o : 0;
}

struct hist_ctx {
	struct rpt_envelope *env[3][RPT_TL_NPCT];
	double half_ms;
};

static int hist_row(void *arg, const struct rpt_hiv_row *row)
{
	struct hist_ctx *h = arg;

	for (int p = 0; p < RPT_TL_NPCT && row->dir < 3; p++)
		rpt_env_add(h->env[row->dir][p], row->end_ms - h->half_ms, row->pct_ns[p]);
	return 0;
}

/* p50 ... p99.99 per interval from the threads' hist logs, merged */
static int hist_series(struct ctx *c)
{
	struct hist_ctx h = { 0 };
	struct rpt_fio_entry t;
	const char **paths = NULL;
	const char *hm = NULL;
	size_t i, k, n = 0, cap = 0;
	char err[PATH_MAX + 256], name[24];
	double iv;
	int ret = 0, d, p;

	FOR_THREADS(c, i, k, t) {
		const char *pre = prefix_of(c, &t, "write_hist_log");
		char tried[PATH_MAX], *path = pre ? rpt_find_log(c->dir, pre, "clat_hist", &t, tried, sizeof(tried)) : NULL;

		if (!hm)
			hm = rpt_fio_option(c->run, &t, "log_hist_msec");
		if (path && RPT_GROW(paths, cap, n, 8)) {
			free(path);
			ret = -ENOMEM;
			break;
		}
		if (path)
			paths[n++] = path;
	}
	iv = hm && atof(hm) > 0 ? atof(hm) : 1000;
	h.half_ms = iv / 2;
	for (d = 0; d < 3 && !ret && n; d++)
		for (p = 0; p < RPT_TL_NPCT && !ret; p++) {
			h.env[d][p] = malloc(sizeof(struct rpt_envelope));
			if (!h.env[d][p])
				ret = -ENOMEM;
			else
				rpt_env_init(h.env[d][p], c->tl->origin_ms, 1);
		}
	if (!ret && n) {
		ret = rpt_hist_intervals(paths, n, iv, c->mask & 7, rpt_tl_pct, RPT_TL_NPCT,
					 hist_row, &h, err, sizeof(err));
		if (ret == -ENOMEM)
			goto out;
		if (ret) {
			rpt_diag_add(c->notes, RPT_WARN, "time charts: %s (no latency percentiles over time)", err);
			ret = 0;
			goto out;
		}
		for (d = 0; d < 3 && !ret; d++)
			for (p = 0; p < RPT_TL_NPCT && !ret && (c->mask & 1U << d); p++) {
				size_t before = c->tl->n;

				snprintf(name, sizeof(name), "%s %s", dd_name[d], rpt_tl_pct_name[p]);
				ret = rpt_tl_add(c->tl, RPT_TL_LAT, name, (unsigned int)d, h.env[d][p], 1e-3);
				if (!ret && c->tl->n > before)
					c->tl->s[before].pct = true;
			}
	}
out:
	for (d = 0; d < 3; d++)
		for (p = 0; p < RPT_TL_NPCT; p++)
			free(h.env[d][p]);
	for (i = 0; i < n; i++)
		free((char *)paths[i]);
	free(paths);
	return ret;
}

/* W and °C from the sidecars (unix ms: @zero is the axis' 0 in unix ms) */
static int sidecars(struct ctx *c, const struct rpt_fio_entry *e, const char *pre, double zero)
{
	struct rpt_envelope *env = c->row[0];
	struct rpt_smart sm = { 0 };
	double axis = c->tl->origin_ms;
	char *path;
	int ret = 0;

	/* the envelopes' columns from @zero, the axis' 0 on the sidecars' clock */
	c->tl->origin_ms = zero;

	path = rpt_find_sidecar(c->dir, pre, "power", "log", e, NULL, 0);
	if (path) {
		rpt_env_init(env, zero, 1);
		if (!read_log(c, path, zero, false)) {
			/* a power log's direction field is 0 */
			for (int d = 0; d < 3; d++)
				rpt_env_merge(env, c->one[d], RPT_ENV_POOL);
			ret = rpt_tl_add(c->tl, RPT_TL_POWER, "W", 3, env, 1e-3);
		}
		free(path);
	}
	path = ret ? NULL : rpt_find_sidecar(c->dir, pre, "smart", "jsonl", e, NULL, 0);
	if (path && !rpt_smart_read(path, &sm, c->notes)) {
		rpt_env_init(env, zero, 1);
		for (size_t i = 0; i < sm.n; i++)
			if (!isnan(sm.s[i].temp_c))
				rpt_env_add(env, sm.s[i].t_ms, sm.s[i].temp_c);
		ret = rpt_tl_add(c->tl, RPT_TL_TEMP, "composite", 3, env, 1);
	}
	rpt_smart_free(&sm);
	free(path);
	c->tl->origin_ms = axis;
	return ret;
}

static int add_span(struct rpt_timeline *tl, double t0, double t1, const char *what)
{
	struct rpt_tl_span *sp = realloc(tl->sp, (tl->nsp + 1) * sizeof(*sp));

	if (!sp)
		return -ENOMEM;
	tl->sp = sp;
	sp[tl->nsp++] = (struct rpt_tl_span){ t0, t1, what };
	return 0;
}

int rpt_tl_add_span_ms(struct rpt_timeline *tl, double t0_ms, double t1_ms, const char *what)
{
	if (!tl->unix_ms || !tl->n)
		return 0;
	return add_span(tl, (t0_ms - tl->origin_ms) / 1000, (t1_ms - tl->origin_ms) / 1000, what);
}

/* erase, idle and burst spans of the events (unix ms; @zero the axis' 0) */
static int spans(struct rpt_timeline *tl, const struct rpt_events *ev, double zero)
{
	double open[3] = { NAN, NAN, NAN };
	static const char *const what[3] = { "erase", "idle", "burst" };
	int ret = 0;

	for (size_t i = 0; i < ev->n && !ret; i++) {
		const struct rpt_event *e = &ev->ev[i];
		int k = e->kind == RPT_EV_ERASE_START || e->kind == RPT_EV_ERASE_END ? 0 :
			e->kind == RPT_EV_IDLE_START || e->kind == RPT_EV_IDLE_END ? 1 :
			e->kind == RPT_EV_BURST_START || e->kind == RPT_EV_BURST_END ? 2 : -1;
		bool start = e->kind == RPT_EV_ERASE_START || e->kind == RPT_EV_IDLE_START ||
			     e->kind == RPT_EV_BURST_START;

		if (k < 0)
			continue;
		if (start) {
			open[k] = e->t_ms;
		} else if (!isnan(open[k])) {
			ret = add_span(tl, (open[k] - zero) / 1000, (e->t_ms - zero) / 1000, what[k]);
			tl->nbursts += k == 2;
			open[k] = NAN;
		}
	}
	return ret;
}

/* the row's first entry that did I/O, or NULL */
static const struct rpt_fio_entry *first_entry(const struct rpt_fio_run *run,
					       const struct rpt_fio_group *g, unsigned int mask)
{
	for (size_t i = 0; i < g->n; i++)
		if (g->e[i].thread && rpt_fio_did_io(run, &g->e[i], mask))
			return &g->e[i];
	return NULL;
}

int rpt_tl_begin(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		 unsigned int mask, const char *dir, struct rpt_tl_taps *tp)
{
	struct rpt_timeline axis = { 0 };
	struct ctx c = { .run = run, .g = g, .mask = mask, .dir = dir, .tl = &axis };
	const struct rpt_fio_entry *e = first_entry(run, g, mask);

	memset(tp, 0, sizeof(*tp));
	if (!e)
		return 0;
	tp->evp = rpt_find_sidecar(dir, prefix_of(&c, e, "write_bw_log"), "events", "jsonl", e, NULL, 0);
	if (tp->evp && rpt_events_read(tp->evp, e->jobname, &tp->ev, &tp->notes) == -ENOMEM)
		return -ENOMEM;
	axis.unix_ms = rpt_fio_unix_epoch(rpt_fio_option(run, e, "log_unix_epoch"),
					  rpt_fio_option(run, e, "log_alternate_epoch"),
					  rpt_fio_option(run, e, "log_alternate_epoch_clock_id"));
	origin(&c, tp->evp ? &tp->ev : NULL);
	tp->unix_ms = axis.unix_ms;
	tp->origin_ms = axis.origin_ms;
	tp->ready = true;
	return 0;
}

struct rpt_tl_tap *rpt_tl_tap(struct rpt_tl_taps *tp, const char *path)
{
	struct rpt_tl_tap *t, **a;

	if (!tp || !tp->ready)
		return NULL;
	a = realloc(tp->t, (tp->n + 1) * sizeof(*a));
	if (!a)
		return NULL;
	tp->t = a;
	t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->path = strdup(path);
	if (!t->path) {
		free(t);
		return NULL;
	}
	for (int d = 0; d < 3; d++)
		rpt_env_init(&t->env[d], tp->origin_ms, 1);
	tp->t[tp->n++] = t;
	return t;
}

void rpt_tl_taps_free(struct rpt_tl_taps *tp)
{
	if (!tp)
		return;
	for (size_t i = 0; i < tp->n; i++) {
		free(tp->t[i]->path);
		free(tp->t[i]);
	}
	free(tp->t);
	rpt_events_free(&tp->ev);
	rpt_diag_free(&tp->notes);
	free(tp->evp);
	memset(tp, 0, sizeof(*tp));
}

int rpt_job_timeline(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		     unsigned int mask, const char *dir, struct rpt_tl_taps *tp,
		     struct rpt_timeline *tl, struct rpt_diag *notes)
{
	static const char *const bw[] = { "bw", NULL }, *const iops[] = { "iops", NULL },
			  *const lat[] = { "clat", "lat", NULL };
	struct ctx c = { .run = run, .g = g, .mask = mask, .dir = dir, .tl = tl, .notes = notes,
			 .tp = tp };
	const struct rpt_fio_entry *e = first_entry(run, g, mask);
	const char *pre = NULL;
	double zero = NAN;
	int ret = 0, d;
	size_t i;

	memset(tl, 0, sizeof(*tl));
	if (!e || !tp->ready)
		return 0;
	for (i = 0; i < tp->notes.n; i++)
		rpt_diag_add(notes, tp->notes.level[i], "%s", tp->notes.msg[i]);
	for (d = 0; d < 3; d++) {
		c.row[d] = malloc(sizeof(struct rpt_envelope));
		c.one[d] = malloc(sizeof(struct rpt_envelope));
		if (!c.row[d] || !c.one[d])
			ret = -ENOMEM;
	}
	pre = prefix_of(&c, e, "write_bw_log");
	tl->unix_ms = tp->unix_ms;
	tl->origin_ms = tp->origin_ms;
	if (!ret)
		ret = fio_series(&c, "write_bw_log", bw, RPT_TL_MBPS, RPT_ENV_SUM, 1.024e-3);
	if (!ret)
		ret = fio_series(&c, "write_iops_log", iops, RPT_TL_IOPS, RPT_ENV_SUM, 1);
	if (!ret)
		ret = fio_series(&c, "write_lat_log", lat, RPT_TL_LAT, RPT_ENV_POOL, 1e-3);
	for (i = 0; !ret && i < tl->n; i++)
		if (tl->s[i].chart == RPT_TL_LAT) {
			char *nm = tl->s[i].name;

			snprintf(nm + strlen(nm), sizeof(tl->s[i].name) - strlen(nm), " mean");
		}
	if (!ret)
		ret = hist_series(&c);
	/* the sidecars' unix ms on this axis */
	if (tl->unix_ms)
		zero = tl->origin_ms;
	else if (tp->evp)
		zero = rpt_events_io_start(&tp->ev, INFINITY);
	if (!ret && tl->n && !isnan(zero))
		ret = sidecars(&c, e, pre, zero);
	if (!ret && tl->n && tp->evp && !isnan(zero))
		ret = spans(tl, &tp->ev, zero);
	if (ret || !tl->n)
		rpt_timeline_free(tl);
	if (!ret && !tl->n)
		memset(tl, 0, sizeof(*tl));
	for (d = 0; d < 3; d++) {
		free(c.row[d]);
		free(c.one[d]);
	}
	return ret;
}

void rpt_tl_scale_time(struct rpt_timeline *tl, double scale)
{
	size_t i, k;

	for (i = 0; i < tl->n; i++) {
		for (k = 0; k < tl->s[i].n; k++)
			tl->s[i].t_s[k] *= scale;
		tl->s[i].col_s *= scale;
	}
	for (i = 0; i < tl->nsp; i++) {
		tl->sp[i].t0_s *= scale;
		tl->sp[i].t1_s *= scale;
	}
	tl->end_s *= scale;
	tl->time_scale = scale;
}

void rpt_timeline_free(struct rpt_timeline *tl)
{
	if (!tl)
		return;
	for (size_t i = 0; i < tl->n; i++)
		free(tl->s[i].t_s);
	free(tl->s);
	free(tl->sp);
	memset(tl, 0, sizeof(*tl));
}
