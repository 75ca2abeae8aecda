// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "energy_counter.h"
#include "fill.h"
#include "fio_figures.h"
#include "fio_stats.h"
#include "fio_stop.h"
#include "fio_version.h"
#include "hist_log.h"
#include "killed.h"
#include "log_find.h"
#include "metrics.h"
#include "marks.h"
#include "power.h"
#include "pstate.h"
#include "reader_json.h"
#include "reader_log.h"
#include "smart.h"
#include "status.h"
#include "stop.h"
#include "timeline.h"

/* @a then @b into @dst, cut to @len */
static void why_cat(char *dst, size_t len, const char *a, const char *b)
{
	size_t la = strnlen(a, len - 1), lb = strnlen(b, len - 1 - la);

	memmove(dst + la, b, lb);
	memmove(dst, a, la);
	dst[la + lb] = '\0';
}

static void null_all(struct rpt_fig *const *f, size_t n, const char *why)
{
	size_t i;

	for (i = 0; i < n; i++)
		rpt_fig_null(f[i], "%s", why);
}

/* How a job's bw logs are to be read. */
struct bw_opts {
	double avg_ms;		/* log_avg_msec, 0 per-I/O or unknown */
	bool unix_ms;		/* log_unix_epoch=1 */
	bool short_job;		/* may have ended before fio's first log tick */
	bool any_ddir;		/* a "mixed" row: the fill takes samples of any ddir */
	bool progress;		/* the engine's progress sidecar (engine/progress.h):
				 * every interval logged, zeros too */
	struct rpt_tl_taps *taps;	/* the time chart's, fed in the same pass, or NULL */
};

/* The bytes a bw log adds up to per ddir, by the fill's interval rule (fill.h). */
struct log_bytes {
	double b[3];
	double t_prev[3];
	bool seen[3];
};

struct window {
	bool ok;
	double t0, t1;
	char why[RPT_WHY_LEN];
	struct log_bytes lb;
	bool counted;		/* lb holds one whole log */
};

static void count_bytes(struct log_bytes *lb, const struct rpt_log_sample *s, double avg_ms)
{
	unsigned int dd = s->ddir;
	double ms;

	if (dd > 2 || !(s->value > 0))
		return;
	if (s->bs) {
		lb->b[dd] += (double)s->bs;
		return;
	}
	ms = lb->seen[dd] ? s->t_ms - lb->t_prev[dd] : fabs(avg_ms);
	if (ms > 1.5 * avg_ms && avg_ms > 0)
		ms = avg_ms;	/* (a progress sidecar passes -avg_ms: no gaps) */
	if (ms > 0)
		lb->b[dd] += s->value * 1024 * ms / 1000;
	lb->t_prev[dd] = s->t_ms;
	lb->seen[dd] = true;
}

/*
 * Read the bw log: the active window, and the fill curve when @fill; the
 * time chart's series of it in the same pass (timeline.h), but of fio's own
 * log only.
 */
static void read_bw_log(const char *path, const struct bw_opts *o,
			struct rpt_fill_curve *fill, struct window *w,
			struct rpt_diag *d, int *err)
{
	struct rpt_tl_tap *tap = NULL;
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	bool first = true, fill_stop = false;
	int ret;

	ret = rpt_log_open(&r, path);
	if (!ret && !o->progress && (tap = rpt_tl_tap(o->taps, path))) {
		/* a per-I/O log's time chart is its bytes per column */
		r.tap = tap->env;
		r.tap_bytes = tap->bytes = o->avg_ms <= 0;
	}
	while (!ret && (ret = rpt_log_next(&r, &s)) == 1) {
		double start = s.t_ms - (s.bs ? 0 : o->avg_ms);

		ret = 0;
		if (first || start < w->t0)
			w->t0 = start;
		if (first || s.t_ms > w->t1)
			w->t1 = s.t_ms;
		first = false;
		if (!fill)	/* a fill's bytes are its curve's */
			count_bytes(&w->lb, &s, o->progress ? -o->avg_ms : o->avg_ms);
		if (fill && (s.ddir == 1 || o->any_ddir)) {
			ret = rpt_fill_add_sample(fill, &s);
			if (ret == -ERANGE)
				snprintf(r.err, sizeof(r.err),
					 "%s:%lu: more than 200 TB written: not a real drive's log",
					 path, r.line);
			else if (ret)
				snprintf(r.err, sizeof(r.err), "%s: %s", path, strerror(-ret));
			fill_stop = ret != 0;
			if (ret)
				break;
			ret = 0;
		}
	}
	/* to its end, or to a line that is not a sample: the chart draws what came before */
	if (tap && !fill_stop) {
		tap->whole = true;
		if (ret < 0)
			snprintf(tap->err, sizeof(tap->err), "%s", r.err);
	}
	w->counted = !ret && !first;
	if (!ret && fill && (ret = rpt_fill_finish(fill)))
		snprintf(r.err, sizeof(r.err), "%s: %s", path, ret == -ERANGE ?
			 "more than 200 TB written: not a real drive's log" : strerror(-ret));
	if (ret < 0) {
		rpt_diag_add(d, RPT_ERROR, "%s", r.err);
		why_cat(w->why, sizeof(w->why), "", r.err);
		*err = ret;
	} else if (first && o->short_job) {
		snprintf(w->why, sizeof(w->why),
			 "the bw log %s is empty: fio logs nothing for a job shorter than its first log tick%s",
			 path, o->avg_ms > 0 ? "; log every I/O (log_avg_msec=0) for its curve" : "");
		*err = -ENODATA;
	} else if (first) {
		rpt_diag_add(d, RPT_ERROR, "%s:1: empty log: expected fio bw samples", path);
		snprintf(w->why, sizeof(w->why), "the bw log %s is empty", path);
		*err = -ENODATA;
	} else if (!o->unix_ms) {
		snprintf(w->why, sizeof(w->why),
			 "the bw log has times relative to the job start (log_unix_epoch=0), so the power log cannot be aligned");
	} else {
		w->ok = true;
	}
	rpt_log_close(&r);
}

/*
 * A meter's energy counter, where it covers the window: the job's joules,
 * and its mean power the joules over the window; else the samples' (said).
 */
static void counter_energy(const struct rpt_events *ev, const char *path,
			   const struct window *w, struct rpt_job *j)
{
	j->energy_from = "samples";
	if (j->has_bursts) {
		if (ev->counter.have)
			snprintf(j->energy_note, sizeof(j->energy_note), "sum of power samples: "
				 "a burst test's window is its bursts, the energy counter spans "
				 "the job");
		return;
	}
	if (!rpt_energy_counter_window(&ev->counter, path, w->t0, w->t1, &j->energy_j,
				       j->energy_note, sizeof(j->energy_note))) {
		if (ev->counter.have)
			rpt_diag_add(&j->notes, RPT_WARN, "energy: %s", j->energy_note);
		return;
	}
	j->energy_from = "counter";
	if (w->t1 > w->t0)
		rpt_fig_set(&j->power_w, j->energy_j.v / ((w->t1 - w->t0) / 1000));
}

