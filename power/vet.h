/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_POWER_VET_H
#define SSDQ_POWER_VET_H

/*
 * Power readings checked at the door. Each source gets a plausible range,
 * 0 to a maximum: the one configured (ssdq_power_max), else the drive's
 * own power-state table (the highest MP) times SSDQ_POWER_MARGIN, else
 * SSDQ_POWER_DEFAULT_MAX_W. A reading outside it is not written; a source
 * that gives no reading in range for SSDQ_SILENT_PERIODS sampler periods
 * (at least SSDQ_SILENT_MIN_US) is silent, or unparsable when it printed
 * only lines that are not readings. The sampler records each as a power
 * gap, with a warning, while the run goes on. Pure bookkeeping: the caller
 * passes the times, so tests need no clock.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "source.h"

#define SSDQ_POWER_MARGIN		2.0
#define SSDQ_POWER_DEFAULT_MAX_W	100.0
#define SSDQ_SILENT_PERIODS		5
#define SSDQ_SILENT_MIN_US		1000000

/**
 * struct ssdq_vet - the checks of one source
 * @max_w: readings above this are refused
 * @silent_us: no reading in range for this long is a gap
 * @last_ok: monotonic time of the last reading in range (or of the start)
 * @refused: readings refused since the last read that had none
 * @first_bad: the first of them
 * @refused_read: readings refused in the read being judged
 * @unparsed: the source's count of unparsable lines at the last good reading
 * @why: why the source is in a gap, for the event and the warning
 */
struct ssdq_vet {
	double max_w;
	int64_t silent_us;
	int64_t last_ok;
	unsigned long refused;
	double first_bad;
	unsigned long refused_read;
	unsigned long unparsed;
	char why[256];
};

/**
 * ssdq_vet_init() - Set up the checks of one source.
 * @max_w: the range's top (W)
 * @step_us: how often the sampler reads the source
 * @now_us: monotonic time now
 */
void ssdq_vet_init(struct ssdq_vet *v, double max_w, int64_t step_us, int64_t now_us);

/**
 * ssdq_vet_sample() - Check one reading.
 *
 * Return: true to keep it, false when it is outside the range (@v->why
 * says which reading and the range).
 */
bool ssdq_vet_sample(struct ssdq_vet *v, const struct ssdq_sample *x);

/**
 * ssdq_vet_read() - Judge the source after one read.
 * @src: the source (its unparsable-line count is looked at)
 * @kept: readings of this read that ssdq_vet_sample() kept
 * @now_us: monotonic time now
 *
 * Return: 1 when the read gave readings, all in range (a gap, if any,
 * ends), 0 when there is nothing to say (the state stays), or a gap with
 * @v->why saying why: -ERANGE (a reading of this read was refused),
 * -EBADMSG (only unparsable lines for @v->silent_us), -ETIME (no reading
 * for @v->silent_us).
 */
int ssdq_vet_read(struct ssdq_vet *v, const struct ssdq_source *src, int kept, int64_t now_us);

/**
 * ssdq_power_bound() - The top of the plausible range for a drive's power.
 * @configured: a configured maximum in W, or 0 for none
 * @ctrl_fd: the drive's controller node, or -1
 * @how: what the bound came from, for the events file
 * @howlen: size of @how
 *
 * Return: watts.
 */
double ssdq_power_bound(double configured, int ctrl_fd, char *how, size_t howlen);

#endif
