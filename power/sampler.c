// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <stdarg.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#include "device_info.h"
#include "nvme_admin.h"
#include "nvme_ns.h"
#include "nvme_status.h"
#include "jsonl.h"
#include "smart_log.h"
#include "sampler.h"
#include "source.h"
#include "util.h"
#include "vet.h"

#define MAX_SOURCES	8
#define EV_RING		1024
#define GAP_RETRY_US	1000000
#define STALE_US	1000000
#define SLICE_US	50000
/* a stream whose samples carry their own times is read this often at most */
#define STREAM_BATCH_US	20000
/* a source waited on by its fd is read at least this often (its silence is judged then) */
#define WATCH_US	200000

struct ev {
	int64_t time_us;
	long long bytes;
	char name[32];
	char source[128];
	char msg[256];
	char members[256];	/* JSON text after the members above, "" none */
};

struct src_state {
	struct ssdq_source *src;
	int64_t next_poll;
	bool in_gap;
	int64_t prev_t;		/* an averaged source's previous reading, 0: none */
	int64_t prev_t0;	/* when it opened */
	int64_t not_before;	/* waited on by fd: no read before this */
	bool failed;		/* the last read failed: tick, do not wait on the fd */
	struct ssdq_vet vet;	/* its readings checked at the door */
	/* an energy counter's account at the start: e0_ret 0 when read, -ENODATA: no counter */
	struct ssdq_energy e0;
	int e0_ret;
	/* several sources: mean since the last period, and the last value */
	double acc_w, acc_wt;
	double last_w;
	int64_t last_seen;
};

struct ssdq_sampler {
	struct ssdq_sampler_cfg cfg;
	char *power, *ng, *ctrl, *job;
	char *smart_name;	/* what SMART comes from, named in messages */
	int nsrc;
	struct src_state src[MAX_SOURCES];
	/* the drive's own measurement beside other sources: out of their power
	 * log, read at the end only (source.h, measure) */
	struct ssdq_source *drive;
	int64_t drive_t0, drive_next;
	int64_t period_us;
	FILE *power_f, *smart_f, *events_f;
	int smart_fd;
	pthread_t power_thread, aux_thread;
	bool power_started, aux_started;
	atomic_int stop;
	atomic_int idle;
	/* real clock: the threads wait in ppoll on these instead of ticking */
	int stop_fd;			/* readable once close asks the threads to stop */
	int ev_fd;			/* an event was pushed onto an empty ring */
	/* no power or SMART line after end_us: see ssdq_sampler_end() */
	pthread_mutex_t end_lock;
	int64_t end_us;
	/* held while the power thread reads and writes lines; the end's read takes it */
	pthread_mutex_t read_lock;
	bool end_read;
	bool energy_done;		/* the energy_counter events are pushed */
	struct ssdq_clock clk;		/* cfg.clock, or the real clocks */
	double power_max_w;		/* readings above are refused (vet.h) */
	/* the sidecars' paths and the errno of each one's first failed write */
	char *path[3];
	int werr[3];
	char range_msg[160];		/* where that bound came from */

	/* single-source period mean, weighted (see take_sample()) */
	int64_t bucket;
	double b_w, b_t, b_wt;
	unsigned long power_lines, smart_lines;

	int last_cw;
	bool smart_failing;

	/* OCP C0h: probed once at open, then read with every SMART sample */
	bool have_ocp, ocp_failing;
	uint8_t ocp_uuid_index;
	struct ssdq_ocp_smart ocp_probe;	/* what the probe read (device.json's power fields) */
	char ocp_msg[256];

	pthread_mutex_t ev_lock;
	struct ev ring[EV_RING];
	unsigned int ev_head, ev_tail;	/* tail - head = queued */
	unsigned long ev_dropped;
};

