// SPDX-License-Identifier: GPL-2.0-only
/* A job's progress lines and stall watch: what tells a controller the job lives. */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "ssdq.h"
#include "sidecar.h"
#include "stop.h"
#include "remote.h"
#include "util.h"

/* Seconds the job has left at its pace so far (its runtime, or its size); -1: unknown. */
static long long eta_s(struct thread_data *td, uint64_t elapsed_ns)
{
	uint64_t done = ssdq_job_bytes(td);
	double t = elapsed_ns / 1e9, left = 0;
	bool known = false;

	if (!td->o.time_based && td->total_io_size && done && t > 0) {
		left = done < td->total_io_size ? (td->total_io_size - done) * t / done : 0;
		known = true;
	}
	if (td->o.timeout && (!known || td->o.timeout / 1e6 - t < left)) {
		left = td->o.timeout / 1e6 - t;
		known = true;
	}
	if (!known)
		return -1;
	return left > 0 ? (long long)(left + 0.5) : 0;
}

static void progress_line(struct thread_data *td, struct ssdq_watch *w, uint64_t now)
{
	char buf[512];
	int n;

	n = snprintf(buf, sizeof(buf),
		     "ssdq: progress %s.%d: phase=%s written=%llu read=%llu elapsed_ms=%llu "
		     "eta_s=%lld\n", td->o.name, td->thread_number,
		     w->stalled_ns ? "stalled" : w->phase,
		     (unsigned long long)td->io_bytes[DDIR_WRITE],
		     (unsigned long long)td->io_bytes[DDIR_READ],
		     (unsigned long long)((now - w->t0_ns) / 1000000), eta_s(td, now - w->t0_ns));
	if (n < 0 || n >= (int)sizeof(buf))
		return;
	/* inside fio --server: over fio's connection, to the client's stdout */
	if (!ssdq_remote_text(buf, n))
		return;
	if (ssdq_remote()) {
		/* nobody waits for this job any more: free the namespace for a resume */
		if (!td->terminate)
			ssdq_log("%s: fio's client is gone (stopped, or it lost this host): "
				 "stopping the job", td->o.name);
		fio_mark_td_terminate(td);
		return;
	}
	if (write(STDOUT_FILENO, buf, n) < 0)
		return;
}

static void stall(struct thread_data *td, struct ssdq_watch *w, uint64_t now)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_data *sd = td->io_ops_data;

	w->stalled_ns = now - w->quiet_since_ns;
	ssdq_log("%s: %s: no I/O completed for %.1f s with %u in flight "
		 "(ssdq_stall_timeout=%s): the drive stalled; stopping the job", td->o.name,
		 td->files_index ? td->files[0]->file_name : "?", w->stalled_ns / 1e9,
		 sd->bursts.inflight, o->stall);
	td_verror(td, ETIMEDOUT, "drive stalled");
	fio_mark_td_terminate(td);
}

/* @stall_check: look for a stall too (not before the completions due are reaped) */
static bool watch(struct thread_data *td, bool stall_check)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_data *sd = td->io_ops_data;
	struct ssdq_watch *w;
	uint64_t now;

	if (!sd)
		return false;
	w = &sd->watch;
	if (w->stalled_ns)
		return true;
	if (!o->progress_us && !o->stall_us)
		return false;
	now = ssdq_mono_ns();
	if (!w->t0_ns) {
		w->t0_ns = w->next_ns = w->quiet_since_ns = now;
		if (!w->phase)
			w->phase = "io";
	}
	if (stall_check && o->stall_us && sd->bursts.inflight &&
	    now - w->quiet_since_ns >= o->stall_us * 1000ULL)
		stall(td, w, now);
	if (o->progress_us && now >= w->next_ns) {
		progress_line(td, w, now);
		w->next_ns = now + o->progress_us * 1000ULL;
	}
	return w->stalled_ns != 0;
}

bool ssdq_watch_tick(struct thread_data *td)
{
	return watch(td, true);
}

void ssdq_watch_wait_tick(void *td)
{
	watch(td, true);
}

void ssdq_watch_submitted(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;

	if (sd->bursts.inflight <= 1)
		sd->watch.quiet_since_ns = ssdq_mono_ns();
	watch(td, false);
}

void ssdq_watch_completed(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;

	sd->watch.quiet_since_ns = ssdq_mono_ns();
	watch(td, false);
}

void ssdq_watch_end(struct thread_data *td, int64_t t_us)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_data *sd = td->io_ops_data;
	struct ssdq_watch *w = &sd->watch;
	char members[64];

	if (w->stalled_ns) {
		snprintf(members, sizeof(members), ",\"silent_s\":%.3f", w->stalled_ns / 1e9);
		ssdq_event_json(td, t_us, "stalled", members);
	}
	if (o->progress_us && w->t0_ns)
		progress_line(td, w, ssdq_mono_ns());
}