/* The power figures over the window; the power log's time chart fed in the same pass. */
static void power(const struct rpt_fio_entry *e, const char *dir,
		  const char *prefix, const struct window *w, const struct rpt_events *ev,
		  struct rpt_tl_taps *taps, struct rpt_job *j, struct rpt_diag *d)
{
	struct rpt_tl_tap *tap = NULL;
	struct rpt_fig *figs[3] = { &j->power_w, &j->energy_j, &j->peak_power_w };
	struct rpt_log_reader r;
	struct rpt_power p;
	struct rpt_span *sp;
	char tried[2 * PATH_MAX + 8] = "", why[RPT_WHY_LEN];
	char *path = NULL;
	size_t i, n;
	int ret;

	if (!e->thread) {
		null_all(figs, 3, "client/server run: the logs stay on the servers");
		return;
	}
	path = rpt_find_sidecar(dir, prefix, "power", "log", e, tried, sizeof(tried));
	if (!path) {
		snprintf(why, sizeof(why), "no power log (looked for %.*s)",
			 (int)(sizeof(why) - 40), tried);
		null_all(figs, 3, why);
		return;
	}
	if (!j->has_bursts && !w->ok) {
		why_cat(why, sizeof(why), "no active window for the power log: ",
			w->why[0] ? w->why : "the job has no bw log (write_bw_log)");
		null_all(figs, 3, why);
		free(path);
		return;
	}
	/* a burst test: the bursts are the active window, not the idle between */
	n = j->has_bursts ? j->bursts.n : 1;
	sp = malloc(n * sizeof(*sp));
	if (!sp) {
		null_all(figs, 3, "out of memory");
		free(path);
		return;
	}
	for (i = 0; i < n; i++) {
		sp[i].t0_ms = j->has_bursts ? j->bursts.b[i].t0_ms : w->t0;
		sp[i].t1_ms = j->has_bursts ? j->bursts.b[i].t1_ms : w->t1;
	}
	/* the chart's axis is the power log's own clock only with unix-ms fio logs */
	ret = rpt_log_open(&r, path);
	if (!ret && taps && taps->unix_ms && (tap = rpt_tl_tap(taps, path)))
		r.tap = tap->env;
	if (ret || rpt_power_read_spans(&r, sp, n, &p)) {
		rpt_diag_add(d, RPT_ERROR, "%s", r.err);
		null_all(figs, 3, r.err);
	} else {
		j->power_w = p.avg_w;
		j->energy_j = p.energy_j;
		j->peak_power_w = p.peak_w;
		if (tap)
			tap->whole = true;	/* read to its end */
	}
	rpt_log_close(&r);
	if (j->energy_j.ok)
		counter_energy(ev, path, w, j);
	free(sp);
	free(path);
}

/*
 * The drive's own measurement over the window (drive_power.h); when it was
 * the only source, the job's energy and power are the drive's.
 */
static void drive_power(const struct rpt_fio_entry *e, const char *dir, const char *prefix,
			const struct window *w, const struct rpt_events *ev, struct rpt_job *j)
{
	char tried[2 * PATH_MAX + 8];
	char *path;

	if (!ev->drive.have || j->has_bursts || !w->ok) {
		rpt_drive_figs_null(&j->drive, !ev->drive.have ? "no drive_power event: the "
				    "drive's own measurement was not read (ssdq_power=...;nvme-pm)" :
				    j->has_bursts ? "a burst test's window is its bursts, the "
				    "drive's measurement spans the job" :
				    "no active window for the drive's measurement");
		return;
	}
	path = e->thread ? rpt_find_sidecar(dir, prefix, "power", "log", e, tried,
					    sizeof(tried)) : NULL;
	rpt_drive_figs(&ev->drive, path, w->t0, w->t1, &j->drive);
	free(path);
	if (ev->drive.beside || !j->drive.energy_j.ok)
		return;
	j->energy_from = "drive";
	j->energy_j = j->drive.energy_j;
	j->power_w = j->drive.power_w;
	snprintf(j->energy_note, sizeof(j->energy_note), "%s", j->drive.note);
}

/* The job erased the drive and moved no more than a token of data. */
static bool purge_step(const struct rpt_events *ev)
{
	bool erased = false;
	double moved = -1;
	size_t i;

	for (i = 0; i < ev->n; i++) {
		if (ev->ev[i].kind == RPT_EV_ERASE_END)
			erased = true;
		else if (ev->ev[i].kind == RPT_EV_JOB_END)
			moved = ev->ev[i].bytes;
	}
	return erased && moved >= 0 && moved <= RPT_PURGE_BYTES;
}

/* The events sidecar: stop reason and bursts. */
static int events(const struct rpt_fio_entry *e, const char *dir, const char *prefix,
		  struct rpt_events *ev, struct rpt_job *j, struct rpt_diag *d)
{
	char tried[2 * PATH_MAX + 8];
	char *path;
	int ret;

	if (!e->thread) {
		snprintf(j->stop_why, sizeof(j->stop_why),
			 "client/server run: the sidecars stay on the servers");
		return 0;
	}
	path = rpt_find_sidecar(dir, prefix, "events", "jsonl", e, tried, sizeof(tried));
	if (!path) {
		snprintf(j->stop_why, sizeof(j->stop_why), "no events sidecar (looked for %.*s)",
			 (int)(sizeof(j->stop_why) - 40), tried);
		return 0;
	}
	ret = rpt_events_read(path, e->jobname, ev, d);
	if (ret == -ENOMEM) {
		free(path);
		return ret;
	}
	if (ret) {
		snprintf(j->stop_why, sizeof(j->stop_why), "%.*s cannot be read",
			 (int)(sizeof(j->stop_why) - 20), path);
		free(path);
		return 0;
	}
	j->has_events = true;
	j->purge = purge_step(ev);
	/* a string of our own: the events are freed after the job */
	j->stop = rpt_stop_from_events(ev, path, j->stop_why, sizeof(j->stop_why));
	if (ev->device_errors)
		rpt_diag_add(&j->notes, RPT_WARN, "%s: %lu device errors during the job",
			     path, ev->device_errors);
	free(path);
	ret = rpt_bursts_compute(ev, &j->bursts);
	if (ret < 0)
		return ret;
	j->has_bursts = ret > 0;
	if (j->bursts.unclosed)
		rpt_diag_add(&j->notes, RPT_WARN,
			     "%lu bursts started but did not end (left out of the burst figures)",
			     j->bursts.unclosed);
	return 0;
}

/*
 * The entry of group @g whose job sampled the device (one sampler per
 * device: the job that took it first, engine/sampling.c): the first with
 * a power log or SMART sidecar, else @e.
 */
