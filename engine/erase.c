// SPDX-License-Identifier: GPL-2.0-only
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/nvme_ioctl.h>

#include "erase.h"
#include "nvme_status.h"

#define ADMIN_GET_LOG_PAGE	0x02
#define ADMIN_FORMAT_NVM	0x80
#define ADMIN_SANITIZE		0x84
#define LOG_SANITIZE_STATUS	0x81
#define SANACT_BLOCK_ERASE	0x2
#define FORMAT_SES_USER_DATA	(1u << 9)
#define ERASE_TIMEOUT_MS	(4u * 3600 * 1000)
#define DSM_MAX_RANGES		256u

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

static int admin(int fd, struct nvme_passthru_cmd *cmd, const char *what, char *err,
		 size_t errlen)
{
	char st[256];
	int ret;

	ret = ioctl(fd, NVME_IOCTL_ADMIN_CMD, cmd);
	if (ret < 0) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s%s", what, strerror(-ret),
			 ret == -EACCES || ret == -EPERM ? " (admin commands need root)" : "");
		return ret;
	}
	if (ret > 0) {
		ssdq_nvme_status_str(st, sizeof(st), (uint16_t)ret);
		snprintf(err, errlen, "%s: %s", what, st);
		return -EIO;
	}
	return 0;
}

static int identify_ctrl(struct ssdq_nsdev *dev, struct ssdq_erase_caps *caps, char *err,
			 size_t errlen)
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
	ret = admin(dev->fd, &cmd, "Identify Controller", err, errlen);
	if (!ret)
		ssdq_erase_caps_parse(buf, caps);
	free(buf);
	return ret;
}

static int sanitize(struct ssdq_nsdev *dev, char *err, size_t errlen)
{
	struct nvme_passthru_cmd cmd = {
		.opcode = ADMIN_SANITIZE,
		.cdw10 = SANACT_BLOCK_ERASE,
	};
	unsigned char log[512];
	int ret;

	ret = admin(dev->fd, &cmd, "Sanitize (block erase)", err, errlen);
	if (ret)
		return ret;
	for (;;) {
		struct nvme_passthru_cmd get = {
			.opcode = ADMIN_GET_LOG_PAGE,
			.nsid = 0xffffffff,
			.addr = (uintptr_t)log,
			.data_len = sizeof(log),
			.cdw10 = LOG_SANITIZE_STATUS | ((sizeof(log) / 4 - 1) << 16),
		};
		unsigned int sstat;

		ret = admin(dev->fd, &get, "Sanitize Status log", err, errlen);
		if (ret)
			return ret;
		sstat = log[2] & 0x7;
		if (sstat == 1 || sstat == 4)
			return 0;
		if (sstat == 3) {
			snprintf(err, errlen, "Sanitize (block erase) failed (Sanitize Status log)");
			return -EIO;
		}
		sleep(1);
	}
}

static int format(struct ssdq_nsdev *dev, char *err, size_t errlen)
{
	struct nvme_passthru_cmd cmd = {
		.opcode = ADMIN_FORMAT_NVM,
		.nsid = dev->ns.nsid,
		.cdw10 = (dev->id.flba & 0xf) | ((dev->id.flba >> 4) & 0x3) << 12 |
			 FORMAT_SES_USER_DATA,
		.timeout_ms = ERASE_TIMEOUT_MS,
	};

	return admin(dev->fd, &cmd, "Format NVM (user data erase)", err, errlen);
}

static int deallocate_all(struct ssdq_nsdev *dev, char *err, size_t errlen)
{
	struct ssdq_dsm_range *r;
	uint64_t lba = 0;
	int ret = 0;

	r = calloc(DSM_MAX_RANGES, sizeof(*r));
	if (!r)
		return -ENOMEM;
	while (!ret && lba < dev->ns.nlba) {
		struct nvme_passthru_cmd64 cmd = {
			.opcode = SSDQ_NVME_CMD_DSM,
			.nsid = dev->ns.nsid,
			.addr = (uintptr_t)r,
			.cdw11 = SSDQ_NVME_DSM_AD,
		};
		unsigned int n = 0;

		for (; n < DSM_MAX_RANGES && lba < dev->ns.nlba; n++) {
			uint64_t len = dev->ns.nlba - lba;

			if (len > 0xffffffffULL)
				len = 0xffffffffULL;
			r[n].cattr = 0;
			r[n].nlb = htole32((uint32_t)len);
			r[n].slba = htole64(lba);
			lba += len;
		}
		cmd.cdw10 = n - 1;
		cmd.data_len = n * sizeof(*r);
		ret = ioctl(dev->fd, NVME_IOCTL_IO64_CMD, &cmd);
		if (ret < 0) {
			ret = -errno;
			snprintf(err, errlen, "Dataset Management (deallocate): %s", strerror(-ret));
		} else if (ret > 0) {
			char st[256];

			ssdq_nvme_status_str(st, sizeof(st), (uint16_t)ret);
			snprintf(err, errlen, "Dataset Management (deallocate): %s", st);
			ret = -EIO;
		}
	}
	free(r);
	return ret;
}

int ssdq_erase_ns(struct ssdq_nsdev *dev, enum ssdq_erase_method want,
		  enum ssdq_erase_method *used, char *err, size_t errlen)
{
	struct ssdq_erase_caps caps;
	enum ssdq_erase_method m = want;
	int ret;

	ret = identify_ctrl(dev, &caps, err, errlen);
	if (ret)
		return ret;
	if (m == SSDQ_ERASE_AUTO)
		m = ssdq_erase_pick(&caps);
	*used = m;
	switch (m) {
	case SSDQ_ERASE_SANITIZE:
		if (!caps.sanitize_block || caps.nn != 1)
			break;
		return sanitize(dev, err, errlen);
	case SSDQ_ERASE_FORMAT:
		if (!caps.format || (caps.format_all_ns && caps.nn != 1))
			break;
		return format(dev, err, errlen);
	case SSDQ_ERASE_DEALLOCATE:
		if (!caps.dsm)
			break;
		return deallocate_all(dev, err, errlen);
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
