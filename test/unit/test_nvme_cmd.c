// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of engine/nvme_cmd.c: the fields of Read, Write, Flush and
 * Dataset Management commands, and the checks on spans.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "harness.h"
#include "nvme_cmd.h"

static const struct ssdq_ns ns512 = { .nsid = 1, .lba_shift = 9, .nlba = 1 << 20 };
static const struct ssdq_ns ns4k = { .nsid = 7, .lba_shift = 12, .nlba = 1 << 18 };

static unsigned char data[4096];

/* A command full of junk, to see that the builder clears what it does not set. */
static void dirty(struct nvme_uring_cmd *cmd)
{
	memset(cmd, 0xa5, sizeof(*cmd));
}

/* The fields no ssdq command sets must be zero. */
static void check_unused_zero(const struct nvme_uring_cmd *cmd)
{
	CHECK_EQ_INT(cmd->flags, 0);
	CHECK_EQ_INT(cmd->rsvd1, 0);
	CHECK_EQ_U64(cmd->cdw2, 0);
	CHECK_EQ_U64(cmd->cdw3, 0);
	CHECK_EQ_U64(cmd->metadata, 0);
	CHECK_EQ_U64(cmd->metadata_len, 0);
	CHECK_EQ_U64(cmd->cdw13, 0);
	CHECK_EQ_U64(cmd->cdw14, 0);
	CHECK_EQ_U64(cmd->cdw15, 0);
	CHECK_EQ_U64(cmd->timeout_ms, 0);
	CHECK_EQ_U64(cmd->rsvd2, 0);
}

TEST(check_span)
{
	CHECK_EQ_INT(ssdq_nvme_check_span(&ns512, 0, 512), 0);
	CHECK_EQ_INT(ssdq_nvme_check_span(&ns512, 512, 1024), 0);
	CHECK_EQ_INT(ssdq_nvme_check_span(&ns512, 1, 512), -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_check_span(&ns512, 0, 511), -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_check_span(&ns512, 0, 513), -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_check_span(&ns512, 0, 0), -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_check_span(&ns4k, 4096, 8192), 0);
	CHECK_EQ_INT(ssdq_nvme_check_span(&ns4k, 512, 4096), -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_check_span(&ns4k, 0, 2048), -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_check_span(&ns4k, UINT64_MAX & ~4095ull, 4096), 0);
}

TEST(bad_lba_shift)
{
	struct ssdq_ns zero = { .nsid = 1 };
	struct ssdq_ns huge = { .nsid = 1, .lba_shift = 64 };
	struct nvme_uring_cmd cmd;

	/* a zeroed ns would make every span "aligned" */
	CHECK_EQ_INT(ssdq_nvme_check_span(&zero, 0, 512), -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_check_span(&huge, 0, 512), -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &zero, SSDQ_NVME_CMD_READ, 0, 512,
					data), -EINVAL);
}

TEST(read_512)
{
	struct nvme_uring_cmd cmd;

	dirty(&cmd);
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns512, SSDQ_NVME_CMD_READ,
					4096, 4096, data), 0);
	CHECK_EQ_INT(cmd.opcode, 0x02);
	CHECK_EQ_U64(cmd.nsid, 1);
	CHECK_EQ_U64(cmd.addr, (uintptr_t)data);
	CHECK_EQ_U64(cmd.data_len, 4096);
	CHECK_EQ_U64(cmd.cdw10, 8);		/* SLBA 4096 / 512 */
	CHECK_EQ_U64(cmd.cdw11, 0);
	CHECK_EQ_U64(cmd.cdw12, 7);		/* 8 LBAs, 0's based */
	check_unused_zero(&cmd);
}

TEST(write_4k)
{
	struct nvme_uring_cmd cmd;

	dirty(&cmd);
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns4k, SSDQ_NVME_CMD_WRITE,
					8192, 4096, data), 0);
	CHECK_EQ_INT(cmd.opcode, 0x01);
	CHECK_EQ_U64(cmd.nsid, 7);
	CHECK_EQ_U64(cmd.addr, (uintptr_t)data);
	CHECK_EQ_U64(cmd.data_len, 4096);
	CHECK_EQ_U64(cmd.cdw10, 2);
	CHECK_EQ_U64(cmd.cdw11, 0);
	CHECK_EQ_U64(cmd.cdw12, 0);		/* one LBA */
	check_unused_zero(&cmd);

	/* the same bytes on 512 B LBAs are 8 of them */
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns512, SSDQ_NVME_CMD_WRITE,
					8192, 4096, data), 0);
	CHECK_EQ_U64(cmd.cdw10, 16);
	CHECK_EQ_U64(cmd.cdw12, 7);
}

