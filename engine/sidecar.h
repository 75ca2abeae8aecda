/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_ENGINE_SIDECAR_H
#define SSDQ_ENGINE_SIDECAR_H

/*
 * The job's events sidecar (sidecar.c, fio_info.c); where sidecars go: sidecar_path.h.
 * Includes fio's headers.
 */
#include <stddef.h>
#include <stdint.h>

#include "fio.h"

/**
 * ssdq_event() - Record a phase marker in the job's events sidecar.
 * @name: "burst_start", "burst_end", "idle_start", "idle_end", …
 * @bytes: bytes the phase moved, or -1 when it moved none
 */
void ssdq_event(struct thread_data *td, const char *name, long long bytes);

/**
 * ssdq_event_str() - Record a phase marker with one string field,
 * e.g. ("erase", "method", "format").
 */
void ssdq_event_str(struct thread_data *td, const char *name, const char *key,
		    const char *value);

/**
 * ssdq_event_bytes_str() - Record a phase marker with a byte count and one
 * string field, e.g. ("model_regime", 88e6, "regime", "direct").
 */
void ssdq_event_bytes_str(struct thread_data *td, const char *name, long long bytes,
			  const char *key, const char *value);

/**
 * ssdq_event_json() - Record event @name with more members: @members is
 * JSON text to follow the line's own ("," first), e.g. ",\"k\":1".
 * @t_us: its time (CLOCK_REALTIME, microseconds)
 */
void ssdq_event_json(struct thread_data *td, int64_t t_us, const char *name,
		     const char *members);

/**
 * ssdq_event_job_start() - Record "job_start" with what names the job's
 * figures: fio's thread number and group, its version, and the options as
 * fio's JSON prints them ("global_options", "options": the job's own).
 */
void ssdq_event_job_start(struct thread_data *td);

/**
 * ssdq_event_fio_stats() - Record "fio_stats", one line per data direction
 * the job moved data in: "ddir", fio's "job_runtime" (ms) and "stats", the
 * direction's object of fio's JSON output as fio computes it at the job's
 * end (io_bytes, total_ios, runtime in ms, slat_ns/clat_ns/lat_ns with
 * json+ "bins" of the latency fio reports percentiles of). Call it after
 * fio's last runtime update: from the engine's cleanup.
 * @t_us: its time (CLOCK_REALTIME, microseconds)
 */
void ssdq_event_fio_stats(struct thread_data *td, int64_t t_us);

/**
 * ssdq_event_end() - Record "job_end" with the bytes the job moved and why
 * it stopped (ssdq_stop_reason()). A job killed leaves no job_end.
 * @t_us: its time (CLOCK_REALTIME, microseconds), from ssdq_sampling_end()
 */
void ssdq_event_end(struct thread_data *td, int64_t t_us);

/** ssdq_sidecars_close() - Close the job's sidecars. */
void ssdq_sidecars_close(struct thread_data *td);

#endif
