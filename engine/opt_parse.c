// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "opt_parse.h"

int ssdq_parse_interval(const char *str, unsigned long long *usec)
{
	static const struct { const char *unit; double us; } units[] = {
		{ "", 1e6 }, { "s", 1e6 }, { "ms", 1e3 }, { "us", 1 }, { "m", 60e6 },
	};
	char *end;
	double v;

	if (!str || !*str || *str == '-' || *str == '+')
		return -EINVAL;
	v = strtod(str, &end);
	if (end == str || !isfinite(v) || v < 0)
		return -EINVAL;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (!strcmp(end, units[i].unit)) {
			double us = v * units[i].us;

			if (us > 86400e6)
				return -EINVAL;
			*usec = (unsigned long long)llround(us);
			return 0;
		}
	}
	return -EINVAL;
}

int ssdq_parse_number(const char *str, double min, double max, double *out)
{
	char *end;
	double v;

	if (!str || !*str)
		return -EINVAL;
	v = strtod(str, &end);
	if (end == str || *end || !isfinite(v))
		return -EINVAL;
	if (v < min || v > max)
		return -ERANGE;
	*out = v;
	return 0;
}
