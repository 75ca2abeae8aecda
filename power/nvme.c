// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/nvme_ioctl.h>

#include "nvme.h"
#include "util.h"

static int admin14(int fd, uint8_t opcode, uint32_t nsid, uint32_t cdw10, uint32_t cdw11,
		   uint32_t cdw14, void *buf, uint32_t len, uint32_t *result)
{
	struct nvme_passthru_cmd cmd;
	int ret;

	memset(&cmd, 0, sizeof(cmd));
	cmd.opcode = opcode;
	cmd.nsid = nsid;
	cmd.addr = (uintptr_t)buf;
	cmd.data_len = buf ? len : 0;
	cmd.cdw10 = cdw10;
	cmd.cdw11 = cdw11;
	cmd.cdw14 = cdw14;
	cmd.timeout_ms = SSDQ_ADMIN_TIMEOUT_MS;
	ret = ioctl(fd, NVME_IOCTL_ADMIN_CMD, &cmd);
	if (ret < 0)
		return -errno;
	if (result)
		*result = cmd.result;
	return ret;
}

int ssdq_admin(int fd, uint8_t opcode, uint32_t nsid, uint32_t cdw10,
	       uint32_t cdw11, void *buf, uint32_t len, uint32_t *result)
{
	return admin14(fd, opcode, nsid, cdw10, cdw11, 0, buf, len, result);
}

int ssdq_get_log_uuid(int fd, uint8_t lid, uint32_t nsid, uint8_t uuid_index,
		      void *buf, uint32_t len)
{
	uint32_t numd = len / 4 - 1;

	return admin14(fd, SSDQ_ADMIN_GET_LOG_PAGE, nsid, lid | (numd & 0xffff) << 16,
		       numd >> 16, uuid_index & 0x7f, buf, len, NULL);
}

int ssdq_get_log(int fd, uint8_t lid, uint32_t nsid, void *buf, uint32_t len)
{
	return ssdq_get_log_uuid(fd, lid, nsid, 0, buf, len);
}

int ssdq_get_features(int fd, uint8_t fid, void *buf, uint32_t len, uint32_t *result)
{
	return ssdq_admin(fd, SSDQ_ADMIN_GET_FEATURES, 0, fid, 0, buf, len, result);
}

static int first_ctrl_of_subsys(const char *root, const char *subsys, char *out, size_t len)
{
	char path[PATH_MAX];
	struct dirent *de;
	unsigned int c, best = UINT_MAX;
	char tail;
	DIR *d;

	if (snprintf(path, sizeof(path), "%s/class/nvme-subsystem/%s", root, subsys) >=
	    (int)sizeof(path))
		return -ENAMETOOLONG;
	d = opendir(path);
	if (!d)
		return -errno;
	while ((de = readdir(d)))
		if (sscanf(de->d_name, "nvme%u%c", &c, &tail) == 1 && c < best)
			best = c;
	closedir(d);
	if (best == UINT_MAX)
		return -ENOENT;
	snprintf(out, len, "/dev/nvme%u", best);
	return 0;
}

int ssdq_ctrl_for_ng(const char *sysfs_root, const char *ng, char *out, size_t len)
{
	const char *root = sysfs_root ? sysfs_root : "/sys";
	const char *base = strrchr(ng, '/');
	char link[PATH_MAX], target[PATH_MAX], tail;
	unsigned int c, n;
	const char *tb;
	ssize_t r;

	base = base ? base + 1 : ng;
	if (sscanf(base, "ng%un%u", &c, &n) != 2 && sscanf(base, "nvme%un%u", &c, &n) != 2)
		return -EINVAL;
	snprintf(link, sizeof(link), "%s/class/nvme-generic/%s/device", root, base);
	r = readlink(link, target, sizeof(target) - 1);
	if (r > 0) {
		target[r] = '\0';
		tb = strrchr(target, '/');
		tb = tb ? tb + 1 : target;
		if (sscanf(tb, "nvme%u%c", &c, &tail) == 1) {
			snprintf(out, len, "/dev/nvme%u", c);
			return 0;
		}
		if (!strncmp(tb, "nvme-subsys", 11) && !first_ctrl_of_subsys(root, tb, out, len))
			return 0;
	}
	if (sscanf(base, "ng%un%u", &c, &n) != 2)
		sscanf(base, "nvme%un%u", &c, &n);
	snprintf(out, len, "/dev/nvme%u", c);
	return 0;
}

