/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_HOST_H
#define SSDQ_HOST_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

/*
 * The engine's host-interference sidecar, <prefix>_host.<N>.jsonl
 * (docs/host.md): a header line
 *   {"version":1,"kind":"host_start","time_us","tid","source":"schedstat"|"none",
 *    "ncpu","cpus_allowed","model":bool,"interval_ms"}
 * then one line per progress interval with the interval's own values:
 *   {"time_us" (its end, unix µs),"interval_us","run_delay_us","cpu_us",
 *    "nivcsw","nvcsw"} and, on the drive model only, its account of the
 *   interval's completed I/Os: "ios","intended_us","host_added_us",
 *   "host_added_max_us","late_ios","drive_idle_us","planned_idle_us", and
 *   fio's end-of-job drain: "drain_ios","drain_added_us","drain_late_ios".
 * A value the line does not carry is NAN (source "none": no run delay;
 * a namespace: no model account), never 0. A version other than
 * RPT_HOST_VERSION is refused (an error naming the file and line; nothing
 * read); a bad line is an error naming the file and line, and the other
 * lines are still used.
 */
#define RPT_HOST_VERSION	1

/* Late by at least this, an I/O counts in late_ios (docs/host.md) */
#define RPT_HOST_LATE_US	100

struct rpt_host_iv {
	double t_ms;			/* the interval's end, unix ms */
	double interval_us;		/* its length */
	double run_delay_us;		/* waiting for a CPU; NAN: not measured */
	double cpu_us;			/* on a CPU; NAN */
	double nivcsw, nvcsw;		/* involuntary, voluntary switches; NAN */
	/* the drive model's account; NAN on a namespace */
	double ios;			/* I/Os completed */
	double intended_us;		/* Σ service time the model set */
	double host_added_us;		/* Σ lateness: handed to fio − deadline */
	double host_added_max_us;	/* the latest I/O's lateness */
	double late_ios;		/* late by RPT_HOST_LATE_US or more */
	double drive_idle_us;		/* none of the job's I/Os in the model */
	double planned_idle_us;		/* the job's own idle; NAN: not written */
	/* fio's drain (a getevents waiting for all in flight); NAN: not written */
	double drain_ios;		/* I/Os it handed over */
	double drain_added_us;		/* Σ the time it held them */
	double drain_late_ios;		/* held RPT_HOST_LATE_US or more */
};

struct rpt_host {
	bool has_start;			/* the host_start line was read */
	double t0_ms;			/* its time, unix ms */
	long tid;			/* the job thread */
	bool schedstat;			/* "source":"schedstat": run delays measured */
	int ncpu, cpus_allowed;		/* -1 when not said */
	bool model;			/* on the drive model: its account present */
	double interval_ms;		/* the progress interval, NAN when not said */
	struct rpt_host_iv *iv;		/* in time order */
	size_t n;
	size_t cap;
	bool refused;			/* a version this reader does not know */
};

/**
 * rpt_host_read() - Read a host sidecar.
 * @path: the file (also its name in messages)
 * @h: the intervals; free with rpt_host_free()
 * @d: an error per bad line (file:line and what was expected)
 *
 * Return: 0 (bad lines are left out), -EPROTONOSUPPORT for a version this
 * reader does not know (@h then holds nothing), -errno when unreadable,
 * -ENOMEM.
 */
int rpt_host_read(const char *path, struct rpt_host *h, struct rpt_diag *d);

/**
 * rpt_host_read_mem() - As rpt_host_read(), from memory.
 * @name: name in messages
 * @data: the text
 * @len: its length
 * @h: as rpt_host_read()
 * @d: as rpt_host_read()
 *
 * Return: as rpt_host_read().
 */
int rpt_host_read_mem(const char *name, const char *data, size_t len,
		      struct rpt_host *h, struct rpt_diag *d);

/**
 * rpt_host_free() - Free the intervals.
 * @h: NULL-safe
 */
void rpt_host_free(struct rpt_host *h);

#endif
