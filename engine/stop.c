// SPDX-License-Identifier: GPL-2.0-only
/* Why a job stopped, for its job_end event. */
#include "ssdq.h"
#include "ssdq_options.h"
#include "stop.h"

const char *ssdq_stop_reason(struct thread_data *td, uint64_t bytes)
{
	struct ssdq_data *sd = td->io_ops_data;
	const struct ssdq_options *o = td->eo;
	struct timespec now;

	/* the stall watch's verdict (watch.h), read, not asked: watch.c calls down to here */
	if (sd && sd->watch.stalled_ns)
		return "stalled";
	if (td->error)
		return "error";
	/* ssdq_bursts ran out (phases.c) */
	if (sd && o && o->bursts && sd->bursts.nr >= o->bursts)
		return "bursts";
	/* a time_based job goes round its size until the runtime ends */
	if (!td->o.time_based && td->total_io_size && bytes >= td->total_io_size)
		return "bytes";
	/* runtime= ran out: fio sets td->terminate for that too */
	if (td->o.timeout && (td->epoch.tv_sec || td->epoch.tv_nsec)) {
		fio_gettime(&now, NULL);
		if (utime_since(&td->epoch, &now) >= td->o.timeout)
			return "time";
	}
	/* a signal, the trigger file, exitall, or fio's main process stopping it */
	if (td->terminate)
		return "terminated";
	return td->o.time_based ? "time" : "bytes";
}

uint64_t ssdq_job_bytes(struct thread_data *td)
{
	return td->io_bytes[DDIR_READ] + td->io_bytes[DDIR_WRITE] + td->io_bytes[DDIR_TRIM];
}
