/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_PSTATE_H
#define SSDQ_PSTATE_H

#include <stdbool.h>

#include "device.h"
#include "events.h"
#include "figure.h"

/*
 * A job's power-state figures (docs/report.md, "Power states"), from its
 * power_settings event (the state and APST table it ran with), its idle
 * events, its thinktime and device.json's power state descriptors:
 * - an idle job (ssdq_idle after its I/O, no bursts): the state its idle
 *   reached by the APST table (each transition's idle time, then the new
 *   state's entry latency), and that state's W from the power log over the
 *   idle from RPT_PSTATE_SETTLE_MS after the drive drew it to the idle's end;
 * - a wake-up job (thinktime before each I/O): the gap, the state the gap
 *   reaches, and the median latency (the job's json+ distribution);
 * - a job that set an operational state (ssdq_power_state): that state.
 * Each with the state's MP and entry and exit latencies (device.json).
 * Times are the drive's own: never multiplied by a scaled model's scale.
 */
#define RPT_PSTATE_SETTLE_MS	100.0

struct rpt_pstate {
	bool have;		/* the job is one of the three */
	const char *kind;	/* "idle", "wake", "state" */
	struct rpt_fig state;	/* the power state the figures are of */
	struct rpt_fig max_w;	/* its MP */
	struct rpt_fig entry_us, exit_us;
	struct rpt_fig idle_w;	/* idle: the state's W */
	struct rpt_fig idle_s;	/* idle: the time it is measured over */
	struct rpt_fig gap_ms;	/* wake: the idle before each I/O */
	struct rpt_fig wake_p50_us;	/* wake: the median latency */
};

/**
 * rpt_pstate_reach() - The state the drive is in after @span_ms of idle
 * from operational state @ps under APST table @s (@s->apst 1), and when
 * it began to draw that state's power.
 * @s: the job's power settings
 * @dev: device.json's descriptors (their entry latencies; 0 unknown)
 * @span_ms: the idle
 * @drawn_ms: set to when the state's power began, ms from the idle's start
 *	(after its entry latency; 0 for the operational state)
 *
 * Return: the state (the operational one without APST or a transition in
 * time).
 */
unsigned int rpt_pstate_reach(const struct rpt_power_settings *s, const struct rpt_device *dev,
			      double span_ms, double *drawn_ms);

/**
 * rpt_pstate_compute() - Fill @out for a job.
 * @ev: its events (power settings, idle events)
 * @dev: its device.json
 * @power_log: its power log, or NULL
 * @lat_us, @lat_le, @nlat: its latency distribution (json+), @nlat 0 none
 * @out: zeroed and filled; out->have false for a job of none of the kinds
 *
 * Return: 0, or -errno of reading the power log (the idle W is then null
 * with the reason).
 */
int rpt_pstate_compute(const struct rpt_events *ev, const struct rpt_device *dev,
		       const char *power_log, const double *lat_us, const double *lat_le,
		       size_t nlat, struct rpt_pstate *out);

#endif
