// SPDX-License-Identifier: GPL-2.0-only
/*
 * The decoders power/ relies on, against hand-made pages laid out at the
 * specifications' offsets (nvme/nvme_log.h, nvme/nvme_id.h: SMART / Health
 * log, OCP C0h log, Identify Controller power states, APST), the SMART
 * sidecar line (power/smart_log.h), PCIe config space (power/pcie.h), the
 * controller of a namespace node, device.json.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include <libnvme.h>

#include "../../power/device_info.h"
#include "../../power/pcie.h"
#include "../../power/smart_log.h"
#include "nvme_admin.h"
#include "nvme_log.h"
#include "nvme_ns.h"

/* Pages are byte arrays laid out by the specification, read through libnvme's structs. */
#define ALIGNED	__attribute__((aligned(8)))

static void put16(uint8_t *p, unsigned v) { p[0] = v & 0xff; p[1] = (v >> 8) & 0xff; }
static void put32(uint8_t *p, uint32_t v) { put16(p, v & 0xffff); put16(p + 2, v >> 16); }
static void put64(uint8_t *p, uint64_t v) { put32(p, (uint32_t)v); put32(p + 4, (uint32_t)(v >> 32)); }

static void make_smart(uint8_t *b)
{
	memset(b, 0, 512);
	b[0] = 0x02;			/* temperature warning */
	put16(b + 1, 318);		/* 45 °C */
	b[3] = 100;
	b[4] = 10;
	b[5] = 3;
	b[6] = 4;			/* endurance group critical warning summary */
	put64(b + 32, 123456789);	/* data units read */
	put64(b + 48, 0x1122334455ULL);	/* data units written */
	put64(b + 64, 1000);
	put64(b + 80, 2000);
	put64(b + 96, 77);		/* busy minutes */
	put64(b + 112, 5);
	put64(b + 128, 1234);
	put64(b + 144, 2);
	put64(b + 160, 0);
	put64(b + 176, 9);
	put32(b + 192, 11);		/* warning temp minutes */
	put32(b + 196, 1);
	put16(b + 200, 320);		/* sensor 1: 47 °C */
	put16(b + 202, 0);		/* sensor 2: not reported */
	put16(b + 204, 333);		/* sensor 3: 60 °C */
	put32(b + 216, 4);		/* TMT1 transitions */
	put32(b + 220, 1);
	put32(b + 224, 300);		/* TMT1 seconds */
	put32(b + 228, 20);
}

TEST(smart_decode)
{
	uint8_t ALIGNED b[512];
	struct ssdq_smart s;

	make_smart(b);
	ssdq_smart_decode((const struct nvme_smart_log *)b, &s);
	CHECK_EQ_INT(s.critical_warning, 2);
	CHECK_EQ_INT(s.composite_temp_k, 318);
	CHECK_EQ_U64(s.data_units_read, 123456789);
	CHECK_EQ_U64(s.data_units_written, 0x1122334455ULL);
	CHECK_EQ_U64(s.host_reads, 1000);
	CHECK_EQ_U64(s.host_writes, 2000);
	CHECK_EQ_U64(s.ctrl_busy_time_min, 77);
	CHECK_EQ_U64(s.power_on_hours, 1234);
	CHECK_EQ_INT(s.warning_temp_time_min, 11);
	CHECK_EQ_INT(s.critical_temp_time_min, 1);
	CHECK_EQ_INT(s.temp_sensor_k[0], 320);
	CHECK_EQ_INT(s.temp_sensor_k[2], 333);
	CHECK_EQ_INT(s.thm_temp1_trans_count, 4);
	CHECK_EQ_INT(s.thm_temp2_trans_count, 1);
	CHECK_EQ_INT(s.thm_temp1_total_time_s, 300);
	CHECK_EQ_INT(s.thm_temp2_total_time_s, 20);
	/* a 128-bit counter past 64 bits saturates */
	b[48 + 8] = 1;
	ssdq_smart_decode((const struct nvme_smart_log *)b, &s);
	CHECK_EQ_U64(s.data_units_written, UINT64_MAX);
}

TEST(smart_json)
{
	uint8_t ALIGNED b[512];
	struct ssdq_smart s;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	make_smart(b);
	ssdq_smart_decode((const struct nvme_smart_log *)b, &s);
	ssdq_smart_json(f, 1700000000123456LL, &s);
	fclose(f);
	/* version 2: nvme-cli's keys and values, ssdq's °C beside them */
	CHECK_CONTAINS(text, "{\"time_us\":1700000000123456,\"version\":2,\"critical_warning\":2,"
		       "\"temperature\":318,\"composite_temp_c\":45,\"avail_spare\":100,"
		       "\"spare_thresh\":10,\"percent_used\":3,"
		       "\"endurance_grp_critical_warning_summary\":4,");
	CHECK_CONTAINS(text, "\"data_units_read\":123456789,\"data_units_written\":73588229205,"
		       "\"host_read_commands\":1000,\"host_write_commands\":2000,"
		       "\"controller_busy_time\":77,\"power_cycles\":5,\"power_on_hours\":1234,"
		       "\"unsafe_shutdowns\":2,\"media_errors\":0,\"num_err_log_entries\":9,"
		       "\"warning_temp_time\":11,\"critical_comp_time\":1,");
	/* sensors as nvme-cli prints them: only those reported, in kelvin */
	CHECK_CONTAINS(text, "\"temperature_sensor_1\":320,\"temperature_sensor_3\":333,"
		       "\"temp_sensors_c\":[47,null,60,null,null,null,null,null]");
	CHECK(!strstr(text, "temperature_sensor_2"));
	CHECK_CONTAINS(text, "\"thm_temp1_trans_count\":4,\"thm_temp2_trans_count\":1,"
		       "\"thm_temp1_total_time\":300,\"thm_temp2_total_time\":20}");
	CHECK(strchr(text, '\n') == NULL);
	free(text);
}

