/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_HOST_IOLOG_H
#define SSDQ_ENGINE_HOST_IOLOG_H

/*
 * The drive model's per-I/O logs of the host's lateness (ssdq_host_log=1;
 * docs/host.md): `<prefix>_hostlat.<N>.log` holds each I/O's host-added
 * time and `<prefix>_intended.<N>.log` its intended service time, in ns,
 * in fio's log format, one line per I/O in the order the engine handed
 * them to fio:
 *
 *   time_ms, value_ns, ddir, bs, offset
 *
 * time_ms: unix ms with a µs fraction when the I/O was handed to fio. So a
 * test holds fio's own per-I/O clat log (write_lat_log, log_avg_msec=0)
 * against intended + host-added, I/O by I/O. Lines are kept in a buffer
 * and written when it fills and at the end: a killed job loses the last
 * buffer's lines (fio loses all of its own per-I/O logs then). Knows no fio.
 */
#include <stdint.h>

struct ssdq_host_iolog;

/**
 * ssdq_host_iolog_open() - Create both logs (truncated).
 * @added_path: the host-added log
 * @intended_path: the intended log
 * @rt_off_ns: CLOCK_REALTIME minus CLOCK_MONOTONIC, ns, to stamp lines
 * @out: the writer on success
 * @err: why not, naming the file
 *
 * Return: 0, or -errno.
 */
int ssdq_host_iolog_open(const char *added_path, const char *intended_path, int64_t rt_off_ns,
			 struct ssdq_host_iolog **out, char *err, size_t errlen);

/**
 * ssdq_host_iolog_add() - Log one I/O handed to fio at @reap_ns
 * (CLOCK_MONOTONIC) with its host-added and intended times (ns).
 *
 * Return: 0, or -errno of a write (the logs then stop; said once by the caller).
 */
int ssdq_host_iolog_add(struct ssdq_host_iolog *l, uint64_t reap_ns, uint64_t added_ns,
			uint64_t intended_ns, unsigned int ddir, unsigned long long bs,
			unsigned long long offset);

/**
 * ssdq_host_iolog_close() - Write what is buffered, close, free; NULL-safe.
 *
 * Return: 0, or -errno of the last write.
 */
int ssdq_host_iolog_close(struct ssdq_host_iolog *l);

#endif
