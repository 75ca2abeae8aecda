/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_TRACE_H
#define SSDQ_TRACE_H

/*
 * A replayed block trace (fio's read_iolog; jobs/consumer/trace-replay.fio):
 * the figures the AnandTech Storage Bench printed of one, and how far its
 * idle time was compressed (trace.c). A replay runs as the trace was
 * recorded, not scaled with a scaled drive model: its bytes, time and
 * energy are the run's own (metrics.c leaves it off the full drive's basis).
 */
#include <stdbool.h>

#include "figure.h"

struct rpt_fio_run;
struct rpt_fio_entry;
struct rpt_job;

/* A replaying job's rw: fio's rw option does not say what a replay did */
#define RPT_TRACE_RW	"replay"

struct rpt_trace {
	char file[256];			/* read_iolog as fio printed it */
	const char *format;		/* "iolog v2", "iolog v3", "blktrace", NULL unread */
	/* the job's own figures, for the trace section (catalogue.h) */
	struct rpt_fig mbps;		/* bytes read and written over the replay's time */
	struct rpt_fig lat_mean_us;
	struct rpt_fig lat_p99_us;
	struct rpt_fig energy_j;	/* over the replay, from the power log */
	/* the longest idle gap between two of the trace's actions, ms: 25 for a
	 * trace cut as the ATSB did (jobs/util/ssdq-trace compress), 0 with
	 * replay_no_stall=1; null for a blktrace (its gaps as recorded) or a
	 * trace that cannot be read */
	struct rpt_fig idle_max_ms;
	/* the reads' share of the trace's I/Os (reads, writes and trims), %:
	 * as fio's rwmixread counts them; null for a blktrace binary */
	struct rpt_fig read_pct;
	bool no_stall;			/* replay_no_stall=1: fio replayed no idle */
};

/**
 * rpt_trace_read() - Whether the job of @e replayed a trace (read_iolog set);
 * if so fill @j->trace's file, format, idle_max_ms and read_pct, reading the
 * trace as it is named, else from @dir (fio's working directory, the
 * results directory), set @j->has_trace, and make the job's rw
 * RPT_TRACE_RW and its read share the trace's (fio's JSON has no rw for a
 * replay: its rw option, or fio's default read, is not what ran).
 * @run: the fio run
 * @e: the job's entry
 * @dir: the results directory
 * @j: the job
 *
 * Return: true when the job replayed a trace.
 */
bool rpt_trace_read(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
		    const char *dir, struct rpt_job *j);

/**
 * rpt_trace_figures() - Copy the job's final figures (MB/s, mean and p99
 * latency, energy) into its trace section.
 * @j: a job with has_trace
 */
void rpt_trace_figures(struct rpt_job *j);

#endif
