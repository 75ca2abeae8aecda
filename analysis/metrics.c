// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fill.h"
#include "lat_hist.h"
#include "metrics.h"
#include "power.h"
#include "reader_json.h"
#include "reader_log.h"
#include "smart.h"
#include "status.h"

static const char *const ddir_name[] = { "read", "write", "trim" };

#define P9999_MIN_SAMPLES	100000

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

/* rw without a ":<nr>" suffix; fio's default is read. */
static char *rw_of(const struct rpt_fio_run *run, const struct rpt_fio_entry *e)
{
	const char *rw = rpt_fio_option(run, e, "rw");

	if (!rw)
		rw = rpt_fio_option(run, e, "readwrite");
	if (!rw)
		rw = "read";
	return strndup(rw, strcspn(rw, ":"));
}

static void basics(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		   struct rpt_job *j)
{
	const struct rpt_fio_entry *e = &g->e[0];
	const char *bs = rpt_fio_option(run, e, "bs");
	const char *qd = rpt_fio_option(run, e, "iodepth");
	unsigned int ddir = strstr(j->rw, "write") && !strstr(j->rw, "rw") ? 1 : 0;
	uint64_t v;
	size_t i;

	if (!bs)
		bs = rpt_fio_option(run, e, "blocksize");
	if (!bs)
		rpt_fig_set(&j->bs, 4096);
	else if (!rpt_fio_size(bs, ddir, &v))
		rpt_fig_set(&j->bs, (double)v);
	else
		rpt_fig_null(&j->bs, "cannot read bs \"%s\"", bs);
	if (!qd)
		rpt_fig_set(&j->iodepth, 1);
	else if (!rpt_fio_size(qd, 0, &v) && v && v < 1u << 20)
		rpt_fig_set(&j->iodepth, (double)v);
	else
		rpt_fig_null(&j->iodepth, "cannot read iodepth \"%s\"", qd);

	for (i = 1; i < g->n; i++) {
		char *rw = rw_of(run, &g->e[i]);

		if (rw && strcmp(rw, j->rw))
			rpt_diag_add(&j->notes, RPT_WARN,
				     "%s: %s: rw=%s differs from the group's first job (rw=%s); figures are for the whole group",
				     run->file, g->e[i].path, rw, j->rw);
		free(rw);
	}
}

/* Sum one data direction; 1 when it did I/O, 0 when not, -EINVAL. */
static int ddir_totals(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
		       unsigned int dd, double *bytes, double *ios, double *ms,
		       struct rpt_diag *d)
{
	struct json_object *o = NULL;
	char path[64];
	double b = 0, n = 0, t = 0;
	int ret;

	ret = rpt_json_typed(e->obj, ddir_name[dd], json_type_object, run->file,
			     e->path, &o, d);
	if (ret <= 0)
		return ret;
	snprintf(path, sizeof(path), "%s.%s", e->path, ddir_name[dd]);
	if (rpt_json_num(o, "io_bytes", run->file, path, &b, d) < 0 ||
	    rpt_json_num(o, "total_ios", run->file, path, &n, d) < 0 ||
	    rpt_json_num(o, "runtime", run->file, path, &t, d) < 0)
		return -EINVAL;
	if (!n && !b)
		return 0;
	*bytes += b;
	*ios += n;
	*ms = fmax(*ms, t);
	return 1;
}

static void throughput(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		       struct rpt_job *j, struct rpt_diag *d)
{
	double mbps = 0, iops = 0;
	unsigned int dd, active = 0;
	size_t i;
	bool bad = false;

	for (dd = 0; dd < 3; dd++) {
		double bytes = 0, ios = 0, ms = 0;
		int ret = 0;

		if (g->all.obj) {
			ret = ddir_totals(run, &g->all, dd, &bytes, &ios, &ms, d);
		} else {
			for (i = 0; i < g->n; i++) {
				int r = ddir_totals(run, &g->e[i], dd, &bytes, &ios, &ms, d);

				if (r < 0)
					bad = true;
				ret = ret > 0 ? ret : r;
			}
		}
		if (ret < 0)
			bad = true;
		if (ret <= 0 || ms <= 0)
			continue;
		active++;
		mbps += bytes / ms / 1000;
		iops += ios / ms * 1000;
	}
	if (bad) {
		rpt_fig_null(&j->mbps, "malformed fio output (see the errors)");
		rpt_fig_null(&j->iops, "malformed fio output (see the errors)");
	} else if (!active) {
		rpt_fig_null(&j->mbps, "the job did no I/O");
		rpt_fig_null(&j->iops, "the job did no I/O");
	} else {
		rpt_fig_set(&j->mbps, mbps);
		rpt_fig_set(&j->iops, iops);
	}
}

