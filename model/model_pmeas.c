// SPDX-License-Identifier: GPL-2.0-only
/*
 * The drive model's Power Measurement feature (model_pmeas.h), from its
 * energy account; source_model_pm.c reads it as a drive's.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "model_pmeas.h"

void ssdq_model_pmeas_init(struct ssdq_model_pmeas *pm, struct ssdq_model *m)
{
	memset(pm, 0, sizeof(*pm));
	pm->m = m;
	pm->interval_ns = (uint64_t)(1e9 / (m->scale > 0 ? m->scale : 1));
	if (!pm->interval_ns)
		pm->interval_ns = 1;
}

static void close_interval(struct ssdq_model_pmeas *pm, double joules)
{
	double w = joules / (pm->interval_ns / 1e9);

	pm->count++;
	pm->sum_j += joules;
	if (w > pm->max_w)
		pm->max_w = w;
}

/* Read the account at @now_ns and spread what it drew since over the intervals. */
static void advance(struct ssdq_model_pmeas *pm, uint64_t now_ns)
{
	uint64_t at, cur, n;
	double e = ssdq_model_drawn_energy(pm->m, now_ns, &at), watts;

	if (!pm->running || at <= pm->seen_ns) {
		if (at > pm->seen_ns) {
			pm->seen_ns = at;
			pm->seen_j = e;
		}
		return;
	}
	watts = pm->m->p->p_idle + (e - pm->seen_j) / ((at - pm->seen_ns) / 1e9);
	cur = pm->seen_ns;
	if (pm->mark_ns + pm->interval_ns <= at) {
		uint64_t b = pm->mark_ns + pm->interval_ns;

		close_interval(pm, pm->acc_j + watts * ((b - cur) / 1e9));
		cur = b;
		n = (at - cur) / pm->interval_ns;
		if (n) {
			pm->count += (uint32_t)n;
			pm->sum_j += watts * (pm->interval_ns / 1e9) * (double)n;
			if (watts > pm->max_w)
				pm->max_w = watts;
			cur += n * pm->interval_ns;
		}
		pm->mark_ns = cur;
		pm->acc_j = 0;
	}
	pm->acc_j += watts * ((at - cur) / 1e9);
	pm->seen_ns = at;
	pm->seen_j = e;
}

int ssdq_model_pmeas_set(struct ssdq_model_pmeas *pm, uint32_t cdw11, uint64_t now_ns)
{
	unsigned int action = cdw11 & 0xfu, type = (cdw11 >> 4) & 0xfu;

	if (type != SSDQ_PMEAS_TYPE_TOTAL || (action != SSDQ_PMEAS_START && action != SSDQ_PMEAS_STOP))
		return -EINVAL;
	advance(pm, now_ns);
	if (action == SSDQ_PMEAS_STOP) {
		pm->running = false;
		return 0;
	}
	pm->running = true;
	pm->generation = (pm->generation + 1) & 0xffu;
	pm->count = 0;
	pm->sum_j = 0;
	pm->max_w = 0;
	pm->mark_ns = pm->seen_ns;
	pm->acc_j = 0;
	return 0;
}

void ssdq_model_pmeas_log(struct ssdq_model_pmeas *pm, uint64_t now_ns,
			  struct ssdq_pmeas_log_page *page)
{
	struct ssdq_pmeas d = {
		.generation = pm->generation, .enabled = pm->running, .estimated = true,
		.type = SSDQ_PMEAS_TYPE_TOTAL, .percent_error = SSDQ_MODEL_PMEAS_ERROR_PCT,
		.avg_w = NAN, .max_w = NAN,
	};

	advance(pm, now_ns);
	d.count = pm->count;
	if (pm->count) {
		d.avg_w = pm->sum_j / pm->count / (pm->interval_ns / 1e9);
		d.max_w = pm->max_w;
	}
	ssdq_pmeas_encode(&d, page);
}

double ssdq_model_pmeas_joules(const struct ssdq_model_pmeas *pm, uint32_t *count)
{
	if (count)
		*count = pm->count;
	return pm->sum_j;
}
