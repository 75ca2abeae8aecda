// SPDX-License-Identifier: GPL-2.0-only
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/nvme_ioctl.h>

#include "bgcmd.h"
#include "erase.h"
#include "nvme_status.h"

#define ADMIN_GET_LOG_PAGE	0x02
#define ADMIN_FORMAT_NVM	0x80
#define ADMIN_SANITIZE		0x84
#define LOG_SANITIZE_STATUS	0x81
#define SANACT_BLOCK_ERASE	0x2
#define FORMAT_SES_USER_DATA	(1u << 9)

const char *ssdq_erase_name(enum ssdq_erase_method m)
{
	switch (m) {
	case SSDQ_ERASE_NONE:		return "none";
	case SSDQ_ERASE_AUTO:		return "auto";
	case SSDQ_ERASE_SANITIZE:	return "sanitize";
	case SSDQ_ERASE_FORMAT:		return "format";
	case SSDQ_ERASE_DEALLOCATE:	return "deallocate";
	}
	return "unknown";
}

void ssdq_erase_caps_parse(const unsigned char *id, struct ssdq_erase_caps *caps)
{
	memset(caps, 0, sizeof(*caps));
	caps->format = !!(id[256] & 0x02);
	caps->sanitize_block = !!(id[328] & 0x02);
	caps->nn = id[516] | id[517] << 8 | id[518] << 16 | (unsigned int)id[519] << 24;
	caps->dsm = !!(id[520] & 0x04);
	caps->format_all_ns = !!(id[524] & 0x03);
}

enum ssdq_erase_method ssdq_erase_pick(const struct ssdq_erase_caps *caps)
{
	if (caps->sanitize_block && caps->nn == 1)
		return SSDQ_ERASE_SANITIZE;
	if (caps->format && (!caps->format_all_ns || caps->nn == 1))
		return SSDQ_ERASE_FORMAT;
	if (caps->dsm)
		return SSDQ_ERASE_DEALLOCATE;
	return SSDQ_ERASE_NONE;
}

static int real_admin(void *arg, int fd, struct nvme_passthru_cmd *cmd)
{
	int ret;

	(void)arg;
	ret = ioctl(fd, NVME_IOCTL_ADMIN_CMD, cmd);
	return ret < 0 ? -errno : ret;
}

static int real_io(void *arg, int fd, struct nvme_passthru_cmd64 *cmd)
{
	int ret;

	(void)arg;
	ret = ioctl(fd, NVME_IOCTL_IO64_CMD, cmd);
	return ret < 0 ? -errno : ret;
}

static const struct ssdq_erase_ops real_ops = { .admin = real_admin, .io = real_io };

/* Turn a command's answer into 0 or -errno with a message naming @what. */
static int answer(int ret, const char *what, char *err, size_t errlen)
{
	char st[256];

	if (ret < 0) {
		snprintf(err, errlen, "%s: %s%s", what, strerror(-ret),
			 ret == -EACCES || ret == -EPERM ? " (admin commands need root)" :
			 ret == -EINTR ? " (stopped)" : "");
		return ret;
	}
	if (ret > 0) {
		ssdq_nvme_status_str(st, sizeof(st), (uint16_t)ret);
		snprintf(err, errlen, "%s: %s", what, st);
		return -EIO;
	}
	return 0;
}

static int admin(const struct ssdq_erase_ctl *ctl, int fd, struct nvme_passthru_cmd *cmd,
		 const char *what, char *err, size_t errlen)
{
	if (!cmd->timeout_ms)
		cmd->timeout_ms = SSDQ_ERASE_ADMIN_TIMEOUT_MS;
	return answer(ctl->ops->admin(ctl->ops->arg, fd, cmd), what, err, errlen);
}

static int identify_ctrl(const struct ssdq_erase_ctl *ctl, struct ssdq_nsdev *dev,
			 struct ssdq_erase_caps *caps, char *err, size_t errlen)
{
	struct nvme_passthru_cmd cmd = {
		.opcode = SSDQ_NVME_ADMIN_IDENTIFY,
		.data_len = SSDQ_NVME_ID_SIZE,
		.cdw10 = SSDQ_NVME_CNS_CTRL,
	};
	void *buf;
	int ret;

