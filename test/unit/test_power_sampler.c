// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sampler end to end without a device: hwmon fixtures (one source, a
 * sensor that disappears and comes back, two sources summed), a cmd source
 * with its own timestamps, a stream with its own times read in batches, the
 * events sidecar, open errors.
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "../../power/sampler.h"

static char dir[64];
static pthread_mutex_t warn_lock = PTHREAD_MUTEX_INITIALIZER;
static char warnings[4096];
static int nwarn;

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

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Check every power log line is "T, V, 0, 0, 0" with V == @mw (or any if < 0)
 * and T within [lo, hi] and not decreasing; return the line count. */
static int check_power_log(const char *path, long long lo, long long hi, long long mw,
			   long long *max_step)
{
	char *text = slurp(path), *line, *save = NULL;
	long long last = 0;
	int n = 0;

	if (!CHECK(text != NULL))
		return 0;
	*max_step = 0;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		long long t, v;
		int a, b, c, k = -1;

		if (sscanf(line, "%lld, %lld, %d, %d, %d%n", &t, &v, &a, &b, &c, &k) != 5 ||
		    line[k] || a || b || c) {
			CHECK_STREQ(line, "time_ms, value_mW, 0, 0, 0");
			return n;
		}
		if (!CHECK(t >= lo && t <= hi && t >= last) || (mw >= 0 && !CHECK_EQ_INT(v, mw))) {
			printf("  line %d: %s (window %lld..%lld)\n", n + 1, line, lo, hi);
			return n;
		}
		if (last && t - last > *max_step)
			*max_step = t - last;
		last = t;
		n++;
	}
	return n;
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
 * Sample with @c for @us microseconds: open, wait, close. False when the
 * sampler did not open (a failed check, and why printed).
 */
static bool sample_for(const struct ssdq_sampler_cfg *c, unsigned int us)
{
	struct ssdq_sampler *s = NULL;
	char err[512];

	if (!CHECK_EQ_INT(ssdq_sampler_open(c, &s, err, sizeof(err)), 0)) {
		printf("  %s\n", err);
		return false;
	}
	usleep(us);
	CHECK_EQ_INT(ssdq_sampler_close(s), 0);
	return true;
}

TEST(hwmon_one_source)
{
	struct ssdq_sampler_cfg c = { .power_hz = 100 };
	struct ssdq_sampler *s = NULL;
	char spec[128], err[512], *ev;
	long long t0, t1, step;
	int n;

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
	t0 = now_ms();
	CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), 0);
	if (!s) {
		printf("  %s\n", err);
		return;
	}
	ssdq_sampler_event(s, "job_start", -1);
	ssdq_sampler_event(s, "burst_start", 0);
	usleep(300000);
	/* written as it goes: lines are on disk before close */
	CHECK(check_power_log(c.power_log, t0, now_ms(), 6150, &step) >= 20);
	ssdq_sampler_event(s, "burst_end", 1048576);
	ssdq_sampler_event_msg(s, "device_error", "LBA \"Out\" of Range");
	usleep(200000);
	ssdq_sampler_event(s, "job_end", -1);
	CHECK_EQ_INT(ssdq_sampler_close(s), 0);
	t1 = now_ms();
	n = check_power_log(c.power_log, t0, t1, 6150, &step);
	CHECK(n >= 35 && n <= 52);
	CHECK(step <= 40);
	ev = slurp(c.events_log);
	CHECK_CONTAINS(ev, "\"event\":\"sampler_start\"");
	CHECK(!strncmp(ev, "{\"time_us\":1,\"event\":\"engine_marker\"}\n", 37));
	CHECK_CONTAINS(ev, "\"event\":\"power_source\",\"job\":\"seq1\",\"source\":\"hwmon:");
	CHECK_CONTAINS(ev, "\"rail\":\"12V+3.3V\",\"unit\":\"uW\",\"estimated\":false");
	CHECK_CONTAINS(ev, "\"event\":\"job_start\",\"job\":\"seq1\"}");
	CHECK_CONTAINS(ev, "\"event\":\"burst_start\",\"job\":\"seq1\",\"bytes\":0}");
	CHECK_CONTAINS(ev, "\"event\":\"burst_end\",\"job\":\"seq1\",\"bytes\":1048576}");
	CHECK_CONTAINS(ev, "\"event\":\"device_error\",\"job\":\"seq1\",\"msg\":\"LBA \\\"Out\\\" of Range\"}");
	CHECK_CONTAINS(ev, "\"event\":\"sampler_stop\"");
	CHECK(strstr(ev, "job_start") < strstr(ev, "burst_end"));
	CHECK(access(c.smart_log, F_OK) != 0);	/* no SMART asked for */
}

