/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_FILL_H
#define SSDQ_FILL_H

#include <stdbool.h>
#include <stddef.h>

#include "reader_log.h"

/*
 * The fill curve of a sequential write: time (ms) taken to write the first
 * x bytes, kept as points every c->step bytes (GB = 10^9 bytes) with straight
 * lines between them. The step starts at 1/16 GB / 2^16 (about 954 bytes)
 * and doubles, keeping every other point, whenever the curve would pass
 * RPT_FILL_FINE_POINTS points, up to 1/16 GB: a floppy's 1.4 MB fill has
 * 1500 points, a 1 TB fill one every 1/16 GB. Built from bw log samples one
 * at a time:
 *
 * - averaged logs (log_avg_msec > 0, bs field 0): a sample of v KiB/s at
 *   time t stands for v * 1024 B/s from the previous sample's time to t (the
 *   first from t - log_avg_msec), so bytes come from integrating bandwidth
 *   over time, not from averaging samples. fio logs nothing for an interval
 *   in which no I/O completed, and the rate of the sample after such a gap
 *   covers its own interval only: a gap longer than 1.5 log_avg_msec is
 *   time with no bytes, followed by log_avg_msec at the sample's rate, unless
 *   the caller finds the gaps were fio's late ticks (gaps_busy below). (fio
 *   3.33's first sample covers the time from the job's start to the helper
 *   thread's first tick, up to 250 ms: rpt_fill_prepend() adds what the
 *   caller knows about it.)
 * - per-I/O logs (bs field > 0): a sample is one I/O of bs bytes; time comes
 *   from the timestamps, and the I/Os logged with one timestamp share the
 *   time since the previous one (so ms timestamps at several I/Os per ms
 *   give no zero-time steps); the first of these groups runs from the start
 *   hint (rpt_fill_set_start()), else at the second group's rate.
 *
 * Memory grows with the bytes written (16 bytes per 1/16 GB past 256 GB,
 * at most RPT_FILL_FINE_POINTS points below), not with the number of log
 * lines.
 *
 * A drive model scaled down S times in capacity with speeds unchanged
 * (rpt_fill_set_scale()) writes its whole capacity in 1/S of the full
 * drive's time: the curve multiplies bytes and times by S, so positions and
 * sizes are the full drive's and speeds stay as measured.
 */
#define RPT_FILL_POINT_BYTES	(1e9 / 16)	/* the coarsest step */
#define RPT_FILL_FIRST_STEP	(RPT_FILL_POINT_BYTES / 65536)
#define RPT_FILL_FINE_POINTS	4096
#define RPT_FILL_MAX_BYTES	2e14	/* 200 TB: beyond any drive, so bad input */

struct rpt_fill_curve {
	double *b;		/* cumulative bytes at each point, i * step; b[0] = 0 */
	double *t;		/* cumulative ms at each point; t[0] = 0 */
	double step;		/* bytes between points */
	size_t n;
	size_t cap;
	double bytes;		/* bytes so far */
	double ms;		/* time so far */
	double avg_msec;	/* the job's log_avg_msec, 0 if unknown (log ms) */
	double scale;		/* bytes and times are multiplied by this (>= 1) */
	double v_first;		/* the first sample's rate, bytes per log ms */
	double v_last;		/* the last sample's rate, bytes per log ms */
	double t_first;		/* log time the first sample's interval starts */
	double t_last;		/* log time of the last sample */
	double t_prev;
	bool started;
	unsigned long backwards; /* samples whose time went back: skipped */
	double group_bytes;	/* per-I/O samples with the latest time, not added yet */
	double group_ms;
	unsigned long group_n;
	bool first_pending;	/* the first per-I/O group, not added yet */
	double first_bytes;
	double first_ms;
	double t_prev_group;	/* its time */
	double t_start;		/* when the job's I/O started (unix ms), or NAN */
	/*
	 * A gap of the averaged log is either intervals with no I/O (the
	 * sample after it covers log_avg_msec) or fio's log tick running
	 * late on a busy host (the sample's rate is over the whole gap):
	 * gaps_busy, set before the first sample, reads them as the latter;
	 * gap_bytes counts what that would add to the curve as read.
	 */
	bool gaps_busy;
	double gap_bytes;
	/*
	 * Bytes fio counted that the log's sum, its first interval put back,
	 * differs by (set by the caller): fio's averaged rates are over whole
	 * ms, so a position on the curve is uncertain by up to this much.
	 */
	double drift;
	double io_max;		/* per-I/O logs: the largest I/O's bytes (x scale) */
	double b_first;		/* averaged logs: the bytes up to the end of the
				 * first sample, prepended bytes included */
	bool every_interval;	/* every interval is logged, zeros too (the
				 * engine's progress sidecar): a sample covers
				 * all the time since the one before, no gaps */
};

