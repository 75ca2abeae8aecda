/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_STOP_H
#define SSDQ_ENGINE_STOP_H

/*
 * Why a job stopped (stop.c). Includes fio's headers.
 */
#include <stdint.h>

#include "fio.h"

/**
 * ssdq_stop_reason() - Why the job stopped: "stalled" (its drive completed
 * no I/O for ssdq_stall_timeout), "error" (td's error), "bursts" (ssdq_bursts
 * ran out), "bytes"
 * (size/io_size done), "time" (runtime= ran out), "terminated" (asked to
 * stop before either: a signal, the trigger file, exitall), else "bytes"
 * (number_ios and the like). fio sets td->terminate when runtime runs out
 * too, so the flag alone does not tell a stop request.
 * @bytes: the bytes the job moved
 *
 * Return: a static string.
 */
const char *ssdq_stop_reason(struct thread_data *td, uint64_t bytes);

/** ssdq_job_bytes() - Bytes the job has read, written and trimmed. */
uint64_t ssdq_job_bytes(struct thread_data *td);

#endif