/* The OCP C0h GUID AFD514C97C6F4F9CA4F2BFEA2810AFC5h, little-endian at 496. */
static void make_ocp(uint8_t *b)
{
	static const uint8_t guid[16] = { 0xc5, 0xaf, 0x10, 0x28, 0xea, 0xbf, 0xf2, 0xa4,
					  0x9c, 0x4f, 0x6f, 0x7c, 0xc9, 0x14, 0xd5, 0xaf };

	memset(b, 0xee, 512);		/* fields ssdq does not read: noise */
	put64(b + 0, 5000000000000ULL);	/* physical media units written */
	put64(b + 8, 0);
	put64(b + 16, 1234567);		/* physical media units read */
	put64(b + 24, 0);
	b[96] = 7;			/* thermal throttling events */
	b[97] = 2;			/* throttling now, level 2 */
	put16(b + 260, 25);		/* max peak power capability, W */
	put16(b + 262, 14);		/* current max average power, W */
	memset(b + 264, 0, 6);		/* lifetime power consumed: 90 000 Wh */
	put16(b + 264, 90000 & 0xffff);
	b[266] = 90000 >> 16;
	put16(b + 494, 4);		/* log page version (4: with the power fields) */
	memcpy(b + 496, guid, 16);
}

TEST(ocp_decode)
{
	uint8_t ALIGNED b[512];
	struct ssdq_ocp_smart o;

	make_ocp(b);
	CHECK_EQ_INT(ssdq_ocp_smart_decode((const struct ssdq_ocp_smart_log *)b, &o), 0);
	CHECK_EQ_U64(o.phys_media_units_written, 5000000000000ULL);
	CHECK_EQ_U64(o.phys_media_units_read, 1234567);
	CHECK_EQ_INT(o.thermal_throttling_count, 7);
	CHECK_EQ_INT(o.thermal_throttling_status, 2);
	CHECK_EQ_INT(o.log_page_version, 4);
	CHECK(o.have_power);
	CHECK_EQ_INT(o.peak_power_w, 25);
	CHECK_EQ_INT(o.max_avg_power_w, 14);
	CHECK_EQ_U64(o.lifetime_energy_wh, 90000);
	/* 128-bit counter past 64 bits saturates */
	b[16 + 15] = 1;
	CHECK_EQ_INT(ssdq_ocp_smart_decode((const struct ssdq_ocp_smart_log *)b, &o), 0);
	CHECK_EQ_U64(o.phys_media_units_read, UINT64_MAX);
	/* another vendor's C0h: one GUID byte off, the GUID reversed, all zero */
	make_ocp(b);
	b[511] ^= 1;
	CHECK_EQ_INT(ssdq_ocp_smart_decode((const struct ssdq_ocp_smart_log *)b, &o), -ENOMSG);
	make_ocp(b);
	for (int i = 0; i < 8; i++) {
		uint8_t t = b[496 + i];

		b[496 + i] = b[511 - i];
		b[511 - i] = t;
	}
	CHECK_EQ_INT(ssdq_ocp_smart_decode((const struct ssdq_ocp_smart_log *)b, &o), -ENOMSG);
	memset(b + 496, 0, 16);
	CHECK_EQ_INT(ssdq_ocp_smart_decode((const struct ssdq_ocp_smart_log *)b, &o), -ENOMSG);
	CHECK(!memcmp(ssdq_ocp_smart_guid, "\xc5\xaf\x10\x28", 4));
}

