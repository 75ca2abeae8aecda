/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_NVME_ID_H
#define SSDQ_NVME_ID_H

/*
 * What ssdq takes from Identify Controller, Identify Namespace and the
 * APST feature: decoded from libnvme's structs (named fields, little
 * endian) into host-endian values. Pure functions; the commands that read
 * the pages are nvme_admin.h's, and ssdq_nvme_read_*() below send one and
 * decode it.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct nvme_id_ctrl;
struct nvme_id_ns;
struct nvme_feat_auto_pst;

/**
 * struct ssdq_psd - one power state descriptor
 * @max_power_w: MP, scaled by MXPS
 * @non_operational: NOPS
 * @enlat_us: entry latency
 * @exlat_us: exit latency
 * @rrt: relative read throughput (also rrl, rwt, rwl)
 * @idle_power_w: IDLP, or a negative value when not reported (IPS 0)
 * @active_power_w: ACTP, or a negative value when not reported (APS 0)
 * @apw: active power workload
 */
struct ssdq_psd {
	double max_power_w;
	bool non_operational;
	uint32_t enlat_us, exlat_us;
	uint8_t rrt, rrl, rwt, rwl;
	double idle_power_w;
	double active_power_w;
	uint8_t apw;
};

/**
 * struct ssdq_id_ctrl - Identify Controller fields ssdq uses
 * @model: MN, blanks trimmed; @serial: SN; @firmware: FR
 * @vid: PCI vendor id; @ssvid: subsystem vendor id
 * @ver: version (e.g. 0x00010400 for 1.4)
 * @npss: number of power states (NPSS + 1)
 * @apsta: APST supported
 * @wctemp_k: warning composite temperature threshold (K, 0 if none)
 * @cctemp_k: critical composite temperature threshold
 * @hctma: host controlled thermal management supported
 * @mntmt_k, @mxtmt_k: thermal management temperature limits
 * @tnvmcap: total NVM capacity in bytes (low 64 bits)
 * @nn: namespaces
 * @format: OACS Format NVM supported
 * @sanitize_block: SANICAP Block Erase supported
 * @dsm: ONCS Dataset Management supported
 * @format_all_ns: FNA: a format (or its secure erase) takes every namespace
 * @vwc: VWC bit 0: a volatile write cache is present (Set Features 06h)
 * @ps: the descriptors
 */
struct ssdq_id_ctrl {
	char model[41];
	char serial[21];
	char firmware[9];
	uint16_t vid, ssvid;
	uint32_t ver;
	unsigned int npss;
	bool apsta;
	uint16_t wctemp_k, cctemp_k;
	bool hctma;
	uint16_t mntmt_k, mxtmt_k;
	uint64_t tnvmcap;
	uint32_t nn;
	bool format, sanitize_block, dsm, format_all_ns, vwc;
	struct ssdq_psd ps[32];
};

/** ssdq_id_ctrl_decode() - Decode an Identify Controller page into @c. */
void ssdq_id_ctrl_decode(const struct nvme_id_ctrl *id, struct ssdq_id_ctrl *c);

/**
 * ssdq_psd_estimate() - The power a drive states for power state @ps:
 * IDLP when @idle and reported, else ACTP when reported, else MP.
 * @what: set to "IDLP", "ACTP" or "MP"
 *
 * Return: watts; a negative value when @ps is past the table.
 */
double ssdq_psd_estimate(const struct ssdq_id_ctrl *c, unsigned int ps, bool idle,
			 const char **what);

/** struct ssdq_id_ns - the Identify Namespace fields ssdq uses */
struct ssdq_id_ns {
	uint64_t nsze;		/* size in LBAs */
	uint64_t ncap;
	uint64_t nuse;
	unsigned int nlbaf;	/* number of LBA formats (1-based count) */
	unsigned int flba;	/* index of the format in use */
	unsigned int lba_shift;	/* LBADS of that format */
	unsigned int ms;	/* metadata bytes per LBA of that format */
	int extended_lba;	/* metadata travels inside the data buffer */
	unsigned int dlfeat;	/* deallocate read behaviour, bits 2:0 */
	unsigned int dps;	/* end-to-end protection settings */
};

/**
 * ssdq_id_ns_decode() - Decode an Identify Namespace page.
 *
 * Return: 0, -ENODEV for an inactive namespace (NSZE 0), -EPROTO when the
 * in-use format index or its LBADS is invalid (LBADS below 9 or above 16).
 */
int ssdq_id_ns_decode(const struct nvme_id_ns *ns, struct ssdq_id_ns *id);

/**
 * struct ssdq_apst - Autonomous Power State Transition (feature 0Ch)
 * @enabled: APSTE
 * @n: entries that name a transition (ITPT non-zero)
 * @idle_ms: idle time before the transition, per entry
 * @to_ps: the state transitioned to
 * @from_ps: the state it is left from
 */
struct ssdq_apst {
	bool enabled;
	unsigned int n;
	uint32_t idle_ms[32];
	uint8_t to_ps[32];
	uint8_t from_ps[32];
};

/** ssdq_apst_decode() - Decode feature 0Ch: @dw0 and the table (NULL: none). */
void ssdq_apst_decode(uint32_t dw0, const struct nvme_feat_auto_pst *t, struct ssdq_apst *a);

/**
 * ssdq_apst_encode() - The feature 0Ch table of @a (the inverse of
 * ssdq_apst_decode(): an entry per transition, the others zero).
 */
void ssdq_apst_encode(const struct ssdq_apst *a, struct nvme_feat_auto_pst *t);

/**
 * ssdq_nvme_read_id_ctrl() - Identify Controller on @fd, decoded.
 *
 * Return: as nvme_admin.h (0, NVMe status > 0, -errno).
 */
int ssdq_nvme_read_id_ctrl(int fd, uint32_t timeout_ms, struct ssdq_id_ctrl *c);

/**
 * ssdq_nvme_read_id_ns() - Identify Namespace @nsid on @fd, decoded.
 *
 * Return: as nvme_admin.h, or ssdq_id_ns_decode()'s -ENODEV, -EPROTO.
 */
int ssdq_nvme_read_id_ns(int fd, uint32_t timeout_ms, uint32_t nsid, struct ssdq_id_ns *id);

/**
 * ssdq_nvme_read_apst() - Get Features APST on @fd, decoded.
 *
 * Return: as nvme_admin.h.
 */
int ssdq_nvme_read_apst(int fd, uint32_t timeout_ms, struct ssdq_apst *a);

#endif