/* The latency object @kind of every active direction of every job. */
struct lat_src {
	struct json_object *o;
	char path[64];
};

static size_t lat_sources(const struct rpt_fio_run *run,
			  const struct rpt_fio_group *g, const char *kind,
			  struct lat_src *src, size_t max)
{
	size_t i, n = 0;
	unsigned int dd;

	for (i = 0; i < g->n; i++) {
		for (dd = 0; dd < 3; dd++) {
			struct json_object *o, *l;
			double ios = 0;

			if (!json_object_object_get_ex(g->e[i].obj, ddir_name[dd], &o) ||
			    !json_object_is_type(o, json_type_object) ||
			    rpt_json_num(o, "total_ios", run->file, "", &ios, NULL) <= 0 ||
			    !ios)
				continue;
			if (n == max)
				return n;
			src[n].o = json_object_object_get_ex(o, kind, &l) &&
				   json_object_is_type(l, json_type_object) ? l : NULL;
			snprintf(src[n].path, sizeof(src[n].path), "%s.%s.%s",
				 g->e[i].path, ddir_name[dd], kind);
			n++;
		}
	}
	return n;
}

static bool has_bins(struct json_object *o)
{
	struct json_object *b;

	return o && json_object_object_get_ex(o, "bins", &b) &&
	       json_object_is_type(b, json_type_object) &&
	       json_object_object_length(b) > 0;
}

static void latency_mean(const struct rpt_fio_run *run, struct lat_src *src,
			 size_t n, struct rpt_job *j, struct rpt_diag *d)
{
	double sum = 0, cnt = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		double mean = 0, nn = 0;

		if (!src[i].o ||
		    rpt_json_num(src[i].o, "mean", run->file, src[i].path, &mean, d) <= 0 ||
		    rpt_json_num(src[i].o, "N", run->file, src[i].path, &nn, d) <= 0) {
			rpt_fig_null(&j->lat_mean_us, "%s: no mean latency and count", src[i].path);
			return;
		}
		sum += mean * nn;
		cnt += nn;
	}
	if (cnt > 0)
		rpt_fig_set(&j->lat_mean_us, sum / cnt / 1000);
	else
		rpt_fig_null(&j->lat_mean_us, "no latency samples");
}

/* fio's own percentiles of a single job and direction */
static void latency_fio_pct(const struct rpt_fio_run *run, struct lat_src *s,
			    struct rpt_job *j, struct rpt_diag *d)
{
	static const char *const key[2] = { "99.000000", "99.990000" };
	struct rpt_fig *f[2] = { &j->lat_p99_us, &j->lat_p9999_us };
	struct json_object *pct = NULL;
	char path[96];
	unsigned int i;

	rpt_json_typed(s->o, "percentile", json_type_object, run->file, s->path, &pct, d);
	snprintf(path, sizeof(path), "%s.percentile", s->path);
	for (i = 0; i < 2; i++) {
		double v;

		if (pct && rpt_json_num(pct, key[i], run->file, path, &v, d) > 0)
			rpt_fig_set(f[i], v / 1000);
		else
			rpt_fig_null(f[i], "no json+ bins and fio printed no %s percentile",
				     key[i]);
	}
}