static const struct rpt_fio_entry *sampler_entry(const struct rpt_fio_group *g,
						 const struct rpt_fio_entry *e,
						 const char *dir, const char *prefix)
{
	static const char *const kind[2][2] = { { "power", "log" }, { "smart", "jsonl" } };
	size_t i;
	int k;

	for (i = 0; i < g->n; i++)
		for (k = 0; k < 2 && g->e[i].thread; k++) {
			char *p = rpt_find_sidecar(dir, prefix, kind[k][0], kind[k][1], &g->e[i], NULL, 0);

			free(p);
			if (p)
				return &g->e[i];
		}
	return e;
}

static void smart(const struct rpt_fio_entry *e, const char *dir, const char *prefix,
		  struct rpt_smart *sm, struct rpt_diag *d, bool *ok)
{
	char tried[2 * PATH_MAX + 8];
	char *path;

	*ok = false;
	if (!e->thread)
		return;
	path = rpt_find_sidecar(dir, prefix, "smart", "jsonl", e, tried, sizeof(tried));
	if (!path)
		return;
	*ok = !rpt_smart_read(path, sm, d);
	free(path);
}

/*
 * fio 3.33 starts a job's clock after the engine's set-up and takes the first
 * bw sample at its helper thread's first tick, up to 250 ms later (and any
 * log_avg_msec): the first sample's rate covers all of that time, not
 * log_avg_msec. When the log adds up to less than fio's io_bytes, the part of
 * the first interval before its last log_avg_msec is put back at the first
 * sample's rate: from the latest set-up event in the events sidecar, else as
 * much as is missing (at most 250 ms). With the events' start, the time
 * says how much the first interval held; when the log then adds up to a
 * little more than fio's io_bytes (its rates run on fio's clock, its
 * timestamps on the wall clock: 1 % over 30 s was seen), the rest of the
 * curve is stretched to fio's count rather than the first interval cut
 * short, which would move every later byte, the cache's end among them.
 */
#define FIO_FIRST_TICK_MS	250.0
#define FIO_LOG_DRIFT		0.03	/* log sum vs io_bytes: a clock's, not a gap's */
#define FIO_END_SLACK_MS	5.0	/* from the last completion to job_end */

static int first_interval(struct rpt_fill_curve *c, double t_start, double io_bytes,
			  const char *bw, struct rpt_job *j)
{
	double k = c->scale, avg = c->avg_msec, need, tail, add_b = 0, gap, first, total = 0;
	int ret = 0;

	if (!(avg > 0) || !c->started || !(c->v_first > 0))
		return 0;
	need = io_bytes * k - c->bytes;
	tail = c->v_last * avg * k;	/* fio drops the last partial interval */
	if (!(io_bytes > 0)) {
		/* nothing to check against */
	} else if (!isnan(t_start)) {
		gap = c->t_first - t_start;
		if (gap > 0.5 * avg) {
			add_b = c->v_first * gap * k;
			total = io_bytes * k - 0.5 * tail;
			if (add_b > need - 0.5 * tail &&
			    c->bytes + add_b - total > FIO_LOG_DRIFT * c->bytes) {
				add_b = need - 0.5 * tail;
				total = 0;
			}
		}
	} else if (need > tail) {
		add_b = fmin(need - 0.5 * tail, c->v_first * FIO_FIRST_TICK_MS * k);
		char sz[48];

		rpt_diag_add(&j->notes, RPT_WARN,
			     "%s: the log adds up to %s less than fio's io_bytes: the first sample is taken to cover %.0f ms more than log_avg_msec (fio's first interval starts with the job; no events sidecar says when)",
			     bw, rpt_fmt_bytes(sz, sizeof(sz), need / k), add_b / k / c->v_first);
	}
	if (io_bytes > 0)
		c->drift = fabs(need - add_b);
	if (add_b > 0 && total > add_b)
		ret = rpt_fill_prepend_to(c, add_b, add_b / c->v_first, total);
	else if (add_b > 0)
		ret = rpt_fill_prepend(c, add_b, add_b / c->v_first);
	first = add_b + c->v_first * avg * k;
	if (!ret && first > fmax(4e9, 0.02 * c->bytes))
		rpt_diag_add(&j->notes, RPT_WARN,
			     "%s: fio's first bw sample covers the first %.1f GB (%.0f ms): the speed inside it is one average, so a cache or phase shorter than that cannot be seen%s",
			     bw, first / 1e9, first / k / c->v_first,
			     k > 1 ? "; for a scaled model, log every I/O (log_avg_msec=0)" : "");
	return ret;
}

/* The longest runtime of the entry's data directions, ms (0 unknown). */
static double runtime_ms(const struct rpt_fio_entry *e)
{
	double ms = 0, v;
	unsigned int dd;

	for (dd = 0; dd < RPT_NDDIR; dd++) {
		struct json_object *o;

		if (json_object_object_get_ex(e->obj, rpt_ddir_name[dd], &o) &&
		    rpt_json_num(o, "runtime", "", "", &v, NULL) > 0)
			ms = fmax(ms, v);
	}
	return ms;
}

/*
 * The slowest I/O's completion latency in ms over the entry's directions
 * (clat_ns, or fio 2.x's clat in us), 0 if none is given.
 */
static double slowest_io_ms(const struct rpt_fio_entry *e)
{
	double ms = 0, v;
	unsigned int dd;

	for (dd = 0; dd < RPT_NDDIR; dd++) {
		struct json_object *o, *c;

		if (!json_object_object_get_ex(e->obj, rpt_ddir_name[dd], &o))
			continue;
		if (json_object_object_get_ex(o, "clat_ns", &c) &&
		    rpt_json_num(c, "max", "", "", &v, NULL) > 0)
			ms = fmax(ms, v / 1e6);
		else if (json_object_object_get_ex(o, "clat", &c) &&
			 rpt_json_num(c, "max", "", "", &v, NULL) > 0)
			ms = fmax(ms, v / 1e3);
	}
	return ms;
}

/* The directions of a row a fill is made of: write, or mixed (unified). */
#define FILL_MASK(mask)	((mask) & (1u << RPT_DD_WRITE | 1u << RPT_DD_MIXED))

static double write_io_bytes(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
			     unsigned int mask)
{
	return rpt_fio_row_bytes(run, e, FILL_MASK(mask));
}

/*
 * One bw log: the active window @w, and the fill curve @fc (set up by the
 * caller) when not NULL, with fio's first interval put back (@io_bytes: what
 * fio counted the job wrote; @ev: the job's events, or NULL). @err is set
 * when the log cannot give them (w->why says why). @alt, when not NULL, gets
 * the curve read with its gaps as late ticks (fill.h) where the log has
 * such gaps; it is left empty (n = 0) otherwise. Return: 0 or -ENOMEM.
 */
