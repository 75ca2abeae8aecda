/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_SAMPLING_H
#define SSDQ_ENGINE_SAMPLING_H

/*
 * Power and SMART sampling of a job's device through power/'s sampler
 * (sampling.c). Includes fio's headers.
 */
#include <stdint.h>

#include "fio.h"

/**
 * ssdq_sampling_start() - Start power/SMART sampling of the job's first
 * file, unless another job already samples that device; write device.json.
 *
 * Return: 0, or -errno after printing why (a power source that does not
 * open fails the job before any I/O).
 */
int ssdq_sampling_start(struct thread_data *td);

/**
 * ssdq_sampling_end() - End the job's power and SMART logs now (see
 * ssdq_sampler_end()); the sampler runs on until ssdq_sampling_stop().
 *
 * Return: the end, CLOCK_REALTIME in microseconds: the job_end event's time.
 */
int64_t ssdq_sampling_end(struct thread_data *td);

/** ssdq_sampling_stop() - Stop the job's sampler, if it has one. */
void ssdq_sampling_stop(struct thread_data *td);

#endif
