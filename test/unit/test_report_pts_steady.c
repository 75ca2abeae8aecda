// SPDX-License-Identifier: GPL-2.0-only
/*
 * The SNIA PTS steady-state rule (analysis/pts_steady.c) against hand
 * computations: rounds that converge at round 7, rounds that never
 * converge, that converge and then drift, noisy but flat, the bounds
 * themselves, and rounds the rule cannot judge.
 */
#include <errno.h>
#include <math.h>

#include "harness.h"

#include "input_kind.h"
#include "pts_steady.h"

/*
 * 4 KiB random write IOPS falling from fresh-out-of-box: window 2-6
 * (70 52 50 51 49 k) spans 21 k of 54.4 k, 39 %; window 3-7 (52 50 51 49 50 k):
 * average 50.4 k, range 3 k = 5.95 %, least-squares slope over x = 0..4:
 * sum (x - 2)(y - 50.4 k) = -2(1.6) - 1(-0.4) + 0 + 1(-1.4) + 2(-0.4) = -5.0 k,
 * over sum (x - 2)^2 = 10: -0.5 k a round, 2 k across the window = 3.97 %.
 */
TEST(converges_at_round_7)
{
	const double y[] = { 90e3, 70e3, 52e3, 50e3, 51e3, 49e3, 50e3 };
	struct rpt_pts_window w;

	CHECK_EQ_INT(rpt_pts_steady(y, 7, &w), 1);
	CHECK_EQ_INT(w.first, 3);
	CHECK_EQ_INT(w.last, 7);
	CHECK_NEAR(w.avg, 50.4e3, 1e-12);
	CHECK_NEAR(w.min, 49e3, 1e-12);
	CHECK_NEAR(w.max, 52e3, 1e-12);
	CHECK_NEAR(w.slope, -0.5e3, 1e-12);
	/* the line at x = 0: 50.4 k - (-0.5 k)(2) */
	CHECK_NEAR(w.intercept, 51.4e3, 1e-12);
	CHECK_NEAR(w.data_excursion, 3.0 / 50.4, 1e-12);
	CHECK_NEAR(w.slope_excursion, 2.0 / 50.4, 1e-12);
	CHECK(w.steady);

	/* the same rounds one short: no steady window yet */
	CHECK_EQ_INT(rpt_pts_steady(y, 6, &w), 0);
	CHECK_EQ_INT(w.first, 2);
	CHECK_EQ_INT(w.last, 6);
	CHECK_NEAR(w.data_excursion, 21.0 / 54.4, 1e-12);
	CHECK(!w.steady);
}

/*
 * 4 % less every round for 25 rounds: each window spans 1 - 0.96^4 = 15.1 %
 * of its first value, within the 20 %, but its line falls about as much:
 * the slope excursion (16 %) fails every window. The PTS ends at round 25
 * and reports the last five.
 */
TEST(never_converges)
{
	double y[RPT_PTS_MAX_ROUNDS];
	struct rpt_pts_window w;

	for (int i = 0; i < RPT_PTS_MAX_ROUNDS; i++)
		y[i] = 100e3 * pow(0.96, i);
	CHECK_EQ_INT(rpt_pts_steady(y, RPT_PTS_MAX_ROUNDS, &w), 0);
	CHECK_EQ_INT(w.first, 21);
	CHECK_EQ_INT(w.last, 25);
	CHECK(!w.steady);
	CHECK(w.data_excursion <= RPT_PTS_DATA_EXCURSION);
	CHECK(w.slope_excursion > RPT_PTS_SLOPE_EXCURSION);
	/* 0.96^0..4 over their mean: (1 - 0.84935) / 0.92237 */
	CHECK_NEAR(w.data_excursion, (1 - pow(0.96, 4)) /
		   ((1 + 0.96 + pow(0.96, 2) + pow(0.96, 3) + pow(0.96, 4)) / 5), 1e-9);
}

/*
 * Steady over rounds 3-7 (50 50 51 49 50 k), then falling 5 k a round: the
 * rule names the first steady window; the rounds after it drift out of any.
 * Window 2-6 (60 50 50 51 49 k) spans 11 k of 52 k, 21.2 %: not steady.
 */