static int job_fill(const char *bw, const struct bw_opts *o,
		    double io_bytes, const struct rpt_events *ev,
		    struct rpt_fill_curve *fc, struct rpt_fill_curve *alt, struct window *w,
		    struct rpt_job *j, struct rpt_diag *d, int *err)
{
	double t0;
	int ret;

	if (fc)
		fc->every_interval = o->progress;
	read_bw_log(bw, o, fc, w, d, err);
	/* the progress sidecar's first interval starts with its writer */
	if (!fc || *err || o->progress)
		return 0;
	if (alt && fc->gap_bytes > 0) {
		struct bw_opts oa = *o;
		struct window wa = *w;
		int aerr = 0;

		if (rpt_fill_init(alt, o->avg_ms))
			return -ENOMEM;
		rpt_fill_set_scale(alt, fc->scale);
		alt->gaps_busy = true;
		oa.taps = NULL;	/* the second pass of a log with gaps: charted in the first */
		read_bw_log(bw, &oa, alt, &wa, d, &aerr);
		if (aerr || first_interval(alt, ev ? rpt_events_io_start(ev, alt->t_first) : NAN,
					   io_bytes, bw, j) == -ENOMEM)
			rpt_fill_free(alt);
	}
	t0 = fc->t_first;
	ret = first_interval(fc, ev ? rpt_events_io_start(ev, fc->t_first) : NAN,
			     io_bytes, bw, j);
	if (ret == -ENOMEM)
		return ret;
	if (ret)
		rpt_diag_add(&j->notes, RPT_WARN, "%s: %s", bw, strerror(-ret));
	/* the power window starts with the I/O too */
	if (fc->t_first < t0 && w->t0 > fc->t_first)
		w->t0 = fc->t_first;
	return 0;
}

/*
 * A sequential write by several jobs (numjobs; one entry each, or one with
 * group_reporting): each thread's bw log (its progress sidecar for a killed
 * run, @o->progress) is read on its own, and the drive's
 * fill is their sum over time (rpt_fill_merge()); the window spans them all.
 * Every job's first interval is put back from the first job's events (jobs
 * of a group start together) and its share of fio's io_bytes. A missing or
 * bad log fails the fill (@err, w->why). Return: 0 or -ENOMEM.
 */
static int group_fill(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		      unsigned int mask, const char *dir, const char *prefix,
		      const struct rpt_device *dev, const struct bw_opts *o,
		      const struct rpt_events *ev, struct rpt_fill_curve *fc,
		      struct window *w, struct rpt_job *j, struct rpt_diag *d, int *err)
{
	struct rpt_fill_curve **in = NULL;
	size_t i, n = 0, cap = 0;
	unsigned int t;
	int ret = 0;

	for (i = 0; i < g->n; i++) {
		if (!rpt_fio_did_io(run, &g->e[i], FILL_MASK(mask)))
			continue;
		cap += g->e[i].nthreads ? g->e[i].nthreads : 1;
	}
	if (!rpt_fio_option_on(run, &g->e[0], "per_job_logs", true)) {
		snprintf(w->why, sizeof(w->why),
			 "per_job_logs=0: the group's %zu jobs share one bw log", cap);
		*err = -EINVAL;
		return 0;
	}
	in = calloc(cap ? cap : 1, sizeof(*in));
	if (!in)
		return -ENOMEM;
	for (i = 0; i < g->n && !ret && !*err; i++) {
		const struct rpt_fio_entry *e = &g->e[i];
		unsigned int nt = e->nthreads ? e->nthreads : 1;

		if (!rpt_fio_did_io(run, e, FILL_MASK(mask)))
			continue;

		for (t = e->thread; t < e->thread + nt && !ret && !*err; t++) {
			struct window wj = { 0 };
			char *path = rpt_log_path(dir, prefix, o->progress ? "progress_bw" : "bw", "log",
					      t, true, e->host);

			in[n] = calloc(1, sizeof(**in));
			if (!path || !in[n] || rpt_fill_init(in[n], o->avg_ms)) {
				free(path);
				ret = -ENOMEM;
				break;
			}
			rpt_fill_set_scale(in[n], dev ? dev->scale : 1);
			n++;
			if (access(path, R_OK)) {
				snprintf(w->why, sizeof(w->why),
					 "the bw log %s of thread %u (one of the %zu writing) is missing",
					 path, t, cap);
				*err = -ENOENT;
			} else {
				ret = job_fill(path, o, write_io_bytes(run, e, mask) / nt, ev,
					       in[n - 1], NULL, &wj, j, d, err);
				if (*err) {
					snprintf(w->why, sizeof(w->why), "%s", wj.why);
				} else if (!ret && !in[n - 1]->started) {
					snprintf(w->why, sizeof(w->why),
						 "the bw log %s of thread %u has no write samples (ddir 1), though fio counted %.4g MB written by its job",
						 path, t, write_io_bytes(run, e, mask) / 1e6);
					*err = -ENODATA;
				}
			}
			if (!ret && !*err) {
				w->t0 = n > 1 ? fmin(w->t0, wj.t0) : wj.t0;
				w->t1 = n > 1 ? fmax(w->t1, wj.t1) : wj.t1;
				w->ok = wj.ok;
				if (!wj.ok)
					snprintf(w->why, sizeof(w->why), "%s", wj.why);
			}
			free(path);
		}
	}
	if (!ret && !*err) {
		ret = rpt_fill_merge(fc, in, n);
		if (ret == -ERANGE || ret == -EINVAL) {
			snprintf(w->why, sizeof(w->why), "the %zu jobs' bw logs cannot be merged: %s",
				 n, ret == -ERANGE ? "more than 200 TB written" : "their scales differ");
			*err = ret;
			ret = 0;
		}
	}
	for (i = 0; i < n; i++) {
		rpt_fill_free(in[i]);
		free(in[i]);
	}
	free(in);
	return ret;
}

/*
 * A sequential write without a bw log, in a file of --status-interval
 * snapshots: the fill from the snapshots' bytes over the group's write
 * runtime (status.h), coarser than a log (one point per snapshot). The window for power, when no other: the snapshots'
 * span, unix ms. Return: 0 or -ENOMEM; @err and w->why when there is no
 * curve.
 */
static int status_fill(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		       unsigned int mask, const struct rpt_device *dev,
		       struct rpt_fill_curve *fc, struct window *w, int *err)
{
	char why[RPT_WHY_LEN];
	size_t *idx, i, n = 0;
	int ret;

