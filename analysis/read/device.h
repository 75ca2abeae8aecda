/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_DEVICE_H
#define SSDQ_DEVICE_H

#include <stdbool.h>

#include "diag.h"
#include "provenance.h"

/*
 * The drive a results directory was measured on, from the engine's
 * device.json ({"format": "ssdq-device", "version": 1, "model": …, …}).
 *
 * For ssdq's built-in drive model, "drive_model": {"preset": P, "scale": S}
 * says the run used the preset's drive with capacity and cache sizes divided
 * by S and speeds unchanged: the report multiplies the sizes it reports (GB
 * written, cache sizes, positions) by S so that they are the full drive's,
 * and leaves speeds and power alone.
 */
#define RPT_DEVICE_FILE	"device.json"

struct rpt_device {
	bool present;		/* device.json was there and readable */
	char *path;
	char *model;		/* NULL when not known */
	char *serial;
	char *firmware;
	char *preset;		/* drive model preset, NULL for a real drive */
	double scale;		/* >= 1; 1 unless drive_model.scale says more */
	double capacity_bytes;	/* as measured (scaled for a model), 0 unknown */
	struct rpt_provenance prov;	/* what made the result */
	unsigned int nps;	/* power states of "power_states", 0 unknown */
	struct rpt_psd {
		double max_w;	/* MP */
		double idle_w;	/* IDLP, NAN when not stated */
		bool nonop;
		double enlat_us, exlat_us;
	} ps[32];
};

/**
 * rpt_device_load() - Read @dir/device.json.
 * @dir: results directory
 * @dev: the result; zeroed first, scale 1; free with rpt_device_free()
 * @d: errors about a device.json that is there but malformed
 *
 * Return: 1 when read, 0 when there is no device.json, -EINVAL when it is
 * malformed (an error is in @d, @dev keeps scale 1), -ENOMEM.
 */
int rpt_device_load(const char *dir, struct rpt_device *dev, struct rpt_diag *d);

/**
 * rpt_device_load_host() - As rpt_device_load(), for host @host of a
 * client/server run: @dir/device.json.<host> (where fio's client put the
 * host's copy) when it is there, else @dir/device.json.
 * @host: NULL: rpt_device_load()
 *
 * Return: as rpt_device_load().
 */
int rpt_device_load_host(const char *dir, const char *host, struct rpt_device *dev,
			 struct rpt_diag *d);

/**
 * rpt_device_copy() - Deep copy.
 * @dst: destination, overwritten
 * @src: source
 *
 * Return: 0 or -ENOMEM (then @dst is empty).
 */
int rpt_device_copy(struct rpt_device *dst, const struct rpt_device *src);

/**
 * rpt_device_free() - Free the strings; @dev is then empty with scale 1.
 * @dev: NULL-safe
 */
void rpt_device_free(struct rpt_device *dev);

#endif
