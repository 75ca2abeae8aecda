/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_POWER_DEVICE_INFO_H
#define SSDQ_POWER_DEVICE_INFO_H

/*
 * device.json: what the drive under test is, written once at job start by
 * one writer (ssdq_devinfo_json()) from one structure, struct ssdq_devinfo,
 * which the controller probe (ssdq_devinfo_collect()) and the drive model
 * (engine/target_model.c) each fill. Format version 1, one JSON object:
 *
 *   format "ssdq-device", version 1, time_us,
 *   controller ("/dev/nvme0"), namespace ("/dev/ng0n1" or null), nsid,
 *   model, serial, firmware, drive_model {preset, scale} (the model only),
 *   vid, ssvid, nvme_version ("1.4"),
 *   capacity_bytes, lba_size, lba_format {index, data_size, metadata_size},
 *   wctemp_c, cctemp_c,
 *   power_states [{ps, max_power_w, active_power_w|null, idle_power_w|null,
 *                  non_operational, entry_latency_us, exit_latency_us,
 *                  rrt, rrl, rwt, rwl}],
 *   power_state_current,
 *   apst {supported, enabled, transitions [{from_ps, to_ps, idle_ms}]},
 *   pcie {current_link_speed ("8.0 GT/s PCIe"), current_link_width,
 *         max_link_speed, max_link_width, aspm_supported, aspm_enabled
 *         ("L0s", "L1", "L0s L1", "disabled"; null when unreadable),
 *         current_link_speed_gts, max_link_speed_gts (numbers),
 *         address ("0000:01:00.0"), source ("libpci": the PCI Express
 *         capability's Link Status/Capabilities/Control registers read
 *         through libpci; "sysfs": the kernel's current_link_* and
 *         max_link_* attributes, when config space is unreadable (without
 *         root only its first 64 bytes are), ASPM from the link/l*_aspm
 *         attributes; null: neither)} (null for the drive model),
 *   power_measurement {supported, sample_us, max_stop_min}: the NVMe 2.1
 *         Power Measurement feature as Identify Controller announces it
 *         (nvme_pmeas.h; sample_us null when not reported),
 *   ocp_power {log_page_version, max_peak_power_capability_w,
 *         current_max_avg_power_w, lifetime_power_consumed_wh}: the OCP
 *         C0h log's power fields (version 4 on; null without them),
 *   kernel (uname -r), kernel_version (uname -v), machine, host (uname -n),
 *   fio_version, ssdq_version (git describe at build time, or a release's),
 *   errors [strings: what could not be read, and why]
 *
 * A field that could not be read is null and "errors" says why.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "device_json.h"
#include "nvme_id.h"
#include "nvme_log.h"
#include "nvme_pmeas.h"

/**
 * struct ssdq_devinfo - everything device.json holds. What is unknown:
 * have_ctrl false (vid, ssvid, nvme_version, temperatures, APST), have_ns
 * false (nsid, capacity, LBA format), have_ps false, id.npss 0 (no power
 * states), an empty string (model, serial, firmware, nodes, PCIe names),
 * -1 (widths, ASPM), 0 (link speeds), a negative power (a state's
 * active or idle power).
 */
struct ssdq_devinfo {
	int64_t time_us;
	char ctrl[256];
	char ns[256];
	uint32_t nsid;
	bool have_ctrl, have_ns, have_apst, have_ps, have_wce;
	bool wce;				/* the volatile write cache on */
	struct ssdq_id_ctrl id;
	struct ssdq_id_ns idns;
	struct ssdq_apst apst;
	unsigned int ps_current;
	char link_speed[64], max_link_speed[64];
	double link_speed_gts, max_link_speed_gts;	/* 0: unknown */
	int link_width, max_link_width;		/* -1: unknown */
	int aspm_supported, aspm_enabled;	/* -1: unknown */
	char pci_addr[32];			/* "": unknown */
	const char *pcie_source;		/* "libpci", "sysfs" or NULL */
	bool have_pmeas, have_ocp_power;
	struct ssdq_pmeas_caps pmeas;		/* Identify Controller's word on it */
	struct ssdq_ocp_smart ocp;		/* its power fields, with have_ocp_power
						 * (the caller's: the sampler probes C0h) */
	struct ssdq_host sys;			/* uname, fio */
	char errors[1024];			/* "; "-separated */
	struct {
		const char *preset;	/* NULL: a drive, not the model */
		const char *summary;	/* "model": the preset's words, longer than MN */
		double scale;
	} drive_model;
};

/**
 * ssdq_devinfo_init() - Make @d all unknown but its time (now) and host
 * (uname(2), @fio_version: NULL unknown), for a caller to fill.
 */
void ssdq_devinfo_init(struct ssdq_devinfo *d, const char *fio_version);

/**
 * ssdq_devinfo_collect() - Ask the drive and the system.
 * @d: filled; fields that cannot be read are left unknown and noted in
 *	d->errors
 * @ng: namespace node (/dev/ngXnY) or NULL
 * @ctrl: controller node, or NULL to find it from @ng
 * @sysfs_root: NULL for "/sys"
 * @fio_version: the fio release the caller runs in, or NULL
 *
 * Return: 0 when the controller answered Identify, else -errno (device.json
 * can still be written, with nulls).
 */
int ssdq_devinfo_collect(struct ssdq_devinfo *d, const char *ng, const char *ctrl,
			 const char *sysfs_root, const char *fio_version);

/** ssdq_devinfo_json() - Write @d as device.json to @f: the one writer. */
void ssdq_devinfo_json(FILE *f, const struct ssdq_devinfo *d);

/**
 * ssdq_devinfo_save() - Write @d as device.json to the file @path.
 *
 * Return: 0, or -errno when @path cannot be written (message in @err).
 */
int ssdq_devinfo_save(const struct ssdq_devinfo *d, const char *path, char *err,
		      size_t errlen);

/**
 * ssdq_devinfo_write() - Collect and write device.json to @path.
 *
 * Return: 0, or -errno when @path cannot be written (message in @err).
 */
int ssdq_devinfo_write(const char *path, const char *ng, const char *ctrl,
		       const char *sysfs_root, const char *fio_version,
		       char *err, size_t errlen);

#endif
