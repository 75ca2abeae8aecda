/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_DIAG_H
#define SSDQ_DIAG_H

#include <stdbool.h>
#include <stddef.h>

/*
 * A list of messages gathered while reading one test: errors (the input is
 * wrong; the figures that depend on it are null) and warnings (the figures
 * came out but need care). Each message already names its place, e.g.
 * "dir/seq.json:14: truncated JSON document" or "seq.json: jobs[0].write.iops:
 * expected a number, got a string".
 */
enum rpt_level { RPT_WARN, RPT_ERROR };

struct rpt_diag {
	char **msg;
	enum rpt_level *level;
	size_t n;
	size_t cap;
	size_t nerrors;
};

/**
 * rpt_diag_add() - Append a printf-formatted message.
 * @d: list; NULL drops the message (for callers that only probe)
 * @level: RPT_WARN or RPT_ERROR
 * @fmt: printf format
 *
 * Out of memory drops the message silently rather than failing the report.
 */
void rpt_diag_add(struct rpt_diag *d, enum rpt_level level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/**
 * rpt_diag_free() - Free the messages; @d may then be reused.
 * @d: list, NULL-safe
 */
void rpt_diag_free(struct rpt_diag *d);

#endif
