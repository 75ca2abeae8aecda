// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fills from other sources than one job's bw log. A drive filled by several
 * fio jobs at once (numjobs): each job's bw log shows its share of the
 * drive's speed, and the fill figures are the drive's, from the sum of the
 * logs. Synthetic results directories with a known drive (cache, speeds),
 * jobs started a little apart with their own log phases, as one entry per job
 * and as one entry with group_reporting; then the cases that cannot be
 * merged, each with its reason. And rpt_fill_merge() on its own. Then a fill
 * with no bw log in a --status-interval file: the curve from the snapshots.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

#include "fill.h"
#include "reader_json.h"
#include "report.h"
#include "status.h"

#define T0_MS	1795990000000.0	/* unix ms */

/* The drive: 3000 MB/s until 100 GB written in all, 800 MB/s after; 200 GB. */
#define CACHE_B		100e9
#define FAST_BPS	3000e6
#define SLOW_BPS	800e6
#define TOTAL_B		200e9
#define LOG_MS		500.0

static double drive_bytes_at(double s)	/* seconds since the drive's first I/O */
{
	double fall = CACHE_B / FAST_BPS;

	if (s <= 0)
		return 0;
	return s <= fall ? s * FAST_BPS : fmin(CACHE_B + (s - fall) * SLOW_BPS, TOTAL_B);
}

static double drive_seconds(void)
{
	return CACHE_B / FAST_BPS + (TOTAL_B - CACHE_B) / SLOW_BPS;
}

struct layout {
	int jobs;
	int group_reporting;
	int per_job_logs_0;
	int missing;		/* thread whose log is left out, 0 none */
	int status_ms;		/* --status-interval snapshots this far apart, 0 none */
	int no_bw_log;
};

/* One fio JSON document of the run at @stamp (unix ms), @runtime ms in. */
static void write_doc(FILE *f, const struct layout *l, double stamp, double runtime,
		      const double *job_bytes)
{
	int k;

	fprintf(f, "{\"fio version\": \"fio-3.33\", \"timestamp_ms\": %.0f, \"jobs\": [", stamp);
	for (k = 0; k < (l->group_reporting ? 1 : l->jobs); k++) {
		double b = l->group_reporting ? TOTAL_B : job_bytes[k];

		fprintf(f, "%s{\"jobname\": \"fill\", \"groupid\": 0, \"job options\": {"
			"\"rw\": \"write\", \"bs\": \"1M\", \"numjobs\": \"%d\", %s%s%s"
			"\"log_avg_msec\": \"500\", \"log_unix_epoch\": \"1\"},"
			" \"read\": {\"io_bytes\": 0, \"total_ios\": 0, \"runtime\": 0},"
			" \"write\": {\"io_bytes\": %.0f, \"total_ios\": %.0f, \"runtime\": %.0f}}",
			k ? ", " : "", l->jobs,
			l->group_reporting ? "\"group_reporting\": \"1\", " : "",
			l->per_job_logs_0 ? "\"per_job_logs\": \"0\", " : "",
			l->no_bw_log ? "" : "\"write_bw_log\": \"fill\", ",
			b, b / 1048576, runtime);
	}
	fprintf(f, "]}\n");
}

/*
 * Job k (0-based) starts 37 k ms after the first and gets a 1/jobs share of
 * the drive's speed while it runs; fio averages each 500 ms interval of its
 * own, from its own start.
 */
