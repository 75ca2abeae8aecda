/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_HOST_VERDICT_H
#define SSDQ_HOST_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "figure.h"
#include "fio_jobs.h"
#include "host.h"
#include "timeline.h"

struct rpt_pace_drain;

/*
 * A job's host verdict (issue 34, docs/report.md "Host"): how much the host
 * took from the job over its active time, from the engine's host sidecar
 * (host.h), and which of its figures that distorted (marks.h,
 * RPT_MARK_HOST).
 *
 * Shares are in % (0 to 100):
 * - wait_share: Σ run_delay / Σ interval — the share of the time the job
 *   thread was runnable but waited for a CPU (the scheduler's run delay);
 * - nivcsw_per_s: the job thread's involuntary context switches a second;
 * and on the drive model, from its own account of each I/O:
 * - added_mean_us, added_max_us: the latency the host added to an I/O (the
 *   time the engine handed it to fio less the deadline the model set);
 * - added_share: Σ host-added / Σ (intended + host-added): the share of
 *   the I/Os' observed time the host added — how far the mean latency moved;
 * - late_share: the share of I/Os late by RPT_HOST_LATE_US or more;
 * - idle_share: the share of the time none of the job's I/Os was in the
 *   model (at QD1 the host's time between a completion and the next
 *   submission);
 * - time_share: idle_share + (1 − idle_share) × added_share — the share of
 *   the job's time the host took from the drive: how far the throughput
 *   moved (at QD1 exactly 1 − the model's I/O time / the job's time).
 *
 * The thresholds (measured on the drive model: docs/report.md, "Marks"): on
 * the model its own account decides — time_share >= RPT_HOST_TIME_SHARE
 * marks the throughput (MB/s, IOPS, efficiency, the fill's speeds; at QD1
 * fio's IOPS left the model's account by time_share to 0.21 points in 63
 * runs), added_share >= RPT_HOST_TIME_SHARE the mean latency (which moves
 * by added / (1 − added) and up to 2.6 points of fio's own stamping), and a
 * percentile p is marked when more than a hundredth of its tail,
 * (1 − p) / 100, of the I/Os were late by RPT_HOST_LATE_US or more (p99
 * moved 16 % from the model's account with 0.02 % of the I/Os late: the
 * host's smaller delays gather in the same tail), or when the mean is. On
 * the model a job thread that waited for a CPU RPT_HOST_TIME_SHARE of its
 * time or more has its throughput and mean marked whatever the account of
 * its window's I/Os says: the run delay is time the host took, and a job
 * starved of its CPU may have no I/O in its window to account (the loaded
 * demo's qd1-seq-read-bs bs32k: one I/O in 139 ms, the thread waiting
 * 99.7 % of them, 7.2 IOPS against the model's 10101, once unmarked). On a
 * namespace (no account) a job whose thread waited for a CPU
 * RPT_HOST_WAIT_SHARE of its time or more has all of them marked (on the
 * model, whose thread sleeps to each I/O's deadline, the time share ran 2.5
 * to 7.1 points above the wait share: a late wake-up is not run delay), and
 * a percentile p
 * also when the run delay, cut in RPT_HOST_LATE_US pieces each holding back
 * iodepth I/Os, could have made more than (1 − p) / 100 of the I/Os late. A
 * job with its throughput or mean marked is host-bound. An interval whose
 * own time share (model) or wait share (namespace) passes the threshold is
 * a spike, drawn on the job's time charts.
 *
 * fio's end-of-job drain (docs/host.md: a getevents asking for every I/O in
 * flight stamps them all at the last one's completion) is fio's, not the
 * host's: its own figures and mark (RPT_MARK_DRAIN), over every interval
 * from the job's window's start on (the drain ends the job, often in the
 * sidecar's last, partial interval, after the window):
 * - drain_share: Σ drain-added / Σ (intended + host-added + drain-added):
 *   the share of the I/Os' observed time the drain added; the mean latency
 *   is marked from RPT_HOST_TIME_SHARE, the host's rule;
 * - drain_ios: the I/Os it handed over. A percentile is marked when the
 *   drain moved it by more than fio's precision (rpt_hostv_drain_pcts(): from
 *   the job's latency distribution and the drained I/Os the engine's
 *   model_pace lists, exact to fio's buckets); rpt_hostv_compute() alone,
 *   for a job without a distribution, marks p when more I/Os than its tail,
 *   (1 − p / 100) of them, were held RPT_HOST_LATE_US or more.
 */
