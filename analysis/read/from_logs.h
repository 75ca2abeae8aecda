/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_FROM_LOGS_H
#define SSDQ_FROM_LOGS_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

#include "diag.h"

/*
 * A test from a results directory without fio's JSON: fio run with its
 * normal output (its default), leaving its logs and ssdq's sidecars. A test
 * is a log prefix with events sidecars, <prefix>_events.<N>.jsonl (or
 * <prefix>_events.jsonl with per_job_logs=0), one per fio job (thread).
 *
 * The engine writes into each (engine/fio_info.c): job_start with fio's
 * thread number, group, version and options as fio's JSON prints them, and
 * at the job's end one fio_stats line per data direction, the direction's
 * object of fio's JSON with its json+ latency bins. From those a fio JSON
 * document is built as fio would have printed it (--output-format=json+),
 * one "jobs" entry per sidecar, and the report goes on as from fio's own
 * output: the same figures. A job without fio_stats (sidecars of an older
 * engine, a job that did not end) gets its data directions from its logs:
 * bytes from the bw log (job_end's count when it moved one direction), I/Os
 * from the iops log (else bytes / bs), the runtime from the events and the
 * log's span, and latency from the clat (else lat) log: every sample of a
 * per-I/O log, or with log_avg_msec the window averages, weighted by the
 * iops log's I/Os, whose percentiles are not fio's (a note says so).
 *
 * Members of the document that fio's own never has: "ssdq_thread" (an
 * entry's fio thread number, for its log names: fio_jobs.h) and
 * "ssdq_notes" (an entry's notes, an array of strings, for its rows).
 */

/**
 * rpt_logs_events_name() - Whether @path names an events sidecar,
 * <prefix>_events.<N>.jsonl or <prefix>_events.jsonl.
 * @path: a file name, with or without directories
 * @prefix: on true, the prefix (cut to @len); may be NULL
 * @len: size of @prefix
 *
 * Return: true when it does.
 */
bool rpt_logs_events_name(const char *path, char *prefix, size_t len);

/**
 * rpt_logs_find() - The log-only tests of directory @dir: for each prefix
 * whose events sidecars hold a job_start, the first of them by thread
 * number, as "@dir/<name>", in prefix order.
 * @dir: the directory
 * @paths: on return, the paths (free each and the array)
 * @n: on return, their number
 *
 * Return: 0, -errno from opendir(), or -ENOMEM.
 */
int rpt_logs_find(const char *dir, char ***paths, size_t *n);

/**
 * rpt_logs_doc() - Build the fio JSON document of the test of events
 * sidecar @path: every events sidecar of its prefix in its directory.
 * @path: one events sidecar
 * @root: on return 0, the document; put it with json_object_put()
 * @source: on return 0, what the figures came from and how to get fio's
 *	JSON, one paragraph (newly allocated)
 * @d: errors (bad lines, unreadable logs), each naming its file
 *
 * Return: 0, -ENOENT when no sidecar of the prefix holds a job_start (an
 * error in @d says so), -errno when @path's directory cannot be read, or
 * -ENOMEM.
 */
int rpt_logs_doc(const char *path, struct json_object **root, char **source,
		 struct rpt_diag *d);

#endif
