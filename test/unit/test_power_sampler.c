// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sampler end to end without a device. Most tests run its threads on a
 * simulated clock (vclock.h) and check exact counts, times and spacing:
 * hwmon fixtures (one source, a sensor that disappears and comes back, two
 * sources summed), a stream with its own times read in batches, an averaged
 * source read late, one whose thread starts and ends late, the end of
 * the logs, the events ring. On the real
 * clock: a cmd source with its own timestamps, the end taken against a
 * 20 kHz thread, open errors.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "vclock.h"
#include "../../power/sampler.h"
#include "../../common/util.h"

#define RT0_MS	(VCLOCK_RT0 / 1000)

static char dir[64];
static pthread_mutex_t warn_lock = PTHREAD_MUTEX_INITIALIZER;
static char warnings[4096];
static int nwarn;
/* the simulated clock of the test running (the fake source spends its time) */
static struct vclock vc;
static struct ssdq_clock vclk;

static void on_warn(void *arg, const char *msg)
{
	(void)arg;
	pthread_mutex_lock(&warn_lock);
	nwarn++;
	strncat(warnings, msg, sizeof(warnings) - strlen(warnings) - 2);
	strcat(warnings, "\n");
	pthread_mutex_unlock(&warn_lock);
}

static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...)
{
	char cmd[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	return system(cmd);
}

static char *slurp(const char *path)
{
	static char buf[1 << 20];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/**
 * struct plog - what read_power_log() found
 * @lines: number of lines
 * @first: time of the first line, ms
 * @min_step: least time between two lines, ms (0: fewer than two lines)
 * @max_step: most time between two lines, ms
 * @sum_mw: sum of the lines' values
 */
struct plog {
	int lines;
	long long first, min_step, max_step, sum_mw;
};

/*
 * Read a power log whose lines are all "T, V, 0, 0, 0", V == @mw (any when
 * < 0), T within [lo, hi] and not decreasing. One check, however many lines.
 */
static bool read_power_log(const char *path, long long lo, long long hi, long long mw,
			   struct plog *p)
{
	char *text = slurp(path), *line, *save = NULL, *bad = NULL;
	long long last = 0;

	memset(p, 0, sizeof(*p));
	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		long long t, v;
		int a, b, c, k = -1;

		if (sscanf(line, "%lld, %lld, %d, %d, %d%n", &t, &v, &a, &b, &c, &k) != 5 ||
		    line[k] || a || b || c || t < lo || t > hi || t < last || (mw >= 0 && v != mw)) {
			bad = line;
			break;
		}
		if (!p->lines)
			p->first = t;
		if (p->lines == 1 || (p->lines && t - last < p->min_step))
			p->min_step = t - last;
		if (p->lines && t - last > p->max_step)
			p->max_step = t - last;
		last = t;
		p->sum_mw += v;
		p->lines++;
	}
	if (!CHECK(text && !bad)) {
		printf("  %s: %s (window %lld..%lld, %lld mW)\n", path, text ? bad : "not read", lo,
		       hi, mw);
		return false;
	}
	return true;
}

/* time_us of the first event named @name in @ev, -1 when there is none */
static long long event_time(const char *ev, const char *name)
{
	char key[64];
	const char *p;
	long long t;

	snprintf(key, sizeof(key), "\"event\":\"%s\"", name);
	p = ev ? strstr(ev, key) : NULL;
	if (!p)
		return -1;
	while (p > ev && p[-1] != '\n')
		p--;
	return sscanf(p, "{\"time_us\":%lld,", &t) == 1 ? t : -1;
}

static void paths(struct ssdq_sampler_cfg *c, const char *name)
{
	static char p[3][256];

	snprintf(p[0], sizeof(p[0]), "%s/%s_power.1.log", dir, name);
	snprintf(p[1], sizeof(p[1]), "%s/%s_events.1.jsonl", dir, name);
	snprintf(p[2], sizeof(p[2]), "%s/%s_smart.1.jsonl", dir, name);
	c->power_log = p[0];
	c->events_log = p[1];
	c->smart_log = p[2];
	c->warn = on_warn;
}

/*
 * Open @c on a fresh simulated clock, time standing at 0; @threads: the
 * sampler's, 2 with a power source, 1 without. NULL when it did not open (a
 * failed check, and why printed).
 */
static struct ssdq_sampler *open_virtual(struct ssdq_sampler_cfg *c, int threads)
{
	struct ssdq_sampler *s = NULL;
	char err[512];

	vclock_init(&vc, &vclk, threads);
	c->clock = &vclk;
	if (!CHECK_EQ_INT(ssdq_sampler_open(c, &s, err, sizeof(err)), 0)) {
		printf("  %s\n", err);
		vclock_destroy(&vc);
	}
	return s;
}

static void close_virtual(struct ssdq_sampler *s)
{
	CHECK_EQ_INT(ssdq_sampler_close(s), 0);
	vclock_destroy(&vc);
}

/* Sample with @c from 0 to @us of simulated time: open, run, close. */
static bool sample_virtual(struct ssdq_sampler_cfg *c, int threads, int64_t us)
{
	struct ssdq_sampler *s = open_virtual(c, threads);

	if (!s)
		return false;
	CHECK_EQ_INT(vclock_run(&vc, us), 0);
	close_virtual(s);
	return true;
}

TEST(hwmon_one_source)
{
	struct ssdq_sampler_cfg c = { .power_hz = 100 };
	struct ssdq_sampler *s;
	struct plog p;
	char spec[128], *ev;

	snprintf(spec, sizeof(spec), "hwmon:%s/class/hwmon/hwmon0", dir);
	c.power = spec;
	c.job = "seq1";
	paths(&c, "one");
	/* the engine's own line, already there: kept (the file is appended to) */
	{
		FILE *f = fopen(c.events_log, "w");

		if (f) {
			fputs("{\"time_us\":1,\"event\":\"engine_marker\"}\n", f);
			fclose(f);
		}
	}
	s = open_virtual(&c, 2);
	if (!s)
		return;
	ssdq_sampler_event(s, "job_start", -1);
	ssdq_sampler_event(s, "burst_start", 0);
	/*
	 * A reading at 0, 10, ..., 300 ms; a period's line is written when the
	 * next period's reading comes: 30 lines on disk before close.
	 */
	CHECK_EQ_INT(vclock_run(&vc, 300000), 0);
	read_power_log(c.power_log, RT0_MS, RT0_MS + 300, 6150, &p);
	CHECK_EQ_INT(p.lines, 30);
	ssdq_sampler_event(s, "burst_end", 1048576);
	ssdq_sampler_event_msg(s, "device_error", "LBA \"Out\" of Range");
	CHECK_EQ_INT(vclock_run(&vc, 500000), 0);
	ssdq_sampler_event(s, "job_end", -1);
	close_virtual(s);
	/* 0, 10, ..., 500 ms: 51 lines 10 ms apart (close writes the last) */
	read_power_log(c.power_log, RT0_MS, RT0_MS + 500, 6150, &p);
	CHECK_EQ_INT(p.lines, 51);
	CHECK_EQ_INT(p.first, RT0_MS);
	CHECK_EQ_INT(p.min_step, 10);
	CHECK_EQ_INT(p.max_step, 10);
	ev = slurp(c.events_log);
	CHECK_CONTAINS(ev, "\"event\":\"sampler_start\"");
	CHECK(!strncmp(ev, "{\"time_us\":1,\"event\":\"engine_marker\"}\n", 37));
	CHECK_CONTAINS(ev, "\"event\":\"power_source\",\"job\":\"seq1\",\"source\":\"hwmon:");
	CHECK_CONTAINS(ev, "\"rail\":\"12V+3.3V\",\"unit\":\"uW\",\"estimated\":false");
	CHECK_CONTAINS(ev, "\"event\":\"job_start\",\"job\":\"seq1\"}");
	CHECK_CONTAINS(ev, "\"event\":\"burst_start\",\"job\":\"seq1\",\"bytes\":0}");
	CHECK_CONTAINS(ev, "\"event\":\"burst_end\",\"job\":\"seq1\",\"bytes\":1048576}");
	CHECK_CONTAINS(ev, "\"event\":\"device_error\",\"job\":\"seq1\",\"msg\":\"LBA \\\"Out\\\" of Range\"}");
	CHECK_CONTAINS(ev, "\"event\":\"sampler_stop\",\"job\":\"seq1\",\"msg\":\"power_lines=51 smart_lines=0\"}");
	CHECK(strstr(ev, "job_start") < strstr(ev, "burst_end"));
	/* stamped by the sampler's clock */
	CHECK_EQ_INT(event_time(ev, "sampler_start"), VCLOCK_RT0);
	CHECK_EQ_INT(event_time(ev, "job_start"), VCLOCK_RT0);
	CHECK_EQ_INT(event_time(ev, "burst_end"), VCLOCK_RT0 + 300000);
	CHECK_EQ_INT(event_time(ev, "job_end"), VCLOCK_RT0 + 500000);
	CHECK(access(c.smart_log, F_OK) != 0);	/* no SMART asked for */
}

/* An INA238-like board under the fixture root: 5 W and an energy counter. */
static void energy_board(const char *name)
{
	CHECK_EQ_INT(sh("rm -rf %s/class/hwmon/%s && mkdir -p %s/class/hwmon/%s && cd %s/class/hwmon/%s"
			" && echo 5000000 > power1_input && echo 777 > energy1_input",
			dir, name, dir, name, dir, name), 0);
}

TEST(energy_counter_event)
{
	struct ssdq_sampler_cfg c = { .power_hz = 100 };
	struct ssdq_sampler *s;
	char spec[128], *ev, *l;
	int64_t end;

	energy_board("hwmon8");
	snprintf(spec, sizeof(spec), "hwmon:%s/class/hwmon/hwmon8", dir);
	c.power = spec;
	c.job = "seq1";
	paths(&c, "energy");
	s = open_virtual(&c, 2);
	if (!s)
		return;
	CHECK_EQ_INT(vclock_run(&vc, 300000), 0);
	CHECK_EQ_INT(sh("echo 1234567 > %s/class/hwmon/hwmon8/energy1_input", dir), 0);
	CHECK_EQ_INT(vclock_run(&vc, 500000), 0);
	/* drawn after the end: not the job's */
	end = ssdq_sampler_end(s);
	CHECK_EQ_INT(sh("echo 9999999 > %s/class/hwmon/hwmon8/energy1_input", dir), 0);
	CHECK_EQ_INT(vclock_run(&vc, 600000), 0);
	close_virtual(s);
	ev = slurp(c.events_log);
	l = ev ? strstr(ev, "\"event\":\"energy_counter\"") : NULL;
	CHECK(l != NULL);
	if (!l)
		return;
	CHECK_EQ_INT(event_time(ev, "energy_counter"), end);
	CHECK_CONTAINS(l, "\"source\":\"hwmon:");
	CHECK_CONTAINS(l, "\"t0_us\":1700000000000000,\"joules\":1.233790,\"wraps\":0,"
		       "\"drops\":0,\"bridged_j\":0.000000");
	CHECK(strstr(l + 24, "energy_counter") == NULL);	/* once, though closed after */
}

TEST(energy_counter_stopped)
{
	struct ssdq_sampler_cfg c = { .power_hz = 10 };
	struct ssdq_sampler *s;
	char spec[128], *ev, *l;

	energy_board("hwmon9");
	snprintf(spec, sizeof(spec), "hwmon:%s/class/hwmon/hwmon9", dir);
	c.power = spec;
	paths(&c, "stopped");
	s = open_virtual(&c, 2);
	if (!s)
		return;
	/* 5 W for 3 s and the counter never moves */
	CHECK_EQ_INT(vclock_run(&vc, 3000000), 0);
	ssdq_sampler_end(s);
	close_virtual(s);
	ev = slurp(c.events_log);
	l = ev ? strstr(ev, "\"event\":\"energy_counter\"") : NULL;
	CHECK(l != NULL);
	if (!l)
		return;
	CHECK_CONTAINS(l, "\"joules\":null");
	CHECK_CONTAINS(l, "the counter stopped");
}

TEST(hwmon_gap)
{
	struct ssdq_sampler_cfg c = { .power_hz = 100 };
	struct ssdq_sampler *s;
	struct plog p;
	char spec[128], *ev;

	CHECK_EQ_INT(sh("cp -r %s/class/hwmon/hwmon1 %s/class/hwmon/hwmon7", dir, dir), 0);
	snprintf(spec, sizeof(spec), "hwmon:%s/class/hwmon/hwmon7", dir);
	c.power = spec;
	paths(&c, "gap");
	nwarn = 0;
	warnings[0] = '\0';
	s = open_virtual(&c, 2);
	if (!s)
		return;
	CHECK_EQ_INT(vclock_run(&vc, 300000), 0);
	CHECK_EQ_INT(sh("rm %s/class/hwmon/hwmon7/curr2_input", dir), 0);
	CHECK_EQ_INT(vclock_run(&vc, 1500000), 0);
	CHECK_EQ_INT(sh("echo 1000 > %s/class/hwmon/hwmon7/curr2_input", dir), 0);
	CHECK_EQ_INT(vclock_run(&vc, 2800000), 0);
	close_virtual(s);
	/*
	 * Readings at 0..300 ms; the one at 310 fails, the retries a second
	 * apart: 1310 fails, 2310 reads again, then 2320..2800: 31 + 50 lines.
	 */
	read_power_log(c.power_log, RT0_MS, RT0_MS + 2800, 9300, &p);
	CHECK_EQ_INT(p.lines, 81);
	CHECK_EQ_INT(p.min_step, 10);
	CHECK_EQ_INT(p.max_step, 2010);		/* the gap shows in the log */
	ev = slurp(c.events_log);
	CHECK_EQ_INT(event_time(ev, "power_gap_start"), VCLOCK_RT0 + 310000);
	CHECK_EQ_INT(event_time(ev, "power_gap_end"), VCLOCK_RT0 + 2310000);
	CHECK_CONTAINS(ev, "\"msg\":\"channel 2 (3.3V) of");
	CHECK_CONTAINS(ev, "No such file or directory");
	CHECK_EQ_INT(nwarn, 2);
	CHECK_CONTAINS(warnings, "failed: channel 2 (3.3V)");
	CHECK_CONTAINS(warnings, "a gap is recorded and sampling goes on");
	CHECK_CONTAINS(warnings, "is back");
}

TEST(two_sources_summed)
{
	struct ssdq_sampler_cfg c = { .power_hz = 50 };
	struct plog p;
	char spec[256];

	snprintf(spec, sizeof(spec), "hwmon:%s/class/hwmon/hwmon0;hwmon:%s/class/hwmon/hwmon1",
		 dir, dir);
	c.power = spec;
	paths(&c, "two");
	if (!sample_virtual(&c, 2, 400000))
		return;
	/* the sum taken at 0, 20, ..., 400 ms, stamped then */
	read_power_log(c.power_log, RT0_MS, RT0_MS + 400, 15450, &p);
	CHECK_EQ_INT(p.lines, 21);
	CHECK_EQ_INT(p.first, RT0_MS);
	CHECK_EQ_INT(p.min_step, 20);
	CHECK_EQ_INT(p.max_step, 20);
}

/* Wait, in real time, until the sampler has warned @n times (20 s at most). */
static bool wait_warnings(int n)
{
	for (int i = 0; i < 2000; i++) {
		int got;

		pthread_mutex_lock(&warn_lock);
		got = nwarn;
		pthread_mutex_unlock(&warn_lock);
		if (got >= n)
			return true;
		usleep(10000);
	}
	return false;
}

/* On the real clock: the lines come from the command's own times. */
TEST(cmd_own_timestamps)
{
	struct ssdq_sampler_cfg c = { .power_hz = 10 };
	struct ssdq_sampler *s = NULL;
	char err[512], *log, *ev;

	/* 20 readings 10 ms apart alternating 1 W and 3 W: two 100 ms periods of 2 W */
	c.power = "cmd:i=0; while [ $i -lt 20 ]; do "
		  "printf '1700000000.%03d %d\\n' $((i*10)) $((1 + 2*(i%2))); i=$((i+1)); done";
	paths(&c, "cmd");
	nwarn = 0;
	if (!CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), 0)) {
		printf("  %s\n", err);
		return;
	}
	/* its exit is warned of once every line was read */
	CHECK(wait_warnings(1));
	CHECK_EQ_INT(ssdq_sampler_close(s), 0);
	log = slurp(c.power_log);
	CHECK_STREQ(log, "1700000000045, 2000, 0, 0, 0\n1700000000145, 2000, 0, 0, 0\n");
	ev = slurp(c.events_log);
	CHECK_CONTAINS(ev, "\"streamed\":true");
	CHECK_CONTAINS(ev, "\"event\":\"power_gap_start\",\"source\":\"cmd:");
	CHECK_CONTAINS(ev, "\"msg\":\"the command exited with status 0\"");
	CHECK_EQ_INT(nwarn, 1);
}

