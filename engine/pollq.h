/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_POLLQ_H
#define SSDQ_POLLQ_H

/*
 * Whether a namespace's controller has NVMe poll queues, which polled
 * passthrough completions (ssdq_hipri, IORING_SETUP_IOPOLL) need. Linux
 * sets a queue's io_poll only when the driver made poll queues (the nvme
 * module's poll_queues, 0 by default); a polled ring on a namespace
 * without them still works, but its completions come by interrupt while
 * the task spins, so a "polled" figure would measure no polling at all.
 * Knows nothing of fio: reads sysfs under a root a test may point at a
 * fixture tree.
 */

#include <stddef.h>

/**
 * ssdq_poll_queues() - Check that block node @block polls.
 * @sysfs_root: "/sys", or a fixture tree; NULL means "/sys"
 * @node: the node the job names (/dev/ng0n1), for the message
 * @block: its block node name ("nvme0n1")
 * @msg: on -EOPNOTSUPP, why the job cannot poll and what to change; on
 *	other errors, what could not be read
 * @len: size of @msg
 *
 * Reads <root>/block/<block>/queue/io_poll, and for the message the nvme
 * module's poll_queues parameter.
 *
 * Return: 0 when the queue polls, -EOPNOTSUPP when it has no poll queues,
 * or -errno when io_poll cannot be read (-ENOENT: no such attribute, as
 * for a node with no block device; -EINVAL: not "0" or "1").
 */
int ssdq_poll_queues(const char *sysfs_root, const char *node, const char *block,
		     char *msg, size_t len);

#endif