TEST(ocp_json)
{
	uint8_t ALIGNED b[512], ALIGNED o[512];
	struct ssdq_smart s;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	make_smart(b);
	make_ocp(o);
	ssdq_smart_decode((const struct nvme_smart_log *)b, &s);
	CHECK(!s.have_ocp);
	/* without C0h, no "ocp" key */
	f = open_memstream(&text, &len);
	ssdq_smart_json(f, 1, &s);
	fclose(f);
	CHECK(strstr(text, "ocp") == NULL);
	CHECK_CONTAINS(text, "\"thm_temp2_total_time\":20}");
	free(text);
	/* with it, the last member */
	CHECK_EQ_INT(ssdq_ocp_smart_decode((const struct ssdq_ocp_smart_log *)o, &s.ocp), 0);
	s.have_ocp = true;
	text = NULL;
	f = open_memstream(&text, &len);
	ssdq_smart_json(f, 1, &s);
	fclose(f);
	CHECK_CONTAINS(text, "\"thm_temp2_total_time\":20,\"ocp\":{\"log_page_version\":4,"
		       "\"thermal_throttling_status\":2,\"thermal_throttling_count\":7,"
		       "\"physical_media_units_written\":5000000000000,"
		       "\"physical_media_units_read\":1234567,\"max_peak_power_capability\":25,"
		       "\"current_max_avg_power\":14,\"lifetime_power_consumed\":90000}}");
	CHECK(strchr(text, '\n') == NULL);
	free(text);
	/* a new SMART parse clears it */
	ssdq_smart_decode((const struct nvme_smart_log *)b, &s);
	CHECK(!s.have_ocp);
}

TEST(ocp_uuid_index)
{
	static const uint8_t ocp[16] = { 0xc1, 0x94, 0xd5, 0x5b, 0xe0, 0x94, 0x47, 0x94,
					 0xa2, 0x1d, 0x29, 0x99, 0x8f, 0x56, 0xbe, 0x6f };
	uint8_t ALIGNED list[4096];

	memset(list, 0, sizeof(list));
	CHECK_EQ_INT(ssdq_ocp_uuid_index((const struct nvme_id_uuid_list *)list), 0);	/* empty list */
	memset(list + 32 + 16, 0x11, 16);				/* index 1: a vendor */
	list[64] = 0x01;						/* association bits */
	memcpy(list + 64 + 16, ocp, 16);				/* index 2: OCP */
	CHECK_EQ_INT(ssdq_ocp_uuid_index((const struct nvme_id_uuid_list *)list), 2);
	/* the list ends at the first zero UUID */
	memset(list + 32 + 16, 0, 16);
	CHECK_EQ_INT(ssdq_ocp_uuid_index((const struct nvme_id_uuid_list *)list), 0);
	/* the last of 127 entries */
	memset(list, 0x22, sizeof(list));
	memcpy(list + 32 * 127 + 16, ocp, 16);
	CHECK_EQ_INT(ssdq_ocp_uuid_index((const struct nvme_id_uuid_list *)list), 127);
}

TEST(ocp_probe_not_nvme)
{
	uint8_t idx = 9;
	struct ssdq_ocp_smart o;
	char why[160] = "";
	int fd = open("/dev/null", O_RDONLY);

	CHECK(fd >= 0);
	/* not an NVMe node: the ioctl fails, and says so */
	CHECK_EQ_INT(ssdq_nvme_probe_ocp(fd, SSDQ_NVME_POWER_TIMEOUT_MS, &idx, &o, why,
					 sizeof(why)), -ENOTTY);
	CHECK_EQ_INT(idx, 0);
	CHECK_CONTAINS(why, "Get Log Page C0h: ");
	close(fd);
}

static void make_id_ctrl(uint8_t *b)
{
	uint8_t *d;

	memset(b, 0, 4096);
	put16(b + 0, 0x1b36);
	put16(b + 2, 0x1af4);
	memcpy(b + 4, "SN12345             ", 20);
	memcpy(b + 24, "QEMU NVMe Ctrl                          ", 40);
	memcpy(b + 64, "8.0.0   ", 8);
	put32(b + 80, 0x00010400);
	b[263] = 2;		/* NPSS: 3 states */
	b[265] = 1;		/* APSTA */
	put16(b + 266, 343);
	put16(b + 268, 353);
	/* ps0: MP 25.00 W (0.01 W units), ACTP 8.5 W (0.01 W), IDLP not reported */
	d = b + 2048;
	put16(d, 2500);
	put32(d + 4, 0);
	put32(d + 8, 0);
	put16(d + 20, 850);
	d[22] = (2 << 6) | 3;
	/* ps1: MP 1.2345 W in 0.0001 W units (MXPS), IDLP 0.5 W in 0.0001 W */
	d = b + 2048 + 32;
	put16(d, 12345);
	d[3] = 1;
	put32(d + 4, 5000);
	put32(d + 8, 7000);
	d[12] = 1;
	d[13] = 1;
	d[14] = 1;
	d[15] = 1;
	put16(d + 16, 5000);
	d[18] = 1 << 6;
	/* ps2: non-operational, MP 0.05 W */
	d = b + 2048 + 64;
	put16(d, 5);
	d[3] = 2;
	put32(d + 4, 50000);
	put32(d + 8, 100000);
}