static void copy_ascii(char *dst, const uint8_t *src, size_t n)
{
	for (size_t i = 0; i < n; i++)
		dst[i] = src[i] >= 0x20 && src[i] < 0x7f ? (char)src[i] : ' ';
	dst[n] = '\0';
	while (n && dst[n - 1] == ' ')
		dst[--n] = '\0';
	/* leading blanks too */
	{
		size_t lead = strspn(dst, " ");

		memmove(dst, dst + lead, strlen(dst + lead) + 1);
	}
}

static double ps_scale(unsigned int sel)
{
	return sel == 1 ? 0.0001 : sel == 2 ? 0.01 : -1;
}

int ssdq_parse_id_ctrl(const uint8_t *buf, size_t len, struct ssdq_id_ctrl *c)
{
	if (!buf || len < SSDQ_ID_CTRL_SIZE)
		return -EINVAL;
	memset(c, 0, sizeof(*c));
	c->vid = ssdq_le16(buf + 0);
	c->ssvid = ssdq_le16(buf + 2);
	copy_ascii(c->serial, buf + 4, 20);
	copy_ascii(c->model, buf + 24, 40);
	copy_ascii(c->firmware, buf + 64, 8);
	c->ver = ssdq_le32(buf + 80);
	c->npss = buf[263] + 1u;
	c->apsta = buf[265] & 1;
	c->wctemp_k = ssdq_le16(buf + 266);
	c->cctemp_k = ssdq_le16(buf + 268);
	c->tnvmcap = ssdq_le64(buf + 280);
	c->hctma = ssdq_le16(buf + 322) & 1;
	c->mntmt_k = ssdq_le16(buf + 324);
	c->mxtmt_k = ssdq_le16(buf + 326);
	for (unsigned int i = 0; i < c->npss; i++) {
		const uint8_t *d = buf + 2048 + 32 * i;
		struct ssdq_psd *p = &c->ps[i];
		double ips = ps_scale(d[18] >> 6), aps = ps_scale(d[22] >> 6);

		p->max_power_w = ssdq_le16(d) * ((d[3] & 1) ? 0.0001 : 0.01);
		p->non_operational = d[3] & 2;
		p->enlat_us = ssdq_le32(d + 4);
		p->exlat_us = ssdq_le32(d + 8);
		p->rrt = d[12] & 0x1f;
		p->rrl = d[13] & 0x1f;
		p->rwt = d[14] & 0x1f;
		p->rwl = d[15] & 0x1f;
		p->idle_power_w = ips > 0 ? ssdq_le16(d + 16) * ips : -1;
		p->active_power_w = aps > 0 ? ssdq_le16(d + 20) * aps : -1;
		p->apw = d[22] & 0x7;
	}
	return 0;
}

double ssdq_psd_estimate(const struct ssdq_id_ctrl *c, unsigned int ps, bool idle,
			 const char **what)
{
	const struct ssdq_psd *p;

	if (ps >= c->npss || ps >= 32)
		return -1;
	p = &c->ps[ps];
	if (idle && p->idle_power_w >= 0) {
		*what = "IDLP";
		return p->idle_power_w;
	}
	if (p->active_power_w >= 0) {
		*what = "ACTP";
		return p->active_power_w;
	}
	*what = "MP";
	return p->max_power_w;
}

static uint64_t le128_sat(const uint8_t *p)
{
	return ssdq_le64(p + 8) ? UINT64_MAX : ssdq_le64(p);
}

int ssdq_parse_smart(const uint8_t *b, size_t len, struct ssdq_smart *s)
{
	if (!b || len < SSDQ_SMART_LOG_SIZE)
		return -EINVAL;
	memset(s, 0, sizeof(*s));
	s->critical_warning = b[0];
	s->composite_temp_k = ssdq_le16(b + 1);
	s->avail_spare = b[3];
	s->spare_thresh = b[4];
	s->percent_used = b[5];
	s->endurance_grp_critical = b[6];
	s->data_units_read = le128_sat(b + 32);
	s->data_units_written = le128_sat(b + 48);
	s->host_reads = le128_sat(b + 64);
	s->host_writes = le128_sat(b + 80);
	s->ctrl_busy_time_min = le128_sat(b + 96);
	s->power_cycles = le128_sat(b + 112);
	s->power_on_hours = le128_sat(b + 128);
	s->unsafe_shutdowns = le128_sat(b + 144);
	s->media_errors = le128_sat(b + 160);
	s->num_err_log_entries = le128_sat(b + 176);
	s->warning_temp_time_min = ssdq_le32(b + 192);
	s->critical_temp_time_min = ssdq_le32(b + 196);
	for (int i = 0; i < 8; i++)
		s->temp_sensor_k[i] = ssdq_le16(b + 200 + 2 * i);
	s->thm_temp1_trans_count = ssdq_le32(b + 216);
	s->thm_temp2_trans_count = ssdq_le32(b + 220);
	s->thm_temp1_total_time_s = ssdq_le32(b + 224);
	s->thm_temp2_total_time_s = ssdq_le32(b + 228);
	return 0;
}