static void write_dir(const char *dir, const struct layout *l)
{
	double job_bytes[8];
	char path[512];
	FILE *f;
	int k;

	for (k = 0; k < l->jobs && !l->no_bw_log; k++) {
		double start = 37.0 * k, t, b0 = 0;

		snprintf(path, sizeof(path), "%s/fill_bw.%d.log", dir, k + 1);
		if (l->missing == k + 1) {
			unlink(path);
			job_bytes[k] = TOTAL_B / l->jobs;
			continue;
		}
		f = fopen(path, "w");
		for (t = start + LOG_MS; t - LOG_MS < drive_seconds() * 1000; t += LOG_MS) {
			double b1 = drive_bytes_at(t / 1000) / l->jobs;
			double bps = (b1 - b0) / (LOG_MS / 1000);

			if (drive_bytes_at(t / 1000) >= TOTAL_B && t - LOG_MS >= drive_seconds() * 1000)
				break;
			fprintf(f, "%.0f, %.0f, 1, 0, 0\n", T0_MS + t, bps / 1024);
			b0 = b1;
		}
		fclose(f);
		job_bytes[k] = b0;
	}
	snprintf(path, sizeof(path), "%s/fill.json", dir);
	f = fopen(path, "w");
	if (l->status_ms) {
		double ts, end = drive_seconds() * 1000;

		/* fio's snapshots: bytes and write runtime so far, cumulative */
		for (ts = l->status_ms; ts < end + l->status_ms; ts += l->status_ms) {
			double at = fmin(ts, end);

			for (k = 0; k < l->jobs; k++)
				job_bytes[k] = drive_bytes_at(at / 1000) / l->jobs;
			write_doc(f, l, T0_MS + at, at, job_bytes);
		}
	}
	for (k = 0; k < l->jobs && l->no_bw_log; k++)
		job_bytes[k] = TOTAL_B / l->jobs;
	write_doc(f, l, T0_MS + drive_seconds() * 1000, drive_seconds() * 1000, job_bytes);
	fclose(f);
}

/* Write the results directory of @l into @dir and load its test. */
static int load(const char *dir, const struct layout *l, struct rpt_test *t)
{
	char path[512];

	write_dir(dir, l);
	snprintf(path, sizeof(path), "%s/fill.json", dir);
	return rpt_test_load(path, t);
}

static void clean_dir(const char *dir, int jobs)
{
	char path[512];
	int k;

	for (k = 0; k < jobs; k++) {
		snprintf(path, sizeof(path), "%s/fill_bw.%d.log", dir, k + 1);
		unlink(path);
	}
	snprintf(path, sizeof(path), "%s/fill.json", dir);
	unlink(path);
	rmdir(dir);
}

static void check_drive(const struct rpt_test *t, int jobs)
{
	const struct rpt_job *j = &t->jobs[0];
	const struct rpt_fill *f = &j->fill;

	CHECK_EQ_INT(t->njobs, 1);
	if (!CHECK(j->has_fill)) {
		printf("  fill: %s\n", j->fill_why);
		return;
	}
	CHECK_EQ_INT(j->njobs, jobs);
	CHECK_NEAR(f->gb_written, TOTAL_B / 1e9, 0.01);
	if (CHECK(f->slc_cache_gb.ok))
		CHECK_NEAR(f->slc_cache_gb.v, CACHE_B / 1e9, 0.02);
	else
		printf("  cache: %s\n", f->slc_cache_gb.why);
	if (CHECK(f->in_cache_mbps.ok))
		CHECK_NEAR(f->in_cache_mbps.v, FAST_BPS / 1e6, 0.02);
	if (CHECK(f->post_cache_mbps.ok))
		CHECK_NEAR(f->post_cache_mbps.v, SLOW_BPS / 1e6, 0.02);
	if (CHECK(f->overall_mbps.ok))
		CHECK_NEAR(f->overall_mbps.v, TOTAL_B / drive_seconds() / 1e6, 0.02);
}

TEST(jobs_one_entry_each)
{
	char dir[] = "/tmp/ssdq-test-numjobs.XXXXXX";
	struct layout l = { .jobs = 4 };
	struct rpt_test t;

	if (!CHECK(mkdtemp(dir)))
		return;
	if (CHECK_EQ_INT(load(dir, &l, &t), 0)) {
		check_drive(&t, 4);
		rpt_test_free(&t);
	}
	/* two jobs, each at half the drive's speed (stale logs 3 and 4 unread) */
	l.jobs = 2;
	if (CHECK_EQ_INT(load(dir, &l, &t), 0)) {
		check_drive(&t, 2);
		rpt_test_free(&t);
	}
	clean_dir(dir, 4);
}

