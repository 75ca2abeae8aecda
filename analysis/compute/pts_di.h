/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_PTS_DI_H
#define SSDQ_PTS_DI_H

/*
 * The demand-intensity ladder of the SNIA PTS's ECW (section 13) and DIRTH
 * (section 14) tests (docs/snia.md): fio runs in rounds, <test>-di-<N>.json
 * (or one run, <test>-di.json, as ssdq ran it before), each between-round
 * pre-writes at T32Q32 (job prewrite) and then jobs tTCqQD, the test's access
 * pattern at thread count TC x queue depth QD, the highest demand first,
 * repeated until the T32Q32 cell's write IOPS are steady; the ladder is the
 * last round's. Per
 * point its figures as a round's cell (pts_report.h: IOPS, response times,
 * W, IOPS/W) and its response-time histogram (fio's json+ bins); over the
 * ladder the points the PTS reports: the maximum IOPS, the optimal (the
 * most IOPS whose mean response time is within the ceiling), the mid (the
 * IOPS nearest halfway between the minimum's and the maximum's) and the
 * minimum (the lowest demand, T1Q1).
 */
#include <stddef.h>

#include "pts_report.h"

/* The response-time ceiling of the optimal point: 5 ms, mean response time. */
#define RPT_PTS_DI_CEILING_US	5000.0

enum rpt_pts_di_pick { RPT_DI_MAX, RPT_DI_OPTIMAL, RPT_DI_MID, RPT_DI_MIN, RPT_DI_NPICKS };

/*
 * The response-time histogram runs after the ladder (<test>-hist: jobs
 * maxiops, midiops, miniops, each after its pre-writes, job
 * <name>-prewrite), at the PTS's MaxIOPS point (ssdq's optimal: the most
 * IOPS within the ceiling; max when no point is), MidIOPS (mid) and
 * MinIOPS (min, T1Q1).
 */
enum rpt_pts_di_hrun { RPT_DI_HRUN_MAX, RPT_DI_HRUN_MID, RPT_DI_HRUN_MIN, RPT_DI_NHRUNS };

/**
 * struct rpt_pts_di_point - One TC x QD point of the ladder
 * @c: its figures (c.name: "t32q16")
 * @tc: thread count
 * @qd: queue depth per thread
 * @hist_us: the histogram's bins: each bin's upper bound, µs (json+ bins
 *        of the direction with the most I/Os)
 * @hist_share: the share of that direction's I/Os in each bin (sums to 1)
 * @nhist: bins
 * @hist_dir: "read" or "write": the direction the histogram is of; NULL
 *        without json+ bins
 */
struct rpt_pts_di_point {
	struct rpt_pts_cell c;
	unsigned int tc, qd;
	double *hist_us, *hist_share;
	size_t nhist;
	const char *hist_dir;
};

/**
 * struct rpt_pts_di - A test's demand-intensity ladder
 * @test: the -di run's index in the report's tests
 * @pt: its points, in the run's order (highest demand first)
 * @n: their number
 * @pick: the reported points' indices into @pt (enum rpt_pts_di_pick), -1
 *        where none qualifies (no point within the ceiling: no optimal)
 * @ceiling_us: the optimal point's response-time ceiling
 * @round: the ladder's rounds' indices in the report's tests, round 1 first
 *         (@test the last)
 * @nrounds: their number (1 for a ladder run once, <test>-di)
 * @t32: the T32Q32 cell's write IOPS per round (the tracking variable), NAN
 *       where a round lacks it
 * @prewrite: the between-round pre-writes' write IOPS per round, NAN where a
 *       round has none
 * @w: the steady-state window over @t32 (the last five rounds when none)
 * @steady: 1 steady, 0 not, -1 fewer rounds than a window
 * @hist_test: the histogram runs' index in the report's tests, (size_t)-1
 *        when there are none
 * @hrun: each histogram run's figures and histogram (enum rpt_pts_di_hrun;
 *        c.name the job: "maxiops"), @tc and @qd as the job ran (0: no
 *        such job)
 * @hrun_prewrite: the write IOPS of each one's pre-writes, NAN without
 * @hrun_at: the ladder point each one should run at (rpt_pts_di_hrun_point()),
 *        -1 none
 */
