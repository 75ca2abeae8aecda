/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_INPUT_KIND_H
#define SSDQ_INPUT_KIND_H

#include <stddef.h>

/*
 * What an input that holds no fio JSON is, so that the message can say what
 * to do: fio's normal (human-readable) output, a fio log or latency
 * histogram log given on its own, fio's messages alone (a job it refused),
 * an empty file, or something else. Judged from the first 64 KiB.
 */
enum rpt_input_kind {
	RPT_INPUT_OTHER,
	RPT_INPUT_EMPTY,
	RPT_INPUT_FIO_NORMAL,	/* fio --output-format=normal (the default) */
	RPT_INPUT_FIO_LOG,	/* time, value, ddir, bs[, offset][, prio] lines */
	RPT_INPUT_FIO_JSON,	/* a '{' line with "fio version" or "jobs" */
	RPT_INPUT_FIO_ERROR,	/* only fio's messages ("fio: failed parsing ...") */
	RPT_INPUT_FIO_HIST_LOG,	/* time, ddir, bs, bucket counts (write_hist_log) */
};

#define RPT_INPUT_SNIFF_BYTES	65536

/**
 * rpt_input_kind() - Classify the start of a file.
 * @text: its first bytes (need not be NUL-terminated)
 * @len: their number (at most RPT_INPUT_SNIFF_BYTES are looked at)
 * @version: on RPT_INPUT_FIO_NORMAL, the "fio-X.Y" line fio printed; on
 *	RPT_INPUT_FIO_ERROR, fio's messages, joined by "; " and cut to @vlen;
 *	else ""
 * @vlen: its size
 *
 * Return: the kind.
 */
enum rpt_input_kind rpt_input_kind(const char *text, size_t len, char *version, size_t vlen);

/**
 * rpt_input_advice() - The message for a file of @kind that is not fio JSON:
 * what it is and how to get what ssdq-report reads.
 * @buf: destination
 * @len: its size
 * @file: the file's name, first in the message
 * @kind: from rpt_input_kind()
 * @version: from rpt_input_kind(), or ""
 *
 * Return: @buf.
 */
char *rpt_input_advice(char *buf, size_t len, const char *file, enum rpt_input_kind kind,
		       const char *version);

/**
 * rpt_input_sniff_file() - rpt_input_kind() of a file's first bytes.
 * @path: the file
 * @version: as rpt_input_kind()
 * @vlen: its size
 *
 * Return: the kind; RPT_INPUT_OTHER when it cannot be read.
 */
enum rpt_input_kind rpt_input_sniff_file(const char *path, char *version, size_t vlen);

/**
 * rpt_input_pts_round() - Whether a test's name is a round of a SNIA PTS
 * test, as ssdq-run --suite snia names each round's fio JSON:
 * "<test>-round-<N>" (iops-round-3, throughput-128k-round-1), N from 1.
 * A results directory holding such files is a PTS run (pts_report.h).
 * @name: the test's name (its file name without directory and .json)
 * @base: on a round, the test's name without "-round-<N>" ("iops")
 * @len: its size
 *
 * Return: the round N (1 or more), or 0 when @name is no round (or @base
 * too small for its test's name).
 */
int rpt_input_pts_round(const char *name, char *base, size_t len);

#endif
