// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <string.h>

#include "nvme_id.h"

static uint64_t le64_at(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

int ssdq_parse_id_ns(const uint8_t *buf, size_t len, struct ssdq_id_ns *id)
{
	const uint8_t *lbaf;
	unsigned int flbas;

	if (!buf || len < SSDQ_NVME_ID_SIZE)
		return -EINVAL;
	memset(id, 0, sizeof(*id));
	id->nsze = le64_at(buf + 0);
	id->ncap = le64_at(buf + 8);
	id->nuse = le64_at(buf + 16);
	if (!id->nsze)
		return -ENODEV;
	id->nlbaf = buf[25] + 1u;
	flbas = buf[26];
	id->flba = (flbas & 0xf) | (((flbas >> 5) & 0x3) << 4);
	id->extended_lba = !!(flbas & 0x10);
	id->dps = buf[29];
	id->dlfeat = buf[33] & 0x7;
	if (id->flba >= id->nlbaf || id->flba >= 64)
		return -EPROTO;
	lbaf = buf + 128 + 4 * id->flba;
	id->ms = lbaf[0] | (unsigned int)lbaf[1] << 8;
	id->lba_shift = lbaf[2];
	if (id->lba_shift < 9 || id->lba_shift > 16)
		return -EPROTO;
	return 0;
}
