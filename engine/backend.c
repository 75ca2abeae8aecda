// SPDX-License-Identifier: GPL-2.0-only
/*
 * What every backend shares (backend.h): command building, completion
 * accounting and the description of a failed I/O, issue stamps.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ssdq.h"
#include "backend.h"
#include "sidecar.h"
#include "nvme_status.h"
#include "util.h"

static const char *ddir_name(enum fio_ddir ddir)
{
	switch (ddir) {
	case DDIR_READ:		return "read";
	case DDIR_WRITE:	return "write";
	case DDIR_TRIM:		return "trim";
	case DDIR_SYNC:
	case DDIR_DATASYNC:	return "flush";
	default:		return "command";
	}
}

void ssdq_mark_issued(struct thread_data *td, struct io_u **io_us, unsigned int n)
{
	struct timespec now;

	if (!n || !fio_fill_issue_time(td))
		return;
	fio_gettime(&now, NULL);
	for (unsigned int i = 0; i < n; i++) {
		io_us[i]->issue_time = now;
		io_u_queued(td, io_us[i]);
	}
	if (td->o.read_iolog_file)
		td->last_issue = now;
}

int ssdq_prep_cmds(struct thread_data *td, struct io_u *io_u,
		   struct nvme_uring_cmd *cmds)
{
	struct ssdq_nsdev *dev = ssdq_file_dev(io_u->file);
	struct ssdq_iou *iou = io_u->engine_data;
	struct ssdq_data *sd = td->io_ops_data;
	unsigned long long off = io_u->offset, len = io_u->xfer_buflen;
	char *buf = io_u->xfer_buf;
	unsigned int n = 0;
	int ret = 0;

	iou->parts = 0;
	iou->status = 0;
	iou->err = 0;

	switch (io_u->ddir) {
	case DDIR_READ:
	case DDIR_WRITE:
		ret = ssdq_nvme_check_span(&dev->ns, off, len);
		while (!ret && len) {
			unsigned long long mx = dev->max_xfer < sd->xfer_cap ? dev->max_xfer :
						sd->xfer_cap;
			unsigned long long chunk = len < mx ? len : mx;

			if (n == sd->max_parts) {
				ret = -E2BIG;
				break;
			}
			ret = ssdq_nvme_build_rw(&cmds[n++], &dev->ns,
						 io_u->ddir == DDIR_READ ? SSDQ_NVME_CMD_READ :
						 SSDQ_NVME_CMD_WRITE, off, chunk, buf);
			off += chunk;
			buf += chunk;
			len -= chunk;
		}
		break;
	case DDIR_TRIM:
		ret = ssdq_nvme_build_deallocate(&cmds[n++], &iou->range, &dev->ns, off, len);
		break;
	case DDIR_SYNC:
	case DDIR_DATASYNC:
		ssdq_nvme_build_flush(&cmds[n++], &dev->ns);
		break;
	default:
		ret = -EOPNOTSUPP;
		break;
	}
	if (ret) {
		if (ret == -EINVAL)
			ssdq_log("%s: %s of %llu bytes at offset %llu is not a multiple of the "
				 "%u-byte LBA size; nothing was sent", io_u->file->file_name,
				 ddir_name(io_u->ddir), io_u->xfer_buflen, io_u->offset,
				 1u << dev->ns.lba_shift);
		else
			ssdq_log("%s: cannot build the %s at offset %llu: %s",
				 io_u->file->file_name, ddir_name(io_u->ddir), io_u->offset,
				 strerror(-ret));
		io_u->error = -ret;
		return ret;
	}
	iou->parts = n;
	return (int)n;
}

static void describe_error(struct thread_data *td, struct io_u *io_u)
{
	struct ssdq_iou *iou = io_u->engine_data;
	struct ssdq_data *sd = td->io_ops_data;
	char what[512], line[1024];

	sd->nr_errors++;
	if (sd->nr_errors_shown >= SSDQ_ERRORS_SHOWN)
		return;
	sd->nr_errors_shown++;
	if (iou->status)
		ssdq_nvme_status_str(what, sizeof(what), iou->status);
	else if (iou->err == EACCES || iou->err == EPERM)
		snprintf(what, sizeof(what), "%s: NVMe passthrough I/O needs CAP_SYS_ADMIN "
			 "before Linux 6.2 (run as root), or the node opened for writing",
			 strerror(iou->err));
	else
		snprintf(what, sizeof(what), "%s", strerror(iou->err));
	snprintf(line, sizeof(line), "%s: %s offset=%llu len=%llu failed: %s",
		 io_u->file->file_name, ddir_name(io_u->ddir), io_u->offset,
		 io_u->xfer_buflen, what);
	ssdq_log("%s%s", line, sd->nr_errors_shown == SSDQ_ERRORS_SHOWN ?
		 " (further errors only counted)" : "");
	ssdq_event_str(td, "device_error", "msg", line);
}

void ssdq_io_failed(struct thread_data *td, struct io_u *io_u, uint16_t status)
{
	struct ssdq_iou *iou = io_u->engine_data;

	iou->parts = 1;
	iou->status = 0;
	iou->err = 0;
	ssdq_part_done(td, io_u, status);
}

bool ssdq_part_done(struct thread_data *td, struct io_u *io_u, int res)
{
	struct ssdq_iou *iou = io_u->engine_data;

	if (res > 0 && !iou->status && !iou->err) {
		iou->status = (uint16_t)res;
		iou->err = ssdq_nvme_status_errno((uint16_t)res);
	} else if (res < 0 && !iou->status && !iou->err) {
		iou->err = -res;
	}
	if (iou->parts && --iou->parts)
		return false;
	io_u->error = iou->err;
	io_u->resid = iou->err ? io_u->xfer_buflen : 0;
	if (iou->err)
		describe_error(td, io_u);
	return true;
}
