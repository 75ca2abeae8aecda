// SPDX-License-Identifier: GPL-2.0-only
#include <libnvme.h>
#include <endian.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "nvme_admin.h"
#include "nvme_log.h"
#include "nvme_status.h"

/* A 128-bit little-endian counter, saturating at UINT64_MAX. */
static uint64_t le128_sat(const uint8_t *p)
{
	uint64_t lo, hi;

	memcpy(&lo, p, 8);
	memcpy(&hi, p + 8, 8);
	return le64toh(hi) ? UINT64_MAX : le64toh(lo);
}

_Static_assert(sizeof(struct ssdq_ocp_smart_log) == 512, "OCP C0h is 512 bytes");
_Static_assert(offsetof(struct ssdq_ocp_smart_log, thermal_throttling_event_count) == 96,
	       "OCP C0h: thermal throttling at byte 96");
_Static_assert(offsetof(struct ssdq_ocp_smart_log, max_peak_power_capability) == 260,
	       "OCP C0h: max peak power capability at byte 260");
_Static_assert(offsetof(struct ssdq_ocp_smart_log, log_page_version) == 494,
	       "OCP C0h: version at byte 494");

const uint8_t ssdq_ocp_smart_guid[16] = {
	0xc5, 0xaf, 0x10, 0x28, 0xea, 0xbf, 0xf2, 0xa4,
	0x9c, 0x4f, 0x6f, 0x7c, 0xc9, 0x14, 0xd5, 0xaf,
};

const uint8_t ssdq_ocp_uuid[16] = {
	0xc1, 0x94, 0xd5, 0x5b, 0xe0, 0x94, 0x47, 0x94,
	0xa2, 0x1d, 0x29, 0x99, 0x8f, 0x56, 0xbe, 0x6f,
};

int ssdq_ocp_smart_decode(const struct ssdq_ocp_smart_log *log, struct ssdq_ocp_smart *o)
{
	if (memcmp(log->log_page_guid, ssdq_ocp_smart_guid, 16))
		return -ENOMSG;
	memset(o, 0, sizeof(*o));
	o->phys_media_units_written = le128_sat(log->physical_media_units_written);
	o->phys_media_units_read = le128_sat(log->physical_media_units_read);
	o->thermal_throttling_count = log->thermal_throttling_event_count;
	o->thermal_throttling_status = log->thermal_throttling_status;
	o->log_page_version = le16toh(log->log_page_version);
	if (o->log_page_version >= SSDQ_OCP_POWER_VERSION) {
		o->have_power = true;
		o->peak_power_w = le16toh(log->max_peak_power_capability);
		o->max_avg_power_w = le16toh(log->current_max_avg_power);
		for (int i = 5; i >= 0; i--)
			o->lifetime_energy_wh = o->lifetime_energy_wh << 8 |
						log->lifetime_power_consumed[i];
	}
	return 0;
}

/* @v into a 128-bit little-endian counter. */
static void le128_put(uint8_t *p, uint64_t v)
{
	uint64_t le = htole64(v);

	memset(p, 0, 16);
	memcpy(p, &le, 8);
}

void ssdq_ocp_smart_encode(const struct ssdq_ocp_smart *o, struct ssdq_ocp_smart_log *log)
{
	uint64_t wh;

	memset(log, 0, sizeof(*log));
	le128_put(log->physical_media_units_written, o->phys_media_units_written);
	le128_put(log->physical_media_units_read, o->phys_media_units_read);
	log->thermal_throttling_event_count = o->thermal_throttling_count;
	log->thermal_throttling_status = o->thermal_throttling_status;
	log->log_page_version = htole16(o->log_page_version);
	memcpy(log->log_page_guid, ssdq_ocp_smart_guid, 16);
	if (!o->have_power)
		return;
	log->max_peak_power_capability = htole16(o->peak_power_w);
	log->current_max_avg_power = htole16(o->max_avg_power_w);
	wh = o->lifetime_energy_wh > 0xffffffffffffull ? 0xffffffffffffull : o->lifetime_energy_wh;
	for (int i = 0; i < 6; i++)
		log->lifetime_power_consumed[i] = (uint8_t)(wh >> (8 * i));
}

unsigned int ssdq_ocp_uuid_index(const struct nvme_id_uuid_list *list)
{
	static const uint8_t zero[16];

	for (unsigned int i = 0; i < NVME_ID_UUID_LIST_MAX; i++) {
		const uint8_t *uuid = list->entry[i].uuid;

		if (!memcmp(uuid, zero, 16))
			break;
		if (!memcmp(uuid, ssdq_ocp_uuid, 16))
			return i + 1;
	}
	return 0;
}

