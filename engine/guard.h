/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_GUARD_H
#define SSDQ_ENGINE_GUARD_H

/*
 * The locks and process ties that keep two jobs off one namespace or one
 * controller's poll queues (guard.c). Includes fio's headers.
 */
#include "fio.h"

/**
 * ssdq_guard_writer() - Take the writer's lock (engine/nslock.h) of every
 * file of a job that writes, trims or erases; a no-op for a reader and
 * for a lock this process holds already. Called in fio's main process
 * (->setup), so its job processes inherit the lock, and again in the job
 * before its first erase or write.
 *
 * Return: 0, or -EBUSY (another process holds a namespace, named on
 * stderr) or another -errno, with td's error set.
 */
int ssdq_guard_writer(struct thread_data *td);

/**
 * ssdq_guard_poller() - One polled ring (ssdq_hipri) per NVMe controller:
 * take the polling lock (an engine/nslock.h lock keyed "poll-" and the
 * identity of the controller's node) of every file's controller, in the
 * job process, which holds it until it exits. Two rings polling one
 * controller's poll queues at once crashed Linux 6.1 (general protection
 * fault in bio_poll); jobs run as threads (thread=1) share one process, so
 * a second polled ring in it is refused too. fio's own io_uring_cmd --hipri
 * takes no lock: beside it, only the README's warning helps.
 *
 * Return: 0, or -EBUSY (another job polls, named on stderr) or another
 * -errno; on 0, call ssdq_guard_poller_end() when the ring is gone.
 */
int ssdq_guard_poller(struct thread_data *td);

/** ssdq_guard_poller_end() - This process's polled ring is gone. */
void ssdq_guard_poller_end(void);

/**
 * ssdq_guard_job() - Make a job process die (SIGKILL) when fio's main
 * process does, so an orphaned job never writes on.
 *
 * Return: 0, or -ESRCH when fio's main process is gone already (said on
 * stderr), or -errno of prctl(2).
 */
int ssdq_guard_job(struct thread_data *td);

#endif
