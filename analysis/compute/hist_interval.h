/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_HIST_INTERVAL_H
#define SSDQ_HIST_INTERVAL_H

#include <stddef.h>
#include <stdint.h>

/*
 * Latency percentiles per interval from fio's histogram logs of one or
 * more jobs (write_hist_log, log_hist_msec), merged as fio's
 * tools/hist/fiologparser_hist.py merges them by default, so that its
 * figures and ours agree on the same logs:
 *
 * - the logs are read together in time order; the intervals are
 *   @interval_ms wide from 0 (or, for logs whose first time is past the
 *   first interval, unix ms, from that time less 20 ms rounded down);
 * - a line ending at T stands for I/Os that completed over
 *   [T - interval / 2 - latency, T], latency being its bucket's value;
 *   each bucket's count goes to an interval in proportion to the overlap
 *   (lines up to 20 s past the interval are looked at, as the script does);
 * - a bucket stands for fio's value (the script's: from the lower edge of
 *   its first fine bucket to the upper edge of the next coarse bucket's
 *   first, halfway), a percentile is interpolated linearly on the
 *   weighted CDF taken at each bucket's middle weight;
 * - logs of fio before 2.99 (19 groups of µs buckets: hist_log.h) as the
 *   script merges them with --group_nr 19 --usbin, their values as ns; a
 *   run's logs are all of one layout and coarseness.
 *
 * "samples" is the I/Os of every line that touched the interval, unweighted,
 * as the script prints it. Memory holds the lines of those 20 s only.
 *
 * Where the script goes wrong, this does not follow it: the script places
 * its first interval after reading a single line, so that interval holds
 * one job's first line only, and the first lines of the other jobs, ending
 * before the second interval, weigh negatively in it (its CDF then goes
 * down, and numpy's interp() answers from wherever its search lands). Here
 * the first interval holds every job's first lines, and a line that ended
 * before an interval adds nothing to it. The two agree from the third
 * interval on, and on the first two where every job's first line ends
 * after the first interval.
 */
#define RPT_HIV_DIRS	4	/* read, write, trim, and all three ("m") */
#define RPT_HIV_MIXED	3
#define RPT_HIV_MAXPCT	8

struct rpt_hiv_row {
	double end_ms;
	unsigned int dir;	/* 0-2, RPT_HIV_MIXED */
	uint64_t samples;
	double min_ns, avg_ns, max_ns;
	double pct_ns[RPT_HIV_MAXPCT];	/* at the percentiles asked for */
};

/**
 * typedef rpt_hiv_cb - Called with each interval that has samples, in time
 * order (directions ascending within one).
 * @arg: the caller's
 * @row: the interval
 *
 * Return: 0 to go on, or a negative errno that ends the reading.
 */
typedef int (*rpt_hiv_cb)(void *arg, const struct rpt_hiv_row *row);

/**
 * rpt_hist_intervals() - Read @n hist logs of one run together.
 * @paths: the logs
 * @n: their number (at least 1)
 * @interval_ms: log_hist_msec (the script's --interval; its default 1000)
 * @dirmask: 1 << dir of each direction wanted (RPT_HIV_MIXED: all merged)
 * @pct: the percentiles, ascending (0 < p < 100)
 * @npct: their number, at most RPT_HIV_MAXPCT
 * @cb: called per interval and direction
 * @arg: passed to @cb
 * @err: on error, "file:line: what"
 * @errlen: its size
 *
 * Return: 0; -EINVAL for a bad line or logs of different coarseness or layout (@err
 * names file and line), -ERANGE for times whose intervals a double cannot
 * tell apart, -errno from opening or reading, -ENOMEM, or what @cb returned.
 */
int rpt_hist_intervals(const char *const *paths, size_t n, double interval_ms,
		       unsigned int dirmask, const double *pct, size_t npct,
		       rpt_hiv_cb cb, void *arg, char *err, size_t errlen);

#endif
