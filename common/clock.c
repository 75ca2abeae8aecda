// SPDX-License-Identifier: GPL-2.0-only
#include <time.h>

#include "clock.h"

int64_t ssdq_realtime_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

uint64_t ssdq_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

int64_t ssdq_mono_us(void)
{
	return (int64_t)(ssdq_mono_ns() / 1000);
}

static int64_t real_realtime_us(void *arg)
{
	(void)arg;
	return ssdq_realtime_us();
}

static int64_t real_mono_us(void *arg)
{
	(void)arg;
	return ssdq_mono_us();
}

static void real_sleep_until(void *arg, int64_t until_us)
{
	struct timespec ts = { .tv_sec = until_us / 1000000,
			       .tv_nsec = (until_us % 1000000) * 1000 };

	(void)arg;
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

const struct ssdq_clock ssdq_clock_real = {
	.realtime_us = real_realtime_us,
	.mono_us = real_mono_us,
	.sleep_until = real_sleep_until,
};
