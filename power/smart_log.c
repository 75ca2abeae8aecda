// SPDX-License-Identifier: GPL-2.0-only
#include <stdio.h>

#include "smart_log.h"

void ssdq_ocp_smart_json(FILE *f, const struct ssdq_ocp_smart *o)
{
	fprintf(f, "{\"log_page_version\":%u,\"thermal_throttling_status\":%u,"
		"\"thermal_throttling_count\":%u,\"physical_media_units_written\":%llu,"
		"\"physical_media_units_read\":%llu", o->log_page_version,
		o->thermal_throttling_status, o->thermal_throttling_count,
		(unsigned long long)o->phys_media_units_written,
		(unsigned long long)o->phys_media_units_read);
	if (o->have_power)
		fprintf(f, ",\"max_peak_power_capability\":%u,\"current_max_avg_power\":%u,"
			"\"lifetime_power_consumed\":%llu", o->peak_power_w, o->max_avg_power_w,
			(unsigned long long)o->lifetime_energy_wh);
	fputc('}', f);
}

void ssdq_smart_json(FILE *f, int64_t time_us, const struct ssdq_smart *s)
{
	fprintf(f, "{\"time_us\":%lld,\"version\":%d,\"critical_warning\":%u,"
		"\"temperature\":%u,\"composite_temp_c\":", (long long)time_us,
		SSDQ_SMART_LOG_VERSION, s->critical_warning, s->composite_temp_k);
	if (s->composite_temp_k)
		fprintf(f, "%d", (int)s->composite_temp_k - 273);
	else
		fputs("null", f);
	fprintf(f, ",\"avail_spare\":%u,\"spare_thresh\":%u,\"percent_used\":%u,"
		"\"endurance_grp_critical_warning_summary\":%u,"
		"\"data_units_read\":%llu,\"data_units_written\":%llu,"
		"\"host_read_commands\":%llu,\"host_write_commands\":%llu,"
		"\"controller_busy_time\":%llu,\"power_cycles\":%llu,\"power_on_hours\":%llu,"
		"\"unsafe_shutdowns\":%llu,\"media_errors\":%llu,\"num_err_log_entries\":%llu,"
		"\"warning_temp_time\":%u,\"critical_comp_time\":%u",
		s->avail_spare, s->spare_thresh, s->percent_used, s->endurance_grp_critical,
		(unsigned long long)s->data_units_read, (unsigned long long)s->data_units_written,
		(unsigned long long)s->host_reads, (unsigned long long)s->host_writes,
		(unsigned long long)s->ctrl_busy_time_min, (unsigned long long)s->power_cycles,
		(unsigned long long)s->power_on_hours, (unsigned long long)s->unsafe_shutdowns,
		(unsigned long long)s->media_errors, (unsigned long long)s->num_err_log_entries,
		s->warning_temp_time_min, s->critical_temp_time_min);
	for (int i = 0; i < 8; i++)
		if (s->temp_sensor_k[i])
			fprintf(f, ",\"temperature_sensor_%d\":%u", i + 1, s->temp_sensor_k[i]);
	fputs(",\"temp_sensors_c\":[", f);
	for (int i = 0; i < 8; i++) {
		if (s->temp_sensor_k[i])
			fprintf(f, "%s%d", i ? "," : "", (int)s->temp_sensor_k[i] - 273);
		else
			fprintf(f, "%snull", i ? "," : "");
	}
	fprintf(f, "],\"thm_temp1_trans_count\":%u,\"thm_temp2_trans_count\":%u,"
		"\"thm_temp1_total_time\":%u,\"thm_temp2_total_time\":%u",
		s->thm_temp1_trans_count, s->thm_temp2_trans_count,
		s->thm_temp1_total_time_s, s->thm_temp2_total_time_s);
	if (s->have_ocp) {
		fputs(",\"ocp\":", f);
		ssdq_ocp_smart_json(f, &s->ocp);
	}
	fputc('}', f);
}