	idx = malloc((g->n ? g->n : 1) * sizeof(*idx));
	if (!idx)
		return -ENOMEM;
	for (i = 0; i < g->n; i++)
		if (rpt_fio_did_io(run, &g->e[i], FILL_MASK(mask)))
			idx[n++] = g->e[i].index;
	ret = rpt_status_fill(run->status, idx, n, dev ? dev->scale : 1, fc, why, sizeof(why));
	free(idx);
	if (ret == -ENOMEM)
		return ret;
	if (ret) {
		if (!w->why[0])
			snprintf(w->why, sizeof(w->why), "no bw log");
		why_cat(w->why, sizeof(w->why), w->why, ", and ");
		why_cat(w->why, sizeof(w->why), w->why,
			ret == -ERANGE ? "the snapshots add up to more than 200 TB" : why);
		*err = ret;
		return 0;
	}
	if (!w->ok && fc->t_first > 0) {
		w->t0 = fc->t_first;
		w->t1 = fc->t_last;
		w->ok = true;
		w->why[0] = '\0';
	}
	return 0;
}

/*
 * A bw log's bytes against fio's io_bytes over its @runtime_ms: the log may
 * miss what fio did outside its @span_ms (its first interval before the first
 * sample, the last partial interval, intervals without a completion at the
 * end) plus one log interval, and 2 % besides. Bytes in the drive's units
 * (a scaled model's full-drive bytes), times in the log's ms.
 */
static void bytes_vs_log(struct rpt_job *j, const char *what, double log, double fio,
			 double runtime_ms, double span_ms, double avg_ms)
{
	double rate = fio / runtime_ms, out = fmax(0, runtime_ms - span_ms);
	char a[32], b[32];

	if (!(fio > 0) || !(runtime_ms > 0))
		return;
	if (log <= 1.02 * fio + 1.05 * rate * avg_ms &&
	    log >= 0.98 * fio - rate * (out + 1.05 * avg_ms))
		return;
	rpt_diag_add(&j->notes, RPT_WARN,
		     "implausible: %s adds up to %s but fio counted %s%s%s; fio's io_bytes is kept for MB/s",
		     what, rpt_fmt_bytes(a, sizeof(a), log), rpt_fmt_bytes(b, sizeof(b), fio),
		     j->ddir ? " " : "", j->ddir ? j->ddir : "");
}

/* The bytes of the row's directions in a job's bw log against fio's io_bytes. */
static void check_log_bytes(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
			    unsigned int mask, const char *bw, const struct bw_opts *o,
			    const struct window *w, struct rpt_job *j)
{
	double log = 0;
	char what[PATH_MAX + 16];
	unsigned int dd;

	if (!w->counted)
		return;
	for (dd = 0; dd < 3; dd++)
		if (mask & (1u << dd | 1u << RPT_DD_MIXED))
			log += w->lb.b[dd];
	snprintf(what, sizeof(what), "the bw log %s", bw);
	bytes_vs_log(j, what, log, rpt_fio_row_bytes(run, e, mask), runtime_ms(e),
		     w->t1 - w->t0, o->avg_ms);
}

/*
 * Whether a sequential write's options cover the namespace from its start:
 * no offset (or 0), no size or a share of the device (size=N%), neither
 * time-based nor cut short by io_size or number_ios: the job library's
 * fill, pSLC and precondition steps, or a user's fill.
 */
static bool writes_namespace(const struct rpt_fio_run *run, const struct rpt_fio_entry *e)
{
	const char *off = rpt_fio_option(run, e, "offset"), *size = rpt_fio_option(run, e, "size");
	uint64_t v;

	if (off && strcmp(off, "0%") && (rpt_fio_size(off, 1, &v) || v))
		return false;
	if (size && !strchr(size, '%'))
		return false;
	return !rpt_fio_option_on(run, e, "time_based", false) &&
	       !rpt_fio_option(run, e, "io_size") && !rpt_fio_option(run, e, "io_limit") &&
	       !rpt_fio_option(run, e, "number_ios");
}

/* The fill's bytes against what fio counted its writers wrote. */
static void check_fill_bytes(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
			     unsigned int mask, double avg_ms, double span_ms,
			     const char *src, struct rpt_job *j)
{
	double b = 0, ms = 0;
	char what[PATH_MAX + 64];
	size_t i;

	for (i = 0; i < g->n; i++) {
		if (!rpt_fio_did_io(run, &g->e[i], FILL_MASK(mask)))
			continue;
		b += write_io_bytes(run, &g->e[i], mask) * j->fill.scale;
		ms = fmax(ms, runtime_ms(&g->e[i]));
	}
	snprintf(what, sizeof(what), "the fill from %s%s", src,
		 j->fill.scale > 1 ? " (full-drive sizes)" : "");
	bytes_vs_log(j, what, j->fill.gb_written * 1e9, b, ms, span_ms, avg_ms);
}

/*
 * Where fio's JSON has no json+ bins (plain JSON), the job's clat hist log
 * (write_hist_log) gives its latency distribution: the chart's points, and
 * p99/p99.99 where fio printed none. One job's log; a group of several is
 * left as fio's JSON has it. Return: 0 or -ENOMEM.
 */
static int hist_latency(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
			unsigned int mask, const char *dir, struct rpt_job *j, struct rpt_diag *d)
{
	const struct rpt_fio_entry *e = rpt_fio_row_entry(run, g, mask);
	const char *prefix = rpt_fio_option(run, e, "write_hist_log");
	struct rpt_hist_log hl;
	struct rpt_lat_hist h = { 0 };
	char *path, tried[PATH_MAX], err[PATH_MAX + 128];
	unsigned int dd;
	size_t i, n;
	int ret;

	if (j->lat_cdf.n || !prefix || g->n != 1 || !e->thread ||
	    (j->lat_kind && strcmp(j->lat_kind, "clat")))
		return 0;
	path = rpt_find_log(dir, *prefix ? prefix : e->jobname, "clat_hist", e, tried, sizeof(tried));
	if (!path)
		return 0;
	ret = rpt_hist_log_read(path, &hl, err, sizeof(err));
	if (ret) {
		rpt_diag_add(d, ret == -ENOMEM ? RPT_ERROR : RPT_WARN, "%s", err);
		goto out;
	}
	for (dd = 0; dd < 3 && !ret; dd++)
		for (i = 0; (mask & 1U << dd) && i < hl.h[dd].n && !ret; i++)
			ret = rpt_lat_hist_add(&h, hl.h[dd].bin[i].ns, hl.h[dd].bin[i].count);
	if (ret || !h.total)
		goto out;
	n = (size_t)rpt_lat_hist_cdf(&h, &j->lat_cdf.us, &j->lat_cdf.le);
	j->lat_cdf.n = j->lat_cdf.us ? n : 0;
	if (!j->lat_p99_us.ok) {
		j->lat_kind = "clat";
		rpt_fig_set(&j->lat_p99_us, rpt_lat_hist_percentile(&h, 99) / 1000.0);
		rpt_fig_set(&j->lat_p9999_us, rpt_lat_hist_percentile(&h, 99.99) / 1000.0);
	}
	rpt_diag_add(&j->notes, RPT_WARN,
		     "latency distribution from fio's clat hist log %s (%lu intervals, %llu I/Os%s%s; log_hist_coarseness=%u: a point stands for %u of fio's buckets)",
		     path, hl.lines, (unsigned long long)h.total,
		     j->lat_samples > h.total ? ": fio logs no partial last interval" : "",
		     hl.plat_nr == RPT_PLAT_NR_2X ? "; fio 2.x's µs buckets" : "",
		     hl.coarseness, 1U << hl.coarseness);
out:
	rpt_lat_hist_free(&h);
	rpt_hist_log_free(&hl);
	free(path);
	return ret == -ENOMEM ? ret : 0;
}

