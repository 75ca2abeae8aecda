/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_WAIT_H
#define SSDQ_WAIT_H

/*
 * Waits a stop request ends: every wait of the engine (erase, idle, the
 * gap after a burst) sleeps in slices of at most SSDQ_STOP_SLICE_US and
 * looks at the stop flag between them, so a stop ends it within one slice.
 * The clock is struct ssdq_clock (common/clock.h), so tests run the waits
 * on simulated time. Knows nothing of fio: the engine points the flag at
 * fio's td->terminate.
 */

#include <stdbool.h>
#include <stdint.h>

#include "clock.h"

/* Longest sleep between two looks at the stop flag. */
#define SSDQ_STOP_SLICE_US	100000

/**
 * struct ssdq_stop - what a wait watches
 * @flag: true once the job is asked to stop (fio's td->terminate); NULL:
 *	never
 * @clock: NULL for the real clocks (CLOCK_MONOTONIC, nanosleep)
 * @tick: NULL, or called with @tick_arg between two slices of a wait (the
 *	engine's progress lines and stall watch: engine/ssdq.h, ssdq_watch_*)
 */
struct ssdq_stop {
	const volatile bool *flag;
	const struct ssdq_clock *clock;
	void (*tick)(void *tick_arg);
	void *tick_arg;
};

/** ssdq_stop_requested() - Whether @st's flag is set; false for NULL. */
bool ssdq_stop_requested(const struct ssdq_stop *st);

/** ssdq_stop_mono_us() - @st's monotonic clock now, in microseconds. */
int64_t ssdq_stop_mono_us(const struct ssdq_stop *st);

/**
 * ssdq_wait_until() - Sleep until @deadline_us on @st's monotonic clock,
 * or until a stop is requested.
 * @st: stop flag and clock; NULL: real clocks, no flag
 *
 * Return: 0 at the deadline, -EINTR when a stop was requested first (at
 * most one slice after it was).
 */
int ssdq_wait_until(const struct ssdq_stop *st, int64_t deadline_us);

/**
 * ssdq_wait_for() - ssdq_wait_until() now + @us.
 *
 * Return: as ssdq_wait_until().
 */
int ssdq_wait_for(const struct ssdq_stop *st, int64_t us);

#endif
