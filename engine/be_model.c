// SPDX-License-Identifier: GPL-2.0-only
/* Drive model backend: I/Os complete when the model says a drive would. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#include "ssdq.h"
#include "buffers.h"
#include "sidecar_path.h"
#include "host_acct.h"
#include "host_iolog.h"
#include "sidecar.h"
#include "target_model.h"
#include "util.h"

/*
 * A wait for a completion sleeps to a margin before the deadline and spins
 * the rest: a sleep wakes late by the timer's and the scheduler's wake-up
 * time. The margin follows the median of the wake-ups' lateness (tracked
 * by steps of MARGIN_STEP: up when a wake-up was later than the margin,
 * down when not), between MARGIN_MIN and MARGIN_MAX, from MARGIN_START. A
 * wait shorter than the margin and MIN_SLEEP spins throughout.
 *
 * Not a fixed long spin: a thread that spins through every wait is a CPU
 * hog the scheduler preempts for whole slices on a busy host, and a
 * margin at a high quantile of the wake-ups grows with the host's load
 * into the same. Measured on the 2-core development VM at load average
 * 11-14 (other sessions' work), QD1 4 KiB reads on qlc-1tb/250 (the
 * model's 119.5 us an I/O), 1 s runs side by side, the host sidecar's
 * account (docs/host.md): spinning the last 250 us (every wait; the
 * engine before), the host added 144-658 us an I/O (run delay 56-86 % of
 * the job's time, 1281-3709 IOPS); a margin at the wake-ups' 90th
 * percentile, 141-270 (1945-3790 IOPS in the pairs run beside it); at
 * their median, 46-92 us (26-42 %, 4693-5988 IOPS).
 */
#define MARGIN_START	50000ULL
#define MARGIN_MIN	2000ULL
#define MARGIN_MAX	250000ULL
#define MARGIN_STEP	1000ULL
#define MIN_SLEEP	5000ULL
/* Longest sleep between two looks at the stall watch and the stop flag. */
#define SLICE_NS	100000000ULL
/* The completion time of an I/O the stalled drive never completes. */
#define NEVER		UINT64_MAX

struct pending {
	struct io_u *io_u;
	uint64_t submit_ns;		/* when the model was given it */
	uint64_t deadline_ns;		/* when the model completes it; NEVER: stalled */
	uint64_t done_ns;		/* when it may be reaped (a stop: at once) */
};

struct model_data {
	struct pending *pending;	/* in flight, unordered */
	unsigned int nr_pending;
	struct io_u **events;
	uint64_t *ready_ns;		/* when the engine had each of events[] */
	uint64_t *submit_ns;		/* when the model was given each of events[] */
	struct io_u **queued;
	unsigned int nr_queued;
	unsigned int depth;
	uint64_t stall_after;		/* SSDQ_MODEL_STALL: bytes, then no completion */
	int stalled;			/* past them: the drive completes nothing */
	struct ssdq_model_job *job;	/* the model's account of the job */
	uint64_t margin_ns;		/* waits spin this much before a deadline */
	struct ssdq_host_iolog *iolog;	/* ssdq_host_log's per-I/O logs, or NULL */
	int iolog_failed;
};

/*
 * An injected fault (tests): SSDQ_MODEL_STALL=BYTES, or NAME:BYTES for the
 * model whose state file is named NAME: once a job has sent BYTES of reads
 * and writes, the drive completes nothing more, as a hung drive.
 * Return: the bytes, or NEVER.
 */
static uint64_t stall_after(const char *file)
{
	const char *v = getenv("SSDQ_MODEL_STALL"), *colon, *base;
	unsigned long long n;
	char *end;

	if (!v || !*v)
		return NEVER;
	colon = strrchr(v, ':');
	if (colon) {
		base = strrchr(file, '/');
		base = base ? base + 1 : file;
		if (strlen(base) != (size_t)(colon - v) || strncmp(base, v, colon - v))
			return NEVER;
		v = colon + 1;
	}
	errno = 0;
	n = strtoull(v, &end, 10);
	if (errno || end == v || *end)
		return NEVER;
	return n;
}

/* Sleep to @t (CLOCK_MONOTONIC ns). */
static void sleep_until(uint64_t t)
{
	struct timespec ts = { .tv_sec = (time_t)(t / 1000000000ULL),
			       .tv_nsec = (long)(t % 1000000000ULL) };

	if (t > ssdq_mono_ns())
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
			;
}