struct rpt_pts_di {
	size_t test;
	struct rpt_pts_di_point *pt;
	size_t n;
	int pick[RPT_DI_NPICKS];
	double ceiling_us;
	size_t *round;
	int nrounds;
	double *t32, *prewrite;
	struct rpt_pts_window w;
	int steady;
	size_t hist_test;
	struct rpt_pts_di_point hrun[RPT_DI_NHRUNS];
	double hrun_prewrite[RPT_DI_NHRUNS];
	int hrun_at[RPT_DI_NHRUNS];
};

/**
 * rpt_pts_di_build() - The ladder of report test @test.
 * @r: the report
 * @test: a <name>-di run
 * @out: the result; free with rpt_pts_di_free()
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_pts_di_build(const struct rpt_report *r, size_t test, struct rpt_pts_di **out);

/**
 * rpt_pts_di_build_rounds() - The ladder of a test run in rounds: the last
 * round's points (rpt_pts_di_build()), each round's tracking variable and
 * pre-writes, and the steady-state rule over the rounds.
 * @r: the report
 * @round: the rounds' indices in the report's tests, round 1 first, none
 *         missing
 * @nrounds: their number, at least 1
 * @out: the result; free with rpt_pts_di_free()
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_pts_di_build_rounds(const struct rpt_report *r, const size_t *round, int nrounds,
			    struct rpt_pts_di **out);

/**
 * rpt_pts_di_round_of() - The round of a ladder run in rounds: @name is
 * "<base>-di-<N>" (N from 1), or "<base>-di", a ladder run once (round 1).
 * @name: a test's name
 * @base: the test it is the ladder of ("ecw")
 *
 * Return: N, 1 for "<base>-di", 0 when @name is neither.
 */
int rpt_pts_di_round_of(const char *name, const char *base);

/**
 * rpt_pts_di_pick() - Set @di->pick from its points: max, the point of most
 * IOPS; optimal, of most IOPS whose mean response time is at most
 * @di->ceiling_us (none: -1); min, of the fewest outstanding I/Os (TC x QD;
 * the first of equals); mid, the IOPS nearest halfway between max's and
 * min's (the first of equals). Points without IOPS take no part.
 * @di: the ladder, its points and ceiling set
 */
void rpt_pts_di_pick(struct rpt_pts_di *di);

/**
 * rpt_pts_di_hrun_point() - The ladder point histogram run @k is to run at:
 * MaxIOPS the optimal pick (the max pick when no point is within the
 * ceiling), MidIOPS the mid pick, MinIOPS the min pick.
 * @di: the ladder, its picks made
 * @k: the run
 *
 * Return: an index into @di->pt, -1 when the ladder has none.
 */
int rpt_pts_di_hrun_point(const struct rpt_pts_di *di, enum rpt_pts_di_hrun k);

/**
 * rpt_pts_di_hrun_name() - "maxiops", "midiops" or "miniops": the job of run @k.
 * @k: the run
 *
 * Return: a static string.
 */
const char *rpt_pts_di_hrun_name(enum rpt_pts_di_hrun k);

/**
 * rpt_pts_di_add_hruns() - Read the histogram runs of report test @test
 * into @di (its hist_test, hrun, hrun_prewrite; hrun_at from its picks).
 * @r: the report
 * @test: a <name>-hist run
 * @di: the ladder
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_pts_di_add_hruns(const struct rpt_report *r, size_t test, struct rpt_pts_di *di);

/**
 * rpt_pts_di_free() - Free what rpt_pts_di_build() made; NULL-safe.
 * @di: the ladder
 */
void rpt_pts_di_free(struct rpt_pts_di *di);

/**
 * rpt_pts_di_pick_name() - "max", "optimal", "mid" or "min".
 * @k: the pick
 *
 * Return: a static string.
 */
const char *rpt_pts_di_pick_name(enum rpt_pts_di_pick k);

#endif
