/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_NVME_NS_H
#define SSDQ_NVME_NS_H

/*
 * Opening and probing an NVMe namespace through its generic char node
 * (/dev/ngXnY), and the names around it: its block node, its controller.
 * The open is ssdq's own (libnvme 1.3's nvme_open() refuses ng names); the
 * probe is libnvme's NVME_IOCTL_ID and Identify Namespace (nvme_admin.h).
 */

#include <stddef.h>
#include <stdint.h>

#include "nvme_cmd.h"
#include "nvme_id.h"

/**
 * struct ssdq_nsdev - an open NVMe generic namespace node (/dev/ngXnY)
 * @fd: the open node
 * @ns: what command building needs (NSID, LBA size, size in LBAs)
 * @id: the Identify Namespace fields
 * @max_xfer: most bytes one command may move through passthrough, a
 *	multiple of the LBA size; larger I/Os are split
 * @block: the namespace's block node name ("nvme0n1")
 * @ctrl: the controller node name ("nvme0")
 */
struct ssdq_nsdev {
	int fd;
	struct ssdq_ns ns;
	struct ssdq_id_ns id;
	uint32_t max_xfer;
	char block[64];
	char ctrl[64];
};

/* Identify Namespace at open times out after this. */
#define SSDQ_NSDEV_TIMEOUT_MS	10000u

/**
 * ssdq_nsdev_open() - Open a namespace's generic char node and read its
 * geometry with NVME_IOCTL_ID and Identify Namespace.
 * @path: the node, e.g. /dev/ng0n1
 * @flags: O_RDONLY or O_RDWR (O_CLOEXEC is added)
 * @dev: filled on success; @dev->fd is -1 on failure
 * @err: on failure, a message that names the cause and what to change
 * @errlen: size of @err
 *
 * A block node, a regular file or a char device that is not an NVMe
 * namespace is refused, naming the /dev/ng node to use where one exists.
 *
 * Return: 0, or -errno (-EACCES, -EPERM, -ENOTTY for a node that is not an
 * NVMe namespace, -EINVAL for a block node or regular file, -EOPNOTSUPP for
 * formats with metadata, -EIO when the drive failed Identify Namespace, or
 * what open(2) and ioctl(2) returned).
 */
int ssdq_nsdev_open(const char *path, int flags, struct ssdq_nsdev *dev,
		    char *err, size_t errlen);

/** ssdq_nsdev_close() - Close @dev; safe on a closed or failed one. */
void ssdq_nsdev_close(struct ssdq_nsdev *dev);

/**
 * ssdq_ng_for_block() - Name the generic node of a block node.
 * @block: a block node name or path ("nvme0n1", "/dev/nvme0n1")
 * @out: "/dev/ng0n1"
 * @len: size of @out
 *
 * Return: 0, or -EINVAL when @block is not named like an NVMe namespace.
 */
int ssdq_ng_for_block(const char *block, char *out, size_t len);

/**
 * ssdq_ctrl_for_ng() - The controller node of a namespace node.
 * @sysfs_root: "/sys", or a test tree; NULL for "/sys"
 * @ng: "/dev/ngXnY" (or "/dev/nvmeXnY")
 * @out: "/dev/nvmeZ"
 * @len: size of @out
 *
 * Follows <sysfs>/class/nvme-generic/ngXnY/device to its controller; for a
 * multipath node (parent nvme-subsysN), the first controller of the
 * subsystem; else the X of the name.
 *
 * Return: 0, or -EINVAL when @ng is not named like an NVMe namespace.
 */
int ssdq_ctrl_for_ng(const char *sysfs_root, const char *ng, char *out, size_t len);

#endif
