/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_REPORT_H
#define SSDQ_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "device.h"
#include "diag.h"
#include "drive_power.h"
#include "events.h"
#include "figure.h"
#include "host_verdict.h"
#include "pstate.h"
#include "slc.h"
#include "smart.h"
#include "timeline.h"
#include "trace.h"

/* A latency distribution from json+ bins (lat_hist.h): n points, the
 * latency in µs ascending and the share of the samples at or below it. */
struct rpt_lat_cdf {
	double *us;
	double *le;
	size_t n;
};

/*
 * What ssdq-report computes: one rpt_test per fio JSON file, one rpt_job per
 * fio group in it (see fio_jobs.h), or one per data direction of a group that
 * mixes them (fio_figures.h). Units: MB = 10^6 bytes, GB = 10^9 bytes,
 * MB/s, W, J, µs.
 */
/* The most a purge step moves besides its erase (the PTS purge reads 4 KiB) */
#define RPT_PURGE_BYTES	(1 << 20)

struct rpt_job {
	char *name;
	char *rw;
	const char *ddir;		/* the row's data direction: "read", "write",
					 * "trim", "mixed" (unified_rw_reporting);
					 * NULL when it did no I/O */
	unsigned int ddmask;		/* 1 << enum rpt_ddir of each (fio_stats.h) */
	bool split;			/* one of a group's rows per direction */
	struct rpt_fig bs;		/* bytes */
	struct rpt_fig iodepth;		/* the queue depth fio ran at */
	struct rpt_fig iodepth_set;	/* the job's iodepth option */
	struct rpt_fig read_pct;	/* its reads' share of the I/Os, %: rwmixread
					 * of a mixed rw, 100 a read, 0 a write */
	unsigned int njobs;		/* fio jobs (or clients) merged */
	unsigned int threads;		/* fio threads of those jobs (numjobs with
					 * group_reporting counted): the T of
					 * rpt_job_tq(); 0 unknown (client/server) */
	unsigned int numjobs_set;	/* its numjobs option: 1 when unset, 0
					 * when fio printed no options */
	char size_opt[32];		/* its size option as fio printed it
					 * ("75%", "100g"), "" when not set */
	struct rpt_fig mbps;
	struct rpt_fig iops;
	double io_bytes;		/* fio's io_bytes of its active directions, 0 unknown */
	struct rpt_fig power_w;
	struct rpt_fig energy_j;
	struct rpt_fig peak_power_w;
	const char *energy_from;	/* "counter" (a meter's energy counter,
					 * energy_counter.h), "samples" (the power
					 * log's), "drive" (the drive's own
					 * measurement, alone: drive_power.h),
					 * NULL without energy */
	char energy_note[RPT_WHY_LEN];	/* what energy_from took, or why not the
					 * counter */
	struct rpt_drive_figs drive;	/* the drive's own measurement (drive_power.h) */
	struct rpt_fig mbps_per_w;
	struct rpt_fig iops_per_w;
	struct rpt_fig lat_mean_us;
	struct rpt_fig lat_p99_us;
	struct rpt_fig lat_p9999_us;
	const char *lat_kind;		/* "clat", "lat" or NULL */
	uint64_t lat_samples;
	struct rpt_lat_cdf lat_cdf;	/* of lat_kind, from the json+ bins; n 0 without */
	bool has_fill;
	bool writes_ns;			/* a sequential write whose options cover the
					 * namespace, or a share of it (size=N%), from
					 * its start: a fill (review.h) */
	struct rpt_fill fill;
	char fill_why[RPT_WHY_LEN];	/* when !has_fill */
	/* from the events sidecar */
	bool has_events;
	bool purge;			/* it erased the drive (erase_end) and moved
					 * at most RPT_PURGE_BYTES: a purge step, not
					 * a measurement (review.h) */
	const char *stop;		/* "time", "bytes", "error", "terminated",
					 * "stalled", "killed" (analysis/stop.h), NULL unknown */
	char stop_why[RPT_WHY_LEN];	/* when !stop, why; with "killed", what the
					 * events show */
	bool has_bursts;
	struct rpt_bursts bursts;
	bool has_trace;			/* it replayed a trace (read_iolog, trace.h) */
	struct rpt_trace trace;
	double ios_per_burst;		/* mean, NAN without bursts (marks.h) */
	bool power_estimated;		/* the power source's readings are
					 * estimates (marks.h) */
	/* from the SMART sidecar, over the job's active window */
	bool has_smart;
	struct rpt_thermal thermal;
	struct rpt_write_amp wa;	/* media over host bytes written (smart.h);
					 * wa.wa null with why without SMART */
	/* from the host sidecar, over the job's active window */
	struct rpt_host_verdict host;	/* host.measured false: "host: not measured" */
	struct rpt_pstate pstate;	/* its power state's figures (pstate.h);
					 * pstate.have false: none */
	struct rpt_timeline tl;		/* over time, from its logs (timeline.h);
					 * tl.n 0 without */
	struct rpt_diag notes;		/* warnings about this job */
	bool partial;			/* its figures cover part of a run (stop.h) */
};

