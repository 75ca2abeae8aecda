/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_LOG_FIND_H
#define SSDQ_LOG_FIND_H

#include <stdbool.h>
#include <stddef.h>

#include "fio_jobs.h"

/**
 * rpt_log_path() - A log's or sidecar's path: <dir>/<prefix>_<type>.<N>.<ext>
 * (per job) or <dir>/<prefix>_<type>.<ext>; an absolute @prefix ignores
 * @dir. For one host of a client/server run, fio's client's name
 * <name>.<host> where that is there and <name> is not.
 * @dir: the results directory
 * @prefix: the log's prefix (write_bw_log=...)
 * @type: "bw", "clat_hist", "power", ...
 * @ext: "log", "jsonl"
 * @thread: fio's thread number N
 * @per_job: whether the name carries N
 * @host: the host, or NULL
 *
 * Return: a malloc'd path (it may not exist), or NULL when out of memory.
 */
char *rpt_log_path(const char *dir, const char *prefix, const char *type,
		   const char *ext, unsigned int thread, bool per_job, const char *host);

/**
 * rpt_find_log() - The existing fio log of @type for @e, the per-job name
 * first.
 * @dir: the results directory
 * @prefix: the log's prefix
 * @type: "bw", "iops", "clat", "clat_hist", ...
 * @e: the entry (its thread and host)
 * @tried: on NULL, the per-job path looked for
 * @len: its size
 *
 * Return: a malloc'd path, or NULL when there is none.
 */
char *rpt_find_log(const char *dir, const char *prefix, const char *type,
		   const struct rpt_fio_entry *e, char *tried, size_t len);

/**
 * rpt_find_sidecar() - An ssdq sidecar of @type (<prefix>_<type>.<N>.<ext>):
 * the bw log's prefix first, then the job name; of the entry's first
 * thread, else of another of its threads (group_reporting: the sampler's
 * power and SMART sidecars are the job's that took the device first).
 * @dir: the results directory
 * @prefix: the bw log's prefix, or NULL
 * @type: "power", "smart", "events", ...
 * @ext: "log", "jsonl"
 * @e: the entry
 * @tried: on NULL, where it looked for the first thread's (may be NULL)
 * @len: its size
 *
 * Return: a malloc'd path, or NULL when there is none.
 */
char *rpt_find_sidecar(const char *dir, const char *prefix, const char *type,
		       const char *ext, const struct rpt_fio_entry *e,
		       char *tried, size_t len);

#endif
