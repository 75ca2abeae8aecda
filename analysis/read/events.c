// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "fio_stats.h"
#include "grow.h"
#include "reader_jsonl.h"

static const struct {
	const char *name;
	enum rpt_ev_kind kind;
} kinds[] = {
	{ "job_start", RPT_EV_JOB_START },
	{ "job_end", RPT_EV_JOB_END },
	{ "burst_start", RPT_EV_BURST_START },
	{ "burst_end", RPT_EV_BURST_END },
	{ "idle_start", RPT_EV_IDLE_START },
	{ "idle_end", RPT_EV_IDLE_END },
	{ "erase_start", RPT_EV_ERASE_START },
	{ "erase_end", RPT_EV_ERASE_END },
	{ "power_source", RPT_EV_POWER_SOURCE },
	{ "sampler_start", RPT_EV_SAMPLER_START },
	{ "device_error", RPT_EV_DEVICE_ERROR },
	{ "power_gap_start", RPT_EV_POWER_GAP_START },
	{ "power_gap_end", RPT_EV_POWER_GAP_END },
	{ "energy_counter", RPT_EV_ENERGY_COUNTER },
	{ "write_cache", RPT_EV_WRITE_CACHE },
	{ "model_energy", RPT_EV_MODEL_ENERGY },
	{ "drive_power", RPT_EV_DRIVE_POWER },
	{ "model_pace", RPT_EV_MODEL_PACE },
	{ "power_settings", RPT_EV_POWER_SETTINGS },
};

/* model_pace: "kept" and "host_added_share", each unknown when of another form. */
static void model_pace(struct json_object *o, struct rpt_event *ev)
{
	struct json_object *v;

	ev->pace_kept = -1;
	ev->pace_share = NAN;
	if (json_object_object_get_ex(o, "kept", &v) && json_object_is_type(v, json_type_boolean))
		ev->pace_kept = json_object_get_boolean(v);
	if (json_object_object_get_ex(o, "host_added_share", &v) &&
	    (json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int)))
		ev->pace_share = json_object_get_double(v);
}

/* A non-negative number @v into @out. */
static bool nonneg(struct json_object *v, double *out)
{
	if (!v || !(json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int)))
		return false;
	*out = json_object_get_double(v);
	return *out >= 0;
}

static bool num(struct json_object *o, const char *key, double *out)
{
	struct json_object *v;

	return json_object_object_get_ex(o, key, &v) && nonneg(v, out);
}

/* model_pace's drain (rpt_pace_drain); a list of another form is kept as none. */
static int pace_drain(struct json_object *o, struct rpt_pace_drain *pd)
{
	struct json_object *v, *a;
	size_t i, n;

	free(pd->lat_us);
	free(pd->held_us);
	free(pd->ddir);
	memset(pd, 0, sizeof(*pd));
	pd->have = num(o, "drain_ios", &pd->ios) && num(o, "drain_added_us", &pd->added_us);
	if (!pd->have)
		return 0;
	if (!num(o, "drain_lat_max_us", &pd->lat_max_us))
		pd->lat_max_us = NAN;
	if (!json_object_object_get_ex(o, "drain_lat_held_us", &v) ||
	    !json_object_is_type(v, json_type_array))
		return 0;
	n = json_object_array_length(v);
	if (n) {
		pd->lat_us = calloc(n, sizeof(*pd->lat_us));
		pd->held_us = calloc(n, sizeof(*pd->held_us));
		pd->ddir = calloc(n, sizeof(*pd->ddir));
		if (!pd->lat_us || !pd->held_us || !pd->ddir)
			return -ENOMEM;
	}
	for (i = 0; i < n; i++) {
		double dd;

		a = json_object_array_get_idx(v, i);
		if (!json_object_is_type(a, json_type_array) || json_object_array_length(a) != 3 ||
		    !nonneg(json_object_array_get_idx(a, 0), &pd->lat_us[i]) ||
		    !nonneg(json_object_array_get_idx(a, 1), &pd->held_us[i]) ||
		    !nonneg(json_object_array_get_idx(a, 2), &dd) || dd >= RPT_DD_MIXED)
			return 0;
		pd->ddir[i] = (unsigned int)dd;
	}
	pd->n = n;
	pd->listed = true;
	return 0;
}

