// SPDX-License-Identifier: GPL-2.0-only
/*
 * power/nvme.c and power/device_info.c decoders against hand-made pages:
 * SMART / Health log, Identify Controller power states, APST, PCIe config
 * space, the controller of a namespace node, device.json.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "../../power/device_info.h"
#include "../../power/nvme.h"

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
	uint8_t b[512];
	struct ssdq_smart s;

	make_smart(b);
	CHECK_EQ_INT(ssdq_parse_smart(b, 511, &s), -EINVAL);
	CHECK_EQ_INT(ssdq_parse_smart(b, 512, &s), 0);
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
	ssdq_parse_smart(b, 512, &s);
	CHECK_EQ_U64(s.data_units_written, UINT64_MAX);
}

TEST(smart_json)
{
	uint8_t b[512];
	struct ssdq_smart s;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	make_smart(b);
	ssdq_parse_smart(b, 512, &s);
	ssdq_smart_json(f, 1700000000123456LL, &s);
	fclose(f);
	CHECK_CONTAINS(text, "{\"time_us\":1700000000123456,\"critical_warning\":2,");
	CHECK_CONTAINS(text, "\"composite_temp_c\":45,");
	CHECK_CONTAINS(text, "\"temp_sensors_c\":[47,null,60,null,null,null,null,null]");
	CHECK_CONTAINS(text, "\"data_units_read\":123456789,");
	CHECK_CONTAINS(text, "\"data_units_written\":73588229205,");
	CHECK_CONTAINS(text, "\"host_read_commands\":1000,\"host_write_commands\":2000,");
	CHECK_CONTAINS(text, "\"controller_busy_time_min\":77,");
	CHECK_CONTAINS(text, "\"warning_temp_time_min\":11,\"critical_temp_time_min\":1,");
	CHECK_CONTAINS(text, "\"thermal_mgmt_t1_transitions\":4,\"thermal_mgmt_t2_transitions\":1,");
	CHECK_CONTAINS(text, "\"thermal_mgmt_t1_time_s\":300,\"thermal_mgmt_t2_time_s\":20}");
	CHECK(strchr(text, '\n') == NULL);
	free(text);
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
	uint8_t b[4096];
	struct ssdq_id_ctrl c;
	const char *what = NULL;

	make_id_ctrl(b);
	CHECK_EQ_INT(ssdq_parse_id_ctrl(b, 4095, &c), -EINVAL);
	CHECK_EQ_INT(ssdq_parse_id_ctrl(b, 4096, &c), 0);
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
	uint8_t t[256];
	struct ssdq_apst a;

	memset(t, 0, sizeof(t));
	put64(t + 0, ((uint64_t)100 << 8) | (3 << 3));	/* ps0 → ps3 after 100 ms */
	put64(t + 8, ((uint64_t)2000 << 8) | (4 << 3));	/* ps1 → ps4 after 2 s */
	ssdq_parse_apst(1, t, &a);
	CHECK(a.enabled);
	CHECK_EQ_INT(a.n, 2);
	CHECK_EQ_INT(a.from_ps[0], 0);
	CHECK_EQ_INT(a.to_ps[0], 3);
	CHECK_EQ_INT(a.idle_ms[0], 100);
	CHECK_EQ_INT(a.from_ps[1], 1);
	CHECK_EQ_INT(a.to_ps[1], 4);
	CHECK_EQ_INT(a.idle_ms[1], 2000);
	ssdq_parse_apst(0, NULL, &a);
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
	uint8_t b[4096], ns[4096], t[256];
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
	ssdq_parse_id_ctrl(b, sizeof(b), &d->id);
	CHECK_EQ_INT(ssdq_parse_id_ns(ns, sizeof(ns), &d->idns), 0);
	ssdq_parse_apst(1, t, &d->apst);
	d->ps_current = 1;
	snprintf(d->link_speed, sizeof(d->link_speed), "8.0 GT/s PCIe");
	d->link_width = 4;
	d->max_link_width = -1;
	d->aspm_supported = 3;
	d->aspm_enabled = -1;
	snprintf(d->kernel, sizeof(d->kernel), "6.1.0-test");
	snprintf(d->fio_version, sizeof(d->fio_version), "fio-3.33");
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

int main(void)
{
	RUN(smart_decode);
	RUN(smart_json);
	RUN(id_ctrl_power_states);
	RUN(apst);
	RUN(pcie_aspm);
	RUN(ctrl_for_ng);
	RUN(device_json);
	RUN(devinfo_without_device);
	return harness_main();
}
