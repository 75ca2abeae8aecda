/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_FIO_FIGURES_H
#define SSDQ_FIO_FIGURES_H

#include <stddef.h>

#include "diag.h"
#include "fio_jobs.h"
#include "fio_rows.h"
#include "report.h"

/*
 * The figures a fio group's JSON gives, whatever fio release wrote it
 * (fio_stats.h), one report row at a time:
 *
 * - rows: one per data direction when the group did I/O in more than one
 *   (rw=randrw, or a writer and a reader in one group), so that no mean
 *   mixes them; else one row. With unified_rw_reporting fio gives only
 *   "mixed": one row of it.
 * - name, rw, bs and the set iodepth of the row's first job that did its
 *   direction's I/O;
 * - MB/s and IOPS: bytes and I/Os of the row's directions and jobs over the
 *   longest runtime per direction (fio's group rule), or fio's own "All
 *   clients" entry in client/server output;
 * - latency: json+ bins of all jobs and directions of the row merged (total
 *   latency, lat_ns, when every job has its bins, else completion latency);
 *   without bins, fio's own percentiles: of the "All clients" entry (fio's
 *   merge of the clients), else of a single job; the mean is weighted by
 *   fio's sample count N, or by total_ios before fio 3.18 (with a note when
 *   that weighting mattered);
 * - plausibility (plausible.h): the queue depth fio ran at, Little's law.
 */

/**
 * rpt_fio_figures() - Fill the fio figures of one row of @g into @j:
 * name, rw, ddir, bs, iodepth, mbps, iops, latency, and notes.
 * @run: the run
 * @g: the group
 * @mask: the row's directions (from rpt_fio_rows())
 * @split: the group has several rows
 * @j: the row, zeroed by the caller
 * @d: errors of the file (malformed members)
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_fio_figures(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		    unsigned int mask, bool split, struct rpt_job *j, struct rpt_diag *d);

#endif
