/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_WATCH_H
#define SSDQ_ENGINE_WATCH_H

/*
 * A job's progress lines and stall watch (watch.c). Includes fio's headers.
 */
#include <stdbool.h>
#include <stdint.h>

#include "fio.h"

/**
 * struct ssdq_watch - a job's progress lines and stall watch (watch.c)
 * @t0_ns: the job's first look
 * @next_ns: when the next progress line is due
 * @quiet_since_ns: the last completion, or the submission that found no
 *	I/O in flight: the drive has said nothing since
 * @stalled_ns: how long the drive had been silent when the job was
 *	stopped for it; 0: it was not (stop.c reads it for the stop reason)
 * @phase: "io", "erase" or "idle", for the progress line
 */
struct ssdq_watch {
	uint64_t t0_ns;
	uint64_t next_ns;
	uint64_t quiet_since_ns;
	uint64_t stalled_ns;
	const char *phase;
};

/**
 * ssdq_watch_tick() - Look at the job's progress, in the job's thread: print
 * a progress line when one is due (ssdq_progress=; "ssdq: progress
 * JOB.N: phase=io|erase|idle|stalled written=BYTES read=BYTES
 * elapsed_ms=MS", through fio's connection inside a server, on stdout
 * in plain fio), and stop the job when I/O is in flight and the drive has
 * completed none for ssdq_stall_timeout: said on stderr naming the file
 * and the silence, td's error ETIMEDOUT, the terminate flag set, stop
 * reason "stalled". Called by backends after reaping and by waits
 * between slices of a wait (submissions and completions print only).
 *
 * Return: true once the job is stopped as stalled (a backend then gives
 * up the I/O its drive will never complete).
 */
bool ssdq_watch_tick(struct thread_data *td);

/** ssdq_watch_wait_tick() - ssdq_watch_tick() for struct ssdq_stop's @tick (@td). */
void ssdq_watch_wait_tick(void *td);

/** ssdq_watch_submitted() - An I/O was sent; starts the silence when none was in flight. */
void ssdq_watch_submitted(struct thread_data *td);

/** ssdq_watch_completed() - An I/O completed: the drive answered. */
void ssdq_watch_completed(struct thread_data *td);

/**
 * ssdq_watch_end() - Record "stalled" (with "silent_s", the drive's
 * silence when the job was stopped) in the events sidecar when the job was
 * stopped as stalled; print its last progress line.
 * @t_us: its time (CLOCK_REALTIME, microseconds)
 */
void ssdq_watch_end(struct thread_data *td, int64_t t_us);

#endif