static int push(struct rpt_events *e, const struct rpt_event *ev)
{
	if (RPT_GROW(e->ev, e->cap, e->n, 64))
		return -ENOMEM;
	e->ev[e->n++] = *ev;
	return 0;
}

/*
 * A power_source line's mark: the drive model's watts are the model's own
 * account (device.json says it is a model), an nvme-ps source's the drive's
 * power-state table.
 */
static bool power_estimated(struct json_object *o)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, "estimated", &v) || !json_object_get_boolean(v))
		return false;
	return !json_object_object_get_ex(o, "source", &v) ||
	       !json_object_is_type(v, json_type_string) ||
	       strncmp(json_object_get_string(v), "model:", 6);
}

/* An energy_counter line's account; a line it cannot read leaves the counter unread. */
static int energy_counter(struct rpt_jsonl *r, struct json_object *o, double t_us,
			  struct rpt_energy_counter *c, struct rpt_diag *d)
{
	struct json_object *v;
	double t0, bridged = 0;

	if (rpt_jsonl_num(o, "t0_us", r->where, &t0, d) <= 0 || t0 > t_us) {
		rpt_diag_add(d, RPT_ERROR, "%s: energy_counter: t0_us: expected unix "
			     "microseconds before time_us", r->where);
		return -EINVAL;
	}
	c->have = true;
	c->t0_ms = t0 / 1000.0;
	c->t1_ms = t_us / 1000.0;
	c->joules = NAN;
	c->why[0] = '\0';
	if (json_object_object_get_ex(o, "msg", &v) && json_object_is_type(v, json_type_string))
		snprintf(c->why, sizeof(c->why), "%s", json_object_get_string(v));
	if (!json_object_object_get_ex(o, "joules", &v) || json_object_is_type(v, json_type_null)) {
		if (!c->why[0])
			snprintf(c->why, sizeof(c->why), "the counter gave no figure");
		return 0;
	}
	if (rpt_jsonl_num(o, "joules", r->where, &c->joules, d) < 0 || c->joules < 0 ||
	    (json_object_object_get_ex(o, "bridged_j", NULL) &&
	     rpt_jsonl_num(o, "bridged_j", r->where, &bridged, d) < 0)) {
		rpt_diag_add(d, RPT_ERROR, "%s: energy_counter: joules: expected a number of "
			     "J, at least 0, or null", r->where);
		c->have = false;
		return -EINVAL;
	}
	c->bridged_j = bridged;
	return 0;
}

/* A boolean member, false when absent. */
static bool bool_of(struct json_object *o, const char *key)
{
	struct json_object *v;

	return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_boolean) &&
	       json_object_get_boolean(v);
}

/* A drive_power line; a line it cannot read leaves the drive's figure unread. */
static int drive_power(struct rpt_jsonl *r, struct json_object *o, double t_us,
		       struct rpt_drive_power *p, struct rpt_diag *d)
{
	struct json_object *v;
	double t0, pe = -1;

