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
	uint64_t from, to;
	int stopped;

	if (!ns)
		return;
	/* the planned span opens before each event's write, so it and the
	 * events' span take the same writes, however long one blocks */
	from = ssdq_mono_ns();
	ssdq_host_acct_plan(&sd->host_acct, from, true);
	ssdq_event(td, "idle_start", -1);
	sd->watch.phase = "idle";
	stopped = ssdq_wait_for(&st, (int64_t)(ns / 1000));
	to = ssdq_mono_ns();
	ssdq_host_acct_plan(&sd->host_acct, to, false);
	if (stopped)
		ssdq_event_str(td, "idle_end", "stop", "terminated");
	else
		ssdq_event(td, "idle_end", -1);
	if (sd->target && sd->target->host_idle)
		sd->target->host_idle(td, from, to);
	sd->watch.phase = "io";
}

/*
 * Close a burst whose I/O has all completed; idle for ssdq_burst_idle, else
 * the duty cycle (@between 0: the job's last burst, no idle).
 */
static void finish_burst(struct thread_data *td, struct ssdq_bursts *b, int between)
{
	struct ssdq_options *o = td->eo;
	uint64_t busy = b->end_ns > b->start_ns ? b->end_ns - b->start_ns : 0;

	ssdq_event(td, "burst_end", (long long)b->done);
	b->nr++;
	b->issued = b->done = 0;
	b->draining = 0;
	b->start_ns = 0;
	if (!between)
		return;
	if (o->burst_idle)
		idle(td, o->burst_idle_us * 1000ULL);
	else if (o->duty && o->duty < 100)
		idle(td, busy * (100 - o->duty) / o->duty);
}

/* A burst ends by its bytes (ssdq_burst) or its time (ssdq_burst_time). */
static bool burst_time_up(const struct ssdq_options *o, const struct ssdq_bursts *b)
{
	return o->burst_time_us && b->start_ns &&
	       ssdq_mono_ns() - b->start_ns >= o->burst_time_us * 1000ULL;
}

enum fio_q_status ssdq_phase_queue(struct thread_data *td, struct io_u *io_u)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_data *sd = td->io_ops_data;
	struct ssdq_bursts *b = &sd->bursts;

	if (!(o->burst || o->burst_time_us) || !ddir_rw(io_u->ddir)) {
		b->inflight++;
		return FIO_Q_QUEUED;
	}
	if (burst_time_up(o, b))
		b->draining = 1;
	if (b->draining) {
		if (b->inflight)
			return FIO_Q_BUSY;
		finish_burst(td, b, 1);
		fio_gettime(&io_u->start_time, NULL);
		if (td_ioengine_flagged(td, FIO_SYNCIO))
			io_u->issue_time = io_u->start_time;
		if (o->bursts && b->nr >= o->bursts) {
			/* the job's bursts are done: it ends as at its runtime, this io_u
			 * its last (one left requeued would keep its file open) */
			fio_mark_td_terminate(td);
			b->inflight++;
			return FIO_Q_QUEUED;
		}
	}
	if (!b->start_ns) {
		b->start_ns = ssdq_mono_ns();
		ssdq_event(td, "burst_start", o->burst ? (long long)o->burst : -1);
	}
	b->issued += io_u->xfer_buflen;
	if (o->burst && b->issued >= o->burst)
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
	} else if (o->burst_time_us && ddir_rw(io_u->ddir)) {
		b->issued -= io_u->xfer_buflen;
	}
}

void ssdq_phase_done(struct thread_data *td, struct io_u *io_u)
{
	struct ssdq_options *o = td->eo;
	struct ssdq_data *sd = td->io_ops_data;
	struct ssdq_bursts *b = &sd->bursts;

	if (b->inflight)
		b->inflight--;
	if ((o->burst || o->burst_time_us) && ddir_rw(io_u->ddir)) {
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

	if ((o->burst || o->burst_time_us) && b->start_ns && !b->inflight)
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
