// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "host.h"
#include "reader_jsonl.h"

/* An optional number >= 0: 1 read, 0 absent (@out NAN), -EINVAL bad. */
static int count(struct rpt_jsonl *r, struct json_object *o, const char *key, double *out,
		 struct rpt_diag *d)
{
	int ret;

	*out = NAN;
	ret = rpt_jsonl_num(o, key, r->where, out, d);
	if (ret > 0 && *out < 0) {
		rpt_diag_add(d, RPT_ERROR, "%s: %s: %g is negative (expected a count or µs >= 0)",
			     r->where, key, *out);
		return -EINVAL;
	}
	return ret;
}

static bool boolean(struct json_object *o, const char *key)
{
	struct json_object *v;

	return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_boolean) &&
	       json_object_get_boolean(v);
}

static const char *string(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

/* The host_start line. */
static int start(struct rpt_jsonl *r, struct json_object *o, struct rpt_host *h,
		 struct rpt_diag *d)
{
	double version = NAN, us = NAN, x;
	const char *src;

	if (h->has_start) {
		rpt_diag_add(d, RPT_ERROR, "%s: a second host_start line: left out", r->where);
		return -EINVAL;
	}
	if (rpt_jsonl_num(o, "version", r->where, &version, d) <= 0) {
		rpt_diag_add(d, RPT_ERROR, "%s: version: expected a number in the host_start line",
			     r->where);
		return -EINVAL;
	}
	if (version != RPT_HOST_VERSION) {
		rpt_diag_add(d, RPT_ERROR, "%s: host sidecar version %g: this reader knows version %d only; the file is not read",
			     r->where, version, RPT_HOST_VERSION);
		h->refused = true;
		h->n = 0;
		return 0;
	}
	if (rpt_jsonl_num(o, "time_us", r->where, &us, d) < 0)
		return -EINVAL;
	h->has_start = true;
	h->t0_ms = us / 1000.0;
	h->tid = rpt_jsonl_num(o, "tid", r->where, &x, NULL) > 0 ? (long)x : -1;
	h->ncpu = rpt_jsonl_num(o, "ncpu", r->where, &x, NULL) > 0 ? (int)x : -1;
	h->cpus_allowed = rpt_jsonl_num(o, "cpus_allowed", r->where, &x, NULL) > 0 ? (int)x : -1;
	h->interval_ms = rpt_jsonl_num(o, "interval_ms", r->where, &x, NULL) > 0 ? x : NAN;
	src = string(o, "source");
	h->schedstat = src && !strcmp(src, "schedstat");
	h->model = boolean(o, "model");
	return 0;
}

/* One interval line. */
static int interval(struct rpt_jsonl *r, struct json_object *o, struct rpt_host *h,
		    struct rpt_diag *d)
{
	static const char *const opt[] = {
		"run_delay_us", "cpu_us", "nivcsw", "nvcsw", "ios", "intended_us",
		"host_added_us", "host_added_max_us", "late_ios", "drive_idle_us",
		"planned_idle_us", "drain_ios", "drain_added_us", "drain_late_ios",
	};
	struct rpt_host_iv x;
	double *dst[] = { &x.run_delay_us, &x.cpu_us, &x.nivcsw, &x.nvcsw, &x.ios,
			  &x.intended_us, &x.host_added_us, &x.host_added_max_us, &x.late_ios,
			  &x.drive_idle_us, &x.planned_idle_us, &x.drain_ios, &x.drain_added_us,
			  &x.drain_late_ios };
	double us;
	size_t i;
	int ret;

	if (!h->has_start) {
		rpt_diag_add(d, RPT_ERROR, "%s: an interval before the host_start line: left out",
			     r->where);
		return -EINVAL;
	}
	ret = rpt_jsonl_num(o, "time_us", r->where, &us, d);
	if (ret == 0)
		rpt_diag_add(d, RPT_ERROR, "%s: time_us: missing (expected unix microseconds)",
			     r->where);
	if (ret <= 0)
		return -EINVAL;
	ret = count(r, o, "interval_us", &x.interval_us, d);
	if (ret == 0)
		rpt_diag_add(d, RPT_ERROR, "%s: interval_us: missing (expected the interval's µs)",
			     r->where);
	if (ret <= 0)
		return -EINVAL;
	for (i = 0; i < sizeof(opt) / sizeof(opt[0]); i++)
		if (count(r, o, opt[i], dst[i], d) < 0)
			return -EINVAL;
	x.t_ms = us / 1000.0;
	if (h->n && x.t_ms < h->iv[h->n - 1].t_ms) {
		rpt_diag_add(d, RPT_ERROR, "%s: time_us goes back in time: interval left out",
			     r->where);
		return -EINVAL;
	}
	if (RPT_GROW(h->iv, h->cap, h->n, 64))
		return -ENOMEM;
	h->iv[h->n++] = x;
	return 0;
}

/* One line's object: a rpt_jsonl_take_fn. */
static int take(struct rpt_jsonl *r, struct json_object *o, void *arg, struct rpt_diag *d)
{
	struct rpt_host *h = arg;
	const char *kind;

	if (h->refused)
		return 0;
	kind = string(o, "kind");
	if (kind && !strcmp(kind, "host_start"))
		return start(r, o, h, d);
	if (kind)
		return 0;	/* a line of a kind this reader does not know */
	return interval(r, o, h, d);
}

static int finish(struct rpt_host *h, int ret)
{
	if (!ret && h->refused) {
		rpt_host_free(h);
		h->refused = true;
		return -EPROTONOSUPPORT;
	}
	return ret;
}

int rpt_host_read(const char *path, struct rpt_host *h, struct rpt_diag *d)
{
	struct rpt_jsonl r;
	int ret;

	memset(h, 0, sizeof(*h));
	ret = rpt_jsonl_open(&r, path, d);
	return finish(h, ret ? ret : rpt_jsonl_each(&r, take, h, NULL, d));
}

int rpt_host_read_mem(const char *name, const char *data, size_t len,
		      struct rpt_host *h, struct rpt_diag *d)
{
	struct rpt_jsonl r;
	int ret;

	memset(h, 0, sizeof(*h));
	ret = rpt_jsonl_open_mem(&r, name, data, len);
	return finish(h, ret ? ret : rpt_jsonl_each(&r, take, h, NULL, d));
}

void rpt_host_free(struct rpt_host *h)
{
	if (!h)
		return;
	free(h->iv);
	memset(h, 0, sizeof(*h));
}
