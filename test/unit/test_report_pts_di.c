// SPDX-License-Identifier: GPL-2.0-only
/*
 * The points the SNIA PTS reports of a demand-intensity ladder
 * (analysis/compute/pts_di.c, rpt_pts_di_pick()) against ladders worked by
 * hand: max, optimal within the response-time ceiling, mid and min; no
 * point within the ceiling; points without IOPS; ties. The ladder's
 * rounds by name (rpt_pts_di_round_of()).
 */
#include <string.h>

#include "harness.h"

#include "pts_di.h"

/* A point tTCqQD with @iops (< 0: null) and mean response time @lat_us. */
static void point(struct rpt_pts_di_point *p, unsigned int tc, unsigned int qd, double iops,
		  double lat_us)
{
	memset(p, 0, sizeof(*p));
	snprintf(p->c.name, sizeof(p->c.name), "t%uq%u", tc, qd);
	p->tc = tc;
	p->qd = qd;
	if (iops >= 0)
		rpt_fig_set(&p->c.iops, iops);
	else
		rpt_fig_null(&p->c.iops, "no I/O");
	rpt_fig_set(&p->c.lat_mean_us, lat_us);
}

/*
 * A drive that saturates at 70 k IOPS: T4Q32 gives the most (71 k) at
 * 1.8 ms, T32Q32 68 k at 15 ms (over the 5 ms ceiling), T8Q8 69.5 k at
 * 0.9 ms; T1Q1 12 k at 83 µs. Max: T4Q32; optimal: T4Q32 too (1.8 ms is
 * within 5 ms); halfway (71 + 12) / 2 = 41.5 k: T2Q4's 40 k (1.5 k off)
 * before T1Q4's 44 k (2.5 k off); min: T1Q1.
 */
TEST(saturating_drive)
{
	struct rpt_pts_di_point pt[6];
	struct rpt_pts_di di = { .pt = pt, .n = 6, .ceiling_us = 5000 };

	point(&pt[0], 32, 32, 68e3, 15000);
	point(&pt[1], 8, 8, 69.5e3, 900);
	point(&pt[2], 4, 32, 71e3, 1800);
	point(&pt[3], 2, 4, 40e3, 200);
	point(&pt[4], 1, 4, 44e3, 90);
	point(&pt[5], 1, 1, 12e3, 83);
	rpt_pts_di_pick(&di);
	CHECK_EQ_INT(di.pick[RPT_DI_MAX], 2);
	CHECK_EQ_INT(di.pick[RPT_DI_OPTIMAL], 2);
	CHECK_EQ_INT(di.pick[RPT_DI_MID], 3);
	CHECK_EQ_INT(di.pick[RPT_DI_MIN], 5);
	CHECK(!strcmp(rpt_pts_di_pick_name(RPT_DI_OPTIMAL), "optimal"));
}

/* The most IOPS only past the ceiling: optimal is the best within it. */
TEST(optimal_below_the_ceiling)
{
	struct rpt_pts_di_point pt[4];
	struct rpt_pts_di di = { .pt = pt, .n = 4, .ceiling_us = 5000 };

	point(&pt[0], 32, 32, 90e3, 11000);
	point(&pt[1], 16, 16, 80e3, 5000.0);	/* at the ceiling: within */
	point(&pt[2], 8, 8, 85e3, 5000.5);
	point(&pt[3], 1, 1, 10e3, 100);
	rpt_pts_di_pick(&di);
	CHECK_EQ_INT(di.pick[RPT_DI_MAX], 0);
	CHECK_EQ_INT(di.pick[RPT_DI_OPTIMAL], 1);
	/* halfway (90 + 10) / 2 = 50 k: 80 k is 30 k off, 85 k 35 k, 10 k 40 k */
	CHECK_EQ_INT(di.pick[RPT_DI_MID], 1);
	CHECK_EQ_INT(di.pick[RPT_DI_MIN], 3);
}

/* Every point over the ceiling: no optimal; a point without IOPS is left out. */
TEST(none_within_the_ceiling)
{
	struct rpt_pts_di_point pt[3];
	struct rpt_pts_di di = { .pt = pt, .n = 3, .ceiling_us = 50 };

	point(&pt[0], 2, 2, -1, 10);	/* no I/O: not even the min */
	point(&pt[1], 4, 4, 30e3, 500);
	point(&pt[2], 8, 8, 31e3, 900);
	rpt_pts_di_pick(&di);
	CHECK_EQ_INT(di.pick[RPT_DI_OPTIMAL], -1);
	CHECK_EQ_INT(di.pick[RPT_DI_MAX], 2);
	CHECK_EQ_INT(di.pick[RPT_DI_MIN], 1);
	/* halfway 30.5 k: both 0.5 k off, the first of equals */
	CHECK_EQ_INT(di.pick[RPT_DI_MID], 1);
}

/* No point with IOPS: nothing picked. */
TEST(nothing_to_pick)
{
	struct rpt_pts_di_point pt[1];
	struct rpt_pts_di di = { .pt = pt, .n = 1, .ceiling_us = 5000 };

	point(&pt[0], 1, 1, -1, 0);
	rpt_pts_di_pick(&di);
	for (int k = 0; k < RPT_DI_NPICKS; k++)
		CHECK_EQ_INT(di.pick[k], -1);
}

/*
 * The ladder's rounds by name: <base>-di-<N> is round N, <base>-di (a
 * ladder run once) round 1; anything else, another test's ladder or a
 * preconditioning round, none.
 */
TEST(ladder_round_names)
{
	CHECK_EQ_INT(rpt_pts_di_round_of("ecw-di", "ecw"), 1);
	CHECK_EQ_INT(rpt_pts_di_round_of("ecw-di-1", "ecw"), 1);
	CHECK_EQ_INT(rpt_pts_di_round_of("ecw-di-3", "ecw"), 3);
	CHECK_EQ_INT(rpt_pts_di_round_of("dirth-di-25", "dirth"), 25);
	CHECK_EQ_INT(rpt_pts_di_round_of("ecw-di-3", "dirth"), 0);
	CHECK_EQ_INT(rpt_pts_di_round_of("ecw-round-3", "ecw"), 0);
	CHECK_EQ_INT(rpt_pts_di_round_of("ecw-di-0", "ecw"), 0);
	CHECK_EQ_INT(rpt_pts_di_round_of("ecw-di-", "ecw"), 0);
	CHECK_EQ_INT(rpt_pts_di_round_of("ecw-di-3a", "ecw"), 0);
	CHECK_EQ_INT(rpt_pts_di_round_of("ecw-dix", "ecw"), 0);
	CHECK_EQ_INT(rpt_pts_di_round_of("ecw-hist", "ecw"), 0);
}

int main(void)
{
	RUN(saturating_drive);
	RUN(optimal_below_the_ceiling);
	RUN(none_within_the_ceiling);
	RUN(nothing_to_pick);
	RUN(ladder_round_names);
	return harness_main();
}
