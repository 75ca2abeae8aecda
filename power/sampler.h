/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_POWER_SAMPLER_H
#define SSDQ_POWER_SAMPLER_H

/*
 * The sampler: threads apart from the caller that read power sources and
 * the SMART log and write the sidecars as they go. Knows nothing of fio;
 * the engine (per job) and ssdq-sample use it the same way:
 *
 *	struct ssdq_sampler_cfg cfg = {
 *		.power = "hwmon:ina3221", .power_hz = 1000,
 *		.smart_ms = 1000, .ng = "/dev/ng0n1",
 *		.power_log = "job_power.1.log", .smart_log = "job_smart.1.jsonl",
 *		.events_log = "job_events.1.jsonl", .device_json = "device.json",
 *		.fio_version = "fio-3.33",
 *	};
 *	struct ssdq_sampler *s;
 *	char err[512];
 *
 *	if (ssdq_sampler_open(&cfg, &s, err, sizeof(err)) < 0)
 *		→ fail the job before any I/O, printing err
 *	ssdq_sampler_event(s, "job_start", -1);
 *	ssdq_sampler_event(s, "burst_start", 0);
 *	ssdq_sampler_event(s, "burst_end", bytes);
 *	end_us = ssdq_sampler_end(s);		(optional: the logs end now)
 *	ssdq_sampler_event(s, "job_end", -1);
 *	ssdq_sampler_close(s);
 *
 * Files (all CLOCK_REALTIME; see docs/power.md):
 * - power log: fio's log format, "time_ms, value_mW, 0, 0, 0", one line per
 *   sample period; the sum of the sources.
 * - SMART log: one JSON object per line, ssdq_smart_json().
 * - events: one JSON object per line: {"time_us", "event", and "job",
 *   "bytes", "source", "msg" when set}, appended to the file (the engine may
 *   write its own markers there too: whole lines, O_APPEND); the sampler adds "sampler_start",
 *   "power_source" (one per source: spec, rail, unit, estimated),
 *   "power_gap_start"/"power_gap_end", "smart_error", "critical_warning",
 *   "events_dropped", "sampler_stop", and at the end one "energy_counter"
 *   per source with an energy counter (source.h, &struct ssdq_energy): the
 *   joules since the start ("t0_us"), or null and why (docs/power.md).
 * - device.json: written once at open, see device_info.h.
 * Every file is line-buffered: a killed process leaves each line it wrote.
 *
 * With one source, each power line is the mean of that source's samples in
 * one period, stamped with their mean time; an averaged source's samples
 * are weighted by the time each covers, and one that covers several
 * periods (a late read) gives each its line: its first read covers the
 * time from the source's open, and ssdq_sampler_end() (else close) reads
 * it once more, so its lines span open to end with the energy it drew,
 * however late the thread ran (a streamed source keeps its own
 * sample times, and one whose samples all carry their own times is read in
 * batches, every 20 ms at the most often). With several, each line is the
 * sum of each source's mean
 * since the last period (or its last value, while younger than 1 s),
 * stamped with the sampler's time; while any source is in a gap, no line is
 * written.
 *
 * Threads: one for power (when a source is named), one for SMART and the
 * events file. The caller's calls never wait for I/O: events go through a
 * ring the events thread writes out. Both run on the clocks of
 * &struct ssdq_clock: the real ones, or a test's simulated one.
 */

#include <stddef.h>
#include <stdint.h>

#include "clock.h"
#include "nvme_log.h"
#include "source.h"

struct ssdq_sampler;

