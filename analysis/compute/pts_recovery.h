/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_PTS_RECOVERY_H
#define SSDQ_PTS_RECOVERY_H

/*
 * The SNIA PTS recovery tests of one drive (docs/snia.md), for ssdq-report's
 * PTS pages: host idle recovery (HIR, PTS 11: hir.json, after its
 * preconditioning rounds hir-round-N) and cross-stimulus recovery (XSR,
 * PTS 12: xsr.json).
 *
 * HIR: each wait state and return to baseline is a job of bursts (the
 * engine's ssdq_burst_time segments); a segment's IOPS are its I/Os over its
 * time, from the events sidecar (burst_start, burst_end); the idle after
 * each is the measured one. XSR: each access group is a job; its MB/s per
 * period from its bw log (xsr_bw.<N>.log), its steady level the median of
 * its last quarter, its recovery time from the group's start to the first
 * five periods that hold to the PTS's steady-state rule at that level (their
 * average within 20 % of it). Times are a scaled
 * model's full drive's (times the scale). Each phase and group is also a
 * PTS cell (rpt_pts_cell_of()): its W the drive model's own account where
 * the events hold it, else the sampler's.
 */

#include <stdbool.h>
#include <stddef.h>

#include "pts_report.h"

#define RPT_XSR_GROUPS	3		/* SEQ 1024 KiB, RND 8 KiB, SEQ 1024 KiB */
#define RPT_XSR_BAND	0.20		/* a window's average within this share of the level */

/**
 * struct rpt_pts_hir - Host idle recovery (PTS 11)
 * @test: hir.json's index in the report's tests
 * @phase: each wait state and return to baseline (the jobs with segments,
 *         in order) as a cell: @phase[i].iops the segments' I/Os over their
 *         write time; iops_per_w the phase's I/Os per joule (its I/Os over
 *         its whole time, idle too, over its mean W)
 * @idle_s: per phase, the mean idle after a segment, seconds (the full
 *          drive's); 0 for a return to baseline
 * @nphase: phases
 * @t_min: per segment, its start in minutes since the first segment began
 * @iops: per segment, its IOPS
 * @seg_phase: per segment, its phase
 * @n: segments
 * @steady_iops: the preconditioning rounds' window average (test hir's
 *               tracking variable), NAN without
 * @why: when @n is 0, why
 */
struct rpt_pts_hir {
	size_t test;
	struct rpt_pts_cell *phase;
	double *idle_s;
	size_t nphase;
	double *t_min, *iops;
	size_t *seg_phase;
	size_t n;
	double steady_iops;
	char why[RPT_WHY_LEN];
};

/**
 * struct rpt_pts_xsr - Cross-stimulus recovery (PTS 12)
 * @test: xsr.json's index in the report's tests
 * @group: the access groups as cells (MB/s, response times, W, MB/s/W)
 * @ngroup: how many ran (at most RPT_XSR_GROUPS)
 * @level_mbps: each group's steady level, MB/s
 * @recovery_min: minutes from a group's start to its steady level; NAN for
 *                the first (no stimulus before it) or one that never
 *                reached it (@rec_why)
 * @rec_why: per group, why @recovery_min is NAN
 * @t_min: per period, its start in minutes since the first group began
 * @mbps: per period, MB/s
 * @seg_group: per period, its group
 * @n: periods
 * @why: when @n is 0, why
 */
struct rpt_pts_xsr {
	size_t test;
	struct rpt_pts_cell group[RPT_XSR_GROUPS];
	size_t ngroup;
	double level_mbps[RPT_XSR_GROUPS];
	double recovery_min[RPT_XSR_GROUPS];
	char rec_why[RPT_XSR_GROUPS][96];
	double *t_min, *mbps;
	size_t *seg_group;
	size_t n;
	char why[RPT_WHY_LEN];
};

/** struct rpt_pts_rec - A drive's recovery tests; has_* false where it ran none */
struct rpt_pts_rec {
	bool has_hir, has_xsr;
	struct rpt_pts_hir hir;
	struct rpt_pts_xsr xsr;
};

/*
 * The catalogue's RPT_OF_PTS rows a host idle recovery phase and a
 * cross-stimulus recovery access group are printed with (each list ends
 * with NULL): what the recovery pages, the JSON and the results library
 * hold of them.
 */
extern const char *const rpt_pts_hir_keys[];
extern const char *const rpt_pts_xsr_keys[];

/**
 * struct rpt_pts_rec_figs - A recovery test's own figures of one phase or
 * access group, beside its cell's
 * @idle_s: a host idle recovery phase's mean idle after each of its
 *          segments, seconds (the full drive's): @h->idle_s[phase], 0 for a
 *          return to baseline (the catalogue's RPT_OF_HIR row)
 * @level_mbps: a cross-stimulus recovery access group's steady level, MB/s;
 *              null with why when too few periods (RPT_OF_XSR)
 * @recovery_min: its minutes from its start to its steady level; null with
 *                why: the first group, or one that never reached it
 *                (RPT_OF_XSR)
 */
struct rpt_pts_rec_figs {
	struct rpt_fig idle_s, level_mbps, recovery_min;
};

/**
 * rpt_pts_hir_figs() - Phase @phase of @h as its catalogue figures (@idle_s;
 * the others zero).
 * @h: host idle recovery
 * @phase: below @h->nphase
 * @out: filled
 */
void rpt_pts_hir_figs(const struct rpt_pts_hir *h, size_t phase, struct rpt_pts_rec_figs *out);

/**
 * rpt_pts_xsr_figs() - Access group @g of @x as its catalogue figures
 * (@level_mbps, @recovery_min; @idle_s zero).
 * @x: cross-stimulus recovery
 * @g: below @x->ngroup
 * @out: filled
 */
void rpt_pts_xsr_figs(const struct rpt_pts_xsr *x, size_t g, struct rpt_pts_rec_figs *out);

/**
 * rpt_pts_rec_build() - The recovery tests of drive @d.
 * @r: the report, its tests loaded
 * @d: one of its drives
 * @p: its PTS rounds so far (for HIR's preconditioning level)
 * @out: the result, or NULL when the drive ran neither; free with
 *       rpt_pts_rec_free()
 *
 * A log or sidecar that cannot be read makes the figures null, with why.
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_pts_rec_build(const struct rpt_report *r, const struct rpt_drive *d,
		      const struct rpt_pts *p, struct rpt_pts_rec **out);

/**
 * rpt_pts_rec_owns() - Whether test @test is HIR's or XSR's run.
 * @rec: NULL-safe
 * @test: an index into the report's tests
 *
 * Return: true if so.
 */
bool rpt_pts_rec_owns(const struct rpt_pts_rec *rec, size_t test);

/** rpt_pts_rec_free() - Free what rpt_pts_rec_build() made; NULL-safe. */
void rpt_pts_rec_free(struct rpt_pts_rec *rec);

#endif
