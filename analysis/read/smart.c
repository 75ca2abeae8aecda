// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "reader_jsonl.h"
#include "smart.h"
#include "sort.h"

static int push(struct rpt_smart *s, const struct rpt_smart_sample *x)
{
	if (RPT_GROW(s->s, s->cap, s->n, 64))
		return -ENOMEM;
	s->s[s->n++] = *x;
	return 0;
}

/*
 * The keys of each value, by format version: 1 wrote ssdq's own names,
 * 2 nvme-cli's (power/smart_log.h).
 */
static const char *const keys_v1[6] = {
	"composite_temp_c", "critical_warning", "thermal_mgmt_t1_transitions",
	"thermal_mgmt_t2_transitions", "thermal_mgmt_t1_time_s", "thermal_mgmt_t2_time_s",
};
static const char *const keys_v2[6] = {
	"composite_temp_c", "critical_warning", "thm_temp1_trans_count",
	"thm_temp2_trans_count", "thm_temp1_total_time", "thm_temp2_total_time",
};

/* One line's object: a rpt_jsonl_take_fn. */
static int take(struct rpt_jsonl *r, struct json_object *o, void *arg, struct rpt_diag *d)
{
	struct rpt_smart *s = arg;
	const char *const *keys = keys_v1;
	struct rpt_smart_sample x;
	struct json_object *v;
	double *dst[6] = { &x.temp_c, &x.cw, &x.tmt1, &x.tmt2, &x.tmt1_s, &x.tmt2_s };
	double us, version = 1;
	int i, ret;

	ret = rpt_jsonl_num(o, "time_us", r->where, &us, d);
	if (ret == 0)
		rpt_diag_add(d, RPT_ERROR, "%s: time_us: missing (expected unix microseconds)",
			     r->where);
	if (ret <= 0)
		return -EINVAL;
	if (rpt_jsonl_num(o, "version", r->where, &version, d) < 0)
		return -EINVAL;
	if (version >= 2)
		keys = keys_v2;
	if (version > RPT_SMART_VERSION && !s->newer_noted) {
		rpt_diag_add(d, RPT_WARN, "%s: SMART log version %g is newer than this reader's "
			     "%d: reading the keys it knows", r->where, version, RPT_SMART_VERSION);
		s->newer_noted = true;
	}
	x.t_ms = us / 1000.0;
	for (i = 0; i < 6; i++) {
		*dst[i] = NAN;
		if (rpt_jsonl_num(o, keys[i], r->where, dst[i], d) < 0)
			return -EINVAL;
	}
	x.du_written = x.media_written = NAN;
	if (rpt_jsonl_num(o, "data_units_written", r->where, &x.du_written, d) < 0)
		return -EINVAL;
	if (json_object_object_get_ex(o, "ocp", &v) && json_object_is_type(v, json_type_object) &&
	    rpt_jsonl_num(v, "physical_media_units_written", r->where, &x.media_written, d) < 0)
		return -EINVAL;
	if (s->n && x.t_ms < s->s[s->n - 1].t_ms) {
		rpt_diag_add(d, RPT_ERROR, "%s: time_us goes back in time: sample left out",
			     r->where);
		return -EINVAL;
	}
	return push(s, &x);
}

int rpt_smart_read(const char *path, struct rpt_smart *s, struct rpt_diag *d)
{
	struct rpt_jsonl r;
	int ret;

	memset(s, 0, sizeof(*s));
	ret = rpt_jsonl_open(&r, path, d);
	return ret ? ret : rpt_jsonl_each(&r, take, s, NULL, d);
}

int rpt_smart_read_mem(const char *name, const char *data, size_t len,
		       struct rpt_smart *s, struct rpt_diag *d)
{
	struct rpt_jsonl r;
	int ret;

	memset(s, 0, sizeof(*s));
	ret = rpt_jsonl_open_mem(&r, name, data, len);
	return ret ? ret : rpt_jsonl_each(&r, take, s, NULL, d);
}

void rpt_smart_free(struct rpt_smart *s)
{
	if (!s)
		return;
	free(s->s);
	memset(s, 0, sizeof(*s));
}

double rpt_smart_interval(const struct rpt_smart *s)
{
	double *g, med;
	size_t i;

	if (s->n < 2)
		return 1000;
	g = malloc((s->n - 1) * sizeof(*g));
	if (!g)
		return 1000;
	for (i = 1; i < s->n; i++)
		g[i - 1] = s->s[i].t_ms - s->s[i - 1].t_ms;
	med = rpt_select_double(g, s->n - 1, (s->n - 1) / 2);
	free(g);
	return med > 0 ? med : 1000;
}

/* the counter @f grew from sample i - 1 to i */
static bool grew(double a, double b)
{
	return !isnan(a) && !isnan(b) && b > a;
}

void rpt_smart_window(const struct rpt_smart *s, double t0_ms, double t1_ms,
		      struct rpt_thermal *th)
{
	double tmax = -INFINITY;
	size_t i;

