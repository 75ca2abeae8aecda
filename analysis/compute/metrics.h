/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_METRICS_H
#define SSDQ_METRICS_H

#include "fio_jobs.h"
#include "report.h"

/*
 * Figures of one row of a group of fio jobs (a row per data direction of a
 * group that mixes them):
 * - from fio's JSON: MB/s, IOPS, latency, queue depth and their plausibility
 *   (fio_figures.h);
 * - the bw log's bytes against fio's io_bytes (a warning when they differ
 *   by more than fio's logging explains: its time outside the log's span,
 *   one log interval, and 2 %);
 * - power from the <prefix>_power.<N>.log sidecar over the active window the
 *   job's bw (or iops) log shows, <prefix> being the log prefix, else the
 *   job name;
 * - the fill analysis (slc.h) for sequential writes with a bw log, in the
 *   full drive's sizes for a scaled drive model (device.h); a fall in speed
 *   while SMART shows thermal management is throttling, not a cache end;
 * - from the events sidecar <prefix>_events.<N>.jsonl: why the job stopped
 *   and the burst figures (events.h);
 * - from the SMART sidecar <prefix>_smart.<N>.jsonl: the hottest temperature
 *   and any thermal management during the active window (smart.h).
 */

/**
 * rpt_job_compute() - Fill @j, one row of group @g of @run (fio_figures.h:
 * a row per data direction of a group that mixes them).
 * @run: the run
 * @g: the group
 * @mask: the row's directions, from rpt_fio_rows()
 * @split: whether the group has several rows
 * @dir: directory of the JSON file, for the logs
 * @dev: the drive (device.json); NULL for a real drive of unknown make
 * @j: the job, zeroed by the caller
 * @d: errors and warnings of the file
 *
 * Return: 0 or -ENOMEM. Bad input makes figures null and adds errors to @d.
 */
int rpt_job_compute(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		    unsigned int mask, bool split, const char *dir,
		    const struct rpt_device *dev, struct rpt_job *j, struct rpt_diag *d);

#endif