int ssdq_nvme_read_ocp(int fd, uint32_t timeout_ms, uint8_t uuidx, struct ssdq_ocp_smart *o,
		       char *why, size_t whylen)
{
	struct ssdq_ocp_smart_log log = { .log_page_version = 0 };
	char st[160];
	int ret = ssdq_nvme_get_log(fd, timeout_ms, SSDQ_NVME_LID_OCP_SMART, uuidx, &log,
				    sizeof(log));

	if (ret > 0) {
		ssdq_nvme_status_str(st, sizeof(st), (uint16_t)ret);
		snprintf(why, whylen, "Get Log Page C0h (UUID index %u): %s", uuidx, st);
	} else if (ret < 0) {
		snprintf(why, whylen, "Get Log Page C0h: %s", strerror(-ret));
	} else {
		ret = ssdq_ocp_smart_decode(&log, o);
		if (ret == -ENOMSG) {
			char hex[33];

			for (int i = 0; i < 16; i++)
				snprintf(hex + 2 * i, 3, "%02x", log.log_page_guid[15 - i]);
			snprintf(why, whylen, "log page C0h has GUID %sh, not the OCP SMART / "
				 "Health Information Extended GUID", hex);
		}
	}
	return ret;
}

int ssdq_nvme_probe_ocp(int fd, uint32_t timeout_ms, uint8_t *uuidx, struct ssdq_ocp_smart *o,
			char *why, size_t whylen)
{
	struct nvme_id_uuid_list list = { .rsvd0 = { 0 } };
	int ret;

	*uuidx = 0;
	if (!ssdq_nvme_identify_uuid(fd, timeout_ms, &list))
		*uuidx = (uint8_t)ssdq_ocp_uuid_index(&list);
	ret = ssdq_nvme_read_ocp(fd, timeout_ms, *uuidx, o, why, whylen);
	return ret > 0 ? -EIO : ret;
}

void ssdq_smart_decode(const struct nvme_smart_log *l, struct ssdq_smart *s)
{
	memset(s, 0, sizeof(*s));
	s->critical_warning = l->critical_warning;
	s->composite_temp_k = (uint16_t)(l->temperature[0] | l->temperature[1] << 8);
	s->avail_spare = l->avail_spare;
	s->spare_thresh = l->spare_thresh;
	s->percent_used = l->percent_used;
	s->endurance_grp_critical = l->endu_grp_crit_warn_sumry;
	s->data_units_read = le128_sat(l->data_units_read);
	s->data_units_written = le128_sat(l->data_units_written);
	s->host_reads = le128_sat(l->host_reads);
	s->host_writes = le128_sat(l->host_writes);
	s->ctrl_busy_time_min = le128_sat(l->ctrl_busy_time);
	s->power_cycles = le128_sat(l->power_cycles);
	s->power_on_hours = le128_sat(l->power_on_hours);
	s->unsafe_shutdowns = le128_sat(l->unsafe_shutdowns);
	s->media_errors = le128_sat(l->media_errors);
	s->num_err_log_entries = le128_sat(l->num_err_log_entries);
	s->warning_temp_time_min = le32toh(l->warning_temp_time);
	s->critical_temp_time_min = le32toh(l->critical_comp_time);
	for (int i = 0; i < 8; i++)
		s->temp_sensor_k[i] = le16toh(l->temp_sensor[i]);
	s->thm_temp1_trans_count = le32toh(l->thm_temp1_trans_count);
	s->thm_temp2_trans_count = le32toh(l->thm_temp2_trans_count);
	s->thm_temp1_total_time_s = le32toh(l->thm_temp1_total_time);
	s->thm_temp2_total_time_s = le32toh(l->thm_temp2_total_time);
}

int ssdq_nvme_read_smart(int fd, uint32_t timeout_ms, struct ssdq_smart *s)
{
	struct nvme_smart_log log = { .critical_warning = 0 };
	int ret = ssdq_nvme_get_log(fd, timeout_ms, NVME_LOG_LID_SMART, NVME_UUID_NONE, &log,
				    sizeof(log));

	if (!ret)
		ssdq_smart_decode(&log, s);
	return ret;
}

int ssdq_nvme_read_sanitize(int fd, uint32_t timeout_ms, struct ssdq_sanitize_status *st)
{
	struct nvme_sanitize_log_page log = { .sprog = 0 };
	int ret = ssdq_nvme_get_log(fd, timeout_ms, NVME_LOG_LID_SANITIZE, NVME_UUID_NONE, &log,
				    sizeof(log));

	if (!ret) {
		st->sstat = NVME_GET(le16toh(log.sstat), SANITIZE_SSTAT_STATUS);
		st->etbe = le32toh(log.etbe);
	}
	return ret;
}