TEST(converges_then_drifts)
{
	const double y[] = { 80e3, 60e3, 50e3, 50e3, 51e3, 49e3, 50e3, 45e3, 40e3, 35e3, 30e3 };
	struct rpt_pts_window w;

	CHECK_EQ_INT(rpt_pts_steady(y, 11, &w), 1);
	CHECK_EQ_INT(w.first, 3);
	CHECK_EQ_INT(w.last, 7);
	CHECK_NEAR(w.avg, 50e3, 1e-12);
	/* sum (x - 2)(y - 50 k) = -2(0) - 1(0) + 0 + 1(-1) + 2(0) = -1 k: -0.1 k a round */
	CHECK_NEAR(w.slope, -0.1e3, 1e-12);
	CHECK_EQ_INT(rpt_pts_window_at(y, 11, &w), 0);
	/* 50 45 40 35 30 k: range 20 k of 40 k */
	CHECK_NEAR(w.data_excursion, 0.5, 1e-12);
	CHECK_NEAR(w.slope, -5e3, 1e-12);
	CHECK(!w.steady);
	CHECK_EQ_INT(rpt_pts_window_at(y, 6, &w), 0);
	CHECK_NEAR(w.data_excursion, 11.0 / 52.0, 1e-12);
	CHECK(!w.steady);
}

/*
 * Noisy but flat: rounds alternating 9 % above and below 100 k span
 * 18 k of 101.8 k (17.7 %) in the first window, their line is flat
 * (sum (x - 2)(y - avg) = -2(7.2) - 1(-10.8) + 0 + 1(-10.8) + 2(7.2) = 0):
 * steady at once. At 11 % they span 22 k of 102.2 k, 21.5 %: never.
 */
TEST(noisy_but_flat)
{
	double y[12];
	struct rpt_pts_window w;

	for (int i = 0; i < 12; i++)
		y[i] = i % 2 ? 91e3 : 109e3;
	CHECK_EQ_INT(rpt_pts_steady(y, 12, &w), 1);
	CHECK_EQ_INT(w.first, 1);
	CHECK_NEAR(w.data_excursion, 18.0 / 101.8, 1e-12);
	CHECK(fabs(w.slope) < 1e-6);
	for (int i = 0; i < 12; i++)
		y[i] = i % 2 ? 89e3 : 111e3;
	CHECK_EQ_INT(rpt_pts_steady(y, 12, &w), 0);
	/* the last window, rounds 8-12: 89 111 89 111 89 k */
	CHECK_EQ_INT(w.first, 8);
	CHECK_NEAR(w.data_excursion, 22.0 / ((2 * 111.0 + 3 * 89.0) / 5), 1e-12);
}

/*
 * On the bounds: a range of exactly 20 % of the average holds, and so does a
 * line rising exactly 10 % across the window.
 */
TEST(bounds_hold)
{
	/* 90 110 100 100 100: average 100, range 20; slope: -2(-10) - 1(10) = 10 / 10 = 1 a round */
	const double range[] = { 90, 110, 100, 100, 100 };
	/* 95 97.5 100 102.5 105: average 100, slope 2.5 a round, 10 across, range 10 */
	const double line[] = { 95, 97.5, 100, 102.5, 105 };
	/* 94.5 97.25 100 102.75 105.5: 11 across */
	const double steep[] = { 94.5, 97.25, 100, 102.75, 105.5 };
	struct rpt_pts_window w;

	CHECK_EQ_INT(rpt_pts_steady(range, 5, &w), 1);
	CHECK_NEAR(w.data_excursion, 0.20, 1e-12);
	CHECK_NEAR(w.slope, 1.0, 1e-12);
	CHECK_EQ_INT(rpt_pts_steady(line, 5, &w), 1);
	CHECK_NEAR(w.slope_excursion, 0.10, 1e-12);
	CHECK_EQ_INT(rpt_pts_steady(steep, 5, &w), 0);
	CHECK_NEAR(w.slope_excursion, 0.11, 1e-12);
}

TEST(refused)
{
	const double few[] = { 1, 1, 1, 1 };
	struct rpt_pts_window w;

	CHECK_EQ_INT(rpt_pts_steady(few, 4, &w), -EINVAL);
	CHECK_EQ_INT(rpt_pts_window_at(few, 4, &w), -EINVAL);
}

/*
 * A round at zero (the cell did no I/O) or with no number fails the windows
 * it falls in, and only those: round 3 of 5, 5, 0, 5, 5, 5, 5, 5 is in the
 * windows ending at rounds 5, 6 and 7; the one of rounds 4-8 is steady.
 */
TEST(zero_round)
{
	const double idle[] = { 5, 5, 0, 5, 5, 5, 5, 5 };
	const double nan_round[] = { 5, 5, NAN, 5, 5, 5, 5, 5 };
	struct rpt_pts_window w;

	CHECK_EQ_INT(rpt_pts_steady(idle, 5, &w), 0);
	CHECK_EQ_INT(w.zero_round, 3);
	CHECK(!w.steady);
	CHECK_NEAR(w.avg, 4.0, 1e-12);
	CHECK_EQ_INT(rpt_pts_steady(idle, 7, &w), 0);
	CHECK_EQ_INT(w.first, 3);
	CHECK_EQ_INT(w.zero_round, 3);
	CHECK_EQ_INT(rpt_pts_steady(idle, 8, &w), 1);
	CHECK_EQ_INT(w.first, 4);
	CHECK_EQ_INT(w.last, 8);
	CHECK_EQ_INT(w.zero_round, 0);
	CHECK_EQ_INT(rpt_pts_steady(nan_round, 7, &w), 0);
	CHECK_EQ_INT(w.zero_round, 3);
	CHECK_EQ_INT(rpt_pts_steady(nan_round, 8, &w), 1);
	CHECK_EQ_INT(w.first, 4);
}

