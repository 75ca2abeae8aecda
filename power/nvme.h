/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_POWER_NVME_H
#define SSDQ_POWER_NVME_H

/*
 * NVMe admin commands power/ sends to the controller node (/dev/nvmeX), and
 * pure decoders of what they return (Identify Controller, power state
 * descriptors, SMART / Health log 02h, OCP SMART / Health Information
 * Extended log C0h, APST, PCIe config space and link registers), tested with
 * hand-made pages.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SSDQ_ADMIN_GET_LOG_PAGE		0x02
#define SSDQ_ADMIN_IDENTIFY		0x06
#define SSDQ_ADMIN_GET_FEATURES		0x0a
#define SSDQ_FEAT_POWER_MGMT		0x02
#define SSDQ_FEAT_APST			0x0c
#define SSDQ_LOG_SMART			0x02
#define SSDQ_SMART_LOG_SIZE		512
#define SSDQ_ID_CTRL_SIZE		4096
#define SSDQ_APST_SIZE			256
#define SSDQ_LOG_OCP_SMART		0xc0
#define SSDQ_OCP_SMART_SIZE		512
#define SSDQ_ID_CNS_UUID_LIST		0x17
/*
 * Every admin command power/ sends times out after this (the kernel's
 * default is 60 s): a hung SMART read holds a job's end no longer.
 */
#define SSDQ_ADMIN_TIMEOUT_MS		5000

/**
 * ssdq_admin() - Send one admin command through NVME_IOCTL_ADMIN_CMD.
 * @fd: the open controller (or namespace) node
 * @opcode: admin opcode
 * @nsid: namespace id
 * @cdw10: command dword 10
 * @cdw11: command dword 11
 * @buf: data buffer read from the controller, or NULL
 * @len: bytes in @buf
 * @result: completion dword 0 when not NULL
 *
 * The command carries a timeout of SSDQ_ADMIN_TIMEOUT_MS.
 *
 * Return: 0, -errno when the ioctl failed (-EINTR when it timed out and
 * the kernel aborted it), or the NVMe status (> 0) when the controller
 * failed the command.
 */
int ssdq_admin(int fd, uint8_t opcode, uint32_t nsid, uint32_t cdw10,
	       uint32_t cdw11, void *buf, uint32_t len, uint32_t *result);

/** ssdq_get_log() - Get Log Page @lid for @nsid into @buf. Return: as ssdq_admin(). */
int ssdq_get_log(int fd, uint8_t lid, uint32_t nsid, void *buf, uint32_t len);

/**
 * ssdq_get_log_uuid() - Get Log Page @lid for @nsid with UUID index
 * @uuid_index (CDW14 bits 6:0; 0 for none) into @buf.
 *
 * Return: as ssdq_admin().
 */
int ssdq_get_log_uuid(int fd, uint8_t lid, uint32_t nsid, uint8_t uuid_index,
		      void *buf, uint32_t len);

/** ssdq_get_features() - Get Features @fid (current value). Return: as ssdq_admin(). */
int ssdq_get_features(int fd, uint8_t fid, void *buf, uint32_t len,
		      uint32_t *result);

/**
 * ssdq_ctrl_for_ng() - The controller node of a namespace node.
 * @sysfs_root: "/sys", or a test tree; NULL for "/sys"
 * @ng: "/dev/ngXnY" (or "/dev/nvmeXnY")
 * @out: "/dev/nvmeZ"
 * @len: size of @out
 *
 * Follows <sysfs>/class/nvme-generic/ngXnY/device to its controller; for a
 * multipath node (parent nvme-subsysN), the first controller of the
 * subsystem; else the X of the name.
 *
 * Return: 0, or -EINVAL when @ng is not named like an NVMe namespace.
 */
int ssdq_ctrl_for_ng(const char *sysfs_root, const char *ng, char *out, size_t len);

/**
 * struct ssdq_psd - one power state descriptor
 * @max_power_w: MP, scaled by MXPS
 * @non_operational: NOPS
 * @enlat_us: entry latency
 * @exlat_us: exit latency
 * @rrt: relative read throughput (also rrl, rwt, rwl)
 * @idle_power_w: IDLP, or a negative value when not reported (IPS 0)
 * @active_power_w: ACTP, or a negative value when not reported (APS 0)
 * @apw: active power workload
 */
struct ssdq_psd {
	double max_power_w;
	bool non_operational;
	uint32_t enlat_us, exlat_us;
	uint8_t rrt, rrl, rwt, rwl;
	double idle_power_w;
	double active_power_w;
	uint8_t apw;
};

/**
 * struct ssdq_id_ctrl - Identify Controller fields ssdq reports
 * @model: MN, blanks trimmed; @serial: SN; @firmware: FR
 * @vid: PCI vendor id; @ssvid: subsystem vendor id
 * @ver: version (e.g. 0x00010400 for 1.4)
 * @npss: number of power states (NPSS + 1)
 * @apsta: APST supported
 * @wctemp_k: warning composite temperature threshold (K, 0 if none)
 * @cctemp_k: critical composite temperature threshold
 * @hctma: host controlled thermal management supported
 * @mntmt_k, @mxtmt_k: thermal management temperature limits
 * @tnvmcap: total NVM capacity in bytes (low 64 bits)
 * @ps: the descriptors
 */
