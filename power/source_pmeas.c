// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme-pm: the drive's own power measurement (Power Measurement feature and
 * log, 25h: nvme/nvme_pmeas.h).
 *
 *	nvme-pm[:/dev/nvmeX]	the controller; else the one the sampler
 *				found from the namespace node
 *
 * Open starts the measurement (Set Features 25h, Action start, which also
 * clears it); each read gets the log and gives the mean power of the
 * intervals the drive completed since the previous read (the running
 * mean times the count, differenced); the end reads the drive's own mean
 * and maximum over the whole span (measure); close stops it. A controller
 * that does not announce the feature (Identify Controller CTRATT bit 21)
 * is refused at open, saying so.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libnvme.h>

#include "nvme_admin.h"
#include "nvme_pmeas.h"
#include "nvme_status.h"
#include "source.h"

/* A drive's interval: SMART's Interval Power Measurement spans one second. */
#define NVME_PM_INTERVAL_S	1.0

struct pm_state {
	const struct ssdq_pmeas_dev_ops *ops;
	void *dev;
	double interval_s;
	unsigned int generation;
	uint32_t count;		/* at the previous read */
	double sum_w;		/* running mean × count there */
	bool restarted;		/* another host started it again since open */
};

int ssdq_pmeas_source_open(struct ssdq_source *src, const struct ssdq_pmeas_dev_ops *ops,
			   void *dev, double interval_s, char *err, size_t errlen)
{
	struct pm_state *st = calloc(1, sizeof(*st));
	struct ssdq_pmeas pg;
	char why[256] = "";
	int ret;

	if (!st) {
		ops->close(dev);
		return -ENOMEM;
	}
	ret = ops->start(dev, why, sizeof(why));
	if (!ret)
		ret = ops->log(dev, &pg, why, sizeof(why));
	if (ret) {
		snprintf(err, errlen, "power source \"%.200s\": %s", src->spec, why);
		ops->close(dev);
		free(st);
		return ret;
	}
	st->ops = ops;
	st->dev = dev;
	st->interval_s = interval_s;
	st->generation = pg.generation;
	st->count = pg.count;
	st->sum_w = pg.count && !isnan(pg.avg_w) ? pg.avg_w * pg.count : 0;
	src->priv = st;
	src->averaged = true;
	src->estimated = pg.estimated;
	src->unit = "PWRV";
	src->min_interval_us = (unsigned int)(interval_s * 1e6);
	snprintf(src->rail, sizeof(src->rail), "drive");
	return 0;
}

int ssdq_pmeas_source_read(struct ssdq_source *src, int64_t now_us, struct ssdq_sample *out,
			   int max)
{
	struct pm_state *st = src->priv;
	struct ssdq_pmeas pg;
	double sum;
	int ret;

	if (max < 1)
		return 0;
	ret = st->ops->log(st->dev, &pg, src->err, sizeof(src->err));
	if (ret)
		return ret;
	if (!pg.enabled) {
		snprintf(src->err, sizeof(src->err), "the drive stopped its power measurement "
			 "(Power Measurement Enable clear)");
		return -EPROTO;
	}
	sum = pg.count && !isnan(pg.avg_w) ? pg.avg_w * pg.count : 0;
	if (pg.generation != st->generation || pg.count < st->count) {
		/* started again elsewhere: count from its start */
		st->restarted = true;
		st->generation = pg.generation;
		st->count = 0;
		st->sum_w = 0;
	}
	if (pg.count == st->count)
		return 0;
	memset(out, 0, sizeof(*out));
	out->time_us = now_us;
	out->watts = (sum - st->sum_w) / (pg.count - st->count);
	if (out->watts < 0)
		out->watts = 0;
	out->rail = src->rail;
	out->unit = src->unit;
	out->estimated = pg.estimated;
	src->estimated = pg.estimated;
	st->count = pg.count;
	st->sum_w = sum;
	return 1;
}

int ssdq_pmeas_source_measure(struct ssdq_source *src, struct ssdq_drive_meas *out)
{
	struct pm_state *st = src->priv;
	struct ssdq_pmeas pg;
	int ret;

	memset(out, 0, sizeof(*out));
	out->avg_w = out->max_w = out->joules = NAN;
	out->percent_error = -1;
	out->interval_s = st->interval_s;
	ret = st->ops->log(st->dev, &pg, out->why, sizeof(out->why));
	if (ret)
		return ret;
	out->count = pg.count;
	out->estimated = pg.estimated;
	out->percent_error = pg.percent_error;
	out->resolution_w = pg.resolution_w;
	if (pg.generation != st->generation || st->restarted) {
		snprintf(out->why, sizeof(out->why), "the measurement was started again "
			 "elsewhere during the run (generation %u, then %u)", st->generation,
			 pg.generation);
		return 0;
	}
	if (!pg.count) {
		snprintf(out->why, sizeof(out->why), "the drive completed no interval of "
			 "%.6g s in the run", st->interval_s);
		return 0;
	}
	if (isnan(pg.avg_w)) {
		snprintf(out->why, sizeof(out->why), "the drive did not report its average "
			 "interval power");
		return 0;
	}
	out->avg_w = pg.avg_w;
	out->max_w = pg.max_w;
	out->joules = pg.avg_w * pg.count * st->interval_s;
	if (pg.non_contiguous)
		snprintf(out->why, sizeof(out->why), "the drive's measurements have gaps "
			 "(Non-Contiguous Power Data)");
	return 0;
}

