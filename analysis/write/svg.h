/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_SVG_H
#define SSDQ_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "catalogue.h"
#include "figure.h"

/*
 * SVG charts for the HTML page (write_html.c) and for --svg-dir: static
 * markup, no scripts, text escaped. Every chart is a whole SVG document on
 * its own (xmlns, a viewBox, its fonts as attributes, a white background
 * and its title drawn at the top), so the same text serves inline and as a
 * file. A null figure is drawn as "n/a" with its reason as a tooltip
 * (<title>).
 *
 * Marks that stand for a drive (a bar, a line, a point, a marker, a legend
 * entry) carry data-drive="NAME"; those of the highlighted drive (the one
 * under review, ssdq-report --highlight) are drawn heavier: an outline, a
 * thicker line, a bold label. Nothing else about a chart depends on the
 * highlight.
 */
#define RPT_SVG_W	1000	/* a chart across the page: its viewBox width */
/* the shade of the spans the host distorted ("! host"), on every chart */
#define RPT_SVG_HOST_SHADE	"#f4b8c8"
#define RPT_SVG_HALF	620	/* one of two side by side */
#define RPT_SVG_INK	"#111"	/* outlines of the highlighted drive's marks */

/* A chart's accessible name, its title drawn at its top, and its width. */
struct rpt_svg_head {
	const char *aria;
	const char *title;	/* NULL: none drawn */
	int width;		/* 0: RPT_SVG_W */
};

struct rpt_bar {
	const char *label;
	const struct rpt_fig *f;
	const char *color;	/* NULL: the first of the palette */
	const char *drive;	/* NULL: stands for no drive */
	bool hl;		/* the highlighted drive's */
};

/**
 * rpt_svg_bars_sort() - Order bars as the reviews do: best first by
 * @better (the figure's direction in the catalogue, catalogue.h), nulls
 * last, ties in the order given.
 * @b: the bars
 * @n: their number
 * @better: RPT_BETTER_NONE leaves them as they are
 */
void rpt_svg_bars_sort(struct rpt_bar *b, size_t n, enum rpt_better better);

/**
 * rpt_svg_bars() - Horizontal bars, one per row, scale from 0; the room
 * for labels fits the longest (up to half the width).
 * @out: stream
 * @h: accessible name, title, width
 * @unit: the axis title
 * @b: rows
 * @n: their number
 * @prec: decimals of the values printed beside the bars
 */
void rpt_svg_bars(FILE *out, const struct rpt_svg_head *h, const char *unit,
		  const struct rpt_bar *b, size_t n, int prec);

struct rpt_line {
	const char *name;
	const double *y;	/* one per x; NAN where there is none */
	const char *color;	/* NULL: the palette's colour of the line's index */
	const char *dash;	/* stroke-dasharray, NULL: solid */
	const char *drive;
	bool hl;
};

/**
 * rpt_svg_lines() - Lines over categories (queue depths, block sizes), with
 * markers and a legend; y from 0.
 * @out: stream
 * @h: accessible name, title, width
 * @xname: the x axis title
 * @xl: category labels
 * @nx: their number
 * @yname: the y axis title
 * @s: the lines
 * @ns: their number
 */
void rpt_svg_lines(FILE *out, const struct rpt_svg_head *h, const char *xname,
		   const char *const *xl, size_t nx, const char *yname,
		   const struct rpt_line *s, size_t ns);

struct rpt_point {
	double x, y;
	const char *label;	/* tooltip */
	size_t group;		/* colour and legend entry: a drive */
	bool hl;		/* the highlighted drive's */
};

/**
 * rpt_svg_scatter() - Points on linear axes from 0, coloured by group (a
 * drive: data-drive is the group's name).
 * @out: stream
 * @h: accessible name, title, width
 * @xname: x axis title
 * @yname: y axis title
 * @p: the points
 * @n: their number
 * @groups: the groups' names for the legend
 * @ng: their number
 */
void rpt_svg_scatter(FILE *out, const struct rpt_svg_head *h, const char *xname,
		     const char *yname, const struct rpt_point *p, size_t n,
		     const char *const *groups, size_t ng);

/**
 * rpt_svg_open() - Start a chart: the <svg> element with its viewBox, fonts
 * and white background, and the title of @h drawn at the top.
 * @out: stream
 * @h: accessible name, title, width
 * @height: px
 *
 * Return: the height the title takes (the plot starts below it).
 */
