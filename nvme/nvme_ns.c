// SPDX-License-Identifier: GPL-2.0-only
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "nvme_admin.h"
#include "nvme_status.h"
#include "nvme_ns.h"

#define SSDQ_DEFAULT_MAX_XFER	(128u * 1024)

int ssdq_ng_for_block(const char *block, char *out, size_t len)
{
	const char *base = strrchr(block, '/');
	unsigned int c, n;
	char tail;

	base = base ? base + 1 : block;
	if (sscanf(base, "nvme%un%u%c", &c, &n, &tail) != 2)
		return -EINVAL;
	snprintf(out, len, "/dev/ng%un%u", c, n);
	return 0;
}

static int read_sysfs_ulong(const char *fmt, const char *name, unsigned long *val)
{
	char path[PATH_MAX], buf[64];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), fmt, name);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	ok = fgets(buf, sizeof(buf), f) != NULL;
	fclose(f);
	if (!ok)
		return -EIO;
	*val = strtoul(buf, NULL, 10);
	return 0;
}

/*
 * Passthrough maps the user buffer page by page without splitting, so one
 * command may carry at most max_hw_sectors_kb and max_segments pages.
 */
static uint32_t probe_max_xfer(const struct ssdq_nsdev *dev)
{
	unsigned long kb, segs;
	uint64_t lim = SSDQ_DEFAULT_MAX_XFER;
	long page = sysconf(_SC_PAGESIZE);
	uint32_t lba = 1u << dev->ns.lba_shift;

	if (!read_sysfs_ulong("/sys/block/%s/queue/max_hw_sectors_kb", dev->block, &kb) && kb)
		lim = (uint64_t)kb * 1024;
	if (!read_sysfs_ulong("/sys/block/%s/queue/max_segments", dev->block, &segs) && segs > 1 &&
	    (uint64_t)(segs - 1) * page < lim)
		lim = (uint64_t)(segs - 1) * page;
	if (lim > (uint64_t)SSDQ_NVME_MAX_NLB << dev->ns.lba_shift)
		lim = (uint64_t)SSDQ_NVME_MAX_NLB << dev->ns.lba_shift;
	lim &= ~(uint64_t)(lba - 1);
	return lim < lba ? lba : (uint32_t)lim;
}

static int refuse_non_char(const char *path, const struct stat *st, char *err, size_t errlen)
{
	char ng[64];

	if (S_ISBLK(st->st_mode)) {
		char real[PATH_MAX];

		if (!realpath(path, real))
			snprintf(real, sizeof(real), "%s", path);
		if (!ssdq_ng_for_block(real, ng, sizeof(ng)))
			snprintf(err, errlen, "%s is a block device; ssdq drives NVMe namespaces "
				 "through their generic char node: use filename=%s", path, ng);
		else
			snprintf(err, errlen, "%s is a block device; ssdq drives NVMe namespaces "
				 "through their generic char node /dev/ngXnY (ls /dev/ng*)", path);
	} else {
		snprintf(err, errlen, "%s is not a char device; ssdq drives NVMe namespaces "
			 "through their generic char node /dev/ngXnY (ls /dev/ng*)", path);
	}
	return -EINVAL;
}

static void name_nodes(struct ssdq_nsdev *dev, const struct stat *st)
{
	char link[PATH_MAX], target[PATH_MAX];
	const char *base;
	unsigned int c, n;
	ssize_t r;

	snprintf(link, sizeof(link), "/sys/dev/char/%u:%u", major(st->st_rdev), minor(st->st_rdev));
	r = readlink(link, target, sizeof(target) - 1);
	if (r <= 0)
		return;
	target[r] = '\0';
	base = strrchr(target, '/');
	base = base ? base + 1 : target;
	if (sscanf(base, "ng%un%u", &c, &n) != 2)
		return;
	snprintf(dev->block, sizeof(dev->block), "nvme%un%u", c, n);
	snprintf(dev->ctrl, sizeof(dev->ctrl), "nvme%u", c);
}

