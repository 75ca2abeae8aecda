/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_HOST_ACCT_H
#define SSDQ_ENGINE_HOST_ACCT_H

/*
 * The drive model's account of what the host added to each I/O (issue 34):
 * the job thread (be_model.c) writes it as it reaps, the progress thread
 * (hostload.h) reads it every interval, and neither waits on the other.
 *
 * Per I/O the model set a completion deadline when it was submitted; its
 * intended service time is deadline - submission, and the host's lateness
 * (host-added) is the time the engine handed it to fio minus that deadline:
 * a thread that waited for a CPU, a timer that fired late. Between an I/O
 * handed to fio and the next submission none of the job's I/Os is in flight
 * in the model: the drive is idle for the host (fio's own time per I/O, and
 * at QD1 everything the host adds there).
 *
 * One writer (the job thread) and one reader (the progress thread): the
 * writer's updates sit between two steps of a sequence counter (a seqlock),
 * so the reader takes a consistent snapshot (an I/O's intended and added
 * time in the same interval as its count) and retries when it raced; the
 * interval's largest host-added time is taken with a compare-and-swap on a
 * word holding it beside the low bits of the I/O count, so it is reset
 * exactly at the snapshot's I/O. No lock, no system call: a few atomic
 * stores per I/O.
 *
 * fio's drain: at a job's end fio waits for every I/O in flight at once (a
 * getevents whose min is all of them: fio 3.33's cleanup in backend.c), and
 * stamps each I/O of that call when the call returns, the last one's
 * completion: the I/Os done early in it are stamped late. That is fio's own
 * stamping, on any engine and any drive, not the host's: the engine counts
 * it apart (drain_ns: from the moment it had each such I/O, its deadline or
 * the host's late wake-up after it, to the moment fio was handed it), so an
 * I/O's observed time is intended + host-added + drain-added.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/*
 * The model keeps its pace while the host adds at most this share to the
 * service times it sets (the model_pace event's "kept"; docs/host.md).
 */
#define SSDQ_HOST_PACE_SHARE	0.05

/* An I/O at least this late (ns) counts as late (late_ios). */
#define SSDQ_HOST_LATE_NS	100000ull

/**
 * struct ssdq_host_acct - cumulative counters of one job (all ns)
 * @seq: odd while the writer updates the rest
 * @ios: I/Os handed to fio
 * @intended_ns: sum of their intended service times
 * @added_ns: sum of their lateness
 * @late_ios: those late by SSDQ_HOST_LATE_NS or more
 * @idle_ns: closed spans with nothing in flight
 * @idle_since_ns: CLOCK_MONOTONIC start of the open idle span; 0: busy or in a
 *	planned idle
 * @planned_ns: closed spans of planned idle (the job's own: a burst's duty-cycle
 *	idle, the cool-down after it, fio's thinktime), not the host's
 * @planned_since_ns: start of the open planned idle span; 0: none
 * @job_max_ns: the largest lateness of the job
 * @max_word: the interval's largest lateness (µs, saturated) in the low 32 bits, the
 *	low 32 bits of @ios at its last change in the high 32
 * @drain_ios: I/Os handed to fio in a getevents that waited for all in flight
 * @drain_ns: the time fio's drain added to them (ssdq_host_acct_drain())
 * @drain_late_ios: those the drain held back SSDQ_HOST_LATE_NS or more
 * @drain_max_ns: the longest the drain held one (the job's)
 * @drain_lat_max_ns: the longest latency of one it handed over, submission to
 *	handing: the largest fio records of a drained I/O (the job's; what
 *	ssdq-report holds its percentiles against, docs/report.md)
 */
struct ssdq_host_acct {
	_Atomic uint32_t seq;
	_Atomic uint64_t ios;
	_Atomic uint64_t intended_ns;
	_Atomic uint64_t added_ns;
	_Atomic uint64_t late_ios;
	_Atomic uint64_t idle_ns;
	_Atomic uint64_t idle_since_ns;
	_Atomic uint64_t planned_ns;
	_Atomic uint64_t planned_since_ns;
	_Atomic uint64_t job_max_ns;
	_Atomic uint64_t max_word;
	_Atomic uint64_t drain_ios;
	_Atomic uint64_t drain_ns;
	_Atomic uint64_t drain_late_ios;
	_Atomic uint64_t drain_max_ns;
	_Atomic uint64_t drain_lat_max_ns;
};

