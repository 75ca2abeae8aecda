/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_CATALOGUE_H
#define SSDQ_CATALOGUE_H

#include <stddef.h>

#include "report.h"

/*
 * The figure catalogue: every figure ssdq-report prints, once, with its key,
 * label, unit, digits, section (what it is of), which way is better and how
 * it is computed.
 * The writers (text, CSV, JSON, HTML) and the comparison (compare.h) walk
 * it; adding a figure is one row here and, for a figure computed from
 * others, its compute function (catalogue.c).
 *
 * The section, what a figure is of, says where it lives and is printed:
 * - RPT_OF_JOB: a job's row (struct rpt_job), in the order of the JSON
 *   output and the CSV columns;
 * - RPT_OF_FILL: a sequential write's fill (struct rpt_fill, slc.h): the
 *   JSON "fill" object, the CSV's fill columns, the text's fill lines;
 * - RPT_OF_BURST: a burst test's figures (struct rpt_bursts, events.h);
 * - RPT_OF_SERIES: a queue-depth series' means (struct rpt_series);
 * - RPT_OF_PTS: a SNIA PTS cell over its measurement window (struct
 *   rpt_pts_cell, pts_report.h): the PTS pages' tables and the JSON's
 *   "pts" cells;
 * - RPT_OF_HOST: a job's host verdict (struct rpt_host_verdict,
 *   host_verdict.h): the JSON "host" object, the CSV's host columns, the
 *   text's and HTML's host line;
 * - RPT_OF_TRACE: a replayed trace's figures (struct rpt_trace, trace.h):
 *   the JSON "trace" object, the CSV's trace columns, the text's, HTML's
 *   and the comparison's trace results;
 * - RPT_OF_PSTATE: a job's power state (struct rpt_pstate, pstate.h): an
 *   idle job's W in the state its idle reached, a wake-up job's gap, a job
 *   at a set operational state; the JSON "pstate" object, the CSV's
 *   pstate columns, the text's power-state line, the HTML's power-state
 *   tables (idle power per state, efficiency per state) and wake-up CDF;
 * - RPT_OF_PTS_PAGE: a SNIA PTS page's figure that is no cell's and no
 *   recovery row's (WSAT's first and last IOPS, HIR's preconditioning
 *   level, a ladder point's outstanding I/Os), held in the pages' own
 *   arrays (pts_report.h, pts_di.h; no @off): the comparison's PTS tables
 *   (compare_pts.h, which takes HIR's idle and XSR's level and recovery
 *   from the rows below);
 * - RPT_OF_HIR: a SNIA PTS host idle recovery phase's own figure beside its
 *   cell's (struct rpt_pts_rec_figs, pts_recovery.h): the JSON's "pts"
 *   "hir" "idle_s", the recovery page's phase table, the results library;
 * - RPT_OF_XSR: a SNIA PTS cross-stimulus recovery access group's own
 *   figures beside its cell's (struct rpt_pts_rec_figs, pts_recovery.h):
 *   the JSON's "pts" "xsr" "level_mbps" and "recovery_min", the recovery
 *   page's group table, the results library.
 */
enum rpt_cat_of { RPT_OF_JOB, RPT_OF_FILL, RPT_OF_BURST, RPT_OF_SERIES, RPT_OF_PTS, RPT_OF_HOST,
		  RPT_OF_TRACE, RPT_OF_PSTATE, RPT_OF_PTS_PAGE, RPT_OF_HIR, RPT_OF_XSR };

struct rpt_pts_cell;
struct rpt_pts_rec_figs;

/* Which way is better: what a comparison sorts its bars by, best first. */
enum rpt_better { RPT_BETTER_NONE, RPT_BETTER_HIGHER, RPT_BETTER_LOWER };

/* Flags of a row */
#define RPT_CAT_COMPARE	(1u << 0)	/* a fill's column in the comparison */
#define RPT_CAT_SMART	(1u << 1)	/* from the SMART sidecar: printed beside
					 * the temperatures (CSV) and with its
					 * reason (text), not among the curve's */
#define RPT_CAT_NOTEXT	(1u << 2)	/* not a line of the text's fill */
#define RPT_CAT_RANGE	(1u << 3)	/* followed by where the log places it
					 * (struct rpt_fill_range): the SLC cache */
#define RPT_CAT_NOTABLE	(1u << 4)	/* not a column of a drive's job table
					 * in the HTML page (said beside it) */
#define RPT_CAT_OWNLINE	(1u << 5)	/* said, or its null reason, on a line of
					 * its own in the text (not in its list of
					 * reasons): the drive's own measurement */

/* More than the rows of the catalogue: for arrays indexed by row */
#define RPT_CAT_MAX	80

