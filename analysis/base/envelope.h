/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENVELOPE_H
#define SSDQ_ENVELOPE_H

#include <stddef.h>
#include <stdint.h>

/*
 * A series over time decimated while it is read: at most RPT_ENV_COLS
 * columns of equal width, each the min, max and mean of the samples that
 * fell in it. The width starts small and doubles (neighbouring columns
 * merged) whenever a sample lies past the last column, so one pass over a
 * log of any length ends with between RPT_ENV_COLS / 2 and RPT_ENV_COLS
 * columns (fewer for a short one) in a fixed amount of memory: a chart of
 * a 24-hour run is as big as one of a minute's.
 */
#define RPT_ENV_COLS	1024

struct rpt_env_col {
	double min, max, sum;
	uint64_t n;		/* samples; 0: an empty column */
};

struct rpt_envelope {
	double origin_ms;	/* time of column 0's left edge */
	double width_ms;	/* of a column */
	double per_ms;		/* 1 / width_ms: columns per ms */
	size_t ncols;		/* columns touched: the last one's index + 1 */
	unsigned long samples;
	unsigned long before;	/* samples before origin_ms, put in column 0 */
	struct rpt_env_col col[RPT_ENV_COLS];
};

/**
 * rpt_env_init() - Start an empty envelope.
 * @e: the envelope
 * @origin_ms: time 0 of the series (a job's start)
 * @width_ms: the first columns' width (> 0): the finest the series can be
 *            drawn, such as the log's interval
 */
void rpt_env_init(struct rpt_envelope *e, double origin_ms, double width_ms);

/**
 * rpt_env_add() - Add a sample; widens the columns when @t_ms lies past
 * the last.
 * @e: the envelope
 * @t_ms: its time (a NaN or infinite time or value is ignored)
 * @v: its value
 */
void rpt_env_add(struct rpt_envelope *e, double t_ms, double v);

/**
 * rpt_env_widen() - Merge neighbouring columns until they are at least
 * @width_ms wide.
 * @e: the envelope
 * @width_ms: the width wanted
 */
void rpt_env_widen(struct rpt_envelope *e, double width_ms);

/*
 * How rpt_env_merge() combines two envelopes of one origin column by column:
 * RPT_ENV_POOL puts the samples together (latencies of several jobs);
 * RPT_ENV_SUM adds the series (the throughput of jobs that ran at once: the
 * means add up exactly, the mins and maxes add up to bounds of the sum's).
 */
enum rpt_env_how { RPT_ENV_POOL, RPT_ENV_SUM };

/**
 * rpt_env_merge() - Combine @src into @dst; both are first widened to the
 * wider's columns.
 * @dst: the envelope combined into
 * @src: the other (widened in place), of the same origin
 * @how: RPT_ENV_POOL or RPT_ENV_SUM
 *
 * Return: 0, or -EINVAL when the origins differ.
 */
int rpt_env_merge(struct rpt_envelope *dst, struct rpt_envelope *src, enum rpt_env_how how);

/**
 * rpt_env_mean() - A column's mean.
 * @c: the column
 *
 * Return: the mean, NAN for an empty column.
 */
double rpt_env_mean(const struct rpt_env_col *c);

#endif
