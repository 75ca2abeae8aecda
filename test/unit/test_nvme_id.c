// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <string.h>

#include "harness.h"
#include "nsdev.h"
#include "nvme_id.h"

static uint8_t page[SSDQ_NVME_ID_SIZE];

static void put_le64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* A namespace like QEMU's: two formats, 512 B and 4 KiB, @flba in use. */
static void make_page(uint64_t nsze, unsigned int flba)
{
	memset(page, 0, sizeof(page));
	put_le64(page + 0, nsze);
	put_le64(page + 8, nsze);
	put_le64(page + 16, nsze / 2);
	page[25] = 1;			/* NLBAF: two formats */
	page[26] = (uint8_t)flba;
	page[33] = 0x1;			/* DLFEAT: reads of deallocated LBAs return 0 */
	page[128 + 2] = 9;		/* LBAF0: 512 B */
	page[132 + 2] = 12;		/* LBAF1: 4 KiB */
}

TEST(format_512)
{
	struct ssdq_id_ns id;

	make_page(2097152, 0);
	CHECK_EQ_INT(ssdq_parse_id_ns(page, sizeof(page), &id), 0);
	CHECK_EQ_U64(id.nsze, 2097152);
	CHECK_EQ_U64(id.nuse, 1048576);
	CHECK_EQ_INT(id.nlbaf, 2);
	CHECK_EQ_INT(id.flba, 0);
	CHECK_EQ_INT(id.lba_shift, 9);
	CHECK_EQ_INT(id.ms, 0);
	CHECK_EQ_INT(id.dlfeat, 1);
}

TEST(format_4k_and_high_index_bits)
{
	struct ssdq_id_ns id;

	make_page(262144, 1);
	CHECK_EQ_INT(ssdq_parse_id_ns(page, sizeof(page), &id), 0);
	CHECK_EQ_INT(id.lba_shift, 12);
	CHECK_EQ_U64(id.nsze << id.lba_shift, 1ULL << 30);

	/* FLBAS bits 6:5 are the high bits of the index: 0x20 | 1 = format 17 */
	page[25] = 17;
	page[26] = 0x21;
	page[128 + 4 * 17 + 2] = 12;
	page[128 + 4 * 17 + 0] = 8;	/* 8 metadata bytes */
	page[26] |= 0x10;		/* extended LBA */
	CHECK_EQ_INT(ssdq_parse_id_ns(page, sizeof(page), &id), 0);
	CHECK_EQ_INT(id.flba, 17);
	CHECK_EQ_INT(id.ms, 8);
	CHECK_EQ_INT(id.extended_lba, 1);
}

TEST(bad_pages)
{
	struct ssdq_id_ns id;

	make_page(0, 0);
	CHECK_EQ_INT(ssdq_parse_id_ns(page, sizeof(page), &id), -ENODEV);
	make_page(1024, 2);		/* index past NLBAF */
	CHECK_EQ_INT(ssdq_parse_id_ns(page, sizeof(page), &id), -EPROTO);
	make_page(1024, 0);
	page[128 + 2] = 0;		/* LBADS 0 is not a size */
	CHECK_EQ_INT(ssdq_parse_id_ns(page, sizeof(page), &id), -EPROTO);
	make_page(1024, 0);
	CHECK_EQ_INT(ssdq_parse_id_ns(page, 512, &id), -EINVAL);
	CHECK_EQ_INT(ssdq_parse_id_ns(NULL, 4096, &id), -EINVAL);
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

int main(void)
{
	RUN(format_512);
	RUN(format_4k_and_high_index_bits);
	RUN(bad_pages);
	RUN(ng_names);
	RUN(open_refuses_non_nvme);
	return harness_main();
}
