// SPDX-License-Identifier: GPL-2.0-only
/*
 * power/'s admin paths against the ioctl mock (test/mock/ioctl_mock.h):
 * what the sampler sends at open (the OCP C0h probe, device.json's
 * Identify Controller, Power Management, APST, NVME_IOCTL_ID and Identify
 * Namespace, the first SMART and C0h sample) and the line it writes, the
 * nvme-ps source, the power bound; every command checked field by field,
 * with power/'s timeout, and failures named by their status.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "ioctl_mock.h"
#include "nvme_admin.h"
#include "../../power/sampler.h"
#include "../../power/source.h"
#include "../../power/vet.h"

#define NODE	"/dev/zero"
#define TMO	SSDQ_NVME_POWER_TIMEOUT_MS

#define ID_CTRL		.what = "Identify Controller", .opcode = 0x06, .cdw10 = 0x01, \
			.data_len = 4096, .timeout_ms = TMO
#define ID_NS(n)	.what = "Identify Namespace", .opcode = 0x06, .nsid = (n), \
			.data_len = 4096, .timeout_ms = TMO
#define ID_UUID		.what = "Identify UUID List", .opcode = 0x06, .cdw10 = 0x17, \
			.data_len = 4096, .timeout_ms = TMO
#define LOG(lid, uuidx)	.opcode = 0x02, .nsid = 0xffffffff, .cdw10 = (lid) | 127 << 16, \
			.cdw14 = (uuidx), .data_len = 512, .timeout_ms = TMO
#define PM		.what = "Get Features Power Management", .opcode = 0x0a, .cdw10 = 0x02, \
			.timeout_ms = TMO
#define APST		.what = "Get Features APST", .opcode = 0x0a, .cdw10 = 0x0c, \
			.data_len = 256, .timeout_ms = TMO

#define SET_PM(act)	.what = "Set Features Power Measurement", .opcode = 0x09, .cdw10 = 0x25, \
			.cdw11 = (act), .timeout_ms = TMO
#define LOG_PM		.what = "Power Measurement log", .opcode = 0x02, .nsid = 0xffffffff, \
			.cdw10 = 0x25 | 15 << 16, .data_len = 64, .timeout_ms = TMO

static uint8_t id_ctrl[4096], id_ctrl_nopm[4096], id_ns[4096], uuids[4096], smart[512], ocp[512],
	apst[256];
static uint8_t pm_page[4][64];
static char dir[] = "/tmp/ssdq-mock-power.XXXXXX";

static void put16(uint8_t *p, unsigned int v) { p[0] = v & 0xff; p[1] = (v >> 8) & 0xff; }
static void put32(uint8_t *p, uint32_t v) { put16(p, v & 0xffff); put16(p + 2, v >> 16); }
static void put64(uint8_t *p, uint64_t v) { put32(p, (uint32_t)v); put32(p + 4, (uint32_t)(v >> 32)); }

static void make_pages(void)
{
	static const uint8_t guid[16] = { 0xc5, 0xaf, 0x10, 0x28, 0xea, 0xbf, 0xf2, 0xa4,
					  0x9c, 0x4f, 0x6f, 0x7c, 0xc9, 0x14, 0xd5, 0xaf };
	static const uint8_t uuid[16] = { 0xc1, 0x94, 0xd5, 0x5b, 0xe0, 0x94, 0x47, 0x94,
					  0xa2, 0x1d, 0x29, 0x99, 0x8f, 0x56, 0xbe, 0x6f };

	memcpy(id_ctrl + 24, "Mock SSD 1TB                            ", 40);
	memcpy(id_ctrl + 4, "MOCK0001            ", 20);
	memcpy(id_ctrl + 64, "1.0     ", 8);
	id_ctrl[263] = 1;			/* two power states */
	id_ctrl[265] = 1;			/* APSTA */
	put16(id_ctrl + 2048, 650);		/* PS0 6.5 W */
	put16(id_ctrl + 2048 + 32, 300);	/* PS1 3 W */
	put64(id_ns + 0, 1 << 21);		/* 1 GiB of 512 B */
	id_ns[128 + 2] = 9;
	memcpy(uuids + 32 + 16, uuid, 16);	/* index 1: OCP */
	smart[0] = 0;
	put16(smart + 1, 310);			/* 37 °C */
	smart[3] = 100;
	smart[6] = 0x02;			/* endurance group summary */
	put64(smart + 48, 4242);		/* data units written */
	put32(smart + 216, 3);			/* TMT1 transitions */
	put64(ocp + 0, 999);
	ocp[96] = 2;
	put16(ocp + 494, 4);
	memcpy(ocp + 496, guid, 16);
	put64(apst, (uint64_t)100 << 8 | 1 << 3);	/* PS0 -> PS1 after 100 ms */
	memcpy(id_ctrl_nopm, id_ctrl, sizeof(id_ctrl));
	put32(id_ctrl + 96, 1u << 21);		/* CTRATT: Power Measurement Support */
	put16(id_ctrl + 392, 4u << 8 | 100);	/* IPMSR: 100 ms */
	put16(id_ctrl + 394, 60);		/* MSMT: 60 min */
	put16(ocp + 260, 25);			/* max peak power capability, W */
	put16(ocp + 262, 14);			/* current max average power, W */
	ocp[264] = 16;				/* lifetime power consumed, Wh */
	/* the Power Measurement log: started, then 10, 20, 30 intervals */
	for (int i = 0; i < 4; i++) {
		uint8_t *p = pm_page[i];

		p[1] = 1;			/* generation */
		put16(p + 2, 1);		/* PME */
		put32(p + 4, 64);		/* SZE */
		put32(p + 8, 10u * i);		/* PMC */
		p[56] = 3;			/* ±3 % */
	}
	put32(pm_page[1] + 40, 1u << 16 | 40000);	/* mean 4.0 W */
	put32(pm_page[1] + 44, 1u << 16 | 45000);
	put32(pm_page[2] + 40, 1u << 16 | 45000);	/* mean 4.5 W: the last 10 at 5.0 W */
	put32(pm_page[2] + 44, 1u << 16 | 52000);
	put32(pm_page[3] + 40, 1u << 16 | 45000);	/* 30 at 4.5 W: the last 10 at 4.5 W */
	put32(pm_page[3] + 44, 2u << 16 | 600);	/* largest 6 W */
}

