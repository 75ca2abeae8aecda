// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgcmd.h"
#include "erase.h"
#include "nvme_log.h"
#include "nvme_status.h"

const char *ssdq_erase_name(enum ssdq_erase_method m)
{
	switch (m) {
	case SSDQ_ERASE_NONE:		return "none";
	case SSDQ_ERASE_AUTO:		return "auto";
	case SSDQ_ERASE_SANITIZE:	return "sanitize";
	case SSDQ_ERASE_FORMAT:		return "format";
	case SSDQ_ERASE_DEALLOCATE:	return "deallocate";
	case SSDQ_ERASE_PURGE:		return "purge";
	}
	return "unknown";
}

enum ssdq_erase_method ssdq_erase_pick(const struct ssdq_id_ctrl *caps)
{
	if (caps->sanitize_block && caps->nn == 1)
		return SSDQ_ERASE_SANITIZE;
	if (caps->format && (!caps->format_all_ns || caps->nn == 1))
		return SSDQ_ERASE_FORMAT;
	if (caps->dsm)
		return SSDQ_ERASE_DEALLOCATE;
	return SSDQ_ERASE_NONE;
}

static int sanitize(struct ssdq_erase_ctl *ctl, struct ssdq_nsdev *dev, char *err,
		    size_t errlen)
{
	struct ssdq_sanitize_status log;
	int64_t t0, deadline;
	int ret;

	ret = ssdq_nvme_result(ssdq_nvme_sanitize_block(dev->fd, SSDQ_ERASE_ADMIN_TIMEOUT_MS),
		     "Sanitize (block erase)", err, errlen);
	if (ret)
		return ret;
	t0 = ssdq_stop_mono_us(&ctl->stop);
	deadline = t0 + (int64_t)SSDQ_ERASE_MAX_MS * 1000;
	for (int first = 1;; first = 0) {
		uint32_t etbe;

		ret = ssdq_nvme_result(ssdq_nvme_read_sanitize(dev->fd, SSDQ_ERASE_ADMIN_TIMEOUT_MS,
							       &log),
				       "Sanitize Status log", err, errlen);
		if (ret)
			return ret;
		if (log.sstat == SSDQ_SANITIZE_DONE || log.sstat == SSDQ_SANITIZE_DONE_NO_DEALLOC)
			return 0;
		if (log.sstat == SSDQ_SANITIZE_FAILED) {
			snprintf(err, errlen, "Sanitize (block erase) failed (Sanitize Status log)");
			return -EIO;
		}
		etbe = log.etbe;
		if (first && etbe && etbe != 0xffffffffu) {
			ctl->sanitize_est_s = etbe;
			deadline = t0 + ((int64_t)etbe * SSDQ_SANITIZE_FACTOR +
					 SSDQ_SANITIZE_MARGIN_S) * 1000000;
		}
		if (ssdq_stop_mono_us(&ctl->stop) >= deadline) {
			snprintf(err, errlen, "Sanitize (block erase) still in progress after %lld s "
				 "(the drive estimated %s%u s): giving up; the drive goes on sanitizing",
				 (long long)((ssdq_stop_mono_us(&ctl->stop) - t0) / 1000000),
				 ctl->sanitize_est_s ? "" : "nothing; the limit is ",
				 ctl->sanitize_est_s ? ctl->sanitize_est_s : SSDQ_ERASE_MAX_MS / 1000);
			return -ETIMEDOUT;
		}
		if (ssdq_wait_for(&ctl->stop, SSDQ_SANITIZE_POLL_US)) {
			snprintf(err, errlen, "Sanitize (block erase): stopped after %lld s; the "
				 "drive goes on sanitizing (a sanitize cannot be aborted) and refuses "
				 "I/O until it has finished",
				 (long long)((ssdq_stop_mono_us(&ctl->stop) - t0) / 1000000));
			return -EINTR;
		}
	}
}

/* In the helper process: the Format NVM itself, user data erase. */
static int format_call(void *arg)
{
	const struct ssdq_nsdev *dev = arg;

	return ssdq_nvme_format(dev->fd, SSDQ_ERASE_MAX_MS, dev->ns.nsid, dev->id.flba,
				SSDQ_NVME_SES_USER_DATA_ERASE);
}

