/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_COMPARE_PTS_H
#define SSDQ_COMPARE_PTS_H

/*
 * The SNIA PTS pages of several drives side by side (docs/snia.md, "Drives
 * compared"): tables of the comparison (compare.h) named "pts/..." whose
 * figures are each drive's own page's, taken from the same structs
 * (pts_report.h, pts_recovery.h, pts_di.h), a row per drive, a column per
 * figure (by_figure: the text and HTML print them turned, a row a figure):
 *
 * - "pts/TEST" for each test of rounds (iops, throughput-128k, latency, ecw,
 *   dirth, hir): per cell its window averages, "CELL/KEY": IOPS and IOPS/W
 *   (the IOPS test, the rounds of ECW, DIRTH and HIR), MB/s and MB/s/W
 *   (throughput), mean, maximum and 99.999 % response time and W (latency);
 * - "pts/TEST-di" for each demand-intensity ladder (ECW, DIRTH): per pick
 *   (max, optimal, mid, min) its IOPS, mean response time, OIO, W and
 *   IOPS/W, "max/iops"; a pick none qualifies for is null (no point within
 *   the ceiling);
 * - "pts/wsat": the first and the last period's IOPS;
 * - "pts/hir-recovery": the preconditioning's steady IOPS, then per wait
 *   state and return to baseline its idle, IOPS, W and IOPS/W
 *   ("wait1/iops");
 * - "pts/xsr": per access group its steady level, recovery time, MB/s,
 *   mean and maximum response time, W and MB/s/W.
 *
 * Columns are the union of the drives' in the order first seen; a drive
 * without the page, or without the figure, has a null cell with the reason.
 * The keys, heads, digits and directions are the catalogue's (RPT_OF_PTS
 * and RPT_OF_PTS_PAGE rows).
 */
#include "compare.h"
#include "report.h"

#define RPT_CMP_PTS_PREFIX	"pts/"	/* the tables' names begin so */

/**
 * rpt_compare_pts() - Append the drives' PTS tables to @c.
 * @r: the report, its drives' PTS pages built (report.h: rpt_drive.pts)
 * @c: the comparison so far (rpt_compare())
 *
 * Return: 0 (nothing when no drive has a PTS page), or -ENOMEM.
 */
int rpt_compare_pts(const struct rpt_report *r, struct rpt_cmp *c);

/**
 * rpt_cmp_col_fig() - The figure of a "pts/..." column: the catalogue key
 * after its last '/' ("iops" of "wait1/iops").
 * @col: the column
 *
 * Return: a pointer into @col->key.
 */
const char *rpt_cmp_col_fig(const struct rpt_cmp_col *col);

/**
 * rpt_cmp_col_group() - The cell, phase, group or pick of a "pts/..."
 * column ("wait1" of "wait1/iops"), "" for a table-wide figure.
 * @buf: destination
 * @len: its size
 * @col: the column
 *
 * Return: @buf.
 */
char *rpt_cmp_col_group(char *buf, size_t len, const struct rpt_cmp_col *col);

#endif
