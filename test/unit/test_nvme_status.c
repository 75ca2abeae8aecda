// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of engine/nvme_status.c: names, SCT names, field decoding,
 * errno mapping and the formatted message.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "harness.h"
#include "nvme_status.h"

#define DNR	0x4000
#define MORE	0x2000
#define CRD(n)	((n) << 11)

TEST(field_decoding)
{
	CHECK_EQ_INT(SSDQ_NVME_SC(0x4281), 0x81);
	CHECK_EQ_INT(SSDQ_NVME_SCT(0x4281), 2);
	CHECK_EQ_INT(SSDQ_NVME_DNR(0x4281), 1);
	CHECK_EQ_INT(SSDQ_NVME_DNR(0x0281), 0);
	/* CRD and More sit between SCT and DNR and are not part of either */
	CHECK_EQ_INT(SSDQ_NVME_SCT(CRD(3) | MORE | 0x0180), 1);
	CHECK_EQ_INT(SSDQ_NVME_DNR(CRD(3) | MORE | 0x0180), 0);
	CHECK_EQ_INT(SSDQ_NVME_SC(0x7fff), 0xff);
	CHECK_EQ_INT(SSDQ_NVME_SCT(0x7fff), 7);
	CHECK_EQ_INT(SSDQ_NVME_DNR(0x7fff), 1);
}

TEST(generic_names)
{
	CHECK_STREQ(ssdq_nvme_status_name(0x0000), "Successful Completion");
	CHECK_STREQ(ssdq_nvme_status_name(0x0001), "Invalid Command Opcode");
	CHECK_STREQ(ssdq_nvme_status_name(0x0002), "Invalid Field in Command");
	CHECK_STREQ(ssdq_nvme_status_name(0x0006), "Internal Error");
	CHECK_STREQ(ssdq_nvme_status_name(0x000b), "Invalid Namespace or Format");
	CHECK_STREQ(ssdq_nvme_status_name(0x0020), "Namespace is Write Protected");
	CHECK_STREQ(ssdq_nvme_status_name(0x0024), "Admin Command Media Not Ready");
	CHECK_STREQ(ssdq_nvme_status_name(0x0080), "LBA Out of Range");
	CHECK_STREQ(ssdq_nvme_status_name(0x0081), "Capacity Exceeded");
	CHECK_STREQ(ssdq_nvme_status_name(0x0082), "Namespace Not Ready");
	CHECK_STREQ(ssdq_nvme_status_name(0x0083), "Reservation Conflict");
	CHECK_STREQ(ssdq_nvme_status_name(0x0084), "Format In Progress");
}

TEST(cmd_specific_names)
{
	CHECK_STREQ(ssdq_nvme_status_name(0x0100), "Completion Queue Invalid");
	CHECK_STREQ(ssdq_nvme_status_name(0x0101), "Invalid Queue Identifier");
	CHECK_STREQ(ssdq_nvme_status_name(0x010a), "Invalid Format");
	CHECK_STREQ(ssdq_nvme_status_name(0x0114), "Overlapping Range");
	CHECK_STREQ(ssdq_nvme_status_name(0x0180), "Conflicting Attributes");
	CHECK_STREQ(ssdq_nvme_status_name(0x0181), "Invalid Protection Information");
	CHECK_STREQ(ssdq_nvme_status_name(0x0182), "Attempted Write to Read Only Range");
	CHECK_STREQ(ssdq_nvme_status_name(0x01b9), "Zone Is Full");
}

TEST(media_names)
{
	CHECK_STREQ(ssdq_nvme_status_name(0x0280), "Write Fault");
	CHECK_STREQ(ssdq_nvme_status_name(0x0281), "Unrecovered Read Error");
	CHECK_STREQ(ssdq_nvme_status_name(0x0282), "End-to-end Guard Check Error");
	CHECK_CONTAINS(ssdq_nvme_status_name(0x0283), "Application Tag Check Error");
	CHECK_CONTAINS(ssdq_nvme_status_name(0x0284), "Reference Tag Check Error");
	CHECK_STREQ(ssdq_nvme_status_name(0x0285), "Compare Failure");
	CHECK_STREQ(ssdq_nvme_status_name(0x0286), "Access Denied");
	CHECK_STREQ(ssdq_nvme_status_name(0x0287), "Deallocated or Unwritten Logical Block");
}