static void warn(struct ssdq_sampler *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void warn(struct ssdq_sampler *s, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (s->cfg.warn)
		s->cfg.warn(s->cfg.warn_arg, msg);
	else
		fprintf(stderr, "ssdq: %s\n", msg);
}

/* After a line to sidecar @f: its first failed write is named, with errno. */
static void wrote(struct ssdq_sampler *s, FILE *f)
{
	int i = f == s->power_f ? 0 : f == s->smart_f ? 1 : 2, e = errno;

	if (!ferror(f) || s->werr[i])
		return;
	s->werr[i] = e ? e : EIO;
	warn(s, "cannot write %s: %s; its later lines are lost", s->path[i] ? s->path[i] : "?",
	     strerror(s->werr[i]));
}

static int64_t rt_now(struct ssdq_sampler *s)
{
	return s->clk.realtime_us(s->clk.arg);
}

static int64_t mono_now(struct ssdq_sampler *s)
{
	return s->clk.mono_us(s->clk.arg);
}

static void push_event(struct ssdq_sampler *s, int64_t t, const char *name, long long bytes,
		       const char *source, const char *msg)
{
	struct ev *e;

	pthread_mutex_lock(&s->ev_lock);
	if (s->ev_tail - s->ev_head >= EV_RING) {
		s->ev_dropped++;
		pthread_mutex_unlock(&s->ev_lock);
		return;
	}
	if (s->ev_tail == s->ev_head && s->ev_fd >= 0) {
		uint64_t one = 1;

		if (write(s->ev_fd, &one, sizeof(one)) < 0)
			(void)0;	/* a full counter already wakes the thread */
	}
	e = &s->ring[s->ev_tail % EV_RING];
	e->time_us = t;
	e->bytes = bytes;
	snprintf(e->name, sizeof(e->name), "%s", name);
	snprintf(e->source, sizeof(e->source), "%s", source ? source : "");
	snprintf(e->msg, sizeof(e->msg), "%s", msg ? msg : "");
	s->ev_tail++;
	pthread_mutex_unlock(&s->ev_lock);
}

static void write_event(struct ssdq_sampler *s, const struct ev *e)
{
	if (!s->events_f)
		return;
	ssdq_event_line_write(s->events_f, &(struct ssdq_event_line){
		.time_us = e->time_us, .event = e->name, .job = s->job, .bytes = e->bytes,
		.source = e->source, .msg = e->msg, .members = e->members[0] ? e->members : NULL,
	});
	wrote(s, s->events_f);
}

/* "power_source": what each source is, and the range its readings must fall in */
static void power_source_event(struct ssdq_sampler *s, const struct ssdq_source *src, int64_t t)
{
	char *members = NULL;
	size_t len = 0;
	FILE *m;

	if (!s->events_f || !(m = open_memstream(&members, &len)))
		return;
	fputs(",\"rail\":", m);
	ssdq_json_str(m, src->rail);
	fputs(",\"unit\":", m);
	ssdq_json_str(m, src->unit);
	fprintf(m, ",\"estimated\":%s,\"streamed\":%s,\"max_w\":%g,\"msg\":",
		src->estimated ? "true" : "false", src->streamed ? "true" : "false",
		s->power_max_w);
	ssdq_json_str(m, s->range_msg);
	if (!fclose(m))
		ssdq_event_line_write(s->events_f, &(struct ssdq_event_line){
			.time_us = t, .event = "power_source", .job = s->job, .bytes = -1,
			.key = "source", .value = src->spec, .members = members,
		});
	free(members);
	wrote(s, s->events_f);
}

static void drain_events(struct ssdq_sampler *s)
{
	struct ev batch[64];
	unsigned int n;
	unsigned long dropped;

	do {
		pthread_mutex_lock(&s->ev_lock);
		for (n = 0; n < 64 && s->ev_head != s->ev_tail; n++)
			batch[n] = s->ring[s->ev_head++ % EV_RING];
		dropped = s->ev_dropped;
		s->ev_dropped = 0;
		pthread_mutex_unlock(&s->ev_lock);
		for (unsigned int i = 0; i < n; i++)
			write_event(s, &batch[i]);
		if (dropped) {
			struct ev e = { .time_us = rt_now(s), .bytes = -1,
					.name = "events_dropped" };

			snprintf(e.msg, sizeof(e.msg), "%lu events lost: the ring was full",
				 dropped);
			write_event(s, &e);
		}
	} while (n == 64);
}

void ssdq_sampler_event(struct ssdq_sampler *s, const char *name, long long bytes)
{
	if (!s)
		return;
	if (!strcmp(name, "idle_start"))
		atomic_store(&s->idle, 1);
	else if (!strcmp(name, "idle_end"))
		atomic_store(&s->idle, 0);
	push_event(s, rt_now(s), name, bytes, NULL, NULL);
}

void ssdq_sampler_event_msg(struct ssdq_sampler *s, const char *name, const char *msg)
{
	if (s)
		push_event(s, rt_now(s), name, -1, NULL, msg);
}

/*
 * The end as of now. Read after a sample's time was taken: if the end is
 * not set yet, ssdq_sampler_end() takes its time after this, so later than
 * the sample's (both under end_lock).
 */
static int64_t end_of(struct ssdq_sampler *s)
{
	int64_t e;

	pthread_mutex_lock(&s->end_lock);
	e = s->end_us;
	pthread_mutex_unlock(&s->end_lock);
	return e;
}

/* --- power ---------------------------------------------------------------- */

static void power_line(struct ssdq_sampler *s, int64_t t_us, double watts)
{
	fprintf(s->power_f, "%lld, %lld, 0, 0, 0\n", (long long)(t_us / 1000),
		(long long)llround(watts * 1000));
	wrote(s, s->power_f);
	s->power_lines++;
}

static void bucket_flush(struct ssdq_sampler *s)
{
	if (s->b_wt > 0)
		power_line(s, (int64_t)(s->b_t / s->b_wt), s->b_w / s->b_wt);
	s->b_w = s->b_t = s->b_wt = 0;
}

static void bucket_add(struct ssdq_sampler *s, int64_t b, double t, double watts, double wt)
{
	if (s->b_wt > 0 && b != s->bucket)
		bucket_flush(s);
	s->bucket = b;
	s->b_w += watts * wt;
	s->b_t += t * wt;
	s->b_wt += wt;
}

/*
 * An instant's reading counts once in its period. An averaged reading (the
 * mean since the previous one) counts for the time it covers, split over
 * the periods it spans: a read that came late fills the periods it missed,
 * and two reads in one period are weighted by their lengths, so the lines
 * keep the source's energy whatever the thread's timing.
 */
static void take_sample(struct ssdq_sampler *s, struct src_state *st, const struct ssdq_sample *x,
			int64_t end_us)
{
	int64_t t0 = 0, t1 = x->time_us;
	double wt = 1;

	if (st->src->averaged) {
		t0 = st->prev_t ? st->prev_t : t1 - s->period_us;
		st->prev_t = t1;
		/* a read after the end speaks for the time up to it */
		if (t1 > end_us && s->nsrc == 1)
			t1 = end_us;
		wt = (double)(t1 - t0);
	}
	if (t1 > end_us || (st->src->averaged && t1 <= t0))
		return;
	if (s->nsrc > 1) {
		st->acc_w += x->watts * wt;
		st->acc_wt += wt;
		return;
	}
	if (!st->src->averaged) {
		bucket_add(s, t1 / s->period_us, (double)t1, x->watts, 1);
		return;
	}
	while (t0 < t1) {
		int64_t b = t0 / s->period_us, end = (b + 1) * s->period_us;

		if (end > t1)
			end = t1;
		bucket_add(s, b, (double)(t0 + end) / 2, x->watts, (double)(end - t0));
		t0 = end;
	}
}

/*
 * Time between reads of a source: the period, or the source's own minimum;
 * a stream of samples stamped with their own times is read in batches (its
 * buckets come from those times), so one source does not wake the thread
 * every period.
 */
static int64_t poll_step(const struct ssdq_sampler *s, const struct src_state *st)
{
	int64_t step = s->period_us;

	if (st->src->min_interval_us > step)
		step = st->src->min_interval_us;
	if (s->nsrc == 1 && st->src->streamed && st->src->own_times && step < STREAM_BATCH_US)
		step = STREAM_BATCH_US;
	return step;
}

/*
 * One source with an fd, on the real clock, whose last read worked (a
 * closed pipe stays readable): the power thread waits on its fd.
 */
static bool waits_on_fd(const struct ssdq_sampler *s, const struct src_state *st)
{
	return s->nsrc == 1 && s->stop_fd >= 0 && st->src->wait_fd >= 0 && !st->failed;
}

/* A source's gap: no line for it until it gives a reading in range again. */
static void gap_start(struct ssdq_sampler *s, struct src_state *st, const char *what,
		      const char *why)
{
	st->prev_t = 0;		/* a reading after the gap does not speak for it */
	if (st->in_gap)
		return;
	st->in_gap = true;
	if (s->nsrc == 1)
		bucket_flush(s);
	push_event(s, rt_now(s), "power_gap_start", -1, st->src->spec, why);
	warn(s, "power source \"%s\"%s%s; a gap is recorded and sampling goes on",
	     st->src->spec, what, why);
}

/*
 * Read @st when its time has come, or at once when @ready (its fd turned
 * readable). A source waited on by its fd is next read when something
 * arrives (a stream of self-stamped samples: not before its batch step),
 * or after WATCH_US without.
 */
static void poll_source(struct ssdq_sampler *s, struct src_state *st, int64_t mono, bool ready)
{
	struct ssdq_sample buf[256];
	int n, kept = 0, verdict;

	if (mono < st->next_poll && !ready)
		return;
	do {
		int64_t end;

		n = ssdq_source_read(st->src, rt_now(s), buf, 256);
		end = end_of(s);
		for (int i = 0; i < n; i++) {
			if (!ssdq_vet_sample(&st->vet, &buf[i]))
				continue;
			take_sample(s, st, &buf[i], end);
			kept++;
		}
	} while (n == 256 && !atomic_load(&s->stop));
	st->failed = n < 0;
	if (n < 0) {
		st->next_poll = mono + GAP_RETRY_US;
		gap_start(s, st, " failed: ", st->src->err);
		return;
	}
	verdict = ssdq_vet_read(&st->vet, st->src, kept, mono);
	if (verdict < 0) {
		gap_start(s, st, ": ", st->vet.why);
	} else if (verdict > 0 && st->in_gap) {
		st->in_gap = false;
		push_event(s, rt_now(s), "power_gap_end", -1, st->src->spec, NULL);
		warn(s, "power source \"%s\" is back", st->src->spec);
	}
	if (waits_on_fd(s, st)) {
		st->not_before = mono + (st->src->own_times ? poll_step(s, st) :
					 (int64_t)st->src->min_interval_us);
		st->next_poll = mono + (poll_step(s, st) > WATCH_US ? poll_step(s, st) : WATCH_US);
		return;
	}
	st->next_poll += poll_step(s, st);
	if (st->next_poll <= mono)
		st->next_poll = mono + poll_step(s, st);	/* late: skip, do not burst */
}

static void multi_tick(struct ssdq_sampler *s, int64_t mono)
{
	double sum = 0;
	bool ok = true;
	int64_t t;

	for (int i = 0; i < s->nsrc; i++) {
		struct src_state *st = &s->src[i];

		if (st->acc_wt > 0) {
			st->last_w = st->acc_w / st->acc_wt;
			st->last_seen = mono;
			st->acc_w = 0;
			st->acc_wt = 0;
		}
		if (st->in_gap || !st->last_seen || mono - st->last_seen > STALE_US)
			ok = false;
		sum += st->last_w;
	}
	t = rt_now(s);
	if (ok && t <= end_of(s))
		power_line(s, t, sum);
}

/*
 * Wait until @mono_us, a stop, or @fd (-1: none) turning readable; true for
 * the last. On the real clock the wait is one ppoll on the stop eventfd
 * (and @fd): no wake-up before it is due. A simulated clock sleeps in
 * slices, as its tests expect, and never waits on an fd.
 */
static bool wait_until(struct ssdq_sampler *s, int64_t mono_us, int fd)
{
	while (s->stop_fd >= 0 && !atomic_load(&s->stop)) {
		struct pollfd pf[2] = { { .fd = s->stop_fd, .events = POLLIN },
					{ .fd = fd, .events = POLLIN } };
		int64_t left = mono_us - mono_now(s);
		struct timespec ts;

		if (left <= 0 && fd < 0)
			return false;
		if (left < 0)
			left = 0;
		ts.tv_sec = left / 1000000;
		ts.tv_nsec = (left % 1000000) * 1000;
		if (ppoll(pf, fd >= 0 ? 2 : 1, &ts, NULL) > 0 && fd >= 0 &&
		    (pf[1].revents & (POLLIN | POLLHUP | POLLERR)))
			return true;
		if (left == 0)
			return false;
	}
	return false;
}

static void sleep_until(struct ssdq_sampler *s, int64_t mono_us)
{
	if (s->stop_fd >= 0) {
		wait_until(s, mono_us, -1);
		return;
	}
	while (!atomic_load(&s->stop)) {
		int64_t now = mono_now(s), until = mono_us;

		if (now >= mono_us)
			return;
		if (until - now > SLICE_US)
			until = now + SLICE_US;
		s->clk.sleep_until(s->clk.arg, until);
	}
}

/*
 * The drive's own measurement beside the meters: read at its own interval
 * (or the meters' period, if longer) so the drive model sees each interval;
 * its readings are not the power log's, its figures come at the end.
 */
static void drive_tick(struct ssdq_sampler *s, int64_t mono)
{
	struct ssdq_sample x;
	int64_t step;

	if (!s->drive || mono < s->drive_next)
		return;
	step = s->drive->min_interval_us > s->period_us ? s->drive->min_interval_us : s->period_us;
	s->drive_next = mono + step;
	ssdq_source_read(s->drive, rt_now(s), &x, 1);
}

static void *power_main(void *arg)
{
	struct ssdq_sampler *s = arg;
	int64_t next = mono_now(s);

	for (int i = 0; i < s->nsrc; i++)
		s->src[i].next_poll = next;
	bool ready = false;

	while (!atomic_load(&s->stop)) {
		int64_t mono = mono_now(s);
		int idle = atomic_load(&s->idle);

		pthread_mutex_lock(&s->read_lock);
		for (int i = 0; i < s->nsrc; i++) {
			s->src[i].src->idle_hint = idle;
			poll_source(s, &s->src[i], mono, ready);
		}
		drive_tick(s, mono);
		pthread_mutex_unlock(&s->read_lock);
		ready = false;
		if (s->nsrc == 1 && waits_on_fd(s, &s->src[0])) {
			struct src_state *st = &s->src[0];

			/* a batch's worth of time first, then whatever comes first */
			if (st->not_before > mono_now(s))
				sleep_until(s, st->not_before < st->next_poll ? st->not_before :
					    st->next_poll);
			if (mono_now(s) < st->next_poll)
				ready = wait_until(s, st->next_poll, st->src->wait_fd);
			continue;
		}
		if (s->nsrc > 1) {
			/* the sum of several sources is taken every period */
			multi_tick(s, mono);
			next += s->period_us;
			if (next < mono)
				next = mono + s->period_us;	/* late: skip, do not burst */
		} else {
			next = s->src[0].next_poll;
		}
		sleep_until(s, next);
	}
	return NULL;
}

/* --- SMART and events ----------------------------------------------------- */

/* A failing C0h read leaves "ocp" out of the line: one ocp_error per streak. */
static void ocp_sample(struct ssdq_sampler *s, struct ssdq_smart *sm)
{
	char msg[256], why[160];
	int ret;

	ret = ssdq_nvme_read_ocp(s->smart_fd, SSDQ_NVME_POWER_TIMEOUT_MS, s->ocp_uuid_index,
				 &sm->ocp, why, sizeof(why));
	sm->have_ocp = !ret;
	if (!ret) {
		s->ocp_failing = false;
		return;
	}
	if (s->ocp_failing)
		return;
	s->ocp_failing = true;
	snprintf(msg, sizeof(msg), "OCP C0h log from %s: %s", s->ctrl,
		 ret == -ENOMSG ? "the GUID changed" : why);
	push_event(s, rt_now(s), "ocp_error", -1, s->ctrl, msg);
}

static int smart_sample(struct ssdq_sampler *s, char *err, size_t errlen)
{
	struct ssdq_smart sm;
	int64_t t = rt_now(s);
	int ret;

	if (t > end_of(s))
		return 0;
	if (s->cfg.smart_read) {
		memset(&sm, 0, sizeof(sm));
		ret = s->cfg.smart_read(s->cfg.smart_arg, &sm);
		if (ret) {
			snprintf(err, errlen, "SMART from the drive model: %s", strerror(-ret));
			return ret;
		}
	} else {
		char what[300];

		snprintf(what, sizeof(what), "SMART log from %s", s->ctrl);
		ret = ssdq_nvme_result(ssdq_nvme_read_smart(s->smart_fd, SSDQ_NVME_POWER_TIMEOUT_MS,
							    &sm), what, err, errlen);
		if (ret)
			return ret;
		if (s->have_ocp)
			ocp_sample(s, &sm);
	}
	ssdq_smart_json(s->smart_f, t, &sm);
	fputc('\n', s->smart_f);
	wrote(s, s->smart_f);
	s->smart_lines++;
	if (sm.critical_warning != s->last_cw) {
		char msg[160];

		snprintf(msg, sizeof(msg), "SMART critical warning 0x%02x (was 0x%02x)%s%s%s%s%s",
			 sm.critical_warning, s->last_cw,
			 sm.critical_warning & 0x01 ? ", spare below threshold" : "",
			 sm.critical_warning & 0x02 ? ", temperature" : "",
			 sm.critical_warning & 0x04 ? ", reliability degraded" : "",
			 sm.critical_warning & 0x08 ? ", read-only" : "",
			 sm.critical_warning & 0x10 ? ", volatile backup failed" : "");
		push_event(s, t, "critical_warning", sm.critical_warning, s->smart_name, msg);
		if (sm.critical_warning)
			warn(s, "%s on %s", msg, s->smart_name);
		s->last_cw = sm.critical_warning;
	}
	return 0;
}

static void *aux_main(void *arg)
{
	struct ssdq_sampler *s = arg;
	int64_t next_smart = mono_now(s) + (int64_t)s->cfg.smart_ms * 1000;

	while (!atomic_load(&s->stop)) {
		int64_t now = mono_now(s), wake = now + SLICE_US;

		if (s->smart_f && now >= next_smart) {
			char err[300];

			if (smart_sample(s, err, sizeof(err))) {
				if (!s->smart_failing) {
					push_event(s, rt_now(s), "smart_error", -1, s->smart_name,
						   err);
					warn(s, "%s; SMART sampling goes on", err);
				}
				s->smart_failing = true;
			} else {
				s->smart_failing = false;
			}
			next_smart += (int64_t)s->cfg.smart_ms * 1000;
			if (next_smart < now)
				next_smart = now + (int64_t)s->cfg.smart_ms * 1000;
		}
		if (s->ev_fd >= 0) {
			uint64_t n;

			if (read(s->ev_fd, &n, sizeof(n)) < 0)
				(void)0;	/* nothing signalled: EAGAIN */
		}
		drain_events(s);
		if (s->ev_fd >= 0) {
			/* pushes wake the wait: sleep until SMART is due, or for good */
			wake = s->smart_f ? next_smart : INT64_MAX;
			wait_until(s, wake, s->ev_fd);
			continue;
		}
		if (s->smart_f && next_smart < wake)
			wake = next_smart;
		sleep_until(s, wake);
	}
	return NULL;
}

/* --- open/close ----------------------------------------------------------- */

static FILE *open_sidecar(const char *path, const char *mode, char *err, size_t errlen,
			  int *ret)
{
	FILE *f = fopen(path, mode);

	if (!f) {
		*ret = -errno;
		snprintf(err, errlen, "cannot create %s: %s", path, strerror(errno));
		return NULL;
	}
	setvbuf(f, NULL, _IOLBF, 0);
	return f;
}

static char *dup_opt(const char *s)
{
	return s ? strdup(s) : NULL;
}

/* The sampler's state before anything opens: locks, clocks, eventfds, copies of @cfg. */
static struct ssdq_sampler *sampler_new(const struct ssdq_sampler_cfg *cfg)
{
	struct ssdq_sampler *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->end_us = INT64_MAX;
	pthread_mutex_init(&s->end_lock, NULL);
	pthread_mutex_init(&s->read_lock, NULL);
	s->cfg = *cfg;
	s->clk = cfg->clock ? *cfg->clock : ssdq_clock_real;
	s->smart_fd = -1;
	s->stop_fd = s->ev_fd = -1;
	if (!cfg->clock) {
		s->stop_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
		s->ev_fd = s->stop_fd >= 0 ? eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK) : -1;
		if (s->ev_fd < 0 && s->stop_fd >= 0) {
			close(s->stop_fd);	/* no eventfd: tick as before */
			s->stop_fd = -1;
		}
	}
	pthread_mutex_init(&s->ev_lock, NULL);
	s->period_us = (int64_t)llround(1e6 / (cfg->power_hz > 0 ? cfg->power_hz : 10));
	return s;
}

