/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_PHASES_H
#define SSDQ_ENGINE_PHASES_H

/*
 * Bursts, duty cycle and the idle after the job (phases.c). Includes fio's
 * headers.
 */
#include <stdint.h>

#include "fio.h"

/** struct ssdq_bursts - burst/duty-cycle bookkeeping of one job */
struct ssdq_bursts {
	unsigned int inflight;		/* io_us queued and not completed */
	unsigned long long issued;	/* bytes sent in the current burst */
	unsigned long long done;	/* bytes completed in it */
	uint64_t start_ns;		/* first submission of the burst */
	uint64_t end_ns;		/* last completion */
	unsigned int nr;		/* bursts completed */
	int draining;			/* burst full: waiting for its I/O */
};

/**
 * ssdq_phase_queue() - Burst gate, called before an io_u is sent.
 *
 * When the current burst is full, returns FIO_Q_BUSY until its I/O has
 * completed, then idles for the duty cycle, restamps the io_u's start (and
 * issue) time so the idle counts into no latency, and lets it through.
 *
 * Return: FIO_Q_QUEUED to go on sending @io_u, or FIO_Q_BUSY.
 */
enum fio_q_status ssdq_phase_queue(struct thread_data *td, struct io_u *io_u);

/** ssdq_phase_unqueue() - Undo ssdq_phase_queue() for an io_u the backend refused (busy). */
void ssdq_phase_unqueue(struct thread_data *td, struct io_u *io_u);

/** ssdq_phase_done() - Account a completed io_u in the burst bookkeeping. */
void ssdq_phase_done(struct thread_data *td, struct io_u *io_u);

/** ssdq_phase_end() - The job's I/O is over: close the last burst, idle for ssdq_idle. */
void ssdq_phase_end(struct thread_data *td);

#endif
