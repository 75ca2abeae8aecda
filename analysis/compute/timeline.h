/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_TIMELINE_H
#define SSDQ_TIMELINE_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "envelope.h"
#include "events.h"
#include "fio_jobs.h"

/*
 * A job over time: its series on one axis, seconds since the job's start,
 * each decimated while its logs are read to at most RPT_ENV_COLS columns of
 * min, mean and max (envelope.h). From fio's logs, every thread of the
 * row's jobs: MB/s and IOPS per direction (bw and iops logs, the jobs
 * added up), mean latency per direction (clat log, else lat; the jobs'
 * samples pooled), p50/p99/p99.9/p99.99 per interval (hist logs, merged as
 * fio's fiologparser_hist.py does: hist_interval.h); from ssdq's sidecars W
 * (power log) and °C (SMART, composite); and the phases of the events
 * sidecar (erase, idle, bursts) as spans. docs/report.md, "Time charts".
 *
 * The axis' zero: the engine's job_start event, else the start of the
 * interval of the logs' first sample (unix-ms logs); 0 of fio's own clock for logs with relative times,
 * with the sidecars placed from the events' start of I/O (not drawn without
 * events).
 */
enum rpt_tl_chart {
	RPT_TL_MBPS,
	RPT_TL_IOPS,
	RPT_TL_LAT,
	RPT_TL_POWER,
	RPT_TL_TEMP,
	RPT_TL_NCHARTS
};

/* Latency percentiles per interval drawn from hist logs. */
#define RPT_TL_NPCT	4
extern const double rpt_tl_pct[RPT_TL_NPCT];		/* 50, 99, 99.9, 99.99 */
extern const char *const rpt_tl_pct_name[RPT_TL_NPCT];	/* "p50", "p99", ... */

struct rpt_tl_series {
	enum rpt_tl_chart chart;
	char name[24];		/* "write", "read p99.99", "W", "composite" */
	unsigned int ddir;	/* 0-2 for fio's series, 3 for the sidecars' */
	bool pct;		/* a percentile per interval: drawn at its column's max */
	size_t n;		/* non-empty columns: */
	double *t_s;		/* the column's middle, s since the job's start */
	double *mean, *min, *max;
	double col_s;		/* width of a column */
	unsigned long samples;	/* log lines (intervals for percentiles) */
};

struct rpt_tl_span {
	double t0_s, t1_s;
	const char *what;	/* "erase", "idle", "burst" */
};

struct rpt_timeline {
	bool unix_ms;		/* the fio logs' times are unix ms */
	double origin_ms;	/* the axis' zero: unix ms, or fio's 0 */
	double time_scale;	/* times (t_s, col_s, end_s, spans) are the
				 * run's x this: a scaled model's S, its full
				 * drive's time (rpt_tl_scale_time()); 0 or 1
				 * as run */
	double end_s;		/* the last sample's time */
	struct rpt_tl_series *s;
	size_t n;
	struct rpt_tl_span *sp;
	size_t nsp;
	size_t nbursts;		/* burst spans (one span per burst) */
};

/**
 * rpt_tl_add_span_ms() - Add a span of @what from @t0_ms to @t1_ms (unix
 * ms) to a timeline of unix-ms logs; nothing on one of relative times.
 * @tl: the timeline
 * @t0_ms: start, unix ms
 * @t1_ms: end
 * @what: its label, a static string ("! host": host_verdict.h)
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_tl_add_span_ms(struct rpt_timeline *tl, double t0_ms, double t1_ms, const char *what);

/**
 * rpt_tl_chart_key() - A chart's name in file names, JSON and CSV:
 * "mbps", "iops", "latency", "power", "temperature".
 * @c: the chart
 *
 * Return: a static string.
 */
const char *rpt_tl_chart_key(enum rpt_tl_chart c);

/**
 * rpt_tl_chart_unit() - Its unit: "MB/s", "IOPS", "µs", "W", "°C".
 * @c: the chart
 *
 * Return: a static string.
 */
const char *rpt_tl_chart_unit(enum rpt_tl_chart c);

/**
 * rpt_tl_add() - Add a series from an envelope (its non-empty columns).
 * @tl: the timeline
 * @chart: its chart
 * @name: its name
 * @ddir: its direction, 3 for none
 * @env: the envelope, of origin tl->origin_ms
 * @scale: multiplies every value (KiB/s to MB/s, ns to µs, mW to W)
 *
 * Return: 0 (an empty envelope adds nothing), or -ENOMEM.
 */