/* What the threads keep of @cfg (its strings copied), and the controller. Return: 0 or -errno. */
static int take_cfg(struct ssdq_sampler *s, const struct ssdq_sampler_cfg *cfg, char *err,
		    size_t errlen)
{
	char ctrlbuf[256];

	if (s->period_us < 50) {
		snprintf(err, errlen, "power rate %.0f Hz is above the 20 kHz the sampler "
			 "supports", cfg->power_hz);
		return -EINVAL;
	}
	if (!s->clk.realtime_us || !s->clk.mono_us || !s->clk.sleep_until) {
		snprintf(err, errlen, "a clock needs realtime_us, mono_us and sleep_until");
		return -EINVAL;
	}
	s->power = dup_opt(cfg->power);
	s->ng = dup_opt(cfg->ng);
	s->job = dup_opt(cfg->job);
	s->cfg.power = s->power;
	s->cfg.ng = s->ng;
	s->cfg.ctrl = NULL;
	s->cfg.power_log = s->cfg.smart_log = s->cfg.events_log = s->cfg.device_json = NULL;
	s->cfg.fio_version = s->cfg.sysfs_root = s->cfg.job = NULL;

	if (cfg->ctrl)
		snprintf(ctrlbuf, sizeof(ctrlbuf), "%s", cfg->ctrl);
	else if (!cfg->ng || ssdq_ctrl_for_ng(cfg->sysfs_root, cfg->ng, ctrlbuf, sizeof(ctrlbuf)))
		ctrlbuf[0] = '\0';
	s->ctrl = ctrlbuf[0] ? strdup(ctrlbuf) : NULL;
	s->smart_name = dup_opt(cfg->smart_read && cfg->smart_name ? cfg->smart_name :
				s->ctrl ? s->ctrl : "the drive");
	s->cfg.smart_name = NULL;
	return 0;
}

