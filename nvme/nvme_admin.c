// SPDX-License-Identifier: GPL-2.0-only
#include <libnvme.h>
#include <endian.h>
#include <errno.h>

#include "nvme_admin.h"

/* libnvme answers -1 with errno set, or the status; ssdq answers -errno. */
static int answer(int ret)
{
	return ret < 0 ? (errno ? -errno : -EIO) : ret;
}

int ssdq_nvme_get_nsid(int fd, uint32_t *nsid)
{
	if (nvme_get_nsid(fd, nsid))
		return errno ? -errno : -EIO;
	return *nsid ? 0 : -ENODEV;
}

static int identify(int fd, uint32_t timeout_ms, enum nvme_identify_cns cns, uint32_t nsid,
		    void *data)
{
	struct nvme_identify_args args = {
		.data = data,
		.args_size = sizeof(args),
		.fd = fd,
		.timeout = timeout_ms,
		.cns = cns,
		.csi = NVME_CSI_NVM,
		.nsid = nsid,
		.cntid = NVME_CNTLID_NONE,
		.cns_specific_id = NVME_CNSSPECID_NONE,
		.uuidx = NVME_UUID_NONE,
	};

	return answer(nvme_identify(&args));
}

int ssdq_nvme_identify_ctrl(int fd, uint32_t timeout_ms, struct nvme_id_ctrl *id)
{
	return identify(fd, timeout_ms, NVME_IDENTIFY_CNS_CTRL, NVME_NSID_NONE, id);
}

int ssdq_nvme_identify_ns(int fd, uint32_t timeout_ms, uint32_t nsid, struct nvme_id_ns *ns)
{
	return identify(fd, timeout_ms, NVME_IDENTIFY_CNS_NS, nsid, ns);
}

int ssdq_nvme_identify_uuid(int fd, uint32_t timeout_ms, struct nvme_id_uuid_list *list)
{
	return identify(fd, timeout_ms, NVME_IDENTIFY_CNS_UUID_LIST, NVME_NSID_NONE, list);
}

int ssdq_nvme_get_log(int fd, uint32_t timeout_ms, uint8_t lid, uint8_t uuidx, void *buf,
		      uint32_t len)
{
	struct nvme_get_log_args args = {
		.log = buf,
		.args_size = sizeof(args),
		.fd = fd,
		.timeout = timeout_ms,
		.lid = lid,
		.len = len,
		.nsid = NVME_NSID_ALL,
		.csi = NVME_CSI_NVM,
		.lsi = NVME_LOG_LSI_NONE,
		.lsp = NVME_LOG_LSP_NONE,
		.uuidx = uuidx & 0x7f,
		.rae = false,
	};

	return answer(nvme_get_log(&args));
}

static int get_feature(int fd, uint32_t timeout_ms, enum nvme_features_id fid, void *data,
		       uint32_t len, uint32_t *dw0)
{
	struct nvme_get_features_args args = {
		.result = dw0,
		.data = data,
		.args_size = sizeof(args),
		.fd = fd,
		.timeout = timeout_ms,
		.nsid = NVME_NSID_NONE,
		.sel = NVME_GET_FEATURES_SEL_CURRENT,
		.data_len = data ? len : 0,
		.fid = (uint8_t)fid,
		.uuidx = NVME_UUID_NONE,
	};

	return answer(nvme_get_features(&args));
}

int ssdq_nvme_get_power_state(int fd, uint32_t timeout_ms, unsigned int *ps)
{
	uint32_t dw0 = 0;
	int ret = get_feature(fd, timeout_ms, NVME_FEAT_FID_POWER_MGMT, NULL, 0, &dw0);

	if (!ret)
		*ps = NVME_GET(dw0, FEAT_PWRMGMT_PS);
	return ret;
}

/* Not libnvme 1.3's nvme_get_features_auto_pst(): it asks for feature 03h. */
int ssdq_nvme_get_apst(int fd, uint32_t timeout_ms, uint32_t *dw0,
		       struct nvme_feat_auto_pst *table)
{
	return get_feature(fd, timeout_ms, NVME_FEAT_FID_AUTO_PST, table, sizeof(*table), dw0);
}