TEST(id_ctrl_power_states)
{
	uint8_t ALIGNED b[4096];
	struct ssdq_id_ctrl c;
	const char *what = NULL;

	make_id_ctrl(b);
	ssdq_id_ctrl_decode((const struct nvme_id_ctrl *)b, &c);
	CHECK_STREQ(c.model, "QEMU NVMe Ctrl");
	CHECK_STREQ(c.serial, "SN12345");
	CHECK_STREQ(c.firmware, "8.0.0");
	CHECK_EQ_INT(c.npss, 3);
	CHECK(c.apsta);
	CHECK_EQ_INT(c.wctemp_k, 343);
	CHECK(c.ps[0].max_power_w > 24.999 && c.ps[0].max_power_w < 25.001);
	CHECK(c.ps[0].active_power_w > 8.499 && c.ps[0].active_power_w < 8.501);
	CHECK(c.ps[0].idle_power_w < 0);
	CHECK(c.ps[1].max_power_w > 1.2344 && c.ps[1].max_power_w < 1.2346);
	CHECK(c.ps[1].idle_power_w > 0.4999 && c.ps[1].idle_power_w < 0.5001);
	CHECK(c.ps[1].active_power_w < 0);
	CHECK_EQ_INT(c.ps[1].enlat_us, 5000);
	CHECK_EQ_INT(c.ps[1].exlat_us, 7000);
	CHECK(c.ps[2].non_operational);
	CHECK(!c.ps[1].non_operational);

	/* nvme-ps estimates: ACTP when reported, IDLP when idle, else MP */
	CHECK(ssdq_psd_estimate(&c, 0, false, &what) > 8.49);
	CHECK_STREQ(what, "ACTP");
	CHECK(ssdq_psd_estimate(&c, 0, true, &what) > 8.49);
	CHECK_STREQ(what, "ACTP");
	CHECK(ssdq_psd_estimate(&c, 1, true, &what) < 0.5001);
	CHECK_STREQ(what, "IDLP");
	CHECK(ssdq_psd_estimate(&c, 1, false, &what) > 1.2344);
	CHECK_STREQ(what, "MP");
	CHECK(ssdq_psd_estimate(&c, 3, false, &what) < 0);
}

TEST(apst)
{
	uint8_t ALIGNED t[256];
	struct ssdq_apst a;

	memset(t, 0, sizeof(t));
	put64(t + 0, ((uint64_t)100 << 8) | (3 << 3));	/* ps0 → ps3 after 100 ms */
	put64(t + 8, ((uint64_t)2000 << 8) | (4 << 3));	/* ps1 → ps4 after 2 s */
	ssdq_apst_decode(1, (const struct nvme_feat_auto_pst *)t, &a);
	CHECK(a.enabled);
	CHECK_EQ_INT(a.n, 2);
	CHECK_EQ_INT(a.from_ps[0], 0);
	CHECK_EQ_INT(a.to_ps[0], 3);
	CHECK_EQ_INT(a.idle_ms[0], 100);
	CHECK_EQ_INT(a.from_ps[1], 1);
	CHECK_EQ_INT(a.to_ps[1], 4);
	CHECK_EQ_INT(a.idle_ms[1], 2000);
	ssdq_apst_decode(0, NULL, &a);
	CHECK(!a.enabled);
	CHECK_EQ_INT(a.n, 0);
}

TEST(pcie_aspm)
{
	uint8_t cfg[256];
	int sup = -1, en = -1;

	memset(cfg, 0, sizeof(cfg));
	put16(cfg + 6, 0x10);		/* capability list */
	cfg[0x34] = 0x40;
	cfg[0x40] = 0x01;		/* power management */
	cfg[0x41] = 0x70;
	cfg[0x70] = 0x10;		/* PCI Express */
	cfg[0x71] = 0x00;
	put32(cfg + 0x70 + 0x0c, 3u << 10);	/* L0s and L1 supported */
	cfg[0x70 + 0x10] = 2;		/* L1 enabled */
	CHECK_EQ_INT(ssdq_pcie_aspm(cfg, sizeof(cfg), &sup, &en), 0);
	CHECK_EQ_INT(sup, 3);
	CHECK_EQ_INT(en, 2);
	/* what a user without root reads: 64 bytes, no capability list */
	CHECK_EQ_INT(ssdq_pcie_aspm(cfg, 64, &sup, &en), -ENOENT);
	/* a loop in the list ends */
	cfg[0x71] = 0x40;
	cfg[0x70] = 0x05;
	CHECK_EQ_INT(ssdq_pcie_aspm(cfg, sizeof(cfg), &sup, &en), -ENOENT);
}

