// SPDX-License-Identifier: GPL-2.0-only
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "drive_power.h"
#include "energy_counter.h"
#include "power.h"

/* The meter's mean over [t0, t1] from the power log; NAN when it does not cover it. */
static double meter_mean(const char *power_log, double t0_ms, double t1_ms)
{
	struct rpt_span sp = { t0_ms, t1_ms };
	struct rpt_log_reader r;
	struct rpt_power p;
	double w = NAN;

	if (!power_log || rpt_log_open(&r, power_log))
		return NAN;
	if (!rpt_power_read_spans(&r, &sp, 1, &p) && p.avg_w.ok)
		w = p.avg_w.v;
	rpt_log_close(&r);
	return w;
}

void rpt_drive_figs_null(struct rpt_drive_figs *out, const char *why)
{
	if (!out->source[0])
		out->accuracy_pct = -1;
	rpt_fig_null(&out->power_w, "%s", why);
	rpt_fig_null(&out->energy_j, "%s", why);
	rpt_fig_null(&out->max_w, "%s", why);
	rpt_fig_null(&out->vs_meter_pct, "%s", why);
	snprintf(out->note, sizeof(out->note), "%s", why);
}

/* Beside a meter: the drive's mean against the meter's over the drive's span. */
static void against_meter(const struct rpt_drive_power *dp, const char *power_log,
			  struct rpt_drive_figs *out)
{
	double meter, slack;

	if (!dp->beside) {
		rpt_fig_null(&out->vs_meter_pct, "no meter beside the drive's measurement: the "
			     "power log is the drive's own");
		return;
	}
	meter = meter_mean(power_log, dp->t0_ms, dp->t1_ms);
	if (isnan(meter) || meter <= 0) {
		rpt_fig_null(&out->vs_meter_pct, "the meter's power log does not cover the drive's "
			     "measurement (%.3f s)", (dp->t1_ms - dp->t0_ms) / 1000);
		return;
	}
	rpt_fig_set(&out->vs_meter_pct, (dp->avg_w - meter) / meter * 100);
	if (dp->percent_error < 0)
		return;
	slack = dp->percent_error / 100.0 * meter + dp->resolution_w;
	out->within = fabs(dp->avg_w - meter) <= slack ? "within" : "outside";
}

void rpt_drive_figs(const struct rpt_drive_power *dp, const char *power_log, double t0_ms,
		    double t1_ms, struct rpt_drive_figs *out)
{
	struct rpt_energy_counter c;
	char how[RPT_WHY_LEN];

	memset(out, 0, sizeof(*out));
	out->accuracy_pct = -1;
	if (!dp->have) {
		rpt_drive_figs_null(out, "no drive_power event: the drive's own measurement was not read "
			 "(ssdq_power=...;nvme-pm)");
		return;
	}
	snprintf(out->source, sizeof(out->source), "%s", dp->source);
	out->accuracy_pct = dp->percent_error;
	out->estimated = dp->estimated;
	if (isnan(dp->joules)) {
		rpt_drive_figs_null(out, dp->why[0] ? dp->why : "the drive gave no figure");
		return;
	}
	rpt_fig_set(&out->max_w, dp->max_w);
	against_meter(dp, power_log, out);
	memset(&c, 0, sizeof(c));
	c.have = true;
	c.t0_ms = dp->t0_ms;
	c.t1_ms = dp->t1_ms;
	c.joules = dp->joules;
	if (!rpt_energy_counter_window(&c, power_log, t0_ms, t1_ms, &out->energy_j, how,
				       sizeof(how))) {
		/* the counter's words, of the drive's figure */
		const char *why = strstr(how, ": ") ? strstr(how, ": ") + 2 : how;

		rpt_fig_null(&out->energy_j, "the drive's measurement: %.280s", why);
		rpt_fig_null(&out->power_w, "the drive's measurement: %.280s", why);
		snprintf(out->note, sizeof(out->note), "the drive's measurement: %.280s", why);
		return;
	}
	if (t1_ms > t0_ms)
		rpt_fig_set(&out->power_w, out->energy_j.v / ((t1_ms - t0_ms) / 1000));
	snprintf(out->note, sizeof(out->note), "the drive's own measurement (%s, %.0f intervals "
		 "of %g s%s)%s%s", dp->source, dp->count, dp->interval_s,
		 dp->estimated ? ", estimated by the drive" : "", dp->why[0] ? ": " : "", dp->why);
}
