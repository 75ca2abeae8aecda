/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_POWER_H
#define SSDQ_POWER_H

/* The window of the peak power: ms of the power log (of the run) */
#define RPT_PEAK_MS	100.0

#include "figure.h"
#include "reader_log.h"

/*
 * Power figures of one job from an ssdq power sidecar: values in milliwatts
 * in fio's log format, times in unix ms like fio's log_unix_epoch=1 logs.
 * A sample at time t stands for the power from the previous sample's time to
 * t (the first one for as long as the gap to the second). Only the job's
 * active window counts, so idle time and cool-down before or after it do not
 * dilute the average.
 */
struct rpt_power {
	struct rpt_fig avg_w;		/* mean power over the window */
	struct rpt_fig energy_j;	/* avg_w times the window's length */
	struct rpt_fig peak_w;		/* highest mean over a RPT_PEAK_MS window */
};

/* A stretch of time [t0_ms, t1_ms], unix ms. */
struct rpt_span {
	double t0_ms, t1_ms;
};

/**
 * rpt_power_read() - Compute the power figures over [@t0_ms, @t1_ms].
 * @r: an open reader of the power log; read to its end
 * @t0_ms: start of the active window, unix ms
 * @t1_ms: end of the active window, unix ms
 * @p: figures; null with a reason when the log covers less than 90 % of the
 *     window and misses more than two of its sample periods (peak: when no
 *     100 ms window is at least half covered)
 *
 * The 100 ms windows are aligned at @t0_ms.
 *
 * Return: 0, or the error of rpt_log_next() (then r->err says where, and the
 * figures are null with that reason), or -EINVAL for a negative power.
 */
int rpt_power_read(struct rpt_log_reader *r, double t0_ms, double t1_ms,
		   struct rpt_power *p);

/**
 * rpt_power_read_spans() - Compute the power figures over the union of
 * @spans (a burst test's bursts: the idle between them does not count).
 * @r: an open reader of the power log; read to its end
 * @spans: the spans, in any order, may overlap; sorted and merged in place
 * @nspans: their number
 * @p: figures as rpt_power_read()'s, with the union's total length as the
 *     window's: avg_w is the time-weighted mean over the spans, energy_j
 *     avg_w times their total length; the 100 ms windows of peak_w are
 *     aligned at each span's start and end with it
 *
 * Return: as rpt_power_read().
 */
int rpt_power_read_spans(struct rpt_log_reader *r, struct rpt_span *spans, size_t nspans,
			 struct rpt_power *p);

#endif