static char *slurp(const char *path)
{
	static char buf[8192];
	FILE *f = fopen(path, "re");
	size_t n = 0;

	buf[0] = '\0';
	if (f) {
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	return buf;
}

TEST(sampler_open_sends_and_writes)
{
	struct ssdq_mock_cmd cmds[] = {
		{ ID_UUID, .out_data = uuids },
		{ .what = "OCP C0h", LOG(0xc0, 1), .out_data = ocp },
		{ ID_CTRL, .out_data = id_ctrl },
		{ PM, .result = 1 },
		{ APST, .out_data = apst, .result = 1 },
		{ ID_NS(7), .out_data = id_ns },
		{ .what = "SMART", LOG(0x02, 0), .out_data = smart },
		{ .what = "OCP C0h", LOG(0xc0, 1), .out_data = ocp },
	};
	struct ssdq_sampler_cfg c = {
		.smart_ms = 3600000, .ng = NODE, .ctrl = NODE, .sysfs_root = dir,
		.fio_version = "fio-3.33", .job = "mock",
	};
	char smart_log[64], events[64], device[64], err[512] = "";
	struct ssdq_sampler *s = NULL;
	const char *text;

	snprintf(smart_log, sizeof(smart_log), "%s/j_smart.1.jsonl", dir);
	snprintf(events, sizeof(events), "%s/j_events.1.jsonl", dir);
	snprintf(device, sizeof(device), "%s/device.json", dir);
	c.smart_log = smart_log;
	c.events_log = events;
	c.device_json = device;
	ssdq_mock_nsid(7);
	ssdq_mock_expect(cmds, sizeof(cmds) / sizeof(cmds[0]));
	CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), 0);
	if (!s) {
		printf("%s\n", err);
		ssdq_mock_end();
		return;
	}
	ssdq_sampler_close(s);
	CHECK_EQ_INT(ssdq_mock_end(), 0);

	text = slurp(smart_log);
	CHECK_CONTAINS(text, "{\"time_us\":");
	CHECK_CONTAINS(text, ",\"version\":2,");
	CHECK_CONTAINS(text, "\"critical_warning\":0,\"temperature\":310,\"composite_temp_c\":37,"
		       "\"avail_spare\":100,");
	CHECK_CONTAINS(text, "\"endurance_grp_critical_warning_summary\":2,");
	CHECK_CONTAINS(text, "\"data_units_written\":4242,");
	CHECK_CONTAINS(text, "\"thm_temp1_trans_count\":3,");
	CHECK_CONTAINS(text, "\"ocp\":{\"log_page_version\":4,\"thermal_throttling_status\":0,"
		       "\"thermal_throttling_count\":2,\"physical_media_units_written\":999,");
	text = slurp(events);
	CHECK_CONTAINS(text, "/dev/zero has the OCP C0h log (version 4, UUID index 1)");
	text = slurp(device);
	CHECK_CONTAINS(text, "\"model\": \"Mock SSD 1TB\"");
	CHECK_CONTAINS(text, "\"nsid\": 7");
	CHECK_CONTAINS(text, "\"capacity_bytes\": 1073741824");
	CHECK_CONTAINS(text, "\"power_state_current\": 1");
	CHECK_CONTAINS(text, "\"transitions\": [{\"from_ps\": 0, \"to_ps\": 1, \"idle_ms\": 100}]");
	CHECK_CONTAINS(text, "\"power_measurement\": {\"supported\": true, \"sample_us\": 100000, "
		       "\"max_stop_min\": 60}");
	CHECK_CONTAINS(text, "\"ocp_power\": {\"log_page_version\": 4, \"max_peak_power_capability_w\": "
		       "25, \"current_max_avg_power_w\": 14, \"lifetime_power_consumed_wh\": 16}");
	text = slurp(smart_log);
	CHECK_CONTAINS(text, "\"max_peak_power_capability\":25,\"current_max_avg_power\":14,"
		       "\"lifetime_power_consumed\":16}");
}

