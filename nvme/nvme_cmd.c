// SPDX-License-Identifier: GPL-2.0-only
/*
 * NVM command set commands, built as struct nvme_uring_cmd. Its fields are
 * host endian (the kernel converts them); the DSM range list is data the
 * drive reads, so it is built little endian.
 */
#include <endian.h>
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "nvme_cmd.h"

/*
 * LBA sizes under 512 bytes do not exist (LBADS >= 9); one of 4 GiB or more
 * would not fit data_len. Refusing the rest also catches a zeroed ns.
 */
#define LBA_SHIFT_MIN	9
#define LBA_SHIFT_MAX	31

int ssdq_nvme_check_span(const struct ssdq_ns *ns, uint64_t offset, uint64_t len)
{
	uint64_t mask;

	if (ns->lba_shift < LBA_SHIFT_MIN || ns->lba_shift > LBA_SHIFT_MAX)
		return -EINVAL;
	mask = (UINT64_C(1) << ns->lba_shift) - 1;
	if (!len || (offset & mask) || (len & mask))
		return -EINVAL;
	return 0;
}

int ssdq_nvme_build_rw(struct nvme_uring_cmd *cmd, const struct ssdq_ns *ns,
		       unsigned int opcode, uint64_t offset, uint64_t len,
		       void *buf)
{
	uint64_t slba, nlb;
	int ret;

	if (opcode != SSDQ_NVME_CMD_READ && opcode != SSDQ_NVME_CMD_WRITE)
		return -EINVAL;
	ret = ssdq_nvme_check_span(ns, offset, len);
	if (ret)
		return ret;
	nlb = len >> ns->lba_shift;
	/* data_len is 32 bits: only LBAs of 64 KiB and up can overflow it. */
	if (nlb > SSDQ_NVME_MAX_NLB || len > UINT32_MAX)
		return -E2BIG;
	slba = offset >> ns->lba_shift;

	memset(cmd, 0, sizeof(*cmd));
	cmd->opcode = opcode;
	cmd->nsid = ns->nsid;
	cmd->addr = (uintptr_t)buf;
	cmd->data_len = (uint32_t)len;
	cmd->cdw10 = (uint32_t)slba;
	cmd->cdw11 = (uint32_t)(slba >> 32);
	cmd->cdw12 = (uint32_t)(nlb - 1);	/* NLB, 0's based */
	return 0;
}

void ssdq_nvme_build_flush(struct nvme_uring_cmd *cmd, const struct ssdq_ns *ns)
{
	memset(cmd, 0, sizeof(*cmd));
	cmd->opcode = SSDQ_NVME_CMD_FLUSH;
	cmd->nsid = ns->nsid;
}

int ssdq_nvme_build_deallocate(struct nvme_uring_cmd *cmd,
			       struct ssdq_dsm_range *range,
			       const struct ssdq_ns *ns, uint64_t offset,
			       uint64_t len)
{
	uint64_t nlb;
	int ret;

	ret = ssdq_nvme_check_span(ns, offset, len);
	if (ret)
		return ret;
	nlb = len >> ns->lba_shift;
	if (nlb > UINT32_MAX)
		return -E2BIG;

	range->cattr = 0;
	range->nlb = htole32((uint32_t)nlb);
	range->slba = htole64(offset >> ns->lba_shift);

	memset(cmd, 0, sizeof(*cmd));
	cmd->opcode = SSDQ_NVME_CMD_DSM;
	cmd->nsid = ns->nsid;
	cmd->addr = (uintptr_t)range;
	cmd->data_len = sizeof(*range);
	cmd->cdw10 = 0;				/* NR: one range, 0's based */
	cmd->cdw11 = SSDQ_NVME_DSM_AD;
	return 0;
}