/* The progress sidecar's interval: log_avg_msec, else 1 s (engine/progress.h). */
static double progress_ms(const char *log_avg_msec)
{
	double v = log_avg_msec ? atof(log_avg_msec) : 0;

	return v > 0 ? v : 1000;
}

/* One job's logs and sidecars, as the stages of logs() find and read them. */
struct job_logs {
	const struct rpt_fio_run *run;
	const struct rpt_fio_group *g;
	unsigned int mask;
	const char *dir;
	const struct rpt_device *dev;
	const struct rpt_fio_entry *e;	/* the row's entry */
	const char *prefix;		/* write_bw_log, or NULL */
	const char *avg;		/* log_avg_msec, or NULL */
	bool seqw;			/* a sequential write: a fill */
	bool smart_ok, prog;		/* a SMART sidecar; bw is the progress sidecar */
	size_t writers, rows_jobs;
	char *bw;			/* the bw log's path, or NULL */
	struct window w;
	struct rpt_fill_curve fc, alt;
	struct rpt_events ev;
	struct rpt_smart sm;
	struct rpt_tl_taps *taps;	/* the time chart's, fed as the bw logs are read */
	int err;			/* the log could not be read: w.why says why */
};

/* Find the logs: the sidecars read, the bw log (or the progress sidecar) found, or why not. */
static int find_logs(struct job_logs *x, struct rpt_job *j, struct rpt_diag *d)
{
	const struct rpt_fio_run *run = x->run;
	const struct rpt_fio_entry *e = x->e;
	char tried[PATH_MAX] = "", *prog_path;
	bool missing = false, killed;
	size_t i;
	int ret;

	ret = events(e, x->dir, x->prefix, &x->ev, j, d);
	if (ret)
		return ret;
	/* no events: what fio's own output says of a run it cut short */
	if (!j->has_events)
		j->stop = rpt_fio_stop(run, x->g, x->mask, j->stop_why, sizeof(j->stop_why));
	j->power_estimated = rpt_events_power_estimated(&x->ev);
	smart(sampler_entry(x->g, e, x->dir, x->prefix), x->dir, x->prefix, &x->sm, d, &x->smart_ok);
	if (!x->seqw && !strcmp(j->rw, "write"))
		snprintf(j->fill_why, sizeof(j->fill_why),
			 "the %s row of a sequential write: the fill is the write row's",
			 j->ddir ? j->ddir : "other");
	else if (!x->seqw)
		snprintf(j->fill_why, sizeof(j->fill_why),
			 "not a sequential write (rw=%s)", j->rw);
	for (i = 0; i < x->g->n; i++) {
		x->writers += rpt_fio_did_io(run, &x->g->e[i], FILL_MASK(x->mask));
		x->rows_jobs += rpt_fio_did_io(run, &x->g->e[i], x->mask);
	}
	if (!x->prefix)
		snprintf(x->w.why, sizeof(x->w.why), "the job has no bw log (write_bw_log)");
	else if (!e->thread)
		snprintf(x->w.why, sizeof(x->w.why), "client/server run: the logs stay on the servers");
	else if (rpt_fio_option_on(run, e, "log_store_compressed", false))
		snprintf(x->w.why, sizeof(x->w.why),
			 "log_store_compressed=1: fio stored the samples compressed and binary (.fz); fio --inflate-log=FILE writes them as text");
	else if (rpt_fio_option_on(run, e, "log_compression", false) &&
		 rpt_fio_option_on(run, e, "log_avg_msec", false))
		/* a per-I/O log (log_avg_msec=0) comes out whole and is read */
		snprintf(x->w.why, sizeof(x->w.why),
			 "log_compression with log_avg_msec: fio (3.33 to 3.37 at least) then ignores log_avg_msec and drops samples (fio issues #1746, #1457), so the log cannot be trusted");
	else if (!(x->bw = rpt_find_log(x->dir, x->prefix, "bw", e, tried, sizeof(tried)))) {
		snprintf(x->w.why, sizeof(x->w.why), "the bw log %s is missing", tried);
		missing = true;
	}
	else if (!rpt_fio_option_on(run, e, "per_job_logs", true) && x->g->n > 1) {
		snprintf(x->w.why, sizeof(x->w.why), "per_job_logs=0: the jobs share one log");
		free(x->bw);
		x->bw = NULL;
	}
	/*
	 * fio writes its logs at the job's end: a killed job leaves the
	 * engine's account. fio's main process may write a killed job's log,
	 * but without its first interval, which nothing of fio's then counts.
	 */
	killed = j->stop && !strcmp(j->stop, "killed");
	if ((missing || killed || (!x->prefix && rpt_stop_partial(j->stop))) && e->thread &&
	    (prog_path = rpt_find_sidecar(x->dir, x->prefix, "progress_bw", "log", e, NULL, 0))) {
		rpt_diag_add(&j->notes, RPT_WARN, "%s%s: the speeds come from the engine's progress sidecar %s",
			     x->bw ? "the job was killed" : x->w.why, x->bw ? " (fio's log of it lacks its first interval and fio counted none of its bytes)" :
			     missing ? " (fio writes its logs at the job's end; a job killed leaves none)" : "", prog_path);
		free(x->bw);
		x->bw = prog_path;
		x->prog = true;
		x->w.why[0] = '\0';
	}
	if (x->seqw && !x->bw)
		why_cat(j->fill_why, sizeof(j->fill_why), "", x->w.why);
	if (x->seqw && j->has_bursts) {
		snprintf(j->fill_why, sizeof(j->fill_why),
			 "a burst test (%zu bursts with idle between): see the burst figures",
			 j->bursts.n);
		x->seqw = false;
	}
	return 0;
}

