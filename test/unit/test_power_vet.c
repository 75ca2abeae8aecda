// SPDX-License-Identifier: GPL-2.0-only
/*
 * Power readings checked at the door (power/vet.c): the range and its
 * bound from a power-state table, readings refused, a silent source, a
 * source printing lines that are not readings, each a gap event and a
 * warning during the run (the sampler on a simulated clock with a scripted
 * source), and the bound's Identify Controller with power/'s timeout. That
 * command goes to an ioctl() of this program's own: nothing reaches a
 * kernel driver (test_mock_power.c checks power/'s other commands).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/nvme_ioctl.h>

#include "harness.h"
#include "vclock.h"
#include "nvme_admin.h"
#include "../../power/sampler.h"
#include "../../power/vet.h"

/* --- ioctl of this program: a controller on one descriptor ------------ */

static int fake_ctrl = -1;
static unsigned int admin_cmds, admin_timeout_ms;

int ioctl(int fd, unsigned long req, ...)
{
	struct nvme_passthru_cmd *cmd;
	va_list ap;
	void *arg;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (fd != fake_ctrl || req != NVME_IOCTL_ADMIN_CMD)
		return (int)syscall(SYS_ioctl, fd, req, arg);
	cmd = arg;
	admin_cmds++;
	admin_timeout_ms = cmd->timeout_ms;
	if (cmd->opcode == 0x06 && cmd->cdw10 == 1 && cmd->data_len >= 4096) {
		uint8_t *b = (uint8_t *)(uintptr_t)cmd->addr;
		static const uint16_t mp[3] = { 850, 400, 100 };	/* centiwatts */

		memset(b, 0, 4096);
		b[263] = 2;		/* NPSS: three states */
		for (int i = 0; i < 3; i++) {
			b[2048 + 32 * i] = mp[i] & 0xff;
			b[2048 + 32 * i + 1] = mp[i] >> 8;
		}
		return 0;
	}
	return 0x4002;
}

/* --- the checks alone ------------------------------------------------- */

static struct ssdq_sample at(double w)
{
	return (struct ssdq_sample){ .time_us = 1, .watts = w };
}

TEST(range)
{
	struct ssdq_source src = { .unparsed = 0 };
	struct ssdq_vet v;
	struct ssdq_sample x;

	ssdq_vet_init(&v, 50, 100000, 0);
	CHECK_EQ_INT(v.silent_us, SSDQ_SILENT_MIN_US);	/* 5 periods, at least 1 s */
	x = at(5);
	CHECK(ssdq_vet_sample(&v, &x));
	x = at(0);
	CHECK(ssdq_vet_sample(&v, &x));
	x = at(50);
	CHECK(ssdq_vet_sample(&v, &x));
	CHECK_EQ_INT(ssdq_vet_read(&v, &src, 3, 100000), 1);
	x = at(-5);
	CHECK(!ssdq_vet_sample(&v, &x));
	x = at(1e12);
	CHECK(!ssdq_vet_sample(&v, &x));
	CHECK_EQ_INT(ssdq_vet_read(&v, &src, 0, 200000), -ERANGE);
	CHECK_STREQ(v.why, "reading -5 W is outside the plausible 0-50 W (2 refused)");
	CHECK_EQ_INT(ssdq_vet_read(&v, &src, 0, 300000), 0);	/* nothing new: the gap stays */
	x = at(7);
	CHECK(ssdq_vet_sample(&v, &x));
	x = at(-1);
	CHECK(!ssdq_vet_sample(&v, &x));
	CHECK_EQ_INT(ssdq_vet_read(&v, &src, 1, 350000), -ERANGE);	/* one good is not enough */
	CHECK_STREQ(v.why, "reading -5 W is outside the plausible 0-50 W (3 refused)");
	x = at(7);
	CHECK(ssdq_vet_sample(&v, &x));
	CHECK_EQ_INT(ssdq_vet_read(&v, &src, 1, 400000), 1);
	x = at(-2);
	CHECK(!ssdq_vet_sample(&v, &x));
	CHECK_EQ_INT(ssdq_vet_read(&v, &src, 0, 450000), -ERANGE);
	CHECK_STREQ(v.why, "reading -2 W is outside the plausible 0-50 W (1 refused)");
	ssdq_vet_init(&v, 50, 1000000, 0);
	CHECK_EQ_INT(v.silent_us, 5 * 1000000);		/* 1 Hz: five periods */
}

