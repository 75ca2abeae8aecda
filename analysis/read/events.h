/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_EVENTS_H
#define SSDQ_EVENTS_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "figure.h"

/*
 * The engine's events sidecar, <prefix>_events.<N>.jsonl: one object a line,
 * {"time_us": unix µs, "event": name, "job": fio job name, "bytes": N,
 * "stop": "time"|"bytes"|"error", "method": …}. Lines of other jobs (a
 * shared prefix) are left out; unknown events are kept as RPT_EV_OTHER.
 */
enum rpt_ev_kind {
	RPT_EV_OTHER,
	RPT_EV_JOB_START,
	RPT_EV_JOB_END,
	RPT_EV_BURST_START,
	RPT_EV_BURST_END,
	RPT_EV_IDLE_START,
	RPT_EV_IDLE_END,
	RPT_EV_ERASE_START,
	RPT_EV_ERASE_END,
	RPT_EV_POWER_SOURCE,
	RPT_EV_SAMPLER_START,
	RPT_EV_DEVICE_ERROR,
	RPT_EV_POWER_GAP_START,
	RPT_EV_POWER_GAP_END,
	RPT_EV_ENERGY_COUNTER,
	RPT_EV_WRITE_CACHE,	/* the volatile write cache as the job found it */
	RPT_EV_MODEL_ENERGY,	/* the drive model's own energy account of the job */
	RPT_EV_DRIVE_POWER,	/* the drive's own Power Measurement over the sampler's span */
	RPT_EV_MODEL_PACE,	/* whether the drive model kept its pace (docs/host.md) */
	RPT_EV_POWER_SETTINGS,	/* the drive's power state and APST as the job set them */
};

struct rpt_event {
	double t_us;		/* unix µs, exact */
	double t_ms;		/* unix ms (to compare with logs) */
	enum rpt_ev_kind kind;
	double bytes;		/* -1 when the line has none */
	char stop[12];		/* job_end: "time", "bytes", "error", "terminated", "stalled", "bursts" or "" */
	bool estimated;		/* power_source: "estimated":true, a source other
				 * than the drive model (nvme-ps: the power-state
				 * table's figure, not a measurement) */
	char method[16];	/* erase_end: "sanitize", "format", "deallocate",
				 * "model"; "" else */
	int write_cache;	/* write_cache: 1 on, 0 off, -1 the drive has none,
				 * -2 unknown (it could not be asked) */
	double energy_j, energy_s;	/* model_energy: its truth, "E J in S s, W W" */
	int pace_kept;		/* model_pace: "kept" 1 or 0; -1 unknown */
	double pace_share;	/* model_pace: "host_added_share" (0.081: 8.1 %), NAN */
	bool refill;		/* job_start: refill_buffers set (its options or
				 * the global ones): fresh random data every I/O */
	char job[48];		/* the line's "job", "" without one */
};

/*
 * An energy_counter line (power/sampler.h): a meter's energy counter read at
 * the sampler's start (t0_us) and end (the line's time_us), so the job's
 * joules are its difference, not a sum of power samples.
 */
struct rpt_energy_counter {
	bool have;		/* a line was read (the last one counts) */
	double t0_ms, t1_ms;	/* unix ms */
	double joules;		/* NAN: null, why says why */
	double bridged_j;	/* of joules, spans the power read stood in for */
	char why[160];		/* its "msg": why null, or what was bridged */
};

/*
 * A drive_power line (power/sampler.h, docs/power.md): the drive's own
 * Power Measurement from the sampler's start (t0_us) to its end, its mean,
 * maximum and joules, and how it stands beside a meter.
 */
struct rpt_drive_power {
	bool have;		/* a line was read (the last one counts) */
	double t0_ms, t1_ms;	/* unix ms */
	double joules;		/* NAN: null, why says why */
	double avg_w, max_w;	/* NAN with joules */
	double count, interval_s, resolution_w;
	int percent_error;	/* the drive's stated accuracy, -1 none stated */
	bool estimated;		/* the drive says its figures are estimates */
	bool beside;		/* read beside a meter (not the power log's source) */
	char source[64];	/* "nvme-pm", "model-pm": the spec's type */
	char why[160];		/* its "msg" */
};

/*
 * A power_settings line (engine/power_settings.h): the power state and APST
 * the job ran with, what it asked, and its thinktime (job_start's options:
 * the idle gap before each I/O of a wake-up test).
 */
struct rpt_power_settings {
	bool have;		/* a power_settings line was read (the last counts) */
	int ps;			/* the state the job set or found; -1 unknown */
	int asked_ps;		/* the state it asked for, -1: keep */
	int apst;		/* 1 on, 0 off, -1 no APST */
	unsigned int n;		/* APST's transitions */
	unsigned int from[32], to[32], idle_ms[32];
	double thinktime_us;	/* job_start's thinktime, 0 none */
};

