/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_COMPARE_H
#define SSDQ_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "report.h"

/*
 * Several drives side by side, as the reviews' bar charts show them: one
 * table per test (matched by the test's name, e.g. burst-seq-read), one row
 * per drive, one column per headline figure of that test:
 *
 * - a queue-depth series: score (MB/s), W and MB/s/W (means of QD1, 2, 4);
 * - a block-size sweep: IOPS and W at 4 KiB for random I/O, MB/s and W at
 *   128 KiB for sequential I/O, where the sweep has them;
 * - a burst job: the burst score (MB/s) and W;
 * - a fill (review.h: a sequential write of the whole namespace): SLC cache
 *   (GB), post-cache, last 16 GB and overall MB/s;
 * - any other job: MB/s (IOPS for blocks up to 16 KiB), W, MB/s/W (IOPS/W),
 *   mean, 99th and 99.99th percentile latency.
 *
 * A drive without the test, or without the figure, has a null cell with the
 * reason. The drives' SNIA PTS pages follow, as tables of their own
 * (compare_pts.h: @by_figure).
 */
struct rpt_cmp_col {
	char *key;		/* "score_mbps", "qd1/iops", … */
	char *label;		/* "score MB/s" */
	int prec;		/* decimals to print */
	int lower_better;	/* latency */
};

struct rpt_cmp_table {
	char *test;
	struct rpt_cmp_col *col;
	size_t ncols;
	struct rpt_fig *cell;	/* [drive * ncols + col] */
	bool by_figure;		/* more figures than drives (a SNIA PTS page's:
				 * compare_pts.h): the text and HTML print a
				 * row a column, a column a drive */
};

struct rpt_cmp {
	struct rpt_cmp_table *t;
	size_t n;
	size_t ndrives;
};

/**
 * rpt_compare() - The comparison tables of the drives of @r: a table per
 * test, then the SNIA PTS pages' (rpt_compare_pts()).
 * @r: the report, two drives or more
 * @c: the tables; free with rpt_compare_free()
 *
 * Return: 0 (no tables with fewer than two drives), or -ENOMEM.
 */
int rpt_compare(const struct rpt_report *r, struct rpt_cmp *c);

/**
 * rpt_compare_free() - Free the tables.
 * @c: NULL-safe
 */
void rpt_compare_free(struct rpt_cmp *c);

#endif