TEST(sampler_failures_named)
{
	/* no OCP log, APST and Identify Namespace refused, SMART refused at open */
	struct ssdq_mock_cmd cmds[] = {
		{ ID_UUID, .err = 0x4002 },
		{ .what = "OCP C0h", LOG(0xc0, 0), .err = 0x4109 },
		{ ID_CTRL, .out_data = id_ctrl },
		{ PM, .err = 0x4002 },
		{ APST, .err = 0x4002 },
		{ ID_NS(7), .err = 0x410b },
		{ .what = "SMART", LOG(0x02, 0), .err = -EIO },
	};
	struct ssdq_sampler_cfg c = { .smart_ms = 1000, .ng = NODE, .ctrl = NODE,
				      .sysfs_root = dir };
	char smart_log[64], device[64], err[512] = "";
	struct ssdq_sampler *s = NULL;
	const char *text;

	snprintf(smart_log, sizeof(smart_log), "%s/f_smart.1.jsonl", dir);
	snprintf(device, sizeof(device), "%s/f_device.json", dir);
	c.smart_log = smart_log;
	c.device_json = device;
	ssdq_mock_nsid(7);
	ssdq_mock_expect(cmds, sizeof(cmds) / sizeof(cmds[0]));
	CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), -EIO);
	CHECK(!s);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	CHECK_CONTAINS(err, "SMART log from /dev/zero: Input/output error");
	text = slurp(device);
	CHECK_CONTAINS(text, "\"power_state_current\": null");
	CHECK_CONTAINS(text, "Get Features APST on /dev/zero: NVMe status 0x4002: Invalid Field in "
		       "Command");
	CHECK_CONTAINS(text, "Identify Namespace on /dev/zero: NVMe status 0x410b: ");
	CHECK_CONTAINS(text, "\"apst\": {\"supported\": true, \"enabled\": null");
}

TEST(nvme_ps_source)
{
	struct ssdq_mock_cmd cmds[] = {
		{ ID_CTRL, .out_data = id_ctrl },
		{ PM, .result = 0 },			/* the open's own check */
		{ PM, .result = 0 },
		{ PM, .result = 1 },
		{ PM, .result = 5 },			/* past the table */
		{ PM, .err = 0x0006 },
	};
	struct ssdq_source_cfg cfg = { .ctrl_path = NODE };
	struct ssdq_source *src = NULL;
	struct ssdq_sample smp;
	char err[512] = "";

	ssdq_mock_expect(cmds, sizeof(cmds) / sizeof(cmds[0]));
	CHECK_EQ_INT(ssdq_source_open("nvme-ps", &cfg, &src, err, sizeof(err)), 0);
	if (!src) {
		printf("%s\n", err);
		ssdq_mock_end();
		return;
	}
	CHECK_EQ_INT(ssdq_source_read(src, 1000000, &smp, 1), 1);
	CHECK(harness_near(smp.watts, 6.5, 1e-9));
	CHECK_STREQ(smp.rail, "ps0");
	CHECK_EQ_INT(ssdq_source_read(src, 2000000, &smp, 1), 1);
	CHECK(harness_near(smp.watts, 3.0, 1e-9));
	CHECK_EQ_INT(ssdq_source_read(src, 3000000, &smp, 1), -EPROTO);
	CHECK_CONTAINS(src->err, "power state 5, past its 2 descriptors");
	CHECK_EQ_INT(ssdq_source_read(src, 4000000, &smp, 1), -EIO);
	CHECK_CONTAINS(src->err, "Get Features (Power Management) on /dev/zero: NVMe status "
		       "0x0006: Internal Error");
	ssdq_source_close(src);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
}

