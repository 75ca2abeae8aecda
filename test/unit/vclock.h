/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_VCLOCK_H
#define SSDQ_VCLOCK_H

/*
 * A simulated clock for the sampler's threads (struct ssdq_clock in
 * power/sampler.h): time stands still until the test moves it, so the test
 * knows which ticks happened and what they wrote, however busy the host.
 *
 *	struct vclock vc;
 *	struct ssdq_clock clk;
 *
 *	vclock_init(&vc, &clk, 2);		(power and SMART/events threads)
 *	cfg.clock = &clk;
 *	ssdq_sampler_open(&cfg, &s, err, sizeof(err));
 *	CHECK_EQ_INT(vclock_run(&vc, 300000), 0);	(to 300 ms)
 *	ssdq_sampler_close(s);
 *	vclock_destroy(&vc);
 *
 * Time starts at 0: CLOCK_MONOTONIC reads VCLOCK_MONO0 then, CLOCK_REALTIME
 * VCLOCK_RT0 (a whole second, so sample periods start on it). vclock_run()
 * waits until every thread sleeps, moves time to the earliest deadline and
 * wakes that thread, and so on: each tick runs in full, on time, before the
 * next. A thread busy in a slow read moves time itself with vclock_spend().
 */

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "../../power/sampler.h"

#define VCLOCK_MONO0	1000000LL		/* 1 s: the sampler takes 0 for "never" */
#define VCLOCK_RT0	1700000000000000LL
#define VCLOCK_THREADS	8
/* how long, in real time, the threads may take to fall asleep after a tick */
#define VCLOCK_LIMIT_S	20

/**
 * struct vclock - simulated time and the threads sleeping on it
 * @lock: guards the rest
 * @cond: broadcast when time moves, a thread falls asleep, or on wake
 * @now: microseconds since the start
 * @until: deadlines of the sleeping threads (CLOCK_MONOTONIC), 0: free
 * @threads: how many threads sleep on it between ticks
 * @woken: set by the sampler's close: every sleep returns at once
 */
struct vclock {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int64_t now;
	int64_t until[VCLOCK_THREADS];
	int threads;
	bool woken;
};

static inline int64_t vclock_rt(void *arg)
{
	struct vclock *vc = arg;
	int64_t t;

	pthread_mutex_lock(&vc->lock);
	t = VCLOCK_RT0 + vc->now;
	pthread_mutex_unlock(&vc->lock);
	return t;
}

static inline int64_t vclock_mono(void *arg)
{
	return vclock_rt(arg) - VCLOCK_RT0 + VCLOCK_MONO0;
}

static inline void vclock_sleep_until(void *arg, int64_t until_us)
{
	struct vclock *vc = arg;
	int slot = 0;

	pthread_mutex_lock(&vc->lock);
	while (vc->until[slot])
		if (++slot == VCLOCK_THREADS)
			abort();	/* more threads than the clock was made for */
	vc->until[slot] = until_us;
	pthread_cond_broadcast(&vc->cond);
	while (!vc->woken && VCLOCK_MONO0 + vc->now < until_us)
		pthread_cond_wait(&vc->cond, &vc->lock);
	vc->until[slot] = 0;
	pthread_mutex_unlock(&vc->lock);
}

static inline void vclock_wake(void *arg)
{
	struct vclock *vc = arg;

	pthread_mutex_lock(&vc->lock);
	vc->woken = true;
	pthread_cond_broadcast(&vc->cond);
	pthread_mutex_unlock(&vc->lock);
}

/**
 * vclock_init() - Start a clock at 0 and fill @clk with its operations.
 * @vc: the clock
 * @clk: for ssdq_sampler_cfg.clock
 * @threads: how many threads will sleep on it (the sampler's: 2 with a
 *	power source, 1 without)
 */
static inline void vclock_init(struct vclock *vc, struct ssdq_clock *clk, int threads)
{
	pthread_condattr_t ca;

	*vc = (struct vclock){ .threads = threads };
	pthread_mutex_init(&vc->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&vc->cond, &ca);
	pthread_condattr_destroy(&ca);
	*clk = (struct ssdq_clock){ .realtime_us = vclock_rt, .mono_us = vclock_mono,
				    .sleep_until = vclock_sleep_until, .wake = vclock_wake,
				    .arg = vc };
}

/* Every thread asleep, none of them due. Called under the lock. */
static inline bool vclock_quiet(const struct vclock *vc, int64_t *next)
{
	int asleep = 0;

	*next = INT64_MAX;
	for (int i = 0; i < VCLOCK_THREADS; i++) {
		if (vc->until[i] <= VCLOCK_MONO0 + vc->now)
			continue;	/* free, or due and about to run */
		asleep++;
		if (vc->until[i] - VCLOCK_MONO0 < *next)
			*next = vc->until[i] - VCLOCK_MONO0;
	}
	return asleep == vc->threads;
}

/**
 * vclock_run() - Run the threads' ticks up to @until_us, then stop time
 * there, the threads asleep. A time already past is not gone back to.
 * @vc: the clock
 * @until_us: microseconds since the start
 *
 * Return: 0, or -ETIMEDOUT when the threads did not fall asleep within
 * VCLOCK_LIMIT_S seconds of real time after a tick (one stuck, or fewer
 * threads than vclock_init() was told).
 */
static inline int vclock_run(struct vclock *vc, int64_t until_us)
{
	int64_t next;

	pthread_mutex_lock(&vc->lock);
	for (;;) {
		struct timespec limit;

		clock_gettime(CLOCK_MONOTONIC, &limit);
		limit.tv_sec += VCLOCK_LIMIT_S;
		while (!vclock_quiet(vc, &next)) {
			if (pthread_cond_timedwait(&vc->cond, &vc->lock, &limit) == ETIMEDOUT) {
				pthread_mutex_unlock(&vc->lock);
				return -ETIMEDOUT;
			}
		}
		if (vc->now >= until_us)
			break;
		vc->now = next < until_us ? next : until_us;
		pthread_cond_broadcast(&vc->cond);
	}
	pthread_mutex_unlock(&vc->lock);
	return 0;
}

/**
 * vclock_spend() - Move time on by @us from a running thread: a read that
 * took that long.
 */
static inline void vclock_spend(struct vclock *vc, int64_t us)
{
	pthread_mutex_lock(&vc->lock);
	vc->now += us;
	pthread_cond_broadcast(&vc->cond);
	pthread_mutex_unlock(&vc->lock);
}

/** vclock_destroy() - Free what vclock_init() made; the sampler is closed. */
static inline void vclock_destroy(struct vclock *vc)
{
	pthread_cond_destroy(&vc->cond);
	pthread_mutex_destroy(&vc->lock);
}

#endif