/* The window: the bw log read (with a sequential write's fill curve), else the status snapshots. */
static int read_window(struct job_logs *x, struct rpt_job *j, struct rpt_diag *d)
{
	const struct rpt_fio_run *run = x->run;
	const struct rpt_fio_entry *e = x->e;
	const char *avg = x->avg;
	bool seqw = x->seqw;
	int ret = 0;

	if (x->bw) {
		struct bw_opts o = {
			.avg_ms = x->prog ? rpt_progress_interval(x->bw, progress_ms(avg)) :
				  avg ? atof(avg) : 0,
			.progress = x->prog,
			.unix_ms = rpt_fio_unix_epoch(rpt_fio_option(run, e, "log_unix_epoch"),
						      rpt_fio_option(run, e, "log_alternate_epoch"),
						      rpt_fio_option(run, e, "log_alternate_epoch_clock_id")),
			.any_ddir = x->mask == 1u << RPT_DD_MIXED,
			.taps = x->taps,
		};

		/*
		 * fio's first tick may come 250 ms in, and a sample needs a
		 * completion: a job of a few slow I/Os (a starved host) can
		 * end before its log gets one.
		 */
		o.short_job = runtime_ms(e) <= FIO_FIRST_TICK_MS + o.avg_ms + slowest_io_ms(e);
		if (x->prog)
			o.unix_ms = true;
		if (seqw && (x->writers > 1 || e->nthreads > 1)) {
			ret = group_fill(run, x->g, x->mask, x->dir, x->prefix, x->dev, &o,
					 j->has_events ? &x->ev : NULL, &x->fc, &x->w, j, d, &x->err);
		} else {
			ret = seqw ? rpt_fill_init(&x->fc, o.avg_ms) : 0;
			rpt_fill_set_scale(&x->fc, x->dev ? x->dev->scale : 1);
			if (!ret)
				ret = job_fill(x->bw, &o, write_io_bytes(run, e, x->mask),
					       j->has_events ? &x->ev : NULL, seqw ? &x->fc : NULL,
					       seqw ? &x->alt : NULL, &x->w, j, d, &x->err);
			if (!ret && !x->err && !seqw && x->rows_jobs == 1 && e->nthreads <= 1)
				check_log_bytes(run, e, x->mask, x->bw, &o, &x->w, j);
		}
	} else if (seqw && run->status) {
		ret = status_fill(run, x->g, x->mask, x->dev, &x->fc, &x->w, &x->err);
	}
	return ret;
}

/* The fill: the SLC cache and the rest of the curve (slc.h), its bytes and throttling checked. */
static int fill(struct job_logs *x, struct rpt_job *j)
{
	const char *bw = x->bw;
	struct rpt_fill_curve *fc = &x->fc;
	int ret;

	if (!x->seqw || !(bw || x->run->status))
		return 0;
	if (x->err) {
		why_cat(j->fill_why, sizeof(j->fill_why), "", x->w.why);
		return 0;
	}
	ret = rpt_slc_analyse(fc, &j->fill);
	if (!ret && x->alt.n)
		ret = rpt_slc_widen(&x->alt, &j->fill);
	j->has_fill = !ret;
	j->writes_ns = writes_namespace(x->run, x->e);
	if (j->has_fill && !bw)
		snprintf(j->fill.source, sizeof(j->fill.source),
			 "%u --status-interval snapshots about %.0f ms apart (no bw log)",
			 x->run->status->docs, fc->avg_msec);
	else if (j->has_fill && x->prog)
		snprintf(j->fill.source, sizeof(j->fill.source),
			 "the engine's progress sidecar, every %.0f ms (no bw log)",
			 fc->avg_msec);
	if (fc->backwards)
		rpt_diag_add(&j->notes, RPT_WARN,
			     "%s: %lu samples went back in time and were skipped",
			     bw, fc->backwards);
	if (j->has_fill)
		check_fill_bytes(x->run, x->g, x->mask, fc->avg_msec, x->w.t1 - x->w.t0,
				 bw ? bw : "the --status-interval snapshots", j);
	if (j->has_fill && x->smart_ok && x->w.ok)
		rpt_fill_throttle(fc, &x->sm, &j->fill);
	else if (j->has_fill)
		rpt_fig_null(&j->fill.throttle_gb, "%s",
			     x->smart_ok ? "log times are not unix ms" : "no SMART sidecar");
	return ret;
}

/* The window stretched to the job's own start and end from its events, or taken from them. */
static void events_window(struct job_logs *x, struct rpt_job *j)
{
	struct window *w = &x->w;

	if (w->ok && j->has_events) {
		/*
		 * fio drops the last, partial log interval (and logs nothing
		 * for intervals without a completion): the job's I/O went on
		 * after the last sample; and fio's first sample can stand for
		 * up to 250 ms.
		 */
		double e0, e1, avg_ms = x->avg ? atof(x->avg) : 0, jr = 0;

		/*
		 * The end: the engine's job_end comes after fio wrote its logs
		 * (seconds for big ones), so the job's clock decides, from its
		 * start (the latest set-up event) plus fio's job_runtime.
		 */
		if (rpt_events_window(&x->ev, &e0, &e1) &&
		    rpt_json_num(x->e->obj, "job_runtime", "", "", &jr, NULL) > 0 && jr > 0)
			e1 = fmin(e1, e0 + jr);
		else if (!isnan(e1) && e1 - w->t1 > 2 * avg_ms + FIO_END_SLACK_MS)
			e1 = NAN;
		if (!isnan(e1) && e1 > w->t1)
			w->t1 = e1;
		/* and it began before fio's first sample's interval */
		if (!isnan(e0) && e0 < w->t0 && w->t0 - e0 <= FIO_FIRST_TICK_MS + avg_ms)
			w->t0 = e0;
	}
	if (!w->ok && j->has_events && rpt_events_window(&x->ev, &w->t0, &w->t1)) {
		/* no window from the bw log: the engine's events say when */
		w->ok = true;
		rpt_diag_add(&j->notes, RPT_WARN, "active window from the events sidecar (%s)",
			     w->why[0] ? w->why : "no bw log");
	}
}

/* SMART over the window: the temperatures and whether the drive throttled. */
static void thermal(struct job_logs *x, struct rpt_job *j)
{
	if (!x->smart_ok || !x->w.ok) {
		rpt_fig_null(&j->wa.wa, "%s", !x->smart_ok ? "no SMART sidecar" :
			     "no active window for the SMART log");
		return;
	}
	j->has_smart = true;
	rpt_smart_window(&x->sm, x->w.t0, x->w.t1, &j->thermal);
	rpt_smart_write_amp(&x->sm, x->w.t0, x->w.t1, &j->wa);
	if (j->thermal.throttled)
		rpt_diag_add(&j->notes, RPT_WARN, "the drive throttled during the job (%s)",
			     j->thermal.why);
}