/* Wait to @deadline, a completion's: sleep to @margin_ns before it, spin the rest. */
static void wait_until(uint64_t deadline, uint64_t *margin_ns)
{
	uint64_t now = ssdq_mono_ns(), m = *margin_ns;

	if (deadline > now + m + MIN_SLEEP) {
		uint64_t t = deadline - m, late;

		sleep_until(t);
		now = ssdq_mono_ns();
		late = now > t ? now - t : 0;
		if (late > m)
			m = m + MARGIN_STEP < MARGIN_MAX ? m + MARGIN_STEP : MARGIN_MAX;
		else
			m = m > MARGIN_MIN + MARGIN_STEP ? m - MARGIN_STEP : MARGIN_MIN;
		*margin_ns = m;
	}
	while (ssdq_mono_ns() < deadline)
		;
}

/* ssdq_host_log=1: the per-I/O host-added and intended logs. Return: 0 or -errno. */
static int open_iolog(struct thread_data *td, struct model_data *md)
{
	struct ssdq_options *o = td->eo;
	char added[4096], intended[4096], err[4200];
	int64_t off;
	int ret;

	if (!o->host_log)
		return 0;
	ret = ssdq_sidecar_name(td, "hostlat", "log", added, sizeof(added));
	if (!ret)
		ret = ssdq_sidecar_name(td, "intended", "log", intended, sizeof(intended));
	if (ret) {
		ssdq_log("%s: the per-I/O host logs' names: %s", td->o.name, strerror(-ret));
		return ret;
	}
	off = ssdq_realtime_us() * 1000 - (int64_t)ssdq_mono_ns();
	ret = ssdq_host_iolog_open(added, intended, off, &md->iolog, err, sizeof(err));
	if (ret)
		ssdq_log("%s: %s", td->o.name, err);
	return ret;
}

/*
 * An I/O handed to fio at @now: the host's account of it (host_acct.h) and
 * its per-I/O log lines. @idle: none of the job's I/Os is left in flight.
 */
static void account_io(struct thread_data *td, struct model_data *md, struct io_u *io_u,
		       uint64_t submit_ns, uint64_t deadline_ns, uint64_t now, bool idle)
{
	struct ssdq_data *sd = td->io_ops_data;
	uint64_t late;

	if (deadline_ns == NEVER) {	/* the stalled drive's, given up */
		if (idle)
			ssdq_host_acct_idle(&sd->host_acct, now);
		return;
	}
	late = ssdq_host_acct_io(&sd->host_acct, submit_ns, deadline_ns, now, idle);
	if (md->iolog && !md->iolog_failed) {
		int ret = ssdq_host_iolog_add(md->iolog, now, late, deadline_ns - submit_ns,
					      io_u->ddir, io_u->xfer_buflen, io_u->offset);

		if (ret) {
			md->iolog_failed = 1;
			ssdq_log("%s: cannot write the per-I/O host logs: %s; their later lines "
				 "are lost", td->o.name, strerror(-ret));
		}
	}
}

static int model_post_init(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct model_data *md = calloc(1, sizeof(*md));

	if (!md)
		return -ENOMEM;
	sd->be_data = md;
	md->job = ssdq_model_job(td);
	md->depth = td->o.iodepth;
	md->margin_ns = MARGIN_START;
	md->stall_after = td->files_index ? stall_after(td->files[0]->file_name) : NEVER;
	md->pending = calloc(md->depth, sizeof(*md->pending));
	md->events = calloc(md->depth, sizeof(*md->events));
	md->ready_ns = calloc(md->depth, sizeof(*md->ready_ns));
	md->submit_ns = calloc(md->depth, sizeof(*md->submit_ns));
	md->queued = calloc(md->depth, sizeof(*md->queued));
	if (!md->pending || !md->events || !md->ready_ns || !md->submit_ns || !md->queued)
		return -ENOMEM;
	prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
	ssdq_touch_buffers(td);
	ssdq_host_acct_init(&sd->host_acct, ssdq_mono_ns());
	return open_iolog(td, md);
}

/* Reads return a pattern: each LBA starts with its own number. */
static void fill_pattern(struct io_u *io_u, unsigned int lba_shift)
{
	uint64_t lba = io_u->offset >> lba_shift;
	char *buf = io_u->xfer_buf;

	for (unsigned long long o = 0; o < io_u->xfer_buflen; o += 1ULL << lba_shift, lba++)
		memcpy(buf + o, &lba, sizeof(lba));
}

/*
 * A read or write, and the model's own account of what set its speed: a
 * model_regime event at each change, with the bytes the job had moved in
 * that direction before the I/O.
 */
