// SPDX-License-Identifier: GPL-2.0-only
/*
 * NVMe completion status: names, errno and message text.
 *
 * Names follow the NVMe Base Specification 2.0 (Status Code - Generic
 * Command Status, Command Specific Status, Media and Data Integrity Errors,
 * Path Related Status), with the NVM and Zoned Namespace command set codes
 * in the I/O command set specific ranges (80h-BFh), since those are the
 * commands ssdq issues. A few generic codes added after 2.0 are listed too.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>

#include "nvme_status.h"

struct sc_name {
	uint8_t sc;
	const char *name;
};

/* Each table is sorted by code; the lookup does not rely on it. */
static const struct sc_name generic[] = {
	{ 0x00, "Successful Completion" },
	{ 0x01, "Invalid Command Opcode" },
	{ 0x02, "Invalid Field in Command" },
	{ 0x03, "Command ID Conflict" },
	{ 0x04, "Data Transfer Error" },
	{ 0x05, "Commands Aborted due to Power Loss Notification" },
	{ 0x06, "Internal Error" },
	{ 0x07, "Command Abort Requested" },
	{ 0x08, "Command Aborted due to SQ Deletion" },
	{ 0x09, "Command Aborted due to Failed Fused Command" },
	{ 0x0a, "Command Aborted due to Missing Fused Command" },
	{ 0x0b, "Invalid Namespace or Format" },
	{ 0x0c, "Command Sequence Error" },
	{ 0x0d, "Invalid SGL Segment Descriptor" },
	{ 0x0e, "Invalid Number of SGL Descriptors" },
	{ 0x0f, "Data SGL Length Invalid" },
	{ 0x10, "Metadata SGL Length Invalid" },
	{ 0x11, "SGL Descriptor Type Invalid" },
	{ 0x12, "Invalid Use of Controller Memory Buffer" },
	{ 0x13, "PRP Offset Invalid" },
	{ 0x14, "Atomic Write Unit Exceeded" },
	{ 0x15, "Operation Denied" },
	{ 0x16, "SGL Offset Invalid" },
	{ 0x18, "Host Identifier Inconsistent Format" },
	{ 0x19, "Keep Alive Timer Expired" },
	{ 0x1a, "Keep Alive Timeout Invalid" },
	{ 0x1b, "Command Aborted due to Preempt and Abort" },
	{ 0x1c, "Sanitize Failed" },
	{ 0x1d, "Sanitize In Progress" },
	{ 0x1e, "SGL Data Block Granularity Invalid" },
	{ 0x1f, "Command Not Supported for Queue in CMB" },
	{ 0x20, "Namespace is Write Protected" },
	{ 0x21, "Command Interrupted" },
	{ 0x22, "Transient Transport Error" },
	{ 0x23, "Command Prohibited by Command and Feature Lockdown" },
	{ 0x24, "Admin Command Media Not Ready" },
	/* added after 2.0 */
	{ 0x25, "Invalid Key Tag" },
	{ 0x26, "Host Dispersed Namespace Support Not Enabled" },
	{ 0x27, "Host Identifier Not Initialized" },
	{ 0x28, "Incorrect Key" },
	{ 0x29, "FDP Disabled" },
	{ 0x2a, "Invalid Placement Handle List" },
	/* NVM command set */
	{ 0x80, "LBA Out of Range" },
	{ 0x81, "Capacity Exceeded" },
	{ 0x82, "Namespace Not Ready" },
	{ 0x83, "Reservation Conflict" },
	{ 0x84, "Format In Progress" },
	/* Key Value command set */
	{ 0x85, "Invalid Value Size" },
	{ 0x86, "Invalid Key Size" },
	{ 0x87, "KV Key Does Not Exist" },
	{ 0x88, "Unrecovered Error" },
	{ 0x89, "Key Exists" },
};