TEST(silent_and_unparsable)
{
	struct ssdq_source src = { .unparsed = 0 };
	struct ssdq_vet v;

	ssdq_vet_init(&v, 50, 100000, 0);
	CHECK_EQ_INT(ssdq_vet_read(&v, &src, 1, 500000), 1);
	CHECK_EQ_INT(ssdq_vet_read(&v, &src, 0, 1500000), 0);	/* quiet 1.0 s: not yet */
	CHECK_EQ_INT(ssdq_vet_read(&v, &src, 0, 1600000), -ETIME);
	CHECK_STREQ(v.why, "no reading for 1.1 s (silent: more than 1.0 s)");
	CHECK_EQ_INT(ssdq_vet_read(&v, &src, 1, 1700000), 1);
	src.unparsed = 12;
	snprintf(src.unparsed_line, sizeof(src.unparsed_line), "OVERLOAD");
	CHECK_EQ_INT(ssdq_vet_read(&v, &src, 0, 2000000), 0);
	CHECK_EQ_INT(ssdq_vet_read(&v, &src, 0, 2800000), -EBADMSG);
	CHECK_STREQ(v.why, "no reading for 1.1 s: 12 lines that are not readings, the last "
		    "\"OVERLOAD\"");
}

TEST(bound)
{
	char how[160];

	CHECK(harness_near(ssdq_power_bound(30, -1, how, sizeof(how)), 30, 1e-9));
	CHECK_STREQ(how, "configured maximum 30 W");
	CHECK(harness_near(ssdq_power_bound(0, -1, how, sizeof(how)), SSDQ_POWER_DEFAULT_MAX_W,
			   1e-9));
	CHECK_CONTAINS(how, "no power-state table");
	fake_ctrl = open("/dev/null", O_RDONLY | O_CLOEXEC);
	admin_cmds = 0;
	CHECK(harness_near(ssdq_power_bound(0, fake_ctrl, how, sizeof(how)), 17, 1e-9));
	CHECK_STREQ(how, "2 x the highest MP of the drive's power states (8.5 W)");
	CHECK_EQ_INT(admin_cmds, 1);
	CHECK_EQ_INT(admin_timeout_ms, SSDQ_NVME_POWER_TIMEOUT_MS);
	close(fake_ctrl);
	fake_ctrl = -1;
}

/* --- the sampler with a scripted source on simulated time --------------- */

static struct vclock vc;
static struct ssdq_clock vclk;
static int64_t script_t0 = -1;
static pthread_mutex_t warn_lock = PTHREAD_MUTEX_INITIALIZER;
static char warnings[4096];

static void on_warn(void *arg, const char *msg)
{
	(void)arg;
	pthread_mutex_lock(&warn_lock);
	strncat(warnings, msg, sizeof(warnings) - strlen(warnings) - 2);
	strcat(warnings, "\n");
	pthread_mutex_unlock(&warn_lock);
}

static int script_open(struct ssdq_source *src, const char *arg, const struct ssdq_source_cfg *cfg,
		       char *err, size_t errlen)
{
	(void)arg;
	(void)cfg;
	(void)err;
	(void)errlen;
	src->streamed = true;
	src->unit = "W";
	snprintf(src->rail, sizeof(src->rail), "script");
	return 0;
}

