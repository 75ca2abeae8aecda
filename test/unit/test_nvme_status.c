// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of nvme/nvme_status.c: field decoding, the names libnvme
 * gives, ssdq's errno rule and the formatted message.
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

/* The name is libnvme's (nvme_status_to_string()), cut before its description. */
static const char *name_of(uint16_t status)
{
	static char buf[256];
	char *p, *q;

	ssdq_nvme_status_str(buf, sizeof(buf), status);
	p = strstr(buf, ": ");
	q = p ? strstr(p, " (SCT ") : NULL;
	if (!q)
		return "";
	*q = '\0';
	return p + 2;
}

TEST(names_from_libnvme)
{
	CHECK_STREQ(name_of(0x0000), "Successful Completion");
	CHECK_STREQ(name_of(0x0002), "Invalid Field in Command");
	CHECK_STREQ(name_of(0x0006), "Internal Error");
	CHECK_STREQ(name_of(0x0080), "LBA Out of Range");
	CHECK_STREQ(name_of(0x0082), "Namespace Not Ready");
	CHECK_STREQ(name_of(0x0084), "Format In Progress");
	CHECK_STREQ(name_of(0x010a), "Invalid Format");
	CHECK_STREQ(name_of(0x0109), "Invalid Log Page");
	CHECK_STREQ(name_of(0x0280), "Write Fault");
	CHECK_STREQ(name_of(0x0281), "Unrecovered Read Error");
	CHECK_STREQ(name_of(0x0282), "End-to-end Guard Check Error");
	CHECK_STREQ(name_of(0x0287), "Deallocated or Unwritten Logical Block");
	CHECK_STREQ(name_of(0x07c3), "Vendor Specific Status");
	/* codes libnvme does not know */
	CHECK_STREQ(name_of(0x00ff), "Unknown Status");
	CHECK_STREQ(name_of(0x0400), "Unknown Status");
	/* CRD, More and DNR do not change the name */
	CHECK_STREQ(name_of(DNR | MORE | CRD(3) | 0x0080), "LBA Out of Range");
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
	char buf[256];

	for (s = 0; s < 0x8000; s++) {
		int err = ssdq_nvme_status_errno(s);
		int n = ssdq_nvme_status_str(buf, sizeof(buf), s);
		int success = (s & 0x7ff) == 0;

		if (!*name_of(s))
			bad_name++;
		if (success ? err != 0 : err <= 0)
			bad_errno++;
		if (n <= 0 || (size_t)n >= sizeof(buf) || strlen(buf) != (size_t)n)
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
	CHECK_STREQ(buf, "NVMe status 0x07c3: Vendor Specific Status "
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
	RUN(names_from_libnvme);
	RUN(errno_mapping);
	RUN(all_codes);
	RUN(formatted_string);
	RUN(truncation);
	return harness_main();
}
