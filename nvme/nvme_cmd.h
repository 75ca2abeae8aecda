/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_NVME_CMD_H
#define SSDQ_NVME_CMD_H

#include <stdint.h>
#include <linux/nvme_ioctl.h>

/* NVM command set opcodes ssdq issues. */
enum ssdq_nvme_opcode {
	SSDQ_NVME_CMD_FLUSH	= 0x00,
	SSDQ_NVME_CMD_WRITE	= 0x01,
	SSDQ_NVME_CMD_READ	= 0x02,
	SSDQ_NVME_CMD_DSM	= 0x09,
};

/* Dataset Management attribute: deallocate (CDW11 bit 2). */
#define SSDQ_NVME_DSM_AD	(1u << 2)
/* Most LBAs one Read/Write can move: NLB is a 0's based 16-bit field. */
#define SSDQ_NVME_MAX_NLB	65536u

/** struct ssdq_ns - what command building needs of a namespace */
struct ssdq_ns {
	uint32_t nsid;
	unsigned int lba_shift;	/* log2 of the LBA data size */
	uint64_t nlba;		/* NSZE: namespace size in LBAs */
};

/** struct ssdq_dsm_range - one Dataset Management range (16 bytes, LE) */
struct ssdq_dsm_range {
	uint32_t cattr;
	uint32_t nlb;		/* length in LBAs, not 0's based */
	uint64_t slba;
};

/**
 * ssdq_nvme_check_span() - Check that a byte span maps onto whole LBAs.
 * @ns: namespace
 * @offset: byte offset
 * @len: byte length, > 0
 *
 * Return: 0 when both are multiples of the LBA size, -EINVAL otherwise.
 */
int ssdq_nvme_check_span(const struct ssdq_ns *ns, uint64_t offset, uint64_t len);

/**
 * ssdq_nvme_build_rw() - Fill @cmd with an NVM Read or Write.
 * @cmd: command, zeroed and filled here
 * @ns: namespace
 * @opcode: SSDQ_NVME_CMD_READ or SSDQ_NVME_CMD_WRITE
 * @offset: byte offset, LBA-aligned
 * @len: byte length, LBA-aligned, at most SSDQ_NVME_MAX_NLB LBAs
 * @buf: data buffer
 *
 * The range is not checked against the namespace size: a command past the
 * end goes to the drive, which answers LBA Out of Range.
 *
 * Return: 0, -EINVAL for an unaligned span or a bad opcode, -E2BIG for a
 * length over SSDQ_NVME_MAX_NLB LBAs.
 */
int ssdq_nvme_build_rw(struct nvme_uring_cmd *cmd, const struct ssdq_ns *ns,
		       unsigned int opcode, uint64_t offset, uint64_t len,
		       void *buf);

/**
 * ssdq_nvme_build_flush() - Fill @cmd with an NVM Flush of @ns.
 */
void ssdq_nvme_build_flush(struct nvme_uring_cmd *cmd, const struct ssdq_ns *ns);

/**
 * ssdq_nvme_build_deallocate() - Fill @cmd and @range with a Dataset
 * Management deallocate of one byte span.
 * @cmd: command, zeroed and filled here
 * @range: range buffer the command points to; must stay valid until the
 *	command completes
 * @ns: namespace
 * @offset: byte offset, LBA-aligned
 * @len: byte length, LBA-aligned, at most 2^32-1 LBAs
 *
 * Return: 0, -EINVAL for an unaligned span, -E2BIG for a span too long for
 * one range.
 */
int ssdq_nvme_build_deallocate(struct nvme_uring_cmd *cmd,
			       struct ssdq_dsm_range *range,
			       const struct ssdq_ns *ns, uint64_t offset,
			       uint64_t len);

#endif