/**
 * struct ssdq_host_snap - what the reader takes: cumulative counters, the
 * idle time up to the snapshot, the job's largest lateness (ns) and the
 * largest (µs) since the previous snapshot
 */
struct ssdq_host_snap {
	uint64_t ios, intended_ns, added_ns, late_ios, idle_ns, planned_ns;
	uint64_t job_max_ns;
	uint64_t added_max_us;
	uint64_t drain_ios, drain_ns, drain_late_ios, drain_max_ns, drain_lat_max_ns;
};

/**
 * ssdq_host_acct_init() - Start the account idle as of @now_ns (nothing in
 * flight before the job's first submission).
 */
void ssdq_host_acct_init(struct ssdq_host_acct *a, uint64_t now_ns);

/**
 * ssdq_host_acct_busy() - The first I/O in flight was submitted at @now_ns:
 * the idle span ends. Call only on the change from none in flight.
 * @think_ns: the job's planned pause before a submission (fio's thinktime),
 *	0 if none: an idle span at least this long held one, and this much of it
 *	counts as planned idle, the rest (the sleep's lateness too) as the host's;
 *	never before the job's first I/O (fio thinks after I/Os: the wait for
 *	the first is its set-up)
 */
void ssdq_host_acct_busy(struct ssdq_host_acct *a, uint64_t now_ns, uint64_t think_ns);

/**
 * ssdq_host_acct_plan() - The job idles on purpose from @now_ns (@start: a
 * burst's duty-cycle idle, the cool-down after the job) or stops doing so
 * (!@start, nothing in flight: an idle span starts again). Planned idle is
 * no drive idle the host took: the verdict leaves it out of the job's time.
 */
void ssdq_host_acct_plan(struct ssdq_host_acct *a, uint64_t now_ns, bool start);

/**
 * ssdq_host_acct_io() - Account one I/O handed to fio at @reap_ns.
 * @submit_ns: when the model was given it (its ssdq_model_io() now)
 * @deadline_ns: the completion time the model returned
 * @reap_ns: when the engine handed it to fio (CLOCK_MONOTONIC); a reap
 *	before the deadline (a failed I/O) counts as on time
 * @idle: nothing is left in flight: an idle span starts at @reap_ns
 *
 * Return: the lateness in ns.
 */
uint64_t ssdq_host_acct_io(struct ssdq_host_acct *a, uint64_t submit_ns, uint64_t deadline_ns,
			   uint64_t reap_ns, bool idle);

/**
 * ssdq_host_acct_drain() - Account fio's drain: @n I/Os handed to fio at
 * @handed_ns (CLOCK_MONOTONIC) by one getevents whose min asked for every
 * I/O in flight. Call after ssdq_host_acct_io() of each of them.
 * @submit_ns: when the model was given each one (its latency in fio is
 *	@handed_ns minus that and fio's few µs of stamping)
 * @ready_ns: when the engine had each one (the @reap_ns it was accounted
 *	at): the drain added @handed_ns minus that; one ready after @handed_ns
 *	counts 0
 * @n: how many
 */
void ssdq_host_acct_drain(struct ssdq_host_acct *a, const uint64_t *submit_ns,
			  const uint64_t *ready_ns, unsigned int n, uint64_t handed_ns);

/**
 * ssdq_host_acct_idle() - An I/O the model never timed (the stalled drive's,
 * given up) left none in flight at @now_ns: an idle span starts, nothing
 * else is counted.
 */
void ssdq_host_acct_idle(struct ssdq_host_acct *a, uint64_t now_ns);

/**
 * ssdq_host_acct_snap() - Take a consistent snapshot as of @now_ns (the
 * reader's CLOCK_MONOTONIC) and reset the largest lateness to start the
 * next interval after it. Retries while the writer is in an update.
 */
void ssdq_host_acct_snap(struct ssdq_host_acct *a, uint64_t now_ns, struct ssdq_host_snap *s);

/**
 * ssdq_host_acct_totals() - The same snapshot for the job's end, leaving the
 * interval's largest lateness to the progress thread's last line.
 */
void ssdq_host_acct_totals(struct ssdq_host_acct *a, uint64_t now_ns, struct ssdq_host_snap *s);

#endif