TEST(path_names)
{
	CHECK_STREQ(ssdq_nvme_status_name(0x0300), "Internal Path Error");
	CHECK_STREQ(ssdq_nvme_status_name(0x0301), "Asymmetric Access Persistent Loss");
	CHECK_STREQ(ssdq_nvme_status_name(0x0303), "Asymmetric Access Transition");
	CHECK_STREQ(ssdq_nvme_status_name(0x0360), "Controller Pathing Error");
	CHECK_STREQ(ssdq_nvme_status_name(0x0370), "Host Pathing Error");
	CHECK_STREQ(ssdq_nvme_status_name(0x0371), "Command Aborted By Host");
}

TEST(vendor_and_unknown_names)
{
	CHECK_STREQ(ssdq_nvme_status_name(0x0700), "Vendor Specific");
	CHECK_STREQ(ssdq_nvme_status_name(0x07c3), "Vendor Specific");
	CHECK_STREQ(ssdq_nvme_status_name(0x00ff), "Unknown Status");
	CHECK_STREQ(ssdq_nvme_status_name(0x0017), "Unknown Status");
	CHECK_STREQ(ssdq_nvme_status_name(0x0104), "Unknown Status");
	CHECK_STREQ(ssdq_nvme_status_name(0x0200), "Unknown Status");
	CHECK_STREQ(ssdq_nvme_status_name(0x0380), "Unknown Status");
	/* SCT 4-6 are reserved */
	CHECK_STREQ(ssdq_nvme_status_name(0x0400), "Unknown Status");
	CHECK_STREQ(ssdq_nvme_status_name(0x0680), "Unknown Status");
}

TEST(flags_do_not_change_name)
{
	CHECK_STREQ(ssdq_nvme_status_name(DNR | 0x0080), "LBA Out of Range");
	CHECK_STREQ(ssdq_nvme_status_name(DNR | MORE | CRD(3) | 0x0081),
		    "Capacity Exceeded");
	CHECK_STREQ(ssdq_nvme_status_name(CRD(1) | 0x0281), "Unrecovered Read Error");
	CHECK_STREQ(ssdq_nvme_sct_name(DNR | MORE | CRD(2) | 0x0371),
		    "Path Related Status");
}

TEST(sct_names)
{
	CHECK_STREQ(ssdq_nvme_sct_name(0x0080), "Generic Command Status");
	CHECK_STREQ(ssdq_nvme_sct_name(0x0181), "Command Specific Status");
	CHECK_STREQ(ssdq_nvme_sct_name(0x0281), "Media and Data Integrity Errors");
	CHECK_STREQ(ssdq_nvme_sct_name(0x0370), "Path Related Status");
	CHECK_STREQ(ssdq_nvme_sct_name(0x0412), "Reserved");
	CHECK_STREQ(ssdq_nvme_sct_name(0x0512), "Reserved");
	CHECK_STREQ(ssdq_nvme_sct_name(0x0612), "Reserved");
	CHECK_STREQ(ssdq_nvme_sct_name(0x07ff), "Vendor Specific");
}

TEST(errno_mapping)
{
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0000), 0);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0080), EIO);
	CHECK_EQ_INT(ssdq_nvme_status_errno(DNR | 0x0080), EIO);
	CHECK_EQ_INT(ssdq_nvme_status_errno(DNR | 0x0081), EIO);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0001), EIO);
	CHECK_EQ_INT(ssdq_nvme_status_errno(DNR | 0x0002), EIO);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0129), EIO);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0020), EIO);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0182), EIO);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0282), EILSEQ);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0283), EILSEQ);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0284), EILSEQ);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0280), EIO);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0281), EIO);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0006), EIO);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0083), EIO);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0370), EIO);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x07ff), EIO);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x00ff), EIO);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0400), EIO);
	/* the same SC in another SCT is another status */
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0180), EIO);
	CHECK_EQ_INT(ssdq_nvme_status_errno(0x0101), EIO);
	/* flags alone on Successful Completion are no error */
	CHECK_EQ_INT(ssdq_nvme_status_errno(DNR | MORE | CRD(1)), 0);
}