int rpt_tl_add(struct rpt_timeline *tl, enum rpt_tl_chart chart, const char *name,
	       unsigned int ddir, const struct rpt_envelope *env, double scale);

/*
 * A row's timeline in two steps, so that a log another pass reads anyway
 * is not read again for its series (metrics.c reads a job's bw log once
 * for its window, its fill and its time chart): rpt_tl_begin() places the
 * axis' zero before any log is read in full; a pass over a log asks
 * rpt_tl_tap() for the log's envelopes and feeds them every sample it
 * reads; rpt_job_timeline() then takes a log's series from its tap, and
 * reads only the logs nothing tapped whole.
 */
struct rpt_tl_tap {
	char *path;
	bool whole;	/* every sample went in: read to its end or its first bad line */
	bool used;	/* taken by rpt_job_timeline() */
	char err[256];	/* the bad line ("name:line: what"), else "" */
	bool bytes;	/* env holds the samples' bytes (a per-I/O bw log), not their values */
	struct rpt_envelope env[3];	/* per direction, of origin rpt_tl_taps.origin_ms */
};

struct rpt_tl_taps {
	bool ready;		/* the row has jobs that did I/O: taps are taken */
	bool unix_ms;		/* the fio logs' times are unix ms */
	double origin_ms;	/* the axis' zero */
	char *evp;		/* the events sidecar, or NULL */
	struct rpt_events ev;
	struct rpt_diag notes;	/* the events' warnings, passed on by rpt_job_timeline() */
	struct rpt_tl_tap **t;
	size_t n;
};

/**
 * rpt_tl_begin() - The start of a row's timeline: its events read and the
 * axis' zero placed (the first lines of its logs, at most).
 * @run: the fio run
 * @g: the row's group
 * @mask: the row's directions (1 << ddir)
 * @dir: the results directory
 * @tp: the result, zeroed first; free with rpt_tl_taps_free()
 *
 * Return: 0, or -ENOMEM.
 */
int rpt_tl_begin(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		 unsigned int mask, const char *dir, struct rpt_tl_taps *tp);

/**
 * rpt_tl_tap() - Envelopes for a log's samples, to be fed by the caller's
 * pass over it: rpt_env_add(&tap->env[ddir], t_ms, value) for every sample
 * of direction 0 to 2, in the order read; tap->whole set (and tap->err
 * copied from the reader at a bad line) when the pass read them all.
 * @tp: the row's taps, or NULL
 * @path: the log, as log_find.h names it
 *
 * Return: the tap, or NULL when none is taken (@tp NULL or not ready, out of
 * memory): rpt_job_timeline() then reads the log itself.
 */
struct rpt_tl_tap *rpt_tl_tap(struct rpt_tl_taps *tp, const char *path);

/**
 * rpt_tl_taps_free() - Free the taps and the events; NULL-safe.
 * @tp: the taps
 */
void rpt_tl_taps_free(struct rpt_tl_taps *tp);

/**
 * rpt_job_timeline() - A row's timeline from the logs and sidecars of its
 * jobs in @dir (log_find.h).
 * @run: the fio run
 * @g: the row's group
 * @mask: the row's directions (1 << ddir)
 * @dir: the results directory
 * @tp: from rpt_tl_begin() on the same row; the logs tapped whole are not read
 * @tl: the result, zeroed first; free with rpt_timeline_free(); nothing in it
 *      (tl->n 0) when the jobs have no logs
 * @notes: a warning per log that could not be read (file:line: what)
 *
 * Return: 0, or -ENOMEM.
 */
int rpt_job_timeline(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		     unsigned int mask, const char *dir, struct rpt_tl_taps *tp,
		     struct rpt_timeline *tl, struct rpt_diag *notes);

/**
 * rpt_tl_scale_time() - Put @tl's times on the full drive's basis of a
 * drive model scaled 1/@scale: every time since the job's start, column
 * width and span x @scale (docs/report.md, "One basis"); the axis' origin
 * stays the run's unix ms.
 * @tl: the timeline
 * @scale: > 1
 */
void rpt_tl_scale_time(struct rpt_timeline *tl, double scale);

/**
 * rpt_timeline_free() - Free a timeline; NULL-safe.
 * @tl: the timeline
 */
void rpt_timeline_free(struct rpt_timeline *tl);

#endif
