// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio's JSON as every release writes it, through rpt_test_load() on small
 * files written here in each release's shape (taken from the corpus's real
 * files): fio 2.x's io_bytes in KiB and latencies in µs, means without N,
 * percentile maps with repeated keys, json+ bins keyed in µs or by bucket
 * index, unified reporting, client/server with "All clients" only or with
 * the clients; the rows per data direction and per disk; threads and
 * depth; a run fio cut short; the plausibility warnings; what an input that
 * is not JSON is; the figures' digits.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag_check.h"
#include "harness.h"

#include "figure.h"
#include "fio_version.h"
#include "input_kind.h"
#include "report.h"

static char dir[] = "/tmp/ssdq-test-versions.XXXXXX";
static const char *made[32];
static size_t nmade;

/* Write @text to @name in the test directory and load it as a test. */
static int load_text(const char *name, const char *text, struct rpt_test *t)
{
	char path[256];
	FILE *f;

	if (nmade < 32)
		made[nmade++] = name;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		return -errno;
	fputs(text, f);
	fclose(f);
	return rpt_test_load(path, t);
}

#define CHECK_FIG(f, want)						\
	do {								\
		if (CHECK((f).ok))					\
			CHECK_NEAR((f).v, (want), 1e-9);		\
	} while (0)

TEST(version_parse)
{
	struct rpt_fio_version v;

	CHECK_EQ_INT(rpt_fio_version_parse("fio-3.33", &v), 0);
	CHECK(v.known && v.major == 3 && v.minor == 33 && v.patch == 0);
	CHECK_EQ_INT(rpt_fio_version_parse("fio-2.18-59-g618e", &v), 0);
	CHECK(v.major == 2 && v.minor == 18);
	CHECK(rpt_fio_before(&v, 2, 21) && rpt_fio_before(&v, 3, 0) && !rpt_fio_before(&v, 2, 18));
	CHECK_EQ_INT(rpt_fio_version_parse("fio-2.2.10", &v), 0);
	CHECK(v.minor == 2 && v.patch == 10 && rpt_fio_before(&v, 2, 21));
	CHECK_EQ_INT(rpt_fio_version_parse("fio-3.14-6-g97134", &v), 0);
	CHECK(!rpt_fio_before(&v, 2, 21) && rpt_fio_before(&v, 3, 18));
	CHECK_EQ_INT(rpt_fio_version_parse("fio-3.35-dirty", &v), 0);
	CHECK_EQ_INT(rpt_fio_version_parse("fio 3.33", &v), -EINVAL);
	CHECK(!v.known && !rpt_fio_before(&v, 9, 0));
	CHECK_EQ_INT(rpt_fio_version_parse("fio-3.x", &v), -EINVAL);
	CHECK_EQ_INT(rpt_fio_version_parse(NULL, &v), -EINVAL);
}

/* fio 3.36 prints log_unix_epoch=1 as log_alternate_epoch=1 */
TEST(unix_epoch_option)
{
	CHECK(rpt_fio_unix_epoch("1", NULL, NULL));
	CHECK(!rpt_fio_unix_epoch("0", NULL, NULL));
	CHECK(!rpt_fio_unix_epoch(NULL, NULL, NULL));
	CHECK(rpt_fio_unix_epoch(NULL, "1", NULL));
	CHECK(rpt_fio_unix_epoch(NULL, "1", "0"));
	/* CLOCK_MONOTONIC (1): not Unix time */
	CHECK(!rpt_fio_unix_epoch(NULL, "1", "1"));
	CHECK(!rpt_fio_unix_epoch(NULL, "0", NULL));
	/* a bare option, as fio prints it */
	CHECK(rpt_fio_unix_epoch("", NULL, NULL));
	CHECK(rpt_fio_unix_epoch(NULL, "", NULL));
}

/* fio 2.18, as the corpus's fioplot-fio218-md127/randread-32-01.json */
static const char fio218[] =
	"{\"fio version\": \"fio-2.18-59-g618e\",\n"
	" \"jobs\": [{\"jobname\": \"random-io\", \"groupid\": 0,\n"
	"  \"job options\": {\"rw\": \"randread\", \"bs\": \"4k\", \"iodepth\": \"32\", \"ioengine\": \"libaio\"},\n"
	"  \"read\": {\"io_bytes\": 16716, \"bw\": 1647, \"iops\": 411.805282, \"runtime\": 10148,\n"
	"   \"total_ios\": 4179,\n"
	"   \"clat\": {\"min\": 4288, \"max\": 1034710, \"mean\": 77649.019622, \"stddev\": 95015.5,\n"
	"    \"percentile\": {\"1.000000\": 7904, \"99.000000\": 505856, \"99.990000\": 1036288,\n"
	"     \"0.00\": 0, \"0.00\": 0, \"0.00\": 0}},\n"
	"   \"lat\": {\"min\": 4302, \"max\": 1034724, \"mean\": 77662.982292, \"stddev\": 95015.48}},\n"
	"  \"write\": {\"io_bytes\": 0, \"bw\": 0, \"iops\": 0, \"runtime\": 0, \"total_ios\": 0,\n"
	"   \"clat\": {\"min\": 0, \"max\": 0, \"mean\": 0, \"stddev\": 0, \"percentile\": {\"0.00\": 0}}},\n"
	"  \"iodepth_level\": {\"1\": 0.1, \"2\": 0.1, \"4\": 0.1, \"8\": 0.19, \"16\": 0.38, \"32\": 99.26, \">=64\": 0.0}}]}\n";

TEST(fio2_units)
{
	struct rpt_test t;
	struct rpt_job *j;

	CHECK_EQ_INT(load_text("fio218.json", fio218, &t), 0);
	CHECK_EQ_INT(t.diag.nerrors, 0);
	if (CHECK_EQ_INT(t.njobs, 1)) {
		j = &t.jobs[0];
		/* io_bytes in KiB: 16716 KiB / 10148 ms; fio printed bw 1647 KiB/s */
		CHECK_FIG(j->mbps, 16716 * 1024.0 / 10148 / 1000);
		CHECK(floor(j->mbps.v * 1e6 / 1024) == 1647);
		CHECK_FIG(j->iops, 4179 / 10.148);
		/* clat in µs, the repeated "0.00" keys no matter */
		CHECK_STREQ(j->lat_kind, "clat");
		CHECK_FIG(j->lat_mean_us, 77649.019622);
		CHECK_FIG(j->lat_p99_us, 505856);
		CHECK_FIG(j->lat_p9999_us, 1036288);
		CHECK_STREQ(j->ddir, "read");
		CHECK_FIG(j->iodepth, 32);
	}
	rpt_test_free(&t);
}

