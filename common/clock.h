/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_COMMON_CLOCK_H
#define SSDQ_COMMON_CLOCK_H

/*
 * The one clock of ssdq's sidecars (CLOCK_REALTIME in microseconds, lined
 * up with fio's log_unix_epoch) and the monotonic clock waits tick on, and
 * struct ssdq_clock: the same clocks behind a table, so that the sampler's
 * threads and the engine's waits run on a test's simulated time
 * (test/unit/vclock.h) as well as on the real one.
 */

#include <stdint.h>

/** ssdq_realtime_us() - CLOCK_REALTIME in microseconds since the epoch. */
int64_t ssdq_realtime_us(void);

/** ssdq_mono_us() - CLOCK_MONOTONIC in microseconds. */
int64_t ssdq_mono_us(void);

/** ssdq_mono_ns() - CLOCK_MONOTONIC in nanoseconds. */
uint64_t ssdq_mono_ns(void);

/**
 * struct ssdq_clock - the clocks a sampler or a wait reads and sleeps on
 * @realtime_us: CLOCK_REALTIME in microseconds: what lines, events and
 *	polled readings are stamped with, and what ssdq_sampler_end() returns
 * @mono_us: CLOCK_MONOTONIC in microseconds: what the threads tick on
 * @sleep_until: sleep until @mono_us reads @until_us or later. It may
 *	return early: the threads read @mono_us again and check whether they
 *	are to stop (they never ask for more than 50 ms at a time).
 * @wake: called by ssdq_sampler_close() once it has told the threads to
 *	stop: a @sleep_until waiting then returns, and one called after it
 *	returns at once. NULL when @sleep_until returns on time by itself
 *	(the real clock).
 * @arg: passed to each
 *
 * The sampler reads no other clock, so a test can run its threads on a
 * simulated time that it advances itself, and know how many lines that
 * time makes. Sources keep their own: a streamed one (cmd, qis) stamps
 * its samples by the real clock, or by the meter's.
 */
struct ssdq_clock {
	int64_t (*realtime_us)(void *arg);
	int64_t (*mono_us)(void *arg);
	void (*sleep_until)(void *arg, int64_t until_us);
	void (*wake)(void *arg);
	void *arg;
};

/*
 * The real clocks: CLOCK_REALTIME, CLOCK_MONOTONIC and an absolute
 * clock_nanosleep(2) on it (a signal ends the sleep early); no @wake.
 */
extern const struct ssdq_clock ssdq_clock_real;

#endif