void ssdq_smart_json(FILE *f, int64_t time_us, const struct ssdq_smart *s)
{
	fprintf(f, "{\"time_us\":%lld,\"critical_warning\":%u,\"composite_temp_c\":",
		(long long)time_us, s->critical_warning);
	if (s->composite_temp_k)
		fprintf(f, "%d", (int)s->composite_temp_k - 273);
	else
		fputs("null", f);
	fputs(",\"temp_sensors_c\":[", f);
	for (int i = 0; i < 8; i++) {
		if (s->temp_sensor_k[i])
			fprintf(f, "%s%d", i ? "," : "", (int)s->temp_sensor_k[i] - 273);
		else
			fprintf(f, "%snull", i ? "," : "");
	}
	fprintf(f, "],\"available_spare_pct\":%u,\"available_spare_threshold_pct\":%u,"
		"\"percent_used\":%u,\"data_units_read\":%llu,\"data_units_written\":%llu,"
		"\"host_read_commands\":%llu,\"host_write_commands\":%llu,"
		"\"controller_busy_time_min\":%llu,\"power_cycles\":%llu,\"power_on_hours\":%llu,"
		"\"unsafe_shutdowns\":%llu,\"media_errors\":%llu,\"error_log_entries\":%llu,"
		"\"warning_temp_time_min\":%u,\"critical_temp_time_min\":%u,"
		"\"thermal_mgmt_t1_transitions\":%u,\"thermal_mgmt_t2_transitions\":%u,"
		"\"thermal_mgmt_t1_time_s\":%u,\"thermal_mgmt_t2_time_s\":%u",
		s->avail_spare, s->spare_thresh, s->percent_used,
		(unsigned long long)s->data_units_read, (unsigned long long)s->data_units_written,
		(unsigned long long)s->host_reads, (unsigned long long)s->host_writes,
		(unsigned long long)s->ctrl_busy_time_min, (unsigned long long)s->power_cycles,
		(unsigned long long)s->power_on_hours, (unsigned long long)s->unsafe_shutdowns,
		(unsigned long long)s->media_errors, (unsigned long long)s->num_err_log_entries,
		s->warning_temp_time_min, s->critical_temp_time_min,
		s->thm_temp1_trans_count, s->thm_temp2_trans_count,
		s->thm_temp1_total_time_s, s->thm_temp2_total_time_s);
	if (s->have_ocp) {
		fputs(",\"ocp\":", f);
		ssdq_ocp_smart_json(f, &s->ocp);
	}
	fputc('}', f);
}

const uint8_t ssdq_ocp_smart_guid[16] = {
	0xc5, 0xaf, 0x10, 0x28, 0xea, 0xbf, 0xf2, 0xa4,
	0x9c, 0x4f, 0x6f, 0x7c, 0xc9, 0x14, 0xd5, 0xaf,
};

const uint8_t ssdq_ocp_uuid[16] = {
	0xc1, 0x94, 0xd5, 0x5b, 0xe0, 0x94, 0x47, 0x94,
	0xa2, 0x1d, 0x29, 0x99, 0x8f, 0x56, 0xbe, 0x6f,
};

int ssdq_parse_ocp_smart(const uint8_t *b, size_t len, struct ssdq_ocp_smart *o)
{
	if (!b || len < SSDQ_OCP_SMART_SIZE)
		return -EINVAL;
	if (memcmp(b + 496, ssdq_ocp_smart_guid, 16))
		return -ENOMSG;
	memset(o, 0, sizeof(*o));
	o->phys_media_units_written = le128_sat(b + 0);
	o->phys_media_units_read = le128_sat(b + 16);
	o->thermal_throttling_count = b[96];
	o->thermal_throttling_status = b[97];
	o->log_page_version = ssdq_le16(b + 494);
	return 0;
}

void ssdq_ocp_smart_json(FILE *f, const struct ssdq_ocp_smart *o)
{
	fprintf(f, "{\"log_page_version\":%u,\"thermal_throttling_status\":%u,"
		"\"thermal_throttling_count\":%u,\"physical_media_units_written\":%llu,"
		"\"physical_media_units_read\":%llu}", o->log_page_version,
		o->thermal_throttling_status, o->thermal_throttling_count,
		(unsigned long long)o->phys_media_units_written,
		(unsigned long long)o->phys_media_units_read);
}

