// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grow.h"
#include "host_verdict.h"
#include "lat_hist.h"
#include "log_find.h"

const double rpt_hostv_pct[RPT_HOSTV_NPCT] = { 50, 99, 99.9, 99.99 };
const double rpt_hostv_drain_pct[RPT_HOSTV_DRAIN_NPCT] = { 50, 99, 99.9, 99.99, 99.999, 100 };

/* The running sums over the window's intervals. */
struct sums {
	double t_us, delay_us, nivcsw, ios, intended_us, added_us, added_max_us, late, idle_us;
	double planned_us;
	bool delay, csw, model;
};

/* fio's drain and the I/Os' time it is a share of, from the window's start on */
struct drain_sums {
	double ios, obs_us, drain_ios, drain_us, late;
	bool have;
};

static void drain_add(struct drain_sums *s, const struct rpt_host_iv *x)
{
	if (isnan(x->ios) || isnan(x->intended_us) || isnan(x->host_added_us))
		return;
	s->ios += x->ios;
	s->obs_us += x->intended_us + x->host_added_us;
	if (isnan(x->drain_ios) || isnan(x->drain_added_us))
		return;
	s->have = true;
	s->drain_ios += x->drain_ios;
	s->drain_us += x->drain_added_us;
	s->obs_us += x->drain_added_us;
	if (!isnan(x->drain_late_ios))
		s->late += x->drain_late_ios;
}

/* The job's time: its planned idle (docs/host.md) is neither the host's nor the drive's. */
static void add(struct sums *s, const struct rpt_host_iv *x)
{
	double planned = isnan(x->planned_idle_us) ? 0 : fmin(x->planned_idle_us, x->interval_us);

	s->t_us += x->interval_us - planned;
	s->planned_us += planned;
	if (!isnan(x->run_delay_us)) {
		s->delay_us += x->run_delay_us;
		s->delay = true;
	}
	if (!isnan(x->nivcsw)) {
		s->nivcsw += x->nivcsw;
		s->csw = true;
	}
	if (isnan(x->ios) || isnan(x->intended_us) || isnan(x->host_added_us))
		return;
	s->model = true;
	s->ios += x->ios;
	s->intended_us += x->intended_us;
	s->added_us += x->host_added_us;
	if (!isnan(x->host_added_max_us))
		s->added_max_us = fmax(s->added_max_us, x->host_added_max_us);
	if (!isnan(x->late_ios))
		s->late += x->late_ios;
	if (!isnan(x->drive_idle_us))
		s->idle_us += x->drive_idle_us;
}

/* Share @a of @b in %, or null with @why. */
static void share(struct rpt_fig *f, double a, double b, const char *why)
{
	if (b > 0)
		rpt_fig_set(f, 100 * fmin(fmax(a / b, 0), 1));
	else
		rpt_fig_null(f, "%s", why);
}

/* The time share of @s: what the throughput lost (host_verdict.h). */
static double time_share(const struct sums *s)
{
	double idle = s->t_us > 0 ? fmin(s->idle_us / s->t_us, 1) : 0;
	double obs = s->intended_us + s->added_us;

	return idle + (1 - idle) * (obs > 0 ? s->added_us / obs : 0);
}

static void model_figs(struct rpt_host_verdict *v, const struct sums *s)
{
	static const char none[] = "not on the drive model: no account of the I/Os' intended times";
	struct rpt_fig *f[] = { &v->added_mean_us, &v->added_max_us, &v->added_share,
				&v->late_share, &v->idle_share, &v->time_share };
	size_t i;

	if (!s->model) {
		for (i = 0; i < sizeof(f) / sizeof(f[0]); i++)
			rpt_fig_null(f[i], none);
		return;
	}
	if (s->ios > 0) {
		rpt_fig_set(&v->added_mean_us, s->added_us / s->ios);
		rpt_fig_set(&v->added_max_us, s->added_max_us);
	} else {
		rpt_fig_null(&v->added_mean_us, "no I/O completed in the job's intervals");
		rpt_fig_null(&v->added_max_us, "no I/O completed in the job's intervals");
	}
	share(&v->added_share, s->added_us, s->intended_us + s->added_us,
	      "no I/O time in the job's intervals");
	share(&v->late_share, s->late, s->ios, "no I/O completed in the job's intervals");
	share(&v->idle_share, s->idle_us, s->t_us, "no time in the job's intervals");
	if (s->t_us > 0)
		rpt_fig_set(&v->time_share, 100 * time_share(s));
	else
		rpt_fig_null(&v->time_share, "no time in the job's intervals");
}