TEST(hwmon_gap)
{
	struct ssdq_sampler_cfg c = { .power_hz = 100 };
	struct ssdq_sampler *s = NULL;
	char spec[128], err[512], *ev, *a, *b;
	long long t0, step;
	int n;

	CHECK_EQ_INT(sh("cp -r %s/class/hwmon/hwmon1 %s/class/hwmon/hwmon7", dir, dir), 0);
	snprintf(spec, sizeof(spec), "hwmon:%s/class/hwmon/hwmon7", dir);
	c.power = spec;
	paths(&c, "gap");
	nwarn = 0;
	warnings[0] = '\0';
	t0 = now_ms();
	CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), 0);
	if (!s)
		return;
	usleep(300000);
	CHECK_EQ_INT(sh("rm %s/class/hwmon/hwmon7/curr2_input", dir), 0);
	usleep(1200000);
	CHECK_EQ_INT(sh("echo 1000 > %s/class/hwmon/hwmon7/curr2_input", dir), 0);
	usleep(1300000);
	CHECK_EQ_INT(ssdq_sampler_close(s), 0);
	/* ~0.3 s before, the gap (retried each second), ~0.5 s after */
	n = check_power_log(c.power_log, t0, now_ms(), 9300, &step);
	CHECK(n >= 60);
	CHECK(step >= 900);		/* the gap shows in the log */
	ev = slurp(c.events_log);
	a = strstr(ev, "\"event\":\"power_gap_start\"");
	b = strstr(ev, "\"event\":\"power_gap_end\"");
	CHECK(a && b && a < b);
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
	char spec[256];
	long long t0, step;
	int n;

	snprintf(spec, sizeof(spec), "hwmon:%s/class/hwmon/hwmon0;hwmon:%s/class/hwmon/hwmon1",
		 dir, dir);
	c.power = spec;
	paths(&c, "two");
	t0 = now_ms();
	if (!sample_for(&c, 400000))
		return;
	n = check_power_log(c.power_log, t0, now_ms(), 15450, &step);
	CHECK(n >= 15 && n <= 22);
}

TEST(cmd_own_timestamps)
{
	struct ssdq_sampler_cfg c = { .power_hz = 10 };
	char *log, *ev;

	/* 20 readings 10 ms apart alternating 1 W and 3 W: two 100 ms periods of 2 W */
	c.power = "cmd:i=0; while [ $i -lt 20 ]; do "
		  "printf '1700000000.%03d %d\\n' $((i*10)) $((1 + 2*(i%2))); i=$((i+1)); done";
	paths(&c, "cmd");
	nwarn = 0;
	if (!sample_for(&c, 300000))
		return;
	log = slurp(c.power_log);
	CHECK_STREQ(log, "1700000000045, 2000, 0, 0, 0\n1700000000145, 2000, 0, 0, 0\n");
	ev = slurp(c.events_log);
	CHECK_CONTAINS(ev, "\"streamed\":true");
	CHECK_CONTAINS(ev, "\"event\":\"power_gap_start\",\"source\":\"cmd:");
	CHECK_CONTAINS(ev, "\"msg\":\"the command exited with status 0\"");
	CHECK_EQ_INT(nwarn, 1);
}

/*
 * A streamed source made here ("fake"): each read returns a 2 W sample for
 * every millisecond since the last, stamped with its own time ("fake:own")
 * or not claiming so ("fake:arrival"); it counts the reads.
 * "fake:avg" is a polled, averaged source instead: a drive that draws 5 mJ
 * at every 2 ms of the clock (2.5 W), read as its mean power since the
 * previous read, and every 5th read takes 1.5 ms, so the next ones are late.
 * "fake:poll" is polled: 2 W at each read, stamped with the read's time.
 */
struct fake {
	int64_t next_us, prev_us;
	int reads;
	bool avg, poll;
};
static int fake_reads;