/*
 * fio 2.0 and 2.1: no total_ios (nor "job options"); io_bytes in KiB,
 * latencies in µs with fio's percentiles. 10 000 I/Os of 4 KiB in 10 s.
 */
static const char fio20[] =
	"{\"fio version\": \"fio-2.0.13\",\n"
	" \"jobs\": [{\"jobname\": \"rr\", \"groupid\": 0, \"error\": 0,\n"
	"  \"read\": {\"io_bytes\": 40000, \"bw\": 4000, \"iops\": 1000.0, \"runtime\": 10000,\n"
	"   \"slat\": {\"min\": 1, \"max\": 9, \"mean\": 2.5, \"stdev\": 1.0},\n"
	"   \"clat\": {\"min\": 100, \"max\": 5000, \"mean\": 950.5, \"stdev\": 200.0,\n"
	"    \"percentile\": {\"1.000000\": 300, \"99.000000\": 1800, \"99.990000\": 4800}},\n"
	"   \"lat\": {\"min\": 101, \"max\": 5001, \"mean\": 953.0, \"stdev\": 200.0}},\n"
	"  \"write\": {\"io_bytes\": 0, \"bw\": 0, \"iops\": 0, \"runtime\": 0,\n"
	"   \"clat\": {\"min\": 0, \"max\": 0, \"mean\": 0, \"stdev\": 0}}}]}\n";

TEST(fio20_without_total_ios)
{
	struct rpt_test t;
	struct rpt_job *j;

	CHECK_EQ_INT(load_text("fio20.json", fio20, &t), 0);
	CHECK_EQ_INT(t.diag.nerrors, 0);
	if (CHECK_EQ_INT(t.njobs, 1)) {
		j = &t.jobs[0];
		CHECK_STREQ(j->ddir, "read");
		CHECK_FIG(j->mbps, 40000 * 1024.0 / 10000 / 1000);
		/* fio's own iops, not 0 */
		CHECK_FIG(j->iops, 1000);
		CHECK_STREQ(j->lat_kind, "clat");
		CHECK_FIG(j->lat_mean_us, 950.5);
		CHECK_FIG(j->lat_p99_us, 1800);
		CHECK_FIG(j->lat_p9999_us, 4800);
		CHECK(!strstr(j->lat_mean_us.why, "no I/O"));
	}
	rpt_test_free(&t);
}

/* fio 3.14: clat_ns with no N; two jobs in a group; percentile keys "99.00" */
static const char fio314[] =
	"{\"fio version\": \"fio-3.14\", \"jobs\": [\n"
	" {\"jobname\": \"a\", \"groupid\": 0, \"job options\": {\"rw\": \"randwrite\", \"iodepth\": \"4\"},\n"
	"  \"write\": {\"io_bytes\": 4096000, \"io_kbytes\": 4000, \"runtime\": 1000, \"total_ios\": 1000,\n"
	"   \"clat_ns\": {\"mean\": 10000.0, \"percentile\": {\"99.00\": 20000}}},\n"
	"  \"iodepth_level\": {\"1\": 1.0, \"2\": 1.0, \"4\": 98.0}},\n"
	" {\"jobname\": \"b\", \"groupid\": 0, \"job options\": {\"rw\": \"randwrite\", \"iodepth\": \"4\"},\n"
	"  \"write\": {\"io_bytes\": 12288000, \"io_kbytes\": 12000, \"runtime\": 2000, \"total_ios\": 3000,\n"
	"   \"clat_ns\": {\"mean\": 30000.0, \"percentile\": {\"99.00\": 50000}}},\n"
	"  \"iodepth_level\": {\"1\": 1.0, \"2\": 1.0, \"4\": 98.0}}]}\n";

TEST(means_without_n)
{
	struct rpt_test t;
	struct rpt_job *j;

	CHECK_EQ_INT(load_text("fio314.json", fio314, &t), 0);
	if (CHECK_EQ_INT(t.njobs, 1)) {
		j = &t.jobs[0];
		/* fio's group rule: all bytes over the longest runtime */
		CHECK_FIG(j->mbps, (4096000 + 12288000) / 2000.0 / 1000);
		/* weighted by total_ios: (1000 x 10 + 3000 x 30) / 4000 µs */
		CHECK_FIG(j->lat_mean_us, 25);
		CHECK(has_msg(&j->notes, "weighted by their total_ios: fio before 3.18 writes no sample count N"));
		CHECK(!j->lat_p99_us.ok);
		CHECK_CONTAINS(j->lat_p99_us.why, "cannot be merged");
		CHECK_FIG(j->iodepth, 4);
	}
	rpt_test_free(&t);
}

/* json+ bins: fio 2.2x keyed by µs; fio 2.x before 2.20 by bucket index */
static const char bins_us[] =
	"{\"fio version\": \"fio-2.21\", \"jobs\": [\n"
	" {\"jobname\": \"a\", \"groupid\": 0, \"job options\": {\"rw\": \"randread\"},\n"
	"  \"read\": {\"io_bytes\": 409600, \"runtime\": 1000, \"total_ios\": 100,\n"
	"   \"clat\": {\"mean\": 12.0, \"percentile\": {\"99.000000\": 90, \"99.990000\": 100},\n"
	"    \"bins\": {\"10\": 98, \"90\": 1, \"100\": 1}}}},\n"
	" {\"jobname\": \"b\", \"groupid\": 1, \"job options\": {\"rw\": \"randread\"},\n"
	"  \"read\": {\"io_bytes\": 409600, \"runtime\": 1000, \"total_ios\": 100,\n"
	"   \"clat\": {\"mean\": 12.0, \"percentile\": {\"99.000000\": 90, \"99.990000\": 100},\n"
	"    \"bins\": {\"FIO_IO_U_PLAT_BITS\": 6, \"FIO_IO_U_PLAT_VAL\": 64, \"FIO_IO_U_PLAT_NR\": 1216,\n"
	"     \"10\": 98, \"90\": 2}}}}]}\n";

