// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stddef.h>

#include "wait.h"

bool ssdq_stop_requested(const struct ssdq_stop *st)
{
	return st && st->flag && *st->flag;
}

int64_t ssdq_stop_mono_us(const struct ssdq_stop *st)
{
	if (st && st->clock)
		return st->clock->mono_us(st->clock->arg);
	return ssdq_mono_us();
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
		/* a signal ends the sleep early: the loop looks at the flag */
		if (st && st->clock)
			st->clock->sleep_until(st->clock->arg, until);
		else
			ssdq_clock_real.sleep_until(NULL, until);
	}
}

int ssdq_wait_for(const struct ssdq_stop *st, int64_t us)
{
	return ssdq_wait_until(st, ssdq_stop_mono_us(st) + us);
}