TEST(pcie_link_decode)
{
	struct ssdq_pcie_link l;

	/* an x4 Gen3 link (Slot Clock set) of an x4 Gen4 device with L0s and L1
	 * support, exit latencies, port 1; L1 enabled, Common Clock set */
	ssdq_pcie_link_decode(0x1043, 0x0103fc44, 0x0042, &l);
	CHECK(l.speed_gts == 8.0);
	CHECK_EQ_INT(l.width, 4);
	CHECK(l.max_speed_gts == 16.0);
	CHECK_EQ_INT(l.max_width, 4);
	CHECK_EQ_INT(l.aspm_supported, 3);
	CHECK_EQ_INT(l.aspm_enabled, 2);
	/* every speed code; widths x1, x16, x32 */
	ssdq_pcie_link_decode(0x0011, 0x00000102, 0x0001, &l);
	CHECK(l.speed_gts == 2.5);
	CHECK_EQ_INT(l.width, 1);
	CHECK(l.max_speed_gts == 5.0);
	CHECK_EQ_INT(l.max_width, 16);
	CHECK_EQ_INT(l.aspm_supported, 0);
	CHECK_EQ_INT(l.aspm_enabled, 1);
	ssdq_pcie_link_decode(0x0105, 0x00000206, 0x0000, &l);
	CHECK(l.speed_gts == 32.0);
	CHECK_EQ_INT(l.width, 16);
	CHECK(l.max_speed_gts == 64.0);
	CHECK_EQ_INT(l.max_width, 32);
	CHECK_EQ_INT(l.aspm_enabled, 0);
	/* ASPM support L1 only; Link Control bits above 1:0 ignored */
	ssdq_pcie_link_decode(0x0044, 0x00000844, 0xfffe, &l);
	CHECK_EQ_INT(l.aspm_supported, 2);
	CHECK_EQ_INT(l.aspm_enabled, 2);
	CHECK(l.speed_gts == 16.0);
	/* link down, reserved speed codes: width 0, speed unknown */
	ssdq_pcie_link_decode(0x0000, 0x00000047, 0x0000, &l);
	CHECK(l.speed_gts == 0);
	CHECK_EQ_INT(l.width, 0);
	CHECK(l.max_speed_gts == 0);
	CHECK(ssdq_pcie_speed_gts(7) == 0 && ssdq_pcie_speed_gts(15) == 0);
	CHECK(ssdq_pcie_speed_gts(1) == 2.5 && ssdq_pcie_speed_gts(6) == 64.0);
}

/* A sysfs tree with class/nvme/NAME/device -> bus/pci/devices/ADDR, the
 * kernel's link attributes saying 2.5 GT/s x1 and a config space whose PCI
 * Express capability says 8 GT/s x4: the figures tell the sources apart. */
static void make_pci_tree(const char *root, const char *name, size_t cfg_len, int aspm_attrs)
{
	char path[512], cmd[1024];
	uint8_t cfg[256];
	FILE *f;

	snprintf(cmd, sizeof(cmd), "rm -rf '%s/bus' '%s/class' && mkdir -p '%s/bus/pci/devices/0000:01:00.0/link' "
		 "'%s/class/nvme/%s' && ln -s ../../../bus/pci/devices/0000:01:00.0 '%s/class/nvme/%s/device'",
		 root, root, root, root, name, root, name);
	CHECK_EQ_INT(system(cmd), 0);
	memset(cfg, 0, sizeof(cfg));
	put16(cfg + 0, 0x1b36);
	put16(cfg + 2, 0x0010);
	put16(cfg + 6, 0x10);		/* capability list */
	cfg[0x0b] = 0x01;		/* class: mass storage, NVM */
	cfg[0x0a] = 0x08;
	cfg[0x09] = 0x02;
	cfg[0x34] = 0x40;
	cfg[0x40] = 0x01;		/* power management, then */
	cfg[0x41] = 0x70;
	cfg[0x70] = 0x10;		/* PCI Express, the last one */
	put16(cfg + 0x72, 0x0002);	/* version 2, endpoint */
	put32(cfg + 0x7c, 0x0000fc44);	/* Link Capabilities: 16 GT/s x4, L0s L1 */
	put16(cfg + 0x80, 0x0002);	/* Link Control: L1 */
	put16(cfg + 0x82, 0x1043);	/* Link Status: 8 GT/s x4 */
	snprintf(path, sizeof(path), "%s/bus/pci/devices/0000:01:00.0/config", root);
	f = fopen(path, "w");
	CHECK(f != NULL);
	if (f) {
		fwrite(cfg, 1, cfg_len, f);
		fclose(f);
	}
#define PUT(file, text) do {									\
		snprintf(path, sizeof(path), "%s/bus/pci/devices/0000:01:00.0/%s", root, file);	\
		f = fopen(path, "w");								\
		if (f) {									\
			fputs(text, f);								\
			fclose(f);								\
		}										\
	} while (0)
	PUT("current_link_speed", "2.5 GT/s PCIe\n");
	PUT("max_link_speed", "5.0 GT/s PCIe\n");
	PUT("current_link_width", "1\n");
	PUT("max_link_width", "2\n");
	if (aspm_attrs) {
		PUT("link/l0s_aspm", "1\n");
		PUT("link/l1_aspm", "0\n");
	}
#undef PUT
}

