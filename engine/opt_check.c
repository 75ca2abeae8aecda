// SPDX-License-Identifier: GPL-2.0-only
/*
 * Engine options that fio's own parser would misread: an integer option
 * given "1e9" is read as 1, and one given "-5" is refused with a message
 * while the job runs on with the default and fio exits 0 (ssdq_duty=-5 ran
 * without bursts' idles, ssdq_model_scale=-5 on the full-size drive). These are kept
 * as strings and parsed here, strictly; a value that cannot be honoured
 * fails the job, so fio exits non-zero.
 */
#include <errno.h>

#include "ssdq.h"
#include "opt_parse.h"

#define POWER_RATE_MIN	0.1
#define POWER_RATE_MAX	20000.0
#define POWER_MAX_W	10000.0
#define MODEL_SCALE_MAX	1e9

/* A whole number in [@min, @max] from @str (@def when unset), or a message naming @name. */
static int whole(struct thread_data *td, const char *name, const char *str, const char *def,
		 double min, double max, unsigned int *out)
{
	const char *v = str ? str : def;
	double d;
	int ret = ssdq_parse_number(v, min, max, &d);

	if (!ret && d != (double)(unsigned int)d)
		ret = -EINVAL;
	if (ret) {
		ssdq_log("%s: %s=%s: %s; give a whole number from %.0f to %.0f", td->o.name, name, v,
			 ret == -ERANGE ? "out of range" : "not a whole number", min, max);
		return ret;
	}
	*out = (unsigned int)d;
	return 0;
}

int ssdq_check_options(struct thread_data *td)
{
	struct ssdq_options *o = td->eo;
	const char *rate = o->power_rate_str ? o->power_rate_str : "10";
	int ret;

	ret = ssdq_parse_number(rate, POWER_RATE_MIN, POWER_RATE_MAX, &o->power_hz);
	if (ret) {
		ssdq_log("%s: ssdq_power_rate=%s: %s; give %g to %g samples per second", td->o.name,
			 rate, ret == -ERANGE ? "out of range" : "not a number", POWER_RATE_MIN,
			 POWER_RATE_MAX);
		return ret;
	}
	ret = whole(td, "ssdq_duty", o->duty_str, "100", 1, 100, &o->duty);
	if (!ret)
		ret = whole(td, "ssdq_model_scale", o->model_scale_str, "1", 1, MODEL_SCALE_MAX,
			    &o->model_scale);
	if (ret)
		return ret;
	o->power_max_w = 0;
	if (o->power_max_str && *o->power_max_str) {
		ret = ssdq_parse_number(o->power_max_str, 0, POWER_MAX_W, &o->power_max_w);
		if (ret || o->power_max_w <= 0) {
			ssdq_log("%s: ssdq_power_max=%s: give the most watts a reading may show "
				 "(above 0, at most %g)", td->o.name, o->power_max_str, POWER_MAX_W);
			return ret ? ret : -ERANGE;
		}
	}
	return 0;
}