TEST(json_plus_bins_by_release)
{
	struct rpt_test t;

	CHECK_EQ_INT(load_text("bins.json", bins_us, &t), 0);
	CHECK_EQ_INT(t.diag.nerrors, 0);
	if (CHECK_EQ_INT(t.njobs, 2)) {
		/* bins in µs: the 99th sample is at 90 µs, the 100th at 100 µs */
		CHECK_EQ_U64(t.jobs[0].lat_samples, 100);
		CHECK_FIG(t.jobs[0].lat_p99_us, 90);
		CHECK_FIG(t.jobs[0].lat_p9999_us, 100);
		/* bucket indices are not used: fio's own percentiles of the one job */
		CHECK_FIG(t.jobs[1].lat_p99_us, 90);
		CHECK_FIG(t.jobs[1].lat_p9999_us, 100);
		CHECK_FIG(t.jobs[1].mbps, 0.4096);	/* 2.21: bytes */
	}
	rpt_test_free(&t);
}

/* fio 2.6 client/server, "All clients" only, unified_rw_reporting (the corpus's go-tool file) */
static const char all_only[] =
	"{\"fio version\": \"fio-2.6\", \"global options\": {\"unified_rw_reporting\": \"1\"},\n"
	" \"client_stats\": [{\"jobname\": \"All clients\", \"groupid\": 0, \"error\": 0,\n"
	"  \"mixed\": {\"io_bytes\": 2021176, \"bw\": 16653, \"iops\": 2252.49, \"runtime\": 121363,\n"
	"   \"total_ios\": 273369, \"lat\": {\"min\": 431, \"max\": 3781314, \"mean\": 1782.92}},\n"
	"  \"hostname\": \"func12-loader2\", \"port\": 8765}]}\n";

TEST(all_clients_only_mixed)
{
	struct rpt_test t;
	struct rpt_job *j;

	CHECK_EQ_INT(load_text("allonly.json", all_only, &t), 0);
	CHECK_EQ_INT(t.diag.nerrors, 0);
	if (CHECK_EQ_INT(t.njobs, 1)) {
		j = &t.jobs[0];
		CHECK_STREQ(j->name, "All clients");
		CHECK_STREQ(j->ddir, "mixed");
		CHECK_STREQ(j->rw, "unknown");
		CHECK(!j->bs.ok && strstr(j->bs.why, "carries no job options"));
		CHECK(!j->iodepth.ok);
		CHECK_FIG(j->mbps, 2021176 * 1024.0 / 121363 / 1000);
		CHECK(floor(j->mbps.v * 1e6 / 1024) == 16653);
		CHECK_FIG(j->iops, 273369 / 121.363);
		CHECK_STREQ(j->lat_kind, "lat");
		CHECK_FIG(j->lat_mean_us, 1782.92);
		CHECK(!j->lat_p99_us.ok && strstr(j->lat_p99_us.why, "mixed.lat has no 99 percentile"));
	}
	rpt_test_free(&t);
}

/* two clients without bins and fio's "All clients" with its own merge (fio 3.43) */
static const char clients[] =
	"{\"fio version\": \"fio-3.43\", \"client_stats\": [\n"
	" {\"jobname\": \"test\", \"groupid\": 0, \"job options\": {\"rw\": \"randread\"},\n"
	"  \"read\": {\"io_bytes\": 4000, \"runtime\": 1000, \"total_ios\": 1000,\n"
	"   \"clat_ns\": {\"mean\": 800, \"N\": 1000, \"percentile\": {\"99.000000\": 2008, \"99.990000\": 23936}}}},\n"
	" {\"jobname\": \"test\", \"groupid\": 0, \"job options\": {\"rw\": \"randread\"},\n"
	"  \"read\": {\"io_bytes\": 4000, \"runtime\": 1000, \"total_ios\": 1000,\n"
	"   \"clat_ns\": {\"mean\": 796, \"N\": 1000, \"percentile\": {\"99.000000\": 2008, \"99.990000\": 22912}}}},\n"
	" {\"jobname\": \"All clients\", \"groupid\": 0,\n"
	"  \"read\": {\"io_bytes\": 8000, \"runtime\": 1000, \"total_ios\": 2000,\n"
	"   \"clat_ns\": {\"mean\": 798, \"N\": 2000, \"percentile\": {\"99.000000\": 2008, \"99.990000\": 22912}}}}]}\n";

/*
 * Two clients against one Ceph pool and image (ioengine=rbd), and two
 * against their own disks (psync): fio's "All clients" total is a drive of
 * its own only where the clients share the target.
 */
static const char ceph_fmt[] =
	"{\"fio version\": \"fio-3.33\",\n"
	" \"global options\": [{\"hostname\": \"c1\", \"ioengine\": \"%s\", \"pool\": \"rbd\", \"rbdname\": \"img\"},\n"
	"                      {\"hostname\": \"c2\", \"ioengine\": \"%s\", \"pool\": \"rbd\", \"rbdname\": \"img\"}],\n"
	" \"client_stats\": [\n"
	" {\"jobname\": \"w\", \"groupid\": 0, \"hostname\": \"c1\", \"job options\": {\"rw\": \"randwrite\"},\n"
	"  \"write\": {\"io_bytes\": 4096000, \"runtime\": 1000, \"total_ios\": 1000,\n"
	"   \"clat_ns\": {\"mean\": 1000, \"N\": 1000, \"percentile\": {\"99.000000\": 2000, \"99.990000\": 3000}}}},\n"
	" {\"jobname\": \"w\", \"groupid\": 0, \"hostname\": \"c2\", \"job options\": {\"rw\": \"randwrite\"},\n"
	"  \"write\": {\"io_bytes\": 8192000, \"runtime\": 1000, \"total_ios\": 2000,\n"
	"   \"clat_ns\": {\"mean\": 3000, \"N\": 2000, \"percentile\": {\"99.000000\": 4000, \"99.990000\": 5000}}}},\n"
	" {\"jobname\": \"All clients\", \"groupid\": 0, \"hostname\": \"c2\",\n"
	"  \"write\": {\"io_bytes\": 12288000, \"runtime\": 1000, \"total_ios\": 3000,\n"
	"   \"clat_ns\": {\"mean\": 2333.3, \"N\": 3000, \"percentile\": {\"99.000000\": 3900, \"99.990000\": 5000}}}}]}\n";

static void load_clients(const char *engine, const char *name, struct rpt_report *r)
{
	char text[4096], path[256];
	char *paths[1] = { path };

	snprintf(text, sizeof(text), ceph_fmt, engine, engine);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (nmade < 32)
		made[nmade++] = name;
	{
		FILE *f = fopen(path, "w");

		if (f) {
			fputs(text, f);
			fclose(f);
		}
	}
	CHECK_EQ_INT(rpt_report_load(paths, 1, r), 0);
}