/*
 * A source made here ("fake"), starting at its first read. "fake:own" is
 * streamed: each read returns a 2 W sample for every millisecond since the
 * last, stamped with its own time; "fake:arrival" the same, not claiming so.
 * "fake:avg" is a polled, averaged source: a drive that draws 5 mJ at every
 * 2 ms of the clock (2.5 W), read as its mean power since the previous read;
 * every 5th read takes 1.5 ms of the simulated clock, so the next ones are
 * late. "fake:poll" is polled: 2 W at each read, stamped with the read's
 * time. "fake:starve" is averaged as the drive model's source is: 2.5 W,
 * its first mean since its open, and no reading while fake_starved is set
 * (a thread that does not get to read). The reads are counted.
 */
struct fake {
	int64_t next_us, prev_us;
	int reads;
	bool avg, poll, starve;
};
static int fake_reads;
static bool fake_starved;

static int fake_open(struct ssdq_source *src, const char *arg,
		     const struct ssdq_source_cfg *cfg, char *err, size_t errlen)
{
	struct fake *f = calloc(1, sizeof(*f));

	(void)cfg;
	if (!f) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	f->avg = !strcmp(arg, "avg");
	f->poll = !strcmp(arg, "poll");
	f->starve = !strcmp(arg, "starve");
	src->priv = f;
	src->averaged = f->avg || f->starve;
	src->streamed = !f->avg && !f->poll && !f->starve;
	src->own_times = !strcmp(arg, "own");
	snprintf(src->rail, sizeof(src->rail), "fake");
	src->unit = "W";
	return 0;
}

