// SPDX-License-Identifier: GPL-2.0-only
/*
 * Power sources without a device: hwmon against the fixture trees in
 * test/fixtures/hwmon (copied to a temporary sysfs root), cmd against small
 * shell commands, and the spec splitter. Run from the source tree, or set
 * SSDQ_SRCDIR.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "../../power/source.h"

static char root[64];

static const char *srcdir(void)
{
	const char *d = getenv("SSDQ_SRCDIR");

	return d ? d : ".";
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

static void setup_root(void)
{
	snprintf(root, sizeof(root), "/tmp/ssdq-hwmon.XXXXXX");
	if (!mkdtemp(root))
		SKIP("mkdtemp failed");
	if (sh("mkdir -p %s/class/hwmon && cp -r %s/test/fixtures/hwmon/uw %s/class/hwmon/hwmon0 && "
	       "cp -r %s/test/fixtures/hwmon/ina3221 %s/class/hwmon/hwmon1 && "
	       "cp -r %s/test/fixtures/hwmon/average %s/class/hwmon/hwmon2", root, srcdir(), root,
	       srcdir(), root, srcdir(), root))
		SKIP("no fixtures at %s/test/fixtures/hwmon (set SSDQ_SRCDIR)", srcdir());
}

static double read_once(struct ssdq_source *s, int *n)
{
	struct ssdq_sample x[4];

	memset(x, 0, sizeof(x));
	*n = ssdq_source_read(s, 42, x, 4);
	return *n > 0 ? x[0].watts : -1;
}

static int open_spec(const char *spec, struct ssdq_source **s, char *err, size_t len)
{
	struct ssdq_source_cfg cfg = { .sysfs_root = root, .rate_hz = 100,
				       .open_timeout_ms = 2000 };

	err[0] = '\0';
	return ssdq_source_open(spec, &cfg, s, err, len);
}

TEST(hwmon_microwatts)
{
	struct ssdq_source *s;
	char spec[256], err[512];
	struct ssdq_sample x;
	int n;

	snprintf(spec, sizeof(spec), "hwmon:%s/class/hwmon/hwmon0", root);
	CHECK_EQ_INT(open_spec(spec, &s, err, sizeof(err)), 0);
	if (!s)
		return;
	CHECK_STREQ(s->rail, "12V+3.3V");
	CHECK_STREQ(s->unit, "uW");
	CHECK(!s->estimated);
	CHECK_EQ_INT(ssdq_source_read(s, 1234, &x, 1), 1);
	CHECK_EQ_INT(x.time_us, 1234);
	CHECK(x.watts > 6.1499 && x.watts < 6.1501);
	CHECK_STREQ(x.source, spec);
	CHECK(!x.estimated);
	ssdq_source_close(s);

	/* one channel, by name lookup under the sysfs root */
	CHECK_EQ_INT(open_spec("hwmon:ssdq_uw,chan=2", &s, err, sizeof(err)), 0);
	CHECK(read_once(s, &n) > 1.6499);
	CHECK_EQ_INT(n, 1);
	CHECK_STREQ(s->rail, "3.3V");
	ssdq_source_close(s);
}

TEST(hwmon_v_times_i)
{
	struct ssdq_source *s = NULL;
	char err[512];
	int n;

	CHECK_EQ_INT(open_spec("hwmon:ina3221", &s, err, sizeof(err)), 0);
	if (!s)
		return;
	CHECK_STREQ(s->rail, "12V+3.3V");
	CHECK_STREQ(s->unit, "mV*mA");
	{
		double w = read_once(s, &n);

		CHECK(w > 9.2999 && w < 9.3001);
	}
	ssdq_source_close(s);
	CHECK_EQ_INT(open_spec("hwmon:ina3221,chan=1", &s, err, sizeof(err)), 0);
	CHECK(read_once(s, &n) > 5.9999);
	ssdq_source_close(s);
	/* in3 has no curr3: not a channel */
	CHECK_EQ_INT(open_spec("hwmon:ina3221,chan=3", &s, err, sizeof(err)), -ENOENT);
	CHECK_CONTAINS(err, "hwmon:ina3221,chan=3");
	CHECK_CONTAINS(err, "in3_input+curr3_input");
}

