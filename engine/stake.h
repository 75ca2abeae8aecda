/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_STAKE_H
#define SSDQ_ENGINE_STAKE_H

/*
 * What a write would destroy: mounted, held or signed namespaces (stake.c).
 * Includes fio's headers.
 */
#include "fio.h"

/**
 * ssdq_stake_check() - Refuse a job that writes, trims or erases a namespace
 * whose block node or a partition of it is mounted, used as swap or held
 * by device-mapper/md, or that carries a filesystem, RAID or partition-table
 * signature (holders.h) unless ssdq_destroy_data=1. Read-only jobs and the
 * drive model pass. Says why on stderr once per namespace and verdict.
 *
 * Return: 0, -EBUSY (in use), -EEXIST (a signature), or the -errno that
 * kept a table or the device from being read; td's error is set.
 */
int ssdq_stake_check(struct thread_data *td);

#endif