	memset(p, 0, sizeof(*p));
	if (rpt_jsonl_num(o, "t0_us", r->where, &t0, d) <= 0 || t0 > t_us) {
		rpt_diag_add(d, RPT_ERROR, "%s: drive_power: t0_us: expected unix microseconds "
			     "before time_us", r->where);
		return -EINVAL;
	}
	p->t0_ms = t0 / 1000.0;
	p->t1_ms = t_us / 1000.0;
	p->joules = p->avg_w = p->max_w = NAN;
	p->percent_error = -1;
	p->beside = bool_of(o, "beside");
	p->estimated = bool_of(o, "estimated");
	if (json_object_object_get_ex(o, "msg", &v) && json_object_is_type(v, json_type_string))
		snprintf(p->why, sizeof(p->why), "%s", json_object_get_string(v));
	if (json_object_object_get_ex(o, "source", &v) && json_object_is_type(v, json_type_string))
		snprintf(p->source, sizeof(p->source), "%.*s",
			 (int)strcspn(json_object_get_string(v), ":"), json_object_get_string(v));
	if ((json_object_object_get_ex(o, "count", NULL) &&
	     rpt_jsonl_num(o, "count", r->where, &p->count, d) < 0) ||
	    (json_object_object_get_ex(o, "interval_s", NULL) &&
	     rpt_jsonl_num(o, "interval_s", r->where, &p->interval_s, d) < 0) ||
	    (json_object_object_get_ex(o, "percent_error", &v) &&
	     !json_object_is_type(v, json_type_null) &&
	     (rpt_jsonl_num(o, "percent_error", r->where, &pe, d) < 0 || pe < 0 || pe > 100))) {
		rpt_diag_add(d, RPT_ERROR, "%s: drive_power: count, interval_s, percent_error: "
			     "expected numbers (a percent error of 0 to 100, or null)", r->where);
		return -EINVAL;
	}
	p->percent_error = (int)pe;
	p->have = true;
	if (!json_object_object_get_ex(o, "joules", &v) || json_object_is_type(v, json_type_null)) {
		if (!p->why[0])
			snprintf(p->why, sizeof(p->why), "the drive gave no figure");
		return 0;
	}
	if (rpt_jsonl_num(o, "joules", r->where, &p->joules, d) < 0 || p->joules < 0 ||
	    rpt_jsonl_num(o, "avg_w", r->where, &p->avg_w, d) <= 0 || p->avg_w < 0 ||
	    rpt_jsonl_num(o, "max_w", r->where, &p->max_w, d) <= 0 || p->max_w < p->avg_w ||
	    (json_object_object_get_ex(o, "resolution_w", NULL) &&
	     rpt_jsonl_num(o, "resolution_w", r->where, &p->resolution_w, d) < 0)) {
		rpt_diag_add(d, RPT_ERROR, "%s: drive_power: joules, avg_w, max_w: expected J and "
			     "W, at least 0, the maximum at least the mean", r->where);
		p->have = false;
		return -EINVAL;
	}
	return 0;
}

/* Whether job_start's @group of options sets boolean @name ("1", or as fio prints it). */
static bool option_set(struct json_object *o, const char *group, const char *name)
{
	struct json_object *g, *v;
	const char *s;

	if (!json_object_object_get_ex(o, group, &g) || !json_object_object_get_ex(g, name, &v) ||
	    !json_object_is_type(v, json_type_string))
		return false;
	s = json_object_get_string(v);
	return !strcmp(s, "1") || !strcmp(s, "true") || !strcmp(s, "on") || !*s;
}

/* An int member @key of @o, or @def when missing or of another type. */
static int int_member(struct json_object *o, const char *key, int def)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_int))
		return def;
	return json_object_get_int(v);
}

/* A power_settings line: its state, APST and table (the last line counts). */
static void power_settings(struct json_object *o, struct rpt_power_settings *ps)
{
	struct json_object *v, *t;
	double think = ps->thinktime_us;

	memset(ps, 0, sizeof(*ps));
	ps->thinktime_us = think;
	ps->have = true;
	ps->ps = int_member(o, "ps", -1);
	ps->apst = -1;
	if (json_object_object_get_ex(o, "apst", &v) && json_object_is_type(v, json_type_boolean))
		ps->apst = json_object_get_boolean(v);
	ps->asked_ps = json_object_object_get_ex(o, "asked", &v) ? int_member(v, "ps", -1) : -1;
	if (!json_object_object_get_ex(o, "transitions", &t) || !json_object_is_type(t, json_type_array))
		return;
	for (size_t i = 0; i < json_object_array_length(t) && ps->n < 32; i++) {
		struct json_object *e = json_object_array_get_idx(t, i);
		int x[3];

		if (!json_object_is_type(e, json_type_array) || json_object_array_length(e) != 3)
			continue;
		for (int k = 0; k < 3; k++)
			x[k] = json_object_get_int(json_object_array_get_idx(e, (size_t)k));
		if (x[0] < 0 || x[0] > 31 || x[1] < 0 || x[1] > 31 || x[2] <= 0)
			continue;
		ps->from[ps->n] = (unsigned int)x[0];
		ps->to[ps->n] = (unsigned int)x[1];
		ps->idle_ms[ps->n++] = (unsigned int)x[2];
	}
}

