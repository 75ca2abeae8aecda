// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdq-report's figures for the real fio 3.33 runs in test/fixtures/fio-3.33
 * and the bad inputs in test/fixtures/malformed. The expected values were
 * computed from the fixture files with the Python snippet in
 * test/fixtures/fio-3.33/README.md (an independent implementation: sums of
 * io_bytes over the longest runtime, bins merged by key, fio's percentile
 * rule); the power figures follow from how the synthetic sidecar was made.
 * Run from the top of the tree, or set SSDQ_FIXTURES to the fixtures folder.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag_check.h"
#include "harness.h"

#include "report.h"

static char dir[512];

#define CHECK_FIG(fig, want)						\
	harness_check((fig).ok && harness_near((fig).v, (want), 1e-6), __FILE__,	\
		      __LINE__, "CHECK_FIG(%s, %s): %s%.6f (%s) vs %.6f",	\
		      #fig, #want, (fig).ok ? "" : "null ", (fig).v,	\
		      (fig).why, (double)(want))

static int load(const char *sub, const char *name, struct rpt_test *t)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/%s/%s", dir, sub, name);
	return rpt_test_load(path, t);
}

TEST(two_jobs_merged_bins)
{
	struct rpt_test t;
	struct rpt_job *j;

	CHECK_EQ_INT(load("fio-3.33", "randread-2jobs.json", &t), 0);
	CHECK_EQ_INT(t.diag.nerrors, 0);
	if (!CHECK_EQ_INT(t.njobs, 1))
		goto out;
	j = &t.jobs[0];
	CHECK_STREQ(j->name, "randread");
	CHECK_STREQ(j->rw, "randread");
	CHECK_FIG(j->bs, 4096);
	/* psync with iodepth=4: fio runs it at 1 (iodepth_level 1=100%) */
	CHECK_FIG(j->iodepth_set, 4);
	CHECK_FIG(j->iodepth, 1);
	CHECK(has_msg(&j->notes, "fio ran at queue depth 1, not the set iodepth=4"));
	CHECK_STREQ(j->ddir, "read");
	CHECK_EQ_INT(j->njobs, 2);
	CHECK_FIG(j->mbps, 9009.073191);
	CHECK_FIG(j->iops, 2199480.759620);
	CHECK_STREQ(j->lat_kind, "lat");
	CHECK_FIG(j->lat_mean_us, 0.763700);
	CHECK_FIG(j->lat_p99_us, 3.248);
	CHECK_FIG(j->lat_p9999_us, 72.192);
	CHECK_EQ_U64(j->lat_samples, 4401161);
	CHECK(!j->power_w.ok && strstr(j->power_w.why, "no power log"));
	CHECK(!j->has_fill && strstr(j->fill_why, "not a sequential write"));
out:
	rpt_test_free(&t);
}

TEST(seq_fill_with_power)
{
	struct rpt_test t;
	struct rpt_job *j;

	CHECK_EQ_INT(load("fio-3.33", "seqfill.json", &t), 0);
	if (!CHECK_EQ_INT(t.njobs, 1))
		goto out;
	j = &t.jobs[0];
	CHECK_FIG(j->mbps, 2096.802533);
	CHECK_FIG(j->lat_p9999_us, 101.888);
	CHECK_STREQ(j->lat_kind, "clat");
	/* 12000 samples: the p99.99 warning */
	CHECK(has_msg(&j->notes, "p99.99 latency from 12000 samples"));
	/* sidecar: 6000 mW over the 5500 ms window, one 100 ms sample of 9000 */
	CHECK_FIG(j->power_w, (54 * 6.0 + 9.0) / 55);
	CHECK_FIG(j->energy_j, (54 * 6.0 + 9.0) / 55 * 5.5);
	CHECK_FIG(j->peak_power_w, 9.0);
	CHECK_FIG(j->mbps_per_w, 2096.802533 / ((54 * 6.0 + 9.0) / 55));
	if (CHECK(j->has_fill)) {
		CHECK(harness_near(j->fill.gb_written, 11.540631601152, 1e-9));
		CHECK_FIG(j->fill.overall_mbps, 2098.296654754909);
		CHECK(!j->fill.slc_cache_gb.ok);
		CHECK(!j->fill.last16_mbps.ok);
		CHECK_EQ_INT(j->fill.nsegments, 11);
	}
out:
	rpt_test_free(&t);
}

TEST(client_server)
{
	struct rpt_test t;
	struct rpt_job *j;

	CHECK_EQ_INT(load("fio-3.33", "client-read.json", &t), 0);
	if (!CHECK_EQ_INT(t.njobs, 1))
		goto out;
	j = &t.jobs[0];
	CHECK_EQ_INT(j->njobs, 2);
	CHECK_FIG(j->bs, 131072);
	CHECK_FIG(j->mbps, 2092786.339502);
	CHECK_FIG(j->iops, 15966692.653673);
	CHECK_FIG(j->lat_p9999_us, 2.800);
	CHECK(!j->power_w.ok && strstr(j->power_w.why, "client/server"));
out:
	rpt_test_free(&t);
}

