// SPDX-License-Identifier: GPL-2.0-only
#include <endian.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "nvme_admin.h"
#include "nvme_pmeas.h"
#include "nvme_status.h"

_Static_assert(sizeof(struct ssdq_pmeas_log_page) == SSDQ_PMEAS_LOG_HEADER,
	       "Power Measurement log header is 64 bytes");
_Static_assert(offsetof(struct ssdq_pmeas_log_page, aipwr) == 40, "AIPWR at byte 40");
_Static_assert(offsetof(struct ssdq_pmeas_log_page, ipwrpe) == 56, "IPWRPE at byte 56");

#define PMA_PME		(1u << 0)
#define PMA_NCPDF	(1u << 1)
#define PMA_EPF		(1u << 2)
#define PMA_PMT_SHIFT	12
#define PWR_RESERVED	0xfffc0000u
#define HIST_DESC_SIZE	8u
#define IPWRPE_NONE	255

uint32_t ssdq_pmeas_cdw11(unsigned int action, unsigned int type, uint16_t stop_min)
{
	return (action & 0xfu) | (type & 0xfu) << 4 | (uint32_t)stop_min << 16;
}

int ssdq_pmeas_power_w(uint32_t field, double *watts, double *unit_w)
{
	static const double unit[] = { 0, 0.0001, 0.01 };
	unsigned int scale = (field >> 16) & 3u;

	if (field & PWR_RESERVED || scale == 3)
		return -EINVAL;
	if (!scale)
		return -ENODATA;
	*watts = (field & 0xffffu) * unit[scale];
	if (unit_w)
		*unit_w = unit[scale];
	return 0;
}

uint32_t ssdq_pmeas_power_field(double watts)
{
	double v;

	if (!(watts >= 0))
		return 0;
	v = round(watts / 0.0001);
	if (v <= 0xffff)
		return 1u << 16 | (uint32_t)v;
	v = round(watts / 0.01);
	return 2u << 16 | (uint32_t)(v > 0xffff ? 0xffff : v);
}

static int refuse(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
	return -EBADMSG;
}

/* A power field into @w: NaN when not reported. */
static int power_of(uint32_t field, const char *name, double *w, double *unit, char *why,
		    size_t whylen)
{
	int ret = ssdq_pmeas_power_w(field, w, unit);

	if (ret == -ENODATA) {
		*w = NAN;
		return 0;
	}
	if (ret)
		return refuse(why, whylen, "Power Measurement log: %s 0x%08x has a reserved "
			      "scale or bits", name, field);
	return 0;
}

int ssdq_pmeas_decode(const void *buf, size_t len, struct ssdq_pmeas *out, char *why,
		      size_t whylen)
{
	struct ssdq_pmeas_log_page pg;
	uint32_t sze, pma;
	uint16_t nphd, nphds, phds, vss;
	double unit = 0;

	if (!buf || len < sizeof(pg))
		return refuse(why, whylen, "Power Measurement log: %zu bytes, shorter than its "
			      "%u-byte header", buf ? len : 0, SSDQ_PMEAS_LOG_HEADER);
	memcpy(&pg, buf, sizeof(pg));
	if (pg.ver)
		return refuse(why, whylen, "Power Measurement log: version %u, this reader "
			      "knows version 0", pg.ver);
	sze = le32toh(pg.sze);
	nphd = le16toh(pg.nphd);
	nphds = le16toh(pg.nphds);
	phds = le16toh(pg.phds);
	vss = le16toh(pg.vss);
	if (sze < sizeof(pg))
		return refuse(why, whylen, "Power Measurement log: size %u bytes, shorter than "
			      "its %u-byte header", sze, SSDQ_PMEAS_LOG_HEADER);
	if (nphd > nphds)
		return refuse(why, whylen, "Power Measurement log: %u histogram descriptors, "
			      "more than the %u it supports", nphd, nphds);
	if (nphd && phds != HIST_DESC_SIZE)
		return refuse(why, whylen, "Power Measurement log: histogram descriptors of "
			      "%u bytes, not %u", phds, HIST_DESC_SIZE);
	if ((uint64_t)sizeof(pg) + (uint64_t)nphd * phds + vss > sze)
		return refuse(why, whylen, "Power Measurement log: size %u bytes cannot hold "
			      "%u descriptors and %u vendor bytes", sze, nphd, vss);
	if (pg.ipwrpe > 100 && pg.ipwrpe != IPWRPE_NONE)
		return refuse(why, whylen, "Power Measurement log: percent error %u is "
			      "reserved (0 to 100, or 255)", pg.ipwrpe);
	memset(out, 0, sizeof(*out));
	if (power_of(le32toh(pg.aipwr), "average interval power", &out->avg_w, &unit, why,
		     whylen) ||
	    power_of(le32toh(pg.mipwr), "maximum interval power", &out->max_w, NULL, why,
		     whylen))
		return -EBADMSG;
	pma = le16toh(pg.pma);
	out->count = le32toh(pg.pmc);
	if (out->count && out->max_w < out->avg_w - unit)
		return refuse(why, whylen, "Power Measurement log: maximum %.4f W below the "
			      "mean %.4f W", out->max_w, out->avg_w);
	out->generation = pg.pmgn;
	out->enabled = pma & PMA_PME;
	out->non_contiguous = pma & PMA_NCPDF;
	out->estimated = pma & PMA_EPF;
	out->type = (pma >> PMA_PMT_SHIFT) & 0xfu;
	out->stop_left_min = le16toh(pg.smtr);
	out->resolution_w = unit;
	out->percent_error = pg.ipwrpe == IPWRPE_NONE ? -1 : pg.ipwrpe;
	out->histogram = nphd;
	return 0;
}

