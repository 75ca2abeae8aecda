/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_FIO_STOP_H
#define SSDQ_FIO_STOP_H

#include <stddef.h>

#include "fio_jobs.h"

/*
 * A run fio cut short, told from fio's own output where no events sidecar
 * says why a job stopped (stop.h): fio stopped by a signal prints "fio:
 * terminating on signal N" before the JSON of the part that ran
 * (reader_json.h), and a job that ran well short of what it was set to run
 * was ended early even where that line went elsewhere (a terminal).
 *
 * What a job was set to run: its runtime (fio's time units, seconds
 * without one), and its size (io_size, else size; an absolute size only,
 * times loops and the threads group_reporting sums; none with number_ios).
 * It reached its runtime when its longest direction ran 99 % of it, its
 * size when it did 99 % of the bytes. A job is cut short:
 * - with fio's signal line, unless it reached its runtime, or its size
 *   without time_based (it ended before the signal; a job of which neither
 *   is known is taken as cut, as fio says it terminated the run);
 * - without it, when it ran under 90 % of its runtime and, unless
 *   time_based is on, under 90 % of its size (a job with a runtime but no
 *   known size may have ended at the device's end); or without a runtime,
 *   under 90 % of its size (a size past a device's end, which fio caps
 *   silently, reads so too: the reason gives both figures).
 * fio 3.33 leaves a bare time_based (no "=1") out of its JSON: such a job
 * is judged by its runtime and size as one without it.
 */

/**
 * rpt_fio_stop() - Whether fio cut the jobs of row @mask of group @g short.
 * @run: the run (its signal line)
 * @g: the group
 * @mask: the row's directions
 * @why: on "terminated", the reason: what fio printed, what the first cut
 *	job ran of what it was set to run
 * @len: size of @why
 *
 * Return: "terminated" when a job of the row was cut short, else NULL
 * (@why untouched).
 */
const char *rpt_fio_stop(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
			 unsigned int mask, char *why, size_t len);

#endif
