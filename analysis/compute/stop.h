/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_STOP_H
#define SSDQ_STOP_H

#include <stdbool.h>
#include <stddef.h>

#include "events.h"
#include "report.h"

/*
 * Runs that did not finish, told as they are. A job's stop comes from its
 * events sidecar: its job_end says "bytes", "time", "error", "terminated"
 * (asked to stop: a signal, fio's trigger file) or "stalled" (its drive
 * completed no I/O for ssdq_stall_timeout); events that end without a
 * job_end mean the job was killed. A results directory of ssdq-run also
 * says, in ssdq-run.log and ssdq-run.state, which steps were interrupted,
 * failed or never ended. The figures of such a job cover part of a run: a
 * fill among them gets no SLC verdict.
 */

/**
 * rpt_stop_from_events() - Why a job stopped, from its events.
 * @e: the job's events
 * @path: the sidecar, for messages
 * @why: with "killed", what the events show (when they end); with NULL, why
 *	there is no reason
 * @len: size of @why
 *
 * Return: "time", "bytes", "error", "terminated", "stalled", "bursts", "killed" (events but no
 * job_end), or NULL (no events).
 */
const char *rpt_stop_from_events(const struct rpt_events *e, const char *path, char *why,
				 size_t len);

/** rpt_stop_partial() - Whether @stop ("terminated", "stalled", "killed", "error") ends a run early. */
bool rpt_stop_partial(const char *stop);

/**
 * rpt_fmt_secs() - A duration as people read it: "41 s", "31 min", "11.2 h".
 * @buf: destination
 * @len: its size
 * @s: seconds
 *
 * Return: @buf.
 */
char *rpt_fmt_secs(char *buf, size_t len, double s);

/**
 * rpt_stop_phrase() - @stop for a sentence: "stopped on bytes", "stopped on
 * time", "stopped on error", "terminated (a stop request): partial run",
 * "killed: partial run".
 *
 * Return: a static string.
 */
const char *rpt_stop_phrase(const char *stop);

/**
 * rpt_run_step() - What ssdq-run's files in @dir say of its step @name.
 * @dir: a results directory
 * @name: the step (the test's file name without .json)
 * @why: a sentence for the report ("interrupted by SIGTERM after 12 s
 *	(ssdq-run.log)")
 * @len: size of @why
 *
 * Return: "done", "interrupted", "failed", "incomplete" (begun and never
 * ended: the runner was killed; or missing from ssdq-run.state), or NULL
 * when @dir holds no ssdq-run state or log, or they do not name @name.
 */
const char *rpt_run_step(const char *dir, const char *name, char *why, size_t len);

/**
 * rpt_partial_check() - Mark what did not finish in test @t of directory
 * @dir: a job whose stop ends its run early, and every job of a step that
 * ssdq-run says did not finish, gets a note that its figures cover a
 * partial run (a killed job: where its events end, and how far its fill
 * got) and no SLC verdict on its fill; the test gets a warning for the
 * step.
 */
void rpt_partial_check(const char *dir, struct rpt_test *t);

#endif