static int fake_read(struct ssdq_source *src, int64_t now_us, struct ssdq_sample *out, int max)
{
	struct fake *f = src->priv;
	int n = 0;

	if (f->starve) {
		f->reads++;
		if (fake_starved)
			return 0;
		memset(out, 0, sizeof(*out));
		out->time_us = now_us;
		out->watts = 2.5;
		return 1;
	}
	if (!f->reads++)
		f->next_us = f->prev_us = now_us;
	if (f->avg) {
		if (now_us <= f->prev_us)
			return 0;
		memset(out, 0, sizeof(*out));
		out->time_us = now_us;
		out->watts = (double)(now_us / 2000 - f->prev_us / 2000) * 5e-3 /
			     ((double)(now_us - f->prev_us) / 1e6);
		f->prev_us = now_us;
		if (f->reads % 5 == 0)
			vclock_spend(&vc, 1500);
		return 1;
	}
	if (f->poll) {
		memset(out, 0, sizeof(*out));
		out->time_us = now_us;
		out->watts = 2.0;
		return 1;
	}
	for (; f->next_us < now_us && n < max; f->next_us += 1000, n++) {
		memset(&out[n], 0, sizeof(out[n]));
		out[n].time_us = f->next_us;
		out[n].watts = 2.0;
	}
	return n;
}