int ssdq_nsdev_open(const char *path, int flags, struct ssdq_nsdev *dev,
		    char *err, size_t errlen)
{
	struct stat st;
	int ret;

	memset(dev, 0, sizeof(*dev));
	dev->fd = -1;
	if (stat(path, &st) < 0) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", path, strerror(-ret));
		return ret;
	}
	if (!S_ISCHR(st.st_mode))
		return refuse_non_char(path, &st, err, errlen);

	dev->fd = open(path, flags | O_CLOEXEC);
	if (dev->fd < 0) {
		ret = -errno;
		if (ret == -EACCES || ret == -EPERM)
			snprintf(err, errlen, "no permission to open %s %s: run as root, or grant "
				 "your user access to the node (a udev rule for ng* nodes)", path,
				 (flags & O_ACCMODE) == O_RDONLY ? "for reading" : "for writing");
		else
			snprintf(err, errlen, "cannot open %s: %s", path, strerror(-ret));
		return ret;
	}

	ret = ssdq_nvme_get_nsid(dev->fd, &dev->ns.nsid);
	if (ret) {
		snprintf(err, errlen, "%s is not an NVMe namespace node (NVME_IOCTL_ID: %s); "
			 "use a /dev/ngXnY node", path, strerror(-ret));
		goto fail;
	}
	name_nodes(dev, &st);

	ret = ssdq_nvme_read_id_ns(dev->fd, SSDQ_NSDEV_TIMEOUT_MS, dev->ns.nsid, &dev->id);
	if (ret > 0) {
		char st_msg[256];

		ssdq_nvme_status_str(st_msg, sizeof(st_msg), (uint16_t)ret);
		snprintf(err, errlen, "Identify Namespace %u on %s failed: %s", dev->ns.nsid,
			 path, st_msg);
		ret = -EIO;
		goto fail;
	}
	if (ret == -EACCES || ret == -EPERM) {
		snprintf(err, errlen, "Identify Namespace on %s was refused (%s): NVMe passthrough "
			 "needs CAP_SYS_ADMIN before Linux 6.2; run fio as root", path,
			 strerror(-ret));
		goto fail;
	}
	if (ret) {
		snprintf(err, errlen, "Identify Namespace %u on %s failed: %s", dev->ns.nsid,
			 path, ret == -ENODEV ? "namespace is inactive (NSZE 0)" : strerror(-ret));
		goto fail;
	}
	if (dev->id.ms) {
		ret = -EOPNOTSUPP;
		snprintf(err, errlen, "%s is formatted with %u metadata bytes per LBA; ssdq "
			 "supports formats without metadata (nvme format --lbaf)", path, dev->id.ms);
		goto fail;
	}
	dev->ns.lba_shift = dev->id.lba_shift;
	dev->ns.nlba = dev->id.nsze;
	dev->max_xfer = probe_max_xfer(dev);
	return 0;
fail:
	ssdq_nsdev_close(dev);
	return ret;
}

void ssdq_nsdev_close(struct ssdq_nsdev *dev)
{
	if (dev && dev->fd >= 0) {
		close(dev->fd);
		dev->fd = -1;
	}
}

static int first_ctrl_of_subsys(const char *root, const char *subsys, char *out, size_t len)
{
	char path[PATH_MAX];
	struct dirent *de;
	unsigned int c, best = UINT_MAX;
	char tail;
	DIR *d;

	if (snprintf(path, sizeof(path), "%s/class/nvme-subsystem/%s", root, subsys) >=
	    (int)sizeof(path))
		return -ENAMETOOLONG;
	d = opendir(path);
	if (!d)
		return -errno;
	while ((de = readdir(d)))
		if (sscanf(de->d_name, "nvme%u%c", &c, &tail) == 1 && c < best)
			best = c;
	closedir(d);
	if (best == UINT_MAX)
		return -ENOENT;
	snprintf(out, len, "/dev/nvme%u", best);
	return 0;
}
int ssdq_ctrl_for_ng(const char *sysfs_root, const char *ng, char *out, size_t len)
{
	const char *root = sysfs_root ? sysfs_root : "/sys";
	const char *base = strrchr(ng, '/');
	char link[PATH_MAX], target[PATH_MAX], tail;
	unsigned int c, n;
	const char *tb;
	ssize_t r;

	base = base ? base + 1 : ng;
	if (sscanf(base, "ng%un%u", &c, &n) != 2 && sscanf(base, "nvme%un%u", &c, &n) != 2)
		return -EINVAL;
	snprintf(link, sizeof(link), "%s/class/nvme-generic/%s/device", root, base);
	r = readlink(link, target, sizeof(target) - 1);
	if (r > 0) {
		target[r] = '\0';
		tb = strrchr(target, '/');
		tb = tb ? tb + 1 : target;
		if (sscanf(tb, "nvme%u%c", &c, &tail) == 1) {
			snprintf(out, len, "/dev/nvme%u", c);
			return 0;
		}
		if (!strncmp(tb, "nvme-subsys", 11) && !first_ctrl_of_subsys(root, tb, out, len))
			return 0;
	}
	if (sscanf(base, "ng%un%u", &c, &n) != 2)
		sscanf(base, "nvme%un%u", &c, &n);
	snprintf(out, len, "/dev/nvme%u", c);
	return 0;
}