static void latency(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		    struct rpt_job *j, struct rpt_diag *d)
{
	static const char *const kinds[2] = { "lat_ns", "clat_ns" };
	struct rpt_lat_hist h = { 0 };
	struct lat_src *src;
	size_t n = 0, i, max = 3 * g->n;
	unsigned int k;
	int ret = 0;

	src = calloc(max ? max : 1, sizeof(*src));
	if (!src) {
		null_all((struct rpt_fig *[]){ &j->lat_mean_us, &j->lat_p99_us,
					       &j->lat_p9999_us }, 3, "out of memory");
		return;
	}
	for (k = 0; k < 2; k++) {
		n = lat_sources(run, g, kinds[k], src, max);
		for (i = 0; i < n && has_bins(src[i].o); i++)
			;
		if (n && i == n)
			break;
	}
	if (!n) {
		null_all((struct rpt_fig *[]){ &j->lat_mean_us, &j->lat_p99_us,
					       &j->lat_p9999_us }, 3, "the job did no I/O");
		goto out;
	}
	if (k == 2) {
		/* no bins: fio's percentiles, for a single job and direction only */
		n = lat_sources(run, g, "lat_ns", src, max);
		k = 0;
		if (n != 1 || !src[0].o || !json_object_object_get_ex(src[0].o, "percentile", NULL)) {
			n = lat_sources(run, g, "clat_ns", src, max);
			k = 1;
		}
		j->lat_kind = k ? "clat" : "lat";
		latency_mean(run, src, n, j, d);
		if (n == 1 && src[0].o) {
			latency_fio_pct(run, &src[0], j, d);
		} else {
			rpt_fig_null(&j->lat_p99_us, "no json+ bins, and percentiles of %zu jobs or directions cannot be merged",
				     n);
			rpt_fig_null(&j->lat_p9999_us, "%s", j->lat_p99_us.why);
		}
		goto out;
	}
	j->lat_kind = k ? "clat" : "lat";
	latency_mean(run, src, n, j, d);
	for (i = 0; i < n && !ret; i++) {
		struct json_object *bins;
		const char *bad = "";

		json_object_object_get_ex(src[i].o, "bins", &bins);
		ret = rpt_lat_hist_add_bins(&h, bins, &bad);
		if (ret == -EINVAL)
			rpt_diag_add(d, RPT_ERROR, "%s: %s.bins.\"%s\": expected a latency in ns with a count",
				     run->file, src[i].path, bad);
		else if (ret)
			rpt_diag_add(d, RPT_ERROR, "%s: %s.bins: %s", run->file,
				     src[i].path, strerror(-ret));
	}
	if (ret || !h.total) {
		rpt_fig_null(&j->lat_p99_us, ret ? "malformed json+ bins (see the errors)" :
			     "json+ bins hold no samples");
		rpt_fig_null(&j->lat_p9999_us, "%s", j->lat_p99_us.why);
		goto out;
	}
	j->lat_samples = h.total;
	rpt_fig_set(&j->lat_p99_us, rpt_lat_hist_percentile(&h, 99) / 1000.0);
	rpt_fig_set(&j->lat_p9999_us, rpt_lat_hist_percentile(&h, 99.99) / 1000.0);
	if (h.total < P9999_MIN_SAMPLES)
		rpt_diag_add(&j->notes, RPT_WARN,
			     "p99.99 latency from %llu samples: fewer than 10 lie above it, so it is not reliable",
			     (unsigned long long)h.total);
out:
	rpt_lat_hist_free(&h);
	free(src);
}

static char *log_path(const char *dir, const char *prefix, const char *type,
		      const char *ext, unsigned int thread, bool per_job)
{
	char *p = NULL;
	int ret;

	if (per_job)
		ret = asprintf(&p, "%s%s%s_%s.%u.%s", prefix[0] == '/' ? "" : dir,
			       prefix[0] == '/' ? "" : "/", prefix, type, thread, ext);
	else
		ret = asprintf(&p, "%s%s%s_%s.%s", prefix[0] == '/' ? "" : dir,
			       prefix[0] == '/' ? "" : "/", prefix, type, ext);
	return ret < 0 ? NULL : p;
}

/* The existing log of @type for @e, per-job name first; NULL if none. */
static char *find_log(const char *dir, const char *prefix, const char *type,
		      const struct rpt_fio_entry *e, char *tried, size_t len)
{
	char *p = log_path(dir, prefix, type, "log", e->thread, true);

	if (p && !access(p, R_OK))
		return p;
	snprintf(tried, len, "%s", p ? p : "?");
	free(p);
	p = log_path(dir, prefix, type, "log", 0, false);
	if (p && !access(p, R_OK))
		return p;
	free(p);
	return NULL;
}

/*
 * An ssdq sidecar of @type (<prefix>_<type>.<N>.<ext>): the bw log's prefix
 * first, then the job name; NULL if none (@tried says where it looked).
 */
static char *find_sidecar(const char *dir, const char *prefix, const char *type,
			  const char *ext, const struct rpt_fio_entry *e,
			  char *tried, size_t len)
{
	const char *pre[2] = { prefix, e->jobname };
	size_t used = 0;
	int i;

	if (len)
		tried[0] = '\0';
	for (i = 0; i < 2; i++) {
		char *p;

		if (!pre[i] || (i && prefix && !strcmp(prefix, e->jobname)))
			continue;
		p = log_path(dir, pre[i], type, ext, e->thread, true);
		if (p && !access(p, R_OK))
			return p;
		if (used < len)
			used += snprintf(tried + used, len - used, "%s%s", used ? " and " : "",
					 p ? p : "?");
		free(p);
	}
	return NULL;
}

