/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_HOSTLOAD_H
#define SSDQ_ENGINE_HOSTLOAD_H

/*
 * The host-interference sidecar (issue 34; the format: docs/host.md):
 * `<prefix>_host.<N>.jsonl`, one per job, written by the progress thread
 * (progress.h) at its intervals' ends, one write(2) per interval, so a job
 * killed keeps every interval but its last.
 *
 * Line 1, the header:
 *   {"version":1,"kind":"host_start","time_us":T,"tid":TID,
 *    "source":"schedstat"|"none","ncpu":N,"cpus_allowed":M,
 *    "model":true|false,"interval_ms":I}
 * then one line per interval, values the interval's own:
 *   {"time_us":T,"interval_us":DT,"run_delay_us":R,"cpu_us":C,
 *    "nivcsw":I,"nvcsw":V[,"ios":K,"intended_us":A,"host_added_us":H,
 *    "host_added_max_us":X,"late_ios":L,"drive_idle_us":G,
 *    "planned_idle_us":P,"drain_ios":D,"drain_added_us":Q,"drain_late_ios":E]}
 * time_us: the interval's end on fio's log_unix_epoch clock (the job's
 * start in CLOCK_REALTIME plus CLOCK_MONOTONIC since, as fio stamps: the
 * same reading as the counters, so interval_us is the time they cover);
 * run_delay_us: the job thread's time runnable but waiting for a
 * CPU (field 2 of /proc/self/task/TID/schedstat, which the scheduler
 * accounts when the wait ends: a wait across an interval's end counts in
 * the interval it ended in; absent, never 0, with source "none" when the
 * kernel has no schedstat); cpu_us: its time on a CPU (its thread CPU
 * clock, exact at any moment; schedstat's field 1, which lags by up to a
 * scheduler tick, where that clock is missing); nivcsw, nvcsw: its involuntary and
 * voluntary context switches (/proc/self/task/TID/status, read only in
 * an interval the thread came back onto a CPU, as schedstat's third field
 * tells: a switch counts in the interval the thread came back in, as its
 * wait does; absent when unreadable). On the drive model the model's own account of the I/Os
 * handed to fio in the interval (host_acct.h): their count, the sum of
 * their intended service times, of their lateness, the largest lateness,
 * how many were late by 100 µs or more, the time with none of the
 * job's I/Os in flight, and fio's drain (host_acct.h): the I/Os handed to
 * fio by a getevents that waited for all in flight, the time that wait
 * added to them (from when the engine had each to the handing), and how
 * many it held 100 µs or more. Every µs figure is the difference of a cumulative
 * count floored to µs, so the lines add up to the job's totals exactly.
 *
 * Knows no fio: the progress thread passes what it knows of the job, and
 * a test can point @proc_dir at files of its own.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

struct ssdq_host_acct;
struct ssdq_hostload;

/**
 * struct ssdq_hostload_cfg - what the sidecar is written of
 * @path: the sidecar
 * @proc_dir: the job thread's /proc directory ("/proc/self/task/TID")
 * @tid: the job thread, for the header
 * @cpu_clock: the job thread's CPU clock (pthread_getcpuclockid())
 * @has_cpu_clock: @cpu_clock is valid
 * @ncpu: CPUs online
 * @cpus_allowed: CPUs the job thread may run on
 * @interval_ms: the progress thread's interval
 * @acct: the drive model's account of the job's I/Os, NULL off the model
 */
struct ssdq_hostload_cfg {
	const char *path;
	const char *proc_dir;
	int tid;
	clockid_t cpu_clock;
	bool has_cpu_clock;
	unsigned int ncpu, cpus_allowed;
	unsigned int interval_ms;
	struct ssdq_host_acct *acct;
};

/**
 * ssdq_hostload_open() - Create the sidecar (truncated), open the thread's
 * schedstat and status once, take the counters as of @t_us (CLOCK_REALTIME
 * µs) and @now_ns (CLOCK_MONOTONIC) and write the header.
 * @out: the writer on success
 * @err: why not, naming the file
 *
 * Return: 0, or -errno (no writer then).
 */
int ssdq_hostload_open(const struct ssdq_hostload_cfg *cfg, int64_t t_us, uint64_t now_ns,
		       struct ssdq_hostload **out, char *err, size_t errlen);

/**
 * ssdq_hostload_tick() - Write the line of the interval ending at @t_us,
 * @now_ns (one pread of each /proc file, one write(2)). An interval of no
 * time writes nothing.
 *
 * Return: 0, or -errno of the write.
 */
int ssdq_hostload_tick(struct ssdq_hostload *h, int64_t t_us, uint64_t now_ns);

/** ssdq_hostload_fd() - The sidecar's descriptor (for fdatasync). */
int ssdq_hostload_fd(const struct ssdq_hostload *h);

/** ssdq_hostload_close() - Close the files and free @h; NULL-safe. */
void ssdq_hostload_close(struct ssdq_hostload *h);

/**
 * ssdq_hostload_parse_schedstat() - Read "CPU_NS RUN_DELAY_NS SLICES" (a
 * /proc/.../schedstat) into @cpu_ns, @delay_ns and @slices (times the
 * thread came onto a CPU).
 *
 * Return: 0, or -EINVAL for text of another shape.
 */
int ssdq_hostload_parse_schedstat(const char *text, uint64_t *cpu_ns, uint64_t *delay_ns,
				  uint64_t *slices);

/**
 * ssdq_hostload_parse_status() - Read voluntary_ctxt_switches and
 * nonvoluntary_ctxt_switches from a /proc/.../status text.
 *
 * Return: 0, or -EINVAL when either is missing.
 */
int ssdq_hostload_parse_status(const char *text, uint64_t *nvcsw, uint64_t *nivcsw);

#endif
