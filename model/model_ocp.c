// SPDX-License-Identifier: GPL-2.0-only
#include <math.h>
#include <string.h>

#include "model_ocp.h"

void ssdq_model_ocp_log(const struct ssdq_model *m, const struct ssdq_model_smart *ms,
			struct ssdq_ocp_smart_log *page)
{
	struct ssdq_ocp_smart o;

	memset(&o, 0, sizeof(o));
	o.log_page_version = SSDQ_OCP_POWER_VERSION;
	o.phys_media_units_written = ms->media_bytes_written;
	o.thermal_throttling_count = (uint8_t)(ms->tmt1_count > 255 ? 255 : ms->tmt1_count);
	o.thermal_throttling_status = ms->throttling ? 1 : 0;
	o.have_power = true;
	o.peak_power_w = (uint16_t)ceil(m->p->ps0_w);
	o.max_avg_power_w = o.peak_power_w;
	o.lifetime_energy_wh = (uint64_t)ceil(ms->energy_j / 3600.0);
	ssdq_ocp_smart_encode(&o, page);
}
