/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_SERIES_H
#define SSDQ_SERIES_H

#include "report.h"

/*
 * Series of jobs in one test (struct rpt_series in report.h), as the job
 * library names them (jobs/README.md):
 *
 * - queue-depth series: jobs named "qd<N>" or "<base>-qd<N>" ("_" works too)
 *   with the same rw and bs, e.g. sustained-seq-read.fio's qd1 … qd32, or
 *   seq-read-qd4 and seq-read-frag-qd4 side by side in one file;
 * - block-size series: jobs named "bs<size>" or "<base>-bs<size>" with the
 *   same rw and iodepth, e.g. qd1-rand-read-bs.fio's bs512 … bs1m;
 * - read-share series: jobs named "r<N>" or "<base>-r<N>", N the percentage
 *   of reads (fio's rwmixread; 100 a read, 0 a write: struct rpt_job's
 *   read_pct), with the same rw, bs and iodepth, e.g. mixed-rand.fio's
 *   r100 … r0.
 *
 * At least two jobs with different values make a series. A test whose jobs
 * carry no such names but share rw and differ only in iodepth (or only in
 * bs), three jobs or more, is one series too.
 *
 * The series' name is its jobs' common base, else the test's name. A name
 * ending in "-frag"/"-fragmented" is the fragmented variant, "-full" the
 * full-drive one, anything else the clean one; the key (the name without that
 * suffix, after the test's own key) pairs the variants of one test for side
 * by side tables: sustained-seq-read, sustained-seq-read-frag and
 * sustained-seq-read-full share the key "sustained-seq-read".
 *
 * A queue-depth series' score is the mean MB/s of its QD1, QD2 and QD4 jobs,
 * its power the mean W of those, its efficiency the mean MB/s/W of those
 * (the reviews' "average of QD1, QD2 and QD4"); null with a reason when one
 * of the three is missing or has no figure. A read-share series' score is
 * the mean MB/s of all its mixes, with their mean W and mean MB/s/W (the
 * reviews' mixed-workload score: the average over the mixes); a block-size
 * sweep has none.
 */

/**
 * rpt_series_kind_key() - The kind's key in CSV and JSON: "qd", "bs", "mix".
 * @kind: the kind
 *
 * Return: the key.
 */
const char *rpt_series_kind_key(enum rpt_series_kind kind);

/**
 * rpt_series_kind_axis() - What the kind's members differ in, for a table's
 * or chart's axis: "queue depth", "block size", "read share".
 * @kind: the kind
 *
 * Return: the words.
 */
const char *rpt_series_kind_axis(enum rpt_series_kind kind);

/**
 * rpt_series_kind_head() - A table's column head for the kind's values:
 * "QD", "bs", "reads".
 * @kind: the kind
 *
 * Return: the head.
 */
const char *rpt_series_kind_head(enum rpt_series_kind kind);

/**
 * rpt_series_score_label() - What a series' score is: "mean of QD1, QD2,
 * QD4", "mean of the mixes", or NULL for a kind without a score (block
 * sizes).
 * @kind: the kind
 *
 * Return: the words, or NULL.
 */
const char *rpt_series_score_label(enum rpt_series_kind kind);

/**
 * rpt_series_kind_param() - The JSON key of the members' values: "iodepth",
 * "bs", "read_pct".
 * @kind: the kind
 *
 * Return: the key.
 */
const char *rpt_series_kind_param(enum rpt_series_kind kind);

/**
 * rpt_series_find() - Find the series of @t's jobs into t->series.
 * @t: a loaded test
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_series_find(struct rpt_test *t);

/**
 * rpt_series_free() - Free t->series.
 * @t: test
 */
void rpt_series_free(struct rpt_test *t);

/**
 * rpt_name_variant() - Split a test or job name into its key and variant.
 * @name: e.g. "sustained-seq-read-frag"
 * @keylen: on return, the length of the key ("sustained-seq-read")
 *
 * Return: "frag", "full" or "clean".
 */
const char *rpt_name_variant(const char *name, size_t *keylen);

/**
 * rpt_series_param() - A member's queue depth, block size or read share (%).
 * @t: test
 * @s: series
 * @i: member index
 *
 * Return: the value, or NAN when the job has none.
 */
double rpt_series_param(const struct rpt_test *t, const struct rpt_series *s, size_t i);

/*
 * The variants of one series side by side within a drive: clean, fragmented
 * and full-drive runs of the same test (same kind and key).
 */
#define RPT_NVARIANTS	3

struct rpt_vgroup {
	enum rpt_series_kind kind;
	const char *key;
	const struct rpt_test *t[RPT_NVARIANTS];	/* clean, frag, full */
	const struct rpt_series *s[RPT_NVARIANTS];
	unsigned int n;					/* variants present */
};

/**
 * rpt_variant_name() - "clean", "frag" or "full".
 * @v: 0 to RPT_NVARIANTS - 1
 *
 * Return: the name.
 */
const char *rpt_variant_name(unsigned int v);

/**
 * rpt_variant_groups() - The series of @d's tests with at least two
 * variants, in order of first appearance.
 * @r: report
 * @d: drive
 * @out: the groups (free()); NULL when there are none
 *
 * Return: their number, or -ENOMEM.
 */
long rpt_variant_groups(const struct rpt_report *r, const struct rpt_drive *d,
			struct rpt_vgroup **out);

/**
 * rpt_vgroup_params() - The union of a group's variants' queue depths,
 * block sizes or read shares, ascending, for one row (or point) each side by side.
 * @g: group
 * @x: the values
 * @max: room in @x; values past it are left out
 *
 * Return: how many.
 */
size_t rpt_vgroup_params(const struct rpt_vgroup *g, double *x, size_t max);

#endif
