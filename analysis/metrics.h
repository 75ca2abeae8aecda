/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_METRICS_H
#define SSDQ_METRICS_H

#include "fio_jobs.h"
#include "report.h"

/*
 * Figures of one group of fio jobs:
 * - MB/s and IOPS: bytes and I/Os of all data directions and jobs over the
 *   longest runtime per direction (fio's group rule), or fio's own
 *   "All clients" entry in client/server output;
 * - latency: json+ bins of all jobs and directions merged, total latency
 *   (lat_ns) when every job has its bins, else completion latency (clat_ns);
 *   without bins, fio's own percentiles of a single job; the mean is the
 *   sample-weighted mean;
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
 * rpt_job_compute() - Fill @j from group @g of @run.
 * @run: the run
 * @g: the group
 * @dir: directory of the JSON file, for the logs
 * @dev: the drive (device.json); NULL for a real drive of unknown make
 * @j: the job, zeroed by the caller
 * @d: errors and warnings of the file
 *
 * Return: 0 or -ENOMEM. Bad input makes figures null and adds errors to @d.
 */
int rpt_job_compute(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		    const char *dir, const struct rpt_device *dev, struct rpt_job *j,
		    struct rpt_diag *d);

#endif