TEST(all_clients_shared_target)
{
	struct rpt_report r;
	size_t d, all = 0, hosts = 0;

	load_clients("rbd", "ceph.json", &r);
	CHECK_EQ_INT(r.nd, 3);
	for (d = 0; d < r.nd; d++) {
		const struct rpt_test *t = &r.t[r.d[d].test[0]];

		if (strstr(r.d[d].name, "(all 2 clients)")) {
			all++;
			CHECK(r.d[d].host == NULL);
			CHECK(has_msg(&t->diag, "\"All clients\" total of 2 clients (c1, c2)"));
			CHECK(has_msg(&t->diag, "ioengine=rbd, pool=rbd, rbdname=img"));
			if (CHECK_EQ_INT(t->njobs, 1)) {
				/* fio's own total: 3000 I/Os and 12.288 MB in 1 s */
				CHECK_FIG(t->jobs[0].iops, 3000);
				CHECK_FIG(t->jobs[0].mbps, 12.288);
				CHECK_FIG(t->jobs[0].lat_p99_us, 3.9);
			}
		} else if (r.d[d].host) {
			hosts++;
			if (CHECK_EQ_INT(t->njobs, 1))
				CHECK_FIG(t->jobs[0].iops, !strcmp(r.d[d].host, "c1") ? 1000 : 2000);
		}
	}
	CHECK_EQ_INT(all, 1);
	CHECK_EQ_INT(hosts, 2);
	rpt_report_free(&r);

	/* each client its own disk: the clients only, no total */
	load_clients("psync", "own.json", &r);
	CHECK_EQ_INT(r.nd, 2);
	for (d = 0; d < r.nd; d++) {
		CHECK(r.d[d].host != NULL && !strstr(r.d[d].name, "all"));
		/* and the report says why there is no total */
		CHECK(has_msg(&r.t[r.d[d].test[0]].diag, "no total of the clients"));
		CHECK(has_msg(&r.t[r.d[d].test[0]].diag, "ioengine=psync: each client tests its own"));
	}
	rpt_report_free(&r);
}

TEST(all_clients_merged_percentiles)
{
	struct rpt_test t;
	struct rpt_job *j;

	CHECK_EQ_INT(load_text("clients.json", clients, &t), 0);
	if (CHECK_EQ_INT(t.njobs, 1)) {
		j = &t.jobs[0];
		CHECK_EQ_INT(j->njobs, 2);
		CHECK_FIG(j->mbps, 0.008);
		CHECK_FIG(j->lat_mean_us, 0.798);
		CHECK_FIG(j->lat_p99_us, 2.008);
		CHECK_FIG(j->lat_p9999_us, 22.912);	/* fio's merge, not a client's */
		CHECK(!j->power_w.ok && strstr(j->power_w.why, "client/server"));
	}
	rpt_test_free(&t);
}

/* one job with reads and writes; a writer and a reader in one group */
static const char mixed_dirs[] =
	"{\"fio version\": \"fio-3.33\", \"jobs\": [\n"
	" {\"jobname\": \"rw\", \"groupid\": 0, \"job options\": {\"rw\": \"randrw\", \"bs\": \"4k,64k\"},\n"
	"  \"read\": {\"io_bytes\": 40960, \"runtime\": 1000, \"total_ios\": 10,\n"
	"   \"clat_ns\": {\"mean\": 1000, \"N\": 10, \"bins\": {\"1000\": 10}}},\n"
	"  \"write\": {\"io_bytes\": 655360, \"runtime\": 500, \"total_ios\": 10,\n"
	"   \"clat_ns\": {\"mean\": 9000, \"N\": 10, \"bins\": {\"9000\": 10}}}},\n"
	" {\"jobname\": \"writer\", \"groupid\": 1, \"job options\": {\"rw\": \"write\", \"bs\": \"4k,1m\"},\n"
	"  \"write\": {\"io_bytes\": 1048576000, \"runtime\": 1000, \"total_ios\": 1000,\n"
	"   \"clat_ns\": {\"mean\": 500000, \"N\": 1000, \"bins\": {\"500000\": 1000}}}},\n"
	" {\"jobname\": \"reader\", \"groupid\": 1, \"job options\": {\"rw\": \"randread\"},\n"
	"  \"read\": {\"io_bytes\": 4096000, \"runtime\": 1000, \"total_ios\": 1000,\n"
	"   \"clat_ns\": {\"mean\": 100000, \"N\": 1000, \"bins\": {\"100000\": 1000}}}}]}\n";

TEST(a_row_per_direction)
{
	struct rpt_test t;

	CHECK_EQ_INT(load_text("mixed.json", mixed_dirs, &t), 0);
	CHECK_EQ_INT(t.diag.nerrors, 0);
	if (!CHECK_EQ_INT(t.njobs, 4))
		goto out;
	CHECK(t.jobs[0].split && !strcmp(t.jobs[0].ddir, "read") && !strcmp(t.jobs[1].ddir, "write"));
	CHECK_FIG(t.jobs[0].mbps, 0.04096);
	CHECK_FIG(t.jobs[1].mbps, 655360 / 500.0 / 1000);
	CHECK_FIG(t.jobs[0].bs, 4096);
	CHECK_FIG(t.jobs[1].bs, 65536);		/* bs=4k,64k: the write part */
	/* no mean mixes them */
	CHECK_FIG(t.jobs[0].lat_mean_us, 1);
	CHECK_FIG(t.jobs[1].lat_mean_us, 9);
	CHECK_FIG(t.jobs[1].lat_p99_us, 9);
	/* the writer and the reader: a row each, named by their own job, in order */
	CHECK_STREQ(t.jobs[2].name, "writer");
	CHECK_STREQ(t.jobs[2].rw, "write");
	CHECK_FIG(t.jobs[2].bs, 1048576);	/* bs=4k,1m: a writer's is 1m */
	CHECK_STREQ(t.jobs[3].name, "reader");
	CHECK_STREQ(t.jobs[3].rw, "randread");
	CHECK_FIG(t.jobs[3].lat_mean_us, 100);
	CHECK_EQ_INT(t.jobs[2].njobs, 1);
	CHECK(!t.jobs[2].has_fill && strstr(t.jobs[2].fill_why, "no bw log"));
out:
	rpt_test_free(&t);
}

/* One job entry of group @gid with @opts, reading @bytes in @ms. */
static int entry(char *buf, size_t len, const char *name, int gid, const char *opts,
		 double bytes, double ms)
{
	return snprintf(buf, len,
			"{\"jobname\": \"%s\", \"groupid\": %d, \"job options\": {%s},\n"
			" \"read\": {\"io_bytes\": %.0f, \"runtime\": %.0f, \"total_ios\": %.0f,\n"
			"  \"clat_ns\": {\"mean\": 1000, \"N\": %.0f}}}",
			name, gid, opts, bytes, ms, bytes / 4096, bytes / 4096);
}

