/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ERASE_H
#define SSDQ_ERASE_H

#include <stddef.h>

#include <sys/types.h>

#include "nvme_admin.h"
#include "nvme_ns.h"
#include "wait.h"

/** enum ssdq_erase_method - how a namespace is erased before a test */
enum ssdq_erase_method {
	SSDQ_ERASE_NONE = 0,
	SSDQ_ERASE_AUTO,	/* the first the drive supports, in the order below */
	SSDQ_ERASE_SANITIZE,	/* Sanitize, block erase (only on single-namespace drives) */
	SSDQ_ERASE_FORMAT,	/* Format NVM with user data erase (SES 1) */
	SSDQ_ERASE_DEALLOCATE,	/* Dataset Management deallocate of every LBA */
	SSDQ_ERASE_PURGE,	/* auto's Sanitize or Format only: a SNIA PTS purge */
};

/** ssdq_erase_name() - "sanitize", "format", … for messages and the events sidecar */
const char *ssdq_erase_name(enum ssdq_erase_method m);

/**
 * ssdq_erase_pick() - The method auto means for a controller.
 * @c: its Identify Controller fields (nvme_id.h)
 *
 * Sanitize and a Format that takes every namespace are chosen only when the
 * controller has one namespace, so no other namespace loses its data.
 *
 * Return: a method, or SSDQ_ERASE_NONE when the drive offers none.
 */
enum ssdq_erase_method ssdq_erase_pick(const struct ssdq_id_ctrl *c);

/**
 * struct ssdq_erase_ctl - what an erase may wait on, and what it left
 * @stop: the job's stop flag and the clock of every wait
 * @left_pid: out: the helper still waiting for a Format the wait gave up
 *	on (a stop or the deadline), else 0; it holds the namespace's writer
 *	lock until the drive has finished
 * @sanitize_est_s: out: the drive's own estimate of a Sanitize block
 *	erase (Sanitize Status log), 0 when it gave none
 */
struct ssdq_erase_ctl {
	struct ssdq_stop stop;
	pid_t left_pid;
	unsigned int sanitize_est_s;
};

/* Admin commands of an erase other than the Format itself time out after this. */
#define SSDQ_ERASE_ADMIN_TIMEOUT_MS	SSDQ_NVME_ERASE_TIMEOUT_MS
/* A Format NVM, and a Sanitize the drive gives no estimate for, may take this long. */
#define SSDQ_ERASE_MAX_MS		(4u * 3600 * 1000)
/* A Sanitize may take its estimate times this plus SSDQ_SANITIZE_MARGIN_S. */
#define SSDQ_SANITIZE_FACTOR		2
#define SSDQ_SANITIZE_MARGIN_S		60
/* Sanitize Status is read this often. */
#define SSDQ_SANITIZE_POLL_US		1000000
/* Bytes one Dataset Management command deallocates at most. */
#define SSDQ_DEALLOC_CMD_BYTES		(32ULL << 30)

/**
 * ssdq_erase_ns() - Erase the namespace behind @dev.
 * @dev: an open namespace (opened for writing)
 * @want: a method, or SSDQ_ERASE_AUTO
 * @used: the method that ran
 * @ctl: stop flag and clock (NULL: the real clock, no stop)
 * @err: message on failure
 * @errlen: size of @err
 *
 * Every wait looks at the stop flag at least every SSDQ_STOP_SLICE_US: a
 * Format is sent from a helper process (bgcmd.h) and waited for in slices,
 * a Sanitize is polled through its status log until the drive's estimate
 * times SSDQ_SANITIZE_FACTOR plus SSDQ_SANITIZE_MARGIN_S (SSDQ_ERASE_MAX_MS
 * without one), a deallocate goes in commands of SSDQ_DEALLOC_CMD_BYTES
 * with a look at the flag between them.
 *
 * The commands are nvme_admin.h's: Identify Controller, then Sanitize
 * (block erase) and the Sanitize Status log, Format NVM (SES 1, the LBA
 * format in use) or Dataset Management (deallocate).
 *
 * SSDQ_ERASE_PURGE is SSDQ_ERASE_AUTO without its deallocation: a drive
 * with neither Sanitize nor Format NVM for the namespace is refused (the
 * SNIA PTS's purge is one of those; @err says ssdq_erase=auto goes on).
 *
 * Return: 0, -EOPNOTSUPP when the drive lacks @want (or every method), -EIO
 * with the NVMe status in @err when the drive refused, -EINTR when a stop
 * was requested (the drive may go on erasing: @ctl->left_pid, @err says
 * what), -ETIMEDOUT past the deadline, or -errno of ioctl(2).
 */
int ssdq_erase_ns(struct ssdq_nsdev *dev, enum ssdq_erase_method want,
		  enum ssdq_erase_method *used, struct ssdq_erase_ctl *ctl, char *err,
		  size_t errlen);

#endif
