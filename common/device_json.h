/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_COMMON_DEVICE_JSON_H
#define SSDQ_COMMON_DEVICE_JSON_H

/*
 * device.json's frame, around the members of its one writer
 * (power/device_info.c: ssdq_devinfo_json(), which serialises what the
 * controller probe or the drive model, engine/target_model.c, filled):
 *
 *   {"format": "ssdq-device", "version": 1, "time_us": T,
 *    ... what the drive is (the caller's) ...,
 *    "kernel", "kernel_version", "machine", "host", "fio_version",
 *    "ssdq_version", "errors": [...]}
 *
 * one member a line, indented by two (docs/ARCHITECTURE.md, power/device_info.h).
 */

#include <stdint.h>
#include <stdio.h>

/**
 * struct ssdq_host - where a run ran: uname(2) and the fio in use ("": unknown)
 */
struct ssdq_host {
	char kernel[128], kernel_version[256], machine[72];
	char fio_version[64];
	char host[72];
};

/** ssdq_host_read() - Fill @h from uname(2) and @fio_version (NULL: unknown). */
void ssdq_host_read(struct ssdq_host *h, const char *fio_version);

/**
 * ssdq_device_json_head() - Open device.json's object on @f: "format",
 * "version" and "time_us", each line ending with its comma.
 */
void ssdq_device_json_head(FILE *f, int64_t time_us);

/**
 * ssdq_device_json_write_cache() - The member "volatile_write_cache" (its
 * comma first): {"present": true, "enabled": false} as the drive reports
 * it when device.json is written (after the run set it: ssdq_write_cache);
 * {"present": false, "enabled": null} for a drive without one; null when
 * @present is -1 (unknown).
 * @enabled: 1 on, 0 off, -1 unknown
 */
void ssdq_device_json_write_cache(FILE *f, int present, int enabled);

/**
 * ssdq_device_json_tail() - Close it after the caller's last member: the
 * host's members (null where unknown), "ssdq_version" (git describe at
 * build time, or a release's) and "errors", the ';'-separated @errors
 * (NULL or "": none) trimmed, one string each.
 */
void ssdq_device_json_tail(FILE *f, const struct ssdq_host *h, const char *errors);

#endif
