// SPDX-License-Identifier: GPL-2.0-only
#include <libnvme.h>
#include <endian.h>
#include <errno.h>
#include <string.h>

#include "nvme_admin.h"
#include "nvme_id.h"

/* An ASCII field, blanks trimmed on both sides. */
static void copy_ascii(char *dst, const char *src, size_t n)
{
	size_t lead;

	for (size_t i = 0; i < n; i++)
		dst[i] = src[i] >= 0x20 && src[i] < 0x7f ? src[i] : ' ';
	dst[n] = '\0';
	while (n && dst[n - 1] == ' ')
		dst[--n] = '\0';
	lead = strspn(dst, " ");
	memmove(dst, dst + lead, strlen(dst + lead) + 1);
}

static double ps_scale(unsigned int sel)
{
	return sel == NVME_PSD_PS_100_MICRO_WATT ? 0.0001 :
	       sel == NVME_PSD_PS_10_MILLI_WATT ? 0.01 : -1;
}

static void psd_decode(const struct nvme_id_psd *d, struct ssdq_psd *p)
{
	double ips = ps_scale(nvme_psd_power_scale(d->ips));
	double aps = ps_scale(nvme_psd_power_scale(d->apws));

	p->max_power_w = le16toh(d->mp) * (d->flags & NVME_PSD_FLAGS_MXPS ? 0.0001 : 0.01);
	p->non_operational = d->flags & NVME_PSD_FLAGS_NOPS;
	p->enlat_us = le32toh(d->enlat);
	p->exlat_us = le32toh(d->exlat);
	p->rrt = d->rrt & 0x1f;
	p->rrl = d->rrl & 0x1f;
	p->rwt = d->rwt & 0x1f;
	p->rwl = d->rwl & 0x1f;
	p->idle_power_w = ips > 0 ? le16toh(d->idlp) * ips : -1;
	p->active_power_w = aps > 0 ? le16toh(d->actp) * aps : -1;
	p->apw = d->apws & 0x7;
}

void ssdq_id_ctrl_decode(const struct nvme_id_ctrl *id, struct ssdq_id_ctrl *c)
{
	memset(c, 0, sizeof(*c));
	c->vid = le16toh(id->vid);
	c->ssvid = le16toh(id->ssvid);
	copy_ascii(c->serial, id->sn, sizeof(id->sn));
	copy_ascii(c->model, id->mn, sizeof(id->mn));
	copy_ascii(c->firmware, id->fr, sizeof(id->fr));
	c->ver = le32toh(id->ver);
	c->npss = id->npss + 1u;
	if (c->npss > 32)
		c->npss = 32;
	c->apsta = id->apsta & NVME_CTRL_APSTA_APST;
	c->wctemp_k = le16toh(id->wctemp);
	c->cctemp_k = le16toh(id->cctemp);
	memcpy(&c->tnvmcap, id->tnvmcap, 8);
	c->tnvmcap = le64toh(c->tnvmcap);
	c->hctma = le16toh(id->hctma) & NVME_CTRL_HCTMA_HCTM;
	c->mntmt_k = le16toh(id->mntmt);
	c->mxtmt_k = le16toh(id->mxtmt);
	c->nn = le32toh(id->nn);
	c->format = le16toh(id->oacs) & NVME_CTRL_OACS_FORMAT;
	c->sanitize_block = le32toh(id->sanicap) & NVME_CTRL_SANICAP_BES;
	c->dsm = le16toh(id->oncs) & NVME_CTRL_ONCS_DSM;
	c->vwc = id->vwc & NVME_CTRL_VWC_PRESENT;
	c->format_all_ns = id->fna & (NVME_CTRL_FNA_FMT_ALL_NAMESPACES |
				      NVME_CTRL_FNA_SEC_ALL_NAMESPACES);
	for (unsigned int i = 0; i < c->npss; i++)
		psd_decode(&id->psd[i], &c->ps[i]);
}