/**
 * struct ssdq_sampler_cfg - what to sample and where to write it
 * @power: power source specs, ';'-separated (ssdq_source_split()); NULL
 *	or "" for none
 * @power_hz: power samples per second (default 10; up to what the source
 *	allows, 1000 and more for hwmon and streamed sources)
 * @smart_ms: SMART log interval in ms; 0 for none
 * @ng: the namespace node in use (/dev/ngXnY), to find the controller and
 *	the namespace for device.json; NULL when there is none (SATA,
 *	another engine)
 * @ctrl: controller node (/dev/nvmeX) overriding the one found from @ng
 * @power_log: path of the power log (needed with @power)
 * @smart_log: path of the SMART log (needed with @smart_ms)
 * @events_log: path of the events file, or NULL
 * @device_json: path of device.json, or NULL
 * @fio_version: recorded in device.json
 * @sysfs_root: NULL for "/sys"; tests use fixture trees
 * @open_timeout_ms: how long a source may take to open (0: 3000)
 * @warn: called from the sampler's threads with a one-line warning
 *	(a source failed, recovered, a SMART critical warning); NULL prints
 *	"ssdq: <msg>" to stderr
 * @warn_arg: passed to @warn
 * @job: written as "job" in each event the sampler writes, or NULL
 * @extra_types: more power source types (ssdq_source_cfg.extra_types)
 * @smart_read: when set, SMART samples come from this callback instead of
 *	the controller's log page (the drive model); returns 0 or -errno
 * @smart_arg: passed to @smart_read
 * @smart_name: what @smart_read reads ("model:<state file>"), named in the
 *	critical-warning and SMART-error messages and events; without
 *	@smart_read they name the controller
 * @clock: the clocks to run on, copied at open; NULL for the real ones
 *	(the engine and ssdq-sample pass none; tests pass a simulated one)
 * @power_max_w: readings above this many W are refused (power/vet.h);
 *	0: twice the highest MP of the drive's power states, else 100 W
 */
struct ssdq_sampler_cfg {
	const char *power;
	double power_hz;
	unsigned int smart_ms;
	const char *ng;
	const char *ctrl;
	const char *power_log;
	const char *smart_log;
	const char *events_log;
	const char *device_json;
	const char *fio_version;
	const char *sysfs_root;
	unsigned int open_timeout_ms;
	void (*warn)(void *arg, const char *msg);
	void *warn_arg;
	const char *job;
	const struct ssdq_source_ops *const *extra_types;
	int (*smart_read)(void *arg, struct ssdq_smart *out);
	void *smart_arg;
	const char *smart_name;
	const struct ssdq_clock *clock;
	double power_max_w;
};

/**
 * ssdq_sampler_open() - Open every source, read SMART once, write
 * device.json, create the sidecars and start the threads.
 * @cfg: settings; the strings are copied
 * @out: the running sampler
 * @err: on failure, a message naming the source spec or file at fault
 * @errlen: size of @err
 *
 * Return: 0, or -errno: -EINVAL for a bad setting or spec, what a source's
 * open returned, what creating a file returned.
 */
int ssdq_sampler_open(const struct ssdq_sampler_cfg *cfg, struct ssdq_sampler **out,
		      char *err, size_t errlen);

/**
 * ssdq_sampler_event() - Record a phase marker, stamped now. Never waits
 * for I/O. "idle_start"/"idle_end" also tell nvme-ps the drive is idle.
 * @s: the sampler (NULL: nothing happens)
 * @name: event name, e.g. "burst_start" (up to 31 characters)
 * @bytes: written as "bytes" when >= 0
 */
void ssdq_sampler_event(struct ssdq_sampler *s, const char *name, long long bytes);

/**
 * ssdq_sampler_event_msg() - Record an event with a message, e.g. a device
 * error ("device_error", "LBA Out of Range at ...").
 */
void ssdq_sampler_event_msg(struct ssdq_sampler *s, const char *name, const char *msg);

/**
 * ssdq_sampler_end() - End the power and SMART logs now: no line stamped
 * after the returned time is written, though the threads run on until
 * ssdq_sampler_close(). The time is taken under the lock the threads read
 * the end under, so a sample stamped after it cannot slip in; stamp the
 * job's end event with it, and the logs end where the job did, not where
 * the threads were joined. Events are not cut. A second call keeps the
 * first end. A single averaged source (the drive model's) is read once more
 * then, so its lines reach the end; the call may wait for a read of the
 * power thread in progress.
 * @s: the sampler (NULL: only the time is taken)
 *
 * Return: the end, CLOCK_REALTIME in microseconds (as the lines; by the
 * sampler's clock, &ssdq_sampler_cfg.clock).
 */
int64_t ssdq_sampler_end(struct ssdq_sampler *s);

/**
 * ssdq_sampler_close() - Stop the threads, write what is pending, close
 * the sources and files, free @s. NULL is fine.
 *
 * A sidecar's first failed write is named with its errno as it happens,
 * through cfg.warn ("cannot write PATH: No space left on device; ...").
 *
 * Return: 0, or -errno of the first failed write (-ENOSPC, -EIO, ...) when
 * a sidecar could not be written in full.
 */
int ssdq_sampler_close(struct ssdq_sampler *s);

#endif
