/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_READER_LOG_H
#define SSDQ_READER_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "envelope.h"

/*
 * A streaming reader of logs in fio's log format, one sample a line:
 *
 *	time_ms, value, ddir, bs[, offset][, prio]
 *
 * time is milliseconds since the job started, or unix milliseconds with
 * log_unix_epoch=1; ssdq's own sidecars may add a fraction (microseconds).
 * value is KiB/s in bw logs, IOPS in iops logs, ns in lat logs, mW in
 * ssdq power logs. The fifth field is the offset with log_offset=1, else the
 * priority; the sixth is the priority (decimal or 0x hex). Blank lines and
 * CR LF endings are accepted. The file is read through a fixed buffer, so
 * memory does not grow with its size.
 */
struct rpt_log_sample {
	double t_ms;
	double value;
	unsigned int ddir;
	uint64_t bs;
	unsigned int nfields;	/* 4 to 6 */
};

struct rpt_log_reader {
	const char *name;	/* for messages; not owned */
	int fd;			/* -1 when reading memory */
	char *buf;		/* owned when fd >= 0 */
	size_t cap;
	size_t pos;		/* next unread byte in buf */
	size_t end;		/* end of valid data in buf */
	bool eof;
	unsigned long line;	/* line of the last sample returned */
	uint64_t bytes;		/* bytes consumed so far */
	struct rpt_envelope *tap;	/* NULL, or tap[ddir] gets every sample of
					 * ddir 0-2 returned (envelope.h): another
					 * series fed in the same pass; set after open */
	bool tap_bytes;			/* the tap gets a sample's bs, not its
					 * value: a per-I/O bw log's bytes */
	char err[256];		/* "name:line: what" after an error */
};

/**
 * rpt_log_open() - Open a log file for reading.
 * @r: reader to set up
 * @path: file; also the name used in messages (kept, not copied)
 *
 * Return: 0, or -errno from open() or -ENOMEM; r->err says which.
 */
int rpt_log_open(struct rpt_log_reader *r, const char *path);

/**
 * rpt_log_open_mem() - Read a log held in memory (tests, fuzzing).
 * @r: reader to set up
 * @name: name used in messages
 * @data: the text; must stay valid while reading
 * @len: its length
 */
void rpt_log_open_mem(struct rpt_log_reader *r, const char *name,
		      const char *data, size_t len);

/**
 * rpt_log_next() - Read the next sample.
 * @r: reader
 * @s: the sample, on return 1
 *
 * Return: 1 with a sample, 0 at the end of the log, -EINVAL for a line that
 * is not a sample, -E2BIG for a line longer than the buffer, or -errno from
 * read(). On error r->err holds "name:line: what was expected"; the reader
 * stays on the bad line, so reading on after an error is not supported.
 */
int rpt_log_next(struct rpt_log_reader *r, struct rpt_log_sample *s);

/**
 * rpt_log_close() - Close the file and free the buffer.
 * @r: reader, NULL-safe; may be closed twice
 */
void rpt_log_close(struct rpt_log_reader *r);

/**
 * rpt_progress_interval() - The interval of the engine's progress sidecar
 * @path (engine/progress.h): the median of the gaps between its first ten
 * lines (one late tick on a busy host moves one gap, not the interval),
 * else @dflt.
 *
 * Return: ms.
 */
double rpt_progress_interval(const char *path, double dflt);

#endif