TEST(hwmon_average)
{
	struct ssdq_source *s = NULL;
	char err[512];
	int n;

	CHECK_EQ_INT(open_spec("hwmon:avgpower", &s, err, sizeof(err)), 0);
	if (!s)
		return;
	CHECK(read_once(s, &n) > 2.4999);
	CHECK_STREQ(s->rail, "power1");
	ssdq_source_close(s);
}

TEST(hwmon_errors)
{
	struct ssdq_source *s = NULL;
	char err[512];

	CHECK_EQ_INT(open_spec("hwmon:nosuchchip", &s, err, sizeof(err)), -ENOENT);
	CHECK_CONTAINS(err, "power source \"hwmon:nosuchchip\"");
	CHECK_CONTAINS(err, "no hwmon device named \"nosuchchip\"");
	CHECK_EQ_INT(open_spec("hwmon:", &s, err, sizeof(err)), -EINVAL);
	CHECK_EQ_INT(open_spec("hwmon:ina3221,chan=x", &s, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, "bad chan= list");
	CHECK_EQ_INT(open_spec("hwmon:ina3221,foo=1", &s, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, "unknown option \"foo=1\"");
	CHECK_EQ_INT(open_spec("hwmon:/nonexistent/hwmon9", &s, err, sizeof(err)), -ENOENT);
	CHECK_CONTAINS(err, "/nonexistent/hwmon9 has no power");
	CHECK_EQ_INT(open_spec("bogus:thing", &s, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, "unknown type \"bogus\"");
	CHECK(s == NULL);
}

TEST(hwmon_sensor_disappears)
{
	struct ssdq_source *s = NULL;
	char spec[256], err[512];
	int n;

	CHECK_EQ_INT(sh("cp -r %s/class/hwmon/hwmon0 %s/class/hwmon/hwmon5", root, root), 0);
	snprintf(spec, sizeof(spec), "hwmon:%s/class/hwmon/hwmon5", root);
	CHECK_EQ_INT(open_spec(spec, &s, err, sizeof(err)), 0);
	if (!s)
		return;
	CHECK(read_once(s, &n) > 6.1);
	CHECK_EQ_INT(sh("rm %s/class/hwmon/hwmon5/power2_input", root), 0);
	read_once(s, &n);
	CHECK_EQ_INT(n, -ENOENT);
	CHECK_CONTAINS(s->err, "channel 2 (3.3V)");
	CHECK_EQ_INT(sh("echo 1650000 > %s/class/hwmon/hwmon5/power2_input", root), 0);
	CHECK(read_once(s, &n) > 6.1);
	CHECK_EQ_INT(n, 1);
	ssdq_source_close(s);
}

/* A board with a power channel and an energy counter (INA238-like): hwmon3. */
static void energy_board(const char *name, const char *more)
{
	CHECK_EQ_INT(sh("rm -rf %s/class/hwmon/%s && mkdir -p %s/class/hwmon/%s && cd %s/class/hwmon/%s"
			" && echo ina238 > name && echo 5000000 > power1_input"
			" && echo 1000 > energy1_input %s", root, name, root, name, root, name,
			more), 0);
}

static void set_attr(const char *name, const char *attr, unsigned long long v)
{
	CHECK_EQ_INT(sh("echo %llu > %s/class/hwmon/%s/%s", v, root, name, attr), 0);
}

/* One power reading at @t_us (s) after the counter was set to @uj. */
static void tick(struct ssdq_source *s, const char *name, double t_s, unsigned long long uj)
{
	struct ssdq_sample x;

	set_attr(name, "energy1_input", uj);
	CHECK_EQ_INT(ssdq_source_read(s, (int64_t)(t_s * 1e6), &x, 1), 1);
}

/* energy_board() hwmon3 with @more, opened with @opts after its directory. */
static struct ssdq_source *open_board(const char *more, const char *opts)
{
	struct ssdq_source *s = NULL;
	char spec[256], err[512];

	energy_board("hwmon3", more);
	snprintf(spec, sizeof(spec), "hwmon:%s/class/hwmon/hwmon3%s", root, opts);
	if (!CHECK_EQ_INT(open_spec(spec, &s, err, sizeof(err)), 0))
		printf("  %s\n", err);
	return s;
}

TEST(hwmon_energy_counter)
{
	struct ssdq_source *s;
	struct ssdq_energy e;
	char spec[256], err[512];

	s = open_board("", "");
	if (!s)
		return;
	/* 5 W for 3 s: the counter's difference, exact, not the power read */
	tick(s, "hwmon3", 1, 1000);
	tick(s, "hwmon3", 2, 1000 + 4000000);
	tick(s, "hwmon3", 3, 1000 + 9500000);
	set_attr("hwmon3", "energy1_input", 1000 + 15250000);
	CHECK_EQ_INT(ssdq_source_energy(s, 4000000, &e), 0);
	CHECK(e.uj == 15250000);
	CHECK_EQ_INT(e.wraps, 0);
	CHECK_EQ_INT(e.drops, 0);
	CHECK_EQ_INT(e.stopped_us, 0);
	CHECK_EQ_INT(e.time_us, 4000000);
	ssdq_source_close(s);

	/* energy=none: no counter */
	snprintf(spec, sizeof(spec), "hwmon:%s/class/hwmon/hwmon3,energy=none", root);
	CHECK_EQ_INT(open_spec(spec, &s, err, sizeof(err)), 0);
	CHECK_EQ_INT(ssdq_source_energy(s, 1, &e), -ENODATA);
	ssdq_source_close(s);
	/* a board without one */
	CHECK_EQ_INT(open_spec("hwmon:ssdq_uw", &s, err, sizeof(err)), 0);
	CHECK_EQ_INT(ssdq_source_energy(s, 1, &e), -ENODATA);
	ssdq_source_close(s);
	/* a channel named that is not there, a bad modulus */
	snprintf(spec, sizeof(spec), "hwmon:%s/class/hwmon/hwmon3,energy=2", root);
	CHECK_EQ_INT(open_spec(spec, &s, err, sizeof(err)), -ENOENT);
	CHECK_CONTAINS(err, "energy2_input");
	snprintf(spec, sizeof(spec), "hwmon:%s/class/hwmon/hwmon3,energy_wrap=0", root);
	CHECK_EQ_INT(open_spec(spec, &s, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, "energy_wrap=0");
}

TEST(hwmon_energy_wraps)
{
	struct ssdq_source *s;
	struct ssdq_energy e;

	/* a 40-bit register of 1 µJ: the modulus given, each wrap exact */
	s = open_board("", ",energy_wrap=1099511627776");
	if (!s)
		return;
	tick(s, "hwmon3", 1, 1099511627776ULL - 2000000);
	tick(s, "hwmon3", 2, 3000000);		/* wrapped: 2 J to the top, 3 J past it */
	CHECK_EQ_INT(ssdq_source_energy(s, 2500000, &e), 0);
	CHECK(e.uj == 1099511627776.0 - 2000000 - 1000 + 2000000 + 3000000);
	CHECK_EQ_INT(e.wraps, 1);
	CHECK(e.bridged_uj == 0);
	ssdq_source_close(s);

	/* no modulus: the span across the drop is the power read's (5 W × 1 s) */
	s = open_board("", "");
	if (!s)
		return;
	tick(s, "hwmon3", 1, 5001000);
	tick(s, "hwmon3", 2, 500);
	tick(s, "hwmon3", 3, 5000500);
	CHECK_EQ_INT(ssdq_source_energy(s, 3000000, &e), 0);
	CHECK(e.uj == 5000000 + 5000000 + 5000000);
	CHECK(e.bridged_uj == 5000000);
	CHECK_EQ_INT(e.drops, 1);
	ssdq_source_close(s);

	/* two counters, one goes back with no modulus: the account is refused */
	s = open_board("&& echo 7 > energy2_input", "");
	if (!s)
		return;
	tick(s, "hwmon3", 1, 2000);
	tick(s, "hwmon3", 2, 10);
	CHECK_EQ_INT(ssdq_source_energy(s, 2000000, &e), -ERANGE);
	CHECK_CONTAINS(s->err, "energy_wrap=");
	ssdq_source_close(s);
}

TEST(hwmon_energy_counter_stops)
{
	struct ssdq_source *s;
	struct ssdq_energy e;

	s = open_board("", "");
	if (!s)
		return;
	tick(s, "hwmon3", 1, 1000);
	tick(s, "hwmon3", 2, 5001000);
	/* standing for 1.5 s at 5 W (7.5 J due): a slow update, not yet stopped */
	tick(s, "hwmon3", 3, 5001000);
	tick(s, "hwmon3", 3.5, 5001000);
	CHECK_EQ_INT(ssdq_source_energy(s, 3500000, &e), 0);
	CHECK_EQ_INT(e.stopped_us, 0);
	/* still standing at 4.5 s: stopped since 2 s */
	tick(s, "hwmon3", 4.5, 5001000);
	CHECK_EQ_INT(ssdq_source_energy(s, 4500000, &e), 0);
	CHECK_EQ_INT(e.stopped_us, 2000000);
	/* moving again: running, though the account missed what it did not count */
	tick(s, "hwmon3", 5.5, 10001000);
	CHECK_EQ_INT(ssdq_source_energy(s, 5500000, &e), 0);
	CHECK_EQ_INT(e.stopped_us, 0);
	ssdq_source_close(s);

	/* an idle drive (no power read) with a still counter has not stopped */
	s = open_board("&& echo 0 > power1_input", "");
	if (!s)
		return;
	tick(s, "hwmon3", 1, 1000);
	tick(s, "hwmon3", 10, 1000);
	CHECK_EQ_INT(ssdq_source_energy(s, 10000000, &e), 0);
	CHECK_EQ_INT(e.stopped_us, 0);
	CHECK(e.uj == 0);
	ssdq_source_close(s);
}

TEST(cmd_parse_line)
{
	int64_t t;
	double w;

	CHECK_EQ_INT(ssdq_cmd_parse_line("12.5", 7, &t, &w), 0);
	CHECK_EQ_INT(t, 7);
	CHECK(w == 12.5);
	CHECK_EQ_INT(ssdq_cmd_parse_line("  3.25W\r", 7, &t, &w), 0);
	CHECK(w == 3.25);
	CHECK_EQ_INT(ssdq_cmd_parse_line("4500 mW", 7, &t, &w), 0);
	CHECK(w > 4.4999 && w < 4.5001);
	CHECK_EQ_INT(ssdq_cmd_parse_line("1700000000.5 2", 7, &t, &w), 1);
	CHECK_EQ_INT(t, 1700000000500000LL);
	CHECK(w == 2);
	CHECK_EQ_INT(ssdq_cmd_parse_line("1700000000123,2.5", 7, &t, &w), 1);
	CHECK_EQ_INT(t, 1700000000123000LL);
	CHECK_EQ_INT(ssdq_cmd_parse_line("1700000000123456 2500000uW", 7, &t, &w), 1);
	CHECK_EQ_INT(t, 1700000000123456LL);
	CHECK(w > 2.4999 && w < 2.5001);
	CHECK_EQ_INT(ssdq_cmd_parse_line("", 7, &t, &w), -ENODATA);
	CHECK_EQ_INT(ssdq_cmd_parse_line("# header", 7, &t, &w), -ENODATA);
	CHECK_EQ_INT(ssdq_cmd_parse_line("watts: 3", 7, &t, &w), -EINVAL);
	CHECK_EQ_INT(ssdq_cmd_parse_line("3 kW", 7, &t, &w), -EINVAL);
	CHECK_EQ_INT(ssdq_cmd_parse_line("nan", 7, &t, &w), -EINVAL);
	CHECK_EQ_INT(ssdq_cmd_parse_line("-5 3", 7, &t, &w), -EINVAL);
}

TEST(cmd_source)
{
	struct ssdq_source *s = NULL;
	struct ssdq_sample x[16];
	char err[512];
	int n = 0, got = 0;
	double last = 0;

	CHECK_EQ_INT(open_spec("cmd:printf '5.5\\n1700000000.25 7\\n'; sleep 0.3; echo 8.5",
			       &s, err, sizeof(err)), 0);
	if (!s)
		return;
	CHECK(s->streamed);
	n = ssdq_source_read(s, 99, x, 16);
	CHECK_EQ_INT(n, 2);
	CHECK(x[0].watts == 5.5);
	CHECK_EQ_INT(x[0].time_us, 99);
	CHECK_EQ_INT(x[1].time_us, 1700000000250000LL);
	CHECK(x[1].watts == 7);
	/* the last line comes later, then the command ends: a failure (20 s at most) */
	for (int i = 0; i < 2000; i++) {
		n = ssdq_source_read(s, 100, x, 16);
		if (n > 0 && !got)
			last = x[0].watts;
		if (n > 0)
			got += n;
		if (n < 0)
			break;
		usleep(10000);
	}
	CHECK_EQ_INT(got, 1);
	CHECK(last == 8.5);
	CHECK_EQ_INT(n, -EPIPE);
	CHECK_CONTAINS(s->err, "exited with status 0");
	ssdq_source_close(s);
}

TEST(cmd_open_errors)
{
	struct ssdq_source *s = NULL;
	char err[512];

	CHECK_EQ_INT(open_spec("cmd:exit 3", &s, err, sizeof(err)), -EPIPE);
	CHECK_CONTAINS(err, "power source \"cmd:exit 3\"");
	CHECK_CONTAINS(err, "exited with status 3 before printing a reading");
	CHECK_EQ_INT(open_spec("cmd:/nonexistent/meter", &s, err, sizeof(err)), -EPIPE);
	CHECK_CONTAINS(err, "exited with status 127");
	CHECK_EQ_INT(open_spec("cmd:echo hello", &s, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, "printed \"hello\", not a reading");
	CHECK_EQ_INT(open_spec("cmd:", &s, err, sizeof(err)), -EINVAL);
	/* a slow meter is fine: no reading yet at the timeout */
	{
		struct ssdq_source_cfg cfg = { .open_timeout_ms = 100 };

		CHECK_EQ_INT(ssdq_source_open("cmd:sleep 5; echo 1", &cfg, &s, err, sizeof(err)), 0);
		ssdq_source_close(s);	/* stops the command's process group */
	}
}

TEST(split_specs)
{
	const char *v[8];
	char buf[256];

	CHECK_EQ_INT(ssdq_source_split("hwmon:a ; nvme-ps;cmd:x; y | z", v, 8, buf, sizeof(buf)), 3);
	CHECK_STREQ(v[0], "hwmon:a");
	CHECK_STREQ(v[1], "nvme-ps");
	CHECK_STREQ(v[2], "cmd:x; y | z");
	CHECK_EQ_INT(ssdq_source_split("  ", v, 8, buf, sizeof(buf)), 0);
	CHECK_EQ_INT(ssdq_source_split("a;b;c", v, 2, buf, sizeof(buf)), -E2BIG);
	CHECK_EQ_INT(ssdq_source_split("qis:h:1:USB:X ", v, 8, buf, sizeof(buf)), 1);
	CHECK_STREQ(v[0], "qis:h:1:USB:X");
}

TEST(nvme_ps_needs_controller)
{
	struct ssdq_source *s = NULL;
	char err[512];

	CHECK_EQ_INT(open_spec("nvme-ps", &s, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, "no NVMe controller");
	CHECK_EQ_INT(open_spec("nvme-ps:/dev/nvme-ssdq-none", &s, err, sizeof(err)), -ENOENT);
	CHECK_CONTAINS(err, "cannot open /dev/nvme-ssdq-none");
}

int main(void)
{
	setup_root();
	RUN(hwmon_microwatts);
	RUN(hwmon_v_times_i);
	RUN(hwmon_average);
	RUN(hwmon_errors);
	RUN(hwmon_sensor_disappears);
	RUN(hwmon_energy_counter);
	RUN(hwmon_energy_wraps);
	RUN(hwmon_energy_counter_stops);
	RUN(cmd_parse_line);
	RUN(cmd_source);
	RUN(cmd_open_errors);
	RUN(split_specs);
	RUN(nvme_ps_needs_controller);
	sh("rm -rf %s", root);
	return harness_main();
}
