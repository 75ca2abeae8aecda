/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_WRITERS_H
#define SSDQ_WRITERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "report.h"

struct rpt_pts_cell;
struct rpt_pts_di;

/*
 * The outputs of ssdq-report. Each writes the report @r (its drives and their
 * tests) to @out and returns 0, or -EIO when @out reports an error. A null figure is "-" in text, an empty
 * field in CSV, null in JSON (with its reason under "null_reasons") and "–"
 * in HTML (with its reason as a tooltip and in the notes).
 */

/**
 * rpt_write_text() - Terminal tables, one per test in the review's order
 * (review.h), with the fill figures, the reasons for nulls and the warnings
 * under each job; names and headers are never cut (columns widen to fit).
 * @out: stream
 * @r: the report
 * @verbose: also the fill's MB/s per GB grid, the bursts' MB/s per burst
 *           and the whole paragraph of a test's source (else its first
 *           sentence)
 *
 * Return: 0, -ENOMEM or -EIO.
 */
int rpt_write_text(FILE *out, const struct rpt_report *r, bool verbose);

/**
 * rpt_write_csv() - One CSV row per job with a header row (RFC 4180
 * quoting); the last column "notes" holds the reasons and warnings.
 * @out: stream
 * @r: the report
 *
 * Return: 0 or -EIO.
 */
int rpt_write_csv(FILE *out, const struct rpt_report *r);

/*
 * The JSON's schema, its "ssdq_report" key: 4 adds the fill's slc_fill_s
 * and the top-level ssdq_version, 5 the jobs' "timeline" (docs/report.md
 * lists every version's).
 */
#define RPT_JSON_SCHEMA	5

/**
 * rpt_write_json() - {"ssdq_report": RPT_JSON_SCHEMA, "tests": [...], ...} with
 * the keys of ARCHITECTURE.md and a "fill" object (or null) per job.
 * @out: stream
 * @r: the report
 *
 * Return: 0 or -EIO.
 */
int rpt_write_json(FILE *out, const struct rpt_report *r);

/* Choices for the HTML page. */
struct rpt_html_opts {
	long highlight;		/* index of the drive under review, -1 none */
	const char *svg_dir;	/* also write every chart here as a file, or NULL */
	char *err_path;		/* on a chart file's error, its path */
	size_t err_len;
};

/**
 * rpt_write_html() - One self-contained page that takes the window's width
 * and prints on A4 landscape: with several drives their comparison as the
 * reviews print it (review.h: the whole-drive fill first, every drive's
 * curve on one chart), then each drive's own tests in that order (a fill
 * section for each fill, a latency distribution for each QD1 test), then
 * every job's MB/s and latency. Charts are inline SVG (svg.h), and with
 * @o->svg_dir files of their own (chart.h).
 * @out: stream
 * @r: the report
 * @o: choices, or NULL for none
 *
 * Return: 0, -EIO when @out reports an error, -ENOMEM, or the -errno of a
 * chart file that could not be written (its path in @o->err_path).
 */
int rpt_write_html(FILE *out, const struct rpt_report *r, const struct rpt_html_opts *o);

/* The SNIA PTS pages (write_pts.c, pts_report.h). */

/**
 * rpt_write_pts_text() - Drive @d's PTS tests as text: per test the
 * tracking variables per round and the window, its cells' window averages
 * (the IOPS test as a block size x R/W mix grid per figure), WSAT's
 * periods. Nothing for a drive without rounds.
 * @out: stream
 * @d: the drive
 *
 * Return: 0 or -EIO.
 */
int rpt_write_pts_text(FILE *out, const struct rpt_drive *d);

/**
 * rpt_write_pts_json() - The drive's "pts" member (with its leading comma):
 * {"tests": [{test, kind, rounds, steady, window, why, tracks, cells}],
 * "wsat": {capacity_gb, gb[], iops[], why} | null}, each cell's figures
 * those of the catalogue's RPT_OF_PTS rows; nothing for a drive without
 * rounds.
 * @out: stream
 * @d: the drive
 */
void rpt_write_pts_json(FILE *out, const struct rpt_drive *d);

/* The SNIA PTS recovery tests, HIR and XSR (write_pts_recovery.c, pts_recovery.h). */
struct rpt_pts_rec;
struct rpt_charts;

/**
 * rpt_write_pts_rec_text() - HIR's phases (each wait state's idle, the
 * segments' IOPS, W, I/Os per joule) and XSR's access groups (steady level,
 * recovery time, MB/s, response times, W, MB/s/W) as text; nothing for NULL.
 *
 * Return: 0 or -EIO.
 */
int rpt_write_pts_rec_text(FILE *out, const struct rpt_pts_rec *rec);

/**
 * rpt_write_pts_rec_json() - The "pts" object's "hir" and "xsr" members
 * (each with its leading comma; null where the drive ran none): HIR
 * {steady_iops, phases[], idle_s[], minutes[], iops[], phase[], why}, XSR
 * {groups[], level_mbps[], recovery_min[], recovery_why[], minutes[],
 * mbps[], group[], why}; phases and groups carry the catalogue's
 * RPT_OF_PTS figures.
 */