static void fake_close(struct ssdq_source *src)
{
	fake_reads = ((struct fake *)src->priv)->reads;
	free(src->priv);
	src->priv = NULL;
}

static const struct ssdq_source_ops fake_ops = {
	.type = "fake", .open = fake_open, .read = fake_read, .close = fake_close,
};
static const struct ssdq_source_ops *const fake_types[] = { &fake_ops, NULL };

TEST(stream_with_own_times_read_in_batches)
{
	struct ssdq_sampler_cfg c = { .power_hz = 1000, .extra_types = fake_types };
	struct plog p;

	/*
	 * 1 kHz for 400 ms: read at 0, 20, ..., 400 ms, a sample a millisecond
	 * from 0 to 399 ms, a line each.
	 */
	c.power = "fake:own";
	paths(&c, "fake-own");
	if (!sample_virtual(&c, 2, 400000))
		return;
	read_power_log(c.power_log, RT0_MS, RT0_MS + 400, 2000, &p);
	CHECK_EQ_INT(p.lines, 400);
	CHECK_EQ_INT(p.first, RT0_MS);
	CHECK_EQ_INT(p.max_step, 1);
	CHECK_EQ_INT(fake_reads, 21);

	/* the same stream stamped on arrival is read every period: 0..400 ms */
	c.power = "fake:arrival";
	paths(&c, "fake-arrival");
	if (!sample_virtual(&c, 2, 400000))
		return;
	read_power_log(c.power_log, RT0_MS, RT0_MS + 400, 2000, &p);
	CHECK_EQ_INT(p.lines, 400);
	CHECK_EQ_INT(fake_reads, 401);
}