/* The share of I/Os the host held back, or could have: the percentile rule. */
static double late_bound(const struct rpt_host_verdict *v, const struct sums *s,
			 double iodepth, double ios)
{
	if (v->late_share.ok)
		return v->late_share.v / 100;
	if (!s->delay || !(ios > 0))
		return NAN;
	return s->delay_us / RPT_HOST_LATE_US * fmax(iodepth, 1) / ios;
}

static void verdict(struct rpt_host_verdict *v, const struct sums *s, double late)
{
	bool waited = v->wait_share.ok && v->wait_share.v >= 100 * RPT_HOST_WAIT_SHARE;
	char pct[64] = "";
	size_t n = 0, k;
	int w = 0;

	if (v->model) {
		/* the run delay is time the host took whatever the account says */
		bool starved = v->wait_share.ok && v->wait_share.v >= 100 * RPT_HOST_TIME_SHARE;

		v->thr_marked = starved ||
				(v->time_share.ok && v->time_share.v >= 100 * RPT_HOST_TIME_SHARE);
		v->mean_marked = starved ||
				 (v->added_share.ok && v->added_share.v >= 100 * RPT_HOST_TIME_SHARE);
	} else {
		v->thr_marked = v->mean_marked = waited;
	}
	v->bound = v->thr_marked || v->mean_marked;
	for (k = 0; k < RPT_HOSTV_NPCT; k++)
		if ((v->model ? v->mean_marked : waited) ||
		    (!isnan(late) && late > RPT_HOST_TAIL_SHARE * (1 - rpt_hostv_pct[k] / 100))) {
			v->pct_marked |= 1u << k;
			w += snprintf(pct + w, sizeof(pct) - w, "%sp%g", w ? ", " : "",
				      rpt_hostv_pct[k]);
		}
	if (v->wait_share.ok)
		n += snprintf(v->reason + n, sizeof(v->reason) - n,
			      "the job thread waited for a CPU %.1f %% of its %.2f s",
			      v->wait_share.v, s->t_us / 1e6);
	if (v->wait_share.ok && s->planned_us > 0)
		n += snprintf(v->reason + n, sizeof(v->reason) - n,
			      " (its %.2f s of planned idle left out)", s->planned_us / 1e6);
	if (v->wait_share.ok && !v->model)
		n += snprintf(v->reason + n, sizeof(v->reason) - n, " (%s %.0f %%)",
			      waited ? "host-bound from" : "under", 100 * RPT_HOST_WAIT_SHARE);
	else if (!v->wait_share.ok)
		n += snprintf(v->reason + n, sizeof(v->reason) - n,
			      "run delay not measured (no schedstat)");
	if (v->model && v->time_share.ok && n < sizeof(v->reason))
		n += snprintf(v->reason + n, sizeof(v->reason) - n,
			      "; the host took %.1f %% of its time from the drive model and added %.1f %% of the I/Os' latency (marked from %.0f %%), %.2f %% of I/Os late by %d µs or more",
			      v->time_share.v, v->added_share.ok ? v->added_share.v : 0,
			      100 * RPT_HOST_TIME_SHARE, v->late_share.ok ? v->late_share.v : 0,
			      RPT_HOST_LATE_US);
	if (*pct && n < sizeof(v->reason))
		snprintf(v->reason + n, sizeof(v->reason) - n, "; %s may be the host's", pct);
}

