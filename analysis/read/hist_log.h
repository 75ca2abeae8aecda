/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_HIST_LOG_H
#define SSDQ_HIST_LOG_H

#include <stdint.h>
#include <stdio.h>

#include "lat_hist.h"

/*
 * fio's latency histogram log (write_hist_log=P: P_clat_hist.N.log), one
 * interval (log_hist_msec) a line:
 *
 *	time_ms, ddir, bs, count_0, ..., count_{k-1}
 *
 * count_i is the I/Os of that interval in bucket i of fio's latency
 * histogram (29 groups of 64 buckets, 1856 in all: the buckets of json+
 * "bins"), with log_hist_coarseness=c summing 2^c neighbours: k = 1856 >> c.
 * The layout is the same in fio 3.25 to 3.42 (engine/fio_compat.h). fio
 * before 2.99 logged 19 groups of the same 64 buckets (1216 counts, k =
 * 1216 >> c) whose values are µs, not ns: the two never have the same k, so
 * a line's count tells them apart. fio logs no partial last interval, so
 * the log holds fewer I/Os than fio's JSON.
 */

/* fio's histogram: FIO_IO_U_PLAT_BITS, _VAL and _NR */
#define RPT_PLAT_BITS	6
#define RPT_PLAT_VAL	(1 << RPT_PLAT_BITS)
#define RPT_PLAT_NR	(29 * RPT_PLAT_VAL)
#define RPT_PLAT_NR_2X	(19 * RPT_PLAT_VAL)	/* fio before 2.99: µs buckets */

/**
 * rpt_plat_ns() - The latency fio stands for bucket @idx of its histogram
 * (the json+ "bins" key): exact below 128 ns, else the middle of the bucket.
 * @idx: 0 <= idx < RPT_PLAT_NR
 *
 * Return: ns.
 */
uint64_t rpt_plat_ns(unsigned int idx);

/*
 * A hist log read a line at a time (memory does not grow with the log):
 * each line's non-zero counts, sparse. The first line's count sets the
 * layout (fio 3's or 2.x's) and the coarseness; a line whose count differs
 * (logs of fio 2.x and 3.x, or of two coarsenesses, mixed) and a truncated
 * line are errors naming the file and line. A bucket index is the same in
 * both layouts: its latency is unit_ns * rpt_hist_coarse_ns().
 */
struct rpt_hist_line {
	double t_ms;		/* the interval's end */
	unsigned int ddir;	/* 0 read, 1 write, 2 trim */
	uint64_t bs;
	size_t nnz;		/* non-zero counts: */
	const uint32_t *idx;	/* their coarse buckets, ascending */
	const uint64_t *cnt;	/* and counts; both valid until the next line */
};

struct rpt_hist_reader {
	FILE *f;
	const char *name;	/* for messages; not owned */
	char *buf;
	size_t cap;
	unsigned long line;	/* of the last line returned */
	int coarseness;		/* -1 until the first line */
	unsigned int plat_nr;	/* fine buckets: RPT_PLAT_NR, or _2X (fio 2.x) */
	unsigned int unit_ns;	/* a bucket value's unit: 1 (fio 3), 1000 (2.x) */
	uint32_t idx[RPT_PLAT_NR];
	uint64_t cnt[RPT_PLAT_NR];
	char err[512];		/* "name:line: expected ..." after an error */
};

/**
 * rpt_hist_open() - Open a hist log to read line by line.
 * @r: the reader
 * @path: the log; also its name in messages (kept, not copied)
 *
 * Return: 0 or -errno from fopen(); r->err says so.
 */
int rpt_hist_open(struct rpt_hist_reader *r, const char *path);

/**
 * rpt_hist_open_mem() - As rpt_hist_open(), over text in memory (tests,
 * fuzzing).
 * @r: the reader
 * @name: name in messages
 * @data: the text, valid while reading
 * @len: its length
 *
 * Return: 0 or -ENOMEM.
 */
int rpt_hist_open_mem(struct rpt_hist_reader *r, const char *name, const char *data, size_t len);

/**
 * rpt_hist_next() - The next interval of the log (blank lines skipped).
 * @r: the reader
 * @l: the line, on return 1
 *
 * Return: 1 with a line, 0 at the end, -EINVAL for a line that is not an
 * interval of fio's histogram in the first line's layout (r->err: "name:line: expected ..."), -EIO.
 */
int rpt_hist_next(struct rpt_hist_reader *r, struct rpt_hist_line *l);

/**
 * rpt_hist_close() - Close the log; NULL-safe, may be called twice.
 * @r: the reader
 */
void rpt_hist_close(struct rpt_hist_reader *r);

/**
 * rpt_hist_coarse_ns() - What fio stands for coarse bucket @idx of a log
 * of @coarseness: the middle of the fine bucket in its middle (exact with
 * coarseness 0).
 * @idx: coarse bucket
 * @coarseness: log_hist_coarseness
 *
 * Return: ns for fio 3's layout; µs for fio 2.x's (times the reader's
 * unit_ns: ns).
 */
uint64_t rpt_hist_coarse_ns(unsigned int idx, unsigned int coarseness);

/**
 * struct rpt_hist_log - What a hist log held.
 * @h: per data direction (0 read, 1 write, 2 trim): the I/Os at the latency
 *     of the middle bucket of each coarse bucket (exact with coarseness 0)
 * @lines: intervals read
 * @coarseness: log_hist_coarseness, from the number of counts a line
 * @plat_nr: fio's fine buckets, RPT_PLAT_NR or RPT_PLAT_NR_2X (a log of fio
 *     before 2.99, read as ns); 0 for an empty log
 */
struct rpt_hist_log {
	struct rpt_lat_hist h[3];
	unsigned long lines;
	unsigned int coarseness;
	unsigned int plat_nr;
};

/**
 * rpt_hist_log_read() - Read a whole hist log.
 * @path: the log
 * @out: the result, zeroed first; free with rpt_hist_log_free(), also on
 *       error
 * @err: on error, "path:line: what"
 * @errlen: its size
 *
 * Return: 0, -errno from open/read, -EINVAL for a line that is not an
 * interval of fio's histogram (or a count that differs from the first
 * line's), -ENOMEM, -EOVERFLOW.
 */
int rpt_hist_log_read(const char *path, struct rpt_hist_log *out, char *err, size_t errlen);

/**
 * rpt_hist_log_free() - Free the histograms.
 * @l: NULL-safe
 */
void rpt_hist_log_free(struct rpt_hist_log *l);

#endif
