/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_FIGURE_H
#define SSDQ_FIGURE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * One reported figure: a value, or null with the reason it could not be
 * computed. A figure is never 0 for "unknown".
 */
#define RPT_WHY_LEN	320

struct rpt_fig {
	bool ok;
	double v;
	char why[RPT_WHY_LEN];
	unsigned int mark;	/* RPT_MARK_*: a value to read with care (marks.h) */
};

/**
 * rpt_fig_set() - Give @f the value @v.
 * @f: figure
 * @v: value
 */
void rpt_fig_set(struct rpt_fig *f, double v);

/**
 * rpt_fig_null() - Make @f null, with a printf-formatted reason.
 * @f: figure
 * @fmt: printf format of the reason
 */
void rpt_fig_null(struct rpt_fig *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/**
 * rpt_fmt_num() - @v with @prec decimals, or more where it needs them for
 * three significant digits (a floppy's 0.0256 MB/s, not 0.0), at most 12.
 * @buf: destination
 * @len: its size
 * @v: the value
 * @prec: decimals for values of 100 and more (fewer never)
 *
 * Return: @buf.
 */
char *rpt_fmt_num(char *buf, size_t len, double v, int prec);

/**
 * rpt_fmt_bytes() - A size in decimal units that suit it: "999.29 GB" from
 * 1 GB up, "1.414 MB" below (four significant digits), "512 B" below 1 kB.
 * @buf: destination
 * @len: its size
 * @bytes: the size
 *
 * Return: @buf.
 */
char *rpt_fmt_bytes(char *buf, size_t len, double bytes);

#endif
