/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_PHASES_H
#define SSDQ_PHASES_H

#include <stddef.h>

#include "fill.h"

/*
 * The sustained levels of a fill curve, as a reviewer reads them off the
 * chart. The rule:
 *
 *   a level that differs from its neighbours by at least PHASE_MIN_DIFF
 *   (15 %) in speed and lasts at least PHASE_MIN_SHARE (2 %) of the bytes
 *   written, or PHASE_MIN_BYTES (16 GB), is its own phase; noise within a
 *   level is not.
 *
 * A level must also span two log samples (one sample is one average) and,
 * for a scaled drive model, the host's timing jitter (SLC_JITTER_MS of real
 * time), or the log cannot show it. How:
 *
 * 1. The curve from @from to its end is cut into m equal bins of bytes, at
 *    least 8 to the shortest phase and at most PHASE_MAX_BINS; a bin's value
 *    is the log of its time per byte, so noise and the 15 % are relative.
 * 2. The noise: the spread of the differences between neighbouring blocks
 *    of half the shortest phase, b bins (a robust MAD: neighbouring bins
 *    share log samples, and real curves wander), s. A boundary between
 *    levels n1 and n2 bins long whose means differ by d stands PHASE_MIN_T
 *    (4) standard errors out when d / (s sqrt(b (1/n1 + 1/n2))) >= 4.
 * 3. The best split into levels of at least the shortest phase each: least
 *    squares with a cost per level of 4² s² b (an optimal partition, by
 *    dynamic programming over the bins; a single change at a time, binary
 *    segmentation, misses a dip in the middle of a long level).
 * 4. Neighbouring levels are merged, the pair that passes least first,
 *    until every boundary passes all three: 15 % apart in speed (bytes /
 *    time, from the curve); 4 standard errors apart with the noise of the
 *    two levels themselves (as in 2, never less: a drive folding, 12 GB at
 *    600 MB/s then 1 GB at 80, is one noisy level, not its beats; a ramp is
 *    not noisy); and still PHASE_TRIM_DIFF (10 %) apart without the most
 *    telling b + 1 bins of either (a 7 GB dip padded to a 14 GB level by
 *    the shortest length is no level without the dip; a burst neither).
 */
#define PHASE_MIN_DIFF		0.15
#define PHASE_MIN_SHARE		0.02
#define PHASE_MIN_BYTES		16e9
#define PHASE_MIN_T		4.0
#define PHASE_MAX_BINS		2048

struct rpt_phase {
	double start_gb;
	double end_gb;
	double mbps;
};

/**
 * rpt_phases_find() - The phases of curve @c from byte @from to its end.
 * @c: a finished curve
 * @from: the first byte (0, or where the SLC cache ended)
 * @res_ms: the shortest time a level must last to be seen at all, real ms
 *          (two log samples; the host's jitter for a scaled model)
 * @p: on success, the phases in order, malloc'd (free() it)
 * @n: their number, at least 1 when @c has bytes after @from
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_phases_find(const struct rpt_fill_curve *c, double from, double res_ms,
		    struct rpt_phase **p, size_t *n);

#endif