struct ssdq_id_ctrl {
	char model[41];
	char serial[21];
	char firmware[9];
	uint16_t vid, ssvid;
	uint32_t ver;
	unsigned int npss;
	bool apsta;
	uint16_t wctemp_k, cctemp_k;
	bool hctma;
	uint16_t mntmt_k, mxtmt_k;
	uint64_t tnvmcap;
	struct ssdq_psd ps[32];
};

/**
 * ssdq_parse_id_ctrl() - Decode an Identify Controller page.
 *
 * Return: 0, or -EINVAL for a buffer shorter than SSDQ_ID_CTRL_SIZE.
 */
int ssdq_parse_id_ctrl(const uint8_t *buf, size_t len, struct ssdq_id_ctrl *c);

/**
 * ssdq_psd_estimate() - The power a drive states for power state @ps:
 * IDLP when @idle and reported, else ACTP when reported, else MP.
 * @what: set to "IDLP", "ACTP" or "MP"
 *
 * Return: watts; a negative value when @ps is past the table.
 */
double ssdq_psd_estimate(const struct ssdq_id_ctrl *c, unsigned int ps, bool idle,
			 const char **what);

/**
 * struct ssdq_ocp_smart - OCP Datacenter NVMe SSD "SMART / Health
 * Information Extended" log (C0h, 512 bytes), the fields ssdq reports
 * @phys_media_units_written: bytes 15:0, bytes written to the media
 *	(saturates at UINT64_MAX)
 * @phys_media_units_read: bytes 31:16
 * @thermal_throttling_count: byte 96, thermal throttling events
 * @thermal_throttling_status: byte 97, current throttling status (0: not
 *	throttled, else the drive's throttling level)
 * @log_page_version: bytes 495:494
 */
struct ssdq_ocp_smart {
	uint64_t phys_media_units_written, phys_media_units_read;
	uint8_t thermal_throttling_count;
	uint8_t thermal_throttling_status;
	uint16_t log_page_version;
};

/* The Log Page GUID of C0h as it lies in bytes 511:496 (AFD514C9…2810AFC5h). */
extern const uint8_t ssdq_ocp_smart_guid[16];

/* The OCP UUID, as listed by Identify UUID List (CNS 17h). */
extern const uint8_t ssdq_ocp_uuid[16];

/**
 * ssdq_parse_ocp_smart() - Decode a C0h page and check its GUID.
 *
 * Return: 0; -EINVAL for a buffer shorter than SSDQ_OCP_SMART_SIZE;
 * -ENOMSG when bytes 511:496 are not the OCP GUID (another vendor's C0h).
 */
int ssdq_parse_ocp_smart(const uint8_t *buf, size_t len, struct ssdq_ocp_smart *o);

/**
 * ssdq_ocp_smart_json() - Write @o as the "ocp" object of a SMART line:
 * {"log_page_version":…,"thermal_throttling_status":…,
 *  "thermal_throttling_count":…,"physical_media_units_written":…,
 *  "physical_media_units_read":…}
 */
void ssdq_ocp_smart_json(FILE *f, const struct ssdq_ocp_smart *o);

/**
 * ssdq_ocp_uuid_index() - The index of the OCP UUID in an Identify UUID
 * List page (4096 bytes; entries of 32 bytes from byte 32, the UUID in
 * bytes 31:16 of each; the list ends at an all-zero UUID).
 *
 * Return: 1 to 127, or 0 when the OCP UUID is not listed (or @len is short).
 */
unsigned int ssdq_ocp_uuid_index(const uint8_t *list, size_t len);

/**
 * ssdq_ocp_smart_probe() - Whether the controller has the OCP C0h log:
 * Identify UUID List for the OCP UUID index (0 when the controller has no
 * list), then Get Log Page C0h with it.
 * @fd: the controller node
 * @buf: 4096 bytes, 4096-aligned scratch
 * @uuid_index: set to the UUID index to read C0h with
 * @o: the page read, on success
 * @why: on failure, why there is no C0h log (one line)
 * @whylen: size of @why
 *
 * Return: 0, -ENOMSG for a C0h page with another GUID, -EIO when the
 * controller failed the command, or the ioctl's -errno.
 */
int ssdq_ocp_smart_probe(int fd, uint8_t *buf, uint8_t *uuid_index,
			 struct ssdq_ocp_smart *o, char *why, size_t whylen);

/**
 * struct ssdq_smart - SMART / Health Information log (02h)
 * Counters of 16 bytes saturate at UINT64_MAX. Temperatures are in kelvin
 * as the drive reports them; 0 means a sensor that is not reported.
 * @have_ocp: @ocp holds the drive's OCP C0h log read with this sample
 */
