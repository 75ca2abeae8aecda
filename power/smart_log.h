/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_POWER_SMART_LOG_H
#define SSDQ_POWER_SMART_LOG_H

/*
 * The SMART sidecar, <prefix>_smart.<N>.jsonl: one JSON object per sample.
 *
 * Version 2 (written now) speaks nvme-cli's language: every field whose
 * meaning is that of a key of `nvme smart-log -o json` (nvme-cli 2.x) has
 * that key and its value as nvme-cli prints it (temperatures in kelvin,
 * times in minutes or seconds as the log counts them), and ssdq's converted
 * fields stand beside them:
 *
 *   {"time_us":…,"version":2,"critical_warning":…,"temperature":K,
 *    "composite_temp_c":°C|null,"avail_spare":…,"spare_thresh":…,
 *    "percent_used":…,"endurance_grp_critical_warning_summary":…,
 *    "data_units_read":…,"data_units_written":…,"host_read_commands":…,
 *    "host_write_commands":…,"controller_busy_time":…,"power_cycles":…,
 *    "power_on_hours":…,"unsafe_shutdowns":…,"media_errors":…,
 *    "num_err_log_entries":…,"warning_temp_time":…,"critical_comp_time":…,
 *    ["temperature_sensor_N":K,… only the sensors reported, N from 1,]
 *    "temp_sensors_c":[8 × °C|null],"thm_temp1_trans_count":…,
 *    "thm_temp2_trans_count":…,"thm_temp1_total_time":…,
 *    "thm_temp2_total_time":…[,"ocp":{…}]}
 *
 * °C are kelvin − 273, as nvme-cli converts them; a data unit is 1000 ×
 * 512 bytes; "ocp" (the OCP C0h log) only when the drive has it:
 * {"log_page_version","thermal_throttling_status","thermal_throttling_count",
 *  "physical_media_units_written","physical_media_units_read"}.
 *
 * Version 1 (no "version" key) named the same values "available_spare_pct",
 * "available_spare_threshold_pct", "controller_busy_time_min",
 * "error_log_entries", "warning_temp_time_min", "critical_temp_time_min",
 * "thermal_mgmt_t1_transitions", "thermal_mgmt_t2_transitions",
 * "thermal_mgmt_t1_time_s", "thermal_mgmt_t2_time_s", and had neither
 * "temperature" nor the endurance group summary; ssdq-report reads both.
 */

#include <stdint.h>
#include <stdio.h>

#include "nvme_log.h"

#define SSDQ_SMART_LOG_VERSION	2

/** ssdq_smart_json() - Write @s as one line's object (no newline) to @f. */
void ssdq_smart_json(FILE *f, int64_t time_us, const struct ssdq_smart *s);

/** ssdq_ocp_smart_json() - Write @o as the "ocp" object of a SMART line. */
void ssdq_ocp_smart_json(FILE *f, const struct ssdq_ocp_smart *o);

#endif
