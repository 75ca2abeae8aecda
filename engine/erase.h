/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ERASE_H
#define SSDQ_ERASE_H

#include <stddef.h>

#include "nsdev.h"

/** enum ssdq_erase_method - how a namespace is erased before a test */
enum ssdq_erase_method {
	SSDQ_ERASE_NONE = 0,
	SSDQ_ERASE_AUTO,	/* the first the drive supports, in the order below */
	SSDQ_ERASE_SANITIZE,	/* Sanitize, block erase (only on single-namespace drives) */
	SSDQ_ERASE_FORMAT,	/* Format NVM with user data erase (SES 1) */
	SSDQ_ERASE_DEALLOCATE,	/* Dataset Management deallocate of every LBA */
};

/** ssdq_erase_name() - "sanitize", "format", … for messages and the events sidecar */
const char *ssdq_erase_name(enum ssdq_erase_method m);

/** struct ssdq_erase_caps - what Identify Controller says the drive can do */
struct ssdq_erase_caps {
	unsigned int nn;	/* namespaces */
	int sanitize_block;	/* SANICAP bit 1 */
	int format;		/* OACS bit 1 */
	int format_all_ns;	/* FNA bit 0 or 1: a format takes every namespace */
	int dsm;		/* ONCS bit 2 */
};

/**
 * ssdq_erase_caps_parse() - Decode the erase capabilities from an Identify
 * Controller page (4096 bytes).
 */
void ssdq_erase_caps_parse(const unsigned char *id_ctrl, struct ssdq_erase_caps *caps);

/**
 * ssdq_erase_pick() - The method auto means for @caps.
 *
 * Sanitize and a Format that takes every namespace are chosen only when the
 * controller has one namespace, so no other namespace loses its data.
 *
 * Return: a method, or SSDQ_ERASE_NONE when the drive offers none.
 */
enum ssdq_erase_method ssdq_erase_pick(const struct ssdq_erase_caps *caps);

/**
 * ssdq_erase_ns() - Erase the namespace behind @dev.
 * @dev: an open namespace (opened for writing)
 * @want: a method, or SSDQ_ERASE_AUTO
 * @used: the method that ran
 * @err: message on failure
 * @errlen: size of @err
 *
 * Blocks until the erase has finished (a Sanitize is polled through its
 * status log).
 *
 * Return: 0, -EOPNOTSUPP when the drive lacks @want (or every method), -EIO
 * with the NVMe status in @err when the drive refused, or -errno of ioctl(2).
 */
int ssdq_erase_ns(struct ssdq_nsdev *dev, enum ssdq_erase_method want,
		  enum ssdq_erase_method *used, char *err, size_t errlen);

#endif