TEST(status_interval_last_document)
{
	struct rpt_test t;

	CHECK_EQ_INT(load("fio-3.33", "status-interval.json", &t), 0);
	CHECK_EQ_INT(t.ndocs, 4);
	if (CHECK_EQ_INT(t.njobs, 1)) {
		CHECK_FIG(t.jobs[0].mbps, 23248.981987);
		CHECK_FIG(t.jobs[0].lat_p9999_us, 2.928);
	}
	rpt_test_free(&t);
}

/* A real sequential write with no bw log: the fill from its snapshots. */
TEST(status_interval_fill)
{
	struct rpt_test t;
	const struct rpt_fill *f;

	CHECK_EQ_INT(load("fio-3.33", "seqwrite-status.json", &t), 0);
	CHECK_EQ_INT(t.ndocs, 6);
	if (!CHECK_EQ_INT(t.njobs, 1) || !CHECK(t.jobs[0].has_fill))
		goto out;
	f = &t.jobs[0].fill;
	CHECK_CONTAINS(f->source, "6 --status-interval snapshots about 1000 ms apart");
	/* the last document's io_bytes, and fio's own rate */
	CHECK(fabs(f->gb_written - 5.243928576) < 1e-6);
	CHECK(f->overall_mbps.ok && fabs(f->overall_mbps.v - 1048.576) < 0.01 * 1048.576);
	CHECK(!f->slc_cache_gb.ok);
	CHECK_CONTAINS(f->slc_cache_gb.why, "the speed never fell for good");
out:
	rpt_test_free(&t);
}

/*
 * log_compression: fio's per-I/O log is whole and read; with log_avg_msec
 * fio 3.33 writes one I/O's speed per interval, refused with the reason.
 */
TEST(log_compression)
{
	struct rpt_test t;

	CHECK_EQ_INT(load("fio-3.33", "seqwrite-gz.json", &t), 0);
	if (CHECK_EQ_INT(t.njobs, 1) && CHECK(t.jobs[0].has_fill))
		CHECK(fabs(t.jobs[0].fill.gb_written - 0.2097152) < 1e-9);
	rpt_test_free(&t);
	CHECK_EQ_INT(load("fio-3.33", "seqwrite-gzavg.json", &t), 0);
	if (CHECK_EQ_INT(t.njobs, 1)) {
		CHECK(!t.jobs[0].has_fill);
		CHECK_CONTAINS(t.jobs[0].fill_why, "log_compression with log_avg_msec");
		CHECK(!t.jobs[0].power_w.ok);
	}
	rpt_test_free(&t);
}

TEST(plain_json_percentiles)
{
	struct rpt_test t;

	CHECK_EQ_INT(load("fio-3.33", "seqwrite-psync.json", &t), 0);
	if (CHECK_EQ_INT(t.njobs, 1)) {
		CHECK_FIG(t.jobs[0].lat_p99_us, 301.056);
		CHECK_FIG(t.jobs[0].lat_p9999_us, 610.304);
		CHECK_FIG(t.jobs[0].bs, 131072);
		CHECK(t.jobs[0].has_fill);
	}
	rpt_test_free(&t);

	CHECK_EQ_INT(load("fio-3.33", "randwrite-noperc.json", &t), 0);
	if (CHECK_EQ_INT(t.njobs, 1)) {
		CHECK(t.jobs[0].lat_mean_us.ok);
		CHECK(!t.jobs[0].lat_p99_us.ok);
		CHECK_CONTAINS(t.jobs[0].lat_p99_us.why, "no json+ bins");
	}
	rpt_test_free(&t);
}

TEST(malformed_inputs)
{
	static const struct {
		const char *file;
		const char *msg;
	} bad[] = {
		{ "truncated.json", "truncated.json:209: truncated JSON document" },
		{ "wrong-types.json", "jobs[0].write.io_bytes: expected a number, got string" },
		{ "wrong-types.json", "clat_ns.bins.\"12x\": expected a latency" },
		{ "huge-numbers.json", "jobs[0].write.total_ios: number out of range" },
		{ "huge-numbers.json", "huge-numbers_bw.1.log:1: more than 200 TB written" },
		{ "empty-log.json", "empty-log_bw.1.log:1: empty log" },
		{ "garbage-log.json", "garbage-log_bw.1.log:5: field 3 (ddir): expected a number" },
		{ "not-fio.json", "neither \"jobs\" nor \"client_stats\"" },
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct rpt_test t;

		load("malformed", bad[i].file, &t);
		CHECK(t.diag.nerrors > 0);
		CHECK(has_msg(&t.diag, bad[i].msg));
		rpt_test_free(&t);
	}
}

int main(void)
{
	const char *env = getenv("SSDQ_FIXTURES");

	snprintf(dir, sizeof(dir), "%s", env ? env : "test/fixtures");
	if (access(dir, R_OK))
		SKIP("no fixtures at %s (run from the top of the tree or set SSDQ_FIXTURES)",
		     dir);
	RUN(two_jobs_merged_bins);
	RUN(seq_fill_with_power);
	RUN(client_server);
	RUN(status_interval_last_document);
	RUN(status_interval_fill);
	RUN(log_compression);
	RUN(plain_json_percentiles);
	RUN(malformed_inputs);
	return harness_main();
}