/*
 * A series of jobs in one test that differ in one parameter (series.h):
 * queue depths (sustained tests), block sizes (sweeps) or read shares
 * (mixed tests).
 */
enum rpt_series_kind { RPT_SERIES_QD, RPT_SERIES_BS, RPT_SERIES_MIX };

struct rpt_series {
	enum rpt_series_kind kind;
	char *name;			/* the jobs' common name, or the test's */
	char *key;			/* name without its variant suffix */
	const char *variant;		/* "clean", "frag" or "full" */
	size_t *job;			/* indices into the test's jobs, by QD or bs */
	size_t n;
	/* QD series: means over QD1, QD2 and QD4 */
	struct rpt_fig score_mbps;
	struct rpt_fig power_w;
	struct rpt_fig efficiency;	/* MB/s/W */
};

struct rpt_test {
	char *name;			/* file name without directory and .json */
	char *path;
	unsigned int ndocs;		/* JSON documents in the file */
	char *source;			/* NULL: fio's JSON; else what the figures
					 * came from, a paragraph: a test built from
					 * its events sidecars and logs (from_logs.h) */
	struct rpt_device dev;		/* device.json beside the file */
	struct rpt_job *jobs;
	size_t njobs;
	struct rpt_series *series;
	size_t nseries;
	struct rpt_diag diag;		/* errors and warnings of the file */
	char json_note[64];		/* "fio's JSON is empty" (killed.h), or "" */
	char *partial;			/* NULL, or how far a run that did not end
					 * got: "killed at 412 GB, 31 min in; fio's
					 * JSON is empty" (stop.h) */
	bool killed;			/* a job killed or fio's JSON lost: exit 1 */
};

/*
 * A drive: the tests of one results directory, named by device.json's model
 * or else the directory's name. Several drives make a comparison
 * (compare.h).
 */
struct rpt_pts;

struct rpt_drive {
	char *name;
	char *dir;
	char *host;			/* one host of client/server runs, or NULL */
	struct rpt_device dev;
	size_t *test;			/* indices into the report's tests */
	size_t ntests;
	struct rpt_diag diag;		/* about device.json */
	struct rpt_pts *pts;		/* its SNIA PTS rounds (pts_report.h), or NULL */
};

struct rpt_report {
	struct rpt_test *t;
	size_t nt;
	struct rpt_drive *d;
	size_t nd;
	const char *ssdq_version;	/* of the ssdq-report that writes it (set by
					 * main.c), or NULL: the JSON's null */
};

/**
 * rpt_test_load() - Read one fio JSON file and the logs it names, and compute
 * its figures. An events sidecar (<prefix>_events.<N>.jsonl) instead stands
 * for the test of its prefix in a directory without fio JSON: its document
 * is built from the sidecars and logs (from_logs.h), t->source says so.
 * @path: the JSON file; logs are looked up relative to its directory
 * @t: the result, also on error (with what could be computed); free with
 *     rpt_test_free()
 *
 * Return: 0, or a negative errno when the file as a whole could not be used;
 * errors about single figures only land in t->diag (t->diag.nerrors).
 */
int rpt_test_load(const char *path, struct rpt_test *t);

/**
 * rpt_test_load_dev() - As rpt_test_load(), with the device already read.
 * @path: the JSON file
 * @dev: the device of its directory (copied), or NULL to read device.json
 *       beside @path
 * @t: as rpt_test_load()
 *
 * Return: as rpt_test_load().
 */
int rpt_test_load_dev(const char *path, const struct rpt_device *dev,
		      struct rpt_test *t);

/**
 * rpt_test_load_host() - As rpt_test_load_dev(), reading only host @host of
 * a client/server run (rpt_fio_run_parse_host()): that host's drive.
 * @host: NULL: every entry, as rpt_test_load_dev()
 *
 * Return: as rpt_test_load().
 */
int rpt_test_load_host(const char *path, const struct rpt_device *dev, const char *host,
		       struct rpt_test *t);

/**
 * rpt_report_load() - Load every JSON file of @paths and group the tests
 * into drives by directory, the drives in the natural order of their names
 * ("Drive 2" before "Drive 10"; one name's in order of first appearance). A client/server
 * run's file (fio --client) is read once for each host in it: each host is
 * a drive of its own (its device.json.<host> where fio's client left one),
 * never one row blending the hosts; a directory of one host's runs (as
 * ssdq-run --host leaves) is that host's drive.
 * @paths: fio JSON files
 * @n: their number
 * @r: the report; free with rpt_report_free()
 *
 * Return: 0, or -ENOMEM. Problems with single files are in their tests'
 * diag, problems with a device.json in the drive's.
 */
int rpt_report_load(char *const *paths, size_t n, struct rpt_report *r);

/**
 * rpt_report_free() - Free a report.
 * @r: NULL-safe
 */
void rpt_report_free(struct rpt_report *r);

/**
 * rpt_test_free() - Free a test.
 * @t: NULL-safe
 */
void rpt_test_free(struct rpt_test *t);

#endif
