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
	bool no_stall;			/* replay_no_stall=1: fio replayed no idle */
};

/**
 * rpt_trace_read() - Whether the job of @e replayed a trace (read_iolog set);
 * if so fill @j->trace's file, format and idle_max_ms, reading the trace as
 * it is named, else from @dir (fio's working directory, the results
 * directory), and set @j->has_trace.
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