TEST(single_lba_512)
{
	struct nvme_uring_cmd cmd;

	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns512, SSDQ_NVME_CMD_READ,
					0, 512, data), 0);
	CHECK_EQ_U64(cmd.cdw10, 0);
	CHECK_EQ_U64(cmd.cdw11, 0);
	CHECK_EQ_U64(cmd.cdw12, 0);
	CHECK_EQ_U64(cmd.data_len, 512);
}

TEST(max_nlb)
{
	struct nvme_uring_cmd cmd;
	uint64_t max512 = (uint64_t)SSDQ_NVME_MAX_NLB << 9;
	uint64_t max4k = (uint64_t)SSDQ_NVME_MAX_NLB << 12;

	CHECK_EQ_U64(SSDQ_NVME_MAX_NLB, 65536);

	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns512, SSDQ_NVME_CMD_READ,
					0, max512, data), 0);
	CHECK_EQ_U64(cmd.cdw12, 0xffff);
	CHECK_EQ_U64(cmd.data_len, max512);
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns512, SSDQ_NVME_CMD_READ,
					0, max512 + 512, data), -E2BIG);

	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns4k, SSDQ_NVME_CMD_WRITE,
					4096, max4k, data), 0);
	CHECK_EQ_U64(cmd.cdw12, 0xffff);
	CHECK_EQ_U64(cmd.data_len, 256u << 20);
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns4k, SSDQ_NVME_CMD_WRITE,
					4096, max4k + 4096, data), -E2BIG);
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns4k, SSDQ_NVME_CMD_WRITE,
					0, UINT64_MAX & ~4095ull, data), -E2BIG);
}

/* 64 KiB LBAs: 65536 of them would not fit the 32-bit data_len. */
TEST(data_len_limit)
{
	const struct ssdq_ns ns64k = { .nsid = 1, .lba_shift = 16 };
	struct nvme_uring_cmd cmd;

	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns64k, SSDQ_NVME_CMD_READ, 0,
					65535ull << 16, data), 0);
	CHECK_EQ_U64(cmd.data_len, 65535ull << 16);
	CHECK_EQ_U64(cmd.cdw12, 65534);
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns64k, SSDQ_NVME_CMD_READ, 0,
					65536ull << 16, data), -E2BIG);
}

TEST(misaligned_rw)
{
	struct nvme_uring_cmd cmd;

	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns512, SSDQ_NVME_CMD_READ,
					100, 512, data), -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns512, SSDQ_NVME_CMD_READ,
					0, 1000, data), -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns512, SSDQ_NVME_CMD_READ,
					0, 0, data), -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns4k, SSDQ_NVME_CMD_WRITE,
					512, 4096, data), -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns4k, SSDQ_NVME_CMD_WRITE,
					4096, 512, data), -EINVAL);
	/* misalignment wins over length: the span is wrong either way */
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns512, SSDQ_NVME_CMD_READ,
					1, 1ull << 40, data), -EINVAL);
}

TEST(bad_opcode)
{
	struct nvme_uring_cmd cmd;

	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns512, SSDQ_NVME_CMD_FLUSH,
					0, 512, data), -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns512, SSDQ_NVME_CMD_DSM,
					0, 512, data), -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns512, 0x102, 0, 512, data),
		     -EINVAL);
}

TEST(slba_high_dword)
{
	struct nvme_uring_cmd cmd;
	uint64_t slba = 0x123456789ull;

	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns512, SSDQ_NVME_CMD_READ,
					slba << 9, 512, data), 0);
	CHECK_EQ_U64(cmd.cdw10, 0x23456789);
	CHECK_EQ_U64(cmd.cdw11, 0x1);

	slba = 0xabcdef0123ull;
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns4k, SSDQ_NVME_CMD_WRITE,
					slba << 12, 8192, data), 0);
	CHECK_EQ_U64(cmd.cdw10, 0xcdef0123);
	CHECK_EQ_U64(cmd.cdw11, 0xab);
	CHECK_EQ_U64(cmd.cdw12, 1);

	/* largest SLBA a 512 B namespace can name through a byte offset */
	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns512, SSDQ_NVME_CMD_READ,
					UINT64_MAX & ~511ull, 512, data), 0);
	CHECK_EQ_U64(cmd.cdw10, 0xffffffff);
	CHECK_EQ_U64(cmd.cdw11, 0x007fffff);
}

TEST(past_namespace_end_is_not_checked)
{
	struct nvme_uring_cmd cmd;

	CHECK_EQ_INT(ssdq_nvme_build_rw(&cmd, &ns512, SSDQ_NVME_CMD_READ,
					ns512.nlba << 9, 512, data), 0);
	CHECK_EQ_U64(cmd.cdw10, ns512.nlba);
}