/*
 * "pipe" sources: streamed, stamped on arrival, with an fd the sampler can
 * wait on (ssdq_source.wait_fd); each line the test writes into the pipe is
 * one 3 W reading. The reads are counted.
 */
static int pipe_w = -1, pipe_reads;

static int pipe_open(struct ssdq_source *src, const char *arg,
		     const struct ssdq_source_cfg *cfg, char *err, size_t errlen)
{
	int fds[2];

	(void)arg; (void)cfg;
	if (pipe2(fds, O_NONBLOCK | O_CLOEXEC)) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		return -errno;
	}
	src->priv = (void *)(intptr_t)fds[0];
	src->wait_fd = fds[0];
	src->streamed = true;
	snprintf(src->rail, sizeof(src->rail), "pipe");
	pipe_w = fds[1];
	pipe_reads = 0;
	return 0;
}

static int pipe_read(struct ssdq_source *src, int64_t now_us, struct ssdq_sample *out, int max)
{
	char buf[64];
	ssize_t got = read((int)(intptr_t)src->priv, buf, sizeof(buf));
	int n = 0;

	__atomic_add_fetch(&pipe_reads, 1, __ATOMIC_RELAXED);
	for (ssize_t i = 0; i < got && n < max; i++) {
		if (buf[i] != '\n')
			continue;
		memset(&out[n], 0, sizeof(out[n]));
		out[n].time_us = now_us;
		out[n++].watts = 3.0;
	}
	return n;
}

static void pipe_close(struct ssdq_source *src)
{
	close((int)(intptr_t)src->priv);
	close(pipe_w);
	pipe_w = -1;
}

static const struct ssdq_source_ops pipe_ops = {
	.type = "pipe", .open = pipe_open, .read = pipe_read, .close = pipe_close,
};
static const struct ssdq_source_ops *const pipe_types[] = { &pipe_ops, NULL };

/* voluntary context switches of this process's threads but the first */
static long other_threads_switches(void)
{
	char path[300], line[128];
	struct dirent *d;
	long sum = 0, v;
	DIR *dir_ = opendir("/proc/self/task");
	FILE *f;

	while (dir_ && (d = readdir(dir_))) {
		if (d->d_name[0] == '.' || atoi(d->d_name) == getpid())
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%s/status", d->d_name);
		f = fopen(path, "re");
		if (!f)
			continue;
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "voluntary_ctxt_switches: %ld", &v) == 1)
				sum += v;
		fclose(f);
	}
	if (dir_)
		closedir(dir_);
	return sum;
}

/*
 * On the real clock a source with an fd is waited on, not ticked: at 1 kHz,
 * three lines 100 ms apart are three reads (and one at the start, and one
 * every 200 ms without a line), not one a millisecond; and while nothing
 * comes neither thread wakes more than that (no SMART here: the events
 * thread sleeps until an event). Counts, bounded by the time that passed.
 */
