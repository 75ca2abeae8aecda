// SPDX-License-Identifier: GPL-2.0-only
#include <libnvme.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "nvme_status.h"

static const char *const sct_names[8] = {
	"Generic Command Status", "Command Specific Status",
	"Media and Data Integrity Errors", "Path Related Status",
	"Reserved", "Reserved", "Reserved", "Vendor Specific",
};

/* SCT and SC as one number, for the switch below. */
#define CODE(sct, sc)	((sct) << 8 | (sc))

int ssdq_nvme_status_errno(uint16_t status)
{
	/* CRD, More and DNR do not turn a Successful Completion into an error. */
	switch (CODE(SSDQ_NVME_SCT(status), SSDQ_NVME_SC(status))) {
	case CODE(0, 0x00):
		return 0;
	case CODE(1, 0x81):		/* Invalid Protection Information */
	case CODE(2, 0x82):		/* End-to-end Guard Check Error */
	case CODE(2, 0x83):		/* End-to-end Application Tag Check Error */
	case CODE(2, 0x84):		/* End-to-end Reference Tag Check Error */
	case CODE(2, 0x88):		/* End-to-end Storage Tag Check Error */
		return EILSEQ;
	default:
		return EIO;
	}
}

int ssdq_nvme_status_str(char *buf, size_t len, uint16_t status)
{
	const char *name = nvme_status_to_string(status & 0x7ff, false);
	unsigned int crd = (status >> 11) & 0x3;
	int name_len = (int)strcspn(name, ":");
	char crd_str[8] = "";

	if (!strcmp(name, "unrecognized") || !strcmp(name, "Unknown status")) {
		name = "Unknown Status";
		name_len = (int)strlen(name);
	}
	if (crd)
		snprintf(crd_str, sizeof(crd_str), ", CRD %u", crd);
	return snprintf(buf, len, "NVMe status 0x%04x: %.*s (SCT 0x%x %s, SC 0x%02x%s%s%s)",
			status, name_len, name, SSDQ_NVME_SCT(status),
			sct_names[SSDQ_NVME_SCT(status)], SSDQ_NVME_SC(status), crd_str,
			(status >> 13) & 1 ? ", More" : "",
			SSDQ_NVME_DNR(status) ? ", DNR" : "");
}

int ssdq_nvme_result(int ret, const char *what, char *err, size_t errlen)
{
	char st[256];

	if (ret < 0) {
		snprintf(err, errlen, "%s: %s%s", what, strerror(-ret),
			 ret == -EACCES || ret == -EPERM ? " (admin commands need root)" :
			 ret == -EINTR ? " (stopped, or timed out)" : "");
		return ret;
	}
	if (ret > 0) {
		ssdq_nvme_status_str(st, sizeof(st), (uint16_t)ret);
		snprintf(err, errlen, "%s: %s", what, st);
		return -EIO;
	}
	return 0;
}
