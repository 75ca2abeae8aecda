/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_FIGURE_H
#define SSDQ_FIGURE_H

#include <stdbool.h>

/*
 * One reported figure: a value, or null with the reason it could not be
 * computed. A figure is never 0 for "unknown".
 */
#define RPT_WHY_LEN	320

struct rpt_fig {
	bool ok;
	double v;
	char why[RPT_WHY_LEN];
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

#endif
