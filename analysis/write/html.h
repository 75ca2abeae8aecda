/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_HTML_H
#define SSDQ_HTML_H

#include <stdio.h>

#include "chart.h"
#include "figure.h"
#include "report.h"
#include "svg.h"

/*
 * Parts of the HTML page (writers.h: rpt_write_html()) shared by its files:
 * write_html.c (the page, every drive's own section), write_review.c (the
 * comparison of drives, organised as the reviews are) and svg_lat.c. The
 * cell, figure and latency-distribution parts are html.c's, below both
 * page files: write_html.c calls write_review.c, never the other way.
 */

/**
 * rpt_html_td() - A table cell with @f to @prec decimals, or "–" with the
 * reason as its tooltip.
 * @out: stream
 * @f: the figure
 * @prec: decimals
 */
void rpt_html_td(FILE *out, const struct rpt_fig *f, int prec);

/**
 * rpt_html_figure() - Open a <figure> for one chart (class "wide" for one
 * across the page) and begin the chart in @c.
 * @c: the charts
 * @wide: whether it spans the page
 * @scope: as rpt_chart_begin()
 * @test: as rpt_chart_begin()
 * @figure: as rpt_chart_begin()
 *
 * Return: the chart's stream, or NULL (then nothing was opened).
 */
FILE *rpt_html_figure(struct rpt_charts *c, bool wide, const char *scope, const char *test,
		      const char *figure);

/**
 * rpt_html_figure_end() - End the chart and its <figure>.
 * @c: the charts
 */
void rpt_html_figure_end(struct rpt_charts *c);

/**
 * rpt_html_pts() - Drive @d's SNIA PTS pages (write_pts.c): per test the
 * tracking variables per round (convergence) and over the window with its
 * average, the 20 % band and the fitted line, its tables, WSAT against GB
 * written. Nothing for a drive without rounds.
 * @c: the charts
 * @scope: the drive's (rpt_drive_scope())
 * @d: the drive
 *
 * Return: 0 or -EIO.
 */
int rpt_html_pts(struct rpt_charts *c, const char *scope, const struct rpt_drive *d);

struct rpt_pts_di;

/**
 * rpt_html_pts_di() - A test's demand-intensity ladder (write_pts_di.c,
 * pts_di.h): the demand intensity curve (mean response time against IOPS,
 * a line per thread count), the demand variation (IOPS against queue
 * depth, a line per thread count), with @hist the response-time histograms
 * of the picked points, and a table of every point with its picks.
 * @c: the charts
 * @scope: the drive's
 * @test: the test's name ("dirth")
 * @di: the ladder
 * @hist: draw the histograms (DIRTH)
 */
void rpt_html_pts_di(struct rpt_charts *c, const char *scope, const char *test,
		     const struct rpt_pts_di *di, bool hist);

/**
 * rpt_pts_di_line() - A ladder's points at one thread count, lowest queue
 * depth first, those whose figures are positive (write_pts_di.c): a demand
 * intensity or variation curve.
 * @di: the ladder
 * @tc: the thread count
 * @xkey: the catalogue key (RPT_OF_PTS) of x, NULL: the queue depth
 * @ykey: that of y
 * @x: room for RPT_PTS_DI_LINE values
 * @y: likewise
 *
 * Return: how many points (at most RPT_PTS_DI_LINE).
 */
#define RPT_PTS_DI_LINE	64
size_t rpt_pts_di_line(const struct rpt_pts_di *di, unsigned int tc, const char *xkey,
		       const char *ykey, double *x, double *y);

/**
 * rpt_html_pts_compare() - The SNIA PTS pages of two drives or more side by
 * side (write_pts_compare.c, compare_pts.h): each page's table turned, a
 * row a figure and a column a drive, with HIR's IOPS and I/Os per joule
 * per wait state (grouped bars), XSR's recovery times and steady levels
 * (grouped bars) and MB/s per period of every drive, each ladder's demand
 * intensity curves of every drive (the optimal points marked) and its
 * picked points' IOPS, WSAT's IOPS against GB written; charts of scope
 * "compare", figures named after the page ("compare.pts-xsr.recovery.svg").
 * Nothing with fewer than two drives or no PTS page.
 * @c: the charts (and the page)
 * @r: the report
 *
 * Return: 0, -ENOMEM or -EIO.
 */
int rpt_html_pts_compare(struct rpt_charts *c, const struct rpt_report *r);

/**
 * rpt_html_review() - The comparison of the report's drives: per section of
 * the review (review.h) the tables of its tests and their charts, every
 * drive in its colour and the highlighted one marked.
 * @c: the charts (and the page)
 * @r: the report, two drives or more
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_html_review(struct rpt_charts *c, const struct rpt_report *r);

/**
 * rpt_html_cdf() - The latency distribution of @t's headline job
 * (review.h) of every drive that ran @t (or of @only), on log scales.
 * @c: the charts
 * @r: the report
 * @name: the test's name
 * @only: one drive, or NULL for every drive that has the test
 * @scope: as rpt_chart_begin()
 */
void rpt_html_cdf(struct rpt_charts *c, const struct rpt_report *r, const char *name,
		  const struct rpt_drive *only, const char *scope);

/**
 * rpt_html_pstate() - Test @t's power states (pstate.h), when a job has
 * one: a table of each job's state, its descriptor, idle W, gap, wake-up
 * median and MB/s, W, MB/s/W (idle power per state, efficiency per state),
 * then the wake-up jobs' latency distributions, a line per gap
 * (write_pstate.c).
 * @ch: the charts
 * @scope: as rpt_chart_begin()
 * @t: the test
 */
void rpt_html_pstate(struct rpt_charts *ch, const char *scope, const struct rpt_test *t);

/* One row of a latency chart: the mean, p99 and p99.99 of a job. */
struct rpt_lat_row {
	const char *label;
	const struct rpt_fig *f[3];
	const char *drive;
	bool hl;
};

/**
 * rpt_svg_latency() - Mean, p99 and p99.99 latency per row, three bars on
 * a log scale.
 * @out: stream
 * @h: accessible name, title, width
 * @rows: the rows (those without a mean and a p99 are left out)
 * @n: their number
 */
void rpt_svg_latency(FILE *out, const struct rpt_svg_head *h, const struct rpt_lat_row *rows,
		     size_t n);

#endif