TEST(source_with_fd_is_waited_on)
{
	struct ssdq_sampler_cfg c = { .power_hz = 1000, .extra_types = pipe_types,
				      .power = "pipe:" };
	struct ssdq_sampler *s;
	char err[256];
	struct plog p;
	int64_t t0, t1, t2;
	long sw0, sw1;
	int reads;

	paths(&c, "pipe");
	if (!CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), 0)) {
		printf("  %s\n", err);
		return;
	}
	t0 = ssdq_mono_us();
	for (int i = 0; i < 3; i++) {
		usleep(100000);
		CHECK_EQ_INT(write(pipe_w, "x\n", 2), 2);
	}
	usleep(50000);
	t1 = ssdq_mono_us();
	reads = __atomic_load_n(&pipe_reads, __ATOMIC_RELAXED);
	if (!CHECK(reads <= 3 + 1 + (t1 - t0) / 200000 + 2))
		printf("  %d reads in %lld ms\n", reads, (long long)(t1 - t0) / 1000);
	sw0 = other_threads_switches();
	usleep(1000000);
	sw1 = other_threads_switches();
	t2 = ssdq_mono_us();
	if (!CHECK(sw1 - sw0 <= (t2 - t1) / 200000 + 3))
		printf("  %ld wake-ups of the sampler's threads in %lld ms without a line\n",
		       sw1 - sw0, (long long)(t2 - t1) / 1000);
	CHECK_EQ_INT(ssdq_sampler_close(s), 0);
	read_power_log(c.power_log, 0, INT64_MAX / 1000, 3000, &p);
	CHECK_EQ_INT(p.lines, 3);
}

/* SMART from a callback: a fixed 40 C reading */
static int fake_smart(void *arg, struct ssdq_smart *out)
{
	(void)arg;
	out->composite_temp_k = 313;
	return 0;
}

/*
 * Read the time_us of each line of a SMART log into @t (up to @max); the
 * number of lines. One check: every line has a time_us.
 */
static int smart_times(const char *path, long long *t, int max)
{
	char *text = slurp(path), *line, *save = NULL, *bad = NULL;
	int n = 0;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save), n++) {
		long long x;

		if (sscanf(line, "{\"time_us\":%lld,", &x) != 1) {
			bad = line;
			break;
		}
		if (n < max)
			t[n] = x;
	}
	if (!CHECK(text && !bad))
		printf("  %s: %s\n", path, text ? bad : "not read");
	return n;
}

/*
 * An averaged source read late keeps its energy: every period gets a line,
 * and their energy is the drive's (the drive model's power source is one;
 * unweighted, its late reads lost 0.5-2.5 % of the energy).
 */
TEST(averaged_source_keeps_its_energy)
{
	struct ssdq_sampler_cfg c = { .power_hz = 1000, .extra_types = fake_types };
	struct plog p;

	c.power = "fake:avg";
	paths(&c, "fake-avg");
	/* to 398 ms, where the last read is on time and ends a whole period */
	if (!sample_virtual(&c, 2, 398000))
		return;
	read_power_log(c.power_log, RT0_MS, RT0_MS + 398, -1, &p);
	printf("  %d lines, %lld mW ms from %d reads\n", p.lines, p.sum_mw, fake_reads);
	CHECK_EQ_INT(p.lines, 398);
	CHECK_EQ_INT(p.first, RT0_MS);
	CHECK_EQ_INT(p.max_step, 1);		/* no period left without a line */
	/* one a period, 0..398 ms, but each one after a slow one half a period
	 * late, and close's (at 398 ms: nothing more to say) */
	CHECK_EQ_INT(fake_reads, 400);
	/* 199 draws of 5 mJ, within the lines' rounding to 1 mW */
	CHECK(llabs(p.sum_mw - 199 * 5000) * 2 <= p.lines);
}

/*
 * An averaged source's lines span the sampler's open to its end whatever
 * the power thread's timing (on a busy host the drive model's lines began
 * up to 90 ms after the job's and ended 130 ms before, and the report left
 * the job without W): its first read, 50 ms late, speaks from the open;
 * with the thread starved from 290 ms, the read ssdq_sampler_end() makes
 * at 305 ms speaks up to the end, and the thread's reads after it (to
 * close at 400 ms) for nothing. Without an end, close's read ends the log.
 */
TEST(averaged_source_spans_open_to_end)
{
	struct ssdq_sampler_cfg c = { .power_hz = 1000, .extra_types = fake_types };
	struct ssdq_sampler *s;
	struct plog p;

	c.power = "fake:starve";
	paths(&c, "fake-starve");
	fake_starved = true;
	s = open_virtual(&c, 2);
	if (!s)
		return;
	CHECK_EQ_INT(vclock_run(&vc, 50000), 0);
	fake_starved = false;
	CHECK_EQ_INT(vclock_run(&vc, 290000), 0);
	fake_starved = true;
	CHECK_EQ_INT(vclock_run(&vc, 305000), 0);
	fake_starved = false;		/* the source answers; its thread is late */
	CHECK_EQ_INT(ssdq_sampler_end(s), VCLOCK_RT0 + 305000);
	CHECK_EQ_INT(vclock_run(&vc, 400000), 0);
	close_virtual(s);
	read_power_log(c.power_log, RT0_MS, RT0_MS + 305, 2500, &p);
	printf("  %d lines from %lld ms, %d reads\n", p.lines, p.first - RT0_MS, fake_reads);
	/* a line for each ms from 0 to 304: 2.5 W for 305 ms */
	CHECK_EQ_INT(p.first, RT0_MS);
	CHECK_EQ_INT(p.lines, 305);
	CHECK_EQ_INT(p.max_step, 1);
	CHECK(p.sum_mw == 305 * 2500);

	/* no end: starved from 290 ms, the log ends with close's read at 400 */
	paths(&c, "fake-starve-close");
	fake_starved = true;
	s = open_virtual(&c, 2);
	if (!s)
		return;
	fake_starved = false;
	CHECK_EQ_INT(vclock_run(&vc, 290000), 0);
	fake_starved = true;
	CHECK_EQ_INT(vclock_run(&vc, 400000), 0);
	fake_starved = false;
	close_virtual(s);
	read_power_log(c.power_log, RT0_MS, RT0_MS + 400, 2500, &p);
	CHECK_EQ_INT(p.first, RT0_MS);
	CHECK_EQ_INT(p.lines, 400);
	CHECK_EQ_INT(p.max_step, 1);
}

