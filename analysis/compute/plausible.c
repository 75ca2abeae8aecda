// SPDX-License-Identifier: GPL-2.0-only
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio_rows.h"
#include "fio_stats.h"
#include "plausible.h"
#include "reader_json.h"

/* fio's iodepth_level buckets: issued at depth [low, high] */
static const struct {
	const char *key;
	double low, high;
} bucket[] = {
	{ "1", 1, 1 }, { "2", 2, 3 }, { "4", 4, 7 }, { "8", 8, 15 },
	{ "16", 16, 31 }, { "32", 32, 63 }, { ">=64", 64, INFINITY },
};
#define NBUCKETS	(sizeof(bucket) / sizeof(bucket[0]))

/*
 * The share at depth 1 and the highest bucket with PLAUSIBLE_BUCKET_PCT of
 * the I/Os, of one entry. Return: 0, or -1 without iodepth_level.
 */
static int levels(const struct rpt_fio_entry *e, double *one, size_t *top)
{
	struct json_object *lv;
	size_t i;
	double v;

	if (!json_object_object_get_ex(e->obj, "iodepth_level", &lv) ||
	    !json_object_is_type(lv, json_type_object) ||
	    rpt_json_num(lv, "1", "", "", one, NULL) <= 0)
		return -1;
	*top = 0;
	for (i = 0; i < NBUCKETS; i++)
		if (rpt_json_num(lv, bucket[i].key, "", "", &v, NULL) > 0 &&
		    v >= PLAUSIBLE_BUCKET_PCT)
			*top = i;
	return 0;
}

void rpt_plausible_qd(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		      unsigned int mask, struct rpt_job *j)
{
	static const char *const limits[] = { "rate", "rate_iops", "rate_min", "thinktime" };
	double set = j->iodepth_set.v, one_min = 100, one;
	const struct rpt_fio_entry *e;
	const char *engine, *limit = NULL;
	size_t i, top = 0, t, n = 0;

	if (!j->iodepth_set.ok || set <= 1)
		return;
	for (i = 0; i < g->n; i++) {
		if (!rpt_fio_did_io(run, &g->e[i], mask))
			continue;
		if (levels(&g->e[i], &one, &t))
			return;
		one_min = fmin(one_min, one);
		top = t > top ? t : top;
		n++;
	}
	if (!n)
		return;
	e = rpt_fio_row_entry(run, g, mask);
	engine = rpt_fio_option(run, e, "ioengine");
	for (i = 0; i < sizeof(limits) / sizeof(limits[0]) && !limit; i++)
		if (rpt_fio_option_on(run, e, limits[i], false))
			limit = limits[i];
	if (one_min >= PLAUSIBLE_QD1_PCT) {
		rpt_fig_set(&j->iodepth, 1);
		if (limit)
			rpt_diag_add(&j->notes, RPT_WARN,
				     "fio ran at queue depth 1, not the set iodepth=%.0f: its iodepth_level puts %.1f%% of the I/Os at depth 1 (%s=%s never let the queue fill, or ioengine=%s is synchronous); T/QD says Q1",
				     set, one_min, limit, rpt_fio_option(run, e, limit),
				     engine ? engine : "psync");
		else
			rpt_diag_add(&j->notes, RPT_WARN,
				     "fio ran at queue depth 1, not the set iodepth=%.0f: its iodepth_level puts %.1f%% of the I/Os at depth 1 (ioengine=%s; fio caps a synchronous engine's depth at 1); T/QD says Q1",
				     set, one_min, engine ? engine : "fio's default, psync");
	} else if (bucket[top].high < set) {
		rpt_diag_add(&j->notes, RPT_WARN,
			     "fio never reached the set iodepth=%.0f: its iodepth_level has no bucket above %s (depths %.0f-%.0f) with %.0f%% of the I/Os; T/QD keeps the set depth",
			     set, bucket[top].key, bucket[top].low, bucket[top].high,
			     PLAUSIBLE_BUCKET_PCT);
	}
}

/* Threads an entry stands for: numjobs with group_reporting, else 1. */
static double threads_of(const struct rpt_fio_run *run, const struct rpt_fio_entry *e)
{
	const char *nj = rpt_fio_option(run, e, "numjobs");
	double n;

	if (e->nthreads)
		return e->nthreads;
	if (!nj || !rpt_fio_option_on(run, e, "group_reporting", false))
		return 1;
	n = atof(nj);
	return n >= 1 ? n : 1;
}

void rpt_plausible_little(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
			  unsigned int mask, struct rpt_job *j)
{
	double jobs = 0, in_flight, room;
	size_t i;

	if (!j->iops.ok || !j->lat_mean_us.ok || !j->iodepth.ok)
		return;
	for (i = 0; i < g->n; i++) {
		if (!rpt_fio_did_io(run, &g->e[i], mask))
			continue;
		if (!g->e[i].has_opts)
			return;		/* "All clients" alone: how many clients? */
		jobs += threads_of(run, &g->e[i]);
	}
	in_flight = j->iops.v * j->lat_mean_us.v / 1e6;
	room = j->iodepth.v * jobs;
	if (!(room > 0) || in_flight <= PLAUSIBLE_LITTLE * room)
		return;
	rpt_diag_add(&j->notes, RPT_WARN,
		     "implausible: by Little's law %.4g IOPS x %.4g µs mean latency = %.4g I/Os in flight, but the queue holds at most %.0f (queue depth %.0f x %.0f jobs): fio's IOPS or latency is wrong; both are kept as fio wrote them",
		     j->iops.v, j->lat_mean_us.v, in_flight, room, j->iodepth.v, jobs);
}