/* What the drain did, for the verdict's line: "" when it marks nothing. */
static void drain_reason(struct rpt_host_verdict *v)
{
	char pct[192] = "";
	int w = 0;

	for (size_t k = 0; k < RPT_HOSTV_DRAIN_NPCT; k++) {
		char name[16];

		if (!(v->drain_pct_marked & (1u << k)))
			continue;
		snprintf(name, sizeof(name), rpt_hostv_drain_pct[k] == 100 ? "max" : "p%g",
			 rpt_hostv_drain_pct[k]);
		w += isnan(v->drain_pct_moved[k]) ?
		     snprintf(pct + w, sizeof(pct) - w, "%s%s", w ? ", " : "", name) :
		     snprintf(pct + w, sizeof(pct) - w, "%s%s %s%.1f %%", w ? ", " : "", name,
			      v->drain_pct_bound ? "up to " : "", v->drain_pct_moved[k]);
	}
	*v->drain_reason = 0;
	if (!v->drain_mean_marked && !v->drain_pct_marked)
		return;
	snprintf(v->drain_reason, sizeof(v->drain_reason),
		 "fio's end-of-job drain added %.1f %% to the mean latency (%.0f I/Os held %.1f ms, %.0f of them %d µs or more; the mean marked from %.0f %% of the I/Os' time)%s%s",
		 isnan(v->drain_mean_pct) ? 0 : v->drain_mean_pct, v->drain_ios.v,
		 v->drain_us / 1e3, v->drain_late, RPT_HOST_LATE_US, 100 * RPT_HOST_TIME_SHARE,
		 *pct ? "; it moved " : "", pct);
}

/* fio's drain's figures and marks (host_verdict.h); the percentiles by the count rule. */
static void drain(struct rpt_host_verdict *v, const struct drain_sums *s)
{
	v->drain_mean_pct = NAN;
	if (!s->have) {
		rpt_fig_null(&v->drain_share, "no account of fio's drain: not on the drive model, or a host sidecar older than it");
		rpt_fig_null(&v->drain_ios, "no account of fio's drain: not on the drive model, or a host sidecar older than it");
		return;
	}
	rpt_fig_set(&v->drain_ios, s->drain_ios);
	v->drain_us = s->drain_us;
	v->drain_late = s->late;
	share(&v->drain_share, s->drain_us, s->obs_us, "no I/O time in the job's intervals");
	if (!v->drain_share.ok)
		return;
	if (s->obs_us > s->drain_us)
		v->drain_mean_pct = 100 * s->drain_us / (s->obs_us - s->drain_us);
	v->drain_mean_marked = v->drain_share.v >= 100 * RPT_HOST_TIME_SHARE;
	v->drain_pct_bound = true;
	for (size_t k = 0; k < RPT_HOSTV_DRAIN_NPCT; k++)
		if (s->late > (1 - rpt_hostv_drain_pct[k] / 100) * s->ios) {
			v->drain_pct_marked |= 1u << k;
			v->drain_pct_moved[k] = NAN;
		}
	drain_reason(v);
}

/* The latency at or below which @want of the I/Os of the distribution are (fio's rule). */
static double cdf_pct(const struct rpt_hostv_lat *l, double want)
{
	size_t i;

	for (i = 0; i + 1 < l->n && l->le[i] * l->ios < want - 1e-6; i++)
		;
	return l->us[i];
}

/* @us in fio's bucket, µs */
static double bucket_us(double us)
{
	return rpt_lat_bin_ns((uint64_t)llround(us * 1000)) / 1000.0;
}