/*
 * By seconds since the first read: 0-1 5 W; 1.0-1.1 -5 W and 1e12 W; to 2
 * 5 W; 2-3.5 only "garbage" lines; 3.5-4 6 W; 4-6 nothing; then 7 W.
 */
static int script_read(struct ssdq_source *src, int64_t now_us, struct ssdq_sample *out, int max)
{
	int64_t t;

	if (max < 2)
		return 0;
	if (script_t0 < 0)
		script_t0 = now_us;
	t = now_us - script_t0;
	memset(out, 0, 2 * sizeof(*out));
	out[0].time_us = out[1].time_us = now_us;
	if (t >= 1000000 && t < 1100000) {
		out[0].watts = -5;
		out[1].watts = 1e12;
		return 2;
	}
	if (t >= 2000000 && t < 3500000) {
		src->unparsed++;
		snprintf(src->unparsed_line, sizeof(src->unparsed_line), "garbage");
		return 0;
	}
	if (t >= 4000000 && t < 6000000)
		return 0;
	out[0].watts = t < 3500000 ? 5 : t < 4000000 ? 6 : 7;
	return 1;
}

static void script_close(struct ssdq_source *src)
{
	(void)src;
}

static const struct ssdq_source_ops script_ops = {
	.type = "script", .open = script_open, .read = script_read, .close = script_close,
};
static const struct ssdq_source_ops *const extra[] = { &script_ops, NULL };

/* seconds since the start of event number @nth named @name, -1: none */
static double event_s(const char *ev, const char *name, int nth, char *msg, size_t len)
{
	char key[64];
	const char *p = ev;
	long long t;

	snprintf(key, sizeof(key), "\"event\":\"%s\"", name);
	for (int i = 0; i <= nth; i++) {
		p = p ? strstr(p, key) : NULL;
		if (!p)
			return -1;
		p += strlen(key);
	}
	if (msg) {
		const char *m = strstr(p, "\"msg\":\"");
		size_t n;

		msg[0] = '\0';
		if (m && m < strchr(p, '\n')) {
			m += 7;
			n = strcspn(m, "\n");
			snprintf(msg, len, "%.*s", (int)(n > 2 ? n - 2 : n), m);
		}
	}
	while (p > ev && p[-1] != '\n')
		p--;
	return sscanf(p, "{\"time_us\":%lld,", &t) == 1 ? (t - VCLOCK_RT0) / 1e6 : -1;
}

