// SPDX-License-Identifier: GPL-2.0-only
/* The host-interference sidecar: the job thread's run delay and switches, the model's lateness. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host_acct.h"
#include "hostload.h"

/* cumulative counters at one moment */
struct hcount {
	uint64_t cpu_ns, delay_ns, slices;
	uint64_t nvcsw, nivcsw;
	struct ssdq_host_snap io;
};

struct ssdq_hostload {
	int fd;
	int sched_fd;			/* -1: source "none" */
	int status_fd;			/* -1: no switch counts */
	clockid_t cpu_clock;
	bool has_cpu_clock;
	struct ssdq_host_acct *acct;
	struct hcount last;
	int64_t t_last_us;
};

int ssdq_hostload_parse_schedstat(const char *text, uint64_t *cpu_ns, uint64_t *delay_ns,
				  uint64_t *slices)
{
	unsigned long long c, d, n;

	if (sscanf(text, "%llu %llu %llu", &c, &d, &n) != 3)
		return -EINVAL;
	*cpu_ns = c;
	*delay_ns = d;
	*slices = n;
	return 0;
}

static int status_field(const char *text, const char *key, uint64_t *v)
{
	size_t kl = strlen(key);
	const char *p = text;

	while (p && *p) {
		if (!strncmp(p, key, kl) && p[kl] == ':') {
			char *end;

			*v = strtoull(p + kl + 1, &end, 10);
			return end == p + kl + 1 ? -EINVAL : 0;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return -EINVAL;
}

int ssdq_hostload_parse_status(const char *text, uint64_t *nvcsw, uint64_t *nivcsw)
{
	if (status_field(text, "voluntary_ctxt_switches", nvcsw) ||
	    status_field(text, "nonvoluntary_ctxt_switches", nivcsw))
		return -EINVAL;
	return 0;
}

/* One pread of a /proc file from its start. Return: 0, or -1 when unreadable. */
static int read_proc(int fd, char *buf, size_t len)
{
	ssize_t n;

	if (fd < 0)
		return -1;
	n = pread(fd, buf, len - 1, 0);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

/*
 * The counters now. status costs ~8 us to read, schedstat ~1 us: status is
 * read only when schedstat's count of times the thread came onto a CPU
 * moved (a switch, voluntary or not, is followed by one), so a spinning
 * job thread costs one pread an interval. @first: read everything.
 */
static void count_now(struct ssdq_hostload *h, uint64_t now_ns, struct hcount *c, bool first)
{
	char buf[4096];

	memset(c, 0, sizeof(*c));
	if (!read_proc(h->sched_fd, buf, sizeof(buf)))
		ssdq_hostload_parse_schedstat(buf, &c->cpu_ns, &c->delay_ns, &c->slices);
	if (h->has_cpu_clock) {
		struct timespec ts;

		if (!clock_gettime(h->cpu_clock, &ts))
			c->cpu_ns = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	}
	if (!first && h->sched_fd >= 0 && c->slices == h->last.slices) {
		c->nvcsw = h->last.nvcsw;
		c->nivcsw = h->last.nivcsw;
	} else if (!read_proc(h->status_fd, buf, sizeof(buf))) {
		ssdq_hostload_parse_status(buf, &c->nvcsw, &c->nivcsw);
	}
	if (h->acct)
		ssdq_host_acct_snap(h->acct, now_ns, &c->io);
}

static int write_line(struct ssdq_hostload *h, const char *buf, size_t len)
{
	size_t done = 0;
	ssize_t n;

	while (done < len && (n = write(h->fd, buf + done, len - done)) > 0)
		done += (size_t)n;
	return done < len ? -(errno ? errno : EIO) : 0;
}

/* An interval's µs: the difference of two cumulative ns counts, each floored. */
static uint64_t us_diff(uint64_t now_ns, uint64_t last_ns)
{
	return now_ns / 1000 >= last_ns / 1000 ? now_ns / 1000 - last_ns / 1000 : 0;
}

static uint64_t diff(uint64_t now, uint64_t last)
{
	return now >= last ? now - last : 0;
}

static int open_proc(const char *dir, const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return open(path, O_RDONLY | O_CLOEXEC);
}

int ssdq_hostload_open(const struct ssdq_hostload_cfg *cfg, int64_t t_us, uint64_t now_ns,
		       struct ssdq_hostload **out, char *err, size_t errlen)
{
	struct ssdq_hostload *h = calloc(1, sizeof(*h));
	char buf[4096], line[512];
	uint64_t a, b, sl;
	int n, ret;

	*out = NULL;
	if (!h)
		return -ENOMEM;
	h->fd = open(cfg->path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
	if (h->fd < 0) {
		ret = -errno;
		snprintf(err, errlen, "cannot write the host sidecar %s: %s", cfg->path,
			 strerror(-ret));
		free(h);
		return ret;
	}
	/* a kernel without schedstats (CONFIG_SCHED_INFO) reads "0 0 0" of a running thread */
	h->sched_fd = open_proc(cfg->proc_dir, "schedstat");
	if (h->sched_fd >= 0 && (read_proc(h->sched_fd, buf, sizeof(buf)) ||
				 ssdq_hostload_parse_schedstat(buf, &a, &b, &sl) || !a)) {
		close(h->sched_fd);
		h->sched_fd = -1;
	}
	h->status_fd = open_proc(cfg->proc_dir, "status");
	if (h->status_fd >= 0 && (read_proc(h->status_fd, buf, sizeof(buf)) ||
				  ssdq_hostload_parse_status(buf, &a, &b))) {
		close(h->status_fd);
		h->status_fd = -1;
	}
	h->acct = cfg->acct;
	h->cpu_clock = cfg->cpu_clock;
	h->has_cpu_clock = cfg->has_cpu_clock;
	count_now(h, now_ns, &h->last, true);
	h->t_last_us = t_us;
	n = snprintf(line, sizeof(line),
		     "{\"version\":1,\"kind\":\"host_start\",\"time_us\":%" PRId64 ",\"tid\":%d,"
		     "\"source\":\"%s\",\"ncpu\":%u,\"cpus_allowed\":%u,\"model\":%s,"
		     "\"interval_ms\":%u}\n", t_us, cfg->tid,
		     h->sched_fd >= 0 ? "schedstat" : "none", cfg->ncpu, cfg->cpus_allowed,
		     cfg->acct ? "true" : "false", cfg->interval_ms);
	ret = write_line(h, line, (size_t)n);
	if (ret) {
		snprintf(err, errlen, "cannot write the host sidecar %s: %s", cfg->path,
			 strerror(-ret));
		ssdq_hostload_close(h);
		return ret;
	}
	*out = h;
	return 0;
}

int ssdq_hostload_tick(struct ssdq_hostload *h, int64_t t_us, uint64_t now_ns)
{
	struct hcount c, *l = &h->last;
	char line[512];
	int n;

	if (t_us <= h->t_last_us)
		return 0;
	count_now(h, now_ns, &c, false);
	n = snprintf(line, sizeof(line), "{\"time_us\":%" PRId64 ",\"interval_us\":%" PRId64,
		     t_us, t_us - h->t_last_us);
	if (h->sched_fd >= 0)
		n += snprintf(line + n, sizeof(line) - n, ",\"run_delay_us\":%" PRIu64,
			      us_diff(c.delay_ns, l->delay_ns));
	if (h->sched_fd >= 0 || h->has_cpu_clock)
		n += snprintf(line + n, sizeof(line) - n, ",\"cpu_us\":%" PRIu64,
			      us_diff(c.cpu_ns, l->cpu_ns));
	if (h->status_fd >= 0)
		n += snprintf(line + n, sizeof(line) - n,
			      ",\"nivcsw\":%" PRIu64 ",\"nvcsw\":%" PRIu64,
			      diff(c.nivcsw, l->nivcsw), diff(c.nvcsw, l->nvcsw));
	if (h->acct)
		n += snprintf(line + n, sizeof(line) - n,
			      ",\"ios\":%" PRIu64 ",\"intended_us\":%" PRIu64
			      ",\"host_added_us\":%" PRIu64 ",\"host_added_max_us\":%" PRIu64
			      ",\"late_ios\":%" PRIu64 ",\"drive_idle_us\":%" PRIu64
			      ",\"planned_idle_us\":%" PRIu64 ",\"drain_ios\":%" PRIu64
			      ",\"drain_added_us\":%" PRIu64 ",\"drain_late_ios\":%" PRIu64,
			      diff(c.io.ios, l->io.ios),
			      us_diff(c.io.intended_ns, l->io.intended_ns),
			      us_diff(c.io.added_ns, l->io.added_ns), c.io.added_max_us,
			      diff(c.io.late_ios, l->io.late_ios),
			      us_diff(c.io.idle_ns, l->io.idle_ns),
			      us_diff(c.io.planned_ns, l->io.planned_ns),
			      diff(c.io.drain_ios, l->io.drain_ios),
			      us_diff(c.io.drain_ns, l->io.drain_ns),
			      diff(c.io.drain_late_ios, l->io.drain_late_ios));
	n += snprintf(line + n, sizeof(line) - n, "}\n");
	*l = c;
	h->t_last_us = t_us;
	return write_line(h, line, (size_t)n);
}

int ssdq_hostload_fd(const struct ssdq_hostload *h)
{
	return h->fd;
}

void ssdq_hostload_close(struct ssdq_hostload *h)
{
	if (!h)
		return;
	if (h->sched_fd >= 0)
		close(h->sched_fd);
	if (h->status_fd >= 0)
		close(h->status_fd);
	close(h->fd);
	free(h);
}