/* A document of fio 3.33 with @n entries (name, gid, options, bytes, ms). */
static void doc_of(char *buf, size_t len, const char *lead, const char *globals,
		   const char *const (*e)[3], const double (*io)[2], size_t n)
{
	size_t at = (size_t)snprintf(buf, len, "%s{\"fio version\": \"fio-3.33\", "
				     "\"global options\": {%s}, \"jobs\": [", lead, globals);

	for (size_t i = 0; i < n && at < len; i++) {
		at += (size_t)snprintf(buf + at, len - at, "%s", i ? ",\n" : "");
		at += (size_t)entry(buf + at, len - at, e[i][0], atoi(e[i][1]), e[i][2],
				    io[i][0], io[i][1]);
	}
	snprintf(buf + at, len - at, "]}\n");
}

/*
 * Jobs of one group on different disks: a row per disk (a partition is its
 * disk's, a namespace's char device its block device's, an SPDK address its
 * drive's); files may share a disk: one row.
 */
TEST(rows_per_disk)
{
	static const char *const e[][3] = {
		{ "a", "0", "\"filename\": \"/dev/sdb1\"" },
		{ "b", "0", "\"filename\": \"/dev/sdb\"" },
		{ "c", "0", "\"filename\": \"/dev/sda\"" },
		{ "d", "1", "\"filename\": \"/dev/nvme0n1p2\"" },
		{ "e", "1", "\"filename\": \"/dev/ng0n1\"" },
		{ "f", "2", "\"filename\": \"/mnt/a/f\"" },
		{ "g", "2", "\"filename\": \"/mnt/b/g\"" },
		{ "h", "3", "\"filename\": \"trtype=PCIe traddr=0000.87.00.0 ns=1\"" },
		{ "i", "3", "\"filename\": \"trtype=PCIe traddr=0000.88.00.0 ns=1\"" },
	};
	static const double io[][2] = {
		{ 1e8, 1000 }, { 1e8, 2000 }, { 4e8, 1000 }, { 1e8, 1000 }, { 1e8, 1000 },
		{ 1e8, 1000 }, { 1e8, 1000 }, { 1e8, 1000 }, { 3e8, 1000 },
	};
	static const char *const names[] = { "a (/dev/sdb1)", "c (/dev/sda)", "d", "f",
		"h (trtype=PCIe traddr=0000.87.00.0 ns=1)", "i (trtype=PCIe traddr=0000.88.00.0 ns=1)" };
	static const double mbps[] = { 2e8 / 2000 / 1000, 400, 200, 200, 100, 300 };
	char text[8192];
	struct rpt_test t;

	doc_of(text, sizeof(text), "", "\"numjobs\": \"1\"", e, io, 9);
	CHECK_EQ_INT(load_text("disks.json", text, &t), 0);
	if (CHECK_EQ_INT(t.njobs, 6))
		for (size_t i = 0; i < 6; i++) {
			CHECK_STREQ(t.jobs[i].name, names[i]);
			CHECK_FIG(t.jobs[i].mbps, mbps[i]);
		}
	CHECK(has_msg(&t.diag, "group 0 ran its jobs on 2 targets (/dev/sdb1, /dev/sda): a row per target"));
	CHECK(has_msg(&t.diag, "group 3 ran its jobs on 2 targets"));
	CHECK_EQ_INT(t.jobs[0].njobs, 2);
	CHECK_EQ_INT(t.jobs[0].threads, 2);
	rpt_test_free(&t);
}

/* T of T/QD: numjobs where group_reporting merged them, from job or global options */
TEST(threads)
{
	static const char *const e[][3] = {
		{ "gr", "0", "\"numjobs\": \"8\", \"group_reporting\": \"1\", \"iodepth\": \"16\"" },
		{ "each", "1", "\"iodepth\": \"4\"" },
		{ "each", "1", "\"iodepth\": \"4\"" },
		{ "bare", "2", "\"iodepth\": \"2\"" },
	};
	static const double io[][2] = { { 1e8, 1000 }, { 1e8, 1000 }, { 1e8, 1000 }, { 1e8, 1000 } };
	char text[8192];
	struct rpt_test t;

	/* numjobs=2 global: group 1's two entries, group 2's one (a bare group_reporting) */
	doc_of(text, sizeof(text), "", "\"numjobs\": \"2\"", e, io, 4);
	CHECK_EQ_INT(load_text("threads.json", text, &t), 0);
	if (CHECK_EQ_INT(t.njobs, 3)) {
		CHECK_EQ_INT(t.jobs[0].threads, 8);
		CHECK_EQ_INT(t.jobs[1].threads, 2);
		CHECK_EQ_INT(t.jobs[2].threads, 2);
	}
	/* fio's JSON names its version: the CSV's fio_version without device.json */
	CHECK_STREQ(t.dev.prov.fio_version, "fio-3.33");
	rpt_test_free(&t);
}

/* Load one entry of @opts that ran @ms and read @bytes; @lead before the JSON. */
static void load_one(const char *lead, const char *opts, double bytes, double ms,
		     struct rpt_test *t)
{
	const char *const e[][3] = { { "j", "0", opts } };
	const double io[][2] = { { bytes, ms } };
	char text[4096];

	doc_of(text, sizeof(text), lead, "", e, io, 1);
	CHECK_EQ_INT(load_text("cut.json", text, t), 0);
}

