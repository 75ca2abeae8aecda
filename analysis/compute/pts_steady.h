/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_PTS_STEADY_H
#define SSDQ_PTS_STEADY_H

/*
 * Steady state by the rule of the SNIA Solid State Storage Performance Test
 * Specification (PTS) v2.0.2, section 3 ("Steady State"): a test repeats
 * rounds of its workload and follows one tracking variable per round (the
 * IOPS test: 4 KiB random write IOPS; throughput: the MB/s of its block
 * size; latency: 4 KiB random write mean response time). Steady state is
 * reached at the first measurement window of RPT_PTS_WINDOW consecutive
 * rounds in which
 *   - the data excursion, max(y) - min(y), is at most 20 % of the window's
 *     average y, and
 *   - the slope excursion, the rise or fall of the window's least-squares
 *     line across it, |slope| x (RPT_PTS_WINDOW - 1), is at most 10 % of
 *     that average.
 * A test that reaches no such window by RPT_PTS_MAX_ROUNDS rounds ends
 * there, not at steady state; the PTS then reports its last five rounds.
 */

#include <stdbool.h>
#include <stddef.h>

#define RPT_PTS_WINDOW		5
#define RPT_PTS_MAX_ROUNDS	25
/* max(y) - min(y) in the window, as a share of its average y */
#define RPT_PTS_DATA_EXCURSION	0.20
/* the fitted line's rise or fall across the window, as a share of its average */
#define RPT_PTS_SLOPE_EXCURSION	0.10

/**
 * struct rpt_pts_window - A measurement window of the steady-state rule
 * @first: its first round, 1-based as the PTS counts rounds
 * @last: its last round, 1-based
 * @avg: the tracking variable's average over the window
 * @min: its least value in the window
 * @max: its greatest value in the window
 * @slope: the least-squares line's slope, per round
 * @intercept: the line's value at round @first
 * @data_excursion: (@max - @min) / @avg
 * @slope_excursion: |@slope| x (rounds - 1) / @avg
 * @zero_round: the window's first round with no value above 0 (a round
 *              that did no I/O), 0 none: such a window is not steady
 * @steady: both excursions within the rule's bounds, and no zero round
 */
struct rpt_pts_window {
	int first, last;
	double avg, min, max, slope, intercept;
	double data_excursion, slope_excursion;
	int zero_round;
	bool steady;
};

/**
 * rpt_pts_window_at() - The rule applied to the window ending at a round
 * @y: the tracking variable of every round, round 1 first
 * @last: the window's last round, 1-based, at least RPT_PTS_WINDOW
 * @w: filled in
 *
 * A round whose value is not a finite number above 0 (a round that did no
 * I/O) fails this window (@w->zero_round names it; taken as 0 in the
 * figures), and only the windows it falls in.
 *
 * Return: 0, or -EINVAL when @last is out of range.
 */
int rpt_pts_window_at(const double *y, int last, struct rpt_pts_window *w);

/**
 * rpt_pts_steady() - The first window in which the rule holds
 * @y: the tracking variable of every round, round 1 first
 * @n: how many rounds ran
 * @w: the first steady window; when none is, the window of the last five
 *     rounds (the PTS reports it), @w->steady false
 *
 * A run may have gone on past its steady window (rounds asked for by
 * number): the first steady window is the one the rule names. Rounds past
 * RPT_PTS_MAX_ROUNDS are not looked at: the PTS ends a test there, so 28
 * rounds with no steady window among the first 25 are not steady, over
 * rounds 21-25.
 *
 * Return: 1 steady, 0 not (yet), -EINVAL when fewer than RPT_PTS_WINDOW
 * rounds ran.
 */
int rpt_pts_steady(const double *y, int n, struct rpt_pts_window *w);

/**
 * rpt_pts_steady_all() - The first window in which the rule holds for every
 * one of several tracking variables at once (the throughput test tracks
 * both its cells); a variable's own first steady window may come earlier.
 * @y: @nv series, each of @n rounds, round 1 first
 * @nv: how many variables, at least 1
 * @n: how many rounds ran
 * @w: @nv windows, one per variable, all over the same rounds: the first
 *     in which every variable is steady; when none is, the last five rounds
 *     (of at most RPT_PTS_MAX_ROUNDS, as rpt_pts_steady())
 *
 * Return: 1 steady, 0 not (yet), -EINVAL when @nv < 1 or fewer than
 * RPT_PTS_WINDOW rounds ran.
 */
int rpt_pts_steady_all(const double *const *y, int nv, int n, struct rpt_pts_window *w);

#endif /* SSDQ_PTS_STEADY_H */