void rpt_write_pts_rec_json(FILE *out, const struct rpt_pts_rec *rec);

/**
 * rpt_write_pts_rec_csv() - For --series-csv: DIR/SCOPE.hir.iops-time.csv
 * (phase, minutes, iops: a row a segment) and DIR/SCOPE.xsr.mbps-time.csv
 * (group, minutes, mbps: a row a period); nothing for NULL.
 *
 * Return: 0, or -errno with @err_path naming the file.
 */
int rpt_write_pts_rec_csv(const char *dir, const char *scope, const struct rpt_pts_rec *rec,
			  char *err_path, size_t len);

/**
 * rpt_html_pts_rec() - HIR's page (its phases' table, IOPS per segment
 * against time with each phase's start and idle marked and the
 * preconditioning's level) and XSR's (levels and recovery times, the
 * groups' table, MB/s per period with the stimulus changes and the
 * recoveries marked).
 */
void rpt_html_pts_rec(struct rpt_charts *ch, const char *scope, const struct rpt_pts_rec *rec);

/**
 * rpt_write_pts_cell_json_open() - One PTS cell as the "cells" array holds
 * it, without its closing brace (the caller adds members, then closes it):
 * {cell, mix_read_pct, bs, throttled_rounds, the catalogue's RPT_OF_PTS
 * figures, null_reasons.
 * @out: stream
 * @c: the cell
 */
void rpt_write_pts_cell_json_open(FILE *out, const struct rpt_pts_cell *c);

/*
 * The demand-intensity ladder of ECW and DIRTH (write_pts_di.c, pts_di.h):
 * each TC x QD point's IOPS, response times, W and IOPS/W, the maximum,
 * optimal, mid and minimum points, and (DIRTH) their response-time
 * histograms.
 */

/**
 * rpt_write_pts_di_text() - The ladder as text: a row per point, highest
 * demand first, the picked points, and with @hist their histograms in
 * power-of-two bins.
 * @out: stream
 * @di: the ladder
 * @hist: print the histograms (DIRTH)
 */
void rpt_write_pts_di_text(FILE *out, const struct rpt_pts_di *di, bool hist);

/**
 * rpt_write_pts_di_json() - The test's "di" member (with its leading comma):
 * {"ceiling_us", "picks": {max, optimal, mid, min: a point's cell name or
 * null}, "points": [cell (rpt_write_pts_cell_json_open()) with "tc", "qd",
 * "oio", "hist": {"dir", "us": [bin upper bounds], "share": [...]} | null]},
 * null without a ladder.
 * @out: stream
 * @di: the ladder, NULL-safe
 */
void rpt_write_pts_di_json(FILE *out, const struct rpt_pts_di *di);

/**
 * rpt_write_pts_di_csv() - The ladder as CSV: a header line, then a row per
 * point (test, cell, tc, qd, oio, pick: "max+optimal", iops, lat_mean_us, lat_max_us,
 * lat_p99999_us, power_w, iops_per_w), then a row per histogram bin of
 * the picked points (test, cell, pick, dir, bin_us, share).
 * @out: stream
 * @test: the test's name ("dirth")
 * @di: the ladder
 *
 * Return: 0 or -EIO.
 */
int rpt_write_pts_di_csv(FILE *out, const char *test, const struct rpt_pts_di *di);

/**
 * rpt_write_pts_di_files() - --series-csv's files of drive @d's ladders:
 * DIR/SCOPE.TEST.di.csv, rpt_write_pts_di_csv() each.
 * @dir: the directory
 * @scope: the drive's (rpt_drive_scope())
 * @d: the drive
 * @err_path: the file that failed, on error
 * @len: its size
 *
 * Return: 0 or -errno.
 */
int rpt_write_pts_di_files(const char *dir, const char *scope, const struct rpt_drive *d,
			   char *err_path, size_t len);

/**
 * rpt_write_pts_compare_csv() - With two drives or more of SNIA PTS pages,
 * --series-csv's DIR/compare.pts.csv: the comparison's "pts/..." tables
 * (compare_pts.h) a row a figure of a drive: page ("hir-recovery"), figure
 * (its key: "wait1/iops"), label, drive, value (empty when null),
 * null_reason (write_pts_compare.c). Nothing without such tables.
 * @dir: an existing directory
 * @r: the report
 * @err_path: on error, the file's path
 * @len: its size
 *
 * Return: 0, -ENOMEM, or the -errno of the file.
 */
int rpt_write_pts_compare_csv(const char *dir, const struct rpt_report *r, char *err_path,
			      size_t len);

/**
 * rpt_json_timeline() - A job's "timeline" value: null without one, else
 * {"origin_unix_ms", "charts": [{"chart": "mbps-time", "unit", "series":
 * [{"name", "column_s", "samples", "t_s": [], "mean": [], "min": [],
 * "max": []}]}], "phases": [{"what", "t0_s", "t1_s"}]}: the charts' series
 * as drawn (write_timeline.c).
 * @out: stream
 * @ind: the indent of the key
 * @tl: the timeline
 */
