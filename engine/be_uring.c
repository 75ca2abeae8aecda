// SPDX-License-Identifier: GPL-2.0-only
/* io_uring backend: IORING_OP_URING_CMD with big SQEs and CQEs. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <liburing.h>

#include "ssdq.h"
#include "guard.h"
#include "pollq.h"
#include "uring_plan.h"
#include "wait.h"

/* io_uring refuses rings larger than this. */
#define URING_MAX_ENTRIES	32768u

struct uring_data {
	struct io_uring ring;
	int ring_ok;
	int polling;			/* holds the controller's polling lock */
	int fixed;
	int reap_enters;		/* completions show only when we enter:
					   deferred task work, or polling */
	int sqpoll;			/* a kernel thread sends the SQ */
	unsigned long long piece;	/* bytes per registered buffer */
	struct nvme_uring_cmd *cmds;	/* scratch, max_parts long */
	struct io_u **events;		/* reaped by the last getevents */
	struct io_u **queued;		/* queued since the last commit */
	unsigned int nr_queued;
	unsigned int depth;
	long long slice_us;		/* > 0: waits in slices this long, looking at
					   the stall watch between them */
	int stalled;			/* the job stopped as stalled: the ring is left be */
};

static void explain_setup_error(int ret, unsigned int flags)
{
	FILE *f;
	char val[16] = "";

	switch (ret) {
	case -EPERM:
		f = fopen("/proc/sys/kernel/io_uring_disabled", "re");
		if (f) {
			if (!fgets(val, sizeof(val), f))
				val[0] = '\0';
			fclose(f);
			val[strcspn(val, "\n")] = '\0';
		}
		ssdq_log("io_uring is not allowed here (%s%s%s); set sysctl "
			 "kernel.io_uring_disabled=0 (or add the user to io_uring_group), "
			 "or use ssdq_sync=1", strerror(-ret), *val ? ", io_uring_disabled=" : "",
			 val);
		break;
	case -ENOSYS:
		ssdq_log("this kernel has no io_uring (%s); use ssdq_sync=1", strerror(-ret));
		break;
	case -EINVAL:
		ssdq_log("io_uring setup refused big SQEs/CQEs%s%s (%s): NVMe passthrough over "
			 "io_uring needs Linux 5.19 or newer (polled, 6.1); use ssdq_sync=1",
			 flags & IORING_SETUP_SQPOLL ? " or SQPOLL" : "",
			 flags & IORING_SETUP_IOPOLL ? " or IOPOLL" : "", strerror(-ret));
		break;
	case -ENOMEM:
		ssdq_log("io_uring setup ran out of locked memory (%s); raise ulimit -l "
			 "or lower iodepth", strerror(-ret));
		break;
	default:
		ssdq_log("io_uring setup failed: %s", strerror(-ret));
		break;
	}
}

/*
 * One registered buffer per command an io_u can become: the kernel hands
 * a passthrough command the rest of its registered buffer as segments, so
 * each must be no larger than one command.
 */
static int register_buffers(struct thread_data *td, struct uring_data *ud)
{
	struct ssdq_data *sd = td->io_ops_data;
	unsigned long long max_bs = td_max_bs(td), piece = sd->xfer_cap;
	unsigned int n = td->io_u_all.nr * sd->max_parts, i;
	struct iovec *iov;
	struct io_u *io_u;
	int ret;

	if (piece > max_bs)
		piece = max_bs;
	iov = calloc(n, sizeof(*iov));
	if (!iov)
		return -ENOMEM;
	io_u_qiter(&td->io_u_all, io_u, i) {
		for (unsigned int p = 0; p < sd->max_parts; p++) {
			unsigned long long off = p * piece;
			struct iovec *v = &iov[ssdq_iou_of(io_u)->index * sd->max_parts + p];

			v->iov_base = (char *)io_u->buf + off;
			v->iov_len = off < max_bs ? (max_bs - off < piece ? max_bs - off : piece) : 0;
			if (!v->iov_len) {
				v->iov_base = io_u->buf;
				v->iov_len = 1;
			}
		}
	}
	ret = io_uring_register_buffers(&ud->ring, iov, n);
	free(iov);
	if (ret < 0) {
		ssdq_log("ssdq_fixedbufs: registering %u buffers of up to %llu bytes failed (%s)%s",
			 n, piece, strerror(-ret), ret == -ENOMEM ? "; raise ulimit -l" :
			 ret == -EINVAL ? "; lower iodepth or bs (at most 16384 buffers)" : "");
		return ret;
	}
	ud->fixed = 1;
	ud->piece = piece;
	return 0;
}

