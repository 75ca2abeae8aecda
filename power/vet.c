// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvme_admin.h"
#include "nvme_id.h"
#include "vet.h"

void ssdq_vet_init(struct ssdq_vet *v, double max_w, int64_t step_us, int64_t now_us)
{
	memset(v, 0, sizeof(*v));
	v->max_w = max_w;
	v->silent_us = SSDQ_SILENT_PERIODS * step_us;
	if (v->silent_us < SSDQ_SILENT_MIN_US)
		v->silent_us = SSDQ_SILENT_MIN_US;
	v->last_ok = now_us;
}

bool ssdq_vet_sample(struct ssdq_vet *v, const struct ssdq_sample *x)
{
	if (x->watts >= 0 && x->watts <= v->max_w)
		return true;
	if (!v->refused++)
		v->first_bad = x->watts;
	v->refused_read++;
	return false;
}

int ssdq_vet_read(struct ssdq_vet *v, const struct ssdq_source *src, int kept, int64_t now_us)
{
	int64_t quiet = now_us - v->last_ok;

	if (kept) {
		v->last_ok = now_us;
		v->unparsed = src->unparsed;
	}
	if (v->refused_read) {
		v->refused_read = 0;
		snprintf(v->why, sizeof(v->why), "reading %g W is outside the plausible 0-%g W "
			 "(%lu refused)", v->first_bad, v->max_w, v->refused);
		return -ERANGE;
	}
	if (kept) {
		v->refused = 0;
		return 1;
	}
	if (quiet <= v->silent_us)
		return 0;
	if (src->unparsed != v->unparsed) {
		snprintf(v->why, sizeof(v->why), "no reading for %.1f s: %lu lines that are not "
			 "readings, the last \"%.60s\"", quiet / 1e6, src->unparsed - v->unparsed,
			 src->unparsed_line);
		return -EBADMSG;
	}
	snprintf(v->why, sizeof(v->why), "no reading for %.1f s (silent: more than %.1f s)",
		 quiet / 1e6, v->silent_us / 1e6);
	return -ETIME;
}

double ssdq_power_bound(double configured, int ctrl_fd, char *how, size_t howlen)
{
	struct ssdq_id_ctrl c;
	double mp = 0;

	if (configured > 0) {
		snprintf(how, howlen, "configured maximum %g W", configured);
		return configured;
	}
	if (ctrl_fd >= 0 && !ssdq_nvme_read_id_ctrl(ctrl_fd, SSDQ_NVME_POWER_TIMEOUT_MS, &c))
		for (unsigned int i = 0; i < c.npss && i < 32; i++)
			if (c.ps[i].max_power_w > mp)
				mp = c.ps[i].max_power_w;
	if (mp > 0) {
		snprintf(how, howlen, "%g x the highest MP of the drive's power states (%g W)",
			 SSDQ_POWER_MARGIN, mp);
		return mp * SSDQ_POWER_MARGIN;
	}
	snprintf(how, howlen, "default maximum %g W (no power-state table)",
		 SSDQ_POWER_DEFAULT_MAX_W);
	return SSDQ_POWER_DEFAULT_MAX_W;
}