/* fio's thinktime as it prints an option: µs, or with a unit (us, ms, s, m). */
static double thinktime_us(struct json_object *o)
{
	struct json_object *g, *v;
	char unit[8] = "";
	double x;

	if (!json_object_object_get_ex(o, "options", &g) ||
	    !json_object_object_get_ex(g, "thinktime", &v) || !json_object_is_type(v, json_type_string) ||
	    sscanf(json_object_get_string(v), "%lf%7s", &x, unit) < 1 || x < 0)
		return 0;
	return !unit[0] || !strcmp(unit, "us") ? x : !strcmp(unit, "ms") ? x * 1e3 :
	       !strcmp(unit, "s") ? x * 1e6 : !strcmp(unit, "m") ? x * 6e7 : 0;
}

struct events_arg {
	const char *job;
	struct rpt_events *e;
};

/* One line's object: a rpt_jsonl_take_fn. */
static int take(struct rpt_jsonl *r, struct json_object *o, void *arg, struct rpt_diag *d)
{
	const char *job = ((struct events_arg *)arg)->job;
	struct rpt_events *e = ((struct events_arg *)arg)->e;
	struct json_object *v;
	struct rpt_event ev = { .bytes = -1 };
	const char *name, *jn, *stop;
	double us;
	size_t i;
	int ret;

	ret = rpt_jsonl_num(o, "time_us", r->where, &us, d);
	if (ret == 0)
		rpt_diag_add(d, RPT_ERROR, "%s: time_us: missing (expected unix microseconds)",
			     r->where);
	if (ret <= 0)
		return -EINVAL;
	if (!json_object_object_get_ex(o, "event", &v) || !json_object_is_type(v, json_type_string)) {
		rpt_diag_add(d, RPT_ERROR, "%s: event: expected a string", r->where);
		return -EINVAL;
	}
	name = json_object_get_string(v);
	if (job && json_object_object_get_ex(o, "job", &v) &&
	    json_object_is_type(v, json_type_string)) {
		jn = json_object_get_string(v);
		if (strcmp(jn, job))
			return 0;
	}
	ev.t_us = us;
	ev.t_ms = us / 1000.0;
	if (json_object_object_get_ex(o, "job", &v) && json_object_is_type(v, json_type_string))
		snprintf(ev.job, sizeof(ev.job), "%s", json_object_get_string(v));
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(name, kinds[i].name))
			ev.kind = kinds[i].kind;
	if (json_object_object_get_ex(o, "bytes", NULL)) {
		ret = rpt_jsonl_num(o, "bytes", r->where, &ev.bytes, d);
		if (ret < 0)
			return -EINVAL;
		if (ev.bytes < 0) {
			rpt_diag_add(d, RPT_ERROR, "%s: bytes: negative", r->where);
			return -EINVAL;
		}
	}
	if (ev.kind == RPT_EV_JOB_END && json_object_object_get_ex(o, "stop", &v) &&
	    json_object_is_type(v, json_type_string)) {
		stop = json_object_get_string(v);
		if (!strcmp(stop, "time") || !strcmp(stop, "bytes") || !strcmp(stop, "error") ||
		    !strcmp(stop, "terminated") || !strcmp(stop, "stalled") || !strcmp(stop, "bursts"))
			strcpy(ev.stop, stop);
	}
	if (ev.kind == RPT_EV_POWER_SOURCE)
		ev.estimated = power_estimated(o);
	if (ev.kind == RPT_EV_JOB_START) {
		ev.refill = option_set(o, "options", "refill_buffers") ||
			    option_set(o, "global_options", "refill_buffers");
		e->ps.thinktime_us = thinktime_us(o);
	}
	if (ev.kind == RPT_EV_POWER_SETTINGS)
		power_settings(o, &e->ps);
	if (ev.kind == RPT_EV_ERASE_END && json_object_object_get_ex(o, "method", &v) &&
	    json_object_is_type(v, json_type_string))
		snprintf(ev.method, sizeof(ev.method), "%s", json_object_get_string(v));
	if (ev.kind == RPT_EV_WRITE_CACHE) {
		ev.write_cache = -2;
		if (json_object_object_get_ex(o, "present", &v) &&
		    json_object_is_type(v, json_type_boolean) && !json_object_get_boolean(v))
			ev.write_cache = -1;
		else if (json_object_object_get_ex(o, "enabled", &v) &&
			 json_object_is_type(v, json_type_boolean))
			ev.write_cache = json_object_get_boolean(v);
	}
	/* a truth of another form is kept as no account (NAN), not refused */
	if (ev.kind == RPT_EV_MODEL_ENERGY &&
	    (!json_object_object_get_ex(o, "truth", &v) || !json_object_is_type(v, json_type_string) ||
	     sscanf(json_object_get_string(v), "%lf J in %lf s", &ev.energy_j, &ev.energy_s) != 2))
		ev.energy_j = ev.energy_s = NAN;
	if (ev.kind == RPT_EV_MODEL_PACE) {
		model_pace(o, &ev);
		if (pace_drain(o, &e->drain))
			return -ENOMEM;
	}
	if (ev.kind == RPT_EV_DEVICE_ERROR)
		e->device_errors++;
	if (ev.kind == RPT_EV_ENERGY_COUNTER && energy_counter(r, o, us, &e->counter, d))
		return -EINVAL;
	if (ev.kind == RPT_EV_DRIVE_POWER && drive_power(r, o, us, &e->drive, d))
		return -EINVAL;
	return push(e, &ev);
}

