/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_NVME_ID_H
#define SSDQ_NVME_ID_H

#include <stddef.h>
#include <stdint.h>

#define SSDQ_NVME_ID_SIZE	4096

/** struct ssdq_id_ns - the Identify Namespace fields ssdq uses */
struct ssdq_id_ns {
	uint64_t nsze;		/* size in LBAs */
	uint64_t ncap;
	uint64_t nuse;
	unsigned int nlbaf;	/* number of LBA formats (1-based count) */
	unsigned int flba;	/* index of the format in use */
	unsigned int lba_shift;	/* LBADS of that format */
	unsigned int ms;	/* metadata bytes per LBA of that format */
	int extended_lba;	/* metadata travels inside the data buffer */
	unsigned int dlfeat;	/* deallocate read behaviour, bits 2:0 */
	unsigned int dps;	/* end-to-end protection settings */
};

/**
 * ssdq_parse_id_ns() - Decode an Identify Namespace (CNS 00h) data page.
 * @buf: the 4096-byte page as the controller returned it (little-endian)
 * @len: bytes in @buf, at least SSDQ_NVME_ID_SIZE
 * @id: decoded fields
 *
 * Return: 0, -EINVAL for a short buffer, -ENODEV for an inactive namespace
 * (NSZE 0), -EPROTO when the in-use format index or its LBADS is invalid
 * (LBADS below 9 or above 16).
 */
int ssdq_parse_id_ns(const uint8_t *buf, size_t len, struct ssdq_id_ns *id);

/* Admin Identify: opcode, and CNS values in CDW10 bits 7:0. */
#define SSDQ_NVME_ADMIN_IDENTIFY	0x06
#define SSDQ_NVME_CNS_NS		0x00
#define SSDQ_NVME_CNS_CTRL		0x01

#endif