/* ssdq_hipri: a namespace without poll queues is refused (engine/pollq.h). */
static int check_poll_queues(struct thread_data *td)
{
	struct fio_file *f;
	unsigned int i;

	for_each_file(td, f, i) {
		struct ssdq_nsdev dev;
		char msg[768];
		int ret;

		if (ssdq_nsdev_open(f->file_name, O_RDONLY, &dev, msg, sizeof(msg)))
			continue;	/* opening the file says why, later */
		ret = dev.block[0] ? ssdq_poll_queues(NULL, f->file_name, dev.block, msg,
						      sizeof(msg)) : -ENOENT;
		if (ret == -ENOENT && !dev.block[0])
			snprintf(msg, sizeof(msg), "cannot tell whether %s polls: no block node "
				 "found for it", f->file_name);
		ssdq_nsdev_close(&dev);
		if (ret == -EOPNOTSUPP) {
			ssdq_log("%s: %s", td->o.name, msg);
			return ret;
		}
		if (ret)
			ssdq_log("%s: %s; polling anyway", td->o.name, msg);
	}
	return 0;
}

/* Whether fio waits for a completion right after this commit (uring_plan.h). */
static bool fio_waits_next(struct thread_data *td)
{
	const struct ssdq_fio_queue_view v = {
		.free_io_us = td->io_u_freelist.nr,
		.cur_depth = td->cur_depth,
		.latency_target = td->o.latency_target != 0,
		.latency_qd = td->latency_qd,
		.batch_complete_min = td->o.iodepth_batch_complete_min,
		.batch_complete_max = td->o.iodepth_batch_complete_max,
		.inline_submit = td->o.io_submit_mode == IO_MODE_INLINE,
	};

	return ssdq_fio_waits_next(&v);
}

static int uring_post_init(struct thread_data *td)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_data *sd = td->io_ops_data;
	struct io_uring_params p;
	struct uring_data *ud;
	unsigned long long entries;
	int ret;

	ud = calloc(1, sizeof(*ud));
	if (!ud)
		return -ENOMEM;
	sd->be_data = ud;
	ud->depth = td->o.iodepth;
	ud->cmds = calloc(sd->max_parts, sizeof(*ud->cmds));
	ud->events = calloc(ud->depth, sizeof(*ud->events));
	ud->queued = calloc(ud->depth, sizeof(*ud->queued));
	if (!ud->cmds || !ud->events || !ud->queued)
		return -ENOMEM;

	entries = (unsigned long long)ud->depth * sd->max_parts;
	if (entries > URING_MAX_ENTRIES)
		entries = URING_MAX_ENTRIES;
	if (entries < sd->max_parts) {
		ssdq_log("%s: one I/O needs %u commands, more than an io_uring holds; "
			 "lower bs or raise ssdq_max_xfer", td->o.name, sd->max_parts);
		return -E2BIG;
	}
	/*
	 * One task submits and reaps, so completions need no IPI and their
	 * task work can wait until we ask for events; older kernels lack the
	 * flags and get a plain ring.
	 */
	if (o->hipri) {
		ret = check_poll_queues(td);
		if (!ret)
			ret = ssdq_guard_poller(td);
		if (ret)
			return ret;
		ud->polling = 1;
	}
	memset(&p, 0, sizeof(p));
	p.flags = IORING_SETUP_SQE128 | IORING_SETUP_CQE32 | IORING_SETUP_COOP_TASKRUN;
	if (o->hipri)
		p.flags |= IORING_SETUP_IOPOLL;
	if (o->sqpoll) {
		p.flags |= IORING_SETUP_SQPOLL;
		p.sq_thread_idle = o->sqpoll_idle;
	} else {
		p.flags |= IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN;
	}
	for (;;) {
		ret = io_uring_queue_init_params((unsigned int)entries, &ud->ring, &p);
		if (ret != -EINVAL)
			break;
		if (p.flags & IORING_SETUP_DEFER_TASKRUN)
			p.flags &= ~(IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN);
		else if (p.flags & IORING_SETUP_COOP_TASKRUN)
			p.flags &= ~IORING_SETUP_COOP_TASKRUN;
		else
			break;
	}
	ud->reap_enters = !!(p.flags & (IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_IOPOLL));
	ud->sqpoll = !!(p.flags & IORING_SETUP_SQPOLL);
	if (ret < 0) {
		explain_setup_error(ret, p.flags);
		return ret;
	}
	ud->ring_ok = 1;
	if (o->stall_us || o->progress_us) {
		ud->slice_us = SSDQ_STOP_SLICE_US;
		if (o->stall_us && (long long)o->stall_us / 4 < ud->slice_us)
			ud->slice_us = o->stall_us / 4 > 1000 ? (long long)o->stall_us / 4 : 1000;
	}

	if (o->fixedbufs && td->orig_buffer && (td_read(td) || td_write(td)))
		return register_buffers(td, ud);
	return 0;
}

