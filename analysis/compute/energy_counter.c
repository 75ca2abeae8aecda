// SPDX-License-Identifier: GPL-2.0-only
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "energy_counter.h"
#include "power.h"

/* a counter end this far inside the window is still taken to cover it */
#define COVER_SLACK_MS	100.0

/* The samples' energy over [a, b] and [c, d]; NAN when they do not cover them. */
static double outside_j(const char *power_log, double a, double b, double c, double d)
{
	struct rpt_span sp[2];
	struct rpt_log_reader r;
	struct rpt_power p;
	size_t n = 0;
	double j = NAN;

	if (b > a)
		sp[n++] = (struct rpt_span){ a, b };
	if (d > c)
		sp[n++] = (struct rpt_span){ c, d };
	if (!n)
		return 0;
	if (!power_log || rpt_log_open(&r, power_log))
		return NAN;
	if (!rpt_power_read_spans(&r, sp, n, &p) && p.energy_j.ok)
		j = p.energy_j.v;
	rpt_log_close(&r);
	return j;
}

bool rpt_energy_counter_window(const struct rpt_energy_counter *c, const char *power_log,
			       double t0_ms, double t1_ms, struct rpt_fig *energy_j,
			       char *note, size_t len)
{
	double pre, post, out;

	if (!c->have) {
		snprintf(note, len, "sum of power samples: no energy counter");
		return false;
	}
	if (isnan(c->joules)) {
		snprintf(note, len, "sum of power samples: the energy counter gave no figure (%s)",
			 c->why);
		return false;
	}
	if (c->t0_ms > t0_ms + COVER_SLACK_MS || c->t1_ms < t1_ms - COVER_SLACK_MS) {
		snprintf(note, len, "sum of power samples: the energy counter spans %.3f s to %.3f s "
			 "of the window's %.3f s, not all of it", (c->t0_ms - t0_ms) / 1000,
			 (c->t1_ms - t0_ms) / 1000, (t1_ms - t0_ms) / 1000);
		return false;
	}
	pre = fmax(0, t0_ms - c->t0_ms);
	post = fmax(0, c->t1_ms - t1_ms);
	out = outside_j(power_log, c->t0_ms, c->t0_ms + pre, t1_ms, c->t1_ms);
	if (isnan(out)) {
		snprintf(note, len, "sum of power samples: the energy counter spans %.3f s more "
			 "than the window and the power log does not cover it", (pre + post) / 1000);
		return false;
	}
	rpt_fig_set(energy_j, fmax(0, c->joules - out));
	if (pre + post < 1)
		snprintf(note, len, "energy counter over the window");
	else
		snprintf(note, len, "energy counter, less %.3f J over the %.3f s it spans outside "
			 "the window, taken out at the power samples' figure", out,
			 (pre + post) / 1000);
	if (c->bridged_j > 0) {
		size_t l = strlen(note);

		snprintf(note + l, len - l, "; %.3f J of it bridged from the power read (%s)",
			 c->bridged_j, c->why);
	}
	return true;
}