TEST(pcie_link_sources)
{
	char root[] = "/tmp/ssdq-pci.XXXXXX", cmd[256];
	struct ssdq_devinfo *d = malloc(sizeof(*d));
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	CHECK(mkdtemp(root) != NULL);
	/* config space readable in full (root) */
	make_pci_tree(root, "nvme-ssdq-t0", 256, 1);
	ssdq_devinfo_collect(d, NULL, "/dev/nvme-ssdq-t0", root, NULL);
	CHECK_STREQ(d->pci_addr, "0000:01:00.0");
#ifdef SSDQ_HAVE_LIBPCI
	CHECK(d->pcie_source && !strcmp(d->pcie_source, "libpci"));
	CHECK_STREQ(d->link_speed, "8.0 GT/s PCIe");
	CHECK(d->link_speed_gts == 8.0);
	CHECK_EQ_INT(d->link_width, 4);
	CHECK_STREQ(d->max_link_speed, "16.0 GT/s PCIe");
	CHECK_EQ_INT(d->max_link_width, 4);
	CHECK_EQ_INT(d->aspm_supported, 3);
	CHECK_EQ_INT(d->aspm_enabled, 2);
	CHECK(strstr(d->errors, "PCIe") == NULL);
	f = open_memstream(&text, &len);
	ssdq_devinfo_json(f, d);
	fclose(f);
	CHECK_CONTAINS(text, "\"pcie\": {\"current_link_speed\": \"8.0 GT/s PCIe\", "
		       "\"current_link_width\": 4, \"max_link_speed\": \"16.0 GT/s PCIe\", "
		       "\"max_link_width\": 4, \"aspm_supported\": \"L0s L1\", \"aspm_enabled\": \"L1\", "
		       "\"current_link_speed_gts\": 8.0, \"max_link_speed_gts\": 16.0, "
		       "\"address\": \"0000:01:00.0\", \"source\": \"libpci\"}");
	free(text);
	text = NULL;
#else
	CHECK(d->pcie_source && !strcmp(d->pcie_source, "sysfs"));
	CHECK_CONTAINS(d->errors, "built without libpci");
#endif

	/* what a user without root reads: 64 bytes. sysfs, ASPM enabled from
	 * the link attributes, support unknown */
	make_pci_tree(root, "nvme-ssdq-t0", 64, 1);
	ssdq_devinfo_collect(d, NULL, "/dev/nvme-ssdq-t0", root, NULL);
	CHECK(d->pcie_source && !strcmp(d->pcie_source, "sysfs"));
	CHECK_STREQ(d->link_speed, "2.5 GT/s PCIe");
	CHECK(d->link_speed_gts == 2.5);
	CHECK(d->max_link_speed_gts == 5.0);
	CHECK_EQ_INT(d->link_width, 1);
	CHECK_EQ_INT(d->max_link_width, 2);
	CHECK_EQ_INT(d->aspm_supported, -1);
	CHECK_EQ_INT(d->aspm_enabled, 1);
#ifdef SSDQ_HAVE_LIBPCI
	CHECK_CONTAINS(d->errors, "PCIe link of nvme-ssdq-t0: not through libpci (config space "
		       "of 0000:01:00.0 unreadable past 64 bytes (needs root)");
#endif
	CHECK_CONTAINS(d->errors, "PCIe ASPM support of nvme-ssdq-t0: needs config space");
	f = open_memstream(&text, &len);
	ssdq_devinfo_json(f, d);
	fclose(f);
	CHECK_CONTAINS(text, "\"aspm_supported\": null, \"aspm_enabled\": \"L0s\", "
		       "\"current_link_speed_gts\": 2.5, \"max_link_speed_gts\": 5.0, "
		       "\"address\": \"0000:01:00.0\", \"source\": \"sysfs\"}");
	free(text);
	text = NULL;

	/* no ASPM attributes either: ASPM null, with the reason */
	make_pci_tree(root, "nvme-ssdq-t0", 64, 0);
	ssdq_devinfo_collect(d, NULL, "/dev/nvme-ssdq-t0", root, NULL);
	CHECK_EQ_INT(d->aspm_enabled, -1);
	CHECK_CONTAINS(d->errors, "PCIe ASPM of nvme-ssdq-t0: no PCI Express capability in "
		       "readable config space");

	/* no device in sysfs at all: nulls and one reason */
	ssdq_devinfo_collect(d, NULL, "/dev/nvme-ssdq-t1", root, NULL);
	CHECK(d->pcie_source == NULL);
	CHECK_EQ_INT(d->link_width, -1);
	CHECK_CONTAINS(d->errors, "PCIe link of nvme-ssdq-t1: no device in sysfs");
	f = open_memstream(&text, &len);
	ssdq_devinfo_json(f, d);
	fclose(f);
	CHECK_CONTAINS(text, "\"current_link_speed_gts\": null, \"max_link_speed_gts\": null, "
		       "\"address\": null, \"source\": null}");
	free(text);

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	CHECK_EQ_INT(system(cmd), 0);
	free(d);
}

