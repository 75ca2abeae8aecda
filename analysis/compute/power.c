// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "power.h"

#define PEAK_MS		RPT_PEAK_MS

struct power_acc {
	double t0, t1;		/* the span being summed */
	const struct rpt_span *sp;	/* the spans, sorted and disjoint */
	size_t nsp, cur;	/* cur: first span that may still get time */
	size_t in;		/* span t0/t1 are of; nsp while none */
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

/* Add a stretch (from, to] at @mw, clipped to the current span. */
static void span_add(struct power_acc *a, double from, double to, double mw)
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

/*
 * Add a stretch (from, to] at @mw to every span it overlaps. Stretches come
 * in time order, so spans that end before one can be dropped for good.
 */
static void power_add(struct power_acc *a, double from, double to, double mw)
{
	size_t i;

	while (a->cur < a->nsp && a->sp[a->cur].t1_ms <= from)
		a->cur++;
	for (i = a->cur; i < a->nsp && a->sp[i].t0_ms < to; i++) {
		if (i != a->in) {
			/* a new span: its own 100 ms windows, aligned at its start */
			if (a->in < a->nsp)
				bin_close(a);
			a->in = i;
			a->t0 = a->sp[i].t0_ms;
			a->t1 = a->sp[i].t1_ms;
			a->bin = 0;
			a->bin_mwms = a->bin_cov = 0;
		}
		span_add(a, from, to, mw);
	}
}

/* Sort by start; merge overlapping or touching spans; drop empty ones. */
static size_t spans_union(struct rpt_span *sp, size_t n)
{
	size_t i, j, m = 0;

	for (i = 1; i < n; i++)		/* insertion sort: spans come nearly sorted */
		for (j = i; j > 0 && sp[j].t0_ms < sp[j - 1].t0_ms; j--) {
			struct rpt_span t = sp[j];

			sp[j] = sp[j - 1];
			sp[j - 1] = t;
		}
	for (i = 0; i < n; i++) {
		if (!(sp[i].t1_ms > sp[i].t0_ms))
			continue;
		if (m && sp[i].t0_ms <= sp[m - 1].t1_ms)
			sp[m - 1].t1_ms = fmax(sp[m - 1].t1_ms, sp[i].t1_ms);
		else
			sp[m++] = sp[i];
	}
	return m;
}

int rpt_power_read(struct rpt_log_reader *r, double t0_ms, double t1_ms,
		   struct rpt_power *p)
{
	struct rpt_span w = { t0_ms, t1_ms };

	return rpt_power_read_spans(r, &w, 1, p);
}

int rpt_power_read_spans(struct rpt_log_reader *r, struct rpt_span *spans, size_t nspans,
			 struct rpt_power *p)
{
	struct power_acc a = { .peak = -1 };
	struct rpt_log_sample s, first = { 0 };
	double prev = 0, len = 0;
	unsigned long n = 0;
	size_t i;
	int ret;

	a.nsp = spans_union(spans, nspans);
	a.sp = spans;
	a.in = a.nsp;
	for (i = 0; i < a.nsp; i++)
		len += spans[i].t1_ms - spans[i].t0_ms;

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
	if (a.in < a.nsp)
		bin_close(&a);
	/* 90 %, or all but two sample periods (ms times on a short window) */
	if (!(len > 0) || (a.covered < 0.9 * len &&
			   (n < 2 || len - a.covered > 2 * (prev - first.t_ms) / (n - 1)))) {
		const char *why = a.nsp > 1 ?
			"the power log %s covers %.0f%% of the job's bursts (%.0f ms in all), fewer than 90%%" :
			"the power log %s covers %.0f%% of the job's active window (%.0f ms), fewer than 90%%";
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
