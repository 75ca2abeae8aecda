/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_FILL_H
#define SSDQ_FILL_H

#include <stdbool.h>
#include <stddef.h>

#include "reader_log.h"

/*
 * The fill curve of a sequential write: time (ms) taken to write the first
 * x bytes, kept as points every 1/16 GB (GB = 10^9 bytes) with straight lines
 * between them. Built from bw log samples one at a time:
 *
 * - averaged logs (log_avg_msec > 0, bs field 0): a sample of v KiB/s at
 *   time t stands for v * 1024 B/s from the previous sample's time to t (the
 *   first from t - log_avg_msec), so bytes come from integrating bandwidth
 *   over time, not from averaging samples;
 * - per-I/O logs (bs field > 0): a sample is one I/O of bs bytes; time comes
 *   from the timestamps.
 *
 * Memory grows with the bytes written (16 bytes per 1/16 GB), not with the
 * number of log lines.
 */
#define RPT_FILL_POINT_BYTES	(1e9 / 16)
#define RPT_FILL_MAX_BYTES	2e14	/* 200 TB: beyond any drive, so bad input */

struct rpt_fill_curve {
	double *b;		/* cumulative bytes at each point; b[0] = 0 */
	double *t;		/* cumulative ms at each point; t[0] = 0 */
	size_t n;
	size_t cap;
	double bytes;		/* bytes so far */
	double ms;		/* time so far */
	double avg_msec;	/* the job's log_avg_msec, 0 if unknown */
	double t_first;		/* log time the first sample's interval starts */
	double t_last;		/* log time of the last sample */
	double t_prev;
	bool started;
	unsigned long backwards; /* samples whose time went back: skipped */
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
 * rpt_fill_time_at() - Time taken to write the first @bytes.
 * @c: curve
 * @bytes: 0 <= bytes <= c->bytes
 *
 * Return: milliseconds, interpolated between points.
 */
double rpt_fill_time_at(const struct rpt_fill_curve *c, double bytes);

/**
 * rpt_fill_free() - Free the points.
 * @c: curve, NULL-safe
 */
void rpt_fill_free(struct rpt_fill_curve *c);

#endif