/* Every 15-bit status has a name, a sane errno and a bounded message. */
TEST(all_codes)
{
	unsigned int s, bad_name = 0, bad_errno = 0, bad_str = 0;
	char buf[160];

	for (s = 0; s < 0x8000; s++) {
		const char *name = ssdq_nvme_status_name(s);
		int err = ssdq_nvme_status_errno(s);
		int n = ssdq_nvme_status_str(buf, sizeof(buf), s);
		int success = (s & 0x7ff) == 0;

		if (!name || !*name || !ssdq_nvme_sct_name(s))
			bad_name++;
		if (success ? err != 0 : err <= 0)
			bad_errno++;
		if (n <= 0 || (size_t)n >= sizeof(buf) || strlen(buf) != (size_t)n ||
		    !strstr(buf, name))
			bad_str++;
	}
	CHECK_EQ_INT(bad_name, 0);
	CHECK_EQ_INT(bad_errno, 0);
	CHECK_EQ_INT(bad_str, 0);
}

TEST(formatted_string)
{
	char buf[256];
	int n;

	n = ssdq_nvme_status_str(buf, sizeof(buf), DNR | 0x0080);
	CHECK_STREQ(buf, "NVMe status 0x4080: LBA Out of Range "
		    "(SCT 0x0 Generic Command Status, SC 0x80, DNR)");
	CHECK_EQ_INT(n, strlen(buf));

	n = ssdq_nvme_status_str(buf, sizeof(buf), 0x0281);
	CHECK_STREQ(buf, "NVMe status 0x0281: Unrecovered Read Error "
		    "(SCT 0x2 Media and Data Integrity Errors, SC 0x81)");
	CHECK_EQ_INT(n, strlen(buf));

	ssdq_nvme_status_str(buf, sizeof(buf), CRD(2) | MORE | 0x0371);
	CHECK_STREQ(buf, "NVMe status 0x3371: Command Aborted By Host "
		    "(SCT 0x3 Path Related Status, SC 0x71, CRD 2, More)");

	ssdq_nvme_status_str(buf, sizeof(buf), 0x07c3);
	CHECK_STREQ(buf, "NVMe status 0x07c3: Vendor Specific "
		    "(SCT 0x7 Vendor Specific, SC 0xc3)");

	ssdq_nvme_status_str(buf, sizeof(buf), 0x0000);
	CHECK_STREQ(buf, "NVMe status 0x0000: Successful Completion "
		    "(SCT 0x0 Generic Command Status, SC 0x00)");
}

TEST(truncation)
{
	const char *full = "NVMe status 0x4080: LBA Out of Range "
			   "(SCT 0x0 Generic Command Status, SC 0x80, DNR)";
	int need = (int)strlen(full);
	char buf[32];
	size_t len;

	/* len 0: nothing is written, NULL is fine, the need is returned */
	CHECK_EQ_INT(ssdq_nvme_status_str(NULL, 0, DNR | 0x0080), need);

	memset(buf, 'x', sizeof(buf));
	CHECK_EQ_INT(ssdq_nvme_status_str(buf, 0, DNR | 0x0080), need);
	CHECK_EQ_INT(buf[0], 'x');

	for (len = 1; len < 20; len += 9) {
		memset(buf, 'x', sizeof(buf));
		CHECK_EQ_INT(ssdq_nvme_status_str(buf, len, DNR | 0x0080), need);
		CHECK_EQ_INT(strlen(buf), len - 1);
		CHECK(!strncmp(buf, full, len - 1));
		CHECK_EQ_INT(buf[len], 'x');
	}

	/* exactly one byte short of the NUL: last character dropped */
	{
		char exact[128];

		memset(exact, 'x', sizeof(exact));
		CHECK_EQ_INT(ssdq_nvme_status_str(exact, need, DNR | 0x0080), need);
		CHECK_EQ_INT(strlen(exact), need - 1);
		CHECK_EQ_INT(exact[need], 'x');
		CHECK_EQ_INT(ssdq_nvme_status_str(exact, need + 1, DNR | 0x0080), need);
		CHECK_STREQ(exact, full);
	}
}

int main(void)
{
	RUN(field_decoding);
	RUN(generic_names);
	RUN(cmd_specific_names);
	RUN(media_names);
	RUN(path_names);
	RUN(vendor_and_unknown_names);
	RUN(flags_do_not_change_name);
	RUN(sct_names);
	RUN(errno_mapping);
	RUN(all_codes);
	RUN(formatted_string);
	RUN(truncation);
	return harness_main();
}
