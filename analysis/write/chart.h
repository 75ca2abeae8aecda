/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_CHART_H
#define SSDQ_CHART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "report.h"

/*
 * Where the HTML page's charts go (write_html.c, write_review.c): each is
 * written into the page and, with ssdq-report --svg-dir DIR, into a file of
 * its own, DIR/<scope>.<test>.<figure>.svg (scope: "compare" for the
 * comparison of drives, the drive's directory name for a drive's own
 * charts, "all" for the page's charts of every job; names made of
 * [a-z0-9._-], a second chart of the same name gets "-2"). The SVG text is
 * the same in both (svg.h): a standalone document.
 */
struct rpt_charts {
	FILE *html;			/* the page */
	const char *svg_dir;		/* NULL: no files */
	const struct rpt_report *r;
	long hl;			/* index of the drive under review, -1 none */
	char **names;			/* file names written so far */
	size_t n, cap;
	int err;			/* first -errno of a file, 0 */
	char err_path[4096];		/* ... and its path */
	/* the chart being written */
	FILE *mem;
	char *buf;
	size_t len;
	char name[256];
	bool open;
};

/**
 * rpt_chart_begin() - Start a chart.
 * @c: the charts
 * @scope: "compare", a drive's directory name or "all"
 * @test: the test's name, or NULL
 * @figure: what the chart shows ("mbps", "latency-cdf", ...)
 *
 * Return: the stream to write the chart's one <svg> element to, or NULL
 * when out of memory (the chart is left out; c->err says so).
 */
FILE *rpt_chart_begin(struct rpt_charts *c, const char *scope, const char *test,
		      const char *figure);

/**
 * rpt_chart_end() - Put the chart begun last into the page and, with an
 * SVG directory, into its file (an empty chart, one that drew nothing, goes
 * nowhere).
 * @c: the charts
 */
void rpt_chart_end(struct rpt_charts *c);

/**
 * rpt_charts_free() - Free the names; NULL-safe.
 * @c: the charts
 */
void rpt_charts_free(struct rpt_charts *c);

/**
 * rpt_drive_index() - Index of the drive @t belongs to in @r.
 * @r: the report
 * @t: one of its tests
 *
 * Return: the index, or r->nd when none.
 */
size_t rpt_drive_index(const struct rpt_report *r, const struct rpt_test *t);

/**
 * rpt_drive_scope() - A drive's scope for chart files: its directory's last
 * component.
 * @buf: destination
 * @len: its size
 * @d: the drive
 *
 * Return: @buf.
 */
char *rpt_drive_scope(char *buf, size_t len, const struct rpt_drive *d);

/**
 * rpt_drive_hl() - Whether @d is the drive under review.
 * @c: the charts (c->hl)
 * @d: a drive of c->r
 *
 * Return: true for the drive --highlight named.
 */
bool rpt_drive_hl(const struct rpt_charts *c, const struct rpt_drive *d);

/**
 * rpt_test_job_name() - A job as the page names it: "TEST / JOB", or TEST
 * alone when the job is named as its test (a test of one job: "fill", not
 * "fill / fill").
 * @buf: destination
 * @len: its size
 * @t: the test
 * @j: one of its jobs
 *
 * Return: @buf.
 */
char *rpt_test_job_name(char *buf, size_t len, const struct rpt_test *t, const struct rpt_job *j);

/**
 * rpt_highlight_find() - The drive of @r that --highlight NAME names: its
 * name, its directory as given, or that directory's last component.
 * @r: the report
 * @name: what the user gave
 *
 * Return: the drive's index, or -1 when none is named so.
 */
long rpt_highlight_find(const struct rpt_report *r, const char *name);

/**
 * rpt_slug() - @s for a file name: [a-z0-9._-], upper case lowered, other
 * runs of characters one '-', none at either end.
 * @out: destination
 * @len: its size
 * @s: the text, or NULL ("")
 */
void rpt_slug(char *out, size_t len, const char *s);

/**
 * rpt_html_timeline() - A job's time charts (timeline.h) into the page and
 * the SVG directory: MB/s, IOPS, latency (mean, and p50 to p99.99 per
 * interval), W and °C, each with the job's phases; figures
 * "<chart>-time".
 * @c: the charts
 * @scope: the drive's scope
 * @t: the test
 * @j: one of its jobs (nothing without a timeline)
 */
void rpt_html_timeline(struct rpt_charts *c, const char *scope, const struct rpt_test *t,
		       const struct rpt_job *j);

/**
 * rpt_html_test_timeline() - A test's time charts: its one job's
 * (rpt_html_timeline()), or with several jobs (a sweep, a row per
 * direction) each chart once, "<chart>-time", every job's series at its
 * time since the test's start (unix-ms logs; each job's own start else):
 * MB/s, IOPS, mean latency and p99.99 per interval per job, the drive's W
 * and °C once, the jobs' phases.
 * @c: the charts
 * @scope: the drive's scope
 * @t: the test
 */
void rpt_html_test_timeline(struct rpt_charts *c, const char *scope, const struct rpt_test *t);

/**
 * rpt_html_timeline_compare() - With several drives, for each test that
 * two or more ran with time series: every drive's MB/s over time on one
 * chart (each drive's first job with the series, its directions added).
 * @c: the charts
 * @r: the report
 */
void rpt_html_timeline_compare(struct rpt_charts *c, const struct rpt_report *r);

#endif