/* The host sidecars over the window: the job's host verdict (host_verdict.h). */
static int host(struct job_logs *x, struct rpt_job *j, struct rpt_diag *d)
{
	char why[RPT_WHY_LEN];
	struct rpt_host h;
	int ret;

	if (!x->e->thread) {
		rpt_hostv_not_measured(&j->host, "client/server run: the sidecars stay on the servers");
		return 0;
	}
	ret = rpt_hostv_read_group(x->dir, x->prefix, x->g, &h, why, sizeof(why), d);
	if (ret < 0)
		return ret;
	if (!ret)
		rpt_hostv_not_measured(&j->host, "%s", why);
	else
		ret = rpt_hostv_compute(&h, x->w.ok ? x->w.t0 : NAN, x->w.ok ? x->w.t1 : NAN,
					j->iodepth.ok ? j->iodepth.v : 1, (double)j->lat_samples,
					&j->host);
	if (!ret) {
		struct rpt_hostv_lat l = { j->lat_cdf.us, j->lat_cdf.le, j->lat_cdf.n,
					   (double)j->lat_samples,
					   j->ddmask & (1u << RPT_DD_MIXED) ? 0 : j->ddmask };
		const struct rpt_events *ev = j->has_events && x->g->n == 1 ? &x->ev : NULL;

		rpt_hostv_pace(&j->host, ev);
		ret = rpt_hostv_drain_pcts(&j->host, &l, ev ? &ev->drain : NULL);
	}
	if (!ret && j->has_fill && x->w.ok)
		ret = rpt_fill_host(&x->fc, j->host.spike, j->host.nspikes, &j->fill);
	rpt_host_free(&h);
	return ret;
}

/* One job's logs in stages: find the logs, window, fill, power, SMART; @taps fed with the bw logs. */
/* The power-state figures (pstate.h): from the events, device.json and the power log. */
static int pstate(struct job_logs *x, struct rpt_job *j)
{
	char *log = NULL;
	int ret;

	if (!j->has_events || !x->ev.ps.have || !x->dev)
		return 0;
	if (x->e->thread)
		log = rpt_find_sidecar(x->dir, x->prefix, "power", "log",
				       sampler_entry(x->g, x->e, x->dir, x->prefix), NULL, 0);
	ret = rpt_pstate_compute(&x->ev, x->dev, log, j->lat_cdf.us, j->lat_cdf.le, j->lat_cdf.n,
				 &j->pstate);
	free(log);
	return ret;
}

static int logs(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		unsigned int mask, const char *dir, const struct rpt_device *dev,
		struct rpt_tl_taps *taps, struct rpt_job *j, struct rpt_diag *d)
{
	struct job_logs x = {
		.run = run, .g = g, .mask = mask, .dir = dir, .dev = dev,
		.e = rpt_fio_row_entry(run, g, mask), .taps = taps,
	};
	int ret;

	x.prefix = rpt_fio_option(run, x.e, "write_bw_log");
	x.avg = rpt_fio_option(run, x.e, "log_avg_msec");
	x.seqw = !strcmp(j->rw, "write") && FILL_MASK(mask);
	if (x.prefix && !*x.prefix)
		x.prefix = x.e->jobname;
	ret = find_logs(&x, j, d);
	if (!ret)
		ret = read_window(&x, j, d);
	if (!ret)
		ret = fill(&x, j);
	if (!ret) {
		events_window(&x, j);
		power(sampler_entry(g, x.e, dir, x.prefix), dir, x.prefix, &x.w, &x.ev, taps, j, d);
		drive_power(sampler_entry(g, x.e, dir, x.prefix), dir, x.prefix, &x.w, &x.ev, j);
		ret = pstate(&x, j);
	}
	if (!ret) {
		thermal(&x, j);
		ret = host(&x, j, d);
	}
	rpt_fill_free(&x.fc);
	rpt_fill_free(&x.alt);
	rpt_events_free(&x.ev);
	rpt_smart_free(&x.sm);
	free(x.bw);
	return ret;
}

/*
 * A drive model scaled 1/S: its sizes are the full drive's (x S), and so
 * are its times and energies, whose run took 1/S of the full drive's time
 * at the same speeds and power (docs/report.md, "One basis").
 */
static void full_drive_basis(const struct rpt_device *dev, struct rpt_job *j)
{
	if (!dev || dev->scale <= 1)
		return;
	if (j->energy_j.ok)
		j->energy_j.v *= dev->scale;
	if (j->drive.energy_j.ok)
		j->drive.energy_j.v *= dev->scale;
	j->wa.host_bytes *= dev->scale;		/* NAN stays NAN */
	j->wa.media_bytes *= dev->scale;
	j->wa.media_step *= dev->scale;
	j->wa.host_unit *= dev->scale;
	j->bursts.busy_ms *= dev->scale;
	j->bursts.idle_ms *= dev->scale;
	rpt_tl_scale_time(&j->tl, dev->scale);
}

int rpt_job_compute(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		    unsigned int mask, bool split, const char *dir,
		    const struct rpt_device *dev, struct rpt_job *j, struct rpt_diag *d)
{
	struct rpt_tl_taps taps;
	int ret;

	ret = rpt_fio_figures(run, g, mask, split, j, d);
	if (ret)
		return ret;
	/* the time chart's axis first: the bw logs' passes feed its series */
	ret = rpt_tl_begin(run, g, mask, dir, &taps);
	if (!ret)
		ret = logs(run, g, mask, dir, dev, &taps, j, d);
	if (!ret)
		ret = hist_latency(run, g, mask, dir, j, d);
	if (!ret)
		ret = rpt_job_timeline(run, g, mask, dir, &taps, &j->tl, &j->notes);
	if (!ret)
		ret = rpt_hostv_spans(&j->host, &j->tl);
	rpt_tl_taps_free(&taps);
	if (ret)
		return ret;
	/* a trace replays as recorded, not scaled with the model */
	if (!rpt_trace_read(run, rpt_fio_row_entry(run, g, mask), dir, j))
		full_drive_basis(dev, j);
	if (j->has_bursts && j->power_w.ok && j->power_w.v > 0) {
		/*
		 * The power is the bursts' only: so is the throughput, the burst
		 * score; IOPS in the bursts from fio's bytes per I/O.
		 */
		const struct rpt_fig *sc = &j->bursts.score_mbps;

		if (sc->ok) {
			rpt_fig_set(&j->mbps_per_w, sc->v / j->power_w.v);
			if (j->iops.ok && j->mbps.ok && j->mbps.v > 0)
				rpt_fig_set(&j->iops_per_w,
					    j->iops.v * sc->v / j->mbps.v / j->power_w.v);
			else
				rpt_fig_null(&j->iops_per_w, "%s", j->iops.ok ? "no MB/s to scale IOPS to the bursts" : j->iops.why);
		} else {
			rpt_fig_null(&j->mbps_per_w, "%s", sc->why);
			rpt_fig_null(&j->iops_per_w, "%s", sc->why);
		}
	} else if (j->power_w.ok && j->power_w.v > 0 && j->mbps.ok) {
		rpt_fig_set(&j->mbps_per_w, j->mbps.v / j->power_w.v);
		rpt_fig_set(&j->iops_per_w, j->iops.v / j->power_w.v);
	} else {
		const char *why = j->power_w.ok ? j->mbps.why : j->power_w.why;

		rpt_fig_null(&j->mbps_per_w, "%s", *why ? why : "zero power");
		rpt_fig_null(&j->iops_per_w, "%s", *why ? why : "zero power");
	}
	rpt_job_mark(j);
	if (j->has_trace)
		rpt_trace_figures(j);
	return 0;
}
