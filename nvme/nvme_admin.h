/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_NVME_ADMIN_H
#define SSDQ_NVME_ADMIN_H

/*
 * The one place ssdq sends NVMe admin commands (and the one I/O command an
 * erase sends, Dataset Management): libnvme 1.3's fd-based calls, on any
 * node libnvme will take an fd of (/dev/nvmeX, /dev/ngXnY). Every call
 * carries the caller's timeout in milliseconds (0: the kernel's default of
 * 60 s), so a hung drive holds a sampler or a job's end no longer.
 *
 * Each returns 0, the NVMe status (> 0: the Status Field, decode it with
 * nvme_status.h) when the controller failed the command, or -errno when
 * the ioctl did (-EINTR when the kernel aborted it at the timeout). The
 * buffers are libnvme's structs (<libnvme.h>), which callers that decode
 * them include; this header only names them.
 */

#include <stdbool.h>
#include <stdint.h>

struct nvme_id_ctrl;
struct nvme_id_ns;
struct nvme_id_uuid_list;
struct nvme_feat_auto_pst;

/* Timeouts ssdq uses: power/'s reads, an erase's short commands. */
#define SSDQ_NVME_POWER_TIMEOUT_MS	5000u
#define SSDQ_NVME_ERASE_TIMEOUT_MS	10000u

/* The OCP SMART / Health Information Extended log (not in libnvme 1.3). */
#define SSDQ_NVME_LID_OCP_SMART		0xc0

/**
 * ssdq_nvme_get_nsid() - The namespace id of a namespace node (NVME_IOCTL_ID).
 * @fd: the node
 * @nsid: set on success
 *
 * Return: 0, -ENODEV when the node names namespace 0 (a controller node),
 * or -errno (-ENOTTY: not an NVMe node).
 */
int ssdq_nvme_get_nsid(int fd, uint32_t *nsid);

/** ssdq_nvme_identify_ctrl() - Identify Controller (CNS 01h) into @id. */
int ssdq_nvme_identify_ctrl(int fd, uint32_t timeout_ms, struct nvme_id_ctrl *id);

/** ssdq_nvme_identify_ns() - Identify Namespace (CNS 00h) @nsid into @ns. */
int ssdq_nvme_identify_ns(int fd, uint32_t timeout_ms, uint32_t nsid, struct nvme_id_ns *ns);

/** ssdq_nvme_identify_uuid() - Identify UUID List (CNS 17h) into @list. */
int ssdq_nvme_identify_uuid(int fd, uint32_t timeout_ms, struct nvme_id_uuid_list *list);

/**
 * ssdq_nvme_get_log() - Get Log Page @lid of all namespaces (NSID FFFFFFFFh),
 * one command, RAE clear.
 * @fd: the node
 * @timeout_ms: the command's timeout
 * @lid: the log page
 * @uuidx: UUID index (CDW14 bits 6:0; 0 for none)
 * @buf: where the page goes
 * @len: its length, a multiple of 4 up to 4096
 */
int ssdq_nvme_get_log(int fd, uint32_t timeout_ms, uint8_t lid, uint8_t uuidx, void *buf,
		      uint32_t len);

/**
 * ssdq_nvme_get_power_state() - Get Features Power Management (02h), current.
 * @ps: the power state the controller is in (DW0 bits 4:0)
 */
int ssdq_nvme_get_power_state(int fd, uint32_t timeout_ms, unsigned int *ps);

/**
 * ssdq_nvme_get_write_cache() - Get Features Volatile Write Cache (06h),
 * current.
 * @enabled: WCE (DW0 bit 0)
 *
 */
int ssdq_nvme_get_write_cache(int fd, uint32_t timeout_ms, bool *enabled);

/**
 * ssdq_nvme_set_write_cache() - Set Features Volatile Write Cache (06h),
 * not saved (SV clear: a power cycle brings back the drive's own setting).
 * @enabled: WCE (CDW11 bit 0)
 *
 * A controller without a volatile write cache (Identify Controller VWC
 * bit 0 clear) answers Invalid Field in Command.
 */
int ssdq_nvme_set_write_cache(int fd, uint32_t timeout_ms, bool enabled);

/**
 * ssdq_nvme_set_power_meas() - Set Features Power Measurement (25h, NVMe
 * 2.1: nvme_pmeas.h), not saved.
 * @cdw11: ssdq_pmeas_cdw11(): start or stop, the type, the stop time
 *
 * A controller without the feature answers Invalid Field in Command.
 */
int ssdq_nvme_set_power_meas(int fd, uint32_t timeout_ms, uint32_t cdw11);


/**
 * ssdq_nvme_set_power_state() - Set Features Power Management (02h), not
 * saved: go to power state @ps (CDW11 bits 4:0, workload hint 0).
 *
 * A state past the drive's table is answered Invalid Field in Command.
 */
int ssdq_nvme_set_power_state(int fd, uint32_t timeout_ms, unsigned int ps);

/**
 * ssdq_nvme_set_apst() - Set Features Autonomous Power State Transition
 * (0Ch), not saved: APSTE @enabled (CDW11 bit 0) and the 256-byte @table
 * (ssdq_apst_encode() makes one).
 *
 * A controller without APST (Identify Controller APSTA clear), or a table
 * naming an operational state, is answered Invalid Field in Command.
 */
int ssdq_nvme_set_apst(int fd, uint32_t timeout_ms, bool enabled,
		       struct nvme_feat_auto_pst *table);

/**
 * ssdq_nvme_get_apst() - Get Features Autonomous Power State Transition
 * (0Ch), current: @dw0 (APSTE in bit 0) and the 256-byte table.
 */
int ssdq_nvme_get_apst(int fd, uint32_t timeout_ms, uint32_t *dw0,
		       struct nvme_feat_auto_pst *table);

/* Format NVM Secure Erase Setting: user data erase. */
#define SSDQ_NVME_SES_USER_DATA_ERASE	1u

/**
 * ssdq_nvme_format() - Format NVM of namespace @nsid with LBA format @lbaf
 * (0 to 63), Secure Erase Setting @ses (1: user data erase).
 */
int ssdq_nvme_format(int fd, uint32_t timeout_ms, uint32_t nsid, unsigned int lbaf,
		     unsigned int ses);

/** ssdq_nvme_sanitize_block() - Sanitize, action Start a Block Erase. */
int ssdq_nvme_sanitize_block(int fd, uint32_t timeout_ms);

/**
 * ssdq_nvme_deallocate() - Dataset Management with the Deallocate attribute,
 * one range of @nlb LBAs from @slba of namespace @nsid (an I/O command).
 */
int ssdq_nvme_deallocate(int fd, uint32_t timeout_ms, uint32_t nsid, uint64_t slba,
			 uint32_t nlb);

#endif
