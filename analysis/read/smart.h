/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_SMART_H
#define SSDQ_SMART_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "figure.h"

/*
 * The SMART/health sidecar, <prefix>_smart.<N>.jsonl (power/smart_log.h):
 * one object per sample with "time_us", "composite_temp_c",
 * "critical_warning" and the thermal management counters. Version 2
 * ("version": 2 in each line) names them as nvme-cli's smart-log does:
 * "thm_temp1_trans_count", "thm_temp2_trans_count", "thm_temp1_total_time",
 * "thm_temp2_total_time"; version 1 (no "version") as
 * "thermal_mgmt_t1_transitions", "thermal_mgmt_t2_transitions",
 * "thermal_mgmt_t1_time_s", "thermal_mgmt_t2_time_s". Both are read. A
 * value the drive did not report is NAN.
 */

/* The newest SMART log version this reader knows. */
#define RPT_SMART_VERSION	2
struct rpt_smart_sample {
	double t_ms;		/* unix ms */
	double temp_c;
	double cw;		/* critical warning bits */
	double tmt1, tmt2;	/* thermal management transitions */
	double tmt1_s, tmt2_s;	/* seconds spent in thermal management */
	double du_written;	/* data_units_written (512 000 B units), NAN */
	double media_written;	/* the OCP C0h log's physical_media_units_written
				 * (bytes), NAN without "ocp" */
};

struct rpt_smart {
	struct rpt_smart_sample *s;	/* in time order */
	size_t n;
	size_t cap;
	bool newer_noted;		/* a newer version was warned about */
};

/* critical_warning bit 1: temperature above a threshold */
#define RPT_CW_TEMPERATURE	0x02

/**
 * rpt_smart_read() - Read a SMART sidecar.
 * @path: the file
 * @s: the samples; free with rpt_smart_free()
 * @d: an error per bad line
 *
 * Return: 0 (bad lines are left out), -errno when unreadable, -ENOMEM.
 */
int rpt_smart_read(const char *path, struct rpt_smart *s, struct rpt_diag *d);

/**
 * rpt_smart_read_mem() - As rpt_smart_read(), from memory.
 * @name: name in messages
 * @data: the text
 * @len: its length
 * @s: as rpt_smart_read()
 * @d: as rpt_smart_read()
 *
 * Return: as rpt_smart_read().
 */
int rpt_smart_read_mem(const char *name, const char *data, size_t len,
		       struct rpt_smart *s, struct rpt_diag *d);

/**
 * rpt_smart_free() - Free the samples.
 * @s: NULL-safe
 */
void rpt_smart_free(struct rpt_smart *s);

/*
 * Thermal state over a time window. Thermal management is "active" in the
 * window when a transition count or time in thermal management grows between
 * two samples whose interval overlaps it, or when a sample in it has the
 * critical-warning temperature bit set.
 */
struct rpt_thermal {
	struct rpt_fig temp_max_c;	/* hottest composite temperature */
	bool throttled;
	double t_ms;			/* the sample that first shows it (unix ms) */
	double t_prev_ms;		/* the sample before (it began after this), or NAN */
	double temp_at_c;		/* temperature then, NAN unknown */
	char why[160];			/* what showed it */
};

/**
 * rpt_smart_window() - The thermal state during [@t0_ms, @t1_ms].
 * @s: samples
 * @t0_ms: window start
 * @t1_ms: window end
 * @th: the result; temp_max_c null with a reason when no sample lies in the
 *      window
 */
void rpt_smart_window(const struct rpt_smart *s, double t0_ms, double t1_ms,
		      struct rpt_thermal *th);

/**
 * rpt_smart_interval() - The median time between samples.
 * @s: samples
 *
 * Return: ms, or 1000 with fewer than two samples.
 */
double rpt_smart_interval(const struct rpt_smart *s);

/*
 * Write amplification over a window: the media's bytes written (the OCP C0h
 * log's physical media units written) over the host's (data units written,
 * 512 000 B each), both from the SMART samples around the window: the last
 * at or before its start, the first at or after its end (else the ones
 * inside). Each counter moves in steps: the host's of 512 000 B, the
 * media's the greatest common divisor of its moves over the log; a window whose
 * counters moved fewer than 10 steps gets null, with why.
 */
struct rpt_write_amp {
	struct rpt_fig wa;		/* media / host bytes */
	double host_bytes, media_bytes;	/* the differences, NAN unknown */
	double media_step;		/* bytes, NAN unknown */
	double host_unit;		/* bytes of the host's counter's unit (512 000) */
};

/**
 * rpt_smart_write_amp() - Write amplification during [@t0_ms, @t1_ms].
 * @s: samples
 * @t0_ms: window start
 * @t1_ms: window end
 * @w: the result; wa null with a reason when it cannot be told to 10 %
 */
void rpt_smart_write_amp(const struct rpt_smart *s, double t0_ms, double t1_ms,
			 struct rpt_write_amp *w);

#endif
