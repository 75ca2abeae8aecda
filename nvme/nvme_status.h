/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_NVME_STATUS_H
#define SSDQ_NVME_STATUS_H

#include <stddef.h>
#include <stdint.h>

/*
 * NVMe completion status as the Linux passthrough interfaces return it:
 * cqe->res of an IORING_OP_URING_CMD completion, the positive return of
 * NVME_IOCTL_IO64_CMD / NVME_IOCTL_ADMIN_CMD, or of a libnvme call
 * (nvme_admin.h). It is the 15-bit Status Field without the phase bit: SC
 * in bits 0-7, SCT in bits 8-10, CRD in 11-12, More in 13, DNR in 14.
 * Names come from libnvme (nvme_status_to_string()).
 */
#define SSDQ_NVME_SC(status)	((unsigned)(status) & 0xff)
#define SSDQ_NVME_SCT(status)	(((unsigned)(status) >> 8) & 0x7)
#define SSDQ_NVME_DNR(status)	(((unsigned)(status) >> 14) & 0x1)

/**
 * ssdq_nvme_status_errno() - errno that stands for @status in fio's
 * io_u->error: EILSEQ for protection information (integrity) errors, EIO
 * for every other status the drive reports. These are the two errors fio's
 * continue_on_error treats as non-fatal by default, so a job can go on past
 * a drive's failures; the status itself is named in ssdq's message. (Not
 * libnvme's nvme_status_to_errno(), which answers EINVAL, ENOSPC, … that
 * fio treats as fatal.)
 *
 * Return: a positive errno; 0 for status 0 (success).
 */
int ssdq_nvme_status_errno(uint16_t status);

/**
 * ssdq_nvme_status_str() - Format @status for a message, e.g.
 * "NVMe status 0x4080: LBA Out of Range (SCT 0x0 Generic Command Status,
 * SC 0x80, DNR)": the name is libnvme's up to its description; a code
 * libnvme does not know is "Unknown Status"; ", CRD n", ", More" and
 * ", DNR" follow SC when set.
 * @buf: destination, always NUL-terminated when @len > 0
 * @len: size of @buf
 * @status: status field
 *
 * Return: the length the full string needs, as snprintf().
 */
int ssdq_nvme_status_str(char *buf, size_t len, uint16_t status);

/**
 * ssdq_nvme_result() - Turn what an nvme_admin.h call returned into 0 or
 * -errno, with a message naming @what when it failed.
 * @ret: 0, an NVMe status (> 0) or -errno
 * @what: the command, e.g. "Identify Controller on /dev/nvme0"
 * @err: the message: "@what: <strerror>" (with a hint for -EACCES/-EPERM
 *	and -EINTR) or "@what: <ssdq_nvme_status_str()>"
 * @errlen: size of @err
 *
 * Return: 0, @ret when negative, -EIO for an NVMe status.
 */
int ssdq_nvme_result(int ret, const char *what, char *err, size_t errlen);

#endif