TEST(jobs_group_reporting)
{
	char dir[] = "/tmp/ssdq-test-numjobs.XXXXXX";
	struct layout l = { .jobs = 3, .group_reporting = 1 };
	struct rpt_test t;

	if (!CHECK(mkdtemp(dir)))
		return;
	if (CHECK_EQ_INT(load(dir, &l, &t), 0)) {
		/* one entry reporting three threads */
		check_drive(&t, 1);
		rpt_test_free(&t);
	}
	clean_dir(dir, 3);
}

TEST(jobs_not_mergeable)
{
	char dir[] = "/tmp/ssdq-test-numjobs.XXXXXX";
	struct layout l = { .jobs = 3, .missing = 2 };
	struct rpt_test t;

	if (!CHECK(mkdtemp(dir)))
		return;
	if (CHECK_EQ_INT(load(dir, &l, &t), 0)) {
		CHECK(!t.jobs[0].has_fill);
		CHECK_CONTAINS(t.jobs[0].fill_why, "fill_bw.2.log of thread 2 (one of the 3 writing) is missing");
		rpt_test_free(&t);
	}
	l.missing = 0;
	l.per_job_logs_0 = 1;
	if (CHECK_EQ_INT(load(dir, &l, &t), 0)) {
		CHECK(!t.jobs[0].has_fill);
		CHECK_CONTAINS(t.jobs[0].fill_why, "per_job_logs=0");
		rpt_test_free(&t);
	}
	clean_dir(dir, 3);
}

/* Two curves on one clock: before, between and after their spans. */
TEST(merge_curves)
{
	struct rpt_fill_curve a, b, m, bad, *in[2] = { &a, &b };

	CHECK_EQ_INT(rpt_fill_init(&a, 0), 0);
	CHECK_EQ_INT(rpt_fill_init(&b, 0), 0);
	/* a: 1 GB a second from t = 1000 ms for 10 s; b: 3 GB a second from 5 to 7 s */
	CHECK_EQ_INT(rpt_fill_add(&a, 10e9, 10000), 0);
	a.started = true;
	a.t_first = 1000;
	a.t_last = 11000;
	CHECK_EQ_INT(rpt_fill_add(&b, 6e9, 2000), 0);
	b.started = true;
	b.t_first = 5000;
	b.t_last = 7000;
	CHECK_EQ_INT(rpt_fill_merge(&m, in, 2), 0);
	CHECK_NEAR(m.bytes, 16e9, 1e-12);
	CHECK_NEAR(m.ms, 10000, 1e-12);
	CHECK_NEAR(m.t_first, 1000, 0);
	CHECK_NEAR(rpt_fill_bytes_at(&m, 4000), 4e9, 1e-9);	/* a alone */
	CHECK_NEAR(rpt_fill_bytes_at(&m, 5000), 8e9, 1e-9);	/* both: 4 GB/s */
	CHECK_NEAR(rpt_fill_time_at(&m, 14e9), 8000, 1e-9);	/* a alone again */
	rpt_fill_free(&m);
	/* scales must agree; a curve without samples cannot be merged */
	b.scale = 2;
	CHECK_EQ_INT(rpt_fill_merge(&m, in, 2), -EINVAL);
	b.scale = 1;
	CHECK_EQ_INT(rpt_fill_init(&bad, 0), 0);
	in[1] = &bad;
	CHECK_EQ_INT(rpt_fill_merge(&m, in, 2), -EINVAL);
	CHECK_EQ_INT(rpt_fill_merge(&m, in, 0), -EINVAL);
	rpt_fill_free(&a);
	rpt_fill_free(&b);
	rpt_fill_free(&bad);
}

