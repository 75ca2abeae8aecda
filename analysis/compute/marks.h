/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_MARKS_H
#define SSDQ_MARKS_H

#include <stdbool.h>
#include <stddef.h>

#include "events.h"
#include "figure.h"

struct rpt_job;

/*
 * Marks on figures that are values but not measurements, or not to be
 * trusted: every writer prints them beside the value (text: a sign after
 * it and a legend; CSV: a column per mark; JSON: "marks" per job; HTML: the
 * sign on the value and in the chart's title). docs/report.md, "Marks".
 *
 * RPT_MARK_ESTIMATED: power (W, J, MB/s/W, IOPS/W) from a source that says
 * its readings are estimates ("estimated":true in the events sidecar's
 * power_source line: nvme-ps, the power-state table's figure for the state
 * the drive is in), not a meter's.
 * RPT_MARK_FEW_IOS: a burst test whose bursts hold fewer than
 * RPT_BURST_MIN_IOS I/Os on average: a burst's time is then mostly the
 * latency of its first I/O and the queue's filling and draining, not a
 * speed; its MB/s, IOPS, W and efficiency say little about the drive.
 * RPT_MARK_HOST: the host distorted the figure (the job's host verdict,
 * host_verdict.h): its MB/s, IOPS, efficiency and fill speeds when the host
 * took its share of the job's time, its mean latency when it added its
 * share of the latency, a percentile when the late I/Os reach it. The
 * latency CDF's chart carries the mark when a percentile does, the time
 * charts the intervals the host distorted (spikes).
 * RPT_MARK_DRAIN: fio's end-of-job drain moved the figure (the job's host
 * verdict's drain figures, host_verdict.h): fio waits for every I/O in
 * flight at once at a job's end and stamps them all at the last one's
 * completion, on any engine and drive: its mean latency when the drain
 * added its share of the I/Os' time, a percentile when the I/Os it held
 * fill its tail. fio's, not the host's: a sign of its own.
 *
 * This header is the one list of marks: their bits, keys, signs, notes and
 * legends; every writer walks it.
 */
#define RPT_MARK_ESTIMATED	1u
#define RPT_MARK_FEW_IOS	2u
#define RPT_MARK_HOST		4u
#define RPT_MARK_DRAIN		8u
#define RPT_NMARKS		4

/* The mean I/Os per burst under which a burst test's figures are marked. */
#define RPT_BURST_MIN_IOS	16

/**
 * rpt_mark_name() - The key of mark @i (0 .. RPT_NMARKS - 1): "estimated",
 * "few_ios_per_burst", "host", "drain".
 * @i: index of the mark (its bit is 1u << @i)
 *
 * Return: a static string.
 */
const char *rpt_mark_name(unsigned int i);

/**
 * rpt_mark_sign() - The sign the text and HTML print after a marked value:
 * "~" estimated, "?" too few I/Os per burst, "!" the host's, "^" fio's
 * end-of-job drain's, in that order when several ("~?!^"), "" none.
 * @mark: RPT_MARK_* bits
 *
 * Return: a static string.
 */
const char *rpt_mark_sign(unsigned int mark);

/**
 * rpt_mark_note() - What a chart whose values carry @mark adds to its title
 * or axis label: " (~ estimated power)", " (? too few I/Os per burst)",
 * " (! distorted by the host)", " (^ moved by fio's end-of-job drain)",
 * several, or "".
 * @mark: RPT_MARK_* bits of the values drawn
 *
 * Return: a static string.
 */
const char *rpt_mark_note(unsigned int mark);

/**
 * rpt_mark_legend() - What @mark's signs mean, one line per mark set in it,
 * each starting with @pre and ending with a newline.
 * @buf: destination
 * @len: its size
 * @pre: the lines' prefix
 * @mark: RPT_MARK_* bits
 *
 * Return: @buf ("" for no mark).
 */
char *rpt_mark_legend(char *buf, size_t len, const char *pre, unsigned int mark);

/**
 * rpt_events_power_estimated() - Whether the job's power source says its
 * readings are estimates (a power_source event with the mark).
 * @e: the job's events
 *
 * Return: true for estimates.
 */
bool rpt_events_power_estimated(const struct rpt_events *e);

/**
 * rpt_job_mark() - Put the job's marks on its figures, once they are all
 * computed: j->power_estimated on W, J, peak W, MB/s/W and IOPS/W; too few
 * I/Os per burst (j->ios_per_burst, set here) on MB/s, IOPS, W, J,
 * MB/s/W, IOPS/W and the burst score; the host's (j->host) on what its
 * verdict says the host distorted, and fio's drain's (RPT_MARK_DRAIN) on
 * the mean and percentiles its verdict says the drain moved.
 * @j: the job
 */
void rpt_job_mark(struct rpt_job *j);

/**
 * rpt_job_marks() - Every mark on one of the job's figures.
 * @j: the job
 *
 * Return: RPT_MARK_* bits.
 */
unsigned int rpt_job_marks(const struct rpt_job *j);

#endif