/* A run fio cut short: its signal line, or well short of its runtime or size */
TEST(cut_short)
{
	static const char sig[] = "\nfio: terminating on signal 2\n";
	static const struct {
		const char *lead, *opts;
		double bytes, ms;
		bool cut;
	} c[] = {
		/* set for 5 min, stopped by SIGINT after 48 s */
		{ sig, "\"runtime\": \"5m\", \"size\": \"64g\"", 4.8e9, 48000, true },
		/* it had run its runtime when the signal came */
		{ sig, "\"runtime\": \"10\"", 1e9, 10001, false },
		/* or done its size */
		{ sig, "\"size\": \"1g\"", 1073741824, 5000, false },
		/* nothing known: fio says it terminated the run */
		{ sig, "\"rw\": \"read\"", 1e9, 5000, true },
		/* no line: time_based, 48 s of 300 */
		{ "", "\"runtime\": \"300\", \"time_based\": \"1\"", 4.8e9, 48000, true },
		/* a runtime and a size it reached first: done */
		{ "", "\"runtime\": \"300\", \"size\": \"1g\"", 1073741824, 10000, false },
		/* a runtime, no size: it may have reached the device's end */
		{ "", "\"runtime\": \"300\"", 4.8e9, 48000, false },
		/* a size it did a tenth of, with no runtime */
		{ "", "\"size\": \"10g\"", 1073741824, 5000, true },
		/* a share of the device, which the file does not size */
		{ "", "\"size\": \"10%\"", 1e6, 5000, false },
		/* numjobs=4 with group_reporting: four sizes */
		{ "", "\"size\": \"1g\", \"numjobs\": \"4\", \"group_reporting\": \"1\"",
		  4 * 1073741824.0, 5000, false },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct rpt_test t;

		load_one(c[i].lead, c[i].opts, c[i].bytes, c[i].ms, &t);
		if (!CHECK_EQ_INT(t.njobs, 1)) {
			rpt_test_free(&t);
			continue;
		}
		if (!CHECK(t.jobs[0].partial == c[i].cut && t.killed == c[i].cut && !t.partial == !c[i].cut))
			printf("  case %zu: partial %d, killed %d, %s\n", i, t.jobs[0].partial, t.killed,
			       t.partial ? t.partial : "(no partial line)");
		if (c[i].cut)
			CHECK(t.jobs[0].stop && !strcmp(t.jobs[0].stop, "terminated") &&
			      !strncmp(t.partial, "cut short: ", 11));
		if (c[i].cut && *c[i].lead)
			CHECK(strstr(t.partial, "fio printed \"fio: terminating on signal 2\" (SIGINT"));
		rpt_test_free(&t);
	}
	{
		struct rpt_test t;

		load_one(sig, "\"runtime\": \"5m\"", 4.8e9, 48000, &t);
		CHECK(t.partial && strstr(t.partial, "the job ran 48.0 s of its runtime=5m"));
		rpt_test_free(&t);
	}
}

/* --status-interval snapshots of fio 2.18: io_bytes in KiB there too */
TEST(status_snapshots_fio2)
{
	char text[8192];
	size_t len = 0;
	struct rpt_test t;
	int k;

	for (k = 1; k <= 6; k++)
		len += snprintf(text + len, sizeof(text) - len,
				"{\"fio version\": \"fio-2.18\", \"timestamp_ms\": %d000,"
				" \"jobs\": [{\"jobname\": \"seq\", \"groupid\": 0,"
				" \"job options\": {\"rw\": \"write\", \"bs\": \"1m\"},"
				" \"write\": {\"io_bytes\": %d, \"runtime\": %d, \"total_ios\": %d,"
				" \"clat\": {\"mean\": 1000.0}}}]}\n",
				1700000000 + k, 1024000 * k, 1000 * k, 1000 * k);
	CHECK_EQ_INT(load_text("status2.json", text, &t), 0);
	CHECK_EQ_INT(t.ndocs, 6);
	if (CHECK_EQ_INT(t.njobs, 1)) {
		CHECK_FIG(t.jobs[0].mbps, 1024000 * 6 * 1024.0 / 6000 / 1000);
		if (CHECK(t.jobs[0].has_fill)) {
			CHECK_NEAR(t.jobs[0].fill.gb_written, 6 * 1024000 * 1024.0 / 1e9, 1e-9);
			CHECK_FIG(t.jobs[0].fill.overall_mbps, 1024000 * 1024.0 / 1000 / 1000);
		} else {
			printf("  %s\n", t.jobs[0].fill_why);
		}
	}
	rpt_test_free(&t);
}

/* A QD series of randrw jobs: a series per direction, named so */
TEST(series_per_direction)
{
	char text[8192];
	size_t len = 0;
	struct rpt_test t;
	int q;

	len += snprintf(text + len, sizeof(text) - len, "{\"fio version\": \"fio-3.33\", \"jobs\": [");
	for (q = 1; q <= 4; q *= 2)
		len += snprintf(text + len, sizeof(text) - len,
				"%s{\"jobname\": \"qd%d\", \"groupid\": %d, \"job options\": {\"rw\": \"randrw\", \"iodepth\": \"%d\"},"
				" \"read\": {\"io_bytes\": %d, \"runtime\": 1000, \"total_ios\": %d,"
				"  \"clat_ns\": {\"mean\": 1000, \"N\": %d}},"
				" \"write\": {\"io_bytes\": %d, \"runtime\": 1000, \"total_ios\": %d,"
				"  \"clat_ns\": {\"mean\": 2000, \"N\": %d}},"
				" \"iodepth_level\": {\"%d\": 100.0}}",
				q > 1 ? ", " : "", q, q, q, 4096000 * q, 1000 * q, 1000 * q,
				2048000 * q, 500 * q, 500 * q, q);
	snprintf(text + len, sizeof(text) - len, "]}\n");
	CHECK_EQ_INT(load_text("rwqd.json", text, &t), 0);
	CHECK_EQ_INT(t.njobs, 6);
	if (CHECK_EQ_INT(t.nseries, 2)) {
		CHECK_STREQ(t.series[0].name, "rwqd (read)");
		CHECK_STREQ(t.series[1].name, "rwqd (write)");
		CHECK_EQ_INT(t.series[0].n, 3);
		/* (4.096 + 8.192 + 16.384) / 3 MB/s */
		CHECK_FIG(t.series[0].score_mbps, (4.096 + 8.192 + 16.384) / 3);
		CHECK_FIG(t.series[1].score_mbps, (2.048 + 4.096 + 8.192) / 3);
	}
	rpt_test_free(&t);
}

