/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_URING_PLAN_H
#define SSDQ_URING_PLAN_H

/*
 * When the io_uring backend enters the kernel. fio calls ->commit after
 * queueing and, when its queue of io_us is full (or it polls: both
 * iodepth_batch_complete_min and _max are 0), ->getevents with min >= 1
 * right after (fio 3.33 backend.c do_io(), wait_for_completions()). Then a
 * submission in ->commit would be one io_uring_enter and the wait another;
 * the backend leaves the submission to the wait instead, so one
 * io_uring_enter submits and waits. The io_us are stamped issued in
 * ->commit all the same, before the syscall that sends them, so their
 * completion latency hides none of their time. Knows nothing of fio: the
 * backend fills the view from fio's thread_data.
 */

#include <stdbool.h>

/**
 * struct ssdq_fio_queue_view - what fio's next step after ->commit depends on
 * @free_io_us: io_us left on fio's free list (0: the queue is full)
 * @cur_depth: io_us fio has out (queued, in flight or being queued)
 * @latency_target: latency_target= is set, so fio limits the depth itself
 * @latency_qd: the depth fio's latency target allows now
 * @batch_complete_min: iodepth_batch_complete_min
 * @batch_complete_max: iodepth_batch_complete_max
 * @inline_submit: io_submit_mode=inline (offload runs ->queue elsewhere)
 */
struct ssdq_fio_queue_view {
	unsigned int free_io_us;
	unsigned int cur_depth;
	bool latency_target;
	unsigned int latency_qd;
	unsigned int batch_complete_min;
	unsigned int batch_complete_max;
	bool inline_submit;
};

/**
 * ssdq_fio_waits_next() - Whether fio's next call after this ->commit is a
 * ->getevents that waits for at least one completion, as fio 3.33 decides
 * it (queue_full() or io_in_polling() in backend.c).
 * @v: fio's state at ->commit
 *
 * A wrong "true" costs latency, never an I/O: every ->getevents and
 * ->commit sends what is left in the ring first.
 *
 * Return: true to leave the submission to the coming wait.
 */
bool ssdq_fio_waits_next(const struct ssdq_fio_queue_view *v);

#endif