TEST(nvme_pm_source)
{
	struct ssdq_mock_cmd cmds[] = {
		{ ID_CTRL, .out_data = id_ctrl },
		{ SET_PM(1) },
		{ LOG_PM, .out_data = pm_page[0] },
		{ LOG_PM, .out_data = pm_page[1] },
		{ LOG_PM, .out_data = pm_page[2] },
		{ LOG_PM, .out_data = pm_page[2] },
		{ LOG_PM, .out_data = pm_page[3] },
		{ SET_PM(0) },
	};
	struct ssdq_source_cfg cfg = { .ctrl_path = NODE };
	struct ssdq_source *src = NULL;
	struct ssdq_sample smp;
	struct ssdq_drive_meas d;
	char err[512] = "";

	ssdq_mock_expect(cmds, sizeof(cmds) / sizeof(cmds[0]));
	CHECK_EQ_INT(ssdq_source_open("nvme-pm", &cfg, &src, err, sizeof(err)), 0);
	if (!src) {
		printf("%s\n", err);
		ssdq_mock_end();
		return;
	}
	CHECK(src->averaged && !src->estimated);
	CHECK_EQ_INT(src->min_interval_us, 1000000);
	CHECK_EQ_INT(ssdq_source_read(src, 1000000, &smp, 1), 1);
	CHECK(harness_near(smp.watts, 4.0, 1e-9));
	CHECK_EQ_INT(ssdq_source_read(src, 2000000, &smp, 1), 1);
	CHECK(harness_near(smp.watts, 5.0, 1e-9));	/* the 10 intervals since */
	CHECK_EQ_INT(ssdq_source_read(src, 2500000, &smp, 1), 0);	/* none new */
	CHECK_EQ_INT(src->ops->measure(src, &d), 0);
	CHECK_EQ_INT(d.count, 30);
	CHECK(harness_near(d.avg_w, 4.5, 1e-9));
	CHECK(harness_near(d.max_w, 6.0, 1e-9));
	CHECK(harness_near(d.joules, 4.5 * 30, 1e-9));
	CHECK_EQ_INT(d.percent_error, 3);
	CHECK(!d.estimated);
	ssdq_source_close(src);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
}

/* QEMU's controller and drives before NVMe 2.1: refused at open, saying why. */
TEST(nvme_pm_absent)
{
	struct ssdq_mock_cmd cmds[] = {
		{ ID_CTRL, .out_data = id_ctrl_nopm },
		{ ID_CTRL, .out_data = id_ctrl },
		{ SET_PM(1), .err = 0x4002 },
	};
	struct ssdq_source_cfg cfg = { .ctrl_path = NODE };
	struct ssdq_source *src = NULL;
	char err[512] = "";

	ssdq_mock_expect(cmds, sizeof(cmds) / sizeof(cmds[0]));
	CHECK_EQ_INT(ssdq_source_open("nvme-pm", &cfg, &src, err, sizeof(err)), -EOPNOTSUPP);
	CHECK_CONTAINS(err, "power source \"nvme-pm\": /dev/zero has no Power Measurement feature "
		       "(Identify Controller CTRATT bit 21 clear)");
	/* one that announces it but refuses the command */
	CHECK_EQ_INT(ssdq_source_open("nvme-pm", &cfg, &src, err, sizeof(err)), -EIO);
	CHECK_CONTAINS(err, "Set Features (Power Measurement, start) on /dev/zero: NVMe status "
		       "0x4002: Invalid Field in Command");
	CHECK(!src);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
}

TEST(power_bound_from_the_table)
{
	struct ssdq_mock_cmd cmds[] = { { ID_CTRL, .out_data = id_ctrl }, { ID_CTRL, .err = -EIO } };
	char how[160];
	int fd = open(NODE, O_RDONLY | O_CLOEXEC);

	ssdq_mock_expect(cmds, 2);
	CHECK(harness_near(ssdq_power_bound(0, fd, how, sizeof(how)), 13, 1e-9));
	CHECK_STREQ(how, "2 x the highest MP of the drive's power states (6.5 W)");
	CHECK(harness_near(ssdq_power_bound(0, fd, how, sizeof(how)), SSDQ_POWER_DEFAULT_MAX_W,
			   1e-9));
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	close(fd);
}

int main(void)
{
	if (!ssdq_mock_loaded() || ssdq_mock_node(NODE))
		SKIP("the ioctl mock is not loaded ahead of libc");
	if (!mkdtemp(dir))
		SKIP("no temporary directory");
	make_pages();
	RUN(sampler_open_sends_and_writes);
	RUN(sampler_failures_named);
	RUN(nvme_ps_source);
	RUN(nvme_pm_source);
	RUN(nvme_pm_absent);
	RUN(power_bound_from_the_table);
	{
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
		if (system(cmd))
			printf("could not remove %s\n", dir);
	}
	return harness_main();
}