static int fake_open(struct ssdq_source *src, const char *arg,
		     const struct ssdq_source_cfg *cfg, char *err, size_t errlen)
{
	struct fake *f = calloc(1, sizeof(*f));

	(void)cfg;
	if (!f) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	f->next_us = (int64_t)now_ms() * 1000;
	f->prev_us = f->next_us;
	f->avg = !strcmp(arg, "avg");
	f->poll = !strcmp(arg, "poll");
	src->priv = f;
	src->averaged = f->avg;
	src->streamed = !f->avg && !f->poll;
	src->own_times = !strcmp(arg, "own");
	snprintf(src->rail, sizeof(src->rail), "fake");
	src->unit = "W";
	return 0;
}

static int fake_read(struct ssdq_source *src, int64_t now_us, struct ssdq_sample *out, int max)
{
	struct fake *f = src->priv;
	int n = 0;

	f->reads++;
	if (f->avg) {
		if (now_us <= f->prev_us)
			return 0;
		memset(out, 0, sizeof(*out));
		out->time_us = now_us;
		out->watts = (double)(now_us / 2000 - f->prev_us / 2000) * 5e-3 /
			     ((double)(now_us - f->prev_us) / 1e6);
		f->prev_us = now_us;
		if (f->reads % 5 == 0)
			usleep(1500);
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
	long long lo, hi, step;
	int lines, own_reads;

	/* 1 kHz for 400 ms: a line a millisecond, from about 20 reads */
	c.power = "fake:own";
	paths(&c, "fake-own");
	lo = now_ms() - 1;
	if (!sample_for(&c, 400000))
		return;
	hi = now_ms() + 1;
	own_reads = fake_reads;
	lines = check_power_log(c.power_log, lo, hi, 2000, &step);
	/* a sample a millisecond, from open to the last read (which may come
	 * just before close, or up to 20 ms before it) */
	CHECK(lines >= 350 && lines <= hi - lo + 1);
	CHECK(step <= 2);
	CHECK(own_reads >= 5 && own_reads <= 40);
	printf("  own times: %d lines from %d reads\n", lines, own_reads);

	/* the same stream stamped on arrival is read every period */
	c.power = "fake:arrival";
	paths(&c, "fake-arrival");
	if (!sample_for(&c, 400000))
		return;
	CHECK(fake_reads > 4 * own_reads);
	printf("  arrival times: %d reads\n", fake_reads);
}

/* SMART from a callback: a fixed 40 C reading */
static int fake_smart(void *arg, struct ssdq_smart *out)
{
	(void)arg;
	out->composite_temp_k = 313;
	return 0;
}

/* Count JSON lines of @path; fail on one whose time_us is after @end_us. */
static int smart_lines_until(const char *path, long long end_us)
{
	char *text = slurp(path), *line, *save = NULL;
	int n = 0;

	if (!CHECK(text != NULL))
		return 0;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		long long t = -1;

		if (!CHECK(sscanf(line, "{\"time_us\":%lld,", &t) == 1) ||
		    !CHECK(t <= end_us)) {
			printf("  line %d: %s (end %lld)\n", n + 1, line, end_us);
			return n;
		}
		n++;
	}
	return n;
}

/*
 * ssdq_sampler_end(): the threads keep running until close, but the power
 * and SMART logs end at the given time (the engine passes its job_end).
 */
/*
 * An averaged source read late keeps its energy: every period gets a line,
 * and their mean is the drive's 2.5 W (the drive model's power source is
 * one; unweighted, its late reads lost 0.5-2.5 % of the energy).
 */
TEST(averaged_source_keeps_its_energy)
{
	struct ssdq_sampler_cfg c = { .power_hz = 1000, .extra_types = fake_types };
	char *text, *line, *save = NULL;
	long long lo, step;
	double sum = 0;
	int n, m, k = 0;

	c.power = "fake:avg";
	paths(&c, "fake-avg");
	lo = now_ms() - 1;
	if (!sample_for(&c, 400000))
		return;
	n = check_power_log(c.power_log, lo, now_ms() + 1, -1, &step);
	CHECK(n >= 380 && n <= 402);
	CHECK_EQ_INT(step, 1);			/* no period left without a line */
	/* 1 ms lines of a 2 ms cycle: the mean of whole cycles, first one out */
	m = (n - 2) & ~1;
	text = slurp(c.power_log);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save), k++)
		if (k >= 1 && k <= m)
			sum += atof(strchr(line, ',') + 1);
	printf("  %d lines, mean %.1f mW (truth 2500) from %d reads\n", n, sum / m, fake_reads);
	CHECK(m > 0 && fabs(sum / m - 2500) <= 25);
}

