/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_SLC_H
#define SSDQ_SLC_H

#include <stdbool.h>
#include <stddef.h>

#include "figure.h"
#include "fill.h"
#include "phases.h"
#include "smart.h"

/*
 * Fill / pSLC analysis of a sequential write's fill curve, as the reviews
 * define it (GB = 10^9 bytes, MB/s = 10^6 bytes/s).
 *
 * - segment_mbps[i]: speed over the i-th full GB written.
 * - slc_cache_gb: GB written when the speed falls for good: of the falls
 *   that hold (the level after at most 88 % of the one before, the speed low
 *   after it but for recovery bursts, high before it but for dips), the one
 *   that explains most of the curve's change in level; an earlier step of
 *   30 % or more to a steady level ends the cache instead, a faster start
 *   does not. The edge is placed inside the log sample that straddles it
 *   from that sample's mixed speed. slc_range says where the log places it;
 *   where that is more than a quarter of the cache, the fall was inside
 *   fio's first sample, or the fall is gradual, the figure is null with the
 *   range and the log_avg_msec (or model scale) that resolves it.
 *   docs/report.md gives the rule in full with a chart of each case.
 * - phases: the cache, then the levels after it (phases.h: a level 15 %
 *   from its neighbours lasting 2 % of the bytes or 16 GB is a phase).
 * - in_cache_mbps: bytes / time up to the cache end; post_cache_mbps: the
 *   first phase after it (past a phase shorter than 8 GB that is faster than
 *   the next one: the cache running out); last16_mbps: the last 16 GB;
 *   overall_mbps: all bytes / all time.
 */
/* the drive's temperature at a point of the fill (SMART sidecar) */
struct rpt_fill_temp {
	double gb;
	double temp_c;
};

/* a span of the fill the host distorted, in GB written (its time's spike) */
struct rpt_fill_span {
	double gb0, gb1;
};

struct rpt_host_spike;

/*
 * Where the cache ends, as far as the log resolves it: between lo_gb and
 * hi_gb (a log sample's bytes each side of the edge, or the stretch of a
 * gradual fall). Set whenever a fall was found, also when slc_cache_gb is
 * null because a sample spans too much of the cache.
 */
struct rpt_fill_range {
	bool ok;
	double lo_gb;
	double hi_gb;
	double sample_gb;	/* bytes one log sample spans at cache speed */
	double need_log_msec;	/* a log_avg_msec that resolves the cache to
				 * 2 %: 0 every I/O, -1 unknown */
	bool gradual;		/* the range is a gradual fall's stretch */
};

struct rpt_fill {
	double scale;			/* 1, or S for a model scaled 1/S: sizes
					 * below are the full drive's */
	double gb_written;
	struct rpt_fig slc_cache_gb;
	struct rpt_fill_range slc_range;
	struct rpt_fig in_cache_mbps;
	struct rpt_fig post_cache_mbps;
	struct rpt_fig last16_mbps;
	struct rpt_fig overall_mbps;
	double *segment_mbps;
	size_t nsegments;
	struct rpt_phase *phases;
	size_t nphases;
	/*
	 * Set by the caller from the SMART sidecar (metrics.c): when thermal
	 * management was active as the speed fell, the fall is reported as
	 * throttling at throttle_gb and slc_cache_gb is null.
	 */
	struct rpt_fig throttle_gb;
	char throttle_why[RPT_WHY_LEN];
	struct rpt_fig slc_fill_s;	/* catalogue.c: the SLC cache's size
					 * over its speed */
	struct rpt_fill_temp *temp;
	size_t ntemp;
	struct rpt_fill_span *host;	/* the host verdict's spikes (rpt_fill_host()) */
	size_t nhost;
	/* where the curve came from, set by the caller: "" for the job's bw
	 * log(s), else e.g. the --status-interval snapshots */
	char source[RPT_WHY_LEN];
};

/**
 * rpt_slc_analyse() - Compute the fill figures of @c into @f.
 * @c: a finished fill curve
 * @f: the figures; free with rpt_fill_figures_free()
 *
 * Return: 0 or -ENOMEM. Figures that cannot be computed are null with a
 * reason, which is not an error.
 */
int rpt_slc_analyse(const struct rpt_fill_curve *c, struct rpt_fill *f);

/**
 * rpt_slc_widen() - Widen the cache range of @f (from rpt_slc_analyse()) to
 * hold what the same log read another way gives: @alt, its gaps read as
 * late ticks (fill.h): which reading adds up closer to fio's count says
 * nothing of where the bytes lie in time (gaps of both kinds cancel). Where
 * the two put the end too far apart, the cache's figures become null with
 * the range and the reason.
 * @alt: the other reading of the curve
 * @f: figures
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_slc_widen(const struct rpt_fill_curve *alt, struct rpt_fill *f);

/**
 * rpt_fill_host() - The intervals the host distorted (the job's host
 * verdict's spikes, host_verdict.h: unix ms) as the GB written they cover,
 * through the curve's own bytes over time: the fill chart's x axis is GB,
 * not time. Spans outside the curve's time are left out, those meeting
 * on the GB axis joined.
 * @c: the fill's curve (log times in unix ms)
 * @sp: the spikes, in time order
 * @n: their number
 * @f: its host and nhost set
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_fill_host(const struct rpt_fill_curve *c, const struct rpt_host_spike *sp, size_t n,
		  struct rpt_fill *f);

/**
 * rpt_fill_throttle() - The drive's temperature along the fill, and whether
 * its fall was thermal throttling: SMART's thermal management counters or
 * critical warning moved in the samples around the cache's end (1.5 SMART
 * intervals or log samples each side), or across the whole of slc_range
 * when the log placed the fall only as a range. If so, throttle_gb (the
 * range's middle) and throttle_why say where and why, the cache's figures
 * are null with the reason and slc_range is unset: no cache ended.
 * @c: the fill curve, log times on SMART's clock (unix ms)
 * @sm: the SMART samples
 * @f: figures from rpt_slc_analyse()
 */
void rpt_fill_throttle(const struct rpt_fill_curve *c, const struct rpt_smart *sm,
		       struct rpt_fill *f);

/**
 * rpt_fill_figures_free() - Free the arrays of @f.
 * @f: figures, NULL-safe
 */
void rpt_fill_figures_free(struct rpt_fill *f);

#endif