/* iodepth_level against the set depth; Little's law */
static const char depths[] =
	"{\"fio version\": \"fio-3.32\", \"jobs\": [\n"
	" {\"jobname\": \"sync\", \"groupid\": 0, \"job options\": {\"rw\": \"write\", \"iodepth\": \"32\", \"ioengine\": \"falloc\"},\n"
	"  \"write\": {\"io_bytes\": 4096000, \"runtime\": 1000, \"total_ios\": 1000,\n"
	"   \"clat_ns\": {\"mean\": 1000, \"N\": 1000}},\n"
	"  \"iodepth_level\": {\"1\": 100.0, \"2\": 0, \"4\": 0, \"8\": 0, \"16\": 0, \"32\": 0, \">=64\": 0}},\n"
	" {\"jobname\": \"short\", \"groupid\": 1, \"job options\": {\"rw\": \"read\", \"iodepth\": \"32\"},\n"
	"  \"read\": {\"io_bytes\": 4096000, \"runtime\": 1000, \"total_ios\": 1000,\n"
	"   \"clat_ns\": {\"mean\": 1000, \"N\": 1000}},\n"
	"  \"iodepth_level\": {\"1\": 0.1, \"2\": 0.1, \"4\": 0.5, \"8\": 10.0, \"16\": 89.3, \"32\": 0, \">=64\": 0}},\n"
	" {\"jobname\": \"qd1\", \"groupid\": 2, \"job options\": {\"rw\": \"write\", \"bs\": \"1k\"},\n"
	"  \"write\": {\"io_bytes\": 88800000, \"runtime\": 1000, \"total_ios\": 86732,\n"
	"   \"clat_ns\": {\"mean\": 25137731000.0, \"N\": 86732}},\n"
	"  \"iodepth_level\": {\"1\": 100.0}},\n"
	" {\"jobname\": \"fine\", \"groupid\": 3, \"job options\": {\"rw\": \"read\", \"iodepth\": \"8\", \"numjobs\": \"4\", \"group_reporting\": \"1\"},\n"
	"  \"read\": {\"io_bytes\": 409600000, \"runtime\": 1000, \"total_ios\": 100000,\n"
	"   \"clat_ns\": {\"mean\": 300000, \"N\": 100000}},\n"
	"  \"iodepth_level\": {\"1\": 0.1, \"8\": 99.9}}]}\n";

TEST(plausibility)
{
	struct rpt_test t;

	CHECK_EQ_INT(load_text("depths.json", depths, &t), 0);
	if (!CHECK_EQ_INT(t.njobs, 4))
		goto out;
	/* a synchronous engine at iodepth=32 ran at 1 */
	CHECK_FIG(t.jobs[0].iodepth, 1);
	CHECK_FIG(t.jobs[0].iodepth_set, 32);
	CHECK(has_msg(&t.jobs[0].notes, "fio ran at queue depth 1, not the set iodepth=32"));
	CHECK(has_msg(&t.jobs[0].notes, "ioengine=falloc"));
	/* never above 31: the set depth stays, with a warning */
	CHECK_FIG(t.jobs[1].iodepth, 32);
	CHECK(has_msg(&t.jobs[1].notes, "fio never reached the set iodepth=32"));
	/* 86732 IOPS x 25 s at QD1 */
	CHECK(has_msg(&t.jobs[2].notes, "implausible: by Little's law"));
	CHECK(t.jobs[2].lat_mean_us.ok && t.jobs[2].iops.ok);	/* kept as fio wrote them */
	/* 100000 IOPS x 300 µs = 30 in flight, 8 x 4 jobs = 32: fine */
	CHECK_EQ_INT(t.jobs[3].notes.n, 0);
	CHECK_FIG(t.jobs[3].iodepth, 8);
out:
	rpt_test_free(&t);
}

/* No version: io_kbytes says bytes; a fio 2.x shape whose io_bytes matches bw x runtime is KiB. */
TEST(no_version)
{
	struct rpt_test t;

	CHECK_EQ_INT(load_text("nover.json",
		"{\"jobs\": [{\"jobname\": \"a\", \"groupid\": 0, \"job options\": {},\n"
		"  \"read\": {\"io_bytes\": 16716, \"bw\": 1647, \"runtime\": 10148, \"total_ios\": 4179,\n"
		"   \"clat\": {\"mean\": 77649.0}}},\n"
		" {\"jobname\": \"b\", \"groupid\": 1, \"job options\": {},\n"
		"  \"read\": {\"io_bytes\": 16716, \"io_kbytes\": 16, \"bw\": 1647, \"runtime\": 10148,\n"
		"   \"total_ios\": 4, \"clat_ns\": {\"mean\": 1000.0}}}]}\n", &t), 0);
	CHECK(has_msg(&t.diag, "no \"fio version\""));
	if (CHECK_EQ_INT(t.njobs, 2)) {
		CHECK_FIG(t.jobs[0].mbps, 16716 * 1024.0 / 10148 / 1000);
		CHECK_FIG(t.jobs[0].lat_mean_us, 77649);
		CHECK_FIG(t.jobs[1].mbps, 16716 / 10148.0 / 1000);
		CHECK_FIG(t.jobs[1].lat_mean_us, 1);
	}
	rpt_test_free(&t);
}

/*
 * Logs against fio's figures: a writer's log without write samples is named;
 * a read log that adds up to half of fio's io_bytes is implausible.
 */
TEST(logs_against_fio)
{
	static const char json[] =
		"{\"fio version\": \"fio-3.33\", \"global options\": {\"log_avg_msec\": \"100\",\n"
		"  \"log_unix_epoch\": \"1\"}, \"jobs\": [\n"
		" {\"jobname\": \"w\", \"groupid\": 0, \"job options\": {\"rw\": \"write\", \"write_bw_log\": \"w\"},\n"
		"  \"write\": {\"io_bytes\": 102400000, \"runtime\": 1000, \"total_ios\": 100}},\n"
		" {\"jobname\": \"w\", \"groupid\": 0, \"job options\": {\"rw\": \"write\", \"write_bw_log\": \"w\"},\n"
		"  \"write\": {\"io_bytes\": 102400000, \"runtime\": 1000, \"total_ios\": 100}},\n"
		" {\"jobname\": \"r\", \"groupid\": 1, \"job options\": {\"rw\": \"randread\", \"write_bw_log\": \"r\"},\n"
		"  \"read\": {\"io_bytes\": 102400000, \"runtime\": 1000, \"total_ios\": 25000}}]}\n";
	char log1[4096] = "", log2[4096] = "", logr[4096] = "", path[256];
	struct rpt_test t;
	int i;
	FILE *f;

	/* 100 MB/s for 1 s in 100 ms samples; the second writer's log holds reads */
	for (i = 1; i <= 10; i++) {
		snprintf(log1 + strlen(log1), sizeof(log1) - strlen(log1),
			 "%d, 97656, 1, 0, 0\n", 1000 + 100 * i);
		snprintf(log2 + strlen(log2), sizeof(log2) - strlen(log2),
			 "%d, 97656, 0, 0, 0\n", 1000 + 100 * i);
		snprintf(logr + strlen(logr), sizeof(logr) - strlen(logr),
			 "%d, 48828, 0, 0, 0\n", 1000 + 100 * i);
	}
	for (i = 0; i < 3; i++) {
		static const char *const name[3] = { "w_bw.1.log", "w_bw.2.log", "r_bw.3.log" };

		snprintf(path, sizeof(path), "%s/%s", dir, name[i]);
		f = fopen(path, "w");
		if (!CHECK(f))
			return;
		fputs(i == 0 ? log1 : i == 1 ? log2 : logr, f);
		fclose(f);
		made[nmade++] = name[i];
	}
	CHECK_EQ_INT(load_text("logs.json", json, &t), 0);
	if (CHECK_EQ_INT(t.njobs, 2)) {
		CHECK(!t.jobs[0].has_fill);
		CHECK_CONTAINS(t.jobs[0].fill_why, "w_bw.2.log of thread 2 has no write samples (ddir 1)");
		/* 48828 KiB/s x 1 s = 50 MB in the log against fio's 102.4 MB */
		CHECK(has_msg(&t.jobs[1].notes, "r_bw.3.log adds up to 50.00 MB but fio counted 102.4 MB read"));
	}
	rpt_test_free(&t);
}