void ssdq_pmeas_encode(const struct ssdq_pmeas *in, struct ssdq_pmeas_log_page *pg)
{
	uint16_t pma = (uint16_t)((in->enabled ? PMA_PME : 0) | (in->non_contiguous ? PMA_NCPDF : 0) |
				  (in->estimated ? PMA_EPF : 0) | (in->type & 0xfu) << PMA_PMT_SHIFT);

	memset(pg, 0, sizeof(*pg));
	pg->pmgn = (uint8_t)in->generation;
	pg->pma = htole16(pma);
	pg->sze = htole32(SSDQ_PMEAS_LOG_HEADER);
	pg->pmc = htole32(in->count);
	pg->smtr = htole16((uint16_t)in->stop_left_min);
	pg->phbs = htole16(250);
	pg->aipwr = htole32(isnan(in->avg_w) ? 0 : ssdq_pmeas_power_field(in->avg_w));
	pg->mipwr = htole32(isnan(in->max_w) ? 0 : ssdq_pmeas_power_field(in->max_w));
	pg->ipwrpe = in->percent_error < 0 ? IPWRPE_NONE : (uint8_t)in->percent_error;
}

void ssdq_pmeas_caps_decode(const void *id_ctrl, struct ssdq_pmeas_caps *caps)
{
	static const double srs_us[] = { 0, 1, 10, 100, 1000, 10000 };
	const uint8_t *id = id_ctrl;
	uint32_t ctratt;
	uint16_t ipmsr, msmt;

	memcpy(&ctratt, id + 96, 4);
	memcpy(&ipmsr, id + 392, 2);
	memcpy(&msmt, id + 394, 2);
	ctratt = le32toh(ctratt);
	ipmsr = le16toh(ipmsr);
	memset(caps, 0, sizeof(*caps));
	caps->supported = ctratt & (1u << 21);
	if ((ipmsr >> 8) < sizeof(srs_us) / sizeof(srs_us[0]))
		caps->sample_us = (ipmsr & 0xffu) * srs_us[ipmsr >> 8];
	caps->max_stop_min = le16toh(msmt);
}

int ssdq_nvme_read_pmeas(int fd, uint32_t timeout_ms, struct ssdq_pmeas *out, char *why,
			 size_t whylen)
{
	struct ssdq_pmeas_log_page pg;
	char st[160];
	int ret;

	memset(&pg, 0, sizeof(pg));
	ret = ssdq_nvme_get_log(fd, timeout_ms, SSDQ_NVME_LID_POWER_MEAS, 0, &pg, sizeof(pg));
	if (ret > 0) {
		ssdq_nvme_status_str(st, sizeof(st), (uint16_t)ret);
		snprintf(why, whylen, "Get Log Page 25h (Power Measurement): %s", st);
		return ret;
	}
	if (ret < 0) {
		snprintf(why, whylen, "Get Log Page 25h (Power Measurement): %s", strerror(-ret));
		return ret;
	}
	return ssdq_pmeas_decode(&pg, sizeof(pg), out, why, whylen);
}