/* Opens each power source @cfg names. Return: 0 or -errno, @err saying why. */
/* The drive's own measurement beside a meter: held against it, not added to it. */
static void set_drive_aside(struct ssdq_sampler *s)
{
	for (int i = 0; i < s->nsrc && s->nsrc > 1; i++) {
		if (!s->src[i].src->ops->measure)
			continue;
		s->drive = s->src[i].src;
		s->drive_t0 = rt_now(s);
		memmove(&s->src[i], &s->src[i + 1], (size_t)(s->nsrc - i - 1) * sizeof(s->src[0]));
		s->nsrc--;
		memset(&s->src[s->nsrc], 0, sizeof(s->src[0]));
		return;
	}
}

static int open_sources(struct ssdq_sampler *s, const struct ssdq_sampler_cfg *cfg, char *err,
			size_t errlen)
{
	struct ssdq_source_cfg scfg;
	const char *specs[MAX_SOURCES];
	char *split;
	size_t len;
	int ret = 0, n;

	if (!cfg->power || !*cfg->power)
		return 0;
	if (!cfg->power_log) {
		snprintf(err, errlen, "power sources named but no power log path");
		return -EINVAL;
	}
	len = strlen(cfg->power) + 1;
	split = malloc(len);
	n = split ? ssdq_source_split(cfg->power, specs, MAX_SOURCES, split, len) : -ENOMEM;
	if (n < 0) {
		snprintf(err, errlen, "power sources \"%s\": more than %d", cfg->power,
			 MAX_SOURCES);
		free(split);
		return n;
	}
	memset(&scfg, 0, sizeof(scfg));
	scfg.sysfs_root = cfg->sysfs_root;
	scfg.ctrl_path = s->ctrl;
	scfg.rate_hz = 1e6 / (double)s->period_us;
	scfg.open_timeout_ms = cfg->open_timeout_ms;
	scfg.extra_types = cfg->extra_types;
	for (int i = 0; i < n && !ret; i++) {
		ret = ssdq_source_open(specs[i], &scfg, &s->src[i].src, err, errlen);
		if (ret)
			break;
		/* its first mean is since its open, however late the first read */
		s->src[i].prev_t0 = rt_now(s);
		if (s->src[i].src->averaged)
			s->src[i].prev_t = s->src[i].prev_t0;
		s->src[i].e0_ret = ssdq_source_energy(s->src[i].src, rt_now(s), &s->src[i].e0);
		s->nsrc++;
	}
	free(split);
	if (!ret)
		set_drive_aside(s);
	return ret;
}