double ssdq_psd_estimate(const struct ssdq_id_ctrl *c, unsigned int ps, bool idle,
			 const char **what)
{
	const struct ssdq_psd *p;

	if (ps >= c->npss || ps >= 32)
		return -1;
	p = &c->ps[ps];
	if (idle && p->idle_power_w >= 0) {
		*what = "IDLP";
		return p->idle_power_w;
	}
	if (p->active_power_w >= 0) {
		*what = "ACTP";
		return p->active_power_w;
	}
	*what = "MP";
	return p->max_power_w;
}

int ssdq_id_ns_decode(const struct nvme_id_ns *ns, struct ssdq_id_ns *id)
{
	const struct nvme_lbaf *lbaf;
	uint8_t inuse;

	memset(id, 0, sizeof(*id));
	id->nsze = le64toh(ns->nsze);
	id->ncap = le64toh(ns->ncap);
	id->nuse = le64toh(ns->nuse);
	if (!id->nsze)
		return -ENODEV;
	id->nlbaf = ns->nlbaf + 1u;
	nvme_id_ns_flbas_to_lbaf_inuse(ns->flbas, &inuse);
	id->flba = inuse;
	id->extended_lba = !!(ns->flbas & NVME_NS_FLBAS_META_EXT);
	id->dps = ns->dps;
	id->dlfeat = ns->dlfeat & 0x7;
	if (id->flba >= id->nlbaf || id->flba >= 64)
		return -EPROTO;
	lbaf = &ns->lbaf[id->flba];
	id->ms = le16toh(lbaf->ms);
	id->lba_shift = lbaf->ds;
	if (id->lba_shift < 9 || id->lba_shift > 16)
		return -EPROTO;
	return 0;
}

void ssdq_apst_decode(uint32_t dw0, const struct nvme_feat_auto_pst *t, struct ssdq_apst *a)
{
	memset(a, 0, sizeof(*a));
	a->enabled = NVME_GET(dw0, FEAT_APST_APSTE);
	if (!t)
		return;
	for (unsigned int ps = 0; ps < 32; ps++) {
		uint64_t e = le64toh(t->apst_entry[ps]);
		uint32_t itpt = (uint32_t)NVME_GET(e, APST_ENTRY_ITPT);

		if (!itpt)
			continue;
		a->from_ps[a->n] = (uint8_t)ps;
		a->to_ps[a->n] = (uint8_t)NVME_GET(e, APST_ENTRY_ITPS);
		a->idle_ms[a->n] = itpt;
		a->n++;
	}
}

void ssdq_apst_encode(const struct ssdq_apst *a, struct nvme_feat_auto_pst *t)
{
	memset(t, 0, sizeof(*t));
	for (unsigned int i = 0; i < a->n && i < 32; i++)
		if (a->from_ps[i] < 32)
			t->apst_entry[a->from_ps[i]] =
				htole64(NVME_SET((uint64_t)a->to_ps[i], APST_ENTRY_ITPS) |
					NVME_SET((uint64_t)a->idle_ms[i], APST_ENTRY_ITPT));
}

int ssdq_nvme_read_id_ctrl(int fd, uint32_t timeout_ms, struct ssdq_id_ctrl *c)
{
	struct nvme_id_ctrl id = { .vid = 0 };
	int ret = ssdq_nvme_identify_ctrl(fd, timeout_ms, &id);

	if (!ret)
		ssdq_id_ctrl_decode(&id, c);
	return ret;
}

int ssdq_nvme_read_id_ns(int fd, uint32_t timeout_ms, uint32_t nsid, struct ssdq_id_ns *out)
{
	struct nvme_id_ns ns = { .nsze = 0 };
	int ret = ssdq_nvme_identify_ns(fd, timeout_ms, nsid, &ns);

	return ret ? ret : ssdq_id_ns_decode(&ns, out);
}

int ssdq_nvme_read_apst(int fd, uint32_t timeout_ms, struct ssdq_apst *a)
{
	struct nvme_feat_auto_pst t = { .apst_entry = { 0 } };
	uint32_t dw0 = 0;
	int ret = ssdq_nvme_get_apst(fd, timeout_ms, &dw0, &t);

	if (!ret)
		ssdq_apst_decode(dw0, &t, a);
	return ret;
}
