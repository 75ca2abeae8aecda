/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_BACKEND_H
#define SSDQ_ENGINE_BACKEND_H

/*
 * A passthrough path behind one ops table (be_uring.c, be_sync.c, be_model.c),
 * and what ssdq.c gives every backend: command building, completion accounting,
 * issue stamps. Includes fio's headers.
 */
#include <stdbool.h>
#include <stdint.h>

#include "fio.h"
#include "nvme_cmd.h"

/** struct ssdq_iou - per-io_u state, in io_u->engine_data */
struct ssdq_iou {
	struct ssdq_dsm_range range;	/* Dataset Management range of a trim */
	unsigned int parts;		/* commands still in flight */
	uint16_t status;		/* first NVMe status seen */
	int err;			/* first errno seen */
	unsigned int index;		/* fio's io_u->index, which engine_data overlays */
};

/**
 * struct ssdq_backend_ops - one passthrough path
 * @name: shown in messages
 * @post_init: set up after fio allocated its buffers. Returns 0 or -errno,
 *	having printed why.
 * @queue: send an io_u's commands, as fio's ->queue
 * @commit: submit what @queue prepared, as fio's ->commit
 * @getevents: reap completions, as fio's ->getevents
 * @event: the io_u of completion @ev of the last @getevents
 * @cleanup: free everything; NULL-safe on a backend that failed post_init
 */
struct ssdq_backend_ops {
	const char *name;
	int (*post_init)(struct thread_data *td);
	enum fio_q_status (*queue)(struct thread_data *td, struct io_u *io_u);
	int (*commit)(struct thread_data *td);
	int (*getevents)(struct thread_data *td, unsigned int min, unsigned int max,
			 const struct timespec *t);
	struct io_u *(*event)(struct thread_data *td, int ev);
	void (*cleanup)(struct thread_data *td);
};

extern const struct ssdq_backend_ops ssdq_be_uring;
extern const struct ssdq_backend_ops ssdq_be_sync;
extern const struct ssdq_backend_ops ssdq_be_model;

/** ssdq_iou_of() - the engine state of @io_u */
static inline struct ssdq_iou *ssdq_iou_of(struct io_u *io_u)
{
	return io_u->engine_data;
}

/**
 * ssdq_mark_issued() - Stamp @n io_us submitted now with fio's issue time
 * and account their submission latency, as an async engine's commit must.
 */
void ssdq_mark_issued(struct thread_data *td, struct io_u **io_us, unsigned int n);

/**
 * ssdq_io_failed() - Fail @io_u with NVMe status @status without sending
 * it (the drive model's answer), describing it like a device's failure.
 */
void ssdq_io_failed(struct thread_data *td, struct io_u *io_u, uint16_t status);

/**
 * ssdq_prep_cmds() - Build the NVMe commands of @io_u, split at the
 * namespace's max_xfer.
 * @cmds: room for ssdq_data.max_parts commands
 *
 * Resets the io_u's ssdq_iou for a new submission.
 *
 * Return: the number of commands, or -errno (-EINVAL for a span not aligned
 * to the LBA size, -EOPNOTSUPP for a data direction ssdq does not send),
 * after setting io_u->error and printing why.
 */
int ssdq_prep_cmds(struct thread_data *td, struct io_u *io_u,
		   struct nvme_uring_cmd *cmds);

/**
 * ssdq_part_done() - Account the completion of one command of @io_u.
 * @res: 0, a negative errno from the kernel, or a positive NVMe status
 *
 * Return: true when that was the io_u's last command; io_u->error is set
 * then, and a failure has been described on stderr.
 */
bool ssdq_part_done(struct thread_data *td, struct io_u *io_u, int res);

#endif