static uint64_t model_rw(struct thread_data *td, struct ssdq_model *m, struct io_u *io_u,
			 enum ssdq_model_op op, uint64_t now)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct model_data *md = sd->be_data;
	struct ssdq_model_job *mj = md->job;
	int dir = op == SSDQ_MODEL_WRITE;
	uint64_t done, sent = mj->rw_bytes[0] + mj->rw_bytes[1];

	if (sent >= md->stall_after) {
		if (!md->stalled)
			ssdq_event_bytes_str(td, "model_fault", (long long)sent, "fault", "stall");
		md->stalled = 1;
		return NEVER;
	}
	done = ssdq_model_io(m, now, op, io_u->offset, io_u->xfer_buflen);
	if (m->regime != mj->regime[dir] || !mj->rw_bytes[dir]) {
		mj->regime[dir] = m->regime;
		ssdq_event_bytes_str(td, "model_regime", (long long)mj->rw_bytes[dir], "regime",
				     ssdq_model_regime_name(m->regime));
	}
	mj->rw_bytes[dir] += io_u->xfer_buflen;
	return done;
}

/*
 * @now: the submission time the model is given (the I/O's service starts
 * there). Return: completion time, or 0 when the I/O failed at once.
 */
static uint64_t model_submit(struct thread_data *td, struct io_u *io_u, uint64_t now)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct model_data *md = sd->be_data;
	struct ssdq_model *m = ssdq_file_model(io_u->file);
	const struct ssdq_ns *ns = &ssdq_file_dev(io_u->file)->ns;
	enum ssdq_model_op op;

	switch (io_u->ddir) {
	case DDIR_READ:		op = SSDQ_MODEL_READ; break;
	case DDIR_WRITE:	op = SSDQ_MODEL_WRITE; break;
	case DDIR_TRIM:		op = SSDQ_MODEL_TRIM; break;
	case DDIR_SYNC:
	case DDIR_DATASYNC:	op = SSDQ_MODEL_FLUSH; break;
	default:
		io_u->error = EOPNOTSUPP;
		return 0;
	}
	if (op != SSDQ_MODEL_FLUSH) {
		if (ssdq_nvme_check_span(ns, io_u->offset, io_u->xfer_buflen)) {
			ssdq_log("%s: %llu bytes at offset %llu are not whole %u-byte LBAs; "
				 "nothing was sent", io_u->file->file_name, io_u->xfer_buflen,
				 io_u->offset, 1u << ns->lba_shift);
			io_u->error = EINVAL;
			return 0;
		}
		if (io_u->offset + io_u->xfer_buflen > ns->nlba << ns->lba_shift) {
			ssdq_io_failed(td, io_u, 0x4080);	/* DNR, LBA Out of Range */
			return 0;
		}
	}
	if (op == SSDQ_MODEL_READ)
		fill_pattern(io_u, ns->lba_shift);
	if (!md->job->t0_ns) {
		md->job->t0_ns = now;
		md->job->e0 = ssdq_model_active_energy(m);
	}
	io_u->error = 0;
	io_u->resid = 0;
	if (op == SSDQ_MODEL_WRITE || op == SSDQ_MODEL_READ)
		return model_rw(td, m, io_u, op, now);
	return ssdq_model_io(m, now, op, io_u->offset, io_u->xfer_buflen);
}

static enum fio_q_status model_queue(struct thread_data *td, struct io_u *io_u)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct model_data *md = sd->be_data;
	struct ssdq_options *o = td->eo;
	uint64_t done, now;

	if (md->nr_pending == md->depth)
		return FIO_Q_BUSY;
	now = ssdq_mono_ns();
	done = model_submit(td, io_u, now);
	if (!done)
		return FIO_Q_COMPLETED;
	if (!md->nr_pending)
		ssdq_host_acct_busy(&sd->host_acct, now, td->o.thinktime * 1000ull);
	if (o->sync || td_ioengine_flagged(td, FIO_SYNCIO)) {
		while (done == NEVER) {
			if (ssdq_watch_tick(td) || td->terminate) {
				io_u->error = ETIMEDOUT;
				ssdq_host_acct_idle(&sd->host_acct, ssdq_mono_ns());
				return FIO_Q_COMPLETED;
			}
			sleep_until(ssdq_mono_ns() + SLICE_NS);
		}
		wait_until(done, &md->margin_ns);
		md->job->t1_ns = ssdq_mono_ns();
		/* the drive finished at its deadline, however late the host saw it */
		ssdq_model_complete(ssdq_file_model(io_u->file), done);
		account_io(td, md, io_u, now, done, md->job->t1_ns, true);
		return FIO_Q_COMPLETED;
	}
	md->pending[md->nr_pending].io_u = io_u;
	md->pending[md->nr_pending].submit_ns = now;
	md->pending[md->nr_pending].deadline_ns = done;
	md->pending[md->nr_pending].done_ns = done;
	md->nr_pending++;
	md->queued[md->nr_queued++] = io_u;
	return FIO_Q_QUEUED;
}