static int hot_smart(void *arg, struct ssdq_smart *out)
{
	(void)arg;
	memset(out, 0, sizeof(*out));
	out->composite_temp_k = 345;
	out->critical_warning = 0x02;
	return 0;
}

/*
 * SMART from a callback (the drive model: no controller node): a critical
 * warning names what the SMART came from, in the warning and the event,
 * never "(null)" (the demo's WSAT: "temperature on (null)"); with no name
 * given, "the drive".
 */
TEST(critical_warning_names_its_drive)
{
	struct ssdq_sampler_cfg c = { .smart_ms = 100, .smart_read = hot_smart,
				      .smart_name = "/tmp/pts/model.state" };
	char *ev;

	paths(&c, "hot");
	warnings[0] = '\0';
	if (!sample_virtual(&c, 1, 150000))
		return;
	CHECK_CONTAINS(warnings, "SMART critical warning 0x02 (was 0x00), temperature on "
		       "/tmp/pts/model.state");
	CHECK(!strstr(warnings, "(null)"));
	ev = slurp(c.events_log);
	CHECK(ev && strstr(ev, "\"event\":\"critical_warning\"") &&
	      strstr(ev, "\"source\":\"/tmp/pts/model.state\""));

	c = (struct ssdq_sampler_cfg){ .smart_ms = 100, .smart_read = hot_smart };
	paths(&c, "hot-unnamed");
	warnings[0] = '\0';
	if (!sample_virtual(&c, 1, 150000))
		return;
	CHECK_CONTAINS(warnings, "temperature on the drive");
	CHECK(!strstr(warnings, "(null)"));
}

/*
 * ssdq_sampler_end(): the threads keep running until close, but the power
 * and SMART logs end at the given time (the engine passes its job_end).
 */
TEST(end_cuts_the_logs)
{
	struct ssdq_sampler_cfg c = { .power_hz = 100, .smart_ms = 100 };
	struct ssdq_sampler *s;
	struct plog p;
	long long t[8], end_us;
	char spec[128], err[512];
	int m;

	snprintf(spec, sizeof(spec), "hwmon:%s/class/hwmon/hwmon0", dir);
	c.power = spec;
	c.smart_read = fake_smart;
	paths(&c, "end");
	s = open_virtual(&c, 2);
	if (!s)
		return;
	CHECK_EQ_INT(vclock_run(&vc, 305000), 0);
	end_us = ssdq_sampler_end(s);
	CHECK_EQ_INT(end_us, VCLOCK_RT0 + 305000);
	CHECK_EQ_INT(vclock_run(&vc, 306000), 0);
	CHECK_EQ_INT(ssdq_sampler_end(s), end_us);	/* the first end stays */
	/* 30 power periods and 3 SMART ones after the end */
	CHECK_EQ_INT(vclock_run(&vc, 605000), 0);
	close_virtual(s);
	/* power at 0, 10, ..., 300 ms; SMART at open, 100, 200 and 300 ms */
	read_power_log(c.power_log, RT0_MS, end_us / 1000, 6150, &p);
	CHECK_EQ_INT(p.lines, 31);
	CHECK_EQ_INT(p.max_step, 10);
	m = smart_times(c.smart_log, t, 8);
	CHECK_EQ_INT(m, 4);
	CHECK(m == 4 && t[0] == VCLOCK_RT0 && t[1] == t[0] + 100000 && t[2] == t[1] + 100000 &&
	      t[3] == t[2] + 100000);
	CHECK(ssdq_sampler_end(NULL) > end_us);		/* no sampler: the real clock */

	/*
	 * On the real clock: the end is taken under the lock the power thread
	 * reads it under, so at 20 kHz a sample taken just after the end is
	 * never written, however the two threads interleave. Each round waits
	 * for the first line, so a busy host only slows it down.
	 */
	c = (struct ssdq_sampler_cfg){ .power_hz = 20000, .extra_types = fake_types };
	c.power = "fake:poll";
	for (int i = 0; i < 40; i++) {
		long long t0 = ssdq_sampler_end(NULL) / 1000;
		bool ok;

		paths(&c, "end-race");
		if (ssdq_sampler_open(&c, &s, err, sizeof(err))) {
			CHECK_STREQ(err, "");
			return;
		}
		for (int k = 0; k < 20000; k++) {
			struct stat st;

			if (!stat(c.power_log, &st) && st.st_size > 0)
				break;
			usleep(1000);
		}
		usleep(97 * i);
		end_us = ssdq_sampler_end(s);
		usleep(1000);
		CHECK_EQ_INT(ssdq_sampler_close(s), 0);
		ok = read_power_log(c.power_log, t0, end_us / 1000, 2000, &p);
		if (!CHECK(p.lines >= 1) || !ok) {
			printf("  round %d: %d lines\n", i, p.lines);
			break;
		}
	}
}