/* Drained I/O @k is of the distribution's directions. */
static bool of_row(const struct rpt_hostv_lat *l, const struct rpt_pace_drain *pd, size_t k)
{
	return !l->ddmask || (l->ddmask & (1u << pd->ddir[k]));
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The drained I/Os of the row in fio's buckets: latencies @xb, less their holds @yb, sorted. */
static size_t drained_buckets(const struct rpt_hostv_lat *l, const struct rpt_pace_drain *pd,
			      double *xb, double *yb)
{
	size_t m = 0;

	for (size_t k = 0; k < pd->n; k++)
		if (of_row(l, pd, k)) {
			xb[m] = bucket_us(pd->lat_us[k]);
			yb[m++] = bucket_us(fmax(pd->lat_us[k] - pd->held_us[k], 0));
		}
	qsort(xb, m, sizeof(*xb), cmp_double);
	qsort(yb, m, sizeof(*yb), cmp_double);
	return m;
}

/*
 * Percentile @want of the distribution with the drain taken out of each
 * drained I/O: the least latency t, of a bucket of the distribution's or of
 * a drained I/O's own, with @want I/Os at or below it once each drained I/O
 * counts at its latency less its hold (@xb, @yb of @m: drained_buckets()).
 */
static double undrained_pct(const struct rpt_hostv_lat *l, const double *xb, const double *yb,
			    size_t m, double want)
{
	size_t i = 0, iy = 0, ax = 0;
	double below = 0;

	while (i < l->n || iy < m) {
		double t = iy >= m || (i < l->n && l->us[i] <= yb[iy]) ? l->us[i] : yb[iy];

		for (; i < l->n && l->us[i] <= t; i++)
			below = l->le[i] * l->ios;
		for (; iy < m && yb[iy] <= t; iy++)
			;
		for (; ax < m && xb[ax] <= t; ax++)
			;
		if (below - (double)ax + (double)iy >= want - 1e-6)
			return t;
	}
	return l->n ? l->us[l->n - 1] : 0;
}

/* The most the drain can have moved percentile @want (its value @x). */
static double bound_pct(const struct rpt_hostv_lat *l, const struct rpt_pace_drain *pd,
			double drained, double want, double x)
{
	/* every drained I/O below the percentile's bucket: it is where it was */
	if (pd && pd->have && !isnan(pd->lat_max_us) &&
	    pd->lat_max_us < x * (1 - RPT_LAT_BIN_SHARE))
		return x;
	/* else at most that many of the I/Os at or above it came down */
	return cdf_pct(l, fmax(want - drained, 1));
}

int rpt_hostv_drain_pcts(struct rpt_host_verdict *v, const struct rpt_hostv_lat *l,
			 const struct rpt_pace_drain *pd)
{
	bool listed = pd && pd->have && pd->listed;
	double *xb = NULL, *yb = NULL;
	size_t m = 0;

	if (!v->measured || !v->drain_ios.ok || !l || !l->n || !(l->ios > 0))
		return 0;
	if (listed && pd->n) {
		xb = malloc(pd->n * sizeof(*xb));
		yb = malloc(pd->n * sizeof(*yb));
		if (!xb || !yb) {
			free(xb);
			free(yb);
			return -ENOMEM;
		}
		m = drained_buckets(l, pd, xb, yb);
	}
	v->drain_pct_marked = 0;
	v->drain_pct_bound = !listed;
	for (size_t k = 0; k < RPT_HOSTV_DRAIN_NPCT; k++) {
		double want = rpt_hostv_drain_pct[k] / 100 * l->ios, x = cdf_pct(l, want), y;

		y = listed ? undrained_pct(l, xb, yb, m, want) :
			     bound_pct(l, pd, v->drain_ios.v, want, x);
		v->drain_pct_moved[k] = x > 0 ? 100 * (x - fmin(y, x)) / x : 0;
		if (v->drain_ios.v > 0 && v->drain_pct_moved[k] > 100 * RPT_LAT_BIN_SHARE)
			v->drain_pct_marked |= 1u << k;
	}
	free(xb);
	free(yb);
	drain_reason(v);
	return 0;
}

/* The intervals whose own share passes a threshold. */
static int spikes(struct rpt_host_verdict *v, const struct rpt_host_iv *x)
{
	struct rpt_host_spike *last;
	struct sums s = { 0 };
	double t0;
	bool over;

	add(&s, x);
	if (s.model)
		over = s.t_us > 0 && time_share(&s) >= RPT_HOST_TIME_SHARE;
	else
		over = s.delay && s.t_us > 0 && s.delay_us / s.t_us >= RPT_HOST_WAIT_SHARE;
	if (!over)
		return 0;
	v->nover++;
	t0 = x->t_ms - x->interval_us / 1000;
	last = v->nspikes ? &v->spike[v->nspikes - 1] : NULL;
	if (last && t0 >= last->t0_ms && t0 <= last->t1_ms + 1) {
		last->t1_ms = fmax(last->t1_ms, x->t_ms);
		return 0;
	}
	if (RPT_GROW(v->spike, v->spike_cap, v->nspikes, 16))
		return -ENOMEM;
	v->spike[v->nspikes++] = (struct rpt_host_spike){ t0, x->t_ms };
	return 0;
}

int rpt_hostv_compute(const struct rpt_host *h, double t0_ms, double t1_ms, double iodepth,
		      double ios, struct rpt_host_verdict *v)
{
	bool window = !isnan(t0_ms) && !isnan(t1_ms) && t1_ms > t0_ms;
	struct drain_sums ds = { 0 };
	struct sums s = { 0 };
	size_t i;
	int ret;

	memset(v, 0, sizeof(*v));
	for (i = 0; i < h->n; i++) {
		const struct rpt_host_iv *x = &h->iv[i];
		double mid = x->t_ms - x->interval_us / 2000;

		if (window && mid < t0_ms)
			continue;
		drain_add(&ds, x);
		if (window && mid > t1_ms)
			continue;
		add(&s, x);
		v->intervals++;
		ret = spikes(v, x);
		if (ret)
			return ret;
	}
	if (!v->intervals || !(s.t_us > 0)) {
		rpt_hostv_not_measured(v, "the host sidecar has no interval in the job's active window");
		return 0;
	}
	v->measured = true;
	v->model = s.model;
	v->schedstat = s.delay;
	v->active_s = s.t_us / 1e6;
	v->planned_s = s.planned_us / 1e6;
	if (s.delay)
		share(&v->wait_share, s.delay_us, s.t_us, "");
	else
		rpt_fig_null(&v->wait_share, "run delay not measured (no schedstat: CONFIG_SCHEDSTATS)");
	if (s.csw)
		rpt_fig_set(&v->nivcsw_per_s, s.nivcsw / (s.t_us / 1e6));
	else
		rpt_fig_null(&v->nivcsw_per_s, "context switches not measured");
	model_figs(v, &s);
	verdict(v, &s, late_bound(v, &s, iodepth, ios));
	drain(v, &ds);
	return 0;
}

void rpt_hostv_pace(struct rpt_host_verdict *v, const struct rpt_events *ev)
{
	size_t n;

	for (size_t k = 0; ev && k < ev->n; k++)
		if (ev->ev[k].kind == RPT_EV_MODEL_PACE && ev->ev[k].pace_kept >= 0) {
			v->pace_said = true;
			v->pace_kept = ev->ev[k].pace_kept;
			v->pace_share = 100 * ev->ev[k].pace_share;
		}
	if (!v->pace_said || v->pace_kept || !v->measured)
		return;
	n = strlen(v->reason);
	if (isnan(v->pace_share))
		snprintf(v->reason + n, sizeof(v->reason) - n,
			 "; the drive model did not keep its pace (its model_pace)");
	else
		snprintf(v->reason + n, sizeof(v->reason) - n,
			 "; the drive model did not keep its pace: the host added %.1f %% to the service times it set (kept under %.0f %%)",
			 v->pace_share, 100 * RPT_HOST_PACE_SHARE);
}

/* Append the intervals of @x to @h (@h's header: the first sidecar's). */
static int merge(struct rpt_host *h, struct rpt_host *x, bool first)
{
	size_t i;

	if (first) {
		*h = *x;
		memset(x, 0, sizeof(*x));
		return 0;
	}
	h->schedstat = h->schedstat || x->schedstat;
	h->model = h->model && x->model;
	for (i = 0; i < x->n; i++) {
		if (RPT_GROW(h->iv, h->cap, h->n, 64))
			return -ENOMEM;
		h->iv[h->n++] = x->iv[i];
	}
	rpt_host_free(x);
	return 0;
}

int rpt_hostv_read_group(const char *dir, const char *prefix, const struct rpt_fio_group *g,
			 struct rpt_host *h, char *why, size_t len, struct rpt_diag *d)
{
	int nread = 0, ret = 0;
	size_t i, w = 0;

	memset(h, 0, sizeof(*h));
	snprintf(why, len, "no host sidecar: a run without ssdq's engine, or older than its host measurement");
	for (i = 0; i < g->n && ret >= 0; i++) {
		const struct rpt_fio_entry *e = &g->e[i];
		const char *pre[2] = { prefix, e->jobname };
		unsigned int t, nt = e->nthreads > 1 ? e->nthreads : 1;
		int k;

		if (!e->thread)
			continue;
		for (t = e->thread; t < e->thread + nt && ret >= 0; t++)
			for (k = 0; k < 2; k++) {
				char *p = pre[k] ? rpt_log_path(dir, pre[k], "host", "jsonl", t, true,
								e->host) : NULL;
				struct rpt_host x;

				if (!p || access(p, R_OK)) {
					free(p);
					continue;
				}
				ret = rpt_host_read(p, &x, d);
				if (w < len && (ret == -EPROTONOSUPPORT || (ret && ret != -ENOMEM)))
					w += snprintf(why + w, len - w, "%s%s: %s", w ? "; " : "", p,
						      ret == -EPROTONOSUPPORT ? "a version this ssdq-report does not know" :
						      "cannot be read");
				else if (!ret)
					ret = merge(h, &x, !nread++);
				rpt_host_free(&x);
				free(p);
				if (ret != -ENOMEM)
					ret = 0;
				break;
			}
	}
	if (ret == -ENOMEM) {
		rpt_host_free(h);
		return ret;
	}
	return nread;
}

void rpt_hostv_not_measured(struct rpt_host_verdict *v, const char *fmt, ...)
{
	struct rpt_fig *f[] = { &v->wait_share, &v->nivcsw_per_s, &v->added_mean_us,
				&v->added_max_us, &v->added_share, &v->late_share,
				&v->idle_share, &v->time_share, &v->drain_share, &v->drain_ios };
	va_list ap;
	size_t i;

	rpt_hostv_free(v);
	memset(v, 0, sizeof(*v));
	va_start(ap, fmt);
	vsnprintf(v->why, sizeof(v->why), fmt, ap);
	va_end(ap);
	v->drain_mean_pct = NAN;
	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		rpt_fig_null(f[i], "host: not measured (%s)", v->why);
}

/* Percentile @p's bit in @bits of @pct[@n]; @other for a percentile not among them. */
static bool pct_bit(unsigned int bits, const double *pct, size_t n, double p, bool other)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (pct[k] == p)
			return bits & (1u << k);
	return other;
}

