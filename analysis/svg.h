/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_SVG_H
#define SSDQ_SVG_H

#include <stddef.h>
#include <stdio.h>

#include "figure.h"

/*
 * Inline SVG charts for the HTML page (write_html.c): static markup, no
 * scripts, text escaped. A null figure is drawn as "n/a" with its reason as a
 * tooltip (<title>).
 */
#define RPT_SVG_W	760	/* chart width, px */

struct rpt_bar {
	const char *label;
	const struct rpt_fig *f;
};

/**
 * rpt_svg_bars() - Horizontal bars, one per row, scale from 0.
 * @out: stream
 * @aria: the chart's accessible name
 * @unit: the axis title
 * @b: rows
 * @n: their number
 * @prec: decimals of the values printed beside the bars
 */
void rpt_svg_bars(FILE *out, const char *aria, const char *unit,
		  const struct rpt_bar *b, size_t n, int prec);

struct rpt_line {
	const char *name;
	const double *y;	/* one per x; NAN where there is none */
};

/**
 * rpt_svg_lines() - Lines over categories (queue depths, block sizes), with
 * markers and a legend; y from 0.
 * @out: stream
 * @aria: the chart's accessible name
 * @xname: the x axis title
 * @xl: category labels
 * @nx: their number
 * @yname: the y axis title
 * @s: the lines
 * @ns: their number
 */
void rpt_svg_lines(FILE *out, const char *aria, const char *xname,
		   const char *const *xl, size_t nx, const char *yname,
		   const struct rpt_line *s, size_t ns);

struct rpt_point {
	double x, y;
	const char *label;	/* tooltip */
	size_t group;		/* colour and legend entry */
};

/**
 * rpt_svg_scatter() - Points on linear axes from 0, coloured by group.
 * @out: stream
 * @aria: the chart's accessible name
 * @xname: x axis title
 * @yname: y axis title
 * @p: the points
 * @n: their number
 * @groups: the groups' names for the legend
 * @ng: their number
 */
void rpt_svg_scatter(FILE *out, const char *aria, const char *xname, const char *yname,
		     const struct rpt_point *p, size_t n, const char *const *groups, size_t ng);

/**
 * rpt_svg_put_label() - @s HTML-escaped, cut to @max bytes at a UTF-8
 * character boundary with "..." when longer.
 * @out: stream
 * @s: text
 * @max: bytes, at least 4
 */
void rpt_svg_put_label(FILE *out, const char *s, size_t max);

/**
 * rpt_svg_color() - The i-th colour of the palette.
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

#endif