void ssdq_pmeas_source_close(struct ssdq_source *src)
{
	struct pm_state *st = src->priv;
	char why[256];

	if (!st)
		return;
	st->ops->stop(st->dev, why, sizeof(why));
	st->ops->close(st->dev);
	free(st);
	src->priv = NULL;
}

/* A controller's feature: the admin commands on its node. */
struct pm_ctrl {
	int fd;
	char path[256];
};

/* An NVMe status or errno of @what into @why, as -errno. */
static int ctrl_result(int ret, const char *what, const char *path, char *why, size_t whylen)
{
	char st[160];

	if (ret > 0) {
		ssdq_nvme_status_str(st, sizeof(st), (uint16_t)ret);
		snprintf(why, whylen, "%s on %.128s: %s", what, path, st);
		return -EIO;
	}
	if (ret < 0)
		snprintf(why, whylen, "%s on %.128s: %s", what, path, strerror(-ret));
	return ret;
}

static int ctrl_start(void *dev, char *why, size_t whylen)
{
	struct pm_ctrl *c = dev;

	return ctrl_result(ssdq_nvme_set_power_meas(c->fd, SSDQ_NVME_POWER_TIMEOUT_MS,
			   ssdq_pmeas_cdw11(SSDQ_PMEAS_START, SSDQ_PMEAS_TYPE_TOTAL, 0)),
			   "Set Features (Power Measurement, start)", c->path, why, whylen);
}

static int ctrl_log(void *dev, struct ssdq_pmeas *out, char *why, size_t whylen)
{
	struct pm_ctrl *c = dev;
	int ret = ssdq_nvme_read_pmeas(c->fd, SSDQ_NVME_POWER_TIMEOUT_MS, out, why, whylen);

	return ret > 0 ? -EIO : ret;
}

static int ctrl_stop(void *dev, char *why, size_t whylen)
{
	struct pm_ctrl *c = dev;

	return ctrl_result(ssdq_nvme_set_power_meas(c->fd, SSDQ_NVME_POWER_TIMEOUT_MS,
			   ssdq_pmeas_cdw11(SSDQ_PMEAS_STOP, SSDQ_PMEAS_TYPE_TOTAL, 0)),
			   "Set Features (Power Measurement, stop)", c->path, why, whylen);
}

static void ctrl_close(void *dev)
{
	struct pm_ctrl *c = dev;

	if (c->fd >= 0)
		close(c->fd);
	free(c);
}

static const struct ssdq_pmeas_dev_ops ctrl_ops = {
	.start = ctrl_start,
	.log = ctrl_log,
	.stop = ctrl_stop,
	.close = ctrl_close,
};

static int nvme_pm_open(struct ssdq_source *src, const char *arg,
			const struct ssdq_source_cfg *cfg, char *err, size_t errlen)
{
	const char *path = *arg ? arg : cfg->ctrl_path;
	struct nvme_id_ctrl id;
	struct ssdq_pmeas_caps caps;
	struct pm_ctrl *c;
	char why[256];
	int ret;

	if (!path || !*path) {
		snprintf(err, errlen, "power source \"%s\": no NVMe controller to ask; name "
			 "one (nvme-pm:/dev/nvme0) or give the namespace node", src->spec);
		return -EINVAL;
	}
	c = calloc(1, sizeof(*c));
	if (!c)
		return -ENOMEM;
	snprintf(c->path, sizeof(c->path), "%s", path);
	c->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (c->fd < 0) {
		ret = -errno;
		snprintf(err, errlen, "power source \"%s\": cannot open %s: %s%s", src->spec,
			 path, strerror(-ret), ret == -EACCES ? " (run as root)" : "");
		ctrl_close(c);
		return ret;
	}
	ret = ctrl_result(ssdq_nvme_identify_ctrl(c->fd, SSDQ_NVME_POWER_TIMEOUT_MS, &id),
			  "Identify Controller", path, why, sizeof(why));
	if (ret) {
		snprintf(err, errlen, "power source \"%s\": %s", src->spec, why);
		ctrl_close(c);
		return ret;
	}
	ssdq_pmeas_caps_decode(&id, &caps);
	if (!caps.supported) {
		snprintf(err, errlen, "power source \"%s\": %s has no Power Measurement "
			 "feature (Identify Controller CTRATT bit 21 clear): the drive does not "
			 "measure its own power", src->spec, path);
		ctrl_close(c);
		return -EOPNOTSUPP;
	}
	return ssdq_pmeas_source_open(src, &ctrl_ops, c, NVME_PM_INTERVAL_S, err, errlen);
}

const struct ssdq_source_ops ssdq_source_nvme_pm = {
	.type = "nvme-pm",
	.open = nvme_pm_open,
	.read = ssdq_pmeas_source_read,
	.measure = ssdq_pmeas_source_measure,
	.close = ssdq_pmeas_source_close,
};