bool rpt_hostv_pct_marked(const struct rpt_host_verdict *v, double p)
{
	return pct_bit(v->pct_marked, rpt_hostv_pct, RPT_HOSTV_NPCT, p, v->bound);
}

bool rpt_hostv_drain_pct_marked(const struct rpt_host_verdict *v, double p)
{
	return pct_bit(v->drain_pct_marked, rpt_hostv_drain_pct, RPT_HOSTV_DRAIN_NPCT, p,
		       v->drain_mean_marked);
}

const char *rpt_hostv_word(const struct rpt_host_verdict *v)
{
	return !v->measured ? "not measured" : v->bound ? "host-bound" : v->pct_marked ? "tail" :
	       "quiet";
}

char *rpt_hostv_line(const struct rpt_host_verdict *v, char *buf, size_t len)
{
	if (!v->measured)
		snprintf(buf, len, "host: not measured%s%s%s", *v->why ? " (" : "", v->why,
			 *v->why ? ")" : "");
	else
		snprintf(buf, len, "%s%s: %s%s%s", v->bound ? "" : "host: ", rpt_hostv_word(v),
			 v->reason, *v->drain_reason ? "; " : "", v->drain_reason);
	return buf;
}

int rpt_hostv_spans(const struct rpt_host_verdict *v, struct rpt_timeline *tl)
{
	size_t i = 0, k;
	int ret = 0;

	while (i < v->nspikes && !ret) {
		double t1 = v->spike[i].t1_ms;

		for (k = i + 1; k < v->nspikes && v->spike[k].t0_ms <= t1 + 1; k++)
			t1 = fmax(t1, v->spike[k].t1_ms);
		ret = rpt_tl_add_span_ms(tl, v->spike[i].t0_ms, t1, RPT_HOSTV_SPAN);
		i = k;
	}
	return ret;
}

void rpt_hostv_free(struct rpt_host_verdict *v)
{
	if (!v)
		return;
	free(v->spike);
	v->spike = NULL;
	v->nspikes = 0;
	v->nover = 0;
	v->spike_cap = 0;
}
