/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_DRIVE_POWER_H
#define SSDQ_DRIVE_POWER_H

#include <stddef.h>

#include "events.h"
#include "figure.h"

/*
 * A job's figures from the drive's own power measurement (the events
 * sidecar's drive_power line: NVMe Power Measurement, docs/power.md), and
 * how they stand against the meter's. The drive's figure spans the
 * sampler's start to the job's end: over the job's active window its
 * joules are taken as an energy counter's are (energy_counter.h: what lies
 * outside the window taken out at the power log's figure); beside a meter
 * its mean is held against the meter's mean over the same span, and said
 * within or outside the drive's stated accuracy.
 */

/**
 * struct rpt_drive_figs - the drive's own figures of a job
 * @power_w: its energy over the active window, per second
 * @energy_j: its energy over the active window
 * @max_w: the largest of its interval measurements (over its span)
 * @vs_meter_pct: (drive - meter) / meter over the drive's span, %; null
 *	without a meter beside it
 * @accuracy_pct: the drive's stated accuracy, %; -1 when not stated
 * @within: "within" or "outside" the stated accuracy; NULL when either
 *	figure or the accuracy is missing
 * @estimated: the drive says its figures are estimates
 * @source: "nvme-pm", "model-pm"; "" without a drive_power line
 * @note: what the figures are, or why they are null
 */
struct rpt_drive_figs {
	struct rpt_fig power_w, energy_j, max_w, vs_meter_pct;
	int accuracy_pct;
	const char *within;
	bool estimated;
	char source[64];
	char note[RPT_WHY_LEN];
};

/**
 * rpt_drive_figs() - The drive's figures of a job from its drive_power line.
 * @dp: the line's account (@dp->have false: none)
 * @power_log: the power log (the meter's, or the drive's own when it was
 *	alone), NULL: none
 * @t0_ms: the job's active window's start, unix ms
 * @t1_ms: its end
 * @out: filled; its figures null with a reason where they cannot be had
 */
void rpt_drive_figs(const struct rpt_drive_power *dp, const char *power_log, double t0_ms,
		    double t1_ms, struct rpt_drive_figs *out);

/** rpt_drive_figs_null() - Every figure of @out null, for @why. */
void rpt_drive_figs_null(struct rpt_drive_figs *out, const char *why);

#endif
