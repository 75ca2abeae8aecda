// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <time.h>

#include "wait.h"

static int64_t real_mono_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void real_sleep_until(int64_t until_us)
{
	struct timespec ts = { .tv_sec = until_us / 1000000,
			       .tv_nsec = (until_us % 1000000) * 1000 };

	/* a signal ends the sleep early: the caller looks at its flag */
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

bool ssdq_stop_requested(const struct ssdq_stop *st)
{
	return st && st->flag && *st->flag;
}

int64_t ssdq_stop_mono_us(const struct ssdq_stop *st)
{
	if (st && st->clock)
		return st->clock->mono_us(st->clock->arg);
	return real_mono_us();
}

int ssdq_wait_until(const struct ssdq_stop *st, int64_t deadline_us)
{
	for (;;) {
		int64_t now = ssdq_stop_mono_us(st), until = deadline_us;

		if (st && st->tick)
			st->tick(st->tick_arg);
		if (ssdq_stop_requested(st))
			return -EINTR;
		if (now >= deadline_us)
			return 0;
		if (until - now > SSDQ_STOP_SLICE_US)
			until = now + SSDQ_STOP_SLICE_US;
		if (st && st->clock)
			st->clock->sleep_until(st->clock->arg, until);
		else
			real_sleep_until(until);
	}
}

int ssdq_wait_for(const struct ssdq_stop *st, int64_t us)
{
	return ssdq_wait_until(st, ssdq_stop_mono_us(st) + us);
}
