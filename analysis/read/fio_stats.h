/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_FIO_STATS_H
#define SSDQ_FIO_STATS_H

#include <stdbool.h>

#include <json-c/json.h>

#include "diag.h"
#include "fio_jobs.h"
#include "lat_hist.h"

/*
 * One data direction of one fio JSON entry, in one set of units whatever
 * fio release wrote it (fio_version.h): bytes, I/Os, runtime, and the
 * latency objects with their unit. fio names the directions "read",
 * "write", "trim", and "mixed" with unified_rw_reporting.
 */
enum rpt_ddir { RPT_DD_READ, RPT_DD_WRITE, RPT_DD_TRIM, RPT_DD_MIXED, RPT_NDDIR };

extern const char *const rpt_ddir_name[RPT_NDDIR];

/* A latency object: "clat_ns"/"lat_ns" (ns), or fio 2.x's "clat"/"lat" (µs). */
struct rpt_fio_lat {
	struct json_object *o;	/* NULL when the entry has none */
	double ns_per_unit;	/* 1 for *_ns, 1000 for fio 2.x */
	double ios;		/* the direction's total_ios, the weight without N */
	char path[96];		/* "jobs[0].read.clat_ns", for messages */
};

struct rpt_fio_dir {
	double bytes;		/* io_bytes, in bytes */
	double ios;		/* total_ios; fio 2.0 and 2.1 write none: their
				 * iops × runtime, rounded */
	double runtime_ms;
	struct rpt_fio_lat clat;
	struct rpt_fio_lat lat;
};

/**
 * rpt_fio_dir_read() - Read direction @dd of entry @e.
 * @run: the run (its fio version gives the units)
 * @e: the entry
 * @dd: the direction
 * @s: the result, zeroed first
 * @d: errors (a member of the wrong type, a number out of range)
 *
 * Return: 1 when the direction did I/O, 0 when it did none or is absent,
 * -EINVAL when it is malformed (what could be read is in @s).
 */
int rpt_fio_dir_read(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
		     unsigned int dd, struct rpt_fio_dir *s, struct rpt_diag *d);

/**
 * rpt_fio_did_io() - Whether @e did I/O in a direction of @mask, read
 * quietly (rpt_fio_dir_read() reports a malformed entry when it matters).
 * @run: the run
 * @e: the entry
 * @mask: directions, bits 1 << enum rpt_ddir
 *
 * Return: true when it did.
 */
bool rpt_fio_did_io(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
		    unsigned int mask);

/**
 * rpt_fio_lat_mean() - fio's mean of a latency and its weight.
 * @l: the latency
 * @us: the mean, µs
 * @n: the number of samples fio gives ("N", fio 3.18 and newer), else the
 *     direction's total_ios
 * @has_n: whether @n is fio's N
 *
 * Return: 0, or -ENODATA when there is no mean (or no weight).
 */
int rpt_fio_lat_mean(const struct rpt_fio_lat *l, double *us, double *n, bool *has_n);

/**
 * rpt_fio_lat_pct() - fio's own percentile @pct of a latency, from its
 * "percentile" object; keys are read as numbers ("99.000000", "99.00"), so
 * fio 2.x's repeated "0.00" keys do no harm.
 * @l: the latency
 * @pct: e.g. 99 or 99.99
 * @us: the value, µs
 *
 * Return: 0, -ENOENT when fio printed no such percentile (percentile_list,
 * clat_percentiles=0), -EINVAL when its value is not a number.
 */
int rpt_fio_lat_pct(const struct rpt_fio_lat *l, double pct, double *us);

/**
 * rpt_fio_lat_has_bins() - Whether a latency has json+ "bins" keyed by
 * latency (not fio 2.x's bucket indices with FIO_IO_U_PLAT_* keys).
 * @l: the latency
 * @indexed: set when the bins are bucket indices (NULL-safe)
 *
 * Return: true when the bins can be used.
 */
bool rpt_fio_lat_has_bins(const struct rpt_fio_lat *l, bool *indexed);

/**
 * rpt_fio_lat_add_bins() - Add a latency's json+ bins to @h, in ns.
 * @l: a latency with bins
 * @h: histogram
 * @bad_key: on -EINVAL, the offending key
 *
 * Return: as rpt_lat_hist_add_bins().
 */
int rpt_fio_lat_add_bins(const struct rpt_fio_lat *l, struct rpt_lat_hist *h,
			 const char **bad_key);

#endif
