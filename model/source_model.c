// SPDX-License-Identifier: GPL-2.0-only
/*
 * The drive model as a power source and SMART provider for power/'s
 * sampler: "model:<state file>".
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model.h"
#include "model_ocp.h"
#include "model_power.h"
#include "util.h"

static int model_open(struct ssdq_source *src, const char *arg,
		      const struct ssdq_source_cfg *cfg, char *err, size_t errlen)
{
	struct ssdq_model *m = calloc(1, sizeof(*m));
	int ret;

	(void)cfg;
	if (!m)
		return -ENOMEM;
	ret = ssdq_model_attach(m, arg, err, errlen);
	if (ret) {
		free(m);
		return ret;
	}
	ssdq_model_power(m, ssdq_mono_ns(), NULL, NULL);
	snprintf(src->rail, sizeof(src->rail), "model:%s", m->p->name);
	src->unit = "W";
	src->estimated = true;
	src->averaged = true;	/* ssdq_model_power(): the mean since the last call */
	src->priv = m;
	return 0;
}

static int model_read(struct ssdq_source *src, int64_t now_us, struct ssdq_sample *out, int max)
{
	struct ssdq_model *m = src->priv;
	uint64_t mono = ssdq_mono_ns(), end;

	if (max < 1)
		return 0;
	out->watts = ssdq_model_power(m, mono, &end, NULL);
	/* stamped where its mean ends: the sampler weights it by the time
	 * since the previous one (and drops one that covers none) */
	out->time_us = now_us + (int64_t)((end - mono) / 1000);
	out->source = src->spec;
	out->rail = src->rail;
	out->unit = src->unit;
	out->estimated = true;
	return 1;
}

static void model_close(struct ssdq_source *src)
{
	struct ssdq_model *m = src->priv;

	ssdq_model_close(m);
	free(m);
	src->priv = NULL;
}

const struct ssdq_source_ops ssdq_source_model = {
	.type	= "model",
	.open	= model_open,
	.read	= model_read,
	.close	= model_close,
};

int ssdq_model_smart_read(void *arg, struct ssdq_smart *out)
{
	struct ssdq_model *m = arg;
	struct ssdq_model_smart ms;
	struct ssdq_ocp_smart_log ocp;

	ssdq_model_peek(m, ssdq_mono_ns(), &ms);
	memset(out, 0, sizeof(*out));
	out->composite_temp_k = (uint16_t)(ms.temp_c + 273.5);
	out->temp_sensor_k[0] = out->composite_temp_k;
	out->critical_warning = ms.temp_c >= m->p->t_throttle ? 0x02 : 0;
	out->avail_spare = 100;
	out->spare_thresh = 10;
	out->data_units_read = ms.data_units_read;
	out->data_units_written = ms.data_units_written;
	out->host_reads = ms.host_reads;
	out->host_writes = ms.host_writes;
	out->ctrl_busy_time_min = ms.busy_ms / 60000;
	out->thm_temp1_trans_count = ms.tmt1_count;
	out->thm_temp1_total_time_s = (uint32_t)(ms.tmt1_ms / 1000);
	/* the OCP C0h log as the model lays it out (model_ocp.h), read back
	 * as a drive's: its media counter in bytes as OCP 2.0 counts them */
	ssdq_model_ocp_log(m, &ms, &ocp);
	out->have_ocp = !ssdq_ocp_smart_decode(&ocp, &out->ocp);
	return 0;
}
