// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "power.h"

#define PEAK_MS		100.0

struct power_acc {
	double t0, t1;
	double mwms;		/* integral of mW over covered ms */
	double covered;
	long bin;		/* 100 ms window being summed */
	double bin_mwms, bin_cov;
	double peak;		/* mW; < 0 while none */
};

static void bin_close(struct power_acc *a)
{
	double len = fmin(PEAK_MS, a->t1 - (a->t0 + a->bin * PEAK_MS));

	if (a->bin_cov >= 0.5 * len && a->bin_cov > 0)
		a->peak = fmax(a->peak, a->bin_mwms / a->bin_cov);
	a->bin_mwms = a->bin_cov = 0;
}

/* Add a stretch (from, to] at @mw, clipped to the window. */
static void power_add(struct power_acc *a, double from, double to, double mw)
{
	from = fmax(from, a->t0);
	to = fmin(to, a->t1);
	while (from < to) {
		long bin = (long)floor((from - a->t0) / PEAK_MS);
		double end = a->t0 + (bin + 1) * PEAK_MS, ms;

		if (end <= from) {
			bin++;
			end += PEAK_MS;
		}
		if (bin != a->bin) {
			bin_close(a);
			a->bin = bin;
		}
		end = fmin(end, to);
		ms = end - from;
		a->bin_mwms += mw * ms;
		a->bin_cov += ms;
		a->mwms += mw * ms;
		a->covered += ms;
		from = end;
		if (to - from >= 2 * PEAK_MS) {
			/* whole windows inside the stretch all average @mw */
			double n = floor((to - from) / PEAK_MS) - 1;

			bin_close(a);
			a->bin = -1;
			a->peak = fmax(a->peak, mw);
			a->mwms += mw * n * PEAK_MS;
			a->covered += n * PEAK_MS;
			from += n * PEAK_MS;
		}
	}
}

int rpt_power_read(struct rpt_log_reader *r, double t0_ms, double t1_ms,
		   struct rpt_power *p)
{
	struct power_acc a = { .t0 = t0_ms, .t1 = t1_ms, .peak = -1 };
	struct rpt_log_sample s, first = { 0 };
	double prev = 0, len = t1_ms - t0_ms;
	unsigned long n = 0;
	int ret;

	memset(p, 0, sizeof(*p));
	while ((ret = rpt_log_next(r, &s)) == 1) {
		if (s.value < 0) {
			snprintf(r->err, sizeof(r->err), "%s:%lu: negative power %.0f mW",
				 r->name, r->line, s.value);
			ret = -EINVAL;
			break;
		}
		if (n && s.t_ms <= prev)
			continue;
		if (n == 1)
			power_add(&a, prev - (s.t_ms - prev), prev, first.value);
		if (n)
			power_add(&a, prev, s.t_ms, s.value);
		else
			first = s;
		prev = s.t_ms;
		n++;
	}
	if (ret < 0) {
		rpt_fig_null(&p->avg_w, "%s", r->err);
		rpt_fig_null(&p->energy_j, "%s", r->err);
		rpt_fig_null(&p->peak_w, "%s", r->err);
		return ret;
	}
	bin_close(&a);
	/* 90 %, or all but two sample periods (ms times on a short window) */
	if (!(len > 0) || (a.covered < 0.9 * len &&
			   (n < 2 || len - a.covered > 2 * (prev - first.t_ms) / (n - 1)))) {
		const char *why = "the power log %s covers %.0f%% of the job's active window (%.0f ms), fewer than 90%%";
		double pct = len > 0 ? 100 * a.covered / len : 0;

		rpt_fig_null(&p->avg_w, why, r->name, pct, len);
		rpt_fig_null(&p->energy_j, why, r->name, pct, len);
		rpt_fig_null(&p->peak_w, why, r->name, pct, len);
		return 0;
	}
	rpt_fig_set(&p->avg_w, a.mwms / a.covered / 1000);
	rpt_fig_set(&p->energy_j, p->avg_w.v * len / 1000);
	if (a.peak >= 0)
		rpt_fig_set(&p->peak_w, a.peak / 1000);
	else
		rpt_fig_null(&p->peak_w, "no 100 ms window is half covered by the power log");
	return 0;
}
