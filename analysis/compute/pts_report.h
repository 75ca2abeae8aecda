/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_PTS_REPORT_H
#define SSDQ_PTS_REPORT_H

/*
 * What ssdq-report's SNIA PTS pages show of one drive (docs/snia.md): a
 * results directory whose tests are rounds, <test>-round-<N>.json
 * (rpt_input_pts_round()), as ssdq-run --suite snia writes them, and a
 * wsat.json. Per test: the tracking variables of every round (read as
 * ssdq-pts reads them, pts_track.h), the measurement window the PTS rule
 * names (pts_steady.h) and every cell's figures averaged over that
 * window's rounds: the PTS's IOPS, throughput and latency tables, with what
 * the PTS lacks beside them (power, efficiency, temperature). WSAT: IOPS
 * per period against the GB written since the drive was purged.
 *
 * A cell's figures per round come from the report's own jobs (report.h),
 * so power and temperature are the sidecars' over that cell's time, as
 * for every test: a mixed cell's directions add up (IOPS, MB/s), its
 * latency is their mean weighted by IOPS, its maximum and 99.999 % the
 * worse direction's. Over the window: the mean of the rounds' values, the
 * maximum latency and temperature the window's highest, the efficiency the
 * window's IOPS (MB/s) over its W. A figure null in
 * one of the window's rounds is null, with that round's reason.
 */

#include <stdbool.h>
#include <stddef.h>

#include "figure.h"
#include "pts_steady.h"
#include "pts_track.h"
#include "report.h"

struct rpt_pts_di;		/* pts_di.h */

#define RPT_PTS_TRACKS	2	/* the throughput test tracks its two cells */

enum rpt_pts_kind {
	RPT_PTS_K_IOPS,		/* PTS 7: mixes x block sizes */
	RPT_PTS_K_THROUGHPUT,	/* PTS 8: sequential read and write */
	RPT_PTS_K_LATENCY,	/* PTS 9: T1Q1, mean, max, 99.999 % */
	RPT_PTS_K_ECW,		/* PTS 13: rounds at T32Q32, then the ladder */
	RPT_PTS_K_DIRTH,	/* PTS 14: the same, with histograms */
	RPT_PTS_K_HIR,		/* PTS 11: host idle recovery's preconditioning */
	RPT_PTS_K_OTHER,	/* rounds of a test ssdq knows no rule for */
};

/**
 * struct rpt_pts_cell - One cell of a PTS test: its figures over the window
 * @name: the fio job: "r65-4k", "seq-write-128k"
 * @mix: its read share in %, -1 when its name does not say
 * @bs: its block size in bytes, 0 unknown
 * @iops: I/Os a second, both directions
 * @mbps: MB/s, both directions
 * @lat_mean_us: mean latency (the report's lat_kind)
 * @lat_max_us: the highest latency of the window (json+ bins)
 * @lat_p99999_us: the 99.999th percentile (json+ bins)
 * @power_w: mean power over the cell: on the drive model its own energy
 *        account (model_energy), on a drive the sampler's (null with the
 *        cell length that would give it when the sampler covers less)
 * @iops_per_w: @iops / @power_w
 * @mbps_per_w: @mbps / @power_w
 * @temp_max_c: the hottest composite temperature (SMART sidecar)
 * @throttled: in how many of the window's rounds the drive throttled over
 *        the cell (its SMART: thermal-management count or critical
 *        warning bit 1): its figures are a throttled drive's
 * @host_rounds: in how many of the window's rounds the cell's job was
 *        host-bound or had its tail marked (its host verdict,
 *        host_verdict.h); its figures then carry RPT_MARK_HOST as the
 *        job's did in any of those rounds (IOPS and MB/s and their
 *        efficiency from the throughput's mark, the mean from the mean's,
 *        the maximum and the 99.999th percentile from any percentile's or
 *        the mean's)
 * @host_why: the first such round's verdict: "round 3: host-bound: ..."
 * @drain_rounds: in how many of the window's rounds fio's end-of-job drain
 *        moved the cell's job's mean, maximum or 99.999th percentile (its
 *        host verdict's drain marks, host_verdict.h); each such figure then
 *        carries RPT_MARK_DRAIN
 * @drain_why: the first such round's drain reason: "round 2: fio's
 *        end-of-job drain added ..."
 */