TEST(end_cuts_the_logs)
{
	struct ssdq_sampler_cfg c = { .power_hz = 100, .smart_ms = 100 };
	struct ssdq_sampler *s = NULL;
	char spec[128], err[512];
	long long t0, end_us, step;
	int n, m;

	snprintf(spec, sizeof(spec), "hwmon:%s/class/hwmon/hwmon0", dir);
	c.power = spec;
	c.smart_read = fake_smart;
	paths(&c, "end");
	t0 = now_ms();
	CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), 0);
	if (!s) {
		printf("  %s\n", err);
		return;
	}
	usleep(300000);
	end_us = ssdq_sampler_end(s);
	CHECK(end_us >= t0 * 1000 + 300000);
	CHECK_EQ_INT(ssdq_sampler_end(s), end_us);	/* the first end stays */
	usleep(300000);		/* three SMART periods, 30 power periods after the end */
	CHECK_EQ_INT(ssdq_sampler_close(s), 0);
	n = check_power_log(c.power_log, t0, end_us / 1000, 6150, &step);
	m = smart_lines_until(c.smart_log, end_us);
	CHECK(n >= 20 && n <= 32);
	CHECK(m >= 2 && m <= 4);
	printf("  %d power and %d SMART lines, none after the end\n", n, m);
	CHECK(ssdq_sampler_end(NULL) >= end_us);

	/*
	 * The end is taken under the lock the power thread reads it under: at
	 * 20 kHz a sample taken just after the end is never written, however
	 * the two threads interleave.
	 */
	c = (struct ssdq_sampler_cfg){ .power_hz = 20000, .extra_types = fake_types };
	c.power = "fake:poll";
	for (int i = 0; i < 40; i++) {
		paths(&c, "end-race");
		if (ssdq_sampler_open(&c, &s, err, sizeof(err))) {
			CHECK_STREQ(err, "");
			return;
		}
		usleep(2000 + 97 * i);
		end_us = ssdq_sampler_end(s);
		usleep(1000);
		CHECK_EQ_INT(ssdq_sampler_close(s), 0);
		n = check_power_log(c.power_log, t0, end_us / 1000, 2000, &step);
		if (!CHECK(n >= 1)) {
			printf("  round %d: %d lines\n", i, n);
			break;
		}
	}
}

TEST(open_errors)
{
	struct ssdq_sampler_cfg c = { .power_hz = 10 };
	struct ssdq_sampler *s = (struct ssdq_sampler *)1;
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
	c.power_log = "/nonexistent-dir/x_power.1.log";
	CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), -ENOENT);
	CHECK_CONTAINS(err, "cannot create /nonexistent-dir/x_power.1.log");
	CHECK_EQ_INT(ssdq_sampler_close(NULL), 0);
	ssdq_sampler_event(NULL, "x", 1);
}

TEST(events_never_wait)
{
	struct ssdq_sampler_cfg c = { 0 };
	struct ssdq_sampler *s = NULL;
	char err[512], *ev;
	struct timespec a, b;
	double us;
	int lines = 0;

	paths(&c, "flood");
	CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), 0);
	if (!s)
		return;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (int i = 0; i < 5000; i++)
		ssdq_sampler_event(s, "burst_start", i);
	clock_gettime(CLOCK_MONOTONIC, &b);
	us = (double)(b.tv_sec - a.tv_sec) * 1e6 + (double)(b.tv_nsec - a.tv_nsec) / 1e3;
	printf("  5000 events in %.0f us\n", us);
	CHECK(us < 200000);
	CHECK_EQ_INT(ssdq_sampler_close(s), 0);
	ev = slurp(c.events_log);
	for (char *p = ev; (p = strchr(p, '\n')); p++)
		lines++;
	/* all written, or the loss recorded */
	CHECK(lines >= 5002 || strstr(ev, "events_dropped"));
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
	RUN(hwmon_gap);
	RUN(two_sources_summed);
	RUN(cmd_own_timestamps);
	RUN(stream_with_own_times_read_in_batches);
	RUN(averaged_source_keeps_its_energy);
	RUN(end_cuts_the_logs);
	RUN(open_errors);
	RUN(events_never_wait);
	sh("rm -rf %s", dir);
	return harness_main();
}