/*
 * SMART from the controller (unless @cfg reads it itself): its node opened,
 * the OCP C0h log probed once. Return: 0 or -errno, @err saying why.
 */
static int open_smart(struct ssdq_sampler *s, const struct ssdq_sampler_cfg *cfg, char *err,
		      size_t errlen)
{
	struct ssdq_ocp_smart *o = &s->ocp_probe;
	char why[160];
	int ret;

	if (!cfg->smart_ms || cfg->smart_read)
		return 0;
	if (!s->ctrl) {
		snprintf(err, errlen, "SMART sampling needs an NVMe controller (/dev/nvmeX) "
			 "or namespace node");
		return -EINVAL;
	}
	if (!cfg->smart_log) {
		snprintf(err, errlen, "SMART sampling asked for but no SMART log path");
		return -EINVAL;
	}
	s->smart_fd = open(s->ctrl, O_RDONLY | O_CLOEXEC);
	if (s->smart_fd < 0) {
		ret = -errno;
		snprintf(err, errlen, "cannot open %s for SMART: %s%s", s->ctrl,
			 strerror(-ret), ret == -EACCES ? " (run as root)" : "");
		return ret;
	}
	s->have_ocp = !ssdq_nvme_probe_ocp(s->smart_fd, SSDQ_NVME_POWER_TIMEOUT_MS,
					   &s->ocp_uuid_index, o, why, sizeof(why));
	if (s->have_ocp)
		snprintf(s->ocp_msg, sizeof(s->ocp_msg), "%s has the OCP C0h log "
			 "(version %u, UUID index %u): SMART lines carry \"ocp\"",
			 s->ctrl, o->log_page_version, s->ocp_uuid_index);
	else
		snprintf(s->ocp_msg, sizeof(s->ocp_msg), "%s has no OCP C0h log (%s): "
			 "SMART lines carry no \"ocp\"", s->ctrl, why);
	return 0;
}