TEST(ctrl_for_ng)
{
	char root[] = "/tmp/ssdq-sysfs.XXXXXX", path[512], out[64];

	CHECK(mkdtemp(root) != NULL);
	snprintf(path, sizeof(path), "%s/class/nvme-generic/ng0n1", root);
	CHECK_EQ_INT(system(NULL) != 0, 1);
	snprintf(path, sizeof(path), "mkdir -p %s/class/nvme-generic/ng0n1 %s/class/nvme-generic/ng3n1 "
		 "%s/class/nvme-subsystem/nvme-subsys3/nvme5 %s/class/nvme-subsystem/nvme-subsys3/nvme4 "
		 "%s/devices/nvme2 && ln -s ../../../devices/nvme2 %s/class/nvme-generic/ng0n1/device && "
		 "ln -s ../../nvme-subsystem/nvme-subsys3 %s/class/nvme-generic/ng3n1/device",
		 root, root, root, root, root, root, root);
	CHECK_EQ_INT(system(path), 0);
	CHECK_EQ_INT(ssdq_ctrl_for_ng(root, "/dev/ng0n1", out, sizeof(out)), 0);
	CHECK_STREQ(out, "/dev/nvme2");
	CHECK_EQ_INT(ssdq_ctrl_for_ng(root, "/dev/ng3n1", out, sizeof(out)), 0);
	CHECK_STREQ(out, "/dev/nvme4");
	CHECK_EQ_INT(ssdq_ctrl_for_ng(root, "/dev/ng7n2", out, sizeof(out)), 0);
	CHECK_STREQ(out, "/dev/nvme7");
	CHECK_EQ_INT(ssdq_ctrl_for_ng(root, "/dev/sda", out, sizeof(out)), -EINVAL);
	snprintf(path, sizeof(path), "rm -rf %s", root);
	CHECK_EQ_INT(system(path), 0);
}

TEST(device_json)
{
	uint8_t ALIGNED b[4096], ALIGNED ns[4096], ALIGNED t[256];
	struct ssdq_devinfo *d = calloc(1, sizeof(*d));
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	make_id_ctrl(b);
	memset(ns, 0, sizeof(ns));
	put64(ns + 0, 2097152);		/* NSZE: 1 GiB of 512 B */
	ns[25] = 1;			/* two formats */
	ns[26] = 1;			/* using format 1 */
	ns[128 + 4 + 2] = 12;		/* format 1: 4096 B */
	memset(t, 0, sizeof(t));
	put64(t, ((uint64_t)100 << 8) | (2 << 3));

	d->time_us = 1;
	snprintf(d->ctrl, sizeof(d->ctrl), "/dev/nvme0");
	snprintf(d->ns, sizeof(d->ns), "/dev/ng0n1");
	d->nsid = 1;
	d->have_ctrl = d->have_ns = d->have_apst = d->have_ps = true;
	ssdq_id_ctrl_decode((const struct nvme_id_ctrl *)b, &d->id);
	CHECK_EQ_INT(ssdq_id_ns_decode((const struct nvme_id_ns *)ns, &d->idns), 0);
	ssdq_apst_decode(1, (const struct nvme_feat_auto_pst *)t, &d->apst);
	d->ps_current = 1;
	snprintf(d->link_speed, sizeof(d->link_speed), "8.0 GT/s PCIe");
	d->link_width = 4;
	d->max_link_width = -1;
	d->aspm_supported = 3;
	d->aspm_enabled = -1;
	snprintf(d->sys.kernel, sizeof(d->sys.kernel), "6.1.0-test");
	snprintf(d->sys.fio_version, sizeof(d->sys.fio_version), "fio-3.33");
	snprintf(d->errors, sizeof(d->errors), "PCIe ASPM of nvme0: \"no\" access");

	f = open_memstream(&text, &len);
	ssdq_devinfo_json(f, d);
	fclose(f);
	CHECK_CONTAINS(text, "\"format\": \"ssdq-device\",\n  \"version\": 1,");
	CHECK_CONTAINS(text, "\"model\": \"QEMU NVMe Ctrl\"");
	CHECK_CONTAINS(text, "\"serial\": \"SN12345\"");
	CHECK_CONTAINS(text, "\"firmware\": \"8.0.0\"");
	CHECK_CONTAINS(text, "\"nvme_version\": \"1.4\"");
	CHECK_CONTAINS(text, "\"wctemp_c\": 70");
	CHECK_CONTAINS(text, "\"capacity_bytes\": 8589934592");
	CHECK_CONTAINS(text, "\"lba_format\": {\"index\": 1, \"data_size\": 4096, \"metadata_size\": 0}");
	CHECK_CONTAINS(text, "{\"ps\": 0, \"max_power_w\": 25.0000, \"active_power_w\": 8.5000, "
		       "\"idle_power_w\": null, \"non_operational\": false");
	CHECK_CONTAINS(text, "{\"ps\": 2, \"max_power_w\": 0.0500");
	CHECK_CONTAINS(text, "\"non_operational\": true, \"entry_latency_us\": 50000");
	CHECK_CONTAINS(text, "\"power_state_current\": 1");
	CHECK_CONTAINS(text, "\"apst\": {\"supported\": true, \"enabled\": true, \"transitions\": "
		       "[{\"from_ps\": 0, \"to_ps\": 2, \"idle_ms\": 100}]}");
	CHECK_CONTAINS(text, "\"current_link_speed\": \"8.0 GT/s PCIe\", \"current_link_width\": 4, "
		       "\"max_link_speed\": null, \"max_link_width\": null, "
		       "\"aspm_supported\": \"L0s L1\", \"aspm_enabled\": null");
	CHECK_CONTAINS(text, "\"kernel\": \"6.1.0-test\"");
	CHECK_CONTAINS(text, "\"fio_version\": \"fio-3.33\"");
	CHECK_CONTAINS(text, "\"errors\": [\"PCIe ASPM of nvme0: \\\"no\\\" access\"]");
	free(text);

	/* nothing read: nulls, not zeros */
	memset(d, 0, sizeof(*d));
	d->link_width = d->max_link_width = d->aspm_supported = d->aspm_enabled = -1;
	f = open_memstream(&text, &len);
	ssdq_devinfo_json(f, d);
	fclose(f);
	CHECK_CONTAINS(text, "\"model\": null");
	CHECK_CONTAINS(text, "\"capacity_bytes\": null");
	CHECK_CONTAINS(text, "\"power_states\": null");
	CHECK_CONTAINS(text, "\"apst\": null");
	CHECK_CONTAINS(text, "\"errors\": []");
	free(text);
	free(d);
}