TEST(not_json)
{
	static const struct {
		const char *name, *text, *msg;
		enum rpt_input_kind kind;
	} c[] = {
		{ "normal.txt",
		  "seq-write-1: (g=0): rw=write, bs=(R) 64.0KiB-64.0KiB, ioengine=psync, iodepth=1\n"
		  "fio-3.35\nStarting 1 process\n\n"
		  "seq-write-1: (groupid=0, jobs=1): err= 0: pid=276258\n"
		  "  write: IOPS=17.9k, BW=1119MiB/s (1173MB/s)(8616MiB/7703msec)\n",
		  "normal.txt:1: this is fio's normal (human-readable) output (fio-3.35), not JSON",
		  RPT_INPUT_FIO_NORMAL },
		{ "x_bw.1.log", "500, 8088, 1, 0\n1000, 8088, 1, 0\n1501, 8463, 1, 0\n",
		  "x_bw.1.log:1: this is a bw log (time, value, ddir, bs lines)", RPT_INPUT_FIO_LOG },
		{ "x_clat.1.log", "500, 8088, 1, 4096, 0\n", "this is a latency log", RPT_INPUT_FIO_LOG },
		{ "empty.json", "\n  \n", "empty.json: empty file", RPT_INPUT_EMPTY },
		{ "other.json", "hello\nworld\n", "other.json:1: no JSON object found", RPT_INPUT_OTHER },
		{ "refused.json", "fio: failed parsing directory=/nope\nfio: job global dropped\n",
		  "refused.json:1: this holds only fio's messages, no JSON: \"fio: failed parsing "
		  "directory=/nope; fio: job global dropped\"", RPT_INPUT_FIO_ERROR },
		{ "bad.json", "Bad option <output-format=json>\n",
		  "this holds only fio's messages, no JSON: \"Bad option", RPT_INPUT_FIO_ERROR },
		{ "x_clat_hist.1.log", NULL, "x_clat_hist.1.log:1: this is a latency histogram log",
		  RPT_INPUT_FIO_HIST_LOG },
	};
	char hist[8192];
	size_t at = (size_t)snprintf(hist, sizeof(hist), "201, 0, 4096");
	size_t i;

	/* fio 3's layout at log_hist_coarseness=0: 1856 counts */
	for (i = 0; i < 1856; i++)
		at += (size_t)snprintf(hist + at, sizeof(hist) - at, ", %d", i == 60 ? 3 : 0);
	snprintf(hist + at, sizeof(hist) - at, "\n");
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		const char *text = c[i].text ? c[i].text : hist;
		struct rpt_test t;
		char v[64];

		CHECK_EQ_INT(rpt_input_kind(text, strlen(text), v, sizeof(v)), c[i].kind);
		CHECK(load_text(c[i].name, text, &t) < 0);
		CHECK(t.diag.nerrors == 1 && has_msg(&t.diag, c[i].msg));
		rpt_test_free(&t);
	}
	CHECK_EQ_INT(rpt_input_kind("{\"fio version\": \"fio-3", 22, NULL, 0), RPT_INPUT_FIO_JSON);
}

TEST(digits)
{
	char b[48];

	CHECK_STREQ(rpt_fmt_num(b, sizeof(b), 0.025634, 1), "0.0256");
	CHECK_STREQ(rpt_fmt_num(b, sizeof(b), 1.6868, 1), "1.69");
	CHECK_STREQ(rpt_fmt_num(b, sizeof(b), 1234.56, 1), "1234.6");
	CHECK_STREQ(rpt_fmt_num(b, sizeof(b), 411.8, 0), "412");
	CHECK_STREQ(rpt_fmt_num(b, sizeof(b), 5.940888, 0), "5.94");
	CHECK_STREQ(rpt_fmt_num(b, sizeof(b), 0.09996, 1), "0.100");
	CHECK_STREQ(rpt_fmt_num(b, sizeof(b), 0, 1), "0.0");
	CHECK_STREQ(rpt_fmt_bytes(b, sizeof(b), 1413120), "1.413 MB");
	CHECK_STREQ(rpt_fmt_bytes(b, sizeof(b), 999.29e9), "999.29 GB");
	CHECK_STREQ(rpt_fmt_bytes(b, sizeof(b), 721.2e9), "721.20 GB");
	CHECK_STREQ(rpt_fmt_bytes(b, sizeof(b), 250e6), "250.0 MB");
	CHECK_STREQ(rpt_fmt_bytes(b, sizeof(b), 512), "512 B");
}

int main(void)
{
	int ret;

	if (!mkdtemp(dir))
		SKIP("cannot make a directory in /tmp");
	RUN(version_parse);
	RUN(unix_epoch_option);
	RUN(fio2_units);
	RUN(fio20_without_total_ios);
	RUN(means_without_n);
	RUN(json_plus_bins_by_release);
	RUN(all_clients_only_mixed);
	RUN(all_clients_merged_percentiles);
	RUN(all_clients_shared_target);
	RUN(a_row_per_direction);
	RUN(rows_per_disk);
	RUN(threads);
	RUN(cut_short);
	RUN(plausibility);
	RUN(series_per_direction);
	RUN(status_snapshots_fio2);
	RUN(no_version);
	RUN(logs_against_fio);
	RUN(not_json);
	RUN(digits);
	ret = harness_main();
	while (nmade--) {
		char path[256];

		snprintf(path, sizeof(path), "%s/%s", dir, made[nmade]);
		unlink(path);
	}
	rmdir(dir);
	return ret;
}