#define RPT_HOST_WAIT_SHARE	0.03
#define RPT_HOST_TIME_SHARE	0.07
/* the share of a percentile's tail whose lateness marks it */
#define RPT_HOST_TAIL_SHARE	0.01
/* the engine's model_pace: kept while the host added less than this (SSDQ_HOST_PACE_SHARE) */
#define RPT_HOST_PACE_SHARE	0.05

/* The percentiles the verdict judges: 50, 99, 99.9, 99.99 (the job's p99 and p99.99 among them) */
#define RPT_HOSTV_NPCT	4
/* fio's drain's: those, the 99.999th and the maximum (100; the PTS cells' own) */
#define RPT_HOSTV_DRAIN_NPCT	6

/* An interval the host distorted, unix ms */
struct rpt_host_spike {
	double t0_ms, t1_ms;
};

struct rpt_host_verdict {
	bool measured;			/* a host sidecar covered the job */
	char why[RPT_WHY_LEN];		/* when !measured: why ("no host sidecar") */
	bool model;			/* the model's account is in it */
	bool schedstat;			/* run delays measured */
	size_t intervals;		/* over the active window */
	double active_s;		/* Σ interval − Σ planned idle */
	double planned_s;		/* Σ planned idle: bursts' idle, cool-down, thinktime */
	struct rpt_fig wait_share;
	struct rpt_fig nivcsw_per_s;
	struct rpt_fig added_mean_us;
	struct rpt_fig added_max_us;
	struct rpt_fig added_share;
	struct rpt_fig late_share;
	struct rpt_fig idle_share;
	struct rpt_fig time_share;
	struct rpt_fig drain_share;	/* fio's drain's share of the I/Os' time, % */
	struct rpt_fig drain_ios;	/* the I/Os fio's drain handed over */
	double drain_mean_pct;		/* what the drain added to the mean, %; NAN */
	bool drain_mean_marked;		/* the mean latency: fio's drain's */
	unsigned int drain_pct_marked;	/* bit k: the k-th of rpt_hostv_drain_pct[] fio's drain's */
	double drain_pct_moved[RPT_HOSTV_DRAIN_NPCT];	/* how far it moved each, %; NAN unknown */
	bool drain_pct_bound;		/* those are bounds, not the drained I/Os' own */
	double drain_us, drain_late;	/* what it held, µs; the I/Os it held RPT_HOST_LATE_US+ */
	char drain_reason[2 * RPT_WHY_LEN];	/* what the drain did, "" when it marks nothing */
	bool thr_marked;		/* MB/s, IOPS, efficiency: the host's */
	bool mean_marked;		/* the mean latency: the host's */
	bool bound;			/* host-bound: either of those */
	unsigned int pct_marked;	/* bit k: the k-th of rpt_hostv_pct[] marked */
	char reason[2 * RPT_WHY_LEN];	/* what the host did, against the thresholds */
	bool pace_said;			/* the engine's model_pace event was read */
	bool pace_kept;			/* and said the model kept its pace */
	double pace_share;		/* its host-added share of the service times, %; NAN */
	size_t nover;			/* intervals past the thresholds */
	struct rpt_host_spike *spike;	/* those intervals, each run of adjacent
					 * ones of a thread joined into one span */
	size_t nspikes;
	size_t spike_cap;
};

extern const double rpt_hostv_pct[RPT_HOSTV_NPCT];
extern const double rpt_hostv_drain_pct[RPT_HOSTV_DRAIN_NPCT];

/**
 * rpt_hostv_compute() - The verdict over the intervals of @h that lie in
 * [@t0_ms, @t1_ms] (their middle); every interval when the window is not
 * known (NAN).
 * @h: the host sidecar
 * @t0_ms: the job's active window, unix ms, or NAN
 * @t1_ms: its end, or NAN
 * @iodepth: the job's queue depth (1 when not known)
 * @ios: the job's I/Os (fio's latency samples), 0 when not known: the
 *       namespace's percentile rule
 * @v: the verdict; free with rpt_hostv_free()
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_hostv_compute(const struct rpt_host *h, double t0_ms, double t1_ms, double iodepth,
		      double ios, struct rpt_host_verdict *v);

/**
 * rpt_hostv_pace() - The engine's own word on the drive model's pace (its
 * model_pace event, docs/host.md: kept while the host added under 5 % to
 * the service times the model set) into @v; one not kept is said in the
 * verdict's line ("the drive model did not keep its pace: ..."), whether
 * or not the verdict's own thresholds mark a figure. Call after
 * rpt_hostv_compute().
 * @v: the verdict
 * @ev: the job thread's events, or NULL
 */
void rpt_hostv_pace(struct rpt_host_verdict *v, const struct rpt_events *ev);