static char *slurp(const char *path)
{
	static char buf[1 << 16];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

TEST(gaps_during_the_run)
{
	char dir[] = "/tmp/ssdq-vet.XXXXXX", plog[64], elog[64], msg[256], err[256];
	struct ssdq_sampler_cfg c = {
		.power = "script:", .power_hz = 10, .extra_types = extra, .warn = on_warn,
		.clock = &vclk,
	};
	struct ssdq_sampler *s = NULL;
	char *ev, *pl;
	long long worst = 0, least = 0;

	if (!CHECK(mkdtemp(dir)))
		return;
	snprintf(plog, sizeof(plog), "%s/p.log", dir);
	snprintf(elog, sizeof(elog), "%s/e.jsonl", dir);
	c.power_log = plog;
	c.events_log = elog;
	vclock_init(&vc, &vclk, 2);
	if (!CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), 0)) {
		printf("  %s\n", err);
		return;
	}
	CHECK_EQ_INT(vclock_run(&vc, 7000000), 0);
	CHECK_EQ_INT(ssdq_sampler_close(s), 0);
	vclock_destroy(&vc);
	ev = strdup(slurp(elog) ? slurp(elog) : "");
	CHECK_CONTAINS(ev, "\"max_w\":100,\"msg\":\"default maximum 100 W (no power-state table)\"");
	/* out of range at 1.0 s, back with the next reading */
	CHECK(harness_near(event_s(ev, "power_gap_start", 0, msg, sizeof(msg)), 1.0, 0.001));
	CHECK_STREQ(msg, "reading -5 W is outside the plausible 0-100 W (2 refused)");
	CHECK(harness_near(event_s(ev, "power_gap_end", 0, NULL, 0), 1.1, 0.001));
	/* only garbage from 2.0 s: a gap once 1 s has passed without a reading */
	CHECK(harness_near(event_s(ev, "power_gap_start", 1, msg, sizeof(msg)), 3.0, 0.001));
	CHECK_STREQ(msg, "no reading for 1.1 s: 11 lines that are not readings, the last "
		    "\\\"garbage\\\"");
	CHECK(harness_near(event_s(ev, "power_gap_end", 1, NULL, 0), 3.5, 0.001));
	/* silent from 4.0 s */
	CHECK(harness_near(event_s(ev, "power_gap_start", 2, msg, sizeof(msg)), 5.0, 0.001));
	CHECK_STREQ(msg, "no reading for 1.1 s (silent: more than 1.0 s)");
	CHECK(harness_near(event_s(ev, "power_gap_end", 2, NULL, 0), 6.0, 0.001));
	CHECK_EQ_INT(event_s(ev, "power_gap_start", 3, NULL, 0), -1);
	free(ev);
	/* the warnings said so while the run went on */
	CHECK_CONTAINS(warnings, "power source \"script:\": reading -5 W is outside the "
		       "plausible 0-100 W (2 refused); a gap is recorded and sampling goes on");
	CHECK_CONTAINS(warnings, "power source \"script:\": no reading for 1.1 s (silent");
	CHECK_CONTAINS(warnings, "power source \"script:\" is back");
	/* no refused value in the power log */
	pl = slurp(plog);
	for (char *l = pl; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		long long t, v;

		if (sscanf(l, "%lld, %lld,", &t, &v) != 2)
			continue;
		if (v > worst)
			worst = v;
		if (v < least)
			least = v;
	}
	CHECK(pl && *pl);
	CHECK(worst <= 7000 && least >= 0);
	snprintf(err, sizeof(err), "rm -rf %s", dir);
	CHECK_EQ_INT(system(err), 0);
}

/* A sidecar on a full filesystem (/dev/full): named with its errno. */
TEST(sidecar_write_errors_named)
{
	char dir[] = "/tmp/ssdq-vet.XXXXXX", plog[64], elog[64], err[256], want[128];
	struct ssdq_sampler_cfg c = {
		.power = "script:", .power_hz = 10, .extra_types = extra, .warn = on_warn,
		.clock = &vclk,
	};
	struct ssdq_sampler *s = NULL;

	if (!CHECK(mkdtemp(dir)))
		return;
	snprintf(plog, sizeof(plog), "%s/p.log", dir);
	snprintf(elog, sizeof(elog), "%s/e.jsonl", dir);
	CHECK_EQ_INT(symlink("/dev/full", plog), 0);
	c.power_log = plog;
	c.events_log = elog;
	warnings[0] = '\0';
	script_t0 = -1;
	vclock_init(&vc, &vclk, 2);
	if (!CHECK_EQ_INT(ssdq_sampler_open(&c, &s, err, sizeof(err)), 0)) {
		printf("  %s\n", err);
		return;
	}
	CHECK_EQ_INT(vclock_run(&vc, 500000), 0);
	CHECK_EQ_INT(ssdq_sampler_close(s), -ENOSPC);
	vclock_destroy(&vc);
	snprintf(want, sizeof(want), "cannot write %s: No space left on device", plog);
	CHECK_CONTAINS(warnings, want);
	CHECK_EQ_INT(strstr(strstr(warnings, want) + 1, want) != NULL, 0);	/* once */
	snprintf(err, sizeof(err), "rm -rf %s", dir);
	CHECK_EQ_INT(system(err), 0);
}

int main(void)
{
	RUN(range);
	RUN(silent_and_unparsable);
	RUN(bound);
	RUN(gaps_during_the_run);
	RUN(sidecar_write_errors_named);
	return harness_main();
}