int rpt_svg_open(FILE *out, const struct rpt_svg_head *h, int height);

/**
 * rpt_svg_drive_attr() - Print the attributes of a drive's mark:
 * data-drive="NAME" (nothing when @drive is NULL).
 * @out: stream
 * @drive: the drive's name, or NULL
 */
void rpt_svg_drive_attr(FILE *out, const char *drive);

/**
 * rpt_svg_legend_cols() - Legend columns for a chart @width wide whose
 * longest entry has @longest bytes: 3, 2 or 1, so that names fit.
 * @width: the chart's width
 * @longest: bytes of the longest name
 *
 * Return: the number of columns.
 */
int rpt_svg_legend_cols(int width, size_t longest);

/**
 * rpt_svg_legend() - One legend entry: a swatch (a line, with @dash, for a
 * chart of lines; else a square) and @name, @cols entries a row.
 * @out: stream
 * @x0: left of the legend
 * @y: baseline of its first row
 * @i: entry index
 * @cols: entries a row (rpt_svg_legend_cols())
 * @width: the chart's width
 * @name: the text
 * @color: the swatch's colour
 * @line: a line swatch (else a square)
 * @dash: its stroke-dasharray, or NULL
 * @drive: the drive the entry stands for, or NULL
 * @hl: whether it is the highlighted drive's
 */
void rpt_svg_legend(FILE *out, int x0, int y, size_t i, int cols, int width, const char *name,
		    const char *color, bool line, const char *dash, const char *drive, bool hl);

/**
 * rpt_svg_put_label() - @s HTML-escaped and whole: longer than @max characters,
 * in a <tspan> whose textLength narrows it to the room of @max characters
 * (the name is never cut: a reader, a search or a copy gets all of it).
 * @out: stream
 * @s: text
 * @max: characters
 */
void rpt_svg_put_label(FILE *out, const char *s, size_t max);

#define RPT_SVG_COLORS	240	/* colours past the palette's ten */

/**
 * rpt_svg_color() - The i-th colour: the palette's ten, then hues a golden
 * angle apart (three lightnesses), so that no two of the first
 * RPT_SVG_COLORS + 10 drives share one.
 * @i: index
 *
 * Return: "#rrggbb".
 */
const char *rpt_svg_color(size_t i);

/**
 * rpt_svg_nice_step() - A round step so that @max spans about @n steps.
 * @max: > 0
 * @n: > 0
 *
 * Return: the step.
 */
double rpt_svg_nice_step(double max, int n);

/*
 * A linear axis: its ticks are lo + k x step up to its top, lo and top
 * multiples of the step. The step is the one the ends were rounded with,
 * never one found again from them: that can be another (1750 over 5 steps:
 * 200, a top of 1800; 1800 over 5 steps: 500), and put a tick labelled 2000
 * past the top, drawn at it where the chart holds its marks inside the plot.
 */
struct rpt_svg_lin {
	double lo;
	double step;
	double top;
};

/**
 * rpt_svg_lin_axis() - A linear axis holding @hi: a round step for about @n
 * steps (rpt_svg_nice_step()) and the first multiple of it at or above @hi.
 * @hi: the largest value drawn (<= 0: 1)
 * @n: > 0
 *
 * Return: the axis.
 */
struct rpt_svg_lin rpt_svg_lin_axis(double hi, int n);

/**
 * rpt_svg_lin_range() - A linear axis holding @lo to @hi: a round step for
 * about @n steps over the range, at least @unit, and the multiples of it at
 * or below @lo and at or above @hi.
 * @lo: the smallest value drawn
 * @hi: the largest (not above @lo: a range around @lo)
 * @n: > 0
 * @unit: the least step (1: whole numbers), 0: any
 *
 * Return: the axis.
 */
struct rpt_svg_lin rpt_svg_lin_range(double lo, double hi, int n, double unit);

/**
 * rpt_svg_lin_tick() - The @k-th tick of @a (its lo at k = 0).
 * @a: the axis
 * @k: from 0
 * @v: its value
 *
 * Return: false past the top.
 */
bool rpt_svg_lin_tick(const struct rpt_svg_lin *a, int k, double *v);

/*
 * Numeric x against y: fill curves (GB written against MB/s, a marker per
 * drive's SLC cache) and latency distributions (µs on a log scale against
 * the percentile on a scale of nines).
 */