struct rpt_pts_cell {
	char name[48];
	int mix;
	double bs;
	struct rpt_fig iops, mbps, lat_mean_us, lat_max_us, lat_p99999_us;
	struct rpt_fig power_w, iops_per_w, mbps_per_w, temp_max_c;
	int throttled;
	int host_rounds;
	char host_why[2 * RPT_WHY_LEN];
	int drain_rounds;
	char drain_why[2 * RPT_WHY_LEN + 16];
};

/* What a test's rounds found the volatile write cache at (write_cache events). */
enum rpt_pts_wc {
	RPT_PTS_WC_UNSEEN,	/* no write_cache event: an older engine */
	RPT_PTS_WC_UNKNOWN,	/* the drive could not be asked */
	RPT_PTS_WC_NONE,	/* the drive has none */
	RPT_PTS_WC_OFF,
	RPT_PTS_WC_ON,
	RPT_PTS_WC_MIXED,	/* on in some rounds, off in others */
};

/**
 * struct rpt_pts_header - A test's report header, as the PTS heads each
 * test, from its rounds and its preparation (<test>-prep: purge and WIPC)
 * @purge: the purge method the prep's erase_end names ("sanitize",
 *         "format", "deallocate", "model"), "" when no prep was found
 * @purge_is_pts: a PTS purge (sanitize, format, the model's whole erase);
 *         false for deallocation
 * @wipc_bs: the prep's wipc job's block size, bytes (0: no WIPC found)
 * @wipc_bytes: what it wrote (a scaled model's: the full drive's)
 * @wipc_capacity: @wipc_bytes over the drive's capacity
 * @write_cache: over the rounds
 * @refill: the rounds' data: fresh random buffers every I/O (refill_buffers)
 * @t0_us: the prep's (else round 1's) first event, unix µs; 0 unknown
 * @t1_us: the last round's last event
 */
struct rpt_pts_header {
	char purge[16];
	bool purge_is_pts;
	double wipc_bs, wipc_bytes, wipc_capacity;
	enum rpt_pts_wc write_cache;
	bool refill;
	double t0_us, t1_us;
};

/**
 * struct rpt_pts_test - One PTS test's rounds
 * @name: the rounds' name without "-round-N": "iops", "throughput-128k"
 * @kind: which PTS test
 * @round: indices of its rounds in the report's tests, round 1 first
 * @nrounds: how many ran (rounds 1 to @nrounds, none missing)
 * @track: its tracking variables (@ntracks)
 * @ntracks: 0 for RPT_PTS_K_OTHER
 * @y: each tracking variable's value per round
 * @w: the window of each, over the same rounds
 * @steady: 1 steady, 0 not (the last five rounds), -1 not judged (@why)
 * @host_bound: the rounds of the window one of whose cells' jobs was
 *        host-bound (its host verdict), bit n - @first for round n: the
 *        steady state was judged on the host's figures as much as the
 *        drive's there
 * @why: when @steady is not 1, what the page says
 * @first: the first round averaged (1-based)
 * @last: the last
 * @cell: the cells, in the order of the rounds' jobs
 * @ncells: their number
 * @cond: the test conditions its rounds ran at: threads, queue depth and
 *        active range of its jobs ("T4Q32, active range 100%"), "" when
 *        fio printed no options, "mixed" when its jobs differ
 * @pts_class: "enterprise" or "client" when an IOPS test ran at that
 *        class's outstanding I/O and active range (PTS-E T4Q32 100 %,
 *        PTS-C T2Q16 75 %), else NULL; the other tests take their drive's
 *        IOPS test's
 * @prep: its preparation's index in the report's tests (<name>-prep: its
 *        purge and WIPC), (size_t)-1 when there is none
 * @hdr: its report header
 * @nconv: cells of the convergence plots: the all-write cells (0/100) of
 *        every block size, largest first
 * @conv_cell: their indices into @cell
 * @conv_y: @nconv x @nrounds: each one's IOPS per round (the IOPS test),
 *        mean latency in µs (the latency test), MB/s (throughput); NAN
 *        where a round lacks it
 * @conv_max: the latency test's maximum latency, µs, likewise; else NULL
 * @di: its demand-intensity ladder (<name>-di: ECW, DIRTH), else NULL
 */
struct rpt_pts_test {
	char *name;
	enum rpt_pts_kind kind;
	size_t *round;
	int nrounds;
	struct rpt_pts_var track[RPT_PTS_TRACKS];
	int ntracks;
	double *y[RPT_PTS_TRACKS];
	struct rpt_pts_window w[RPT_PTS_TRACKS];
	int steady;
	unsigned int host_bound;
	char why[RPT_WHY_LEN];
	int first, last;
	struct rpt_pts_cell *cell;
	size_t ncells;
	char cond[64];
	const char *pts_class;
	size_t prep;
	struct rpt_pts_header hdr;
	size_t nconv;
	size_t *conv_cell;
	double *conv_y, *conv_max;
	struct rpt_pts_di *di;
};

