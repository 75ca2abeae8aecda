// SPDX-License-Identifier: GPL-2.0-only
/* Bursts with a duty cycle, and idle after a job. */
#include <string.h>

#include "ssdq.h"
#include "sidecar.h"
#include "stop.h"
#include "util.h"
#include "wait.h"

/*
 * Idle for @ns, or until the job is asked to stop (fio's terminate flag,
 * looked at every SSDQ_STOP_SLICE_US): idle_end then says "stop".
 */
static void idle(struct thread_data *td, uint64_t ns)
{
	struct ssdq_stop st = { .flag = &td->terminate, .tick = ssdq_watch_wait_tick,
				.tick_arg = td };
	struct ssdq_data *sd = td->io_ops_data;

	if (!ns)
		return;
	ssdq_event(td, "idle_start", -1);
	sd->watch.phase = "idle";
	ssdq_host_acct_plan(&sd->host_acct, ssdq_mono_ns(), true);
	if (ssdq_wait_for(&st, (int64_t)(ns / 1000)))
		ssdq_event_str(td, "idle_end", "stop", "terminated");
	else
		ssdq_event(td, "idle_end", -1);
	ssdq_host_acct_plan(&sd->host_acct, ssdq_mono_ns(), false);
	sd->watch.phase = "io";
}

/* Close a burst whose I/O has all completed; idle for the duty cycle. */
static void finish_burst(struct thread_data *td, struct ssdq_bursts *b, unsigned int duty)
{
	uint64_t busy = b->end_ns > b->start_ns ? b->end_ns - b->start_ns : 0;

	ssdq_event(td, "burst_end", (long long)b->done);
	b->nr++;
	b->issued = b->done = 0;
	b->draining = 0;
	b->start_ns = 0;
	if (duty && duty < 100)
		idle(td, busy * (100 - duty) / duty);
}

enum fio_q_status ssdq_phase_queue(struct thread_data *td, struct io_u *io_u)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_data *sd = td->io_ops_data;
	struct ssdq_bursts *b = &sd->bursts;

	if (!o->burst || !ddir_rw(io_u->ddir)) {
		b->inflight++;
		return FIO_Q_QUEUED;
	}
	if (b->draining) {
		if (b->inflight)
			return FIO_Q_BUSY;
		finish_burst(td, b, o->duty);
		fio_gettime(&io_u->start_time, NULL);
		if (td_ioengine_flagged(td, FIO_SYNCIO))
			io_u->issue_time = io_u->start_time;
	}
	if (!b->start_ns) {
		b->start_ns = ssdq_mono_ns();
		ssdq_event(td, "burst_start", (long long)o->burst);
	}
	b->issued += io_u->xfer_buflen;
	if (b->issued >= o->burst)
		b->draining = 1;
	b->inflight++;
	return FIO_Q_QUEUED;
}

void ssdq_phase_unqueue(struct thread_data *td, struct io_u *io_u)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_data *sd = td->io_ops_data;
	struct ssdq_bursts *b = &sd->bursts;

	b->inflight--;
	if (o->burst && ddir_rw(io_u->ddir)) {
		b->issued -= io_u->xfer_buflen;
		b->draining = b->issued >= o->burst;
	}
}

void ssdq_phase_done(struct thread_data *td, struct io_u *io_u)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_data *sd = td->io_ops_data;
	struct ssdq_bursts *b = &sd->bursts;

	if (b->inflight)
		b->inflight--;
	if (o->burst && ddir_rw(io_u->ddir)) {
		b->done += io_u->xfer_buflen - io_u->resid;
		b->end_ns = ssdq_mono_ns();
	}
}

void ssdq_phase_end(struct thread_data *td)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_data *sd = td->io_ops_data;
	struct ssdq_bursts *b = &sd->bursts;
	const char *why;
	bool ended;

	if (o->burst && b->start_ns && !b->inflight)
		finish_burst(td, b, 0);
	why = ssdq_stop_reason(td, ssdq_job_bytes(td));
	if (!o->idle_us || !strcmp(why, "terminated") || !strcmp(why, "stalled"))
		return;		/* no cool-down after a stop request or a stalled drive */
	/*
	 * fio sets the terminate flag when runtime= runs out, and a stop
	 * request does not set it again (fio skips a job whose flag is set):
	 * clear it for the cool-down, so a stop request then is seen.
	 */
	ended = td->terminate;
	td->terminate = false;
	idle(td, o->idle_us * 1000ULL);
	td->terminate = td->terminate || ended;
}