struct rpt_cat {
	const char *key;	/* JSON and CSV key: "post_cache_mbps" */
	const char *label;	/* the text report's: "post-cache" */
	const char *head;	/* a comparison column's head: "post-cache MB/s" */
	const char *unit;	/* "MB/s", "GB", "s", "µs" */
	int digits;		/* decimals printed (rpt_fmt_num()) */
	enum rpt_cat_of of;	/* its section */
	enum rpt_better better;
	unsigned int flags;	/* RPT_CAT_* */
	size_t off;		/* of the struct rpt_fig in its section's struct */
	/* computed from the job's other figures once they are all known
	 * (rpt_catalogue_compute()); NULL: set where the logs are read */
	void (*compute)(struct rpt_job *j, struct rpt_fig *f);
	/* the JSON's key where it is not @key: a series' "efficiency_mbps_per_w",
	 * which predates the catalogue (the CSV's and the comparison's keys are
	 * "efficiency"); NULL: @key (rpt_cat_json_key()) */
	const char *json;
};

/* The key of row @c in the JSON output. */
static inline const char *rpt_cat_json_key(const struct rpt_cat *c)
{
	return c->json ? c->json : c->key;
}

extern const struct rpt_cat rpt_catalogue[];
extern const size_t rpt_catalogue_n;

/**
 * rpt_cat_series_columns() - The job figures (RPT_OF_JOB rows) of a series'
 * table, in the order printed: per queue depth MB/s, W, MB/s/W and mean
 * latency (per read share the same); per block size IOPS, MB/s, W, MB/s/W,
 * IOPS/W, mean and p99 latency. A queue-depth or read-share table's score
 * row (RPT_OF_SERIES) lines up with its first three.
 * @kind: the series' kind
 * @cols: filled with the rows
 * @max: room in @cols
 *
 * Return: how many rows @cols holds.
 */
size_t rpt_cat_series_columns(enum rpt_series_kind kind, const struct rpt_cat **cols, size_t max);

/**
 * rpt_cat_find() - The row of @key of @of.
 * @of: what it is of
 * @key: its key
 *
 * Return: the row, or NULL.
 */
const struct rpt_cat *rpt_cat_find(enum rpt_cat_of of, const char *key);

/**
 * rpt_cat_job() - The figure of row @c (RPT_OF_JOB, _FILL, _BURST, _HOST or
 * _TRACE) in @j.
 * @c: the row
 * @j: the job
 *
 * Return: the figure.
 */
const struct rpt_fig *rpt_cat_job(const struct rpt_cat *c, const struct rpt_job *j);

/**
 * rpt_cat_range() - Where the log places the value of row @c (RPT_CAT_RANGE:
 * the SLC cache's end, struct rpt_fill_range) in @j: what every writer
 * prints beside the figure.
 * @c: the row
 * @j: the job
 *
 * Return: the range, or NULL when @c has none, @j no fill, or the log
 * places it nowhere.
 */
const struct rpt_fill_range *rpt_cat_range(const struct rpt_cat *c, const struct rpt_job *j);

/**
 * rpt_cat_fmt_range() - rpt_cat_range() as "LO<sep>HI", each divided by
 * @scale (1, or 1e-3 for MB) and printed at the row's digits, into @buf.
 * @buf: room for the text
 * @len: its size
 * @c: the row
 * @j: the job
 * @scale: what the GB figures are divided by
 * @sep: between the two: " to ", " and "
 *
 * Return: @buf, or NULL when there is no range (@buf untouched).
 */
char *rpt_cat_fmt_range(char *buf, size_t len, const struct rpt_cat *c,
			const struct rpt_job *j, double scale, const char *sep);

/**
 * rpt_cat_series() - The figure of row @c (RPT_OF_SERIES) in @s.
 * @c: the row
 * @s: the series
 *
 * Return: the figure.
 */
const struct rpt_fig *rpt_cat_series(const struct rpt_cat *c, const struct rpt_series *s);

/**
 * rpt_cat_pts() - The figure of row @c (RPT_OF_PTS) in @cell.
 * @c: the row
 * @cell: a PTS cell
 *
 * Return: the figure.
 */
const struct rpt_fig *rpt_cat_pts(const struct rpt_cat *c, const struct rpt_pts_cell *cell);

/**
 * rpt_cat_rec() - The figure of row @c (RPT_OF_HIR or RPT_OF_XSR) in @f.
 * @c: the row
 * @f: a recovery phase's or access group's figures (rpt_pts_hir_figs(),
 *     rpt_pts_xsr_figs())
 *
 * Return: the figure.
 */
const struct rpt_fig *rpt_cat_rec(const struct rpt_cat *c, const struct rpt_pts_rec_figs *f);

/**
 * rpt_catalogue_compute() - Compute every figure of @j that has a compute
 * function, once its other figures are final (report.c: after a partial
 * run's nulls, stop.h). A fill's figures only when the job has a fill.
 * @j: the job
 */
void rpt_catalogue_compute(struct rpt_job *j);

/* Walk the rows of one section: for (c = rpt_cat_first(of); c; c = rpt_cat_next(c)) */
const struct rpt_cat *rpt_cat_first(enum rpt_cat_of of);
const struct rpt_cat *rpt_cat_next(const struct rpt_cat *c);

#endif