void rpt_json_timeline(FILE *out, const char *ind, const struct rpt_timeline *tl);

/**
 * rpt_write_series_csv() - Every time chart's series as a CSV file of its
 * own in @dir (ssdq-report --series-csv): <scope>.<test>.<chart>.<series>.csv,
 * named as the charts' SVG files are (chart.h), the series' name after (in
 * a test of several jobs "<job> <series>", as the chart's legend has it);
 * columns t_s, mean, min, max (s since the job's start); the SNIA PTS
 * pages' files (rpt_write_pts_di_files(), rpt_write_pts_rec_csv(),
 * rpt_write_pts_compare_csv()).
 * @dir: an existing directory
 * @r: the report
 * @err_path: on error, the file's path
 * @len: its size
 *
 * Return: 0, or the -errno of the file that could not be written.
 */
int rpt_write_series_csv(const char *dir, const struct rpt_report *r, char *err_path, size_t len);

/* Helpers shared by the writers (write_common.c). */

/**
 * rpt_scale_note() - "model scaled 1/S" for a scaled drive model, else "".
 * @buf: destination
 * @len: its size
 * @dev: the device
 *
 * Return: @buf.
 */
char *rpt_scale_note(char *buf, size_t len, const struct rpt_device *dev);

/**
 * rpt_basis_note() - The basis of a scaled drive model's figures, said once
 * per drive: "model scaled 1/S: sizes, times and energies are the full
 * drive's (the run's x S); rates, power, latency and temperature as
 * measured" (docs/report.md, "One basis"), else "".
 * @buf: destination
 * @len: its size
 * @dev: the device
 *
 * Return: @buf.
 */
char *rpt_basis_note(char *buf, size_t len, const struct rpt_device *dev);

/**
 * rpt_fmt_series_param() - One member of a series as printed: "4" (queue
 * depth), "128k" (block size), "70%" (read share).
 * @buf: output
 * @len: its size
 * @kind: the series' kind
 * @v: the value (rpt_series_param())
 *
 * Return: @buf.
 */
char *rpt_fmt_series_param(char *buf, size_t len, enum rpt_series_kind kind, double v);

/**
 * rpt_fmt_drive_power() - A job's line of the drive's own measurement
 * (drive_power.h) for the text and HTML: "the drive's own (model-pm,
 * estimated, ±1 %): 2.803 W, 24826.0 J, largest interval 3.259 W; against
 * the meter +0.01 %, within its stated accuracy", or its reason.
 *
 * Return: @buf, or NULL when the job has no drive_power line.
 */
char *rpt_fmt_drive_power(char *buf, size_t len, const struct rpt_job *j);

/**
 * rpt_fmt_bs() - A block size as fio writes it: "512", "4k", "128k", "1M".
 * @buf: destination
 * @len: its size
 * @bytes: block size
 *
 * Return: @buf.
 */
char *rpt_fmt_bs(char *buf, size_t len, double bytes);

/**
 * rpt_put_csv() - @s as a CSV field: quoted (quotes doubled) when it holds a
 * comma, a quote or a line break, else as it is.
 * @out: stream
 * @s: the text
 */
void rpt_put_csv(FILE *out, const char *s);

/**
 * rpt_fmt_tq() - A row's threads and queue depth as SNIA PTS writes them:
 * "T8Q16" (its fio threads, numjobs with group_reporting counted, and the
 * queue depth fio ran at), "T8" or "Q16" where one is unknown, "-" where
 * both are.
 * @buf: destination
 * @len: its size
 * @j: the row
 *
 * Return: @buf.
 */
char *rpt_fmt_tq(char *buf, size_t len, const struct rpt_job *j);

/**
 * rpt_put_json_str() - @s as a JSON string literal, quotes included.
 * @out: stream
 * @s: UTF-8 text; control characters are escaped
 */
void rpt_put_json_str(FILE *out, const char *s);

/**
 * rpt_put_json_str_or_null() - @s as rpt_put_json_str(), or null when NULL.
 * @out: stream
 * @s: UTF-8 text, or NULL
 */
void rpt_put_json_str_or_null(FILE *out, const char *s);

/**
 * rpt_put_json_num() - @v as a JSON number to 10 significant digits, or
 * null when it is not finite.
 * @out: stream
 * @v: the value
 */
void rpt_put_json_num(FILE *out, double v);

/**
 * rpt_file_close() - Close @f, a file written at @path: a write error or a
 * failed close names @path in @err_path.
 * @f: the stream
 * @path: its file
 * @err_path: set to @path on an error
 * @len: its size
 *
 * Return: 0, -EIO for a write error, or -errno from fclose().
 */
int rpt_file_close(FILE *f, const char *path, char *err_path, size_t len);

/**
 * rpt_put_html() - @s with &, <, >, " and ' escaped.
 * @out: stream
 * @s: text
 */
void rpt_put_html(FILE *out, const char *s);

#endif