/*
 * fio's drain over a job on the drive model, from its (last) model_pace
 * event (docs/host.md): @have when the event carries it; @lat_max_us the
 * longest latency of a drained I/O; @listed when it lists them: @n of them,
 * each its latency (submission to handing to fio) and the time the drain
 * held it, µs, and its data direction (enum rpt_ddir: fio's ddir); NULL
 * when @n is 0.
 */
struct rpt_pace_drain {
	bool have;
	double ios, added_us, lat_max_us;
	bool listed;
	double *lat_us, *held_us;
	unsigned int *ddir;
	size_t n;
};

struct rpt_events {
	struct rpt_event *ev;	/* in file order */
	struct rpt_pace_drain drain;
	struct rpt_energy_counter counter;
	struct rpt_drive_power drive;
	struct rpt_power_settings ps;
	size_t n;
	size_t cap;
	unsigned long bad_lines;
	unsigned long device_errors;
};

/**
 * rpt_events_read() - Read an events sidecar.
 * @path: the file (also its name in messages)
 * @job: fio job name whose lines to keep; NULL keeps all
 * @e: the events; free with rpt_events_free()
 * @d: an error per bad line (file:line and what was expected)
 *
 * Return: 0 (also with bad lines, which are left out), -errno when the file
 * cannot be read, -ENOMEM.
 */
int rpt_events_read(const char *path, const char *job, struct rpt_events *e,
		    struct rpt_diag *d);

/**
 * rpt_events_read_mem() - As rpt_events_read(), from memory.
 * @name: name in messages
 * @data: the text
 * @len: its length
 * @job: as rpt_events_read()
 * @e: as rpt_events_read()
 * @d: as rpt_events_read()
 *
 * Return: as rpt_events_read().
 */
int rpt_events_read_mem(const char *name, const char *data, size_t len,
			const char *job, struct rpt_events *e, struct rpt_diag *d);

/**
 * rpt_events_free() - Free the events.
 * @e: NULL-safe
 */
void rpt_events_free(struct rpt_events *e);

/**
 * rpt_events_stop() - Why the job stopped, from its job_end event.
 * @e: events
 *
 * Return: "time", "bytes", "error", or NULL without a job_end.
 */
const char *rpt_events_stop(const struct rpt_events *e);

/**
 * rpt_events_io_start() - The latest set-up event (job_start, erase_start,
 * erase_end, sampler_start, power_source) before @before_ms: the engine logs them before
 * fio starts the job's clock, so the job's I/O started after it.
 * @e: events
 * @before_ms: unix ms
 *
 * Return: unix ms, or NAN when there is none.
 */
double rpt_events_io_start(const struct rpt_events *e, double before_ms);

/**
 * rpt_events_window() - The job's active span from its events: from the
 * latest set-up event (rpt_events_io_start()) to job_end, or to the start of
 * the idle that ends the job (ssdq_idle; an idle_start with no burst after it).
 * @e: events
 * @t0: start, unix ms
 * @t1: end, unix ms
 *
 * Return: true when both ends are known and t0 < t1.
 */
bool rpt_events_window(const struct rpt_events *e, double *t0, double *t1);

/*
 * Burst tests: the engine writes burst_start, then burst_end with the bytes
 * the burst moved, then idles for the duty cycle (idle_start, idle_end).
 *
 * - a burst's MB/s: its bytes / (burst_end - burst_start);
 * - score_mbps: all bursts' bytes / the sum of their times;
 * - duty_pct: the achieved duty cycle over the periods from one burst's start
 *   to the next one's: the burst times of all bursts but the last / (those +
 *   the idle between bursts), in %. (All n bursts over the n - 1 idles
 *   between them would read 20 % as 22 % for 8 bursts; the idle after the
 *   last burst runs into the job's end and is not between bursts.)
 */
struct rpt_burst {
	double t0_ms, t1_ms;
	double busy_us;		/* t1 - t0, exact */
	double bytes;
	double mbps;		/* NAN for a burst of no measurable time */
};

struct rpt_bursts {
	struct rpt_burst *b;
	size_t n;
	double bytes;
	double busy_ms;
	double idle_ms;		/* between bursts */
	unsigned long unclosed;	/* burst_start without burst_end: left out */
	struct rpt_fig score_mbps;
	struct rpt_fig duty_pct;
};

/**
 * rpt_bursts_compute() - The burst figures of @e.
 * @e: events
 * @b: the figures; free with rpt_bursts_free()
 *
 * Return: the number of bursts (0: not a burst test, @b all null), or
 * -ENOMEM.
 */
int rpt_bursts_compute(const struct rpt_events *e, struct rpt_bursts *b);

/**
 * rpt_bursts_free() - Free the bursts.
 * @b: NULL-safe
 */
void rpt_bursts_free(struct rpt_bursts *b);

#endif
