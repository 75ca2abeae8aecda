/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_NVME_STATUS_H
#define SSDQ_NVME_STATUS_H

#include <stddef.h>
#include <stdint.h>

/*
 * NVMe completion status as the Linux passthrough interfaces return it:
 * cqe->res of an IORING_OP_URING_CMD completion, or the positive return of
 * NVME_IOCTL_IO64_CMD / NVME_IOCTL_ADMIN64_CMD. It is the 15-bit Status Field
 * without the phase bit: SC in bits 0-7, SCT in bits 8-10, CRD in 11-12,
 * More in 13, DNR in 14.
 */
#define SSDQ_NVME_SC(status)	((unsigned)(status) & 0xff)
#define SSDQ_NVME_SCT(status)	(((unsigned)(status) >> 8) & 0x7)
#define SSDQ_NVME_DNR(status)	(((unsigned)(status) >> 14) & 0x1)

/**
 * ssdq_nvme_status_name() - Name of a status code, as the NVMe base spec
 * words it (e.g. "LBA Out of Range").
 * @status: status field, see above
 *
 * Return: a static string; "Unknown Status" for codes the table lacks.
 */
const char *ssdq_nvme_status_name(uint16_t status);

/**
 * ssdq_nvme_sct_name() - Name of the Status Code Type of @status
 * ("Generic Command Status", "Command Specific Status", …).
 *
 * Return: a static string.
 */
const char *ssdq_nvme_sct_name(uint16_t status);

/**
 * ssdq_nvme_status_errno() - errno that stands for @status in fio's
 * io_u->error: EILSEQ for protection information (integrity) errors, EIO
 * for every other status the drive reports. These are the two errors fio's
 * continue_on_error treats as non-fatal by default, so a job can go on past
 * a drive's failures; the status itself is named in ssdq's message.
 *
 * Return: a positive errno; 0 for status 0 (success).
 */
int ssdq_nvme_status_errno(uint16_t status);

/**
 * ssdq_nvme_status_str() - Format @status for a message, e.g.
 * "NVMe status 0x4080: LBA Out of Range (SCT 0x0 Generic Command Status,
 * SC 0x80, DNR)"; ", CRD n", ", More" and ", DNR" follow SC when set.
 * @buf: destination, always NUL-terminated when @len > 0
 * @len: size of @buf
 * @status: status field
 *
 * Return: the length the full string needs, as snprintf().
 */
int ssdq_nvme_status_str(char *buf, size_t len, uint16_t status);

#endif
