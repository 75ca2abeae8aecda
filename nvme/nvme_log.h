/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_NVME_LOG_H
#define SSDQ_NVME_LOG_H

/*
 * The log pages ssdq samples: SMART / Health Information (02h, libnvme's
 * struct nvme_smart_log) and the OCP Datacenter NVMe SSD "SMART / Health
 * Information Extended" log (C0h, not in libnvme 1.3: struct
 * ssdq_ocp_smart_log below, its fields named as OCP 2.0 names them),
 * decoded into host-endian values.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct nvme_smart_log;
struct nvme_id_uuid_list;

/**
 * struct ssdq_ocp_smart_log - the OCP C0h log page as it lies (512 bytes,
 * little endian); only the fields ssdq reads are named, the rest is kept
 * as reserved bytes so the offsets stay those of the specification.
 */
struct ssdq_ocp_smart_log {
	uint8_t physical_media_units_written[16];	/* 15:0 */
	uint8_t physical_media_units_read[16];		/* 31:16 */
	uint8_t rsvd32[64];				/* bad blocks … refresh counts */
	uint8_t thermal_throttling_event_count;		/* 96 */
	uint8_t thermal_throttling_status;		/* 97 */
	uint8_t rsvd98[162];				/* DSSD version … */
	/* log page version 4 on (OCP Datacenter NVMe SSD Specification 2.5,
	 * 2.6: SMART / Health Information Extended, bytes 269:260) */
	uint16_t max_peak_power_capability;		/* 261:260, W */
	uint16_t current_max_avg_power;			/* 263:262, W */
	uint8_t lifetime_power_consumed[6];		/* 269:264, Wh */
	uint8_t rsvd270[224];				/* DSSD firmware … */
	uint16_t log_page_version;			/* 495:494 */
	uint8_t log_page_guid[16];			/* 511:496 */
} __attribute__((packed));

/**
 * struct ssdq_ocp_smart - the OCP C0h fields ssdq reports
 * @phys_media_units_written: bytes written to the media (saturates at
 *	UINT64_MAX)
 * @phys_media_units_read: bytes read from the media
 * @thermal_throttling_count: thermal throttling events
 * @thermal_throttling_status: current throttling status (0: not
 *	throttled, else the drive's throttling level)
 * @log_page_version: the page's version
 * @have_power: the page has the power fields below (version 4 and later:
 *	OCP 2.5 added them)
 * @peak_power_w: Max Peak Power Capability, the most the drive draws in a
 *	peak (W; 0: not reported)
 * @max_avg_power_w: Current Max Average Power, the drive's present limit on
 *	its average power (W; 0: not reported)
 * @lifetime_energy_wh: Lifetime Power Consumed, the energy the drive has
 *	drawn over its life (Wh, a 48-bit counter)
 */
struct ssdq_ocp_smart {
	uint64_t phys_media_units_written, phys_media_units_read;
	uint8_t thermal_throttling_count;
	uint8_t thermal_throttling_status;
	uint16_t log_page_version;
	bool have_power;
	uint16_t peak_power_w, max_avg_power_w;
	uint64_t lifetime_energy_wh;
};

/* The first C0h log page version with the power fields. */
#define SSDQ_OCP_POWER_VERSION	4

/* The Log Page GUID of C0h as it lies in bytes 511:496 (AFD514C9…2810AFC5h). */
extern const uint8_t ssdq_ocp_smart_guid[16];

/* The OCP UUID, as listed by Identify UUID List (CNS 17h). */
extern const uint8_t ssdq_ocp_uuid[16];

/**
 * ssdq_ocp_smart_decode() - Decode a C0h page and check its GUID.
 *
 * Return: 0; -ENOMSG when the GUID is not the OCP one (another vendor's C0h).
 */
int ssdq_ocp_smart_decode(const struct ssdq_ocp_smart_log *log, struct ssdq_ocp_smart *o);

/**
 * ssdq_ocp_smart_encode() - Lay out @o as a C0h page with the OCP GUID (the
 * drive model's answer to Get Log Page C0h); the power fields only when
 * @o->have_power.
 */
void ssdq_ocp_smart_encode(const struct ssdq_ocp_smart *o, struct ssdq_ocp_smart_log *log);

/**
 * ssdq_ocp_uuid_index() - The index of the OCP UUID in an Identify UUID List.
 *
 * Return: 1 to 127, or 0 when the OCP UUID is not listed (the list ends at
 * an all-zero UUID).
 */
unsigned int ssdq_ocp_uuid_index(const struct nvme_id_uuid_list *list);

/**
 * ssdq_nvme_read_ocp() - Get Log Page C0h with UUID index @uuidx, decoded.
 * @why: on failure, one line saying why there is no C0h log
 * @whylen: size of @why
 *
 * Return: 0, an NVMe status (> 0), -ENOMSG for a C0h page with another
 * GUID, -errno of the ioctl.
 */
int ssdq_nvme_read_ocp(int fd, uint32_t timeout_ms, uint8_t uuidx, struct ssdq_ocp_smart *o,
		       char *why, size_t whylen);

/**
 * ssdq_nvme_probe_ocp() - Whether the controller has the OCP C0h log:
 * Identify UUID List for the OCP UUID index (0 when the controller has no
 * list), then ssdq_nvme_read_ocp() with it.
 * @uuidx: set to the UUID index to read C0h with
 *
 * Return: as ssdq_nvme_read_ocp(), an NVMe status turned into -EIO.
 */
int ssdq_nvme_probe_ocp(int fd, uint32_t timeout_ms, uint8_t *uuidx, struct ssdq_ocp_smart *o,
			char *why, size_t whylen);

/**
 * struct ssdq_smart - SMART / Health Information log (02h), host endian
 * Counters of 16 bytes saturate at UINT64_MAX. Temperatures are in kelvin
 * as the drive reports them; 0 means a sensor that is not reported.
 * @endurance_grp_critical: Endurance Group Critical Warning Summary
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

/** ssdq_smart_decode() - Decode a SMART / Health page (@s->have_ocp cleared). */
void ssdq_smart_decode(const struct nvme_smart_log *log, struct ssdq_smart *s);

/**
 * ssdq_nvme_read_smart() - Get Log Page 02h on @fd (all namespaces), decoded.
 *
 * Return: as nvme_admin.h.
 */
int ssdq_nvme_read_smart(int fd, uint32_t timeout_ms, struct ssdq_smart *s);

/** enum ssdq_sanitize_sstat - Sanitize Status log, SSTAT bits 2:0 */
enum ssdq_sanitize_sstat {
	SSDQ_SANITIZE_NEVER = 0,
	SSDQ_SANITIZE_DONE = 1,
	SSDQ_SANITIZE_IN_PROGRESS = 2,
	SSDQ_SANITIZE_FAILED = 3,
	SSDQ_SANITIZE_DONE_NO_DEALLOC = 4,
};

/**
 * struct ssdq_sanitize_status - the Sanitize Status log (81h), decoded
 * @sstat: the most recent sanitize's state
 * @etbe: the drive's estimate of a block erase in seconds (0xffffffff: none)
 */
struct ssdq_sanitize_status {
	enum ssdq_sanitize_sstat sstat;
	uint32_t etbe;
};

/**
 * ssdq_nvme_read_sanitize() - Get Log Page 81h on @fd, decoded.
 *
 * Return: as nvme_admin.h.
 */
int ssdq_nvme_read_sanitize(int fd, uint32_t timeout_ms, struct ssdq_sanitize_status *st);

#endif
