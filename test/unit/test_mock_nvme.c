// SPDX-License-Identifier: GPL-2.0-only
/*
 * The NVMe part (nvme/) against the ioctl mock: every command it sends is
 * checked field by field (opcode, nsid, cdw10-15, data length, timeout)
 * and answered with a canned page or an error. The pages are built at the
 * byte offsets of the NVMe and OCP specifications, not with libnvme's
 * structs, so they also check the structs' layout the decoders rely on.
 * Covered: the namespace probe (NVME_IOCTL_ID, Identify Namespace) and its
 * refusals, Identify Controller with its power states and erase
 * capabilities, the SMART log, the OCP C0h probe (UUID list, GUID) and
 * read, Power Management and APST features, and the status each failure is
 * named by.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include <libnvme.h>

#include "harness.h"
#include "ioctl_mock.h"
#include "nvme_admin.h"
#include "nvme_id.h"
#include "nvme_log.h"
#include "nvme_ns.h"
#include "nvme_status.h"

#define NODE	"/dev/zero"
#define TMO	SSDQ_NVME_POWER_TIMEOUT_MS

static uint8_t page[4096], page2[4096];
static char err[512];

static void put16(uint8_t *p, unsigned int v) { p[0] = v & 0xff; p[1] = (v >> 8) & 0xff; }
static void put32(uint8_t *p, uint32_t v) { put16(p, v & 0xffff); put16(p + 2, v >> 16); }
static void put64(uint8_t *p, uint64_t v) { put32(p, (uint32_t)v); put32(p + 4, (uint32_t)(v >> 32)); }

/* Expected commands, as the NVMe base specification lays them out. */
#define ID_NS(n, tmo)	.what = "Identify Namespace", .opcode = 0x06, .nsid = (n), \
			.cdw10 = 0x00, .data_len = 4096, .timeout_ms = (tmo)
#define ID_CTRL(tmo)	.what = "Identify Controller", .opcode = 0x06, .cdw10 = 0x01, \
			.data_len = 4096, .timeout_ms = (tmo)
#define ID_UUID(tmo)	.what = "Identify UUID List", .opcode = 0x06, .cdw10 = 0x17, \
			.data_len = 4096, .timeout_ms = (tmo)
/* Get Log Page of all namespaces: LID, NUMDL = dwords - 1, RAE clear */
#define LOG(lid, len, uuidx, tmo) .opcode = 0x02, .nsid = 0xffffffff, \
			.cdw10 = (lid) | ((len) / 4 - 1) << 16, .cdw14 = (uuidx), \
			.data_len = (len), .timeout_ms = (tmo)
#define FEAT(fid, len, tmo) .opcode = 0x0a, .cdw10 = (fid), .data_len = (len), \
			.timeout_ms = (tmo)

static int open_node(void)
{
	int fd = open(NODE, O_RDONLY | O_CLOEXEC);

	CHECK(fd >= 0);
	return fd;
}

/* --- the namespace probe ----------------------------------------------- */

/* A namespace like QEMU's: two formats, 512 B and 4 KiB, @flbas in use. */
static void make_id_ns(uint64_t nsze, unsigned int flbas)
{
	memset(page, 0, sizeof(page));
	put64(page + 0, nsze);
	put64(page + 8, nsze);
	put64(page + 16, nsze / 2);
	page[25] = 1;			/* NLBAF: two formats */
	page[26] = (uint8_t)flbas;
	page[29] = 0;			/* DPS */
	page[33] = 0x1;			/* DLFEAT: reads of deallocated LBAs return 0 */
	page[128 + 2] = 9;		/* LBAF0: 512 B */
	page[132 + 2] = 12;		/* LBAF1: 4 KiB */
}

TEST(mock_is_loaded)
{
	CHECK(ssdq_mock_loaded());
	CHECK_EQ_INT(ssdq_mock_node(NODE), 0);
}