static int read_all(struct rpt_jsonl *r, const char *job, struct rpt_events *e,
		    struct rpt_diag *d)
{
	struct events_arg a = { job, e };

	return rpt_jsonl_each(r, take, &a, &e->bad_lines, d);
}

int rpt_events_read(const char *path, const char *job, struct rpt_events *e,
		    struct rpt_diag *d)
{
	struct rpt_jsonl r;
	int ret;

	memset(e, 0, sizeof(*e));
	ret = rpt_jsonl_open(&r, path, d);
	return ret ? ret : read_all(&r, job, e, d);
}

int rpt_events_read_mem(const char *name, const char *data, size_t len,
			const char *job, struct rpt_events *e, struct rpt_diag *d)
{
	struct rpt_jsonl r;
	int ret;

	memset(e, 0, sizeof(*e));
	ret = rpt_jsonl_open_mem(&r, name, data, len);
	return ret ? ret : read_all(&r, job, e, d);
}

void rpt_events_free(struct rpt_events *e)
{
	if (!e)
		return;
	free(e->ev);
	free(e->drain.lat_us);
	free(e->drain.held_us);
	free(e->drain.ddir);
	memset(e, 0, sizeof(*e));
}

const char *rpt_events_stop(const struct rpt_events *e)
{
	size_t i;

	for (i = e->n; i-- > 0;)
		if (e->ev[i].kind == RPT_EV_JOB_END)
			return e->ev[i].stop[0] ? e->ev[i].stop : NULL;
	return NULL;
}

double rpt_events_io_start(const struct rpt_events *e, double before_ms)
{
	double t = NAN;
	size_t i;

	for (i = 0; i < e->n; i++) {
		const struct rpt_event *ev = &e->ev[i];

		if ((ev->kind == RPT_EV_JOB_START || ev->kind == RPT_EV_ERASE_START ||
		     ev->kind == RPT_EV_ERASE_END || ev->kind == RPT_EV_POWER_SOURCE ||
		     ev->kind == RPT_EV_SAMPLER_START) &&
		    ev->t_ms < before_ms && !(ev->t_ms <= t))
			t = ev->t_ms;
	}
	return t;
}

