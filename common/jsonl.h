/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_COMMON_JSONL_H
#define SSDQ_COMMON_JSONL_H

/*
 * The events sidecar's line, written by one function for the engine
 * (engine/sidecar.c) and the sampler (power/sampler.c) alike:
 *
 *   {"time_us":T,"event":NAME[,"job":JOB][,"bytes":N][,"source":SRC]
 *    [,KEY:VALUE][MEMBERS][,"msg":MSG]}
 *
 * in that order, on one line ending in a newline (docs/ARCHITECTURE.md
 * lists the events).
 */

#include <stdint.h>
#include <stdio.h>

/**
 * struct ssdq_event_line - one line of the events sidecar
 * @time_us: CLOCK_REALTIME in microseconds
 * @event: the event's name
 * @job: the job's name; NULL: no "job"
 * @bytes: the bytes the phase moved; negative: no "bytes"
 * @source: the power source or node it concerns; NULL or "": none
 * @key: a member of string value @value (NULL: null); NULL: none
 * @members: JSON text to follow ("," first), e.g. ",\"k\":1"; NULL: none
 * @msg: what happened, in words; NULL or "": none
 */
struct ssdq_event_line {
	int64_t time_us;
	const char *event;
	const char *job;
	long long bytes;
	const char *source;
	const char *key;
	const char *value;
	const char *members;
	const char *msg;
};

/**
 * ssdq_event_line_write() - Write @e to @f as one JSON line. Errors stay
 * in @f's error flag (ferror(), or fclose() of a memstream).
 */
void ssdq_event_line_write(FILE *f, const struct ssdq_event_line *e);

#endif