enum rpt_axis_kind {
	RPT_AXIS_LINEAR,	/* from 0 */
	RPT_AXIS_LOG,		/* decades */
	RPT_AXIS_NINES,		/* a share p drawn at -log10(1 - p): 0, 90, 99, 99.9 % */
};

struct rpt_axis {
	const char *name;
	enum rpt_axis_kind kind;
	double hi;		/* 0: from the data */
	bool zoom;		/* LINEAR: from the data's least value (a margin of 5 % of the
				 * range on y), not from 0 */
	double unit;		/* LINEAR: the least step between ticks (1: whole numbers) */
};

struct rpt_xy_series {
	const char *name;
	const double *x, *y;
	size_t n;
	const char *color;
	const char *dash;	/* NULL: solid */
	bool step;		/* hold each y until the next x (a CDF, per-GB speeds) */
	const char *drive;
	bool hl;
};

struct rpt_xy_mark {
	double x;		/* a vertical line at x */
	const char *label;
	const char *color;
	const char *drive;
	bool hl;
	double x1;		/* > x: a shaded span from x to x1 instead, in
				 * @color, @label its title (and its text once
				 * per label), behind the series */
};

/**
 * rpt_svg_xy() - Series of points on numeric axes, vertical markers with
 * their labels, and a legend of the series. Each marker's label is whole,
 * in the first row above the plot where it overlaps no other label (as
 * many rows as that takes).
 * @out: stream
 * @h: accessible name, title, width
 * @xa: the x axis
 * @ya: the y axis
 * @s: the series
 * @ns: their number
 * @m: the markers
 * @nm: their number (the first 64 drawn)
 */
void rpt_svg_xy(FILE *out, const struct rpt_svg_head *h, const struct rpt_axis *xa,
		const struct rpt_axis *ya, const struct rpt_xy_series *s, size_t ns,
		const struct rpt_xy_mark *m, size_t nm);

/*
 * Series over time (time charts, timeline.h): each a line of its columns'
 * means, with the band of their min and max behind it where given, or a
 * line of the maxes (a percentile per interval: the worst interval of
 * each column); the job's phases as shaded spans, labelled. The time axis
 * is in s, min or h by the span drawn, from 0.
 */
struct rpt_time_line {
	const char *name;
	size_t n;
	const double *t_s, *y;	/* the line */
	const double *lo, *hi;	/* the band, or NULL */
	const char *color;	/* NULL: the palette's colour of the line's index */
	const char *dash;
	const char *drive;
	bool hl;
};

struct rpt_time_span {
	double t0_s, t1_s;
	const char *label;
};

/**
 * rpt_svg_time() - A time chart (points rounded to the pixel).
 * @out: stream
 * @h: accessible name, title, width
 * @yname: the y axis title (with its unit)
 * @since: what time 0 is: "the job's start", "the test's start"
 * @log_y: a logarithmic y axis (latency), else linear from 0
 * @s: the lines
 * @ns: their number
 * @sp: the spans
 * @nsp: their number
 */
void rpt_svg_time(FILE *out, const struct rpt_svg_head *h, const char *yname, const char *since,
		  bool log_y, const struct rpt_time_line *s, size_t ns,
		  const struct rpt_time_span *sp, size_t nsp);

/**
 * struct rpt_heat - A heat map's grid
 * @rowname: what the rows are ("block size")
 * @rows: their labels, @nrows
 * @colname: what the columns are ("R/W mix %")
 * @cols: their labels, @ncols
 * @v: @nrows x @ncols values, row by row; NAN: no figure (@none printed)
 * @none: the text of a cell without a figure ("n/a")
 * @unit: what the shade stands for ("IOPS")
 * @digits: decimals printed
 */
struct rpt_heat {
	const char *rowname, *colname;
	const char *const *rows, *const *cols;
	size_t nrows, ncols;
	const double *v;
	const char *none, *unit;
	int digits;
};

/**
 * rpt_svg_heat() - A heat map: each cell its figure, shaded from light to
 * dark on a log scale between the grid's least and greatest value (a
 * matrix spanning decades, as the PTS's IOPS does); cells without a figure
 * grey, with @m->none. The chart is as wide as its columns need.
 * @out: stream
 * @h: accessible name and title (its width is set from the grid)
 * @m: the grid
 */
void rpt_svg_heat(FILE *out, const struct rpt_svg_head *h, const struct rpt_heat *m);

#endif