static int model_commit(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct model_data *md = sd->be_data;

	ssdq_mark_issued(td, md->queued, md->nr_queued);
	md->nr_queued = 0;
	return 0;
}

static unsigned int reap(struct thread_data *td, struct model_data *md, uint64_t now,
			 unsigned int events, unsigned int max)
{
	struct ssdq_data *sd = td->io_ops_data;

	for (unsigned int i = 0; i < md->nr_pending && events < max;) {
		if (md->pending[i].done_ns <= now) {
			struct pending p = md->pending[i];

			/* the drive finished at its deadline, however late the host saw it */
			ssdq_model_complete(ssdq_file_model(p.io_u->file),
					    p.deadline_ns != NEVER ? p.deadline_ns : now);
			md->job->t1_ns = now;
			sd->watch.quiet_since_ns = now;
			md->ready_ns[events] = now;
			md->submit_ns[events] = p.submit_ns;
			md->events[events++] = p.io_u;
			md->pending[i] = md->pending[--md->nr_pending];
			account_io(td, md, p.io_u, p.submit_ns, p.deadline_ns, now,
				   !md->nr_pending);
		} else {
			i++;
		}
	}
	return events;
}

/* A stop (the stall watch's, or any): the I/O the drive will never complete fails. */
static void give_up(struct model_data *md, uint64_t now)
{
	for (unsigned int i = 0; i < md->nr_pending; i++) {
		if (md->pending[i].done_ns != NEVER)
			continue;
		md->pending[i].io_u->error = ETIMEDOUT;
		md->pending[i].done_ns = now;
	}
}

/*
 * The I/Os handed to fio now. @drain: fio asked for every I/O in flight at
 * once (its drain at a job's end): it stamps them all now, so the time from
 * when the engine had each is fio's drain's (host_acct.h).
 */
static int hand_over(struct ssdq_data *sd, struct model_data *md, unsigned int events,
		     bool drain)
{
	uint64_t now = ssdq_mono_ns();

	if (drain && events) {
		ssdq_host_acct_drain(&sd->host_acct, md->submit_ns, md->ready_ns, events, now);
		ssdq_model_job_drain(md->job, md->events, md->submit_ns, md->ready_ns, events, now);
	}
	return (int)events;
}

/* Waits in slices of SLICE_NS, looking at the stall watch and the stop flag between them. */
static int model_getevents(struct thread_data *td, unsigned int min,
			   unsigned int max, const struct timespec *t)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct model_data *md = sd->be_data;
	uint64_t limit = NEVER, now = ssdq_mono_ns();
	bool drain = min > 1 && min >= md->nr_pending;
	unsigned int events = 0;

	if (t)
		limit = now + (uint64_t)t->tv_sec * 1000000000ULL + (uint64_t)t->tv_nsec;
	for (;;) {
		uint64_t next = NEVER, until;

		events = reap(td, md, now, events, max);
		if (events >= min || events == max || !md->nr_pending || now >= limit)
			return hand_over(sd, md, events, drain);
		if (ssdq_watch_tick(td) || td->terminate)
			give_up(md, now);
		for (unsigned int i = 0; i < md->nr_pending; i++)
			if (md->pending[i].done_ns < next)
				next = md->pending[i].done_ns;
		until = next < limit ? next : limit;
		if (until > now + SLICE_NS)
			sleep_until(now + SLICE_NS);
		else
			wait_until(until, &md->margin_ns);
		now = ssdq_mono_ns();
	}
}

static struct io_u *model_event(struct thread_data *td, int ev)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct model_data *md = sd->be_data;

	return md->events[ev];
}

static void model_cleanup(struct thread_data *td)
{
	struct ssdq_data *sd = td->io_ops_data;
	struct model_data *md = sd->be_data;

	if (!md)
		return;
	ssdq_host_iolog_close(md->iolog);
	free(md->pending);
	free(md->events);
	free(md->ready_ns);
	free(md->submit_ns);
	free(md->queued);
	free(md);
	sd->be_data = NULL;
}

const struct ssdq_backend_ops ssdq_be_model = {
	.name		= "model",
	.post_init	= model_post_init,
	.queue		= model_queue,
	.commit		= model_commit,
	.getevents	= model_getevents,
	.event		= model_event,
	.cleanup	= model_cleanup,
};