TEST(probe_512)
{
	struct ssdq_mock_cmd cmds[] = { { ID_NS(3, SSDQ_NSDEV_TIMEOUT_MS), .out_data = page } };
	struct ssdq_nsdev dev;

	make_id_ns(2097152, 0);
	ssdq_mock_nsid(3);
	ssdq_mock_expect(cmds, 1);
	CHECK_EQ_INT(ssdq_nsdev_open(NODE, O_RDONLY, &dev, err, sizeof(err)), 0);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	CHECK_EQ_INT(dev.ns.nsid, 3);
	CHECK_EQ_INT(dev.ns.lba_shift, 9);
	CHECK_EQ_U64(dev.ns.nlba, 2097152);
	CHECK_EQ_U64(dev.id.nuse, 1048576);
	CHECK_EQ_INT(dev.id.nlbaf, 2);
	CHECK_EQ_INT(dev.id.dlfeat, 1);
	CHECK(dev.max_xfer >= 512 && dev.max_xfer % 512 == 0);
	CHECK(dev.fd >= 0);
	ssdq_nsdev_close(&dev);
	CHECK_EQ_INT(dev.fd, -1);
}

TEST(probe_4k_and_high_format_index)
{
	struct ssdq_mock_cmd cmds[] = { { ID_NS(1, SSDQ_NSDEV_TIMEOUT_MS), .out_data = page } };
	struct ssdq_nsdev dev;

	make_id_ns(262144, 1);
	ssdq_mock_nsid(1);
	ssdq_mock_expect(cmds, 1);
	CHECK_EQ_INT(ssdq_nsdev_open(NODE, O_RDWR, &dev, err, sizeof(err)), 0);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	CHECK_EQ_INT(dev.ns.lba_shift, 12);
	CHECK_EQ_INT(dev.id.flba, 1);
	ssdq_nsdev_close(&dev);

	/* FLBAS bits 6:5 are bits 5:4 of the index: format 17, 8 B metadata */
	make_id_ns(262144, 0x21 | 0x10);
	page[25] = 17;
	put16(page + 128 + 4 * 17, 8);
	page[128 + 4 * 17 + 2] = 12;
	ssdq_mock_expect(cmds, 1);
	CHECK_EQ_INT(ssdq_nsdev_open(NODE, O_RDWR, &dev, err, sizeof(err)), -EOPNOTSUPP);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	CHECK_CONTAINS(err, "8 metadata bytes per LBA");
	CHECK_EQ_INT(dev.fd, -1);
}

TEST(probe_refusals)
{
	struct ssdq_mock_cmd cmd = { ID_NS(1, SSDQ_NSDEV_TIMEOUT_MS), .out_data = page };
	struct ssdq_nsdev dev;

	ssdq_mock_nsid(-ENOTTY);		/* not an NVMe node */
	ssdq_mock_expect(NULL, 0);
	CHECK_EQ_INT(ssdq_nsdev_open(NODE, O_RDONLY, &dev, err, sizeof(err)), -ENOTTY);
	CHECK_CONTAINS(err, "not an NVMe namespace node");
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	ssdq_mock_nsid(0);			/* a controller node: namespace 0 */
	CHECK_EQ_INT(ssdq_nsdev_open(NODE, O_RDONLY, &dev, err, sizeof(err)), -ENODEV);

	ssdq_mock_nsid(1);
	make_id_ns(0, 0);			/* inactive */
	ssdq_mock_expect(&cmd, 1);
	CHECK_EQ_INT(ssdq_nsdev_open(NODE, O_RDONLY, &dev, err, sizeof(err)), -ENODEV);
	CHECK_CONTAINS(err, "inactive (NSZE 0)");
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	make_id_ns(1024, 2);			/* index past NLBAF */
	ssdq_mock_expect(&cmd, 1);
	CHECK_EQ_INT(ssdq_nsdev_open(NODE, O_RDONLY, &dev, err, sizeof(err)), -EPROTO);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	make_id_ns(1024, 0);
	page[128 + 2] = 0;			/* LBADS 0 is not a size */
	ssdq_mock_expect(&cmd, 1);
	CHECK_EQ_INT(ssdq_nsdev_open(NODE, O_RDONLY, &dev, err, sizeof(err)), -EPROTO);
	CHECK_EQ_INT(ssdq_mock_end(), 0);

	cmd.out_data = NULL;
	cmd.err = 0x4002;			/* the drive fails it, DNR */
	ssdq_mock_expect(&cmd, 1);
	CHECK_EQ_INT(ssdq_nsdev_open(NODE, O_RDONLY, &dev, err, sizeof(err)), -EIO);
	CHECK_CONTAINS(err, "Identify Namespace 1 on /dev/zero failed: NVMe status 0x4002: "
		       "Invalid Field in Command (SCT 0x0 Generic Command Status, SC 0x02, DNR)");
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	cmd.err = -EACCES;			/* no CAP_SYS_ADMIN */
	ssdq_mock_expect(&cmd, 1);
	CHECK_EQ_INT(ssdq_nsdev_open(NODE, O_RDONLY, &dev, err, sizeof(err)), -EACCES);
	CHECK_CONTAINS(err, "run fio as root");
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	CHECK_EQ_INT(dev.fd, -1);
}