/**
 * rpt_fill_init() - Start an empty curve.
 * @c: curve
 * @avg_msec: the job's log_avg_msec, 0 when it logged every I/O or unknown
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_fill_init(struct rpt_fill_curve *c, double avg_msec);

/**
 * rpt_fill_finish() - Add what the last samples left pending; call after the
 * last rpt_fill_add_sample() and before using the curve.
 * @c: curve
 *
 * Return: as rpt_fill_add().
 */
int rpt_fill_finish(struct rpt_fill_curve *c);

/**
 * rpt_fill_set_start() - When the job's I/O started, if known (e.g. from the
 * events sidecar): the first group of per-I/O samples runs from then.
 * @c: curve
 * @t_ms: log time (unix ms)
 */
void rpt_fill_set_start(struct rpt_fill_curve *c, double t_ms);

/**
 * rpt_fill_set_scale() - Report a model drive scaled down @scale times in
 * full-drive units; call before the first sample.
 * @c: curve
 * @scale: >= 1
 */
void rpt_fill_set_scale(struct rpt_fill_curve *c, double scale);

/**
 * rpt_fill_add() - Append @bytes written in @ms milliseconds at a steady rate.
 * @c: curve
 * @bytes: >= 0
 * @ms: >= 0
 *
 * Return: 0, -ENOMEM, or -ERANGE past RPT_FILL_MAX_BYTES.
 */
int rpt_fill_add(struct rpt_fill_curve *c, double bytes, double ms);

/**
 * rpt_fill_add_sample() - Append one bw log sample (see above); the caller
 * passes only samples of the job's data direction.
 * @c: curve
 * @s: sample
 *
 * Return: as rpt_fill_add(); a sample whose time goes backwards is counted
 * in c->backwards and skipped.
 */
int rpt_fill_add_sample(struct rpt_fill_curve *c, const struct rpt_log_sample *s);

/**
 * rpt_fill_prepend() - Put @bytes written in @ms before the start of the
 * curve (both in curve units, i.e. already scaled), e.g. the part of fio's
 * first log interval that the log does not show; t_first moves back.
 * @c: a curve with at least one sample
 * @bytes: > 0
 * @ms: > 0
 *
 * Return: 0, -EINVAL, -ENOMEM or -ERANGE; the curve is unchanged on error.
 */
int rpt_fill_prepend(struct rpt_fill_curve *c, double bytes, double ms);

/**
 * rpt_fill_prepend_to() - rpt_fill_prepend(), and the bytes of the curve
 * after them stretched evenly so that the whole adds up to @total: a log
 * whose rates were measured on a clock a little off the timestamps' (fio
 * times its samples with its own clock source) sums to a little more or
 * less than fio counted; its shape is kept, its sum made fio's.
 * @c: a curve with at least one sample
 * @bytes: > 0
 * @ms: > 0
 * @total: > @bytes, the curve's bytes afterwards
 *
 * Return: 0, -EINVAL, -ENOMEM or -ERANGE; the curve is unchanged on error.
 */
int rpt_fill_prepend_to(struct rpt_fill_curve *c, double bytes, double ms, double total);

/**
 * rpt_fill_time_at() - Time taken to write the first @bytes.
 * @c: curve
 * @bytes: 0 <= bytes <= c->bytes
 *
 * Return: milliseconds, interpolated between points.
 */
double rpt_fill_time_at(const struct rpt_fill_curve *c, double bytes);

/**
 * rpt_fill_bytes_at() - Bytes written after @ms (curve units), the inverse
 * of rpt_fill_time_at(); where the curve is flat, its first byte count.
 * @c: curve
 * @ms: 0 <= ms <= c->ms
 *
 * Return: bytes, interpolated between points.
 */
double rpt_fill_bytes_at(const struct rpt_fill_curve *c, double ms);

/**
 * rpt_fill_merge() - The fill of a drive written by several jobs at once
 * (numjobs): at every log time, the bytes all @in curves had written. The
 * curves' log times must share a clock (log_unix_epoch=1, or jobs started
 * together) and their scale.
 * @out: the merged curve, set up here; its t_first is the earliest job's
 * @in: finished curves (rpt_fill_finish()), first_interval fixes included
 * @n: how many, >= 1
 *
 * Return: 0, -EINVAL (no curves, one without samples, scales differ),
 * -ENOMEM or -ERANGE; @out needs rpt_fill_free() only after 0.
 */
int rpt_fill_merge(struct rpt_fill_curve *out, struct rpt_fill_curve *const *in, size_t n);

/**
 * rpt_fill_free() - Free the points.
 * @c: curve, NULL-safe
 */
void rpt_fill_free(struct rpt_fill_curve *c);

#endif