static int format(struct ssdq_erase_ctl *ctl, struct ssdq_nsdev *dev, char *err,
		  size_t errlen)
{
	int64_t t0 = ssdq_stop_mono_us(&ctl->stop);
	int ret;

	ret = ssdq_bg_call(format_call, dev, "ssdq-format", &ctl->stop,
			   t0 + (int64_t)SSDQ_ERASE_MAX_MS * 1000 +
			   SSDQ_SANITIZE_MARGIN_S * 1000000LL, &ctl->left_pid);
	if (ret == -EINTR || ret == -ETIMEDOUT) {
		snprintf(err, errlen, "Format NVM (user data erase): %s after %lld s; the drive "
			 "finishes the format in the background, and helper pid %d [ssdq-format] "
			 "holds the namespace until it has", ret == -EINTR ? "stopped" :
			 "no answer", (long long)((ssdq_stop_mono_us(&ctl->stop) - t0) / 1000000),
			 (int)ctl->left_pid);
		return ret;
	}
	return ssdq_nvme_result(ret, "Format NVM (user data erase)", err, errlen);
}

static int deallocate_all(struct ssdq_erase_ctl *ctl, struct ssdq_nsdev *dev, char *err,
			  size_t errlen)
{
	uint64_t lba = 0, per_cmd = SSDQ_DEALLOC_CMD_BYTES >> dev->ns.lba_shift;
	int ret = 0;

	if (per_cmd > 0xffffffffULL)
		per_cmd = 0xffffffffULL;
	while (!ret && lba < dev->ns.nlba) {
		uint64_t len = dev->ns.nlba - lba < per_cmd ? dev->ns.nlba - lba : per_cmd;

		if (ssdq_stop_requested(&ctl->stop)) {
			snprintf(err, errlen, "Dataset Management (deallocate): stopped at LBA %llu "
				 "of %llu", (unsigned long long)lba,
				 (unsigned long long)dev->ns.nlba);
			ret = -EINTR;
			break;
		}
		ret = ssdq_nvme_result(ssdq_nvme_deallocate(dev->fd, SSDQ_ERASE_ADMIN_TIMEOUT_MS,
						  dev->ns.nsid, lba, (uint32_t)len),
			     "Dataset Management (deallocate)", err, errlen);
		lba += len;
	}
	return ret;
}

int ssdq_erase_ns(struct ssdq_nsdev *dev, enum ssdq_erase_method want,
		  enum ssdq_erase_method *used, struct ssdq_erase_ctl *ctl, char *err,
		  size_t errlen)
{
	struct ssdq_erase_ctl none = { .stop = { .flag = NULL } };
	struct ssdq_id_ctrl caps;
	enum ssdq_erase_method m = want;
	int ret;

	if (!ctl)
		ctl = &none;
	ctl->left_pid = 0;
	ctl->sanitize_est_s = 0;
	ret = ssdq_nvme_result(ssdq_nvme_read_id_ctrl(dev->fd, SSDQ_ERASE_ADMIN_TIMEOUT_MS, &caps),
		     "Identify Controller", err, errlen);
	if (ret)
		return ret;
	if (m == SSDQ_ERASE_AUTO || m == SSDQ_ERASE_PURGE)
		m = ssdq_erase_pick(&caps);
	if (want == SSDQ_ERASE_PURGE && m != SSDQ_ERASE_SANITIZE && m != SSDQ_ERASE_FORMAT) {
		*used = SSDQ_ERASE_PURGE;
		snprintf(err, errlen, "ssdq_erase=purge: the drive supports no SNIA PTS purge for "
			 "this namespace (neither Sanitize block erase nor Format NVM%s); "
			 "ssdq_erase=auto (ssdq-run --set SSDQ_PTS_PURGE=auto) goes on with %s",
			 caps.nn != 1 ? " on one namespace of several" : "",
			 caps.dsm ? "deallocation, not a PTS purge" : "nothing: no deallocate either");
		return -EOPNOTSUPP;
	}
	*used = m;
	switch (m) {
	case SSDQ_ERASE_SANITIZE:
		if (!caps.sanitize_block || caps.nn != 1)
			break;
		return sanitize(ctl, dev, err, errlen);
	case SSDQ_ERASE_FORMAT:
		if (!caps.format || (caps.format_all_ns && caps.nn != 1))
			break;
		return format(ctl, dev, err, errlen);
	case SSDQ_ERASE_DEALLOCATE:
		if (!caps.dsm)
			break;
		return deallocate_all(ctl, dev, err, errlen);
	default:
		snprintf(err, errlen, "the drive supports none of Sanitize (block erase), "
			 "Format NVM and Dataset Management");
		return -EOPNOTSUPP;
	}
	snprintf(err, errlen, "ssdq_erase=%s: the drive does not support it%s", ssdq_erase_name(m),
		 caps.nn != 1 && m != SSDQ_ERASE_DEALLOCATE ?
		 " on one namespace of several (it would erase the others)" : "");
	return -EOPNOTSUPP;
}