TEST(status_interval_snapshots)
{
	char dir[] = "/tmp/ssdq-test-status.XXXXXX", path[512];
	struct layout l = { .jobs = 1, .status_ms = 1000, .no_bw_log = 1 };
	struct rpt_test t;
	FILE *f;
	int i;

	if (!CHECK(mkdtemp(dir)))
		return;
	/* one job, a snapshot a second: 3 GB apart in the cache */
	if (CHECK_EQ_INT(load(dir, &l, &t), 0)) {
		check_drive(&t, 1);
		CHECK_CONTAINS(t.jobs[0].fill.source, "--status-interval snapshots about 1000 ms apart");
		CHECK_EQ_INT(t.ndocs, 160);
		rpt_test_free(&t);
	}
	/* two jobs' snapshots summed */
	l.jobs = 2;
	if (CHECK_EQ_INT(load(dir, &l, &t), 0)) {
		check_drive(&t, 2);
		rpt_test_free(&t);
	}
	/* a bw log beside the snapshots wins */
	l.jobs = 1;
	l.no_bw_log = 0;
	if (CHECK_EQ_INT(load(dir, &l, &t), 0)) {
		check_drive(&t, 1);
		CHECK_STREQ(t.jobs[0].fill.source, "");
		rpt_test_free(&t);
	}
	/* too few snapshots, and one document alone: no fill, and why */
	l.no_bw_log = 1;
	l.status_ms = 60000;
	if (CHECK_EQ_INT(load(dir, &l, &t), 0)) {
		CHECK(!t.jobs[0].has_fill);
		CHECK_CONTAINS(t.jobs[0].fill_why, "no bw log (write_bw_log), and 3 --status-interval snapshots with bytes written: too few");
		rpt_test_free(&t);
	}
	l.status_ms = 0;
	if (CHECK_EQ_INT(load(dir, &l, &t), 0)) {
		CHECK(!t.jobs[0].has_fill);
		CHECK_CONTAINS(t.jobs[0].fill_why, "the job has no bw log (write_bw_log)");
		rpt_test_free(&t);
	}
	/* a burst test's snapshots are no fill: its events say bursts */
	snprintf(path, sizeof(path), "%s/fill_events.1.jsonl", dir);
	f = fopen(path, "w");
	if (CHECK(f != NULL)) {
		for (i = 0; i < 3; i++)
			fprintf(f, "{\"time_us\":%.0f,\"event\":\"burst_start\",\"job\":\"fill\"}\n"
				"{\"time_us\":%.0f,\"event\":\"burst_end\",\"job\":\"fill\",\"bytes\":1048576}\n",
				(T0_MS + 1000.0 * i) * 1000, (T0_MS + 1000.0 * i + 10) * 1000);
		fclose(f);
	}
	l.status_ms = 1000;
	if (CHECK_EQ_INT(load(dir, &l, &t), 0)) {
		CHECK(!t.jobs[0].has_fill);
		CHECK_CONTAINS(t.jobs[0].fill_why, "a burst test (3 bursts");
		rpt_test_free(&t);
	}
	unlink(path);
	clean_dir(dir, 2);
}

/* Snapshots whose documents list other jobs cannot make one series. */
TEST(status_mismatch)
{
	static const char text[] =
		"{\"timestamp_ms\": 1000, \"jobs\": [{\"jobname\": \"a\", \"write\": {\"io_bytes\": 1, \"runtime\": 1}}]}\n"
		"{\"timestamp_ms\": 2000, \"jobs\": [{\"jobname\": \"b\", \"write\": {\"io_bytes\": 2, \"runtime\": 2}}]}\n";
	struct rpt_status s = { 0 };
	struct rpt_fill_curve c;
	struct json_object *root;
	struct rpt_diag d = { 0 };
	unsigned int docs;
	size_t idx = 0;
	char why[128];

	CHECK_EQ_INT(rpt_json_parse_each("m.json", text, strlen(text), rpt_status_add, &s,
					 &root, &docs, &d), 0);
	CHECK_EQ_INT(docs, 2);
	CHECK(s.mismatch);
	CHECK_EQ_INT(rpt_status_fill(&s, &idx, 1, 1, &c, why, sizeof(why)), -ENODATA);
	CHECK_CONTAINS(why, "list different jobs");
	json_object_put(root);
	rpt_status_free(&s);
	rpt_diag_free(&d);
}

int main(void)
{
	RUN(status_interval_snapshots);
	RUN(status_mismatch);
	RUN(merge_curves);
	RUN(jobs_one_entry_each);
	RUN(jobs_group_reporting);
	RUN(jobs_not_mergeable);
	return harness_main();
}
