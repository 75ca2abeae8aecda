/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_PLAUSIBLE_H
#define SSDQ_PLAUSIBLE_H

#include "fio_jobs.h"
#include "report.h"

/*
 * Where fio's own figures contradict each other, the figures stay as fio
 * wrote them and a warning says which:
 *
 * - the queue depth: fio's "iodepth_level" says at which depths it issued
 *   its I/Os. When at least 99 % went out at depth 1 although iodepth is
 *   higher (a synchronous engine: fio caps the depth at 1 and says so in a
 *   note before the JSON), the row's queue depth is 1, what fio ran at; when
 *   fio never reached the set depth otherwise (the highest depth bucket with
 *   1 % of the I/Os ends below it), the set depth stays with a warning.
 * - Little's law: I/Os in flight = IOPS × mean latency. More than
 *   PLAUSIBLE_LITTLE times what the queue can hold (queue depth × jobs)
 *   cannot be: one of fio's figures is wrong.
 * (The bw log's bytes against fio's io_bytes: metrics.c.)
 */
#define PLAUSIBLE_LITTLE	4.0
#define PLAUSIBLE_QD1_PCT	99.0
#define PLAUSIBLE_BUCKET_PCT	1.0

/**
 * rpt_plausible_qd() - Set j->iodepth to the depth fio ran at (see above),
 * with a warning in j->notes when it differs from j->iodepth_set.
 * @run: the run
 * @g: the group
 * @mask: the row's directions
 * @j: the row, with iodepth_set read
 */
void rpt_plausible_qd(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		      unsigned int mask, struct rpt_job *j);

/**
 * rpt_plausible_little() - Warn in j->notes when IOPS × mean latency
 * exceeds PLAUSIBLE_LITTLE × queue depth × jobs.
 * @run: the run
 * @g: the group
 * @mask: the row's directions
 * @j: the row, with iops, lat_mean_us and iodepth computed
 */
void rpt_plausible_little(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
			  unsigned int mask, struct rpt_job *j);

#endif
