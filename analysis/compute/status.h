/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_STATUS_H
#define SSDQ_STATUS_H

#include <stddef.h>

#include <json-c/json.h>

#include "fill.h"

/*
 * fio's --status-interval output: every document is a snapshot of the run
 * so far, each job with its cumulative write io_bytes and write runtime (ms
 * of I/O so far), and the document's timestamp_ms (unix ms). Kept per entry
 * of the "jobs" array, in its order, the write bytes and runtimes make a time
 * series: the fill curve of a sequential write that has no bw log. Snapshots
 * after a job ended add no bytes and no runtime, so they change nothing.
 * Bytes are bytes whatever fio release wrote them (KiB before 2.21).
 */
struct rpt_status_point {
	double runtime_ms;	/* the write direction's runtime so far */
	double bytes;		/* write io_bytes so far */
	double stamp_ms;	/* the document's timestamp_ms, NAN if none */
};

struct rpt_status_job {
	char *jobname;
	struct rpt_status_point *p;	/* one per document */
	size_t n;
	size_t cap;
};

struct rpt_status {
	struct rpt_status_job *job;	/* by index in "jobs" */
	size_t njobs;
	unsigned int docs;
	bool mismatch;		/* a document's jobs differ from the first's */
};

/**
 * rpt_status_add() - Take one document's snapshot (a rpt_json_doc_fn).
 * @doc: a fio JSON document
 * @arg: the struct rpt_status, zeroed before the first document
 *
 * Return: 0, or -ENOMEM. Documents without a "jobs" array (client/server)
 * and jobs without numbers add nothing; a document whose jobs differ in
 * number or names from the first's sets s->mismatch.
 */
int rpt_status_add(struct json_object *doc, void *arg);

/**
 * rpt_status_fill() - The fill curve of the entries @idx of "jobs" together:
 * at each snapshot, their bytes summed over the longest of their runtimes
 * (the jobs of a group start together). The curve's log times are unix ms
 * from timestamp_ms when the documents have it (t_first is when the write
 * I/O began); its avg_msec is the median time between snapshots.
 * @s: the snapshots
 * @idx: entries' indexes in "jobs"
 * @n: how many
 * @scale: the curve's scale (rpt_fill_set_scale()), 1 for a real drive
 * @c: the curve, set up here; free with rpt_fill_free() after 0
 * @why: on -ENODATA, why not
 * @len: its size
 *
 * Return: 0, -ENODATA (fewer than 4 snapshots with bytes written, or the
 * documents' jobs do not match), -ENOMEM or -ERANGE (from rpt_fill_add()).
 */
int rpt_status_fill(const struct rpt_status *s, const size_t *idx, size_t n,
		    double scale, struct rpt_fill_curve *c, char *why, size_t len);

/**
 * rpt_status_free() - Free the snapshots.
 * @s: NULL-safe
 */
void rpt_status_free(struct rpt_status *s);

#endif