unsigned int ssdq_ocp_uuid_index(const uint8_t *list, size_t len)
{
	static const uint8_t zero[16];

	for (unsigned int i = 0; i < 127 && 32 * (i + 2) <= len; i++) {
		const uint8_t *uuid = list + 32 * (i + 1) + 16;

		if (!memcmp(uuid, zero, 16))
			break;
		if (!memcmp(uuid, ssdq_ocp_uuid, 16))
			return i + 1;
	}
	return 0;
}

static const char *status_name(int st)
{
	switch (st & 0x7ff) {
	case 0x002: return " (Invalid Field in Command)";
	case 0x001: return " (Invalid Command Opcode)";
	case 0x109: return " (Invalid Log Page)";
	default: return "";
	}
}

int ssdq_ocp_smart_probe(int fd, uint8_t *buf, uint8_t *uuid_index,
			 struct ssdq_ocp_smart *o, char *why, size_t whylen)
{
	int ret;

	*uuid_index = 0;
	memset(buf, 0, 4096);
	if (!ssdq_admin(fd, SSDQ_ADMIN_IDENTIFY, 0, SSDQ_ID_CNS_UUID_LIST, 0, buf, 4096, NULL))
		*uuid_index = (uint8_t)ssdq_ocp_uuid_index(buf, 4096);
	memset(buf, 0, SSDQ_OCP_SMART_SIZE);
	ret = ssdq_get_log_uuid(fd, SSDQ_LOG_OCP_SMART, 0xffffffff, *uuid_index, buf,
				SSDQ_OCP_SMART_SIZE);
	if (ret > 0) {
		snprintf(why, whylen, "Get Log Page C0h (UUID index %u): NVMe status 0x%x%s",
			 *uuid_index, (unsigned int)ret, status_name(ret));
		return -EIO;
	}
	if (ret < 0) {
		snprintf(why, whylen, "Get Log Page C0h: %s", strerror(-ret));
		return ret;
	}
	ret = ssdq_parse_ocp_smart(buf, SSDQ_OCP_SMART_SIZE, o);
	if (ret == -ENOMSG) {
		char hex[33];

		for (int i = 0; i < 16; i++)
			snprintf(hex + 2 * i, 3, "%02x", buf[511 - i]);
		snprintf(why, whylen, "log page C0h has GUID %sh, not the OCP SMART / Health "
			 "Information Extended GUID", hex);
	}
	return ret;
}

void ssdq_parse_apst(uint32_t dw0, const uint8_t *buf, struct ssdq_apst *a)
{
	memset(a, 0, sizeof(*a));
	a->enabled = dw0 & 1;
	if (!buf)
		return;
	for (unsigned int ps = 0; ps < 32; ps++) {
		uint64_t e = ssdq_le64(buf + 8 * ps);
		uint32_t itpt = (uint32_t)(e >> 8) & 0xffffff;

		if (!itpt)
			continue;
		a->from_ps[a->n] = (uint8_t)ps;
		a->to_ps[a->n] = (uint8_t)((e >> 3) & 0x1f);
		a->idle_ms[a->n] = itpt;
		a->n++;
	}
}

int ssdq_pcie_aspm(const uint8_t *cfg, size_t len, int *supported, int *enabled)
{
	unsigned int ptr, guard = 0;

	if (len < 0x40 || !(ssdq_le16(cfg + 0x06) & 0x10))	/* Status: capability list */
		return -ENOENT;
	ptr = cfg[0x34] & 0xfc;
	while (ptr >= 0x40 && ptr + 0x14 <= len && guard++ < 48) {
		if (cfg[ptr] == 0x10) {
			*supported = (int)((ssdq_le32(cfg + ptr + 0x0c) >> 10) & 3);
			*enabled = cfg[ptr + 0x10] & 3;
			return 0;
		}
		ptr = cfg[ptr + 1] & 0xfc;
	}
	return -ENOENT;
}

double ssdq_pcie_speed_gts(unsigned int code)
{
	static const double gts[] = { 0, 2.5, 5.0, 8.0, 16.0, 32.0, 64.0 };

	return code < sizeof(gts) / sizeof(gts[0]) ? gts[code] : 0;
}

void ssdq_pcie_link_decode(uint16_t lnksta, uint32_t lnkcap, uint16_t lnkctl,
			   struct ssdq_pcie_link *l)
{
	l->speed_gts = ssdq_pcie_speed_gts(lnksta & 0xf);
	l->width = (lnksta >> 4) & 0x3f;
	l->max_speed_gts = ssdq_pcie_speed_gts(lnkcap & 0xf);
	l->max_width = (int)((lnkcap >> 4) & 0x3f);
	l->aspm_supported = (int)((lnkcap >> 10) & 3);
	l->aspm_enabled = lnkctl & 3;
}