	if (posix_memalign(&buf, 4096, SSDQ_NVME_ID_SIZE))
		return -ENOMEM;
	memset(buf, 0, SSDQ_NVME_ID_SIZE);
	cmd.addr = (uintptr_t)buf;
	ret = admin(ctl, dev->fd, &cmd, "Identify Controller", err, errlen);
	if (!ret)
		ssdq_erase_caps_parse(buf, caps);
	free(buf);
	return ret;
}

static int sanitize_status(struct ssdq_erase_ctl *ctl, struct ssdq_nsdev *dev,
			   unsigned char *log, char *err, size_t errlen)
{
	struct nvme_passthru_cmd get = {
		.opcode = ADMIN_GET_LOG_PAGE,
		.nsid = 0xffffffff,
		.addr = (uintptr_t)log,
		.data_len = 512,
		.cdw10 = LOG_SANITIZE_STATUS | ((512 / 4 - 1) << 16),
	};

	memset(log, 0, 512);
	return admin(ctl, dev->fd, &get, "Sanitize Status log", err, errlen);
}

static int sanitize(struct ssdq_erase_ctl *ctl, struct ssdq_nsdev *dev, char *err,
		    size_t errlen)
{
	struct nvme_passthru_cmd cmd = {
		.opcode = ADMIN_SANITIZE,
		.cdw10 = SANACT_BLOCK_ERASE,
	};
	unsigned char log[512];
	int64_t t0, deadline;
	int ret;

	ret = admin(ctl, dev->fd, &cmd, "Sanitize (block erase)", err, errlen);
	if (ret)
		return ret;
	t0 = ssdq_stop_mono_us(&ctl->stop);
	deadline = t0 + (int64_t)SSDQ_ERASE_MAX_MS * 1000;
	for (int first = 1;; first = 0) {
		unsigned int sstat, etbe;

		ret = sanitize_status(ctl, dev, log, err, errlen);
		if (ret)
			return ret;
		sstat = log[2] & 0x7;
		if (sstat == 1 || sstat == 4)
			return 0;
		if (sstat == 3) {
			snprintf(err, errlen, "Sanitize (block erase) failed (Sanitize Status log)");
			return -EIO;
		}
		etbe = log[12] | log[13] << 8 | log[14] << 16 | (unsigned int)log[15] << 24;
		if (first && etbe && etbe != 0xffffffffu) {
			ctl->sanitize_est_s = etbe;
			deadline = t0 + ((int64_t)etbe * SSDQ_SANITIZE_FACTOR +
					 SSDQ_SANITIZE_MARGIN_S) * 1000000;
		}
		if (ssdq_stop_mono_us(&ctl->stop) >= deadline) {
			snprintf(err, errlen, "Sanitize (block erase) still in progress after %lld s "
				 "(the drive estimated %s%u s): giving up; the drive goes on sanitizing",
				 (long long)((ssdq_stop_mono_us(&ctl->stop) - t0) / 1000000),
				 ctl->sanitize_est_s ? "" : "nothing; the limit is ",
				 ctl->sanitize_est_s ? ctl->sanitize_est_s : SSDQ_ERASE_MAX_MS / 1000);
			return -ETIMEDOUT;
		}
		if (ssdq_wait_for(&ctl->stop, SSDQ_SANITIZE_POLL_US)) {
			snprintf(err, errlen, "Sanitize (block erase): stopped after %lld s; the "
				 "drive goes on sanitizing (a sanitize cannot be aborted) and refuses "
				 "I/O until it has finished",
				 (long long)((ssdq_stop_mono_us(&ctl->stop) - t0) / 1000000));
			return -EINTR;
		}
	}
}

