/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_WRITE_CACHE_H
#define SSDQ_ENGINE_WRITE_CACHE_H

/*
 * The drive's volatile write cache (NVMe Set Features 06h) as a job's
 * ssdq_write_cache asks (the SNIA PTS runs enterprise tests with it off,
 * client tests on): set once per file in fio's main process before its
 * jobs start, and put back as it was when that process is done with the
 * engine (its end: the engine unloaded, or exit). The target does the
 * command (target.h's write_cache: Get/Set Features through libnvme, or
 * the drive model's own setting). Includes fio's headers.
 *
 * A kill -9 of fio leaves the drive as set; so does a power cycle bring
 * back the drive's own default (ssdq does not save the setting: SV clear).
 */
#include "fio.h"

/** enum ssdq_write_cache_want - ssdq_write_cache= */
enum ssdq_write_cache_want {
	SSDQ_WC_KEEP = 0,	/* leave it as it is (recorded all the same) */
	SSDQ_WC_ON,
	SSDQ_WC_OFF,
};

/**
 * ssdq_write_cache_setup() - In fio's main process (->setup): set each of
 * @td's files' write cache as asked, the first time the run asks for the
 * file, remembering what it was and arranging for it to be put back. A
 * drive without a volatile write cache is said so on stderr and the job
 * goes on (there is nothing to set).
 *
 * Return: 0, or -errno when the drive refused the command (td's error set,
 * the message naming the file and the NVMe status).
 */
int ssdq_write_cache_setup(struct thread_data *td);

/**
 * ssdq_write_cache_event() - In the job (->post_init): record each file's
 * write cache as the drive reports it in the events sidecar:
 *   {"event":"write_cache","present":true,"enabled":false,"asked":"off",
 *    "was":true}
 * ("was": before this run set it, null when it did not; "present": false
 * for a drive without one; a "msg" instead when the drive could not be
 * asked, such as without the rights for admin commands).
 */
void ssdq_write_cache_event(struct thread_data *td);

#endif