bool rpt_events_window(const struct rpt_events *e, double *t0, double *t1)
{
	double end = NAN, idle = NAN;
	size_t i;

	for (i = 0; i < e->n; i++) {
		switch (e->ev[i].kind) {
		case RPT_EV_IDLE_START:
			if (isnan(idle))
				idle = e->ev[i].t_ms;
			break;
		case RPT_EV_BURST_START:
			idle = NAN;
			break;
		case RPT_EV_JOB_END:
			end = e->ev[i].t_ms;
			break;
		default:
			break;
		}
	}
	if (!isnan(idle) && !(idle > end))
		end = idle;
	*t0 = rpt_events_io_start(e, isnan(end) ? INFINITY : end);
	*t1 = end;
	return !isnan(*t0) && !isnan(*t1) && *t0 < *t1;
}

int rpt_bursts_compute(const struct rpt_events *e, struct rpt_bursts *b)
{
	double open = NAN, idle0 = NAN, first = NAN, last = NAN, period_busy = 0, idle_us = 0;
	size_t i, cap = 0;

	memset(b, 0, sizeof(*b));
	for (i = 0; i < e->n; i++) {
		const struct rpt_event *ev = &e->ev[i];

		switch (ev->kind) {
		case RPT_EV_BURST_START:
			if (!isnan(open))
				b->unclosed++;
			open = ev->t_us;
			break;
		case RPT_EV_BURST_END:
			if (isnan(open) || ev->t_us < open || ev->bytes < 0) {
				open = NAN;
				break;
			}
			if (RPT_GROW(b->b, cap, b->n, 16)) {
				rpt_bursts_free(b);
				return -ENOMEM;
			}
			/* durations from the exact µs: unix ms lose digits */
			b->b[b->n].t0_ms = open / 1000;
			b->b[b->n].t1_ms = ev->t_us / 1000;
			b->b[b->n].bytes = ev->bytes;
			b->b[b->n].mbps = ev->t_us > open ? ev->bytes / (ev->t_us - open) : NAN;
			b->bytes += ev->bytes;
			b->busy_ms += (ev->t_us - open) / 1000;
			b->b[b->n].busy_us = ev->t_us - open;
			if (isnan(first))
				first = open;
			last = ev->t_us;
			b->n++;
			open = NAN;
			break;
		default:
			break;
		}
	}
	if (!isnan(open))
		b->unclosed++;
	/* the idle between each burst and the next */
	for (i = 0; b->n && i < e->n; i++) {
		const struct rpt_event *ev = &e->ev[i];

		if (ev->kind == RPT_EV_IDLE_START) {
			idle0 = ev->t_us;
		} else if (ev->kind == RPT_EV_IDLE_END && !isnan(idle0)) {
			double a = fmax(idle0, first), z = fmin(ev->t_us, last);

			if (z > a)
				idle_us += z - a;
			idle0 = NAN;
		}
	}
	/* the periods: every burst but the last with the idle after it */
	for (i = 0; i + 1 < b->n; i++)
		period_busy += b->b[i].busy_us;
	b->idle_ms = idle_us / 1000;
	if (!b->n) {
		rpt_fig_null(&b->score_mbps, "no burst_start/burst_end events: not a burst test");
		rpt_fig_null(&b->duty_pct, "%s", b->score_mbps.why);
		return 0;
	}
	if (b->busy_ms > 0)
		rpt_fig_set(&b->score_mbps, b->bytes / (b->busy_ms * 1000));
	else
		rpt_fig_null(&b->score_mbps, "the bursts took no measurable time");
	if (b->n < 2)
		rpt_fig_null(&b->duty_pct, "a single burst: no idle between bursts");
	else if (period_busy + idle_us > 0)
		rpt_fig_set(&b->duty_pct, 100 * period_busy / (period_busy + idle_us));
	else
		rpt_fig_null(&b->duty_pct, "the bursts took no measurable time");
	return (int)(b->n > 1000000 ? 1000000 : b->n);
}

void rpt_bursts_free(struct rpt_bursts *b)
{
	if (!b)
		return;
	free(b->b);
	b->b = NULL;
	b->n = 0;
}