static int format(struct ssdq_erase_ctl *ctl, struct ssdq_nsdev *dev, char *err,
		  size_t errlen)
{
	struct nvme_passthru_cmd cmd = {
		.opcode = ADMIN_FORMAT_NVM,
		.nsid = dev->ns.nsid,
		.cdw10 = (dev->id.flba & 0xf) | ((dev->id.flba >> 4) & 0x3) << 12 |
			 FORMAT_SES_USER_DATA,
		.timeout_ms = SSDQ_ERASE_MAX_MS,
	};
	int64_t t0 = ssdq_stop_mono_us(&ctl->stop);
	int ret;

	ret = ssdq_bg_admin(ctl->ops->admin, ctl->ops->arg, dev->fd, &cmd, "ssdq-format",
			    &ctl->stop, t0 + (int64_t)SSDQ_ERASE_MAX_MS * 1000 +
			    SSDQ_SANITIZE_MARGIN_S * 1000000LL, &ctl->left_pid);
	if (ret == -EINTR || ret == -ETIMEDOUT) {
		snprintf(err, errlen, "Format NVM (user data erase): %s after %lld s; the drive "
			 "finishes the format in the background, and helper pid %d [ssdq-format] "
			 "holds the namespace until it has", ret == -EINTR ? "stopped" :
			 "no answer", (long long)((ssdq_stop_mono_us(&ctl->stop) - t0) / 1000000),
			 (int)ctl->left_pid);
		return ret;
	}
	return answer(ret, "Format NVM (user data erase)", err, errlen);
}

static int deallocate_all(struct ssdq_erase_ctl *ctl, struct ssdq_nsdev *dev, char *err,
			  size_t errlen)
{
	uint64_t lba = 0, per_cmd = SSDQ_DEALLOC_CMD_BYTES >> dev->ns.lba_shift;
	struct ssdq_dsm_range *r;
	int ret = 0;

	if (per_cmd > 0xffffffffULL)
		per_cmd = 0xffffffffULL;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	while (!ret && lba < dev->ns.nlba) {
		uint64_t len = dev->ns.nlba - lba < per_cmd ? dev->ns.nlba - lba : per_cmd;
		struct nvme_passthru_cmd64 cmd = {
			.opcode = SSDQ_NVME_CMD_DSM,
			.nsid = dev->ns.nsid,
			.addr = (uintptr_t)r,
			.data_len = sizeof(*r),
			.cdw10 = 0,
			.cdw11 = SSDQ_NVME_DSM_AD,
		};

		if (ssdq_stop_requested(&ctl->stop)) {
			snprintf(err, errlen, "Dataset Management (deallocate): stopped at LBA %llu "
				 "of %llu", (unsigned long long)lba,
				 (unsigned long long)dev->ns.nlba);
			ret = -EINTR;
			break;
		}
		r->cattr = 0;
		r->nlb = htole32((uint32_t)len);
		r->slba = htole64(lba);
		ret = answer(ctl->ops->io(ctl->ops->arg, dev->fd, &cmd),
			     "Dataset Management (deallocate)", err, errlen);
		lba += len;
	}
	free(r);
	return ret;
}

int ssdq_erase_ns(struct ssdq_nsdev *dev, enum ssdq_erase_method want,
		  enum ssdq_erase_method *used, struct ssdq_erase_ctl *ctl, char *err,
		  size_t errlen)
{
	struct ssdq_erase_ctl none = { .ops = NULL };
	struct ssdq_erase_caps caps;
	enum ssdq_erase_method m = want;
	int ret;

	if (!ctl)
		ctl = &none;
	if (!ctl->ops)
		ctl->ops = &real_ops;
	ctl->left_pid = 0;
	ctl->sanitize_est_s = 0;
	ret = identify_ctrl(ctl, dev, &caps, err, errlen);
	if (ret)
		return ret;
	if (m == SSDQ_ERASE_AUTO)
		m = ssdq_erase_pick(&caps);
	*used = m;
	switch (m) {
	case SSDQ_ERASE_SANITIZE:
		if (!caps.sanitize_block || caps.nn != 1)
			break;
		return sanitize(ctl, dev, err, errlen);
	case SSDQ_ERASE_FORMAT:
		if (!caps.format || (caps.format_all_ns && caps.nn != 1))
			break;
		return format(ctl, dev, err, errlen);
	case SSDQ_ERASE_DEALLOCATE:
		if (!caps.dsm)
			break;
		return deallocate_all(ctl, dev, err, errlen);
	default:
		snprintf(err, errlen, "the drive supports none of Sanitize (block erase), "
			 "Format NVM and Dataset Management");
		return -EOPNOTSUPP;
	}
	snprintf(err, errlen, "ssdq_erase=%s: the drive does not support it%s", ssdq_erase_name(m),
		 caps.nn != 1 && m != SSDQ_ERASE_DEALLOCATE ?
		 " on one namespace of several (it would erase the others)" : "");
	return -EOPNOTSUPP;
}