TEST(open_errors)
{
	struct ssdq_sampler_cfg c = { .power_hz = 10 };
	struct ssdq_sampler *s = (struct ssdq_sampler *)1;
	struct ssdq_clock half = { .realtime_us = vclock_rt, .mono_us = vclock_mono };
	char err[512];

	paths(&c, "err");
	c.power = "hwmon:nosuchchip";
	CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), -ENOENT);
	CHECK(s == NULL);
	CHECK_CONTAINS(err, "power source \"hwmon:nosuchchip\"");
	c.power = "cmd:false";
	CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), -EPIPE);
	CHECK_CONTAINS(err, "exited with status 1");
	c.power = NULL;
	c.smart_ms = 1000;
	CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, "SMART sampling needs an NVMe controller");
	c.ctrl = "/dev/nvme-ssdq-none";
	CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), -ENOENT);
	CHECK_CONTAINS(err, "cannot open /dev/nvme-ssdq-none for SMART");
	c.ctrl = NULL;
	c.smart_ms = 0;
	c.power = "hwmon:ssdq_uw";
	c.sysfs_root = dir;
	c.power_hz = 100000;
	CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, "above the 20 kHz");
	c.power_hz = 10;
	c.clock = &half;		/* no sleep_until */
	CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, "a clock needs realtime_us, mono_us and sleep_until");
	c.clock = NULL;
	c.power_log = "/nonexistent-dir/x_power.1.log";
	CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), -ENOENT);
	CHECK_CONTAINS(err, "cannot create /nonexistent-dir/x_power.1.log");
	CHECK_EQ_INT(ssdq_sampler_close(NULL), 0);
	ssdq_sampler_event(NULL, "x", 1);
}

/*
 * ssdq_sampler_event() never waits for the events thread: here it sleeps on
 * the simulated clock, stopped, while 5000 events come. The ring takes 1024,
 * the rest is recorded as lost when the thread wakes.
 */
TEST(events_never_wait)
{
	struct ssdq_sampler_cfg c = { 0 };
	struct ssdq_sampler *s;
	char *ev, *last = NULL;
	int lines = 0;

	paths(&c, "flood");
	s = open_virtual(&c, 1);
	if (!s)
		return;
	CHECK_EQ_INT(vclock_run(&vc, 0), 0);		/* the thread asleep */
	for (int i = 0; i < 5000; i++)
		ssdq_sampler_event(s, "burst_start", i);
	CHECK_EQ_INT(vclock_run(&vc, 50000), 0);	/* its next wake */
	close_virtual(s);
	ev = slurp(c.events_log);
	for (char *p = ev; p && (p = strchr(p, '\n')); p++)
		lines++;
	/* sampler_start, 1024 events, events_dropped, sampler_stop */
	CHECK_EQ_INT(lines, 1027);
	for (char *p = ev; p && (p = strstr(p, "\"event\":\"burst_start\"")); p++)
		last = p;
	CHECK(last && !strncmp(last, "\"event\":\"burst_start\",\"bytes\":1023}\n", 36));
	CHECK_CONTAINS(ev, "{\"time_us\":1700000000050000,\"event\":\"events_dropped\","
		       "\"msg\":\"3976 events lost: the ring was full\"}\n");
	CHECK_CONTAINS(ev, "\"event\":\"sampler_stop\"");
}

int main(void)
{
	const char *src = getenv("SSDQ_SRCDIR");

	snprintf(dir, sizeof(dir), "/tmp/ssdq-sampler.XXXXXX");
	if (!mkdtemp(dir))
		SKIP("mkdtemp failed");
	if (sh("mkdir -p %s/class/hwmon && cp -r %s/test/fixtures/hwmon/uw %s/class/hwmon/hwmon0 && "
	       "cp -r %s/test/fixtures/hwmon/ina3221 %s/class/hwmon/hwmon1", dir, src ? src : ".",
	       dir, src ? src : ".", dir))
		SKIP("no fixtures in test/fixtures/hwmon (set SSDQ_SRCDIR)");
	setenv("SSDQ_TEST_SYSFS", dir, 1);
	RUN(hwmon_one_source);
	RUN(energy_counter_event);
	RUN(energy_counter_stopped);
	RUN(hwmon_gap);
	RUN(two_sources_summed);
	RUN(cmd_own_timestamps);
	RUN(stream_with_own_times_read_in_batches);
	RUN(averaged_source_keeps_its_energy);
	RUN(averaged_source_spans_open_to_end);
	RUN(end_cuts_the_logs);
	RUN(critical_warning_names_its_drive);
	RUN(open_errors);
	RUN(events_never_wait);
	RUN(source_with_fd_is_waited_on);
	sh("rm -rf %s", dir);
	return harness_main();
}