/* The range a reading must fall in (vet.h), from @cfg or the drive's power states. */
static void vet_sources(struct ssdq_sampler *s, const struct ssdq_sampler_cfg *cfg)
{
	int fd;

	if (!s->nsrc)
		return;
	fd = s->smart_fd >= 0 ? s->smart_fd : s->ctrl ? open(s->ctrl, O_RDONLY | O_CLOEXEC) : -1;
	s->power_max_w = ssdq_power_bound(cfg->power_max_w, fd, s->range_msg,
					  sizeof(s->range_msg));
	if (fd >= 0 && fd != s->smart_fd)
		close(fd);
	for (int i = 0; i < s->nsrc; i++)
		ssdq_vet_init(&s->src[i].vet, s->power_max_w, poll_step(s, &s->src[i]),
			      mono_now(s));
}

/*
 * device.json, then the sidecars, each created (the events file appended to)
 * and the first SMART sample taken, before any I/O. Return: 0 or -errno.
 */
/* device.json, with the C0h power fields the OCP probe read. Return: 0 or -errno. */
static int write_device_json(struct ssdq_sampler *s, const struct ssdq_sampler_cfg *cfg,
			     char *err, size_t errlen)
{
	struct ssdq_devinfo *d = malloc(sizeof(*d));
	int ret;

	if (!d)
		return -ENOMEM;
	ssdq_devinfo_collect(d, s->ng, s->ctrl, cfg->sysfs_root, cfg->fio_version);
	d->have_ocp_power = s->have_ocp && s->ocp_probe.have_power;
	d->ocp = s->ocp_probe;
	ret = ssdq_devinfo_save(d, cfg->device_json, err, errlen);
	free(d);
	return ret;
}

static int open_files(struct ssdq_sampler *s, const struct ssdq_sampler_cfg *cfg, char *err,
		      size_t errlen)
{
	int ret = 0;

	if (cfg->device_json && (s->ng || s->ctrl)) {
		ret = write_device_json(s, cfg, err, errlen);
		if (ret)
			return ret;
	}
	s->path[0] = dup_opt(cfg->power_log);
	s->path[1] = dup_opt(cfg->smart_log);
	s->path[2] = dup_opt(cfg->events_log);
	if (s->nsrc && !(s->power_f = open_sidecar(cfg->power_log, "we", err, errlen, &ret)))
		return ret;
	/* appended: the engine may write its own markers to the same file */
	if (cfg->events_log &&
	    !(s->events_f = open_sidecar(cfg->events_log, "ae", err, errlen, &ret)))
		return ret;
	if (cfg->smart_ms) {
		if (!(s->smart_f = open_sidecar(cfg->smart_log, "we", err, errlen, &ret)))
			return ret;
		return smart_sample(s, err, errlen);	/* fails before any I/O */
	}
	return 0;
}

