// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio_version.h"
#include "grow.h"
#include "reader_json.h"
#include "sort.h"
#include "status.h"

/* A snapshot needs at least this many, with bytes, for a curve. */
#define STATUS_MIN_POINTS	4

static double num(struct json_object *o, const char *key)
{
	double v;

	return o && rpt_json_num(o, key, "", "", &v, NULL) > 0 ? v : NAN;
}

int rpt_status_add(struct json_object *doc, void *arg)
{
	struct rpt_status *s = arg;
	struct json_object *jobs, *j, *w = NULL;
	double stamp = num(doc, "timestamp_ms"), unit;
	struct rpt_fio_version v;
	const char *name;
	size_t i, n;

	if (!json_object_object_get_ex(doc, "jobs", &jobs) ||
	    !json_object_is_type(jobs, json_type_array))
		return 0;
	/* io_bytes in KiB before fio 2.21 (fio_version.h) */
	rpt_fio_version_of(doc, &v);
	unit = rpt_fio_before(&v, 2, 21) ? 1024 : 1;
	n = json_object_array_length(jobs);
	if (!s->docs) {
		s->job = calloc(n ? n : 1, sizeof(*s->job));
		if (!s->job)
			return -ENOMEM;
		s->njobs = n;
	} else if (n != s->njobs) {
		s->mismatch = true;
	}
	s->docs++;
	for (i = 0; i < n && i < s->njobs; i++) {
		struct rpt_status_job *sj = &s->job[i];
		struct json_object *nm;

		j = json_object_array_get_idx(jobs, i);
		name = json_object_object_get_ex(j, "jobname", &nm) &&
		       json_object_is_type(nm, json_type_string) ?
		       json_object_get_string(nm) : "";
		if (s->docs == 1) {
			sj->jobname = strdup(name);
			if (!sj->jobname)
				return -ENOMEM;
		} else if (strcmp(sj->jobname, name)) {
			s->mismatch = true;
			continue;
		}
		if (!json_object_object_get_ex(j, "write", &w))
			w = NULL;
		if (RPT_GROW(sj->p, sj->cap, sj->n, 64))
			return -ENOMEM;
		sj->p[sj->n].runtime_ms = num(w, "runtime");
		sj->p[sj->n].bytes = num(w, "io_bytes") * unit;
		sj->p[sj->n++].stamp_ms = stamp;
	}
	return 0;
}

int rpt_status_fill(const struct rpt_status *s, const size_t *idx, size_t n,
		    double scale, struct rpt_fill_curve *c, char *why, size_t len)
{
	double t_prev = 0, b_prev = 0, *gap, t0 = NAN;
	size_t i, k, docs = SIZE_MAX, used = 0;
	int ret;

	for (i = 0; i < n; i++) {
		if (idx[i] >= s->njobs) {
			docs = 0;
			break;
		}
		docs = s->job[idx[i]].n < docs ? s->job[idx[i]].n : docs;
	}
	if (s->mismatch || !n || docs == SIZE_MAX || docs < STATUS_MIN_POINTS) {
		snprintf(why, len, s->mismatch ?
			 "the --status-interval documents list different jobs" :
			 "%zu --status-interval snapshots: too few for a fill curve",
			 docs == SIZE_MAX ? 0 : docs);
		return -ENODATA;
	}
	gap = malloc(docs * sizeof(*gap));
	if (!gap)
		return -ENOMEM;
	ret = rpt_fill_init(c, 0);
	rpt_fill_set_scale(c, scale);
	for (k = 0; !ret && k < docs; k++) {
		double t = 0, b = 0;

		for (i = 0; i < n; i++) {
			const struct rpt_status_point *p = &s->job[idx[i]].p[k];

			if (!isfinite(p->runtime_ms) || !isfinite(p->bytes))
				break;
			t = fmax(t, p->runtime_ms);
			b += p->bytes;
		}
		if (i < n || t < t_prev || b < b_prev)
			continue;	/* a job without numbers, or time going back */
		if (b > b_prev) {
			if (isnan(t0) && b_prev == 0)
				t0 = s->job[idx[0]].p[k].stamp_ms - t;
			gap[used++] = t - t_prev;
			ret = rpt_fill_add(c, c->scale * (b - b_prev), c->scale * (t - t_prev));
			if (!c->started)
				c->v_first = (b - b_prev) / fmax(t - t_prev, 1e-9);
			c->started = true;
			c->v_last = (b - b_prev) / fmax(t - t_prev, 1e-9);
		}
		t_prev = t;
		b_prev = b;
	}
	if (!ret && used < STATUS_MIN_POINTS) {
		snprintf(why, len, "%zu --status-interval snapshots with bytes written: too few for a fill curve",
			 used);
		ret = -ENODATA;
	}
	if (!ret) {
		rpt_sort_doubles(gap, used);
		c->avg_msec = gap[used / 2];
		c->t_first = isnan(t0) ? 0 : t0;
		c->t_last = c->t_prev = c->t_first + t_prev;
	} else {
		rpt_fill_free(c);
	}
	free(gap);
	return ret;
}

void rpt_status_free(struct rpt_status *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->njobs; i++) {
		free(s->job[i].jobname);
		free(s->job[i].p);
	}
	free(s->job);
	memset(s, 0, sizeof(*s));
}
