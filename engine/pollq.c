// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "pollq.h"

/* The first line of @path into @buf, without its newline. */
static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	int ok;

	if (!f)
		return -errno;
	ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	if (!ok)
		return -EIO;
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

int ssdq_poll_queues(const char *sysfs_root, const char *node, const char *block,
		     char *msg, size_t len)
{
	const char *root = sysfs_root ? sysfs_root : "/sys";
	char path[PATH_MAX], val[32], param[32];
	int ret;

	snprintf(path, sizeof(path), "%s/block/%s/queue/io_poll", root, block);
	ret = read_line(path, val, sizeof(val));
	if (ret) {
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
	if (read_line(path, param, sizeof(param)))
		snprintf(param, sizeof(param), "unknown");
	snprintf(msg, len, "ssdq_hipri=1: %s (%s) has no NVMe poll queues (queue/io_poll is 0, "
		 "nvme poll_queues=%s), so its completions would come by interrupt while fio "
		 "spins; boot with nvme.poll_queues=N (or set poll_queues=N for the nvme module "
		 "and reload it; a controller with a single I/O queue gets none), or drop "
		 "ssdq_hipri", node, block, param);
	return -EOPNOTSUPP;
}