static const struct sc_name cmd_specific[] = {
	{ 0x00, "Completion Queue Invalid" },
	{ 0x01, "Invalid Queue Identifier" },
	{ 0x02, "Invalid Queue Size" },
	{ 0x03, "Abort Command Limit Exceeded" },
	{ 0x05, "Asynchronous Event Request Limit Exceeded" },
	{ 0x06, "Invalid Firmware Slot" },
	{ 0x07, "Invalid Firmware Image" },
	{ 0x08, "Invalid Interrupt Vector" },
	{ 0x09, "Invalid Log Page" },
	{ 0x0a, "Invalid Format" },
	{ 0x0b, "Firmware Activation Requires Conventional Reset" },
	{ 0x0c, "Invalid Queue Deletion" },
	{ 0x0d, "Feature Identifier Not Saveable" },
	{ 0x0e, "Feature Not Changeable" },
	{ 0x0f, "Feature Not Namespace Specific" },
	{ 0x10, "Firmware Activation Requires NVM Subsystem Reset" },
	{ 0x11, "Firmware Activation Requires Controller Level Reset" },
	{ 0x12, "Firmware Activation Requires Maximum Time Violation" },
	{ 0x13, "Firmware Activation Prohibited" },
	{ 0x14, "Overlapping Range" },
	{ 0x15, "Namespace Insufficient Capacity" },
	{ 0x16, "Namespace Identifier Unavailable" },
	{ 0x18, "Namespace Already Attached" },
	{ 0x19, "Namespace Is Private" },
	{ 0x1a, "Namespace Not Attached" },
	{ 0x1b, "Thin Provisioning Not Supported" },
	{ 0x1c, "Controller List Invalid" },
	{ 0x1d, "Device Self-test In Progress" },
	{ 0x1e, "Boot Partition Write Prohibited" },
	{ 0x1f, "Invalid Controller Identifier" },
	{ 0x20, "Invalid Secondary Controller State" },
	{ 0x21, "Invalid Number of Controller Resources" },
	{ 0x22, "Invalid Resource Identifier" },
	{ 0x23, "Sanitize Prohibited While Persistent Memory Region is Enabled" },
	{ 0x24, "ANA Group Identifier Invalid" },
	{ 0x25, "ANA Attach Failed" },
	{ 0x26, "Insufficient Capacity" },
	{ 0x27, "Namespace Attachment Limit Exceeded" },
	{ 0x28, "Prohibition of Command Execution Not Supported" },
	{ 0x29, "I/O Command Set Not Supported" },
	{ 0x2a, "I/O Command Set Not Enabled" },
	{ 0x2b, "I/O Command Set Combination Rejected" },
	{ 0x2c, "Invalid I/O Command Set" },
	{ 0x2d, "Identifier Unavailable" },
	/* NVM command set */
	{ 0x80, "Conflicting Attributes" },
	{ 0x81, "Invalid Protection Information" },
	{ 0x82, "Attempted Write to Read Only Range" },
	{ 0x83, "Command Size Limit Exceeded" },
	/* Zoned Namespace command set */
	{ 0xb8, "Zoned Boundary Error" },
	{ 0xb9, "Zone Is Full" },
	{ 0xba, "Zone Is Read Only" },
	{ 0xbb, "Zone Is Offline" },
	{ 0xbc, "Zone Invalid Write" },
	{ 0xbd, "Too Many Active Zones" },
	{ 0xbe, "Too Many Open Zones" },
	{ 0xbf, "Invalid Zone State Transition" },
};

static const struct sc_name media[] = {
	{ 0x80, "Write Fault" },
	{ 0x81, "Unrecovered Read Error" },
	{ 0x82, "End-to-end Guard Check Error" },
	{ 0x83, "End-to-end Application Tag Check Error" },
	{ 0x84, "End-to-end Reference Tag Check Error" },
	{ 0x85, "Compare Failure" },
	{ 0x86, "Access Denied" },
	{ 0x87, "Deallocated or Unwritten Logical Block" },
	{ 0x88, "End-to-end Storage Tag Check Error" },
};

static const struct sc_name path[] = {
	{ 0x00, "Internal Path Error" },
	{ 0x01, "Asymmetric Access Persistent Loss" },
	{ 0x02, "Asymmetric Access Inaccessible" },
	{ 0x03, "Asymmetric Access Transition" },
	{ 0x60, "Controller Pathing Error" },
	{ 0x70, "Host Pathing Error" },
	{ 0x71, "Command Aborted By Host" },
};

#define TABLE(t)	t, sizeof(t) / sizeof((t)[0])

static const struct {
	const struct sc_name *names;
	size_t count;
	const char *sct_name;
} sct_tables[8] = {
	[0] = { TABLE(generic), "Generic Command Status" },
	[1] = { TABLE(cmd_specific), "Command Specific Status" },
	[2] = { TABLE(media), "Media and Data Integrity Errors" },
	[3] = { TABLE(path), "Path Related Status" },
	[4] = { NULL, 0, "Reserved" },
	[5] = { NULL, 0, "Reserved" },
	[6] = { NULL, 0, "Reserved" },
	[7] = { NULL, 0, "Vendor Specific" },
};

const char *ssdq_nvme_status_name(uint16_t status)
{
	unsigned int sct = SSDQ_NVME_SCT(status), sc = SSDQ_NVME_SC(status);
	size_t i;

	/* SCT 7: the whole SC space belongs to the vendor. */
	if (sct == 7)
		return "Vendor Specific";
	for (i = 0; i < sct_tables[sct].count; i++)
		if (sct_tables[sct].names[i].sc == sc)
			return sct_tables[sct].names[i].name;
	return "Unknown Status";
}

const char *ssdq_nvme_sct_name(uint16_t status)
{
	return sct_tables[SSDQ_NVME_SCT(status)].sct_name;
}

/* SCT and SC as one number, for the switch below. */
#define CODE(sct, sc)	((sct) << 8 | (sc))

int ssdq_nvme_status_errno(uint16_t status)
{
	unsigned int code = CODE(SSDQ_NVME_SCT(status), SSDQ_NVME_SC(status));

	/* CRD, More and DNR do not turn a Successful Completion into an error. */
	switch (code) {
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
	unsigned int crd = (status >> 11) & 0x3;
	char crd_str[8] = "";

	if (crd)
		snprintf(crd_str, sizeof(crd_str), ", CRD %u", crd);
	return snprintf(buf, len, "NVMe status 0x%04x: %s (SCT 0x%x %s, SC 0x%02x%s%s%s)",
			status, ssdq_nvme_status_name(status),
			SSDQ_NVME_SCT(status), ssdq_nvme_sct_name(status),
			SSDQ_NVME_SC(status), crd_str,
			(status >> 13) & 1 ? ", More" : "",
			SSDQ_NVME_DNR(status) ? ", DNR" : "");
}
