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

#endif