static enum fio_q_status uring_queue(struct thread_data *td, struct io_u *io_u)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct uring_data *ud = sd->be_data;
	int n;

	if (ud->stalled) {
		io_u->error = ETIMEDOUT;
		return FIO_Q_COMPLETED;
	}
	if (ud->nr_queued == ud->depth)
		return FIO_Q_BUSY;
	n = ssdq_prep_cmds(td, io_u, ud->cmds);
	if (n < 0)
		return FIO_Q_COMPLETED;
	if (io_uring_sq_space_left(&ud->ring) < (unsigned int)n)
		return FIO_Q_BUSY;

	for (int i = 0; i < n; i++) {
		struct io_uring_sqe *sqe = io_uring_get_sqe(&ud->ring);

		if (!sqe)	/* space was checked above */
			abort();
		memset(sqe, 0, 2 * sizeof(*sqe));
		sqe->opcode = IORING_OP_URING_CMD;
		sqe->fd = io_u->file->fd;
		sqe->cmd_op = NVME_URING_CMD_IO;
		if (ud->fixed && ddir_rw(io_u->ddir) && io_u->xfer_buf == io_u->buf) {
			sqe->uring_cmd_flags = IORING_URING_CMD_FIXED;
			sqe->buf_index = (__u16)(ssdq_iou_of(io_u)->index * sd->max_parts + i);
		}
		memcpy(sqe->cmd, &ud->cmds[i], sizeof(ud->cmds[i]));
		io_uring_sqe_set_data(sqe, io_u);
	}
	ud->queued[ud->nr_queued++] = io_u;
	return FIO_Q_QUEUED;
}

/*
 * Send what the SQ holds, waiting for @wait_nr completions in the same
 * io_uring_enter. -EAGAIN and -EBUSY leave the rest in the SQ for the next
 * enter.
 */
static int uring_enter(struct thread_data *td, struct uring_data *ud, unsigned int wait_nr)
{
	int ret;

	for (;;) {
		ret = io_uring_submit_and_wait(&ud->ring, wait_nr);
		if (ret >= 0 || ret == -EAGAIN || ret == -EBUSY)
			return 0;
		if (ret != -EINTR) {
			ssdq_log("%s: io_uring_enter failed: %s", td->o.name, strerror(-ret));
			return ret;
		}
	}
}

/*
 * The io_us are stamped issued here, before any syscall sends them. When
 * fio waits next, the wait sends them: one io_uring_enter, not two.
 */
static int uring_commit(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct uring_data *ud = sd->be_data;

	if (!ud->nr_queued)
		return 0;
	ssdq_mark_issued(td, ud->queued, ud->nr_queued);
	ud->nr_queued = 0;
	if (ud->stalled || (!ud->sqpoll && fio_waits_next(td)))
		return 0;
	return uring_enter(td, ud, 0);
}

/*
 * The job was stopped as stalled (ssdq_watch_tick()): each io_u its drive
 * has not completed fails with ETIMEDOUT, up to @max of them, and the ring
 * is never entered again; the kernel keeps its commands until the drive or
 * the NVMe driver's timeout ends them. Return: the events, @events and on.
 */
static int give_up(struct thread_data *td, struct uring_data *ud, unsigned int events,
		   unsigned int max)
{
	struct io_u *io_u;
	unsigned int i;

	ud->stalled = 1;
	io_u_qiter(&td->io_u_all, io_u, i) {
		struct ssdq_iou *iou = ssdq_iou_of(io_u);

		if (events == max)
			break;
		if (!(io_u->flags & IO_U_F_FLIGHT) || !iou->parts)
			continue;
		iou->parts = 0;
		io_u->error = ETIMEDOUT;
		io_u->resid = io_u->xfer_buflen;
		ud->events[events++] = io_u;
	}
	return (int)events;
}

/*
 * Wait for @wait_nr completions, sending what the SQ holds in the same
 * io_uring_enter, for at most one slice of the stop watch. Return: 0,
 * -ETIME when the slice ran out, or another -errno.
 */