/*
 * A job's latency distribution for the drain's percentiles: fio's buckets'
 * values (µs) and the share of the I/Os at or below each (report.h's
 * rpt_lat_cdf), over @ios I/Os of the directions @ddmask (1 << enum
 * rpt_ddir of each; 0: all).
 */
struct rpt_hostv_lat {
	const double *us, *le;
	size_t n;
	double ios;
	unsigned int ddmask;
};

/**
 * rpt_hostv_drain_pcts() - Which percentiles fio's drain moved, from the
 * job's latency distribution (RPT_MARK_DRAIN; docs/report.md, "fio's
 * drain"). Call after rpt_hostv_compute(), whose rule without a
 * distribution it replaces. With the drained I/Os listed (@pd, the job's
 * model_pace) exact to fio's buckets: percentile p is taken again with each
 * drained I/O at its latency less the drain's hold, and marked when it moved
 * by more than RPT_LAT_BIN_SHARE, the precision of fio's percentile (each of
 * rpt_hostv_drain_pct[]: the 99.999th and the maximum for the PTS cells). Without
 * the list, a bound: none moved when the drained I/Os' longest latency is
 * under the percentile's bucket, else the most the drain's I/Os could pull
 * it down (the percentile of drain_ios fewer I/Os).
 * @v: the verdict
 * @l: the distribution; NULL or empty leaves rpt_hostv_compute()'s marks
 * @pd: the job's model_pace's drain (its I/Os of @l's directions taken), or
 *      NULL (several threads, an older event)
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_hostv_drain_pcts(struct rpt_host_verdict *v, const struct rpt_hostv_lat *l,
			 const struct rpt_pace_drain *pd);

/**
 * rpt_hostv_read_group() - Read the host sidecars of every thread of group
 * @g (<prefix>_host.<N>.jsonl, the bw log's prefix first, then the job's
 * name) into one: their intervals side by side, as the verdict sums them.
 * @dir: the results directory
 * @prefix: the bw log's prefix, or NULL
 * @g: the group
 * @h: the intervals; free with rpt_host_free()
 * @why: when none could be read, why ("no host sidecar (looked for ...)")
 * @len: its size
 * @d: errors of bad lines
 *
 * Return: the sidecars read (0: none), or -ENOMEM.
 */
int rpt_hostv_read_group(const char *dir, const char *prefix, const struct rpt_fio_group *g,
			 struct rpt_host *h, char *why, size_t len, struct rpt_diag *d);

/**
 * rpt_hostv_not_measured() - A verdict of "host: not measured" and why.
 * @v: the verdict
 * @fmt: printf format of the reason
 */
void rpt_hostv_not_measured(struct rpt_host_verdict *v, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/**
 * rpt_hostv_pct_marked() - Whether the verdict marks percentile @p.
 * @v: the verdict
 * @p: a percentile (99, 99.99)
 *
 * Return: true when the host may have set it.
 */
bool rpt_hostv_pct_marked(const struct rpt_host_verdict *v, double p);

/**
 * rpt_hostv_drain_pct_marked() - Whether fio's drain moved percentile @p.
 * @v: the verdict
 * @p: one of rpt_hostv_drain_pct[] (99, 99.99, 100: the maximum); another
 *     is marked with the mean
 *
 * Return: true when the drain's held I/Os may have set it.
 */
bool rpt_hostv_drain_pct_marked(const struct rpt_host_verdict *v, double p);

/**
 * rpt_hostv_word() - The verdict in a word: "host-bound", "tail" (only
 * percentiles marked), "quiet", "not measured".
 * @v: the verdict
 *
 * Return: a static string.
 */
const char *rpt_hostv_word(const struct rpt_host_verdict *v);

/**
 * rpt_hostv_line() - The verdict in one line: "host-bound: ...", "host:
 * quiet (...)" or "host: not measured (...)", and when fio's drain marks a
 * figure, its reason after it ("; fio's end-of-job drain added X % to the
 * mean latency ...").
 * @v: the verdict
 * @buf: destination
 * @len: its size
 *
 * Return: @buf.
 */
char *rpt_hostv_line(const struct rpt_host_verdict *v, char *buf, size_t len);

/* The label of a spike's span on the time charts */
#define RPT_HOSTV_SPAN	"! host"

/**
 * rpt_hostv_spans() - The verdict's spikes as spans of the job's time
 * charts (RPT_HOSTV_SPAN), adjacent ones joined.
 * @v: the verdict
 * @tl: the job's timeline (of unix-ms logs; else nothing is added)
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_hostv_spans(const struct rpt_host_verdict *v, struct rpt_timeline *tl);

/**
 * rpt_hostv_free() - Free the spikes.
 * @v: NULL-safe
 */
void rpt_hostv_free(struct rpt_host_verdict *v);

#endif
