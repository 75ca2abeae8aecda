/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_PROGRESS_H
#define SSDQ_PROGRESS_H

/*
 * The job's own account as it goes, so a job killed however it is (kill -9
 * of fio, an OOM kill, a lost client) loses at most its last interval: fio
 * writes its bw/iops/lat logs only at the job's end, its JSON at the run's.
 *
 * Every interval (the job's log_avg_msec, else 1 s of the drive: 1000/S ms,
 * at least 1, on the drive model scaled 1/S, whose fill runs S times faster)
 * a thread of the job
 * process reads fio's own counters of the job (td->io_bytes, io_blocks and
 * ts.clat_stat: nothing is added to the I/O path) and appends one line per
 * data direction the job does to three sidecars in fio's log format, so
 * fio's own tools read them too:
 *
 *   <prefix>_progress_bw.<N>.log    KiB/s over the interval (a bw log)
 *   <prefix>_progress_iops.<N>.log  I/Os per second over it (an iops log)
 *   <prefix>_progress_clat.<N>.log  the mean completion latency of the
 *                                   interval's I/Os, ns (a clat log; no line
 *                                   for an interval without a completion)
 *
 * Lines are "time, value, ddir, 0, 0": time in unix ms with a fraction (µs)
 * at the interval's end, values rounded to whole units as fio's are. Unlike
 * fio's logs, every interval gets its bw and iops lines (0 when nothing
 * completed), the first covers the interval from the thread's start (after
 * the erase, before the first I/O), and the last, partial interval is
 * written at the job's end: each sample covers the time since the line
 * before it, so the rate times that time adds up to fio's io_bytes within
 * the rounding (half a KiB/s per interval). Counters that go back (fio's
 * ramp_time resets them) start again from zero.
 *
 * When fio runs real-time (chrt) the thread runs one priority above the
 * job, so a job that keeps its CPU busy cannot hold its ticks back.
 *
 * Each interval's lines go out with one write(2) per file (the kernel keeps
 * them when the process dies); fdatasync() follows at most once a second,
 * so a host that loses its power loses at most that. Inside `fio --server`
 * the files are sent to the client with the other sidecars at the job's end
 * (remote.h), and stay on the server when that fails.
 */
#include <stdint.h>

struct thread_data;
struct ssdq_progress;

/**
 * ssdq_progress_start() - Open the job's progress sidecars (truncated) and
 * start the thread that writes them; with ssdq_progress=0 do nothing.
 * @td: the job, after its erase and before its first I/O
 * @out: on return 0, the state (NULL when off); give it to ssdq_progress_stop()
 *
 * Return: 0, or -errno when a sidecar cannot be made or the thread cannot
 * start (named through ssdq_log).
 */
int ssdq_progress_start(struct thread_data *td, struct ssdq_progress **out);

/**
 * ssdq_progress_stop() - Stop the thread, write the last, partial interval
 * and close the sidecars. NULL-safe.
 * @td: the job (its counters are final: from the engine's cleanup)
 * @p: from ssdq_progress_start(); freed
 */
void ssdq_progress_stop(struct thread_data *td, struct ssdq_progress *p);

#endif
