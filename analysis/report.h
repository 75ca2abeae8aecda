/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_REPORT_H
#define SSDQ_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "figure.h"
#include "slc.h"

/*
 * What ssdq-report computes: one rpt_test per fio JSON file, one rpt_job per
 * fio group in it (see fio_jobs.h). Units: MB = 10^6 bytes, GB = 10^9 bytes,
 * MB/s, W, J, µs.
 */
struct rpt_job {
	char *name;
	char *rw;
	struct rpt_fig bs;		/* bytes */
	struct rpt_fig iodepth;
	unsigned int njobs;		/* fio jobs (or clients) merged */
	struct rpt_fig mbps;
	struct rpt_fig iops;
	struct rpt_fig power_w;
	struct rpt_fig energy_j;
	struct rpt_fig peak_power_w;
	struct rpt_fig mbps_per_w;
	struct rpt_fig iops_per_w;
	struct rpt_fig lat_mean_us;
	struct rpt_fig lat_p99_us;
	struct rpt_fig lat_p9999_us;
	const char *lat_kind;		/* "clat", "lat" or NULL */
	uint64_t lat_samples;
	bool has_fill;
	struct rpt_fill fill;
	char fill_why[RPT_WHY_LEN];	/* when !has_fill */
	struct rpt_diag notes;		/* warnings about this job */
};

struct rpt_test {
	char *name;			/* file name without directory and .json */
	char *path;
	unsigned int ndocs;		/* JSON documents in the file */
	struct rpt_job *jobs;
	size_t njobs;
	struct rpt_diag diag;		/* errors and warnings of the file */
};

/**
 * rpt_test_load() - Read one fio JSON file and the logs it names, and compute
 * its figures.
 * @path: the JSON file; logs are looked up relative to its directory
 * @t: the result, also on error (with what could be computed); free with
 *     rpt_test_free()
 *
 * Return: 0, or a negative errno when the file as a whole could not be used;
 * errors about single figures only land in t->diag (t->diag.nerrors).
 */
int rpt_test_load(const char *path, struct rpt_test *t);

/**
 * rpt_test_free() - Free a test.
 * @t: NULL-safe
 */
void rpt_test_free(struct rpt_test *t);

/**
 * rpt_job_figures() - The figures of a job as (key, figure) pairs in the
 * order of the JSON output: mbps, iops, power_w, energy_j, mbps_per_w,
 * iops_per_w, lat_mean_us, lat_p99_us, lat_p9999_us, peak_power_w.
 * @j: job
 * @keys: on return, RPT_JOB_NFIGS keys
 * @figs: on return, RPT_JOB_NFIGS figures
 */
#define RPT_JOB_NFIGS	10
void rpt_job_figures(const struct rpt_job *j, const char **keys,
		     const struct rpt_fig **figs);

#endif