/* How a job's bw logs are to be read. */
struct bw_opts {
	double avg_ms;		/* log_avg_msec, 0 per-I/O or unknown */
	bool unix_ms;		/* log_unix_epoch=1 */
	bool short_job;		/* may have ended before fio's first log tick */
};

struct window {
	bool ok;
	double t0, t1;
	char why[RPT_WHY_LEN];
};

/* Read the bw log: the active window, and the fill curve when @fill. */
static void read_bw_log(const char *path, const struct bw_opts *o,
			struct rpt_fill_curve *fill, struct window *w,
			struct rpt_diag *d, int *err)
{
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	bool first = true;
	int ret;

	ret = rpt_log_open(&r, path);
	while (!ret && (ret = rpt_log_next(&r, &s)) == 1) {
		double start = s.t_ms - (s.bs ? 0 : o->avg_ms);

		ret = 0;
		if (first || start < w->t0)
			w->t0 = start;
		if (first || s.t_ms > w->t1)
			w->t1 = s.t_ms;
		first = false;
		if (fill && s.ddir == 1) {
			ret = rpt_fill_add_sample(fill, &s);
			if (ret == -ERANGE)
				snprintf(r.err, sizeof(r.err),
					 "%s:%lu: more than 200 TB written: not a real drive's log",
					 path, r.line);
			else if (ret)
				snprintf(r.err, sizeof(r.err), "%s: %s", path, strerror(-ret));
			if (ret)
				break;
			ret = 0;
		}
	}
	if (!ret && fill && (ret = rpt_fill_finish(fill)))
		snprintf(r.err, sizeof(r.err), "%s: %s", path, ret == -ERANGE ?
			 "more than 200 TB written: not a real drive's log" : strerror(-ret));
	if (ret < 0) {
		rpt_diag_add(d, RPT_ERROR, "%s", r.err);
		why_cat(w->why, sizeof(w->why), "", r.err);
		*err = ret;
	} else if (first && o->short_job) {
		snprintf(w->why, sizeof(w->why),
			 "the bw log %s is empty: fio logs nothing for a job shorter than its first log tick",
			 path);
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

static void power(const struct rpt_fio_entry *e, const char *dir,
		  const char *prefix, const struct window *w,
		  struct rpt_job *j, struct rpt_diag *d)
{
	struct rpt_fig *figs[3] = { &j->power_w, &j->energy_j, &j->peak_power_w };
	struct rpt_log_reader r;
	struct rpt_power p;
	struct rpt_span *sp;
	char tried[2 * PATH_MAX + 8] = "", why[RPT_WHY_LEN];
	char *path = NULL;
	size_t i, n;

	if (!e->thread) {
		null_all(figs, 3, "client/server run: the logs stay on the servers");
		return;
	}
	path = find_sidecar(dir, prefix, "power", "log", e, tried, sizeof(tried));
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
	if (rpt_log_open(&r, path) || rpt_power_read_spans(&r, sp, n, &p)) {
		rpt_diag_add(d, RPT_ERROR, "%s", r.err);
		null_all(figs, 3, r.err);
	} else {
		j->power_w = p.avg_w;
		j->energy_j = p.energy_j;
		j->peak_power_w = p.peak_w;
	}
	rpt_log_close(&r);
	free(sp);
	free(path);
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
	path = find_sidecar(dir, prefix, "events", "jsonl", e, tried, sizeof(tried));
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
	/* a string of our own: the events are freed after the job */
	j->stop = rpt_events_stop(ev);
	if (j->stop)
		j->stop = !strcmp(j->stop, "time") ? "time" : !strcmp(j->stop, "bytes") ? "bytes" : "error";
	if (!j->stop)
		snprintf(j->stop_why, sizeof(j->stop_why), "%.*s has no job_end event with a stop reason",
			 (int)(sizeof(j->stop_why) - 50), path);
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

static void smart(const struct rpt_fio_entry *e, const char *dir, const char *prefix,
		  struct rpt_smart *sm, struct rpt_diag *d, bool *ok)
{
	char tried[2 * PATH_MAX + 8];
	char *path;

	*ok = false;
	if (!e->thread)
		return;
	path = find_sidecar(dir, prefix, "smart", "jsonl", e, tried, sizeof(tried));
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
 * much as is missing (at most 250 ms).
 */
#define FIO_FIRST_TICK_MS	250.0
#define FIO_END_SLACK_MS	5.0	/* from the last completion to job_end */

static int first_interval(struct rpt_fill_curve *c, double t_start, double io_bytes,
			  const char *bw, struct rpt_job *j)
{
	double k = c->scale, avg = c->avg_msec, need, tail, add_b = 0, gap, first;
	int ret = 0;

	if (!(avg > 0) || !c->started || !(c->v_first > 0))
		return 0;
	need = io_bytes * k - c->bytes;
	tail = c->v_last * avg * k;	/* fio drops the last partial interval */
	if (!(io_bytes > 0)) {
		/* nothing to check against */
	} else if (!isnan(t_start)) {
		gap = c->t_first - t_start;
		if (gap > 0.5 * avg)
			add_b = fmin(c->v_first * gap * k, need - 0.5 * tail);
	} else if (need > tail) {
		add_b = fmin(need - 0.5 * tail, c->v_first * FIO_FIRST_TICK_MS * k);
		rpt_diag_add(&j->notes, RPT_WARN,
			     "%s: the log adds up to %.0f MB less than fio's io_bytes: the first sample is taken to cover %.0f ms more than log_avg_msec (fio's first interval starts with the job; no events sidecar says when)",
			     bw, need / k / 1e6, add_b / k / c->v_first);
	}
	if (add_b > 0)
		ret = rpt_fill_prepend(c, add_b, add_b / c->v_first);
	first = add_b + c->v_first * avg * k;
	if (!ret && first > fmax(4e9, 0.02 * c->bytes))
		rpt_diag_add(&j->notes, RPT_WARN,
			     "%s: fio's first bw sample covers the first %.1f GB (%.0f ms): the speed inside it is one average, so a cache or phase shorter than that cannot be seen%s",
			     bw, first / 1e9, first / k / c->v_first,
			     k > 1 ? "; for a scaled model, log every I/O (log_avg_msec=0)" : "");
	return ret;
}

/* The fill's fall is thermal throttling when SMART says so around it. */
static void throttle_check(const struct rpt_fill_curve *c, const struct rpt_smart *sm,
			   struct rpt_fill *f)
{
	struct rpt_thermal th;
	double x, t, win;
	size_t i, n = 0;

	/* temperatures against GB written, inside the curve's time span */
	f->temp = calloc(sm->n ? sm->n : 1, sizeof(*f->temp));
	for (i = 0; f->temp && i < sm->n; i++) {
		double ms = (sm->s[i].t_ms - c->t_first) * c->scale;

		if (ms < 0 || ms > c->ms || isnan(sm->s[i].temp_c))
			continue;
		f->temp[n].gb = rpt_fill_bytes_at(c, ms) / 1e9;
		f->temp[n++].temp_c = sm->s[i].temp_c;
	}
	f->ntemp = n;
	if (!f->slc_cache_gb.ok) {
		rpt_fig_null(&f->throttle_gb, "no fall in speed to explain");
		return;
	}
	x = f->slc_cache_gb.v * 1e9;
	t = c->t_first + rpt_fill_time_at(c, x) / c->scale;
	win = 1.5 * fmax(rpt_smart_interval(sm), c->avg_msec);
	rpt_smart_window(sm, t - win, t + win, &th);
	if (!th.throttled) {
		rpt_fig_null(&f->throttle_gb, "no thermal management in SMART as the speed fell");
		return;
	}
	rpt_fig_set(&f->throttle_gb, f->slc_cache_gb.v);
	snprintf(f->throttle_why, sizeof(f->throttle_why), "%s", th.why);
	if (!isnan(th.temp_at_c))
		snprintf(f->throttle_why + strlen(f->throttle_why),
			 sizeof(f->throttle_why) - strlen(f->throttle_why), " at %.0f °C",
			 th.temp_at_c);
	if (!isnan(th.t_prev_ms)) {
		/* where in the fill the SMART samples around it were taken */
		double a = fmin(fmax(0, (th.t_prev_ms - c->t_first) * c->scale), c->ms);
		double b = fmin(fmax(0, (th.t_ms - c->t_first) * c->scale), c->ms);

		snprintf(f->throttle_why + strlen(f->throttle_why),
			 sizeof(f->throttle_why) - strlen(f->throttle_why),
			 ", between the samples at %.1f and %.1f GB written",
			 rpt_fill_bytes_at(c, a) / 1e9, rpt_fill_bytes_at(c, b) / 1e9);
	}
	rpt_fig_null(&f->slc_cache_gb,
		     "the speed fell at %.1f GB while the drive throttled (%s): thermal throttling, not the end of a cache",
		     f->throttle_gb.v, f->throttle_why);
	rpt_fig_null(&f->in_cache_mbps, "%s", f->slc_cache_gb.why);
	rpt_fig_null(&f->post_cache_mbps, "%s", f->slc_cache_gb.why);
}

/* The longest runtime of the entry's data directions, ms (0 unknown). */
static double runtime_ms(const struct rpt_fio_entry *e)
{
	double ms = 0, v;
	unsigned int dd;

	for (dd = 0; dd < 3; dd++) {
		struct json_object *o;

		if (json_object_object_get_ex(e->obj, ddir_name[dd], &o) &&
		    rpt_json_num(o, "runtime", "", "", &v, NULL) > 0)
			ms = fmax(ms, v);
	}
	return ms;
}

static double write_io_bytes(const struct rpt_fio_entry *e)
{
	struct json_object *o;
	double b = 0;

	if (!json_object_object_get_ex(e->obj, "write", &o) ||
	    rpt_json_num(o, "io_bytes", "", "", &b, NULL) <= 0)
		return 0;
	return b;
}

/*
 * One bw log: the active window @w, and the fill curve @fc (set up by the
 * caller) when not NULL, with fio's first interval put back (@io_bytes: what
 * fio counted the job wrote; @ev: the job's events, or NULL). @err is set
 * when the log cannot give them (w->why says why). Return: 0 or -ENOMEM.
 */
static int job_fill(const char *bw, const struct bw_opts *o,
		    double io_bytes, const struct rpt_events *ev,
		    struct rpt_fill_curve *fc, struct window *w, struct rpt_job *j,
		    struct rpt_diag *d, int *err)
{
	double t0;
	int ret;

	read_bw_log(bw, o, fc, w, d, err);
	if (!fc || *err)
		return 0;
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
 * group_reporting): each thread's bw log is read on its own, and the drive's
 * fill is their sum over time (rpt_fill_merge()); the window spans them all.
 * Every job's first interval is put back from the first job's events (jobs
 * of a group start together) and its share of fio's io_bytes. A missing or
 * bad log fails the fill (@err, w->why). Return: 0 or -ENOMEM.
 */
static int group_fill(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		      const char *dir, const char *prefix, const struct rpt_device *dev,
		      const struct bw_opts *o, const struct rpt_events *ev, struct rpt_fill_curve *fc,
		      struct window *w, struct rpt_job *j, struct rpt_diag *d, int *err)
{
	struct rpt_fill_curve **in = NULL;
	size_t i, n = 0, cap = 0;
	unsigned int t;
	int ret = 0;

	if (!rpt_fio_option_on(run, &g->e[0], "per_job_logs", true)) {
		snprintf(w->why, sizeof(w->why),
			 "per_job_logs=0: the group's %zu jobs share one bw log",
			 g->n > 1 ? g->n : (size_t)g->e[0].nthreads);
		*err = -EINVAL;
		return 0;
	}
	for (i = 0; i < g->n; i++)
		cap += g->e[i].nthreads ? g->e[i].nthreads : 1;
	in = calloc(cap, sizeof(*in));
	if (!in)
		return -ENOMEM;
	for (i = 0; i < g->n && !ret && !*err; i++) {
		const struct rpt_fio_entry *e = &g->e[i];
		unsigned int nt = e->nthreads ? e->nthreads : 1;

		for (t = e->thread; t < e->thread + nt && !ret && !*err; t++) {
			struct window wj = { 0 };
			char *path = log_path(dir, prefix, "bw", "log", t, true);

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
					 "the bw log %s of job %u of the group's %zu is missing",
					 path, t, cap);
				*err = -ENOENT;
			} else {
				ret = job_fill(path, o,
					       write_io_bytes(e) / nt, ev, in[n - 1], &wj, j, d, err);
				if (*err)
					snprintf(w->why, sizeof(w->why), "%s", wj.why);
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
				 n, ret == -ERANGE ? "more than 200 TB written" : "a log without samples");
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
		       const struct rpt_device *dev, struct rpt_fill_curve *fc,
		       struct window *w, int *err)
{
	char why[RPT_WHY_LEN];
	size_t *idx, i;
	int ret;

	idx = malloc(g->n * sizeof(*idx));
	if (!idx)
		return -ENOMEM;
	for (i = 0; i < g->n; i++)
		idx[i] = g->e[i].index;
	ret = rpt_status_fill(run->status, idx, g->n, dev ? dev->scale : 1, fc, why, sizeof(why));
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

static int logs(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		const char *dir, const struct rpt_device *dev, struct rpt_job *j,
		struct rpt_diag *d)
{
	const struct rpt_fio_entry *e = &g->e[0];
	const char *prefix = rpt_fio_option(run, e, "write_bw_log");
	const char *avg = rpt_fio_option(run, e, "log_avg_msec");
	bool seqw = !strcmp(j->rw, "write"), smart_ok = false;
	struct window w = { 0 };
	struct rpt_fill_curve fc = { 0 };
	struct rpt_events ev = { 0 };
	struct rpt_smart sm = { 0 };
	char *bw = NULL, tried[PATH_MAX] = "";
	int err = 0, ret = 0;

	if (prefix && !*prefix)
		prefix = e->jobname;
	ret = events(e, dir, prefix, &ev, j, d);
	if (ret)
		goto out;
	smart(e, dir, prefix, &sm, d, &smart_ok);
	if (!seqw)
		snprintf(j->fill_why, sizeof(j->fill_why),
			 "not a sequential write (rw=%s)", j->rw);
	if (!prefix)
		snprintf(w.why, sizeof(w.why), "the job has no bw log (write_bw_log)");
	else if (!e->thread)
		snprintf(w.why, sizeof(w.why), "client/server run: the logs stay on the servers");
	else if (rpt_fio_option_on(run, e, "log_store_compressed", false))
		snprintf(w.why, sizeof(w.why),
			 "log_store_compressed=1: fio stored the samples compressed and binary (.fz); fio --inflate-log=FILE writes them as text");
	else if (rpt_fio_option_on(run, e, "log_compression", false) &&
		 rpt_fio_option_on(run, e, "log_avg_msec", false))
		/* a per-I/O log (log_avg_msec=0) comes out whole and is read */
		snprintf(w.why, sizeof(w.why),
			 "log_compression with log_avg_msec: fio (3.33 to 3.37 at least) then ignores log_avg_msec and drops samples (fio issues #1746, #1457), so the log cannot be trusted");
	else if (!(bw = find_log(dir, prefix, "bw", e, tried, sizeof(tried))))
		snprintf(w.why, sizeof(w.why), "the bw log %s is missing", tried);
	else if (!rpt_fio_option_on(run, e, "per_job_logs", true) && g->n > 1)
		snprintf(w.why, sizeof(w.why), "per_job_logs=0: the jobs share one log");
	if (seqw && !bw)
		why_cat(j->fill_why, sizeof(j->fill_why), "", w.why);
	if (seqw && j->has_bursts) {
		snprintf(j->fill_why, sizeof(j->fill_why),
			 "a burst test (%zu bursts with idle between): see the burst figures",
			 j->bursts.n);
		seqw = false;
	}
	if (bw) {
		struct bw_opts o = {
			.avg_ms = avg ? atof(avg) : 0,
			.unix_ms = rpt_fio_option_on(run, e, "log_unix_epoch", false),
		};

		o.short_job = runtime_ms(e) <= FIO_FIRST_TICK_MS + o.avg_ms;
		if (seqw && (g->n > 1 || e->nthreads > 1)) {
			ret = group_fill(run, g, dir, prefix, dev, &o,
					 j->has_events ? &ev : NULL, &fc, &w, j, d, &err);
		} else {
			ret = seqw ? rpt_fill_init(&fc, o.avg_ms) : 0;
			rpt_fill_set_scale(&fc, dev ? dev->scale : 1);
			if (!ret)
				ret = job_fill(bw, &o, write_io_bytes(e),
					       j->has_events ? &ev : NULL, seqw ? &fc : NULL,
					       &w, j, d, &err);
		}
		if (ret)
			goto out;
	} else if (seqw && run->status) {
		ret = status_fill(run, g, dev, &fc, &w, &err);
		if (ret)
			goto out;
	}
	if (bw || (seqw && run->status)) {
		if (seqw && err)
			why_cat(j->fill_why, sizeof(j->fill_why), "", w.why);
		else if (seqw) {
			ret = rpt_slc_analyse(&fc, &j->fill);
			j->has_fill = !ret;
			if (j->has_fill && !bw)
				snprintf(j->fill.source, sizeof(j->fill.source),
					 "%u --status-interval snapshots about %.0f ms apart (no bw log)",
					 run->status->docs, fc.avg_msec);
			if (fc.backwards)
				rpt_diag_add(&j->notes, RPT_WARN,
					     "%s: %lu samples went back in time and were skipped",
					     bw, fc.backwards);
			if (j->has_fill && smart_ok && w.ok)
				throttle_check(&fc, &sm, &j->fill);
			else if (j->has_fill)
				rpt_fig_null(&j->fill.throttle_gb, "%s",
					     smart_ok ? "log times are not unix ms" : "no SMART sidecar");
		}
	}
	if (!ret && w.ok && j->has_events) {
		/*
		 * fio drops the last, partial log interval (and logs nothing
		 * for intervals without a completion): the job's I/O went on
		 * after the last sample; and fio's first sample can stand for
		 * up to 250 ms.
		 */
		double e0, e1, avg_ms = avg ? atof(avg) : 0, jr = 0;

		/*
		 * The end: the engine's job_end comes after fio wrote its logs
		 * (seconds for big ones), so the job's clock decides, from its
		 * start (the latest set-up event) plus fio's job_runtime.
		 */
		if (rpt_events_window(&ev, &e0, &e1) &&
		    rpt_json_num(e->obj, "job_runtime", "", "", &jr, NULL) > 0 && jr > 0)
			e1 = fmin(e1, e0 + jr);
		else if (!isnan(e1) && e1 - w.t1 > 2 * avg_ms + FIO_END_SLACK_MS)
			e1 = NAN;
		if (!isnan(e1) && e1 > w.t1)
			w.t1 = e1;
		/* and it began before fio's first sample's interval */
		if (!isnan(e0) && e0 < w.t0 && w.t0 - e0 <= FIO_FIRST_TICK_MS + avg_ms)
			w.t0 = e0;
	}
	if (!ret && !w.ok && j->has_events && rpt_events_window(&ev, &w.t0, &w.t1)) {
		/* no window from the bw log: the engine's events say when */
		w.ok = true;
		rpt_diag_add(&j->notes, RPT_WARN, "active window from the events sidecar (%s)",
			     w.why[0] ? w.why : "no bw log");
	}
	if (!ret)
		power(e, dir, prefix, &w, j, d);
	if (!ret && smart_ok && w.ok) {
		j->has_smart = true;
		rpt_smart_window(&sm, w.t0, w.t1, &j->thermal);
		if (j->thermal.throttled)
			rpt_diag_add(&j->notes, RPT_WARN, "the drive throttled during the job (%s)",
				     j->thermal.why);
	}
out:
	rpt_fill_free(&fc);
	rpt_events_free(&ev);
	rpt_smart_free(&sm);
	free(bw);
	return ret;
}

static void check_fill_bytes(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
			     struct rpt_job *j)
{
	const char *avg = rpt_fio_option(run, &g->e[0], "log_avg_msec");
	double b = 0, slack = 0;
	size_t i;

	for (i = 0; i < g->n; i++)
		b += write_io_bytes(&g->e[i]) * j->fill.scale;
	if (avg && j->fill.overall_mbps.ok)
		slack = 1.05 * atof(avg) * j->fill.overall_mbps.v * 1e3 * j->fill.scale;
	if (!j->has_fill || b <= 0)
		return;
	/* fio drops the last, partial log interval: allow for one */
	if (fabs(j->fill.gb_written * 1e9 - b) > 0.02 * b + slack)
		rpt_diag_add(&j->notes, RPT_WARN,
			     "the bw log adds up to %.3f GB but fio counted %.3f GB written%s",
			     j->fill.gb_written, b / 1e9,
			     j->fill.scale > 1 ? " (full-drive GB)" : "");
}

int rpt_job_compute(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		    const char *dir, const struct rpt_device *dev, struct rpt_job *j,
		    struct rpt_diag *d)
{
	int ret;

	j->name = strdup(g->e[0].jobname);
	j->rw = rw_of(run, &g->e[0]);
	if (!j->name || !j->rw)
		return -ENOMEM;
	j->njobs = g->n;
	basics(run, g, j);
	throughput(run, g, j, d);
	latency(run, g, j, d);
	ret = logs(run, g, dir, dev, j, d);
	if (ret)
		return ret;
	check_fill_bytes(run, g, j);
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
	return 0;
}
