// SPDX-License-Identifier: GPL-2.0-only
/* The target of a job on an NVMe namespace (/dev/ngXnY). */
#include <libnvme.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ssdq.h"
#include "sidecar_path.h"
#include "nvme_admin.h"
#include "nvme_id.h"
#include "nvme_status.h"
#include "remote.h"

static int ns_open(struct thread_data *td, struct fio_file *f, int flags, struct ssdq_file *sf,
		   char *err, size_t errlen)
{
	struct ssdq_options *o = td->eo;
	int ret = ssdq_nsdev_open(f->file_name, flags, &sf->dev, err, errlen);

	if (!ret && o->max_xfer && o->max_xfer < sf->dev.max_xfer) {
		sf->dev.max_xfer = o->max_xfer & ~((1ULL << sf->dev.ns.lba_shift) - 1);
		if (!sf->dev.max_xfer)
			sf->dev.max_xfer = 1u << sf->dev.ns.lba_shift;
	}
	return ret;
}

static void ns_close(struct ssdq_file *sf)
{
	ssdq_nsdev_close(&sf->dev);
}

static int ns_erase(struct thread_data *td, struct ssdq_file *sf, struct ssdq_erase_ctl *ctl,
		    const char **how, char *err, size_t errlen)
{
	struct ssdq_options *o = td->eo;
	enum ssdq_erase_method used = o->erase;
	int ret = ssdq_erase_ns(&sf->dev, o->erase, &used, ctl, err, errlen);

	*how = ssdq_erase_name(used);
	return ret;
}

static int ns_write_cache(const char *file, int set, char *err, size_t errlen)
{
	const uint32_t tmo = SSDQ_NVME_POWER_TIMEOUT_MS;
	struct ssdq_id_ctrl c;
	bool on = false;
	int fd = open(file, O_RDONLY | O_CLOEXEC), ret;

	if (fd < 0) {
		ret = -errno;
		snprintf(err, errlen, "cannot open %s: %s", file, strerror(-ret));
		return ret;
	}
	ret = ssdq_nvme_result(ssdq_nvme_read_id_ctrl(fd, tmo, &c), "Identify Controller", err,
			       errlen);
	if (!ret && !c.vwc)
		ret = -EOPNOTSUPP;
	if (!ret && set >= 0)
		ret = ssdq_nvme_result(ssdq_nvme_set_write_cache(fd, tmo, set),
				       "Set Features Volatile Write Cache", err, errlen);
	if (!ret)
		ret = ssdq_nvme_result(ssdq_nvme_get_write_cache(fd, tmo, &on),
				       "Get Features Volatile Write Cache", err, errlen);
	close(fd);
	return ret ? ret : on;
}

static int ns_set_power(int fd, const struct ssdq_id_ctrl *c, const struct ssdq_power_set *set,
			char *err, size_t errlen)
{
	const uint32_t tmo = SSDQ_NVME_POWER_TIMEOUT_MS;
	struct nvme_feat_auto_pst t;
	struct ssdq_apst cur;
	unsigned int now = ~0u;
	int ret = 0;

	/* a drive already there is not asked (QEMU 7.2 refuses any Set Features 02h) */
	if (set->ps >= 0 && ssdq_nvme_get_power_state(fd, tmo, &now))
		now = ~0u;
	if (set->ps >= 0 && now != (unsigned int)set->ps)
		ret = ssdq_nvme_result(ssdq_nvme_set_power_state(fd, tmo, (unsigned int)set->ps),
				       "Set Features Power Management", err, errlen);
	if (ret || set->apst < 0)
		return ret;
	if (!c->apsta) {
		snprintf(err, errlen, "the drive has no APST (Identify Controller APSTA clear)");
		return -EOPNOTSUPP;
	}
	if (!set->table.n) {
		ret = ssdq_nvme_result(ssdq_nvme_read_apst(fd, tmo, &cur),
				       "Get Features Autonomous Power State Transition", err, errlen);
		if (ret)
			return ret;
	}
	ssdq_apst_encode(set->table.n ? &set->table : &cur, &t);
	return ssdq_nvme_result(ssdq_nvme_set_apst(fd, tmo, set->apst, &t),
				"Set Features Autonomous Power State Transition", err, errlen);
}

static int ns_power(const char *file, const struct ssdq_power_set *set, struct ssdq_power_set *now,
		    char *err, size_t errlen)
{
	const uint32_t tmo = SSDQ_NVME_POWER_TIMEOUT_MS;
	struct ssdq_id_ctrl c;
	unsigned int ps = 0;
	int fd = open(file, O_RDONLY | O_CLOEXEC), ret;

	if (fd < 0) {
		ret = -errno;
		snprintf(err, errlen, "cannot open %s: %s", file, strerror(-ret));
		return ret;
	}
	memset(now, 0, sizeof(*now));
	ret = ssdq_nvme_result(ssdq_nvme_read_id_ctrl(fd, tmo, &c), "Identify Controller", err,
			       errlen);
	if (!ret && set)
		ret = ns_set_power(fd, &c, set, err, errlen);
	if (!ret)
		ret = ssdq_nvme_result(ssdq_nvme_get_power_state(fd, tmo, &ps),
				       "Get Features Power Management", err, errlen);
	now->npss = c.npss;
	now->ps = (int)ps;
	now->apst = -1;
	if (!ret && c.apsta) {
		ret = ssdq_nvme_result(ssdq_nvme_read_apst(fd, tmo, &now->table),
				       "Get Features Autonomous Power State Transition", err, errlen);
		now->apst = now->table.enabled;
	}
	close(fd);
	return ret;
}

/* the sampler reads the namespace's controller and writes device.json */
static int ns_sampling(struct thread_data *td, const char *file, struct ssdq_sampler_cfg *cfg,
		       char *buf, size_t buflen)
{
	int ret = ssdq_device_json_path(td, buf, buflen);

	if (ret) {
		ssdq_log("%s: cannot write device.json: %s", td->o.name, strerror(-ret));
		return ret;
	}
	cfg->ng = file;
	cfg->device_json = buf;
	return 0;
}

static unsigned int ns_scale(struct thread_data *td)
{
	(void)td;
	return 1;
}

const struct ssdq_target_ops ssdq_target_ns = {
	.name		= "the namespace",
	.verb		= "ssdq_open",
	.keeps_data	= true,
	.scale		= ns_scale,
	.open		= ns_open,
	.close		= ns_close,
	.erase		= ns_erase,
	.write_cache	= ns_write_cache,
	.power		= ns_power,
	.sampling	= ns_sampling,
};
