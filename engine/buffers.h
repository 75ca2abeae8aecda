/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_BUFFERS_H
#define SSDQ_ENGINE_BUFFERS_H

/*
 * The job's I/O buffers, as fio allocated them (buffers.c). Includes fio's
 * headers.
 */
#include "fio.h"

/**
 * ssdq_check_buffers() - Refuse a job whose I/O buffers fio could not
 * allocate (fio 3.33 goes on with NULL buffers), naming the memory
 * iodepth x bs needs.
 *
 * Return: 0, or -ENOMEM with td's error set.
 */
int ssdq_check_buffers(struct thread_data *td);

/**
 * ssdq_touch_buffers() - Fault in every page of the job's I/O buffers now,
 * their content kept: a page's first write costs a page fault, and on the
 * drive model, whose reads write into the buffer as they are handed to it,
 * the first iodepth I/Os would pay those faults against their deadlines
 * (the first reap of a qd32 job late by 1.3-1.8 ms: 4 MiB of buffers).
 */
void ssdq_touch_buffers(struct thread_data *td);

#endif