TEST(ng_names)
{
	char out[64];

	CHECK_EQ_INT(ssdq_ng_for_block("/dev/nvme0n1", out, sizeof(out)), 0);
	CHECK_STREQ(out, "/dev/ng0n1");
	CHECK_EQ_INT(ssdq_ng_for_block("nvme12n3", out, sizeof(out)), 0);
	CHECK_STREQ(out, "/dev/ng12n3");
	CHECK_EQ_INT(ssdq_ng_for_block("/dev/nvme0n1p2", out, sizeof(out)), -EINVAL);
	CHECK_EQ_INT(ssdq_ng_for_block("/dev/sda", out, sizeof(out)), -EINVAL);
}

/* real nodes, not the mock's: refused by what they are */
TEST(open_refuses_non_nvme)
{
	struct ssdq_nsdev dev;
	char err[512];

	CHECK_EQ_INT(ssdq_nsdev_open("/dev/null", 0, &dev, err, sizeof(err)), -ENOTTY);
	CHECK_CONTAINS(err, "not an NVMe namespace node");
	CHECK_EQ_INT(dev.fd, -1);
	CHECK_EQ_INT(ssdq_nsdev_open("/proc/self/status", 0, &dev, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, "/dev/ngXnY");
	CHECK_EQ_INT(ssdq_nsdev_open("/nonexistent/ng9n9", 0, &dev, err, sizeof(err)), -ENOENT);
	CHECK_CONTAINS(err, "/nonexistent/ng9n9");
	ssdq_nsdev_close(&dev);
}

TEST(mock_names_a_wrong_command)
{
	/* the mock itself: a field that differs is a problem, and so is a missing command */
	struct ssdq_mock_cmd cmds[] = {
		{ ID_NS(2, SSDQ_NSDEV_TIMEOUT_MS), .out_data = page },
		{ ID_CTRL(TMO) },
	};
	struct ssdq_nsdev dev;

	make_id_ns(1024, 0);
	ssdq_mock_nsid(1);
	ssdq_mock_expect(cmds, 2);
	CHECK_EQ_INT(ssdq_nsdev_open(NODE, O_RDONLY, &dev, err, sizeof(err)), -EPROTO);
	CHECK_EQ_INT(ssdq_mock_end(), 2);	/* nsid 1, expected 2; Identify Controller never sent */
}

/* --- Identify Controller --------------------------------------------------- */

static void make_id_ctrl(uint8_t *b)
{
	uint8_t *d;

	memset(b, 0, 4096);
	put16(b + 0, 0x1b36);			/* VID */
	put16(b + 2, 0x1af4);
	memcpy(b + 4, "  SN-0042           ", 20);
	memcpy(b + 24, "QEMU NVMe Ctrl                          ", 40);
	memcpy(b + 64, "8.0.0   ", 8);
	put32(b + 80, 0x00010400);		/* 1.4 */
	put16(b + 256, 0x0002);			/* OACS: Format NVM */
	b[263] = 2;				/* NPSS: three states */
	b[265] = 1;				/* APSTA */
	put16(b + 266, 343);			/* WCTEMP 70 °C */
	put16(b + 268, 358);
	put64(b + 280, 1000204886016ULL);	/* TNVMCAP */
	put16(b + 322, 1);			/* HCTMA */
	put16(b + 324, 313);
	put16(b + 326, 353);
	put32(b + 328, 0x2);			/* SANICAP: block erase */
	put32(b + 516, 1);			/* NN */
	put16(b + 520, 0x0004);			/* ONCS: DSM */
	b[524] = 0x1;				/* FNA: a format takes every namespace */
	d = b + 2048;				/* PS0: 8.5 W, ACTP 6.2 W */
	put16(d, 850);
	put32(d + 4, 0);
	put16(d + 20, 620);
	d[22] = 0x80 | 2;			/* APS 10 mW, APW 2 */
	d = b + 2048 + 32;			/* PS1: MP in 0.1 mW, IDLP 0.5 W */
	put16(d, 12345);
	d[3] = 0x01;
	put16(d + 16, 50);
	d[18] = 0x80;
	d = b + 2048 + 64;			/* PS2: non-operational, latencies */
	put16(d, 5);
	d[3] = 0x02;
	put32(d + 4, 2000);
	put32(d + 8, 8000);
	d[12] = 3;
	d[15] = 2;
}

TEST(identify_controller)
{
	struct ssdq_mock_cmd cmds[] = {
		{ ID_CTRL(TMO), .out_data = page },
		{ ID_CTRL(TMO), .err = 0x0006 },
	};
	struct ssdq_id_ctrl c;
	const char *what = "";
	int fd = open_node();

	make_id_ctrl(page);
	ssdq_mock_expect(cmds, 2);
	CHECK_EQ_INT(ssdq_nvme_read_id_ctrl(fd, TMO, &c), 0);
	CHECK_EQ_INT(ssdq_nvme_read_id_ctrl(fd, TMO, &c), 0x0006);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	close(fd);
	make_id_ctrl(page);
	CHECK_EQ_INT(c.vid, 0x1b36);
	CHECK_STREQ(c.serial, "SN-0042");
	CHECK_STREQ(c.model, "QEMU NVMe Ctrl");
	CHECK_STREQ(c.firmware, "8.0.0");
	CHECK_EQ_INT(c.ver, 0x00010400);
	CHECK_EQ_INT(c.npss, 3);
	CHECK(c.apsta && c.hctma);
	CHECK_EQ_INT(c.wctemp_k, 343);
	CHECK_EQ_INT(c.mxtmt_k, 353);
	CHECK_EQ_U64(c.tnvmcap, 1000204886016ULL);
	CHECK_EQ_INT(c.nn, 1);
	CHECK(c.format && c.sanitize_block && c.dsm && c.format_all_ns);
	CHECK(harness_near(c.ps[0].max_power_w, 8.5, 1e-9));
	CHECK(harness_near(c.ps[0].active_power_w, 6.2, 1e-9));
	CHECK(c.ps[0].idle_power_w < 0);
	CHECK_EQ_INT(c.ps[0].apw, 2);
	CHECK(harness_near(c.ps[1].max_power_w, 1.2345, 1e-9));
	CHECK(harness_near(c.ps[1].idle_power_w, 0.5, 1e-9));
	CHECK(c.ps[2].non_operational);
	CHECK_EQ_INT(c.ps[2].enlat_us, 2000);
	CHECK_EQ_INT(c.ps[2].exlat_us, 8000);
	CHECK_EQ_INT(c.ps[2].rrt, 3);
	CHECK_EQ_INT(c.ps[2].rwl, 2);
	CHECK(harness_near(ssdq_psd_estimate(&c, 0, true, &what), 6.2, 1e-9));
	CHECK_STREQ(what, "ACTP");
	CHECK(harness_near(ssdq_psd_estimate(&c, 1, true, &what), 0.5, 1e-9));
	CHECK_STREQ(what, "IDLP");
	CHECK(harness_near(ssdq_psd_estimate(&c, 2, false, &what), 0.05, 1e-9));
	CHECK_STREQ(what, "MP");
	CHECK(ssdq_psd_estimate(&c, 3, false, &what) < 0);
}

/* --- features ----------------------------------------------------------------- */

TEST(power_state_and_apst)
{
	struct ssdq_mock_cmd cmds[] = {
		{ .what = "Get Features Power Management", FEAT(0x02, 0, TMO), .result = 0x23 },
		{ .what = "Get Features APST", FEAT(0x0c, 256, TMO), .out_data = page,
		  .result = 1 },
		{ .what = "Get Features Power Management", FEAT(0x02, 0, TMO), .err = -EINTR },
	};
	struct ssdq_apst a;
	unsigned int ps = 99;
	int fd = open_node();

	memset(page, 0, sizeof(page));
	put64(page + 8 * 0, (uint64_t)100 << 8 | 3 << 3);	/* PS0 -> PS3 after 100 ms */
	put64(page + 8 * 1, (uint64_t)100 << 8 | 3 << 3);
	put64(page + 8 * 3, (uint64_t)2000 << 8 | 4 << 3);	/* PS3 -> PS4 after 2 s */
	ssdq_mock_expect(cmds, 3);
	CHECK_EQ_INT(ssdq_nvme_get_power_state(fd, TMO, &ps), 0);
	CHECK_EQ_INT(ps, 3);					/* DW0 bits 4:0 */
	CHECK_EQ_INT(ssdq_nvme_read_apst(fd, TMO, &a), 0);
	CHECK_EQ_INT(ssdq_nvme_get_power_state(fd, TMO, &ps), -EINTR);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	close(fd);
	CHECK(a.enabled);
	CHECK_EQ_INT(a.n, 3);
	CHECK_EQ_INT(a.from_ps[2], 3);
	CHECK_EQ_INT(a.to_ps[2], 4);
	CHECK_EQ_INT(a.idle_ms[2], 2000);
	CHECK_EQ_INT(a.to_ps[0], 3);
}

/*
 * Setting them: Set Features 02h with the state in CDW11 bits 4:0 (SV
 * clear), 0Ch with APSTE in CDW11 bit 0 and the 256-byte table the
 * decoded transitions encode to (ssdq_apst_encode(): ITPS bits 7:3, ITPT
 * bits 31:8 of each state's entry); a state past the table is answered
 * Invalid Field in Command (0x2), passed on.
 */
TEST(set_power_state_and_apst)
{
	static uint8_t table[256];
	struct ssdq_mock_cmd cmds[] = {
		{ .what = "Set Features Power Management PS2", .opcode = 0x09, .cdw10 = 0x02,
		  .cdw11 = 2, .timeout_ms = TMO },
		{ .what = "Set Features Power Management PS9", .opcode = 0x09, .cdw10 = 0x02,
		  .cdw11 = 9, .timeout_ms = TMO, .err = 0x0002 },
		{ .what = "Set Features APST on", .opcode = 0x09, .cdw10 = 0x0c, .cdw11 = 1,
		  .data_len = 256, .in_data = table, .timeout_ms = TMO },
		{ .what = "Set Features APST off", .opcode = 0x09, .cdw10 = 0x0c, .cdw11 = 0,
		  .data_len = 256, .in_data = table, .timeout_ms = TMO },
	};
	struct ssdq_apst a = { .n = 2, .from_ps = { 0, 3 }, .to_ps = { 3, 4 },
			       .idle_ms = { 100, 2000 } }, back;
	struct nvme_feat_auto_pst t;
	int fd = open_node();

	memset(table, 0, sizeof(table));
	put64(table + 8 * 0, (uint64_t)100 << 8 | 3 << 3);
	put64(table + 8 * 3, (uint64_t)2000 << 8 | 4 << 3);
	ssdq_apst_encode(&a, &t);
	CHECK_MEMEQ(&t, table, sizeof(table));
	ssdq_apst_decode(1, &t, &back);
	CHECK(back.enabled && back.n == 2 && back.to_ps[1] == 4 && back.idle_ms[1] == 2000);
	ssdq_mock_expect(cmds, 4);
	CHECK_EQ_INT(ssdq_nvme_set_power_state(fd, TMO, 2), 0);
	CHECK_EQ_INT(ssdq_nvme_set_power_state(fd, TMO, 9), 0x0002);
	CHECK_EQ_INT(ssdq_nvme_set_apst(fd, TMO, true, &t), 0);
	CHECK_EQ_INT(ssdq_nvme_set_apst(fd, TMO, false, &t), 0);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	close(fd);
}

/*
 * The volatile write cache: VWC bit 0 of Identify Controller says one is
 * there; Set Features 06h (CDW11 bit 0 WCE, SV clear) turns it off and
 * on, Get Features 06h reads WCE from DW0; a controller without one
 * answers Invalid Field in Command (status 0x2), which is passed on.
 */
TEST(write_cache_feature)
{
	struct ssdq_mock_cmd cmds[] = {
		{ ID_CTRL(TMO), .out_data = page },
		{ .what = "Set Features VWC off", .opcode = 0x09, .cdw10 = 0x06, .cdw11 = 0,
		  .timeout_ms = TMO },
		{ .what = "Get Features VWC", FEAT(0x06, 0, TMO), .result = 0 },
		{ .what = "Set Features VWC on", .opcode = 0x09, .cdw10 = 0x06, .cdw11 = 1,
		  .timeout_ms = TMO },
		{ .what = "Get Features VWC", FEAT(0x06, 0, TMO), .result = 1 },
		{ .what = "Set Features VWC, none", .opcode = 0x09, .cdw10 = 0x06, .cdw11 = 0,
		  .timeout_ms = TMO, .err = 0x0002 },
	};
	struct ssdq_id_ctrl c;
	bool on = true;
	int fd = open_node();

	make_id_ctrl(page);
	page[525] = 0x07;			/* present; flush behaviour bits set too */
	ssdq_mock_expect(cmds, 6);
	CHECK_EQ_INT(ssdq_nvme_read_id_ctrl(fd, TMO, &c), 0);
	CHECK(c.vwc);
	CHECK_EQ_INT(ssdq_nvme_set_write_cache(fd, TMO, false), 0);
	CHECK_EQ_INT(ssdq_nvme_get_write_cache(fd, TMO, &on), 0);
	CHECK(!on);
	CHECK_EQ_INT(ssdq_nvme_set_write_cache(fd, TMO, true), 0);
	CHECK_EQ_INT(ssdq_nvme_get_write_cache(fd, TMO, &on), 0);
	CHECK(on);
	CHECK_EQ_INT(ssdq_nvme_set_write_cache(fd, TMO, false), 0x0002);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	close(fd);
	make_id_ctrl(page);
	page[525] = 0x06;			/* flush bits without the cache */
	ssdq_id_ctrl_decode((const struct nvme_id_ctrl *)page, &c);
	CHECK(!c.vwc);
}

/* --- SMART and OCP ------------------------------------------------------------ */

static void make_smart(uint8_t *b)
{
	memset(b, 0, 512);
	b[0] = 0x02;
	put16(b + 1, 318);
	b[3] = 100;
	b[4] = 10;
	b[5] = 3;
	b[6] = 0x01;				/* endurance group critical warning */
	put64(b + 32, 123456789);
	put64(b + 48, 0x1122334455ULL);
	put64(b + 64, 1000);
	put64(b + 80, 2000);
	put64(b + 96, 77);
	put64(b + 112, 5);
	put64(b + 128, 1234);
	put64(b + 144, 2);
	put64(b + 176, 9);
	put32(b + 192, 11);
	put32(b + 196, 1);
	put16(b + 200, 320);
	put16(b + 204, 333);
	put32(b + 216, 4);
	put32(b + 220, 1);
	put32(b + 224, 300);
	put32(b + 228, 20);
}

TEST(smart_log)
{
	struct ssdq_mock_cmd cmds[] = {
		{ .what = "SMART", LOG(0x02, 512, 0, TMO), .out_data = page },
		{ .what = "SMART", LOG(0x02, 512, 0, TMO), .err = 0x4002 },
	};
	struct ssdq_smart s;
	int fd = open_node();

	make_smart(page);
	put64(page + 40, 1);			/* data units read past 2^64: saturates */
	ssdq_mock_expect(cmds, 2);
	CHECK_EQ_INT(ssdq_nvme_read_smart(fd, TMO, &s), 0);
	CHECK_EQ_INT(ssdq_nvme_read_smart(fd, TMO, &s), 0x4002);
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	close(fd);
	CHECK_EQ_INT(s.critical_warning, 2);
	CHECK_EQ_INT(s.composite_temp_k, 318);
	CHECK_EQ_INT(s.avail_spare, 100);
	CHECK_EQ_INT(s.endurance_grp_critical, 1);
	CHECK_EQ_U64(s.data_units_read, UINT64_MAX);
	CHECK_EQ_U64(s.data_units_written, 0x1122334455ULL);
	CHECK_EQ_U64(s.host_writes, 2000);
	CHECK_EQ_U64(s.ctrl_busy_time_min, 77);
	CHECK_EQ_U64(s.num_err_log_entries, 9);
	CHECK_EQ_INT(s.warning_temp_time_min, 11);
	CHECK_EQ_INT(s.temp_sensor_k[0], 320);
	CHECK_EQ_INT(s.temp_sensor_k[1], 0);
	CHECK_EQ_INT(s.temp_sensor_k[2], 333);
	CHECK_EQ_INT(s.thm_temp1_trans_count, 4);
	CHECK_EQ_INT(s.thm_temp2_total_time_s, 20);
	CHECK(!s.have_ocp);
}

static const uint8_t ocp_guid_le[16] = {	/* AFD514C97C6F4F9CA4F2BFEA2810AFC5h */
	0xc5, 0xaf, 0x10, 0x28, 0xea, 0xbf, 0xf2, 0xa4,
	0x9c, 0x4f, 0x6f, 0x7c, 0xc9, 0x14, 0xd5, 0xaf,
};
static const uint8_t ocp_uuid[16] = {		/* c194d55b-e094-4794-a21d-29998f56be6f */
	0xc1, 0x94, 0xd5, 0x5b, 0xe0, 0x94, 0x47, 0x94,
	0xa2, 0x1d, 0x29, 0x99, 0x8f, 0x56, 0xbe, 0x6f,
};

static void make_ocp(uint8_t *b)
{
	memset(b, 0, 512);
	put64(b + 0, 5000000000ULL);		/* physical media units written */
	put64(b + 16, 7000);
	b[96] = 6;				/* thermal throttling events */
	b[97] = 1;
	put16(b + 494, 3);
	memcpy(b + 496, ocp_guid_le, 16);
}

TEST(ocp_probe_with_a_uuid_index)
{
	struct ssdq_mock_cmd cmds[] = {
		{ ID_UUID(TMO), .out_data = page2 },
		{ .what = "OCP C0h", LOG(0xc0, 512, 2, TMO), .out_data = page },
		{ .what = "OCP C0h", LOG(0xc0, 512, 2, TMO), .out_data = page },
	};
	struct ssdq_ocp_smart o;
	uint8_t uuidx = 0;
	char why[160] = "";
	int fd = open_node();

	memset(page2, 0, sizeof(page2));
	page2[32 + 16] = 0x11;			/* entry 1: another vendor's UUID */
	memcpy(page2 + 64 + 16, ocp_uuid, 16);	/* entry 2: OCP */
	make_ocp(page);
	ssdq_mock_expect(cmds, 3);
	CHECK_EQ_INT(ssdq_nvme_probe_ocp(fd, TMO, &uuidx, &o, why, sizeof(why)), 0);
	CHECK_EQ_INT(uuidx, 2);
	CHECK_EQ_U64(o.phys_media_units_written, 5000000000ULL);
	CHECK_EQ_U64(o.phys_media_units_read, 7000);
	CHECK_EQ_INT(o.thermal_throttling_count, 6);
	CHECK_EQ_INT(o.thermal_throttling_status, 1);
	CHECK_EQ_INT(o.log_page_version, 3);
	page[511] ^= 0xff;			/* the GUID changed between samples */
	CHECK_EQ_INT(ssdq_nvme_read_ocp(fd, TMO, uuidx, &o, why, sizeof(why)), -ENOMSG);
	CHECK_CONTAINS(why, "has GUID 50d514c97c6f4f9ca4f2bfea2810afc5h");
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	close(fd);
}

TEST(ocp_absent)
{
	/* no UUID list (QEMU 7.2): C0h with index 0, which the drive refuses */
	struct ssdq_mock_cmd cmds[] = {
		{ ID_UUID(TMO), .err = 0x4002 },
		{ .what = "OCP C0h", LOG(0xc0, 512, 0, TMO), .err = 0x4109 },
		{ ID_UUID(TMO), .err = -EPERM },
		{ .what = "OCP C0h", LOG(0xc0, 512, 0, TMO), .err = -EPERM },
	};
	struct ssdq_ocp_smart o;
	uint8_t uuidx = 9;
	char why[200] = "";
	int fd = open_node();

	ssdq_mock_expect(cmds, 4);
	CHECK_EQ_INT(ssdq_nvme_probe_ocp(fd, TMO, &uuidx, &o, why, sizeof(why)), -EIO);
	CHECK_EQ_INT(uuidx, 0);
	CHECK_CONTAINS(why, "Get Log Page C0h (UUID index 0): NVMe status 0x4109: Invalid Log Page");
	CHECK_EQ_INT(ssdq_nvme_probe_ocp(fd, TMO, &uuidx, &o, why, sizeof(why)), -EPERM);
	CHECK_CONTAINS(why, "Get Log Page C0h: Operation not permitted");
	CHECK_EQ_INT(ssdq_mock_end(), 0);
	close(fd);
}

/* --- the statuses a failure is named by --------------------------------------- */

TEST(status_of_a_failed_command)
{
	static const struct {
		int ret;
		const char *want;
		int rc;
	} cases[] = {
		{ 0x4002, "NVMe status 0x4002: Invalid Field in Command (SCT 0x0 Generic "
			  "Command Status, SC 0x02, DNR)", -EIO },
		{ 0x0281, "NVMe status 0x0281: Unrecovered Read Error (SCT 0x2 Media and Data "
			  "Integrity Errors, SC 0x81)", -EIO },
		{ 0x410a, "Invalid Format (SCT 0x1 Command Specific Status", -EIO },
		{ 0x2371, "Command Aborted By Host (SCT 0x3 Path Related Status, SC 0x71, "
			  "More)", -EIO },
		{ 0x07c3, "Vendor Specific Status (SCT 0x7 Vendor Specific, SC 0xc3)", -EIO },
		{ 0x00ff, "NVMe status 0x00ff: Unknown Status (SCT 0x0", -EIO },
		{ -EACCES, "Format NVM: Permission denied (admin commands need root)", -EACCES },
		{ -EINTR, "Format NVM: Interrupted system call (stopped, or timed out)", -EINTR },
	};
	struct ssdq_mock_cmd cmd = { .what = "Format NVM", .opcode = 0x80, .nsid = 1,
				     .cdw10 = 1u << 9, .timeout_ms = 600000 };
	int fd = open_node();

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cmd.err = cases[i].ret;
		ssdq_mock_expect(&cmd, 1);
		CHECK_EQ_INT(ssdq_nvme_result(ssdq_nvme_format(fd, 600000, 1, 0,
							       SSDQ_NVME_SES_USER_DATA_ERASE),
					      "Format NVM", err, sizeof(err)), cases[i].rc);
		CHECK_CONTAINS(err, cases[i].want);
		CHECK_EQ_INT(ssdq_mock_end(), 0);
	}
	CHECK_EQ_INT(ssdq_nvme_result(0, "x", err, sizeof(err)), 0);
	close(fd);
}

int main(void)
{
	RUN(mock_is_loaded);
	RUN(probe_512);
	RUN(probe_4k_and_high_format_index);
	RUN(probe_refusals);
	RUN(ng_names);
	RUN(open_refuses_non_nvme);
	RUN(mock_names_a_wrong_command);
	RUN(identify_controller);
	RUN(power_state_and_apst);
	RUN(set_power_state_and_apst);
	RUN(write_cache_feature);
	RUN(smart_log);
	RUN(ocp_probe_with_a_uuid_index);
	RUN(ocp_absent);
	RUN(status_of_a_failed_command);
	return harness_main();
}