/**
 * struct rpt_pts_wsat - Write saturation (PTS 10)
 * @test: its index in the report's tests
 * @gb: GB written since the purge at the end of each period (a scaled
 *      model's: the full drive's)
 * @iops: the period's IOPS, as measured
 * @min: minutes since the first period began at the end of each (a
 *      scaled model's: the full drive's, times the scale)
 * @n: periods
 * @capacity_gb: the drive's (full) user capacity, 0 unknown
 * @throttled: the drive throttled during the run (its SMART sidecar)
 * @throttle_ms: the SMART sample that first showed it (unix ms)
 * @throttle_gb: GB written at the end of the period holding that sample,
 *        NAN when none does
 * @throttle_from: that period's index: the IOPS from it on are a
 *        throttled drive's (until it came out, which SMART may not show)
 * @throttle_why: what the SMART sample showed
 * @why: when @n is 0, why
 */
struct rpt_pts_wsat {
	size_t test;
	double *gb, *iops, *min;
	size_t n;
	double capacity_gb;
	bool throttled;
	double throttle_ms, throttle_gb;
	size_t throttle_from;
	char throttle_why[160];
	char why[RPT_WHY_LEN];
};

struct rpt_pts_rec;

/**
 * struct rpt_pts - A drive's PTS tests
 * @t: its tests with rounds, in name order
 * @nt: their number
 * @has_wsat: a wsat.json is among its tests
 * @wsat: its figures
 * @rec: host idle and cross-stimulus recovery (pts_recovery.h), NULL without
 */
struct rpt_pts {
	struct rpt_pts_test *t;
	size_t nt;
	bool has_wsat;
	struct rpt_pts_wsat wsat;
	struct rpt_pts_rec *rec;
};

/**
 * rpt_pts_build() - The PTS tests of drive @d of @r.
 * @r: the report, its tests loaded
 * @d: one of its drives
 * @out: the result, or NULL when the drive holds no round; free with
 *       rpt_pts_free()
 *
 * Errors of single rounds (a round without its tracking cell, a log that
 * cannot be read) land in the figures' and the test's reasons.
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_pts_build(const struct rpt_report *r, const struct rpt_drive *d, struct rpt_pts **out);

/**
 * rpt_pts_free() - Free what rpt_pts_build() made; NULL-safe.
 * @p: the drive's PTS tests
 */
void rpt_pts_free(struct rpt_pts *p);

/**
 * rpt_pts_owns() - Whether the report's test @test is one of @p's rounds
 * (rounds 1 to nrounds of a test: not those after a missing one), a test's
 * preparation (purge and WIPC) or its WSAT run: the PTS pages show its figures, so the HTML and text reports
 * leave it out of the drive's ordinary tests and the comparisons (CSV and
 * JSON keep every test).
 * @p: a drive's PTS tests, NULL-safe
 * @test: an index into the report's tests
 *
 * Return: true if so.
 */
bool rpt_pts_owns(const struct rpt_pts *p, size_t test);

/**
 * rpt_pts_cells_of() - Cells' figures in one fio run, as a round's are read
 * (a mixed cell's directions added up; W the drive model's own account
 * where it has one), its events sidecars read once.
 * @r: the report
 * @test: the run's index in the report's tests
 * @c: the first cell: each one's name names its job; their figures are
 *     set, or null with why
 * @n: how many cells
 * @stride: bytes from one cell to the next (cells within larger structs)
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_pts_cells_of(const struct rpt_report *r, size_t test, struct rpt_pts_cell *c, size_t n,
		     size_t stride);

/**
 * rpt_pts_cell_of() - Job @name of test @t as one PTS cell (its directions
 * added up, as a round's cell: W the drive model's own account where the
 * test's events hold it, else the sampler's).
 * @t: a test of the report
 * @name: its job
 * @c: filled in; a figure the job lacks is null with why
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_pts_cell_of(const struct rpt_test *t, const char *name, struct rpt_pts_cell *c);

/**
 * rpt_pts_kind_title() - "IOPS", "Throughput", "Latency", "ECW", "DIRTH", "Host idle
 * recovery, preconditioning" or "Rounds".
 * @k: the kind
 *
 * Return: a static string.
 */
const char *rpt_pts_kind_title(enum rpt_pts_kind k);

#endif
