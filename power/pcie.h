/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_POWER_PCIE_H
#define SSDQ_POWER_PCIE_H

/* Pure decoders of a PCI Express capability: ASPM and the link. */

#include <stddef.h>
#include <stdint.h>

/**
 * ssdq_pcie_aspm() - Find the PCI Express capability in a config space
 * dump and read its ASPM fields.
 * @cfg: config space as read from sysfs "config"
 * @len: bytes in @cfg (64 without root: then no capability list is there)
 * @supported: Link Capabilities ASPM Support (bit 0 L0s, bit 1 L1)
 * @enabled: Link Control ASPM Control (bit 0 L0s, bit 1 L1)
 *
 * Return: 0, -ENOENT when there is no PCI Express capability in @cfg.
 */
int ssdq_pcie_aspm(const uint8_t *cfg, size_t len, int *supported, int *enabled);

/**
 * ssdq_pcie_speed_gts() - The link speed of a Current/Max Link Speed code
 * (1: 2.5, 2: 5.0, 3: 8.0, 4: 16.0, 5: 32.0, 6: 64.0 GT/s: bits 0 to 5 of
 * the Supported Link Speeds Vector, as every device defines them).
 *
 * Return: GT/s, or 0 for a code that names no speed.
 */
double ssdq_pcie_speed_gts(unsigned int code);

/**
 * struct ssdq_pcie_link - a link as the PCI Express capability states it
 * @speed_gts: Link Status bits 3:0 (negotiated); 0 when unknown
 * @width: Link Status bits 9:4 (negotiated lanes; 0: link down)
 * @max_speed_gts: Link Capabilities bits 3:0
 * @max_width: Link Capabilities bits 9:4
 * @aspm_supported: Link Capabilities bits 11:10 (bit 0 L0s, bit 1 L1)
 * @aspm_enabled: Link Control bits 1:0 (bit 0 L0s, bit 1 L1)
 */
struct ssdq_pcie_link {
	double speed_gts, max_speed_gts;
	int width, max_width;
	int aspm_supported, aspm_enabled;
};

/**
 * ssdq_pcie_link_decode() - Decode the Link Status, Link Capabilities and
 * Link Control registers of a PCI Express capability.
 */
void ssdq_pcie_link_decode(uint16_t lnksta, uint32_t lnkcap, uint16_t lnkctl,
			   struct ssdq_pcie_link *l);

#endif
