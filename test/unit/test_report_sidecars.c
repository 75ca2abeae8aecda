// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdq's sidecars as ssdq-report reads them: device.json (drive_model.scale),
 * the events sidecar (burst figures, stop reasons, the job's span) and the
 * SMART sidecar (temperatures, thermal management), from synthetic files
 * whose figures are known, and bad lines, each with its error.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag_check.h"
#include "harness.h"

#include "device.h"
#include "events.h"
#include "report.h"
#include "smart.h"

#define T0	1795990000000000LL	/* unix µs */

/*
 * A burst test as the engine logs it: burst i moves bytes[i] in busy[i] ms,
 * then idles 4 x busy (a 20 % duty cycle); the last burst's idle runs into
 * ssdq_idle at the end of the job. Lines of another job sharing the file and
 * events the reader does not know are mixed in.
 */
static char *burst_events(const double *bytes, const double *busy, int n, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	long long t = T0;
	int i;

	fprintf(f, "{\"time_us\":%lld,\"event\":\"job_start\",\"job\":\"burst\"}\n", t);
	t += 1500;
	fprintf(f, "{\"time_us\":%lld,\"event\":\"sampler_start\",\"job\":\"burst\",\"msg\":\"power_hz=1000\"}\n", t);
	fprintf(f, "{\"time_us\":%lld,\"event\":\"job_start\",\"job\":\"other\"}\n", t + 7);
	t += 500;
	for (i = 0; i < n; i++) {
		fprintf(f, "{\"time_us\":%lld,\"event\":\"burst_start\",\"job\":\"burst\",\"bytes\":134217728}\n", t);
		t += (long long)(busy[i] * 1000);
		fprintf(f, "{\"time_us\":%lld,\"event\":\"burst_end\",\"job\":\"burst\",\"bytes\":%.0f}\n",
			t, bytes[i]);
		fprintf(f, "{\"time_us\":%lld,\"event\":\"idle_start\",\"job\":\"burst\"}\n", t + 20);
		if (i == 2)
			fprintf(f, "{\"time_us\":%lld,\"event\":\"burst_start\",\"job\":\"other\",\"bytes\":1}\n", t + 30);
		t += 20 + (long long)(busy[i] * 4000);
		if (i == n - 1)
			t += 2000000;	/* ssdq_idle=2 */
		fprintf(f, "{\"time_us\":%lld,\"event\":\"idle_end\",\"job\":\"burst\"}\n", t);
		fprintf(f, "{\"time_us\":%lld,\"event\":\"model_energy\",\"job\":\"burst\",\"truth\":\"x\"}\n", t);
		t += 30;
	}
	fprintf(f, "{\"time_us\":%lld,\"event\":\"job_end\",\"job\":\"burst\",\"bytes\":1073741824,\"stop\":\"bytes\"}\n", t);
	fclose(f);
	return buf;
}

/* What the PTS pages read of the events: the erase's method, the write cache,
 * the model's energy account, refill_buffers, each line's job. */
TEST(events_pts_fields)
{
	static const char text[] =
		"{\"time_us\":1,\"event\":\"job_start\",\"job\":\"purge\",\"global_options\":{\"refill_buffers\":\"1\"},\"options\":{}}\n"
		"{\"time_us\":2,\"event\":\"erase_end\",\"job\":\"purge\",\"method\":\"format\"}\n"
		"{\"time_us\":3,\"event\":\"write_cache\",\"job\":\"r0-4k\",\"present\":true,\"enabled\":false,\"asked\":\"off\",\"was\":true}\n"
		"{\"time_us\":4,\"event\":\"write_cache\",\"job\":\"r0-4k\",\"present\":false,\"asked\":\"off\"}\n"
		"{\"time_us\":5,\"event\":\"write_cache\",\"job\":\"r0-4k\",\"present\":null,\"asked\":\"off\",\"msg\":\"x\"}\n"
		"{\"time_us\":6,\"event\":\"model_energy\",\"job\":\"r0-4k\",\"truth\":\"1.500000 J in 0.100000 s, 15.000000 W\"}\n"
		"{\"time_us\":7,\"event\":\"model_energy\",\"job\":\"r0-4k\",\"truth\":\"x\"}\n";
	struct rpt_diag d = { 0 };
	struct rpt_events e;

	CHECK_EQ_INT(rpt_events_read_mem("e.jsonl", text, sizeof(text) - 1, NULL, &e, &d), 0);
	CHECK_EQ_INT(d.n, 0);
	CHECK_EQ_INT(e.n, 7);
	CHECK(e.ev[0].kind == RPT_EV_JOB_START && e.ev[0].refill);
	CHECK_STREQ(e.ev[0].job, "purge");
	CHECK_STREQ(e.ev[1].method, "format");
	CHECK(e.ev[2].kind == RPT_EV_WRITE_CACHE);
	CHECK_EQ_INT(e.ev[2].write_cache, 0);
	CHECK_EQ_INT(e.ev[3].write_cache, -1);
	CHECK_EQ_INT(e.ev[4].write_cache, -2);
	CHECK(e.ev[5].kind == RPT_EV_MODEL_ENERGY);
	CHECK(harness_near(e.ev[5].energy_j, 1.5, 1e-12) && harness_near(e.ev[5].energy_s, 0.1, 1e-12));
	CHECK(isnan(e.ev[6].energy_j));		/* another form: no account, kept */
	rpt_events_free(&e);
	rpt_diag_free(&d);
}

TEST(bursts_known)
{
	const double bytes[8] = { 134217728, 134217728, 134217728, 134217728,
				  134217728, 134217728, 134217728, 100000000 };
	const double busy[8] = { 50, 60, 40, 55.5, 50, 45, 70, 40 };	/* ms */
	struct rpt_events e;
	struct rpt_bursts b;
	struct rpt_diag d = { 0 };
	double sum_b = 0, sum_t = 0, period = 0, idle = 0, t0, t1;
	size_t len;
	char *text = burst_events(bytes, busy, 8, &len);
	int i;

	CHECK_EQ_INT(rpt_events_read_mem("burst_events.1.jsonl", text, len, "burst", &e, &d), 0);
	CHECK_EQ_INT(d.n, 0);
	CHECK_STREQ(rpt_events_stop(&e), "bytes");
	CHECK_EQ_INT(rpt_bursts_compute(&e, &b), 8);
	for (i = 0; i < 8; i++) {
		sum_b += bytes[i];
		sum_t += busy[i];
		if (i < 7) {
			period += busy[i];
			idle += 4 * busy[i];
		}
		CHECK_NEAR(b.b[i].mbps, bytes[i] / busy[i] / 1000, 1e-9);
	}
	CHECK_NEAR(b.bytes, sum_b, 1e-12);
	CHECK_NEAR(b.busy_ms, sum_t, 1e-9);
	if (CHECK(b.score_mbps.ok))
		CHECK_NEAR(b.score_mbps.v, sum_b / sum_t / 1000, 1e-9);
	/* the idle that counts lies between the bursts; the last one's does not */
	CHECK_NEAR(b.idle_ms, idle, 1e-6);
	if (CHECK(b.duty_pct.ok)) {
		CHECK_NEAR(b.duty_pct.v, 100 * period / (period + idle), 1e-9);
		CHECK(fabs(b.duty_pct.v - 20) < 0.01);
	}
	CHECK_EQ_INT(b.unclosed, 0);
	/* the job's span: from the sampler's start to the ssdq_idle at the end */
	CHECK(rpt_events_window(&e, &t0, &t1));
	CHECK_NEAR(t0, (T0 + 1500) / 1000.0, 1e-15);
	CHECK_NEAR(t1, b.b[7].t1_ms + 0.020, 1e-12);
	CHECK_NEAR(rpt_events_io_start(&e, INFINITY), (T0 + 1500) / 1000.0, 1e-15);
	rpt_bursts_free(&b);
	rpt_events_free(&e);
	rpt_diag_free(&d);
	free(text);
}

TEST(not_a_burst_test)
{
	static const char text[] =
		"{\"time_us\":1795990000000000,\"event\":\"job_start\",\"job\":\"qd1\"}\n"
		"{\"time_us\":1795990000001000,\"event\":\"erase_start\",\"job\":\"qd1\",\"file\":\"/x\"}\n"
		"{\"time_us\":1795990002001000,\"event\":\"erase_end\",\"job\":\"qd1\",\"method\":\"format\"}\n"
		"{\"time_us\":1795990062001000,\"event\":\"idle_start\",\"job\":\"qd1\"}\n"
		"{\"time_us\":1795990122001000,\"event\":\"idle_end\",\"job\":\"qd1\"}\n"
		"{\"time_us\":1795990122001100,\"event\":\"job_end\",\"job\":\"qd1\",\"bytes\":7,\"stop\":\"time\"}\n";
	struct rpt_events e;
	struct rpt_bursts b;
	struct rpt_diag d = { 0 };
	double t0, t1;

	CHECK_EQ_INT(rpt_events_read_mem("qd1_events.1.jsonl", text, sizeof(text) - 1, "qd1", &e, &d), 0);
	CHECK_EQ_INT(d.n, 0);
	CHECK_STREQ(rpt_events_stop(&e), "time");
	CHECK_EQ_INT(rpt_bursts_compute(&e, &b), 0);
	CHECK(!b.score_mbps.ok);
	CHECK_CONTAINS(b.score_mbps.why, "not a burst test");
	/* the I/O ran from the erase's end to the idle after it (ssdq_idle) */
	CHECK(rpt_events_window(&e, &t0, &t1));
	CHECK_NEAR(t0, 1795990002001.0, 1e-15);
	CHECK_NEAR(t1, 1795990062001.0, 1e-15);
	rpt_bursts_free(&b);
	rpt_events_free(&e);
	rpt_diag_free(&d);
}

/* Every bad line is an error naming the file and line; good lines stay. */
TEST(bad_event_lines)
{
	static const char text[] =
		"{\"time_us\":1795990000000000,\"event\":\"job_start\",\"job\":\"j\"}\n"
		"1000\"}\n"
		"{\"time_us\":\"soon\",\"event\":\"burst_start\",\"job\":\"j\"}\n"
		"{\"event\":\"burst_start\",\"job\":\"j\"}\n"
		"\n"
		"{\"time_us\":1795990000001000,\"event\":7,\"job\":\"j\"}\n"
		"{\"time_us\":1795990000001000,\"event\":\"burst_start\",\"job\":\"j\",\"bytes\":-5}\n"
		"[1,2]\n"
		"{\"time_us\":1795990000002000,\"event\":\"burst_start\",\"job\":\"j\"} x\n"
		"{\"time_us\":1795990000003000,\"event\":\"burst_start\",\"job\":\"j\",\"bytes\":4096}\n"
		"{\"time_us\":1795990000004000,\"event\":\"burst_end\",\"job\":\"j\",\"bytes\":4096}\n"
		"{\"time_us\":1795990000005000,\"event\":\"burst_start\",\"job\":\"j\",\"bytes\":4096}\n"
		"{\"time_us\":1795990000006000,\"event\":\"job_end\",\"job\":\"j\",\"by";
	struct rpt_events e;
	struct rpt_bursts b;
	struct rpt_diag d = { 0 };

	CHECK_EQ_INT(rpt_events_read_mem("j_events.1.jsonl", text, sizeof(text) - 1, "j", &e, &d), 0);
	CHECK(has_msg(&d, "j_events.1.jsonl:2: byte 5 of the line: text after the JSON object"));
	CHECK(has_msg(&d, "j_events.1.jsonl:3: time_us: expected a number, got string"));
	CHECK(has_msg(&d, "j_events.1.jsonl:4: time_us: missing"));
	CHECK(has_msg(&d, "j_events.1.jsonl:6: event: expected a string"));
	CHECK(has_msg(&d, "j_events.1.jsonl:7: bytes: negative"));
	CHECK(has_msg(&d, "j_events.1.jsonl:8: expected a JSON object, got array"));
	CHECK(has_msg(&d, "j_events.1.jsonl:9: byte 62 of the line: text after the JSON object"));
	CHECK(has_msg(&d, "j_events.1.jsonl:13: truncated JSON"));
	CHECK_EQ_INT(d.nerrors, 8);
	CHECK_EQ_INT(e.bad_lines, 8);
	CHECK_EQ_INT(e.n, 4);
	CHECK(!rpt_events_stop(&e));
	/* one complete burst; the one the cut-off job_end left open is left out */
	CHECK_EQ_INT(rpt_bursts_compute(&e, &b), 1);
	CHECK_EQ_INT(b.unclosed, 1);
	CHECK_NEAR(b.score_mbps.v, 4096 / 1.0 / 1000, 1e-9);
	CHECK(!b.duty_pct.ok);
	rpt_bursts_free(&b);
	rpt_events_free(&e);
	rpt_diag_free(&d);
}

TEST(long_line)
{
	size_t n = 100000, len;
	char *text = malloc(n + 200);
	struct rpt_events e;
	struct rpt_diag d = { 0 };

	len = sprintf(text, "{\"time_us\":1795990000000000,\"event\":\"job_start\",\"job\":\"j\",\"msg\":\"");
	memset(text + len, 'a', n);
	len += n;
	len += sprintf(text + len, "\"}\n{\"time_us\":1795990000000001,\"event\":\"job_end\",\"job\":\"j\",\"stop\":\"error\"}\n");
	CHECK_EQ_INT(rpt_events_read_mem("long", text, len, "j", &e, &d), 0);
	CHECK(has_msg(&d, "long:1: line longer than 65536 bytes"));
	CHECK_EQ_INT(e.n, 1);
	CHECK_STREQ(rpt_events_stop(&e), "error");
	rpt_events_free(&e);
	rpt_diag_free(&d);
	free(text);
}

TEST(missing_file)
{
	struct rpt_events e;
	struct rpt_smart s;
	struct rpt_diag d = { 0 };

	CHECK_EQ_INT(rpt_events_read("/nonexistent/x_events.1.jsonl", NULL, &e, &d), -ENOENT);
	CHECK(has_msg(&d, "/nonexistent/x_events.1.jsonl: cannot read"));
	CHECK_EQ_INT(rpt_smart_read("/nonexistent/x_smart.1.jsonl", &s, &d), -ENOENT);
	rpt_diag_free(&d);
}

static int write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

TEST(device_json)
{
	char dir[] = "/tmp/ssdq-test-device.XXXXXX", path[256];
	struct rpt_device dev, copy;
	struct rpt_diag d = { 0 };

	if (!CHECK(mkdtemp(dir)))
		return;
	snprintf(path, sizeof(path), "%s/device.json", dir);
	/* none: a real drive of unknown make, scale 1 */
	CHECK_EQ_INT(rpt_device_load(dir, &dev, &d), 0);
	CHECK(!dev.present);
	CHECK_NEAR(dev.scale, 1, 0);
	rpt_device_free(&dev);

	write_file(path, "{\"format\": \"ssdq-device\", \"version\": 1, \"model\": \"QLC NVMe\",\n"
		   " \"serial\": \"s1\", \"firmware\": \"f1\", \"capacity_bytes\": 999292928,\n"
		   " \"drive_model\": {\"preset\": \"qlc-1tb\", \"scale\": 1000}, \"pcie\": null}\n");
	CHECK_EQ_INT(rpt_device_load(dir, &dev, &d), 1);
	CHECK(dev.present);
	CHECK_STREQ(dev.model, "QLC NVMe");
	CHECK_STREQ(dev.serial, "s1");
	CHECK_STREQ(dev.preset, "qlc-1tb");
	CHECK_NEAR(dev.scale, 1000, 0);
	CHECK_NEAR(dev.capacity_bytes, 999292928, 0);
	CHECK_EQ_INT(rpt_device_copy(&copy, &dev), 0);
	rpt_device_free(&dev);
	CHECK_STREQ(copy.preset, "qlc-1tb");
	rpt_device_free(&copy);
	CHECK_EQ_INT(d.n, 0);

	/* a real drive: no drive_model */
	write_file(path, "{\"format\": \"ssdq-device\", \"model\": \"Samsung SSD 980 1TB\", \"drive_model\": null}");
	CHECK_EQ_INT(rpt_device_load(dir, &dev, &d), 1);
	CHECK(!dev.preset);
	CHECK_NEAR(dev.scale, 1, 0);
	rpt_device_free(&dev);

	write_file(path, "{\"format\": \"ssdq-device\", \"drive_model\": {\"preset\": \"x\", \"scale\": 0.5}}");
	CHECK_EQ_INT(rpt_device_load(dir, &dev, &d), -EINVAL);
	CHECK(has_msg(&d, "device.json: drive_model.scale: 0.5 is out of range"));
	CHECK_NEAR(dev.scale, 1, 0);
	rpt_device_free(&dev);

	write_file(path, "{\"format\": \"ssdq-device\", \"drive_model\": {\"scale\": \"big\"}}");
	CHECK_EQ_INT(rpt_device_load(dir, &dev, &d), -EINVAL);
	CHECK(has_msg(&d, "device.json: drive_model.scale: expected a number, got string"));
	rpt_device_free(&dev);

	write_file(path, "{\"jobs\": []}");
	CHECK_EQ_INT(rpt_device_load(dir, &dev, &d), -EINVAL);
	CHECK(has_msg(&d, "device.json: format: expected \"ssdq-device\", got none"));
	rpt_device_free(&dev);

	write_file(path, "{\"format\": \"ssdq-device\", \"model\": \"tru");
	CHECK_EQ_INT(rpt_device_load(dir, &dev, &d), -EINVAL);
	CHECK(has_msg(&d, "device.json:1: truncated JSON document"));
	rpt_device_free(&dev);
	rpt_diag_free(&d);
	unlink(path);
	rmdir(dir);
}

static const char smart_line[] =
	"{\"time_us\":%lld,\"critical_warning\":%d,\"composite_temp_c\":%d,"
	"\"temp_sensors_c\":[%d,null,null,null,null,null,null,null],\"available_spare_pct\":100,"
	"\"data_units_written\":0,\"thermal_mgmt_t1_transitions\":%d,"
	"\"thermal_mgmt_t2_transitions\":0,\"thermal_mgmt_t1_time_s\":%d,"
	"\"thermal_mgmt_t2_time_s\":0}\n";

TEST(smart_samples)
{
	char *buf = NULL;
	size_t len;
	FILE *f = open_memstream(&buf, &len);
	struct rpt_smart s;
	struct rpt_thermal th;
	struct rpt_diag d = { 0 };
	int i;

	/* 1 s samples from 40 °C up 2 °C a second; T1 from 1 to 2 at 20 s */
	for (i = 0; i < 40; i++)
		fprintf(f, smart_line, T0 + i * 1000000LL, 0, 40 + 2 * i, 40 + 2 * i,
			1 + (i >= 20), i >= 20 ? i - 19 : 0);
	fputs("{\"time_us\":1795990000000000,\"composite_temp_c\":40}\n", f);	/* back in time */
	fputs("{\"time_us\":1795990099000000,\"composite_temp_c\":\"hot\"}\n", f);
	fputs("{\"time_us\":1795990099000000,\"composite_temp_c\":-5}\n", f);
	fclose(f);
	CHECK_EQ_INT(rpt_smart_read_mem("x_smart.1.jsonl", buf, len, &s, &d), 0);
	CHECK(has_msg(&d, "x_smart.1.jsonl:41: time_us goes back in time"));
	CHECK(has_msg(&d, "x_smart.1.jsonl:42: composite_temp_c: expected a number, got string"));
	CHECK_EQ_INT(d.nerrors, 2);
	CHECK_EQ_INT(s.n, 41);
	CHECK_NEAR(s.s[40].temp_c, -5, 0);
	CHECK(isnan(s.s[40].tmt1));
	CHECK_NEAR(rpt_smart_interval(&s), 1000, 0);

	/* before: hottest sample in the window, no thermal management */
	rpt_smart_window(&s, T0 / 1000.0 + 2000, T0 / 1000.0 + 10500, &th);
	CHECK_NEAR(th.temp_max_c.v, 40 + 2 * 10, 0);
	CHECK(!th.throttled);
	/* the window holds the step of T1 between the samples at 19 and 20 s */
	rpt_smart_window(&s, T0 / 1000.0 + 19500, T0 / 1000.0 + 19600, &th);
	CHECK(th.throttled);
	CHECK_CONTAINS(th.why, "T1 1->2");
	CHECK_NEAR(th.t_ms, T0 / 1000.0 + 20000, 1e-15);
	CHECK_NEAR(th.t_prev_ms, T0 / 1000.0 + 19000, 1e-15);
	CHECK_NEAR(th.temp_at_c, 80, 0);
	CHECK(!th.temp_max_c.ok);	/* no sample inside 19.5-19.6 s */
	/* after: T1 stays at 2, but time in T1 grows */
	rpt_smart_window(&s, T0 / 1000.0 + 25000, T0 / 1000.0 + 27000, &th);
	CHECK(th.throttled);
	CHECK_CONTAINS(th.why, "time in thermal management T1");
	rpt_smart_free(&s);
	rpt_diag_free(&d);
	free(buf);
}

/*
 * Version 2 (power/smart_log.h): nvme-cli's keys, and ssdq's converted ones
 * beside them; a line of each version in one file reads alike. A version
 * the reader does not know yet is read by the keys it knows, with a warning.
 */
static const char smart_line_v2[] =
	"{\"time_us\":%lld,\"version\":%d,\"critical_warning\":%d,\"temperature\":%d,"
	"\"composite_temp_c\":%d,\"avail_spare\":100,\"spare_thresh\":10,"
	"\"endurance_grp_critical_warning_summary\":0,\"data_units_written\":7,"
	"\"num_err_log_entries\":0,\"temperature_sensor_1\":%d,"
	"\"temp_sensors_c\":[%d,null,null,null,null,null,null,null],"
	"\"thm_temp1_trans_count\":%d,\"thm_temp2_trans_count\":1,"
	"\"thm_temp1_total_time\":%d,\"thm_temp2_total_time\":5}\n";

TEST(smart_samples_v2)
{
	char *buf = NULL;
	size_t len;
	FILE *f = open_memstream(&buf, &len);
	struct rpt_smart s;
	struct rpt_thermal th;
	struct rpt_diag d = { 0 };

	fprintf(f, smart_line, T0, 0, 40, 40, 1, 0);			/* version 1 */
	fprintf(f, smart_line_v2, T0 + 1000000LL, 2, 0, 315, 42, 315, 42, 1, 0);
	fprintf(f, smart_line_v2, T0 + 2000000LL, 2, 2, 353, 80, 353, 80, 2, 3);
	fprintf(f, smart_line_v2, T0 + 3000000LL, 3, 0, 343, 70, 343, 70, 2, 4);
	fclose(f);
	CHECK_EQ_INT(rpt_smart_read_mem("y_smart.1.jsonl", buf, len, &s, &d), 0);
	CHECK_EQ_INT(d.nerrors, 0);
	CHECK(has_msg(&d, "y_smart.1.jsonl:4: SMART log version 3 is newer than this reader's 2"));
	CHECK_EQ_INT(s.n, 4);
	CHECK_NEAR(s.s[1].temp_c, 42, 0);
	CHECK_NEAR(s.s[2].cw, 2, 0);
	CHECK_NEAR(s.s[2].tmt1, 2, 0);
	CHECK_NEAR(s.s[2].tmt1_s, 3, 0);
	CHECK_NEAR(s.s[2].tmt2, 1, 0);
	CHECK_NEAR(s.s[3].tmt2_s, 5, 0);
	CHECK_NEAR(s.s[0].tmt1, 1, 0);
	rpt_smart_window(&s, T0 / 1000.0 + 1500, T0 / 1000.0 + 1600, &th);
	CHECK(th.throttled);
	CHECK_CONTAINS(th.why, "T1 1->2");
	rpt_smart_free(&s);
	rpt_diag_free(&d);
	free(buf);
}

/*
 * A results directory written here: a fill of 120 GB at 3000 MB/s until 60 GB
 * and 1000 MB/s after it (fio json and a 500 ms bw log), and a SMART sidecar
 * with 1 s samples. When the drive's thermal management starts as the speed
 * falls, the fall is throttling; when it starts much later, the fall is the
 * end of the cache.
 */
static void fill_dir(const char *dir, int tmt_at_s, int cw_at_s)
{
	char path[512];
	double b = 0, t = 0;
	long long ms0 = T0 / 1000;
	FILE *f;
	int i;

	snprintf(path, sizeof(path), "%s/fill_bw.1.log", dir);
	f = fopen(path, "w");
	while (b < 120e9) {
		double v = b < 60e9 ? 3000e6 : 1000e6;	/* B/s */

		t += 500;
		b += v / 2;
		fprintf(f, "%lld, %.0f, 1, 0, 0\n", ms0 + (long long)t, v / 1024);
	}
	fclose(f);
	snprintf(path, sizeof(path), "%s/fill.json", dir);
	f = fopen(path, "w");
	fprintf(f, "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"jobname\": \"fill\", \"groupid\": 0,"
		" \"job options\": {\"rw\": \"write\", \"bs\": \"1M\", \"write_bw_log\": \"fill\","
		" \"log_avg_msec\": \"500\", \"log_unix_epoch\": \"1\"},"
		" \"read\": {\"io_bytes\": 0, \"total_ios\": 0, \"runtime\": 0},"
		" \"write\": {\"io_bytes\": %.0f, \"total_ios\": %.0f, \"runtime\": %.0f}}]}\n",
		b, b / 1048576, t);
	fclose(f);
	snprintf(path, sizeof(path), "%s/fill_smart.1.jsonl", dir);
	f = fopen(path, "w");
	for (i = 0; i <= (int)(t / 1000) + 1; i++)
		fprintf(f, smart_line, T0 + i * 1000000LL, i >= cw_at_s ? 2 : 0, 50 + i / 2, 50 + i / 2,
			i >= tmt_at_s, i > tmt_at_s ? i - tmt_at_s : 0);
	fclose(f);
}

TEST(throttling_or_cache_end)
{
	char dir[] = "/tmp/ssdq-test-throttle.XXXXXX", path[512];
	struct rpt_test t;
	const struct rpt_fill *f;

	if (!CHECK(mkdtemp(dir)))
		return;
	snprintf(path, sizeof(path), "%s/fill.json", dir);
	/* the speed falls at 60 GB, 20 s in: T1 counts up between 20 and 21 s */
	fill_dir(dir, 21, 1000);
	CHECK_EQ_INT(rpt_test_load(path, &t), 0);
	f = &t.jobs[0].fill;
	if (CHECK(t.jobs[0].has_fill)) {
		CHECK(!f->slc_cache_gb.ok);
		CHECK_CONTAINS(f->slc_cache_gb.why, "thermal throttling, not the end of a cache");
		if (CHECK(f->throttle_gb.ok))
			CHECK_NEAR(f->throttle_gb.v, 60, 0.01);
		CHECK_CONTAINS(f->throttle_why, "T1 0->1");
		CHECK_CONTAINS(f->throttle_why, "between the samples at 60.0 and 61.0 GB written");
		CHECK(!f->post_cache_mbps.ok);
		/* temperatures against GB written: 3 GB a second, then 1 */
		if (CHECK(f->ntemp >= 70)) {
			CHECK_NEAR(f->temp[10].gb, 30, 1e-6);	/* KiB/s rounded in the log */
			CHECK_NEAR(f->temp[30].gb, 70, 1e-6);
			CHECK_NEAR(f->temp[30].temp_c, 65, 0);
		}
	}
	CHECK(t.jobs[0].has_smart && t.jobs[0].thermal.throttled);
	CHECK_NEAR(t.jobs[0].thermal.temp_max_c.v, 50 + 80 / 2, 0);
	rpt_test_free(&t);

	/* thermal management 30 s after the fall: the cache ended at 60 GB */
	fill_dir(dir, 50, 1000);
	CHECK_EQ_INT(rpt_test_load(path, &t), 0);
	f = &t.jobs[0].fill;
	if (CHECK(f->slc_cache_gb.ok))
		CHECK_NEAR(f->slc_cache_gb.v, 60, 0.01);
	CHECK(!f->throttle_gb.ok);
	CHECK_CONTAINS(f->throttle_gb.why, "no thermal management in SMART as the speed fell");
	CHECK_NEAR(f->post_cache_mbps.v, 1000, 0.01);
	CHECK(t.jobs[0].thermal.throttled);	/* the job as a whole did */
	rpt_test_free(&t);

	/* critical warning bit 1 (temperature) in the sample right after the fall */
	fill_dir(dir, 1000, 21);
	CHECK_EQ_INT(rpt_test_load(path, &t), 0);
	f = &t.jobs[0].fill;
	CHECK(!f->slc_cache_gb.ok);
	if (CHECK(f->throttle_gb.ok))
		CHECK_NEAR(f->throttle_gb.v, 60, 0.01);
	CHECK_CONTAINS(f->throttle_why, "critical warning 0x02 (temperature)");
	rpt_test_free(&t);

	/* no SMART sidecar: a cache end, and why throttling is not known */
	snprintf(path, sizeof(path), "%s/fill_smart.1.jsonl", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/fill.json", dir);
	CHECK_EQ_INT(rpt_test_load(path, &t), 0);
	f = &t.jobs[0].fill;
	CHECK(f->slc_cache_gb.ok);
	CHECK_CONTAINS(f->throttle_gb.why, "no SMART sidecar");
	CHECK(!t.jobs[0].has_smart);
	rpt_test_free(&t);
	unlink(path);
	snprintf(path, sizeof(path), "%s/fill_bw.1.log", dir);
	unlink(path);
	rmdir(dir);
}

/* SMART lines 1 s apart from unix ms 1000000: data units and media bytes given. */
static void wa_log(struct rpt_smart *s, const double *du, const double *mw, int n)
{
	char *buf = NULL;
	size_t len;
	FILE *f = open_memstream(&buf, &len);
	struct rpt_diag d = { 0 };

	for (int i = 0; i < n; i++) {
		fprintf(f, "{\"version\":2,\"time_us\":%.0f,\"composite_temp_c\":40,"
			"\"data_units_written\":%.0f", (1000000.0 + 1000 * i) * 1000, du[i]);
		if (mw[i] >= 0)
			fprintf(f, ",\"ocp\":{\"physical_media_units_written\":%.0f}", mw[i]);
		fputs("}\n", f);
	}
	fclose(f);
	CHECK_EQ_INT(rpt_smart_read_mem("wa_smart.1.jsonl", buf, len, s, &d), 0);
	CHECK_EQ_INT(d.n, 0);
	rpt_diag_free(&d);
	free(buf);
}

TEST(smart_write_amp)
{
	/* 100 data units by the host, 1.5 times that on the media in 4096 B steps */
	const double du[4] = { 7, 57, 107, 108 };
	const double mw[4] = { 4096, 4096 + 38400000, 4096 + 76800000, 4096 + 78000000 };
	const double no[4] = { -1, -1, -1, -1 };
	const double small_mw[4] = { 1e9, 1e9, 1e9 + 2.0 * (1 << 30), 1e9 + 2.0 * (1 << 30) };
	struct rpt_write_amp w;
	struct rpt_smart s;

	wa_log(&s, du, mw, 4);
	/* window 1000000.5 to 1002000 ms: sample 0 (before it) and 2 (at its end) */
	rpt_smart_write_amp(&s, 1000000.5, 1002000, &w);
	CHECK(w.wa.ok && fabs(w.wa.v - 1.5) < 1e-12);
	CHECK(w.host_bytes == 100 * 512000.0);
	CHECK(w.media_bytes == 76800000);
	CHECK(w.media_step == 1200000);
	/* inside one step of the host's counter: too short, said */
	rpt_smart_write_amp(&s, 1002000.5, 1002999, &w);
	CHECK(!w.wa.ok);
	CHECK_CONTAINS(w.wa.why, "too short for SMART's data units written: 1 units");
	rpt_smart_free(&s);
	/* a media counter of coarse steps (2 GiB): one step is no figure */
	wa_log(&s, du, small_mw, 4);
	rpt_smart_write_amp(&s, 1000000.5, 1002000, &w);
	CHECK(!w.wa.ok);
	CHECK_CONTAINS(w.wa.why, "too short for the media counter: it moved 2147483648 B in "
		       "steps of 2147483648 B");
	rpt_smart_free(&s);
	/* no OCP log */
	wa_log(&s, du, no, 4);
	rpt_smart_write_amp(&s, 1000000.5, 1002000, &w);
	CHECK(!w.wa.ok);
	CHECK_CONTAINS(w.wa.why, "no OCP C0h log");
	rpt_smart_free(&s);
}

int main(void)
{
	RUN(smart_write_amp);
	RUN(smart_samples);
	RUN(smart_samples_v2);
	RUN(throttling_or_cache_end);
	RUN(events_pts_fields);
	RUN(bursts_known);
	RUN(not_a_burst_test);
	RUN(bad_event_lines);
	RUN(long_line);
	RUN(missing_file);
	RUN(device_json);
	return harness_main();
}