/*
 * The 25-round cap: 28 rounds, falling 4 % a round to round 25 and flat
 * after it, have steady windows only past the PTS's last round (24-28:
 * 24's value then 25's four times, 4 % apart): not steady, over rounds
 * 21-25, not "steady 24-28".
 */
TEST(cap_at_25)
{
	double y[28];
	struct rpt_pts_window w;

	for (int i = 0; i < 28; i++)
		y[i] = 100e3 * pow(0.96, i < 25 ? i : 24);
	CHECK_EQ_INT(rpt_pts_steady(y, 28, &w), 0);
	CHECK_EQ_INT(w.first, 21);
	CHECK_EQ_INT(w.last, 25);
	CHECK(!w.steady);
	CHECK_EQ_INT(rpt_pts_window_at(y, 28, &w), 0);
	CHECK(w.steady);	/* a window the rule would hold, past the cap */
}

/*
 * Two variables (the throughput test's read and write cells): read is
 * steady from rounds 1-5 on, write (the converges_at_round_7 series) only
 * from 3-7; both windows are 3-7, read's own average over it. Then a write
 * that never settles keeps both unsteady, each window the last five.
 */
TEST(several_variables)
{
	const double rd[] = { 100, 101, 99, 100, 100, 102, 98 };
	const double wr[] = { 90e3, 70e3, 52e3, 50e3, 51e3, 49e3, 50e3 };
	const double fall[] = { 100, 90, 80, 70, 60, 50, 40 };
	const double *y[2] = { rd, wr };
	struct rpt_pts_window w[2];

	CHECK_EQ_INT(rpt_pts_steady(rd, 7, &w[0]), 1);
	CHECK_EQ_INT(w[0].first, 1);
	CHECK_EQ_INT(rpt_pts_steady_all(y, 2, 7, w), 1);
	CHECK_EQ_INT(w[0].first, 3);
	CHECK_EQ_INT(w[0].last, 7);
	CHECK_EQ_INT(w[1].first, 3);
	CHECK_NEAR(w[0].avg, (99 + 100 + 100 + 102 + 98) / 5.0, 1e-12);
	CHECK_NEAR(w[1].avg, 50.4e3, 1e-9);
	CHECK(w[0].steady && w[1].steady);

	y[1] = fall;
	CHECK_EQ_INT(rpt_pts_steady_all(y, 2, 7, w), 0);
	CHECK_EQ_INT(w[0].first, 3);
	CHECK_EQ_INT(w[1].last, 7);
	CHECK(w[0].steady);
	CHECK(!w[1].steady);
	CHECK_EQ_INT(rpt_pts_steady_all(y, 0, 7, w), -EINVAL);
}

/* The rounds' names ssdq-run --suite snia gives, and names that are none. */
TEST(round_names)
{
	char base[32];

	CHECK_EQ_INT(rpt_input_pts_round("iops-round-3", base, sizeof(base)), 3);
	CHECK_STREQ(base, "iops");
	CHECK_EQ_INT(rpt_input_pts_round("throughput-128k-round-25", base, sizeof(base)), 25);
	CHECK_STREQ(base, "throughput-128k");
	CHECK_EQ_INT(rpt_input_pts_round("wsat", base, sizeof(base)), 0);
	CHECK_EQ_INT(rpt_input_pts_round("iops-round", base, sizeof(base)), 0);
	CHECK_EQ_INT(rpt_input_pts_round("iops-round-", base, sizeof(base)), 0);
	CHECK_EQ_INT(rpt_input_pts_round("iops-round-0", base, sizeof(base)), 0);
	CHECK_EQ_INT(rpt_input_pts_round("iops-round-2x", base, sizeof(base)), 0);
	CHECK_EQ_INT(rpt_input_pts_round("-round-2", base, sizeof(base)), 0);
	CHECK_EQ_INT(rpt_input_pts_round("iops-1", base, sizeof(base)), 0);
	/* a base that does not fit is no round */
	CHECK_EQ_INT(rpt_input_pts_round("a-long-test-name-round-1", base, 8), 0);
}

int main(void)
{
	RUN(converges_at_round_7);
	RUN(never_converges);
	RUN(converges_then_drifts);
	RUN(noisy_but_flat);
	RUN(bounds_hold);
	RUN(refused);
	RUN(zero_round);
	RUN(cap_at_25);
	RUN(several_variables);
	RUN(round_names);
	return harness_main();
}