int ssdq_nvme_get_write_cache(int fd, uint32_t timeout_ms, bool *enabled)
{
	uint32_t dw0 = 0;
	int ret = get_feature(fd, timeout_ms, NVME_FEAT_FID_VOLATILE_WC, NULL, 0, &dw0);

	if (!ret)
		*enabled = NVME_GET(dw0, FEAT_VWC_WCE);
	return ret;
}

/* Set Features, current (not saved), with @data of @len bytes or none. */
static int set_feature(int fd, uint32_t timeout_ms, uint8_t fid, uint32_t cdw11, void *data,
		       uint32_t len)
{
	uint32_t dw0 = 0;
	struct nvme_set_features_args args = {
		.result = &dw0,
		.data = data,
		.args_size = sizeof(args),
		.fd = fd,
		.timeout = timeout_ms,
		.nsid = NVME_NSID_NONE,
		.cdw11 = cdw11,
		.save = false,
		.uuidx = NVME_UUID_NONE,
		.fid = fid,
		.data_len = data ? len : 0,
	};

	return answer(nvme_set_features(&args));
}

int ssdq_nvme_set_write_cache(int fd, uint32_t timeout_ms, bool enabled)
{
	return set_feature(fd, timeout_ms, NVME_FEAT_FID_VOLATILE_WC,
			   NVME_SET(enabled ? 1u : 0u, FEAT_VWC_WCE), NULL, 0);
}

int ssdq_nvme_set_power_meas(int fd, uint32_t timeout_ms, uint32_t cdw11)
{
	/* Power Measurement, 25h: not in libnvme 1.3 */
	return set_feature(fd, timeout_ms, 0x25, cdw11, NULL, 0);
}

int ssdq_nvme_set_power_state(int fd, uint32_t timeout_ms, unsigned int ps)
{
	return set_feature(fd, timeout_ms, NVME_FEAT_FID_POWER_MGMT,
			   NVME_SET(ps, FEAT_PWRMGMT_PS), NULL, 0);
}

int ssdq_nvme_set_apst(int fd, uint32_t timeout_ms, bool enabled,
		       struct nvme_feat_auto_pst *table)
{
	return set_feature(fd, timeout_ms, NVME_FEAT_FID_AUTO_PST,
			   NVME_SET(enabled ? 1u : 0u, FEAT_APST_APSTE), table, sizeof(*table));
}

int ssdq_nvme_format(int fd, uint32_t timeout_ms, uint32_t nsid, unsigned int lbaf,
		     unsigned int ses)
{
	struct nvme_format_nvm_args args = {
		.args_size = sizeof(args),
		.fd = fd,
		.timeout = timeout_ms,
		.nsid = nsid,
		.mset = NVME_FORMAT_MSET_SEPARATE,
		.pi = NVME_FORMAT_PI_DISABLE,
		.pil = NVME_FORMAT_PIL_LAST,
		.ses = (enum nvme_cmd_format_ses)ses,
		.lbaf = lbaf & 0xf,
		.lbafu = (lbaf >> 4) & 0x3,
	};

	return answer(nvme_format_nvm(&args));
}

int ssdq_nvme_sanitize_block(int fd, uint32_t timeout_ms)
{
	struct nvme_sanitize_nvm_args args = {
		.args_size = sizeof(args),
		.fd = fd,
		.timeout = timeout_ms,
		.sanact = NVME_SANITIZE_SANACT_START_BLOCK_ERASE,
	};

	return answer(nvme_sanitize_nvm(&args));
}

int ssdq_nvme_deallocate(int fd, uint32_t timeout_ms, uint32_t nsid, uint64_t slba,
			 uint32_t nlb)
{
	struct nvme_dsm_range range = {
		.cattr = 0,
		.nlb = htole32(nlb),
		.slba = htole64(slba),
	};
	struct nvme_dsm_args args = {
		.dsm = &range,
		.args_size = sizeof(args),
		.fd = fd,
		.timeout = timeout_ms,
		.nsid = nsid,
		.attrs = NVME_DSMGMT_AD,
		.nr_ranges = 1,
	};

	return answer(nvme_dsm(&args));
}
