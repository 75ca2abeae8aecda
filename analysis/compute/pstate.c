// SPDX-License-Identifier: GPL-2.0-only
/* A job's power-state figures: idle power per state, wake-up gaps, the state set. */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "power.h"
#include "pstate.h"
#include "reader_log.h"

unsigned int rpt_pstate_reach(const struct rpt_power_settings *s, const struct rpt_device *dev,
			      double span_ms, double *drawn_ms)
{
	unsigned int st = s->ps >= 0 ? (unsigned int)s->ps : 0;
	double in = 0;

	*drawn_ms = 0;
	for (unsigned int hop = 0; s->apst == 1 && hop < 32; hop++) {
		unsigned int i, to;
		double dec;

		for (i = 0; i < s->n && s->from[i] != st; i++)
			;
		if (i == s->n || s->to[i] == st)
			break;
		to = s->to[i];
		dec = in + s->idle_ms[i];
		if (dec > span_ms)
			break;
		st = to;
		in = dec + (to < dev->nps ? dev->ps[to].enlat_us / 1000.0 : 0);
		*drawn_ms = in;
	}
	return st;
}

/* The last idle of the job that follows its I/O: [t0, t1] unix ms. */
static bool final_idle(const struct rpt_events *ev, double *t0, double *t1)
{
	bool open = false, found = false;

	for (size_t i = 0; i < ev->n; i++) {
		const struct rpt_event *e = &ev->ev[i];

		if (e->kind == RPT_EV_BURST_START)
			return false;		/* a burst test's idle is its duty cycle's */
		if (e->kind == RPT_EV_IDLE_START) {
			*t0 = e->t_ms;
			open = true;
		} else if (e->kind == RPT_EV_IDLE_END && open) {
			*t1 = e->t_ms;
			open = false;
			found = true;
		}
	}
	return found && *t1 > *t0;
}

/* The state's descriptor figures, or null with why. */
static void descriptor(const struct rpt_device *dev, unsigned int st, struct rpt_pstate *p)
{
	rpt_fig_set(&p->state, st);
	if (st >= dev->nps) {
		const char *why = dev->nps ? "past device.json's power states" :
				  "device.json has no power states";

		rpt_fig_null(&p->max_w, "%s", why);
		rpt_fig_null(&p->entry_us, "%s", why);
		rpt_fig_null(&p->exit_us, "%s", why);
		return;
	}
	rpt_fig_set(&p->max_w, dev->ps[st].max_w);
	rpt_fig_set(&p->entry_us, dev->ps[st].enlat_us);
	rpt_fig_set(&p->exit_us, dev->ps[st].exlat_us);
}

/* The power log's mean over [t0, t1] unix ms into @f. */
static int idle_power(const char *log, double t0, double t1, struct rpt_fig *f)
{
	struct rpt_log_reader r;
	struct rpt_power p;
	int ret;

	if (!log) {
		rpt_fig_null(f, "no power log");
		return 0;
	}
	ret = rpt_log_open(&r, log);
	if (!ret)
		ret = rpt_power_read(&r, t0, t1, &p);
	if (ret)
		rpt_fig_null(f, "%s", r.err);
	else
		*f = p.avg_w;
	rpt_log_close(&r);
	return ret == -ENOMEM ? ret : 0;
}

/* The median as fio takes a percentile: the first bin whose share reaches 0.5. */
static void median(const double *us, const double *le, size_t n, struct rpt_fig *f)
{
	for (size_t i = 0; i < n; i++) {
		if (le[i] >= 0.5) {
			rpt_fig_set(f, us[i]);
			return;
		}
	}
	rpt_fig_null(f, "no latency distribution (json+ bins)");
}

int rpt_pstate_compute(const struct rpt_events *ev, const struct rpt_device *dev,
		       const char *power_log, const double *lat_us, const double *lat_le,
		       size_t nlat, struct rpt_pstate *out)
{
	const struct rpt_power_settings *s = &ev->ps;
	const char *na = "not an idle job";
	double t0 = 0, t1 = 0, drawn;
	unsigned int st;
	int ret = 0;

	memset(out, 0, sizeof(*out));
	rpt_fig_null(&out->idle_w, "%s", na);
	rpt_fig_null(&out->idle_s, "%s", na);
	rpt_fig_null(&out->gap_ms, "not a wake-up job (no thinktime)");
	rpt_fig_null(&out->wake_p50_us, "not a wake-up job (no thinktime)");
	if (!s->have)
		return 0;
	if (s->thinktime_us > 0) {
		out->kind = "wake";
		rpt_fig_set(&out->gap_ms, s->thinktime_us / 1000);
		st = rpt_pstate_reach(s, dev, s->thinktime_us / 1000, &drawn);
		median(lat_us, lat_le, nlat, &out->wake_p50_us);
	} else if (final_idle(ev, &t0, &t1)) {
		out->kind = "idle";
		st = rpt_pstate_reach(s, dev, t1 - t0, &drawn);
		t0 += drawn + RPT_PSTATE_SETTLE_MS;
		if (t1 - t0 < RPT_PSTATE_SETTLE_MS) {
			rpt_fig_null(&out->idle_w, "the idle left %.0f ms in PS%u, less than %.0f ms "
				     "after it settled", fmax(0, t1 - t0 + RPT_PSTATE_SETTLE_MS), st,
				     RPT_PSTATE_SETTLE_MS);
			rpt_fig_null(&out->idle_s, "%s", out->idle_w.why);
		} else {
			ret = idle_power(power_log, t0, t1, &out->idle_w);
			rpt_fig_set(&out->idle_s, (t1 - t0) / 1000);
		}
	} else if (s->asked_ps >= 0) {
		out->kind = "state";
		st = (unsigned int)s->asked_ps;
	} else {
		return 0;
	}
	out->have = true;
	descriptor(dev, st, out);
	return ret;
}