TEST(devinfo_without_device)
{
	char dir[] = "/tmp/ssdq-dev.XXXXXX", path[256], err[256], buf[8192];
	FILE *f;
	size_t n;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/device.json", dir);
	/* a controller that does not exist still gives a device.json, with reasons */
	CHECK_EQ_INT(ssdq_devinfo_write(path, NULL, "/dev/nvme-ssdq-none", dir, "fio-x", err,
					sizeof(err)), 0);
	f = fopen(path, "r");
	CHECK(f != NULL);
	n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;
	buf[n] = '\0';
	if (f)
		fclose(f);
	CHECK_CONTAINS(buf, "\"controller\": \"/dev/nvme-ssdq-none\"");
	CHECK_CONTAINS(buf, "\"model\": null");
	CHECK_CONTAINS(buf, "cannot open /dev/nvme-ssdq-none");
	CHECK_CONTAINS(buf, "\"fio_version\": \"fio-x\"");
	unlink(path);
	rmdir(dir);
}

/* the drive model fills the probe's structure: one writer, the model's members */
TEST(devinfo_of_the_model)
{
	struct ssdq_devinfo *d = calloc(1, sizeof(*d));
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	if (!CHECK(d != NULL))
		return;
	ssdq_devinfo_init(d, "fio-x");
	snprintf(d->ns, sizeof(d->ns), "/tmp/m.state");
	d->have_ns = true;
	d->nsid = 1;
	d->idns.lba_shift = 12;
	d->idns.nsze = 1000;
	snprintf(d->id.serial, sizeof(d->id.serial), "ssdq-model");
	d->id.npss = 1;
	d->id.ps[0].max_power_w = 5.5;
	d->id.ps[0].active_power_w = d->id.ps[0].idle_power_w = -1;
	d->drive_model.preset = "qlc-1tb";
	d->drive_model.summary = "QLC NVMe, 1 TB, a summary longer than Identify's 40-byte MN";
	d->drive_model.scale = 1000;
	f = open_memstream(&buf, &len);
	if (CHECK(f != NULL)) {
		ssdq_devinfo_json(f, d);
		fclose(f);
		CHECK_CONTAINS(buf, "\"controller\": null");
		CHECK_CONTAINS(buf, "\"model\": \"QLC NVMe, 1 TB, a summary longer than Identify's 40-byte MN\"");
		CHECK_CONTAINS(buf, "\"serial\": \"ssdq-model\"");
		CHECK_CONTAINS(buf, "\"drive_model\": {\"preset\": \"qlc-1tb\", \"scale\": 1000}");
		CHECK_CONTAINS(buf, "\"vid\": null");
		CHECK_CONTAINS(buf, "\"capacity_bytes\": 4096000");
		CHECK_CONTAINS(buf, "{\"ps\": 0, \"max_power_w\": 5.5000, \"active_power_w\": null");
		/* the model states its APST as a drive's Identify does: none here */
		CHECK_CONTAINS(buf, "\"apst\": {\"supported\": false, \"enabled\": false, "
				    "\"transitions\": []}");
		CHECK_CONTAINS(buf, "\"pcie\": null");
		CHECK_CONTAINS(buf, "\"errors\": []");
	}
	free(buf);
	free(d);
}

int main(void)
{
	RUN(smart_decode);
	RUN(smart_json);
	RUN(ocp_decode);
	RUN(ocp_json);
	RUN(ocp_uuid_index);
	RUN(ocp_probe_not_nvme);
	RUN(id_ctrl_power_states);
	RUN(apst);
	RUN(pcie_aspm);
	RUN(pcie_link_decode);
	RUN(pcie_link_sources);
	RUN(ctrl_for_ng);
	RUN(device_json);
	RUN(devinfo_without_device);
	RUN(devinfo_of_the_model);
	return harness_main();
}
