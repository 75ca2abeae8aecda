/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_FIO_VERSION_H
#define SSDQ_FIO_VERSION_H

#include <stdbool.h>

#include <json-c/json.h>

/*
 * The fio release that wrote a JSON document ("fio version": "fio-3.33",
 * "fio-2.18-59-g618e", "fio-2.2.10") and what its JSON means by release:
 *
 * - io_bytes: KiB before fio 2.21 (fio commit c12d597a, "stat: correct json
 *   'io_bytes' output"), bytes since; fio 3.x also writes io_kbytes.
 * - latencies: "slat", "clat", "lat" in microseconds before fio 3.0 (2.99),
 *   "slat_ns", "clat_ns", "lat_ns" in nanoseconds since; json+ "bins" keyed
 *   by the bucket's latency in the same unit, or (fio 2.x before 2.20) by
 *   bucket index with FIO_IO_U_PLAT_* keys, which is not used.
 * - "N", the sample count of a latency, since fio 3.18; before, a mean is
 *   weighted by the direction's total_ios.
 * - total_ios: not in fio 2.0 and 2.1; their I/Os are iops × runtime
 *   (fio_stats.h).
 * - bw is KiB/s in every release.
 * - options as printed (JSON "job options", ssdq's job_start): fio 3.36
 *   renamed log_unix_epoch to log_alternate_epoch (with
 *   log_alternate_epoch_clock_id, CLOCK_REALTIME by default) and prints the
 *   new name for either: rpt_fio_unix_epoch().
 * A document without a version is read by what it holds (clat_ns or clat,
 * io_kbytes beside io_bytes, io_bytes against bw × runtime). The releases
 * ssdq's engine runs in, and their other differences: engine/fio_compat.h.
 */
struct rpt_fio_version {
	bool known;
	unsigned int major;
	unsigned int minor;
	unsigned int patch;
	char text[32];		/* as fio wrote it, cut; "" when unknown */
};

/**
 * rpt_fio_version_parse() - Read "fio-MAJOR.MINOR[.PATCH][-anything]".
 * @s: the text, NULL-safe
 * @v: the result; v->known false when @s is not of that form
 *
 * Return: 0, or -EINVAL when @s is not a fio version.
 */
int rpt_fio_version_parse(const char *s, struct rpt_fio_version *v);

/**
 * rpt_fio_version_of() - The version a fio JSON document names.
 * @doc: the document
 * @v: the result (unknown when there is no "fio version" string)
 */
void rpt_fio_version_of(struct json_object *doc, struct rpt_fio_version *v);

/**
 * rpt_fio_before() - Whether @v is a known release older than
 * MAJOR.MINOR.
 * @v: the version
 * @major: release
 * @minor: release
 *
 * Return: true only for a known, older release.
 */
bool rpt_fio_before(const struct rpt_fio_version *v, unsigned int major,
		    unsigned int minor);

/**
 * rpt_fio_unix_epoch() - Whether a job's log times are Unix-epoch ms, from
 * its options as fio printed them (NULL: not set).
 * @unix_epoch: log_unix_epoch (fio before 3.36; "" for a bare option is on)
 * @alt_epoch: log_alternate_epoch (fio 3.36 on, for either name)
 * @alt_clock: log_alternate_epoch_clock_id (0, CLOCK_REALTIME, by default)
 *
 * Return: true when the times are CLOCK_REALTIME in ms since the epoch.
 */
bool rpt_fio_unix_epoch(const char *unix_epoch, const char *alt_epoch, const char *alt_clock);

#endif
