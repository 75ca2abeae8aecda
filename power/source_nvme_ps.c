// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme-ps: the drive's own statement of its power, an estimate.
 *
 *	nvme-ps[:/dev/nvmeX]	the controller; else the one the sampler
 *				found from the namespace node
 *
 * Reads the current power state (Get Features 02h) at most every 100 ms
 * and reports that state's descriptor from Identify Controller: IDLP while
 * the sampler is told the job is idle and the drive reports IDLP, else ACTP
 * when reported, else MP (the state's maximum). Every sample is marked
 * estimated.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nvme_admin.h"
#include "nvme_id.h"
#include "nvme_ns.h"
#include "nvme_status.h"
#include "source.h"
#include "util.h"

#define NVME_PS_INTERVAL_US	100000

struct nvme_ps_priv {
	int fd;
	char path[256];
	struct ssdq_id_ctrl id;
};

static const char *const ps_names[32] = {
	"ps0", "ps1", "ps2", "ps3", "ps4", "ps5", "ps6", "ps7", "ps8", "ps9", "ps10",
	"ps11", "ps12", "ps13", "ps14", "ps15", "ps16", "ps17", "ps18", "ps19", "ps20",
	"ps21", "ps22", "ps23", "ps24", "ps25", "ps26", "ps27", "ps28", "ps29", "ps30",
	"ps31",
};

static int nvme_ps_open(struct ssdq_source *src, const char *arg,
			const struct ssdq_source_cfg *cfg, char *err, size_t errlen)
{
	const char *path = *arg ? arg : cfg->ctrl_path;
	struct nvme_ps_priv *p;
	char what[320];
	unsigned int ps;
	int ret;

	if (!path || !*path) {
		snprintf(err, errlen, "power source \"%s\": no NVMe controller to ask; name "
			 "one (nvme-ps:/dev/nvme0) or give the namespace node", src->spec);
		return -EINVAL;
	}
	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	snprintf(p->path, sizeof(p->path), "%s", path);
	p->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (p->fd < 0) {
		ret = -errno;
		snprintf(err, errlen, "power source \"%s\": cannot open %s: %s%s", src->spec,
			 path, strerror(-ret), ret == -EACCES ? " (run as root)" : "");
		goto fail;
	}
	snprintf(what, sizeof(what), "power source \"%.100s\": Identify Controller on %.160s", src->spec,
		 path);
	ret = ssdq_nvme_result(ssdq_nvme_read_id_ctrl(p->fd, SSDQ_NVME_POWER_TIMEOUT_MS, &p->id),
			       what, err, errlen);
	if (ret)
		goto fail;
	snprintf(what, sizeof(what), "power source \"%.100s\": Get Features (Power Management) on %.160s",
		 src->spec, path);
	ret = ssdq_nvme_result(ssdq_nvme_get_power_state(p->fd, SSDQ_NVME_POWER_TIMEOUT_MS, &ps),
			       what, err, errlen);
	if (ret)
		goto fail;
	src->estimated = true;
	src->unit = "PSD";
	src->min_interval_us = NVME_PS_INTERVAL_US;
	snprintf(src->rail, sizeof(src->rail), "power state");
	src->priv = p;
	return 0;
fail:
	if (p->fd >= 0)
		close(p->fd);
	free(p);
	return ret;
}

static int nvme_ps_read(struct ssdq_source *src, int64_t now_us,
			struct ssdq_sample *out, int max)
{
	struct nvme_ps_priv *p = src->priv;
	const char *what = "MP";
	char cmd[200];
	unsigned int ps;
	double w;
	int ret;

	if (max < 1)
		return 0;
	snprintf(cmd, sizeof(cmd), "Get Features (Power Management) on %.128s", p->path);
	ret = ssdq_nvme_result(ssdq_nvme_get_power_state(p->fd, SSDQ_NVME_POWER_TIMEOUT_MS, &ps),
			       cmd, src->err, sizeof(src->err));
	if (ret)
		return ret;
	w = ssdq_psd_estimate(&p->id, ps, src->idle_hint, &what);
	if (w < 0) {
		snprintf(src->err, sizeof(src->err), "%.128s reports power state %u, past its %u "
			 "descriptors", p->path, ps, p->id.npss);
		return -EPROTO;
	}
	memset(out, 0, sizeof(*out));
	out->time_us = now_us;
	out->watts = w;
	out->rail = ps_names[ps];
	out->unit = what;
	return 1;
}

static void nvme_ps_close(struct ssdq_source *src)
{
	struct nvme_ps_priv *p = src->priv;

	if (!p)
		return;
	close(p->fd);
	free(p);
	src->priv = NULL;
}

const struct ssdq_source_ops ssdq_source_nvme_ps = {
	.type = "nvme-ps",
	.open = nvme_ps_open,
	.read = nvme_ps_read,
	.close = nvme_ps_close,
};
