/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_HOLDERS_H
#define SSDQ_HOLDERS_H

/*
 * What may stand on a namespace before a job writes to it: a mount, swap,
 * device-mapper or md above its block node or a partition of it (holders.c;
 * a filesystem or partition-table signature: signature.h). No fio here.
 */
#include <stddef.h>

/**
 * struct ssdq_sysroot - where the kernel's tables are read from
 * @sys: the sysfs mount ("/sys")
 * @dev: the device directory ("/dev"), for the names in messages and in
 *	/proc/swaps
 * @mountinfo: "/proc/self/mountinfo"
 * @swaps: "/proc/swaps"
 *
 * Tests point these at a fake tree; the engine uses ssdq_sysroot_live.
 */
struct ssdq_sysroot {
	const char *sys;
	const char *dev;
	const char *mountinfo;
	const char *swaps;
};

extern const struct ssdq_sysroot ssdq_sysroot_live;

/**
 * ssdq_ng_block() - Name the block node of a generic namespace node.
 * @root: where sysfs is
 * @ng: the generic node's path ("/dev/ng0n1", or any path to that char
 *	device: its name is read from sysfs), or a name for a fake tree
 * @block: out: the block node's name ("nvme0n1")
 * @len: size of @block
 *
 * The kernel names both nodes after the same controller (or subsystem) and
 * namespace instance numbers.
 *
 * Return: 0, -EINVAL when @ng is not named like a generic node (ngXnY), or
 * -ENOENT when the namespace has no block node in sysfs (an LBA format the
 * block layer cannot use: nothing can be mounted on it).
 */
int ssdq_ng_block(const struct ssdq_sysroot *root, const char *ng, char *block, size_t len);

/**
 * ssdq_holders_find() - Find what holds a namespace's block node or one of
 * its partitions: a mount, swap, or a device-mapper/md device above it.
 * @root: where the tables are
 * @block: the block node's name ("nvme0n1")
 * @why: out: the first holder, e.g. "/dev/nvme0n1p1 is mounted on /mnt/data"
 * @len: size of @why
 *
 * Return: 0 when nothing holds it, -EBUSY when something does (@why says
 * what), or -errno when sysfs or /proc/self/mountinfo cannot be read
 * (@why says which).
 */
int ssdq_holders_find(const struct ssdq_sysroot *root, const char *block, char *why,
		      size_t len);

#endif