static int wait_slice(struct uring_data *ud, unsigned int wait_nr)
{
	struct __kernel_timespec kts = {
		.tv_sec = ud->slice_us / 1000000,
		.tv_nsec = (ud->slice_us % 1000000) * 1000,
	};
	struct io_uring_cqe *cqe;
	int ret = io_uring_submit_and_wait_timeout(&ud->ring, &cqe, wait_nr, &kts, NULL);

	return ret < 0 ? ret : 0;
}

/*
 * With ssdq_stall_timeout= or ssdq_progress=, a wait with no end of its
 * own sleeps in slices (SSDQ_STOP_SLICE_US, a quarter of the stall bound
 * when that is shorter) and looks at the stall watch between them, so a
 * drive that hangs stops the job within a slice of the bound.
 */
static int uring_getevents(struct thread_data *td, unsigned int min,
			   unsigned int max, const struct timespec *t)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct uring_data *ud = sd->be_data;
	unsigned int events = 0;
	int entered = 0, sent = 0;

	if (ud->stalled)
		return give_up(td, ud, 0, max);
	for (;;) {
		struct io_uring_cqe *cqe;
		unsigned int head, seen = 0;
		int ret;

		io_uring_for_each_cqe(&ud->ring, head, cqe) {
			struct io_u *io_u = io_uring_cqe_get_data(cqe);

			if (events == max)
				break;
			seen++;
			if (ssdq_part_done(td, io_u, cqe->res))
				ud->events[events++] = io_u;
		}
		io_uring_cq_advance(&ud->ring, seen);
		if (ud->slice_us && events < min && ssdq_watch_tick(td))
			return give_up(td, ud, events, max);
		/* what commit left unsent goes now, with the wait if one is due */
		if (!sent && !ud->sqpoll && io_uring_sq_ready(&ud->ring)) {
			unsigned int wait_nr = events < min ? min - events : 0;

			sent = 1;
			if (ud->slice_us && wait_nr && !t) {
				ret = wait_slice(ud, wait_nr);
				if (ret && ret != -ETIME && ret != -EINTR && ret != -EAGAIN &&
				    ret != -EBUSY) {
					ssdq_log("%s: io_uring_enter failed: %s", td->o.name,
						 strerror(-ret));
					return ret;
				}
			} else {
				ret = uring_enter(td, ud, wait_nr);
				if (ret)
					return ret;
			}
			entered = 1;
			continue;
		}
		if (events == max || (events >= min && (events || !ud->reap_enters || entered)))
			return (int)events;
		if (!min) {
			/* deferred task work or a polled ring: a peek must enter */
			ret = io_uring_get_events(&ud->ring);
			if (ret < 0 && ret != -EINTR && ret != -EAGAIN && ret != -EBUSY)
				return ret;
			entered = 1;
			continue;
		}

		if (t) {
			struct __kernel_timespec kts = {
				.tv_sec = t->tv_sec,
				.tv_nsec = t->tv_nsec,
			};

			ret = io_uring_wait_cqes(&ud->ring, &cqe, 1, &kts, NULL);
			if (ret == -ETIME)
				return (int)events;
		} else if (ud->slice_us) {
			ret = wait_slice(ud, min - events);
			if (ret == -ETIME)
				continue;
		} else {
			ret = io_uring_submit_and_wait(&ud->ring, min - events);
		}
		if (ret < 0 && ret != -EINTR && ret != -EAGAIN && ret != -EBUSY) {
			ssdq_log("%s: waiting for completions failed: %s", td->o.name,
				 strerror(-ret));
			return ret;
		}
	}
}

static struct io_u *uring_event(struct thread_data *td, int ev)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct uring_data *ud = sd->be_data;

	return ud->events[ev];
}

static void uring_cleanup(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct uring_data *ud = sd->be_data;

	if (!ud)
		return;
	if (ud->ring_ok)
		io_uring_queue_exit(&ud->ring);
	if (ud->polling)
		ssdq_guard_poller_end();
	free(ud->cmds);
	free(ud->events);
	free(ud->queued);
	free(ud);
	sd->be_data = NULL;
}

const struct ssdq_backend_ops ssdq_be_uring = {
	.name		= "io_uring",
	.post_init	= uring_post_init,
	.queue		= uring_queue,
	.commit		= uring_commit,
	.getevents	= uring_getevents,
	.event		= uring_event,
	.cleanup	= uring_cleanup,
};