/* sampler_start, the OCP log's presence, and each power source. */
static void first_events(struct ssdq_sampler *s, const struct ssdq_sampler_cfg *cfg)
{
	int64_t t = rt_now(s);
	struct ev e = { .time_us = t, .bytes = -1, .name = "sampler_start" };

	snprintf(e.msg, sizeof(e.msg), "power_hz=%g smart_ms=%u", 1e6 / (double)s->period_us,
		 cfg->smart_ms);
	write_event(s, &e);
	if (s->ocp_msg[0]) {
		struct ev o = { .time_us = t, .bytes = -1 };

		snprintf(o.name, sizeof(o.name), "%s", s->have_ocp ? "ocp_log" : "ocp_log_absent");
		snprintf(o.source, sizeof(o.source), "%s", s->ctrl);
		snprintf(o.msg, sizeof(o.msg), "%s", s->ocp_msg);
		write_event(s, &o);
	}
	for (int i = 0; i < s->nsrc; i++)
		power_source_event(s, s->src[i].src, t);
}

/* The threads, which take no signals: they are the caller's (fio's). Return: 0 or -errno. */
static int start_threads(struct ssdq_sampler *s, char *err, size_t errlen)
{
	sigset_t all, old;
	int ret = 0;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	if (s->nsrc) {
		ret = -pthread_create(&s->power_thread, NULL, power_main, s);
		if (ret) {
			pthread_sigmask(SIG_SETMASK, &old, NULL);
			snprintf(err, errlen, "cannot start the power thread: %s", strerror(-ret));
			return ret;
		}
		s->power_started = true;
	}
	ret = -pthread_create(&s->aux_thread, NULL, aux_main, s);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (ret) {
		snprintf(err, errlen, "cannot start the sampler thread: %s", strerror(-ret));
		return ret;
	}
	s->aux_started = true;
	return 0;
}

int ssdq_sampler_open(const struct ssdq_sampler_cfg *cfg, struct ssdq_sampler **out,
		      char *err, size_t errlen)
{
	struct ssdq_sampler *s;
	int ret;

	*out = NULL;
	s = sampler_new(cfg);
	if (!s)
		return -ENOMEM;
	ret = take_cfg(s, cfg, err, errlen);
	if (!ret)
		ret = open_sources(s, cfg, err, errlen);
	if (!ret)
		ret = open_smart(s, cfg, err, errlen);
	if (!ret) {
		vet_sources(s, cfg);
		ret = open_files(s, cfg, err, errlen);
	}
	if (!ret) {
		first_events(s, cfg);
		ret = start_threads(s, err, errlen);
	}
	if (ret) {
		ssdq_sampler_close(s);
		return ret;
	}
	*out = s;
	return 0;
}

/* Return: 0, or -errno of the file's first failed write (named by then). */
static int close_file(struct ssdq_sampler *s, FILE *f)
{
	int i = f == s->power_f ? 0 : f == s->smart_f ? 1 : 2;

	if (!f)
		return 0;
	if (fclose(f) && !s->werr[i]) {
		s->werr[i] = errno ? errno : EIO;
		warn(s, "cannot write %s: %s; its last lines are lost",
		     s->path[i] ? s->path[i] : "?", strerror(s->werr[i]));
	}
	return -s->werr[i];
}

/*
 * One averaged source read once more, at the end (or at close without one),
 * so its lines reach the end with what it drew up to then; the power
 * thread's reads after that speak for time after the end, and are dropped.
 */
static void last_read(struct ssdq_sampler *s)
{
	struct src_state *st = &s->src[0];
	struct ssdq_sample x;

	if (s->nsrc != 1 || !s->power_f || !st->src->averaged)
		return;
	pthread_mutex_lock(&s->read_lock);
	if (!s->end_read && !st->in_gap && !st->failed &&
	    ssdq_source_read(st->src, rt_now(s), &x, 1) == 1 && ssdq_vet_sample(&st->vet, &x))
		take_sample(s, st, &x, end_of(s));
	s->end_read = true;
	pthread_mutex_unlock(&s->read_lock);
}

/* One source's "energy_counter" event over [e0, now]: its joules, or null and why. */
static void energy_event(struct ssdq_sampler *s, struct src_state *st, int64_t t)
{
	struct ssdq_energy e1;
	struct ev *e;
	char why[256] = "";
	int ret = st->e0_ret ? st->e0_ret : ssdq_source_energy(st->src, t, &e1);

	if (ret == -ENODATA)
		return;
	if (ret)
		snprintf(why, sizeof(why), "the counter could not be read: %.200s", st->e0_ret ?
			 "at the start" : st->src->err);
	else if (e1.stopped_us)
		snprintf(why, sizeof(why), "the counter stopped: it has not moved since %.3f s "
			 "after the start while the power read says it should have",
			 (double)(e1.stopped_us - st->e0.time_us) / 1e6);
	pthread_mutex_lock(&s->ev_lock);
	if (s->ev_tail - s->ev_head >= EV_RING) {
		s->ev_dropped++;
		pthread_mutex_unlock(&s->ev_lock);
		return;
	}
	e = &s->ring[s->ev_tail % EV_RING];
	memset(e, 0, sizeof(*e));
	e->time_us = t;
	e->bytes = -1;
	snprintf(e->name, sizeof(e->name), "energy_counter");
	snprintf(e->source, sizeof(e->source), "%.127s", st->src->spec);
	if (why[0]) {
		snprintf(e->members, sizeof(e->members), ",\"t0_us\":%lld,\"joules\":null",
			 (long long)st->e0.time_us);
		snprintf(e->msg, sizeof(e->msg), "%s", why);
	} else {
		snprintf(e->members, sizeof(e->members),
			 ",\"t0_us\":%lld,\"joules\":%.6f,\"wraps\":%u,\"drops\":%u,"
			 "\"bridged_j\":%.6f", (long long)st->e0.time_us,
			 (e1.uj - st->e0.uj) / 1e6, e1.wraps - st->e0.wraps,
			 e1.drops - st->e0.drops, (e1.bridged_uj - st->e0.bridged_uj) / 1e6);
		if (e1.drops > st->e0.drops)
			snprintf(e->msg, sizeof(e->msg), "the counter went back %u times with no "
				 "energy_wrap= given: those spans are the power read's",
				 e1.drops - st->e0.drops);
	}
	s->ev_tail++;
	pthread_mutex_unlock(&s->ev_lock);
}

