/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_PTS_TRACK_H
#define SSDQ_PTS_TRACK_H

/*
 * The tracking variable of one round of a SNIA PTS test, from the fio JSON
 * the round wrote (fio 3.x, json or json+): one job's (a cell's) IOPS, MB/s
 * or mean total latency in one direction. The cell's entries add up: one
 * with group_reporting, one per thread without; latency is their mean
 * weighted by I/Os.
 */

#include "diag.h"

enum rpt_pts_figure {
	RPT_PTS_IOPS,		/* I/Os a second */
	RPT_PTS_MBPS,		/* 10^6 bytes a second */
	RPT_PTS_LAT_US,		/* mean total latency (lat_ns), microseconds */
};

/**
 * struct rpt_pts_var - What a test tracks
 * @job: the cell's fio job name, e.g. "r0-4k"
 * @write: its write direction (else read)
 * @fig: which figure
 */
struct rpt_pts_var {
	char job[64];
	int write;
	enum rpt_pts_figure fig;
};

/**
 * rpt_pts_var_parse() - A tracking variable from "JOB:DIR:FIGURE", DIR
 * read or write, FIGURE iops, mbps or lat (e.g. "r0-4k:write:iops").
 * @spec: the text
 * @v: filled in
 *
 * Return: 0, or -EINVAL naming nothing (the caller names the option).
 */
int rpt_pts_var_parse(const char *spec, struct rpt_pts_var *v);

/**
 * rpt_pts_track() - The tracking variable @v in the fio JSON file @path.
 * @path: a round's fio JSON
 * @v: what to read
 * @out: the value
 * @d: errors, naming @path (and the member when one is malformed)
 *
 * A round in which the cell did no I/O in either direction (it stalled) is
 * a zero round: @out 0, which fails the steady-state windows it falls in.
 *
 * Return: 0; -ENOENT when the file has no job @v->job or the job did I/O
 * only in the other direction (an error in @d says which); -EINVAL for a file
 * that is no fio JSON; -errno when it cannot be read.
 */
int rpt_pts_track(const char *path, const struct rpt_pts_var *v, double *out,
		  struct rpt_diag *d);

#endif /* SSDQ_PTS_TRACK_H */
