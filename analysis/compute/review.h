/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_REVIEW_H
#define SSDQ_REVIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "report.h"

/*
 * The report organised as the reviews print it (the seeds): the whole-drive
 * fill first, then the burst tests, the sustained tests (queue depths; clean,
 * fragmented and full runs of one test together), the QD1 enterprise tests
 * (single block size with its latency percentiles, and the block-size
 * sweeps), then whatever else was run (preparations such as prefill or
 * frag, a user's own tests), and last the steps that prepare a drive and
 * measure nothing: a purge (an erase and a token read), and on a drive of
 * SNIA PTS rounds the tests that are not its rounds (the suite's purge and
 * WIPC preconditioning). Steps are not among the power and every-job
 * charts, and a purge has no latency distribution.
 */
enum rpt_section {
	RPT_SEC_FILL,
	RPT_SEC_BURST,
	RPT_SEC_SUSTAINED,
	RPT_SEC_QD1,
	RPT_SEC_OTHER,
	RPT_SEC_PREP,
	RPT_NSECTIONS
};

/**
 * rpt_section_title() - "Whole-drive fill", "Burst", "Sustained",
 * "QD1 enterprise", "Other tests" or "Preparation steps (not measurements)".
 * @s: section
 *
 * Return: a static string.
 */
const char *rpt_section_title(enum rpt_section s);

/**
 * rpt_section_id() - "fill", "burst", "sustained", "qd1", "other" or "prep": the
 * section's HTML id and the file names of its charts.
 * @s: section
 *
 * Return: a static string.
 */
const char *rpt_section_id(enum rpt_section s);

/**
 * rpt_job_is_fill() - Whether @j of @t is a fill: a sequential write with
 * fill figures whose options cover the namespace from its start (whole, or
 * size=N%: the job library's fill, pSLC and precondition steps), or that
 * wrote 95 % of the drive's capacity (device.json; the full drive's for a
 * scaled model) however it was told to. Other sequential writes (prefill,
 * sustained writes, a block-size sweep) keep their fill figures in the text,
 * CSV and JSON outputs but get no fill section.
 * @t: the test
 * @j: one of its jobs
 *
 * Return: true for a fill.
 */
bool rpt_job_is_fill(const struct rpt_test *t, const struct rpt_job *j);

/**
 * rpt_test_section() - The section of @t: a preparation step if every job
 * is a purge, else a fill if a job is one, else a burst test if a job has
 * bursts, sustained if it has a queue-depth series, QD1 if every job ran at
 * queue depth 1, else other.
 * @t: the test
 *
 * Return: the section.
 */
enum rpt_section rpt_test_section(const struct rpt_test *t);

/**
 * rpt_test_is_step() - Whether the report's test @i prepares its drive and
 * measures nothing: every job a purge, or on a drive of SNIA PTS rounds a
 * test that is neither a round nor its WSAT run (the suite's purge and
 * WIPC).
 * @r: the report
 * @i: an index into its tests
 *
 * Return: true for a step.
 */
bool rpt_test_is_step(const struct rpt_report *r, size_t i);

/**
 * rpt_test_headline() - The job of @t a one-line figure stands for: the
 * only job, else a sweep's 4 KiB job (random) or 128 KiB job (sequential),
 * else the first job.
 * @t: the test, at least one job
 *
 * Return: the job's index.
 */
size_t rpt_test_headline(const struct rpt_test *t);

/* One test of the review order. */
struct rpt_review_item {
	const char *test;		/* its name (borrowed from the report) */
	enum rpt_section sec;
	const char *variant;		/* "clean", "frag" or "full" */
	size_t key;			/* index of its key: the variants of one test share it */
};

/**
 * rpt_review_order() - The test names of @r's drives (each name once; the
 * drive's own when @d is given), in the review's order: by section, then by
 * key in order of first appearance, clean, fragmented, full. A drive's SNIA
 * PTS rounds and WSAT run are its PTS pages' (rpt_pts_owns()), not here.
 * @r: the report
 * @d: one drive, or NULL for all
 * @out: the items (free()); NULL when there are none
 *
 * Return: their number, or -ENOMEM.
 */
long rpt_review_order(const struct rpt_report *r, const struct rpt_drive *d,
		      struct rpt_review_item **out);

/**
 * rpt_drive_test() - @d's test named @name.
 * @r: the report
 * @d: a drive
 * @name: test name
 *
 * Return: the test, or NULL when the drive has none of that name.
 */
const struct rpt_test *rpt_drive_test(const struct rpt_report *r, const struct rpt_drive *d,
				      const char *name);

#endif