/* The "drive_power" event: the drive's own figures over [t0, now], or null and why. */
static void drive_event(struct ssdq_sampler *s, struct ssdq_source *src, int64_t t0, int64_t t,
			bool beside)
{
	struct ssdq_drive_meas d;
	struct ev e = { .time_us = t, .bytes = -1, .name = "drive_power" };
	char pe[16] = "null";
	int ret = src->ops->measure(src, &d);

	snprintf(e.source, sizeof(e.source), "%.127s", src->spec);
	snprintf(e.msg, sizeof(e.msg), "%s", d.why);
	if (d.percent_error >= 0)
		snprintf(pe, sizeof(pe), "%d", d.percent_error);
	if (ret || isnan(d.joules))
		snprintf(e.members, sizeof(e.members), ",\"t0_us\":%lld,\"joules\":null,"
			 "\"count\":%u,\"interval_s\":%.9g,\"percent_error\":%s,\"beside\":%s",
			 (long long)t0, d.count, d.interval_s, pe, beside ? "true" : "false");
	else
		snprintf(e.members, sizeof(e.members), ",\"t0_us\":%lld,\"joules\":%.6f,"
			 "\"avg_w\":%.6f,\"max_w\":%.6f,\"count\":%u,\"interval_s\":%.9g,"
			 "\"resolution_w\":%g,\"percent_error\":%s,\"estimated\":%s,\"beside\":%s",
			 (long long)t0, d.joules, d.avg_w, isnan(d.max_w) ? d.avg_w : d.max_w,
			 d.count, d.interval_s, d.resolution_w, pe, d.estimated ? "true" : "false",
			 beside ? "true" : "false");
	pthread_mutex_lock(&s->ev_lock);
	if (s->ev_tail - s->ev_head >= EV_RING)
		s->ev_dropped++;
	else
		s->ring[s->ev_tail++ % EV_RING] = e;
	pthread_mutex_unlock(&s->ev_lock);
}

/* Each energy counter read at the end, once; under the read lock (not beside a read). */
static void energy_events(struct ssdq_sampler *s, int64_t t)
{
	pthread_mutex_lock(&s->read_lock);
	if (!s->energy_done) {
		for (int i = 0; i < s->nsrc; i++) {
			energy_event(s, &s->src[i], t);
			if (s->src[i].src->ops->measure)
				drive_event(s, s->src[i].src, s->src[i].prev_t0, t, false);
		}
		if (s->drive)
			drive_event(s, s->drive, s->drive_t0, t, true);
	}
	s->energy_done = true;
	pthread_mutex_unlock(&s->read_lock);
}

int64_t ssdq_sampler_end(struct ssdq_sampler *s)
{
	int64_t t;

	if (!s)
		return ssdq_realtime_us();
	pthread_mutex_lock(&s->end_lock);
	t = rt_now(s);
	if (t < s->end_us)
		s->end_us = t;
	t = s->end_us;
	pthread_mutex_unlock(&s->end_lock);
	if (s->power_started) {
		last_read(s);
		energy_events(s, t);
	}
	return t;
}

int ssdq_sampler_close(struct ssdq_sampler *s)
{
	int ret = 0;

	if (!s)
		return 0;
	atomic_store(&s->stop, 1);
	if (s->stop_fd >= 0) {
		uint64_t one = 1;

		if (write(s->stop_fd, &one, sizeof(one)) < 0)
			(void)0;	/* cannot fail below the counter's limit */
	}
	if (s->clk.wake)
		s->clk.wake(s->clk.arg);
	if (s->power_started)
		pthread_join(s->power_thread, NULL);
	if (s->aux_started)
		pthread_join(s->aux_thread, NULL);
	if (s->power_started) {
		last_read(s);
		energy_events(s, end_of(s) < INT64_MAX ? end_of(s) : rt_now(s));
	}
	if (s->power_f && s->nsrc == 1)
		bucket_flush(s);
	if (s->power_started || s->aux_started) {
		char msg[128];

		snprintf(msg, sizeof(msg), "power_lines=%lu smart_lines=%lu", s->power_lines,
			 s->smart_lines);
		push_event(s, rt_now(s), "sampler_stop", -1, NULL, msg);
	}
	drain_events(s);
	for (int i = 0; i < s->nsrc; i++)
		ssdq_source_close(s->src[i].src);
	ssdq_source_close(s->drive);
	for (int i = 0; i < 3; i++) {
		FILE *f = i == 0 ? s->power_f : i == 1 ? s->smart_f : s->events_f;
		int r = f ? close_file(s, f) : 0;

		if (r && !ret)
			ret = r;
		free(s->path[i]);
	}
	if (s->smart_fd >= 0)
		close(s->smart_fd);
	if (s->stop_fd >= 0)
		close(s->stop_fd);
	if (s->ev_fd >= 0)
		close(s->ev_fd);
	free(s->power);
	free(s->ng);
	free(s->ctrl);
	free(s->smart_name);
	free(s->job);
	pthread_mutex_destroy(&s->ev_lock);
	pthread_mutex_destroy(&s->end_lock);
	pthread_mutex_destroy(&s->read_lock);
	free(s);
	return ret;
}
