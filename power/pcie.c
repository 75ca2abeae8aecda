// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>

#include "pcie.h"
#include "util.h"

int ssdq_pcie_aspm(const uint8_t *cfg, size_t len, int *supported, int *enabled)
{
	unsigned int ptr, guard = 0;

	if (len < 0x40 || !(ssdq_le16(cfg + 0x06) & 0x10))	/* Status: capability list */
		return -ENOENT;
	ptr = cfg[0x34] & 0xfc;
	while (ptr >= 0x40 && ptr + 0x14 <= len && guard++ < 48) {
		if (cfg[ptr] == 0x10) {
			*supported = (int)((ssdq_le32(cfg + ptr + 0x0c) >> 10) & 3);
			*enabled = cfg[ptr + 0x10] & 3;
			return 0;
		}
		ptr = cfg[ptr + 1] & 0xfc;
	}
	return -ENOENT;
}

double ssdq_pcie_speed_gts(unsigned int code)
{
	static const double gts[] = { 0, 2.5, 5.0, 8.0, 16.0, 32.0, 64.0 };

	return code < sizeof(gts) / sizeof(gts[0]) ? gts[code] : 0;
}

void ssdq_pcie_link_decode(uint16_t lnksta, uint32_t lnkcap, uint16_t lnkctl,
			   struct ssdq_pcie_link *l)
{
	l->speed_gts = ssdq_pcie_speed_gts(lnksta & 0xf);
	l->width = (lnksta >> 4) & 0x3f;
	l->max_speed_gts = ssdq_pcie_speed_gts(lnkcap & 0xf);
	l->max_width = (int)((lnkcap >> 4) & 0x3f);
	l->aspm_supported = (int)((lnkcap >> 10) & 3);
	l->aspm_enabled = lnkctl & 3;
}
