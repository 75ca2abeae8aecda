// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tests built from the logs and sidecars of a plain fio run that wrote no
 * JSON (analysis/read/from_logs.h). Synthetic results directories with known
 * figures:
 * - a fill whose events sidecar has the engine's job_start options and
 *   fio_stats (fio's own counters and latency bins): the figures are fio's,
 *   the fill's from the bw log, power from the power log, the source says
 *   where they came from and how to get fio's JSON, fio's normal output
 *   beside the logs is named;
 * - jobs without fio_stats: bytes, I/Os and runtime from the logs, latency
 *   from a per-I/O log (exact) and from window averages weighted by the
 *   iops log, with the note that such percentiles are not fio's;
 * - two threads of a job (numjobs) after another prefix's thread;
 * - what is not a test: names, a prefix without job_start, bad lines.
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

#include "from_logs.h"
#include "report.h"

#define T0_MS	1795990000000.0	/* unix ms: the job's set-up */

/* The fill's drive: 3000 MB/s until 100 GB written, 800 MB/s after; 200 GB. */
#define CACHE_B		100e9
#define FAST_BPS	3000e6
#define SLOW_BPS	800e6
#define TOTAL_B		200e9
#define LOG_MS		500.0
#define WATTS		5.0

static void put(const char *dir, const char *name, const char *text)
{
	harness_put_file(dir, name, text);
}

static void clean(const char *dir)
{
	struct dirent *de;
	DIR *d = opendir(dir);
	char path[512];

	while (d && (de = readdir(d)))
		if (de->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
			unlink(path);
		}
	if (d)
		closedir(d);
	rmdir(dir);
}

static double fill_seconds(void)
{
	return CACHE_B / FAST_BPS + (TOTAL_B - CACHE_B) / SLOW_BPS;
}

static double fill_bytes_at(double s)
{
	double fall = CACHE_B / FAST_BPS;

	if (s <= 0)
		return 0;
	return s <= fall ? s * FAST_BPS : fmin(CACHE_B + (s - fall) * SLOW_BPS, TOTAL_B);
}

/*
 * The fill's results directory as the engine and fio leave it without
 * --output-format=json: I/O from T0_MS + 100 ms, a bw log every 500 ms, a
 * power log every 100 ms at 5 W; fio_stats with a latency histogram of 900
 * I/Os at 10 ms and 100 at 40 ms when @stats.
 */
static void write_fill(const char *dir, int stats)
{
	double io0 = T0_MS + 100, end = io0 + fill_seconds() * 1000, t, b0 = 0;
	char path[512], line[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/fill_bw.1.log", dir);
	f = fopen(path, "w");
	for (t = io0 + LOG_MS; t <= end; t += LOG_MS) {
		double b1 = fill_bytes_at((t - io0) / 1000);

		fprintf(f, "%.0f, %.0f, 1, 0, 0\n", t, (b1 - b0) / (LOG_MS / 1000) / 1024);
		b0 = b1;
	}
	fclose(f);
	snprintf(path, sizeof(path), "%s/fill_power.1.log", dir);
	f = fopen(path, "w");
	for (t = T0_MS; t <= end + 200; t += 100)
		fprintf(f, "%.0f, %.0f, 0, 0, 0\n", t, WATTS * 1000);
	fclose(f);
	snprintf(path, sizeof(path), "%s/fill_events.1.jsonl", dir);
	f = fopen(path, "w");
	fprintf(f, "{\"time_us\":%.0f,\"event\":\"job_start\",\"job\":\"fill\",\"thread\":1,\"groupid\":0,"
		"\"fio\":\"fio-3.33\",\"global_options\":{\"log_unix_epoch\":\"1\",\"write_bw_log\":\"fill\","
		"\"log_avg_msec\":\"500\"},\"options\":{\"rw\":\"write\",\"bs\":\"1M\",\"iodepth\":\"32\","
		"\"size\":\"100%%\"}}\n", T0_MS * 1000);
	fprintf(f, "{\"time_us\":%.0f,\"event\":\"sampler_start\",\"job\":\"fill\"}\n",
		(io0 - 50) * 1000);
	if (stats) {
		snprintf(line, sizeof(line),
			 "{\"time_us\":%.0f,\"event\":\"fio_stats\",\"job\":\"fill\",\"ddir\":\"write\","
			 "\"job_runtime\":%.0f,\"stats\":{\"io_bytes\":%.0f,\"total_ios\":%.0f,"
			 "\"runtime\":%.0f,\"clat_ns\":{\"min\":9000000,\"max\":41000000,"
			 "\"mean\":13000000,\"N\":1000,\"bins\":{\"10027008\":900,\"40108032\":100}}}}\n",
			 end * 1000, fill_seconds() * 1000, TOTAL_B, TOTAL_B / 1048576,
			 fill_seconds() * 1000);
		fputs(line, f);
	}
	fprintf(f, "{\"time_us\":%.0f,\"event\":\"job_end\",\"job\":\"fill\",\"bytes\":%.0f,\"stop\":\"bytes\"}\n",
		end * 1000, TOTAL_B);
	fclose(f);
}

static int load_first(const char *dir, struct rpt_test *t)
{
	char **paths;
	size_t n, i;
	int ret;

	ret = rpt_logs_find(dir, &paths, &n);
	if (!CHECK_EQ_INT(ret, 0) || !CHECK_EQ_INT((int)n, 1)) {
		for (i = 0; i < n; i++)
			free(paths[i]);
		free(paths);
		memset(t, 0, sizeof(*t));
		return -1;
	}
	ret = rpt_test_load(paths[0], t);
	free(paths[0]);
	free(paths);
	return ret;
}

static int has_note(const struct rpt_job *j, const char *needle)
{
	size_t i;

	for (i = 0; i < j->notes.n; i++)
		if (strstr(j->notes.msg[i], needle))
			return 1;
	return 0;
}

TEST(names)
{
	char p[64];

	CHECK(rpt_logs_events_name("d/fill_events.1.jsonl", p, sizeof(p)));
	CHECK_STREQ(p, "fill");
	CHECK(rpt_logs_events_name("my_events_x_events.12.jsonl", p, sizeof(p)));
	CHECK_STREQ(p, "my_events_x");
	CHECK(rpt_logs_events_name("/a/b/seq_events.jsonl", p, sizeof(p)));
	CHECK_STREQ(p, "seq");
	CHECK(!rpt_logs_events_name("fill_events.1.json", NULL, 0));
	CHECK(!rpt_logs_events_name("fill_events.x.jsonl", NULL, 0));
	CHECK(!rpt_logs_events_name("fill_events.0.jsonl", NULL, 0));
	CHECK(!rpt_logs_events_name("_events.1.jsonl", NULL, 0));
	CHECK(!rpt_logs_events_name("fill_smart.1.jsonl", NULL, 0));
}

/* The flagship: fio_stats give fio's own figures, the logs the fill and power. */
TEST(fill_from_fio_stats)
{
	char dir[] = "/tmp/ssdq-test-fromlogs.XXXXXX";
	const struct rpt_job *j;
	struct rpt_test t;

	if (!CHECK(mkdtemp(dir)))
		return;
	write_fill(dir, 1);
	/* a prefix whose sidecar has no job_start is no test */
	put(dir, "other_events.1.jsonl", "{\"time_us\":1,\"event\":\"sampler_start\",\"job\":\"x\"}\n");
	put(dir, "fio.out", "fio-3.33\nStarting 1 process\n\nfill: (groupid=0, jobs=1): err= 0: pid=1\n"
	    "  write: IOPS=1, BW=1MiB/s (1MB/s)(1MiB/1msec); 0 zone resets\n"
	    "Run status group 0 (all jobs):\n");
	if (!CHECK_EQ_INT(load_first(dir, &t), 0) || !CHECK_EQ_INT((int)t.njobs, 1)) {
		rpt_test_free(&t);
		clean(dir);
		return;
	}
	j = &t.jobs[0];
	CHECK_STREQ(t.name, "fill");
	CHECK_EQ_INT(t.diag.nerrors, 0);
	if (CHECK(t.source)) {
		CHECK_CONTAINS(t.source, "no fio JSON in ");
		CHECK_CONTAINS(t.source, "fio's own counters and latency histogram");
		CHECK_CONTAINS(t.source, "fio.out (fio-3.33) is beside them, not read");
		CHECK_CONTAINS(t.source, "--output-format=json+ --output=fill.json");
		CHECK_CONTAINS(t.source, "not in a job file");
	}
	CHECK_STREQ(j->rw, "write");
	CHECK_NEAR(j->bs.v, 1048576, 1e-9);
	CHECK_NEAR(j->iodepth_set.v, 32, 1e-9);
	/* fio's MB/s: io_bytes over runtime */
	CHECK_NEAR(j->mbps.v, TOTAL_B / fill_seconds() / 1e6, 0.001);
	CHECK_NEAR(j->lat_mean_us.v, 13000, 1e-6);
	/* the 99th percentile from the bins: among the 100 at 40 ms */
	CHECK(j->lat_p99_us.ok && fabs(j->lat_p99_us.v - 40108.032) < 0.01);
	CHECK_STREQ(j->stop, "bytes");
	if (CHECK(j->has_fill) && CHECK(j->fill.slc_cache_gb.ok))
		CHECK_NEAR(j->fill.slc_cache_gb.v, CACHE_B / 1e9, 0.02);
	CHECK(j->writes_ns);
	if (CHECK(j->power_w.ok))
		CHECK_NEAR(j->power_w.v, WATTS, 0.01);
	CHECK(!has_note(j, "no fio_stats"));
	rpt_test_free(&t);
	clean(dir);
}

/* The same fill from an engine before fio_stats: the bytes are job_end's. */
TEST(fill_without_fio_stats)
{
	char dir[] = "/tmp/ssdq-test-fromlogs.XXXXXX";
	const struct rpt_job *j;
	struct rpt_test t;

	if (!CHECK(mkdtemp(dir)))
		return;
	write_fill(dir, 0);
	if (CHECK_EQ_INT(load_first(dir, &t), 0) && CHECK_EQ_INT((int)t.njobs, 1)) {
		j = &t.jobs[0];
		CHECK(has_note(j, "no fio_stats in "));
		CHECK(has_note(j, "the total: job_end's count"));
		CHECK(has_note(j, "no latency: no clat or lat log"));
		CHECK(!j->lat_mean_us.ok);
		/* runtime from the set-up event 50 ms before the I/O: within 0.1 % */
		CHECK_NEAR(j->mbps.v, TOTAL_B / fill_seconds() / 1e6, 0.001);
		CHECK_NEAR(j->iops.v, TOTAL_B / 1048576 / fill_seconds(), 0.001);
		if (CHECK(j->has_fill) && CHECK(j->fill.slc_cache_gb.ok))
			CHECK_NEAR(j->fill.slc_cache_gb.v, CACHE_B / 1e9, 0.02);
	}
	rpt_test_free(&t);
	clean(dir);
}

/*
 * A random read without fio_stats, every I/O logged: 1000 reads of 4 KiB at
 * 1 ms apart, the k-th taking (k + 1) µs.
 */
TEST(per_io_lat_log)
{
	char dir[] = "/tmp/ssdq-test-fromlogs.XXXXXX", path[512];
	const struct rpt_job *j;
	struct rpt_test t;
	FILE *bw, *io, *lat;
	int k;

	if (!CHECK(mkdtemp(dir)))
		return;
	snprintf(path, sizeof(path), "%s/rr_bw.1.log", dir);
	bw = fopen(path, "w");
	snprintf(path, sizeof(path), "%s/rr_iops.1.log", dir);
	io = fopen(path, "w");
	snprintf(path, sizeof(path), "%s/rr_clat.1.log", dir);
	lat = fopen(path, "w");
	for (k = 0; k < 1000; k++) {
		double t_ms = T0_MS + 1 + k;

		fprintf(bw, "%.0f, %d, 0, 4096, 0\n", t_ms, 4000 / (k + 1));
		fprintf(io, "%.0f, 1, 0, 4096, 0\n", t_ms);
		fprintf(lat, "%.0f, %d, 0, 4096, 0\n", t_ms, (k + 1) * 1000);
	}
	fclose(bw);
	fclose(io);
	fclose(lat);
	snprintf(path, sizeof(path), "%s/rr_events.1.jsonl", dir);
	bw = fopen(path, "w");
	fprintf(bw, "{\"time_us\":%.0f,\"event\":\"job_start\",\"job\":\"rr\",\"thread\":1,\"groupid\":0,"
		"\"fio\":\"fio-3.33\",\"global_options\":{},\"options\":{\"rw\":\"randread\",\"bs\":\"4k\","
		"\"write_bw_log\":\"rr\",\"write_iops_log\":\"rr\",\"write_lat_log\":\"rr\","
		"\"log_avg_msec\":\"0\",\"log_unix_epoch\":\"1\"}}\n", T0_MS * 1000);
	fprintf(bw, "not json\n");
	fprintf(bw, "{\"time_us\":%.0f,\"event\":\"job_end\",\"job\":\"rr\",\"bytes\":4096000,\"stop\":\"bytes\"}\n",
		(T0_MS + 1000) * 1000);
	fclose(bw);
	if (CHECK_EQ_INT(load_first(dir, &t), 0) && CHECK_EQ_INT((int)t.njobs, 1)) {
		j = &t.jobs[0];
		/* the bad line is an error naming its place; the rest still counts */
		if (!CHECK_EQ_INT(t.diag.nerrors, 1))
			for (k = 0; k < (int)t.diag.n; k++)
				printf("  %s\n", t.diag.msg[k]);
		if (t.diag.n)
			CHECK_CONTAINS(t.diag.msg[0], "rr_events.1.jsonl:2");
		CHECK_STREQ(j->rw, "randread");
		CHECK_STREQ(j->ddir, "read");
		/* 4096000 bytes from the set-up (T0) to the last sample, 1000 ms */
		CHECK_NEAR(j->mbps.v, 4.096, 0.001);
		CHECK_NEAR(j->iops.v, 1000, 0.001);
		CHECK_NEAR(j->lat_mean_us.v, 500.5, 1e-6);
		CHECK_NEAR(j->lat_p99_us.v, 990, 1e-6);
		CHECK_NEAR(j->lat_p9999_us.v, 1000, 1e-6);
		CHECK(has_note(j, "latency from every I/O in the per-I/O log"));
		CHECK(has_note(j, "I/Os from ") && !has_note(j, "the bytes / bs"));
	}
	rpt_test_free(&t);
	clean(dir);
}

/*
 * Averaged logs (100 ms): 10 windows, the odd ones 100 I/Os at 100 µs, the
 * even ones 300 at 500 µs. Weighted by the iops log the mean is 400 µs
 * (equally it would be 300); p99 is a window average, not fio's.
 */
TEST(averaged_lat_log)
{
	char dir[] = "/tmp/ssdq-test-fromlogs.XXXXXX", path[512];
	const struct rpt_job *j;
	struct rpt_test t;
	FILE *bw, *io, *lat, *ev;
	int k;

	if (!CHECK(mkdtemp(dir)))
		return;
	snprintf(path, sizeof(path), "%s/aw_bw.2.log", dir);
	bw = fopen(path, "w");
	snprintf(path, sizeof(path), "%s/aw_iops.2.log", dir);
	io = fopen(path, "w");
	snprintf(path, sizeof(path), "%s/aw_lat.2.log", dir);
	lat = fopen(path, "w");
	for (k = 0; k < 10; k++) {
		double t_ms = T0_MS + 100 * (k + 1);
		int n = k % 2 ? 300 : 100;

		fprintf(bw, "%.0f, %d, 1, 0, 0\n", t_ms, n * 10 * 4);	/* KiB/s of 4 KiB I/Os */
		fprintf(io, "%.0f, %d, 1, 0, 0\n", t_ms, n * 10);	/* IOPS */
		fprintf(lat, "%.0f, %d, 1, 0, 0\n", t_ms, k % 2 ? 500000 : 100000);
	}
	fclose(bw);
	fclose(io);
	fclose(lat);
	snprintf(path, sizeof(path), "%s/aw_events.2.jsonl", dir);
	ev = fopen(path, "w");
	fprintf(ev, "{\"time_us\":%.0f,\"event\":\"job_start\",\"job\":\"aw\",\"thread\":2,\"groupid\":1,"
		"\"fio\":\"fio-3.33\",\"options\":{\"rw\":\"randwrite\",\"bs\":\"4k\","
		"\"write_bw_log\":\"aw\",\"write_iops_log\":\"aw\",\"write_lat_log\":\"aw\","
		"\"log_avg_msec\":\"100\",\"log_unix_epoch\":\"1\"}}\n", T0_MS * 1000);
	fclose(ev);
	if (CHECK_EQ_INT(load_first(dir, &t), 0) && CHECK_EQ_INT((int)t.njobs, 1)) {
		j = &t.jobs[0];
		CHECK_STREQ(j->lat_kind, "lat");
		CHECK_NEAR(j->lat_mean_us.v, 400, 1e-6);
		CHECK_NEAR(j->lat_p99_us.v, 500, 1e-6);
		CHECK_NEAR(j->iops.v, 2000, 0.001);
		CHECK(has_note(j, "the mean weighs each by its I/Os (the iops log)"));
		CHECK(has_note(j, "not of single I/Os, so they are not fio's figures"));
	}
	rpt_test_free(&t);
	clean(dir);
}

/* numjobs=2 as threads 2 and 3 (thread 1 another prefix's): one row of two. */
TEST(threads)
{
	char dir[] = "/tmp/ssdq-test-fromlogs.XXXXXX", name[64], line[1024];
	const struct rpt_job *j;
	struct rpt_test t;
	int k;

	if (!CHECK(mkdtemp(dir)))
		return;
	for (k = 2; k <= 3; k++) {
		snprintf(name, sizeof(name), "sr_events.%d.jsonl", k);
		snprintf(line, sizeof(line),
			 "{\"time_us\":1,\"event\":\"job_start\",\"job\":\"sr\",\"thread\":%d,\"groupid\":0,"
			 "\"fio\":\"fio-3.33\",\"options\":{\"rw\":\"read\",\"bs\":\"128k\",\"numjobs\":\"2\","
			 "\"group_reporting\":\"\"}}\n"
			 "{\"time_us\":2,\"event\":\"fio_stats\",\"job\":\"sr\",\"ddir\":\"read\",\"job_runtime\":1000,"
			 "\"stats\":{\"io_bytes\":%d,\"total_ios\":1000,\"runtime\":%d}}\n", k,
			 k * 1000000, 500 * k);
		put(dir, name, line);
	}
	put(dir, "x_events.1.jsonl", "{\"time_us\":1,\"event\":\"job_start\",\"job\":\"x\",\"thread\":1}\n");
	{
		char **p;
		size_t n, i;

		/* two tests, by prefix: sr (its first thread's sidecar) and x */
		if (CHECK_EQ_INT(rpt_logs_find(dir, &p, &n), 0) && CHECK_EQ_INT((int)n, 2)) {
			CHECK_CONTAINS(p[0], "/sr_events.2.jsonl");
			CHECK_CONTAINS(p[1], "/x_events.1.jsonl");
			if (CHECK_EQ_INT(rpt_test_load(p[0], &t), 0) && CHECK_EQ_INT((int)t.njobs, 1)) {
				j = &t.jobs[0];
				CHECK_EQ_INT(j->njobs, 2);
				/* the entries keep their threads: sr_events.2 is the row's */
				CHECK(j->has_events);
				/* fio's group rule: 5 MB over the longest runtime, 1.5 s */
				CHECK_NEAR(j->mbps.v, 5.0 / 1.5, 1e-9);
				if (t.source)
					CHECK_CONTAINS(t.source, "the other threads'");
			}
			rpt_test_free(&t);
		}
		for (i = 0; i < n; i++)
			free(p[i]);
		free(p);
	}
	clean(dir);
}

/* A prefix with events but no job_start, given by name: a clear error. */
TEST(no_job_start)
{
	char dir[] = "/tmp/ssdq-test-fromlogs.XXXXXX", path[512];
	struct json_object *root;
	struct rpt_diag d = { 0 };
	char *src;

	if (!CHECK(mkdtemp(dir)))
		return;
	put(dir, "q_events.1.jsonl", "{\"time_us\":1,\"event\":\"sampler_start\",\"job\":\"q\"}\n");
	snprintf(path, sizeof(path), "%s/q_events.1.jsonl", dir);
	CHECK_EQ_INT(rpt_logs_doc(path, &root, &src, &d), -ENOENT);
	CHECK(!root && !src);
	if (CHECK_EQ_INT((int)d.n, 1))
		CHECK_CONTAINS(d.msg[0], "no job_start event in the q_events sidecars");
	rpt_diag_free(&d);
	clean(dir);
}

int main(void)
{
	RUN(names);
	RUN(fill_from_fio_stats);
	RUN(fill_without_fio_stats);
	RUN(per_io_lat_log);
	RUN(averaged_lat_log);
	RUN(threads);
	RUN(no_job_start);
	return harness_main();
}