TEST(flush)
{
	struct nvme_uring_cmd cmd;

	dirty(&cmd);
	ssdq_nvme_build_flush(&cmd, &ns4k);
	CHECK_EQ_INT(cmd.opcode, 0x00);
	CHECK_EQ_U64(cmd.nsid, 7);
	CHECK_EQ_U64(cmd.addr, 0);
	CHECK_EQ_U64(cmd.data_len, 0);
	CHECK_EQ_U64(cmd.cdw10, 0);
	CHECK_EQ_U64(cmd.cdw11, 0);
	CHECK_EQ_U64(cmd.cdw12, 0);
	check_unused_zero(&cmd);
}

TEST(deallocate)
{
	struct nvme_uring_cmd cmd;
	struct ssdq_dsm_range range;
	/* SLBA 2048, 128 LBAs, little endian */
	static const unsigned char want[16] = {
		0x00, 0x00, 0x00, 0x00,
		0x80, 0x00, 0x00, 0x00,
		0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	};

	CHECK_EQ_INT(sizeof(struct ssdq_dsm_range), 16);
	dirty(&cmd);
	memset(&range, 0xa5, sizeof(range));
	CHECK_EQ_INT(ssdq_nvme_build_deallocate(&cmd, &range, &ns512,
						1 << 20, 64 << 10), 0);
	CHECK_EQ_INT(cmd.opcode, 0x09);
	CHECK_EQ_U64(cmd.nsid, 1);
	CHECK_EQ_U64(cmd.addr, (uintptr_t)&range);
	CHECK_EQ_U64(cmd.data_len, 16);
	CHECK_EQ_U64(cmd.cdw10, 0);		/* one range, 0's based */
	CHECK_EQ_U64(cmd.cdw11, 1u << 2);	/* AD */
	CHECK_EQ_U64(cmd.cdw12, 0);
	check_unused_zero(&cmd);
	CHECK_MEMEQ(&range, want, sizeof(want));
}

/* Distinct bytes in every position show the byte order. */
TEST(deallocate_byte_order)
{
	struct nvme_uring_cmd cmd;
	struct ssdq_dsm_range range;
	static const unsigned char want[16] = {
		0x00, 0x00, 0x00, 0x00,
		0x0d, 0x0c, 0x0b, 0x0a,
		0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0x00,
	};

	CHECK_EQ_INT(ssdq_nvme_build_deallocate(&cmd, &range, &ns512,
						0x0001020304050607ull << 9,
						0x0a0b0c0dull << 9), 0);
	CHECK_MEMEQ(&range, want, sizeof(want));

	/* 4 KiB LBAs: SLBA 0x1122334455, 0x10000 LBAs */
	{
		static const unsigned char want4k[16] = {
			0x00, 0x00, 0x00, 0x00,
			0x00, 0x00, 0x01, 0x00,
			0x55, 0x44, 0x33, 0x22, 0x11, 0x00, 0x00, 0x00,
		};

		CHECK_EQ_INT(ssdq_nvme_build_deallocate(&cmd, &range, &ns4k,
							0x1122334455ull << 12,
							0x10000ull << 12), 0);
		CHECK_MEMEQ(&range, want4k, sizeof(want4k));
		CHECK_EQ_U64(cmd.nsid, 7);
	}
}

TEST(deallocate_limits)
{
	struct nvme_uring_cmd cmd;
	struct ssdq_dsm_range range;
	static const unsigned char max_nlb[4] = { 0xff, 0xff, 0xff, 0xff };

	CHECK_EQ_INT(ssdq_nvme_build_deallocate(&cmd, &range, &ns512, 0,
						0xffffffffull << 9), 0);
	CHECK_MEMEQ((unsigned char *)&range + 4, max_nlb, 4);
	CHECK_EQ_INT(ssdq_nvme_build_deallocate(&cmd, &range, &ns512, 0,
						0x100000000ull << 9), -E2BIG);
	CHECK_EQ_INT(ssdq_nvme_build_deallocate(&cmd, &range, &ns512, 7, 512),
		     -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_build_deallocate(&cmd, &range, &ns512, 0, 100),
		     -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_build_deallocate(&cmd, &range, &ns4k, 0, 0),
		     -EINVAL);
	CHECK_EQ_INT(ssdq_nvme_build_deallocate(&cmd, &range, &ns4k, 512, 4096),
		     -EINVAL);
}

int main(void)
{
	RUN(check_span);
	RUN(bad_lba_shift);
	RUN(read_512);
	RUN(write_4k);
	RUN(single_lba_512);
	RUN(max_nlb);
	RUN(data_len_limit);
	RUN(misaligned_rw);
	RUN(bad_opcode);
	RUN(slba_high_dword);
	RUN(past_namespace_end_is_not_checked);
	RUN(flush);
	RUN(deallocate);
	RUN(deallocate_byte_order);
	RUN(deallocate_limits);
	return harness_main();
}
