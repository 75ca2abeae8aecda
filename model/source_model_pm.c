// SPDX-License-Identifier: GPL-2.0-only
/*
 * "model-pm:<state file>": the drive model's Power Measurement feature
 * (model_pmeas.h) read as a drive's is, through its log pages, by the
 * nvme-pm source's logic (power/source_pmeas.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "model_pmeas.h"
#include "util.h"

/* The source: the model's feature through its pages, as a drive's is read. */
struct model_pm {
	struct ssdq_model m;
	struct ssdq_model_pmeas pm;
};

static int model_pm_set(void *dev, unsigned int action, char *why, size_t whylen)
{
	struct model_pm *d = dev;

	if (ssdq_model_pmeas_set(&d->pm, ssdq_pmeas_cdw11(action, SSDQ_PMEAS_TYPE_TOTAL, 0),
				 ssdq_mono_ns())) {
		snprintf(why, whylen, "Set Features (Power Measurement) on the drive model: "
			 "Invalid Field in Command");
		return -EIO;
	}
	return 0;
}

static int model_pm_start(void *dev, char *why, size_t whylen)
{
	return model_pm_set(dev, SSDQ_PMEAS_START, why, whylen);
}

static int model_pm_stop(void *dev, char *why, size_t whylen)
{
	return model_pm_set(dev, SSDQ_PMEAS_STOP, why, whylen);
}

static int model_pm_log(void *dev, struct ssdq_pmeas *out, char *why, size_t whylen)
{
	struct model_pm *d = dev;
	struct ssdq_pmeas_log_page page;

	ssdq_model_pmeas_log(&d->pm, ssdq_mono_ns(), &page);
	return ssdq_pmeas_decode(&page, sizeof(page), out, why, whylen);
}

static void model_pm_close(void *dev)
{
	struct model_pm *d = dev;

	ssdq_model_close(&d->m);
	free(d);
}

static const struct ssdq_pmeas_dev_ops model_pm_ops = {
	.start = model_pm_start,
	.log = model_pm_log,
	.stop = model_pm_stop,
	.close = model_pm_close,
};

static int model_pm_open(struct ssdq_source *src, const char *arg,
			 const struct ssdq_source_cfg *cfg, char *err, size_t errlen)
{
	struct model_pm *d = calloc(1, sizeof(*d));
	int ret;

	(void)cfg;
	if (!d)
		return -ENOMEM;
	ret = ssdq_model_attach(&d->m, arg, err, errlen);
	if (ret) {
		free(d);
		return ret;
	}
	ssdq_model_pmeas_init(&d->pm, &d->m);
	return ssdq_pmeas_source_open(src, &model_pm_ops, d, d->pm.interval_ns / 1e9, err,
				      errlen);
}

const struct ssdq_source_ops ssdq_source_model_pm = {
	.type = "model-pm",
	.open = model_pm_open,
	.read = ssdq_pmeas_source_read,
	.measure = ssdq_pmeas_source_measure,
	.close = ssdq_pmeas_source_close,
};