struct ssdq_smart {
	uint8_t critical_warning;
	uint16_t composite_temp_k;
	uint8_t avail_spare, spare_thresh, percent_used;
	uint8_t endurance_grp_critical;
	uint64_t data_units_read, data_units_written;
	uint64_t host_reads, host_writes;
	uint64_t ctrl_busy_time_min;
	uint64_t power_cycles, power_on_hours, unsafe_shutdowns;
	uint64_t media_errors, num_err_log_entries;
	uint32_t warning_temp_time_min, critical_temp_time_min;
	uint16_t temp_sensor_k[8];
	uint32_t thm_temp1_trans_count, thm_temp2_trans_count;
	uint32_t thm_temp1_total_time_s, thm_temp2_total_time_s;
	bool have_ocp;
	struct ssdq_ocp_smart ocp;
};

/**
 * ssdq_parse_smart() - Decode a 512-byte SMART / Health log page
 * (@s->have_ocp is cleared).
 *
 * Return: 0, or -EINVAL for a short buffer.
 */
int ssdq_parse_smart(const uint8_t *buf, size_t len, struct ssdq_smart *s);

/**
 * ssdq_smart_json() - Write @s as one JSON object (no newline) to @f, the
 * line format of <prefix>_smart.<N>.jsonl (version 1):
 * {"time_us":…,"critical_warning":…,"composite_temp_c":…,
 *  "temp_sensors_c":[…8, null when not reported],"available_spare_pct":…,
 *  "available_spare_threshold_pct":…,"percent_used":…,
 *  "data_units_read":…,"data_units_written":…,"host_read_commands":…,
 *  "host_write_commands":…,"controller_busy_time_min":…,"power_cycles":…,
 *  "power_on_hours":…,"unsafe_shutdowns":…,"media_errors":…,
 *  "error_log_entries":…,"warning_temp_time_min":…,
 *  "critical_temp_time_min":…,"thermal_mgmt_t1_transitions":…,
 *  "thermal_mgmt_t2_transitions":…,"thermal_mgmt_t1_time_s":…,
 *  "thermal_mgmt_t2_time_s":…[,"ocp":{ssdq_ocp_smart_json()}]}
 * "ocp" only when @s->have_ocp. Temperatures in °C are kelvin − 273, as
 * nvme-cli prints them; a data unit
 * is 1000 × 512 bytes.
 */
void ssdq_smart_json(FILE *f, int64_t time_us, const struct ssdq_smart *s);

/**
 * struct ssdq_apst - Autonomous Power State Transition (feature 0Ch)
 * @enabled: APSTE
 * @n: entries that name a transition (ITPT non-zero)
 * @idle_ms: idle time before the transition, per power state
 * @to_ps: the state transitioned to
 */
struct ssdq_apst {
	bool enabled;
	unsigned int n;
	uint32_t idle_ms[32];
	uint8_t to_ps[32];
	uint8_t from_ps[32];
};

/** ssdq_parse_apst() - Decode feature 0Ch: @dw0 and the 256-byte table. */
void ssdq_parse_apst(uint32_t dw0, const uint8_t *buf, struct ssdq_apst *a);

/**
 * ssdq_pcie_aspm() - Find the PCI Express capability in a config space
 * dump and read its ASPM fields.
 * @cfg: config space as read from sysfs "config"
 * @len: bytes in @cfg (64 without root: then no capability list is there)
 * @supported: Link Capabilities ASPM Support (bit 0 L0s, bit 1 L1)
 * @enabled: Link Control ASPM Control (bit 0 L0s, bit 1 L1)
 *
 * Return: 0, -ENOENT when there is no PCI Express capability in @cfg.
 */
int ssdq_pcie_aspm(const uint8_t *cfg, size_t len, int *supported, int *enabled);

/**
 * ssdq_pcie_speed_gts() - The link speed of a Current/Max Link Speed code
 * (1: 2.5, 2: 5.0, 3: 8.0, 4: 16.0, 5: 32.0, 6: 64.0 GT/s: bits 0 to 5 of
 * the Supported Link Speeds Vector, as every device defines them).
 *
 * Return: GT/s, or 0 for a code that names no speed.
 */
double ssdq_pcie_speed_gts(unsigned int code);

/**
 * struct ssdq_pcie_link - a link as the PCI Express capability states it
 * @speed_gts: Link Status bits 3:0 (negotiated); 0 when unknown
 * @width: Link Status bits 9:4 (negotiated lanes; 0: link down)
 * @max_speed_gts: Link Capabilities bits 3:0
 * @max_width: Link Capabilities bits 9:4
 * @aspm_supported: Link Capabilities bits 11:10 (bit 0 L0s, bit 1 L1)
 * @aspm_enabled: Link Control bits 1:0 (bit 0 L0s, bit 1 L1)
 */
struct ssdq_pcie_link {
	double speed_gts, max_speed_gts;
	int width, max_width;
	int aspm_supported, aspm_enabled;
};

/**
 * ssdq_pcie_link_decode() - Decode the Link Status, Link Capabilities and
 * Link Control registers of a PCI Express capability.
 */
void ssdq_pcie_link_decode(uint16_t lnksta, uint32_t lnkcap, uint16_t lnkctl,
			   struct ssdq_pcie_link *l);

#endif
