/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_LAT_HIST_H
#define SSDQ_LAT_HIST_H

#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

/*
 * A latency histogram in fio json+ "bins" form: latency in ns (the value fio
 * stands for each of its buckets) and a count. Histograms of several jobs are
 * merged by adding counts, so percentiles of a group come from all its
 * samples and are never averages of per-job percentiles.
 */
struct rpt_lat_bin {
	uint64_t ns;
	uint64_t count;
};

struct rpt_lat_hist {
	struct rpt_lat_bin *bin;
	size_t n;
	size_t cap;
	uint64_t total;
	int sorted;	/* bins sorted by ns with no duplicates */
};

/**
 * rpt_lat_hist_add() - Add @count samples of @ns nanoseconds.
 * @h: histogram
 * @ns: latency
 * @count: samples
 *
 * Return: 0, -ENOMEM, or -EOVERFLOW when the total would pass 2^63.
 */
int rpt_lat_hist_add(struct rpt_lat_hist *h, uint64_t ns, uint64_t count);

/**
 * rpt_lat_hist_add_bins() - Add a fio json+ "bins" object
 * ({"<ns>": count, …}).
 * @h: histogram
 * @bins: the object
 * @bad_key: on -EINVAL, the offending key (owned by @bins)
 *
 * Return: 0, -EINVAL for a key that is not a decimal ns value or a count
 * that is not a non-negative integer, -ENOMEM, -EOVERFLOW.
 */
int rpt_lat_hist_add_bins(struct rpt_lat_hist *h, struct json_object *bins,
			  const char **bad_key);

/**
 * rpt_lat_hist_add_bins_unit() - rpt_lat_hist_add_bins() for bins keyed in
 * another unit (fio 2.x json+: µs).
 * @h: histogram
 * @bins: the object
 * @ns_per_unit: 1 for ns keys, 1000 for µs keys
 * @bad_key: as rpt_lat_hist_add_bins()
 *
 * Return: as rpt_lat_hist_add_bins(); -EINVAL also for a key whose value in
 * ns passes 2^63.
 */
int rpt_lat_hist_add_bins_unit(struct rpt_lat_hist *h, struct json_object *bins,
			       double ns_per_unit, const char **bad_key);

/**
 * rpt_lat_hist_percentile() - The smallest latency with at least @pct
 * percent of the samples at or below it (fio's rule).
 * @h: histogram; sorted and merged on the first call
 * @pct: 0 < pct <= 100
 *
 * Return: latency in ns; 0 for an empty histogram.
 */
uint64_t rpt_lat_hist_percentile(struct rpt_lat_hist *h, double pct);

/**
 * rpt_lat_hist_cdf() - The distribution as points: each bin's latency in µs
 * and the share of the samples at or below it.
 * @h: histogram; sorted and merged on the first call
 * @us: on return, malloc()ed latencies, ascending (NULL when empty)
 * @le: on return, malloc()ed shares, 0 < le <= 1, ascending
 *
 * Return: the number of points, or -ENOMEM.
 */
long rpt_lat_hist_cdf(struct rpt_lat_hist *h, double **us, double **le);

/*
 * fio's buckets (stat.h, FIO_IO_U_PLAT_BITS 6): a latency below 128 ns is
 * its own; above, each power of two is cut in 64 buckets, each stood for by
 * its middle, so a latency's bucket is within 1/128 to 1/64 of it
 * (RPT_LAT_BIN_SHARE: the precision of a percentile fio gives).
 */
#define RPT_LAT_BIN_SHARE	(1.0 / 64)

/**
 * rpt_lat_bin_ns() - The value fio stands for the bucket of a latency, as
 * its json+ "bins" keys.
 * @ns: the latency
 *
 * Return: the bucket's value in ns.
 */
uint64_t rpt_lat_bin_ns(uint64_t ns);

/**
 * rpt_lat_hist_free() - Free the bins; @h may be reused.
 * @h: histogram, NULL-safe
 */
void rpt_lat_hist_free(struct rpt_lat_hist *h);

#endif
