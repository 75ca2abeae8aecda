/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENERGY_COUNTER_H
#define SSDQ_ENERGY_COUNTER_H

#include <stddef.h>

#include "events.h"
#include "figure.h"

/*
 * A job's energy from a meter's energy counter (the events sidecar's
 * energy_counter line: the counter read at the sampler's start and end)
 * rather than from the sum of its power samples. The counter spans the
 * sampler's start to the job's end, which may reach past the active window
 * (fio writing its logs before job_end): what lies outside the window is
 * taken out at the power samples' figure, and said.
 */

/**
 * rpt_energy_counter_window() - The window's energy from the counter.
 * @c: the counter's account (@c->have false: none)
 * @power_log: the power log, for the spans outside the window; NULL: none
 * @t0_ms: the active window's start, unix ms
 * @t1_ms: its end
 * @energy_j: set to the counter's figure for the window when it can be used
 * @note: what was used and taken out, or why the counter was not used
 * @len: size of @note
 *
 * The counter must cover the window (its start at most 100 ms after the
 * window's, its end at most 100 ms before): it is not used otherwise, nor
 * when it gave no figure (a counter that stopped, could not be read), nor
 * when the samples cannot say what lies outside the window.
 *
 * Return: true when @energy_j was set from the counter.
 */
bool rpt_energy_counter_window(const struct rpt_energy_counter *c, const char *power_log,
			       double t0_ms, double t1_ms, struct rpt_fig *energy_j,
			       char *note, size_t len);

#endif
