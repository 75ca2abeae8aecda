/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_SIGNATURE_H
#define SSDQ_ENGINE_SIGNATURE_H

/*
 * Data a write would destroy, by its signature (signature.c, libblkid).
 * Knows no fio.
 */
#include <stddef.h>

/**
 * ssdq_signature_find() - Look for filesystem, RAID, LVM, crypto, swap and
 * partition-table signatures on a block device or image file (libblkid).
 * @path: the block node ("/dev/nvme0n1")
 * @what: out: the signatures found, e.g. "ext4 filesystem at offset 1080,
 *	dos partition table at offset 510", or why none could be looked for
 * @len: size of @what
 *
 * The device's cached pages are dropped before the probe: writes sent
 * through the generic node bypass the block node's page cache, which may
 * hold a signature those writes have since overwritten. An area that
 * cannot be read (a drive failing reads of deallocated LBAs) is taken to
 * hold none.
 *
 * Return: 0 when there is none, -EEXIST when there is (@what names them),
 * -ENOSYS when ssdq.so was built without libblkid, -ENOMEM, -EIO when
 * libblkid cannot take the device, or -errno when @path cannot be opened.
 */
int ssdq_signature_find(const char *path, char *what, size_t len);

#endif