	memset(th, 0, sizeof(*th));
	th->t_ms = NAN;
	th->t_prev_ms = NAN;
	th->temp_at_c = NAN;
	for (i = 0; i < s->n; i++) {
		const struct rpt_smart_sample *x = &s->s[i], *p = i ? &s->s[i - 1] : NULL;
		bool in = x->t_ms >= t0_ms && x->t_ms <= t1_ms;
		bool overlaps = p && x->t_ms >= t0_ms && p->t_ms <= t1_ms;

		if (in && !isnan(x->temp_c))
			tmax = fmax(tmax, x->temp_c);
		if (th->throttled)
			continue;
		if (overlaps && (grew(p->tmt1, x->tmt1) || grew(p->tmt2, x->tmt2))) {
			snprintf(th->why, sizeof(th->why),
				 "SMART thermal management transitions T1 %.0f->%.0f, T2 %.0f->%.0f",
				 p->tmt1, x->tmt1, p->tmt2, x->tmt2);
		} else if (overlaps && (grew(p->tmt1_s, x->tmt1_s) || grew(p->tmt2_s, x->tmt2_s))) {
			snprintf(th->why, sizeof(th->why),
				 "SMART time in thermal management T1 %.0f->%.0f s, T2 %.0f->%.0f s",
				 p->tmt1_s, x->tmt1_s, p->tmt2_s, x->tmt2_s);
		} else if (in && !isnan(x->cw) && ((long long)x->cw & RPT_CW_TEMPERATURE)) {
			snprintf(th->why, sizeof(th->why),
				 "SMART critical warning 0x%02llx (temperature)", (long long)x->cw);
		} else {
			continue;
		}
		th->throttled = true;
		th->t_ms = x->t_ms;
		th->t_prev_ms = p ? p->t_ms : NAN;
		th->temp_at_c = x->temp_c;
	}
	if (tmax > -INFINITY)
		rpt_fig_set(&th->temp_max_c, tmax);
	else
		rpt_fig_null(&th->temp_max_c, "no SMART temperature sample during the job");
}

/* a figure to 10 % needs its counters to move this many steps */
#define WA_STEPS	10
#define DATA_UNIT	512000.0

static uint64_t gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

/*
 * The media counter's step: the greatest common divisor of its moves
 * between samples over the whole log (a counter of bytes that moves by
 * whole GiB shows 1 GiB; one that counts each byte, a few bytes).
 */
static double media_step(const struct rpt_smart *s)
{
	uint64_t g = 0;

	for (size_t i = 1; i < s->n; i++) {
		double d = s->s[i].media_written - s->s[i - 1].media_written;

		if (d > 0 && d < 9e15)
			g = gcd(g, (uint64_t)d);
	}
	return g ? (double)g : NAN;
}

void rpt_smart_write_amp(const struct rpt_smart *s, double t0_ms, double t1_ms,
			 struct rpt_write_amp *w)
{
	const struct rpt_smart_sample *a = NULL, *b = NULL;

	memset(w, 0, sizeof(*w));
	w->host_bytes = w->media_bytes = w->media_step = NAN;
	w->host_unit = DATA_UNIT;
	for (size_t i = 0; i < s->n; i++) {
		const struct rpt_smart_sample *x = &s->s[i];

		if (x->t_ms <= t0_ms || !a)
			a = x->t_ms <= t1_ms ? x : a;
		if (x->t_ms >= t0_ms && (!b || b->t_ms < t1_ms))
			b = x;
	}
	if (!a || !b || b <= a) {
		rpt_fig_null(&w->wa, "fewer than two SMART samples around the job");
		return;
	}
	if (isnan(a->media_written) || isnan(b->media_written)) {
		rpt_fig_null(&w->wa, "no media write counter: the drive has no OCP C0h log "
			     "(physical media units written)");
		return;
	}
	if (isnan(a->du_written) || isnan(b->du_written)) {
		rpt_fig_null(&w->wa, "no data_units_written in the SMART log");
		return;
	}
	w->host_bytes = (b->du_written - a->du_written) * DATA_UNIT;
	w->media_bytes = b->media_written - a->media_written;
	w->media_step = media_step(s);
	if (w->host_bytes < WA_STEPS * DATA_UNIT) {
		rpt_fig_null(&w->wa, "the job is too short for SMART's data units written: "
			     "%.0f units of 512 000 B, %d needed for a figure to 10 %%",
			     w->host_bytes / DATA_UNIT, WA_STEPS);
		return;
	}
	if (isnan(w->media_step) || w->media_bytes < WA_STEPS * w->media_step) {
		rpt_fig_null(&w->wa, "the job is too short for the media counter: it moved "
			     "%.0f B in steps of %.0f B, %d steps needed for a figure to 10 %%",
			     w->media_bytes, isnan(w->media_step) ? 0 : w->media_step, WA_STEPS);
		return;
	}
	rpt_fig_set(&w->wa, w->media_bytes / w->host_bytes);
}
