// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "pollq.h"
#include "util.h"

int ssdq_poll_queues(const char *sysfs_root, const char *node, const char *block,
		     char *msg, size_t len)
{
	const char *root = sysfs_root ? sysfs_root : "/sys";
	char path[PATH_MAX], val[32], param[32];
	int ret;

	snprintf(path, sizeof(path), "%s/block/%s/queue/io_poll", root, block);
	ret = ssdq_read_line(path, val, sizeof(val));
	if (ret <= 0) {
		ret = ret ? ret : -EIO;
		snprintf(msg, len, "cannot tell whether %s polls: %s: %s", node, path,
			 strerror(-ret));
		return ret;
	}
	if (!strcmp(val, "1"))
		return 0;
	if (strcmp(val, "0")) {
		snprintf(msg, len, "cannot tell whether %s polls: %s reads \"%s\"", node, path,
			 val);
		return -EINVAL;
	}
	snprintf(path, sizeof(path), "%s/module/nvme/parameters/poll_queues", root);
	if (ssdq_read_line(path, param, sizeof(param)) <= 0)
		snprintf(param, sizeof(param), "unknown");
	snprintf(msg, len, "ssdq_hipri=1: %s (%s) has no NVMe poll queues (queue/io_poll is 0, "
		 "nvme poll_queues=%s), so its completions would come by interrupt while fio "
		 "spins; boot with nvme.poll_queues=N (or set poll_queues=N for the nvme module "
		 "and reload it; a controller with a single I/O queue gets none), or drop "
		 "ssdq_hipri", node, block, param);
	return -EOPNOTSUPP;
}
