// SPDX-License-Identifier: GPL-2.0-only
/*
 * The host sidecar (read/host.h) and the host verdict (compute/host_verdict.h)
 * with the marks it puts on a job's figures (compute/marks.h): synthetic
 * sidecars whose shares are known, bad lines each with its error, a version
 * refused, a sidecar without run delays, and the thresholds' edges.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag_check.h"
#include "harness.h"

#include "fio_stats.h"
#include "host.h"
#include "host_verdict.h"
#include "lat_hist.h"
#include "marks.h"
#include "report.h"

#define T0	1795990000000000LL	/* unix µs */

/* A header of @source, @model; @n 1 s intervals, interval i waiting delay[i] µs. */
static char *sidecar(const char *source, bool model, const double *delay, int n, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	int i;

	fprintf(f, "{\"version\":1,\"kind\":\"host_start\",\"time_us\":%lld,\"tid\":4242,"
		"\"source\":\"%s\",\"ncpu\":2,\"cpus_allowed\":1,\"model\":%s,\"interval_ms\":1000}\n",
		T0, source, model ? "true" : "false");
	for (i = 0; i < n; i++) {
		fprintf(f, "{\"time_us\":%lld,\"interval_us\":1000000", T0 + (i + 1) * 1000000LL);
		if (delay)
			fprintf(f, ",\"run_delay_us\":%.0f,\"cpu_us\":300000", delay[i]);
		fprintf(f, ",\"nivcsw\":%d,\"nvcsw\":10000", 10 * i);
		if (model)	/* 10000 I/Os of 80 µs, idle 100 ms; i adds i x 20 ms */
			fprintf(f, ",\"ios\":10000,\"intended_us\":800000,\"host_added_us\":%d,"
				"\"host_added_max_us\":%d,\"late_ios\":%d,\"drive_idle_us\":%d",
				i * 20000, i ? 5000 : 0, i * 2, 200000 - i * 20000);
		fputs("}\n", f);
	}
	fclose(f);
	return buf;
}

TEST(read_intervals)
{
	double delay[4] = { 0, 10000, 100000, 5000 };
	struct rpt_diag d = { 0 };
	struct rpt_host h;
	size_t len;
	char *buf = sidecar("schedstat", true, delay, 4, &len);

	CHECK_EQ_INT(rpt_host_read_mem("x_host.1.jsonl", buf, len, &h, &d), 0);
	CHECK_EQ_INT(d.n, 0);
	CHECK(h.has_start);
	CHECK(h.schedstat);
	CHECK(h.model);
	CHECK_EQ_INT(h.tid, 4242);
	CHECK_EQ_INT(h.ncpu, 2);
	CHECK_EQ_INT(h.cpus_allowed, 1);
	CHECK_NEAR(h.interval_ms, 1000, 0);
	CHECK_NEAR(h.t0_ms, T0 / 1000.0, 0);
	CHECK_EQ_U64(h.n, 4);
	CHECK_NEAR(h.iv[2].run_delay_us, 100000, 0);
	CHECK_NEAR(h.iv[2].host_added_us, 40000, 0);
	CHECK_NEAR(h.iv[3].nivcsw, 30, 0);
	CHECK_NEAR(h.iv[3].t_ms, T0 / 1000.0 + 4000, 0);
	rpt_host_free(&h);
	free(buf);
}

TEST(bad_lines)
{
	static const char text[] =
		"{\"time_us\":1795990000500000,\"interval_us\":500000}\n"
		"{\"version\":1,\"kind\":\"host_start\",\"time_us\":1795990000000000,\"source\":\"schedstat\",\"model\":false}\n"
		"{\"time_us\":1795990001000000,\"interval_us\":1000000,\"run_delay_us\":7}\n"
		"{\"time_us\":1795990002000000,\"interval_us\":1000000,\"run_delay_us\":\"lots\"}\n"
		"{\"time_us\":1795990002000000,\"interval_us\":1000000,\"run_delay_us\":-3}\n"
		"{\"time_us\":1795990002000000}\n"
		"{\"time_us\":1795990000900000,\"interval_us\":1000000}\n"
		"not json\n"
		"{\"version\":1,\"kind\":\"host_start\",\"time_us\":1795990000000000}\n"
		"{\"kind\":\"host_note\",\"msg\":\"a kind this reader does not know\"}\n"
		"{\"time_us\":1795990003000000,\"interval_us\":1000000,\"run_delay_us\":9}\n";
	struct rpt_diag d = { 0 };
	struct rpt_host h;

	CHECK_EQ_INT(rpt_host_read_mem("x_host.1.jsonl", text, sizeof(text) - 1, &h, &d), 0);
	CHECK(has_msg(&d, "x_host.1.jsonl:1: an interval before the host_start line"));
	CHECK(has_msg(&d, "x_host.1.jsonl:4: run_delay_us: expected a number, got string"));
	CHECK(has_msg(&d, "x_host.1.jsonl:5: run_delay_us: -3 is negative"));
	CHECK(has_msg(&d, "x_host.1.jsonl:6: interval_us: missing"));
	CHECK(has_msg(&d, "x_host.1.jsonl:7: time_us goes back in time"));
	CHECK(has_msg(&d, "x_host.1.jsonl:8:"));
	CHECK(has_msg(&d, "x_host.1.jsonl:9: a second host_start line"));
	CHECK_EQ_INT(d.nerrors, 7);
	CHECK_EQ_U64(h.n, 2);
	CHECK_NEAR(h.iv[0].run_delay_us, 7, 0);
	CHECK_NEAR(h.iv[1].run_delay_us, 9, 0);
	CHECK(isnan(h.iv[0].ios));	/* not the model: no account */
	rpt_host_free(&h);
	rpt_diag_free(&d);
}

TEST(version_refused)
{
	static const char text[] =
		"{\"version\":2,\"kind\":\"host_start\",\"time_us\":1795990000000000,\"source\":\"schedstat\"}\n"
		"{\"time_us\":1795990001000000,\"interval_us\":1000000,\"run_delay_us\":7}\n";
	struct rpt_diag d = { 0 };
	struct rpt_host h;

	CHECK_EQ_INT(rpt_host_read_mem("x_host.3.jsonl", text, sizeof(text) - 1, &h, &d),
		     -EPROTONOSUPPORT);
	CHECK(has_msg(&d, "x_host.3.jsonl:1: host sidecar version 2: this reader knows version 1 only"));
	CHECK_EQ_U64(h.n, 0);
	CHECK(h.refused);
	rpt_host_free(&h);
	rpt_diag_free(&d);
}

TEST(missing_file)
{
	struct rpt_diag d = { 0 };
	struct rpt_host h;

	CHECK_EQ_INT(rpt_host_read("/nonexistent/x_host.1.jsonl", &h, &d), -ENOENT);
	CHECK(has_msg(&d, "/nonexistent/x_host.1.jsonl"));
	rpt_host_free(&h);
	rpt_diag_free(&d);
}

/* A namespace: the run delay decides; spikes are the intervals past 5 %. */
TEST(verdict_namespace)
{
	double delay[5] = { 10000, 20000, 200000, 10000, 10000 };	/* 250 ms of 5 s: 5 % */
	struct rpt_host_verdict v;
	struct rpt_diag d = { 0 };
	struct rpt_host h;
	char line[2 * RPT_WHY_LEN];
	size_t len;
	char *buf = sidecar("schedstat", false, delay, 5, &len);

	CHECK_EQ_INT(rpt_host_read_mem("x_host.1.jsonl", buf, len, &h, &d), 0);
	CHECK_EQ_INT(rpt_hostv_compute(&h, NAN, NAN, 1, 50000, &v), 0);
	CHECK(v.measured);
	CHECK(!v.model);
	CHECK_EQ_U64(v.intervals, 5);
	CHECK_NEAR(v.wait_share.v, 5.0, 1e-12);
	CHECK_NEAR(v.nivcsw_per_s.v, (0 + 10 + 20 + 30 + 40) / 5.0, 1e-12);
	CHECK(!v.time_share.ok);
	CHECK_CONTAINS(v.time_share.why, "not on the drive model");
	CHECK(v.bound && v.thr_marked && v.mean_marked);
	CHECK(rpt_hostv_pct_marked(&v, 99) && rpt_hostv_pct_marked(&v, 99.99));
	CHECK_EQ_U64(v.nspikes, 1);	/* the third interval: 20 % */
	CHECK_NEAR(v.spike[0].t0_ms, T0 / 1000.0 + 2000, 0);
	CHECK_NEAR(v.spike[0].t1_ms, T0 / 1000.0 + 3000, 0);
	CHECK_STREQ(rpt_hostv_word(&v), "host-bound");
	CHECK_CONTAINS(rpt_hostv_line(&v, line, sizeof(line)), "waited for a CPU 5.0 % of its 5.00 s");
	rpt_hostv_free(&v);

	/* the window: the third interval's middle lies outside [0, 2.4 s] */
	CHECK_EQ_INT(rpt_hostv_compute(&h, T0 / 1000.0, T0 / 1000.0 + 2400, 1, 50000, &v), 0);
	CHECK_EQ_U64(v.intervals, 2);
	CHECK_NEAR(v.wait_share.v, 1.5, 1e-12);
	CHECK(!v.bound);
	/* 30 ms of run delay in 100 µs pieces: 300 of 50000 I/Os could be
	 * late, 0.6 %: more than a hundredth of p50's tail (0.5 %) */
	CHECK(rpt_hostv_pct_marked(&v, 50) && rpt_hostv_pct_marked(&v, 99));
	CHECK(rpt_hostv_pct_marked(&v, 99.99));
	rpt_hostv_free(&v);
	/* 10 ms (h.iv[0] alone, 1 %): 100 of 2e6 I/Os, 0.005 %: not p99's 0.01 % */
	CHECK_EQ_INT(rpt_hostv_compute(&h, T0 / 1000.0, T0 / 1000.0 + 900, 1, 2e6, &v), 0);
	CHECK_EQ_U64(v.intervals, 1);
	CHECK(!rpt_hostv_pct_marked(&v, 99));
	CHECK(rpt_hostv_pct_marked(&v, 99.9) && rpt_hostv_pct_marked(&v, 99.99));
	CHECK_STREQ(rpt_hostv_word(&v), "tail");
	rpt_hostv_free(&v);
	/* without the job's I/O count no bound: only the share decides */
	CHECK_EQ_INT(rpt_hostv_compute(&h, T0 / 1000.0, T0 / 1000.0 + 2400, 1, 0, &v), 0);
	CHECK_EQ_INT(v.pct_marked, 0);
	CHECK_STREQ(rpt_hostv_word(&v), "quiet");
	rpt_hostv_free(&v);
	/* a window with no interval: not measured, never quiet */
	CHECK_EQ_INT(rpt_hostv_compute(&h, T0 / 1000.0 + 9e6, T0 / 1000.0 + 9.1e6, 1, 0, &v), 0);
	CHECK(!v.measured);
	CHECK_STREQ(rpt_hostv_word(&v), "not measured");
	CHECK_CONTAINS(rpt_hostv_line(&v, line, sizeof(line)), "host: not measured (");
	rpt_hostv_free(&v);
	rpt_host_free(&h);
	free(buf);
}

/* No schedstat: the run delay is null, not 0; nothing is said from it. */
TEST(verdict_no_schedstat)
{
	struct rpt_host_verdict v;
	struct rpt_diag d = { 0 };
	struct rpt_host h;
	size_t len;
	char *buf = sidecar("none", false, NULL, 3, &len);

	CHECK_EQ_INT(rpt_host_read_mem("x_host.1.jsonl", buf, len, &h, &d), 0);
	CHECK(!h.schedstat);
	CHECK(isnan(h.iv[0].run_delay_us));
	CHECK_EQ_INT(rpt_hostv_compute(&h, NAN, NAN, 1, 1000, &v), 0);
	CHECK(v.measured);
	CHECK(!v.wait_share.ok);
	CHECK_CONTAINS(v.wait_share.why, "run delay not measured");
	CHECK(!v.bound);
	CHECK_EQ_INT(v.pct_marked, 0);
	rpt_hostv_free(&v);
	rpt_host_free(&h);
	free(buf);
}

/*
 * The model: intervals of 10000 I/Os of 80 µs, interval i with i x 20 ms
 * added and 200 - i x 20 ms idle, so the time share is 20 % in each
 * (1 - 800 ms / 1 s), and the latency share i x 20 / (800 + i x 20).
 */
TEST(verdict_model)
{
	double delay[3] = { 0, 0, 0 };
	struct rpt_host_verdict v;
	struct rpt_diag d = { 0 };
	struct rpt_host h;
	size_t len;
	char *buf = sidecar("schedstat", true, delay, 3, &len);

	CHECK_EQ_INT(rpt_host_read_mem("x_host.1.jsonl", buf, len, &h, &d), 0);
	CHECK_EQ_INT(rpt_hostv_compute(&h, NAN, NAN, 1, 30000, &v), 0);
	CHECK(v.model);
	CHECK_NEAR(v.wait_share.v, 0, 0);
	CHECK_NEAR(v.added_mean_us.v, 60000.0 / 30000, 1e-12);
	CHECK_NEAR(v.added_max_us.v, 5000, 0);
	CHECK_NEAR(v.added_share.v, 100 * 60000.0 / 2460000, 1e-9);
	CHECK_NEAR(v.late_share.v, 100 * 6.0 / 30000, 1e-9);
	CHECK_NEAR(v.idle_share.v, 100 * 540000.0 / 3e6, 1e-9);
	CHECK_NEAR(v.time_share.v, 20, 1e-9);	/* 1 - 2.4 s of I/O in 3 s */
	CHECK(v.thr_marked);			/* 20 % >= 7 % */
	CHECK(!v.mean_marked);			/* 2.4 % < 7 % */
	CHECK(v.bound);
	/* 6 late of 30000, 0.02 %: past a hundredth of p99's tail (0.01 %), not p50's */
	CHECK(rpt_hostv_pct_marked(&v, 99.99) && rpt_hostv_pct_marked(&v, 99));
	CHECK(!rpt_hostv_pct_marked(&v, 50));
	CHECK_EQ_U64(v.nover, 3);		/* each interval at 20 % */
	CHECK_EQ_U64(v.nspikes, 1);		/* adjacent: one span */
	rpt_hostv_free(&v);
	rpt_host_free(&h);
	free(buf);
}

/*
 * A burst test at 20 % duty: 200 ms of I/O and 800 ms of the job's planned
 * idle a second. Left out of its time, the drive idle is fio's few µs and
 * the verdict quiet; a sidecar without planned_idle_us reads it as the host's.
 */
static char *burst_sidecar(bool planned, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	int i;

	fprintf(f, "{\"version\":1,\"kind\":\"host_start\",\"time_us\":%lld,\"tid\":4242,"
		"\"source\":\"schedstat\",\"ncpu\":2,\"cpus_allowed\":1,\"model\":true,"
		"\"interval_ms\":1000}\n", T0);
	for (i = 0; i < 4; i++) {
		fprintf(f, "{\"time_us\":%lld,\"interval_us\":1000000,\"run_delay_us\":1000,"
			"\"cpu_us\":150000,\"nivcsw\":0,\"nvcsw\":2000,\"ios\":2000,"
			"\"intended_us\":196000,\"host_added_us\":1000,\"host_added_max_us\":20,"
			"\"late_ios\":0,\"drive_idle_us\":%d", T0 + (i + 1) * 1000000LL,
			planned ? 3000 : 803000);
		if (planned)
			fputs(",\"planned_idle_us\":800000", f);
		fputs("}\n", f);
	}
	fclose(f);
	return buf;
}

TEST(verdict_planned_idle)
{
	struct rpt_host_verdict v;
	struct rpt_diag d = { 0 };
	struct rpt_host h;
	size_t len;
	char *buf = burst_sidecar(true, &len);

	CHECK_EQ_INT(rpt_host_read_mem("x_host.1.jsonl", buf, len, &h, &d), 0);
	CHECK_NEAR(h.iv[0].planned_idle_us, 800000, 0);
	CHECK_EQ_INT(rpt_hostv_compute(&h, NAN, NAN, 1, 8000, &v), 0);
	CHECK_NEAR(v.active_s, 0.8, 1e-9);
	CHECK_NEAR(v.planned_s, 3.2, 1e-9);
	CHECK_NEAR(v.idle_share.v, 100 * 12000.0 / 800000, 1e-9);
	CHECK_NEAR(v.wait_share.v, 100 * 4000.0 / 800000, 1e-9);
	CHECK(v.time_share.v < 100 * RPT_HOST_TIME_SHARE);
	CHECK(!v.bound);
	CHECK(strstr(v.reason, "3.20 s of planned idle left out") != NULL);
	rpt_hostv_free(&v);
	rpt_host_free(&h);
	free(buf);

	/* the same run without the field (an older engine): 80 % idle, host-bound */
	buf = burst_sidecar(false, &len);
	CHECK_EQ_INT(rpt_host_read_mem("x_host.1.jsonl", buf, len, &h, &d), 0);
	CHECK(isnan(h.iv[0].planned_idle_us));
	CHECK_EQ_INT(rpt_hostv_compute(&h, NAN, NAN, 1, 8000, &v), 0);
	CHECK_NEAR(v.active_s, 4, 1e-9);
	CHECK(v.bound);
	rpt_hostv_free(&v);
	rpt_host_free(&h);
	free(buf);
}

/*
 * On the model a thread starved of its CPU is host-bound whatever its
 * window's I/Os say: 2 intervals waiting 50 % and 2 %, no host-added time,
 * no drive idle: 26 % wait marks throughput and mean; 5 % would not.
 */
TEST(verdict_model_starved)
{
	double starved[2] = { 500000, 20000 }, busy[2] = { 80000, 20000 };
	const double *delay[2] = { starved, busy };
	size_t len, i;

	for (i = 0; i < 2; i++) {
		struct rpt_host_verdict v;
		struct rpt_diag d = { 0 };
		struct rpt_host h;
		char *buf = sidecar("schedstat", true, delay[i], 2, &len);

		CHECK_EQ_INT(rpt_host_read_mem("x_host.1.jsonl", buf, len, &h, &d), 0);
		for (size_t k = 0; k < h.n; k++)
			h.iv[k].host_added_us = h.iv[k].drive_idle_us = 0;
		CHECK_EQ_INT(rpt_hostv_compute(&h, NAN, NAN, 1, 20000, &v), 0);
		CHECK_NEAR(v.wait_share.v, i ? 5 : 26, 1e-9);
		CHECK_NEAR(v.time_share.v, 0, 1e-9);
		CHECK_EQ_INT(v.thr_marked, !i);
		CHECK_EQ_INT(v.mean_marked, !i);
		CHECK_EQ_INT(v.bound, !i);
		rpt_hostv_free(&v);
		rpt_host_free(&h);
		free(buf);
	}
}

/* The engine's model_pace said in the verdict's line when not kept, and only then. */
TEST(verdict_says_pace)
{
	static const char missed[] =
		"{\"time_us\":1795990003000000,\"event\":\"model_pace\",\"job\":\"x\",\"kept\":false,"
		"\"ios\":30000,\"intended_us\":2400000,\"host_added_us\":144000,"
		"\"host_added_share\":0.0600,\"host_added_max_us\":5000,\"late_ios\":6}\n";
	static const char kept[] =
		"{\"time_us\":1795990003000000,\"event\":\"model_pace\",\"job\":\"x\",\"kept\":true,"
		"\"host_added_share\":0.0100}\n";
	static const char odd[] =
		"{\"time_us\":1795990003000000,\"event\":\"model_pace\",\"job\":\"x\",\"kept\":\"no\"}\n";
	const char *ev_text[] = { missed, kept, odd };
	double delay[3] = { 0, 0, 0 };
	char line[3 * RPT_WHY_LEN];
	size_t len, i;
	char *buf = sidecar("schedstat", true, delay, 3, &len);

	for (i = 0; i < 3; i++) {
		struct rpt_host_verdict v;
		struct rpt_events ev = { 0 };
		struct rpt_diag d = { 0 };
		struct rpt_host h;

		CHECK_EQ_INT(rpt_host_read_mem("x_host.1.jsonl", buf, len, &h, &d), 0);
		CHECK_EQ_INT(rpt_events_read_mem("x_events.1.jsonl", ev_text[i], strlen(ev_text[i]),
						 "x", &ev, &d), 0);
		CHECK_EQ_INT(rpt_hostv_compute(&h, NAN, NAN, 1, 30000, &v), 0);
		rpt_hostv_pace(&v, &ev);
		rpt_hostv_line(&v, line, sizeof(line));
		CHECK_EQ_INT(v.pace_said, i < 2);
		CHECK_EQ_INT(v.pace_kept, i == 1);
		CHECK_EQ_INT(strstr(line, "the drive model did not keep its pace: the host added "
				     "6.0 % to the service times it set (kept under 5 %)") != NULL, i == 0);
		CHECK_EQ_INT(strstr(line, "did not keep") != NULL, i == 0);
		if (i == 0)
			CHECK_NEAR(v.pace_share, 6, 1e-9);
		rpt_hostv_free(&v);
		rpt_events_free(&ev);
		rpt_host_free(&h);
	}
	free(buf);
}

/* The header of the drain tests' sidecars: the model's, 500 ms intervals */
#define DRAIN_HEADER \
	"{\"version\":1,\"kind\":\"host_start\",\"time_us\":1000000,\"tid\":1," \
	"\"source\":\"schedstat\",\"ncpu\":2,\"cpus_allowed\":2,\"model\":true," \
	"\"interval_ms\":500}\n"

/*
 * fio's end-of-job drain: its share over every interval from the window's
 * start on (its last, partial interval after the window's end too), the
 * mean marked from 7 % of the I/Os' time, without the job's latency
 * distribution a percentile when the held I/Os fill its tail (the mean's
 * mark no longer carries them), its own mark and reason, and the host's
 * verdict untouched.
 */
TEST(verdict_drain)
{
	/* 1000 I/Os of 1000 µs on time; the drain in the last interval: 31 I/Os,
	 * 20 held 100 µs or more; drain-added D in each case */
	static const struct {
		double drain_us, late;
		bool mean, p50, p99, p9999;
	} c[] = {
		{ 80000, 20, true, false, true, true },		/* 80/1080 = 7.4 % */
		{ 60000, 20, false, false, true, true },	/* 5.7 %: tails only */
		{ 60000, 5, false, false, false, true },	/* 5 of 1000: p99.99's tail only */
		{ 0, 0, false, false, false, false },
	};
	struct rpt_diag d = { 0 };
	char text[1024], line[4 * RPT_WHY_LEN];

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct rpt_host_verdict v;
		struct rpt_host h;
		struct rpt_job j;
		int n;

		n = snprintf(text, sizeof(text),
			     DRAIN_HEADER
			     "{\"time_us\":1500000,\"interval_us\":500000,\"run_delay_us\":0,"
			     "\"cpu_us\":1000,\"ios\":500,\"intended_us\":500000,\"host_added_us\":0,"
			     "\"host_added_max_us\":0,\"late_ios\":0,\"drive_idle_us\":0,"
			     "\"planned_idle_us\":0,\"drain_ios\":0,\"drain_added_us\":0,"
			     "\"drain_late_ios\":0}\n"
			     "{\"time_us\":2000000,\"interval_us\":500000,\"run_delay_us\":0,"
			     "\"cpu_us\":1000,\"ios\":500,\"intended_us\":500000,\"host_added_us\":0,"
			     "\"host_added_max_us\":0,\"late_ios\":0,\"drive_idle_us\":0,"
			     "\"planned_idle_us\":0,\"drain_ios\":31,\"drain_added_us\":%.0f,"
			     "\"drain_late_ios\":%.0f}\n", c[i].drain_us, c[i].late);
		CHECK_EQ_INT(rpt_host_read_mem("x_host.1.jsonl", text, (size_t)n, &h, &d), 0);
		/* the window ends before the last interval's middle: the drain counts still */
		CHECK_EQ_INT(rpt_hostv_compute(&h, 1000, 1600, 32, 1000, &v), 0);
		CHECK_EQ_U64(v.intervals, 1);
		CHECK(v.drain_share.ok && v.drain_ios.ok);
		CHECK_NEAR(v.drain_ios.v, 31, 1e-9);
		CHECK_NEAR(v.drain_share.v, 100 * c[i].drain_us / (1000000 + c[i].drain_us), 1e-9);
		CHECK_NEAR(v.drain_mean_pct, 100 * c[i].drain_us / 1000000, 1e-9);
		CHECK_EQ_INT(v.drain_mean_marked, c[i].mean);
		CHECK_EQ_INT(rpt_hostv_drain_pct_marked(&v, 50), c[i].p50);
		CHECK_EQ_INT(rpt_hostv_drain_pct_marked(&v, 99), c[i].p99);
		CHECK_EQ_INT(rpt_hostv_drain_pct_marked(&v, 99.99), c[i].p9999);
		CHECK(!v.bound && !v.pct_marked);	/* the drain is not the host's */
		rpt_hostv_line(&v, line, sizeof(line));
		CHECK(!strncmp(line, "host: quiet: ", 13));
		CHECK_EQ_INT(strstr(line, "fio's end-of-job drain added") != NULL,
			     c[i].mean || c[i].p9999);
		if (i == 0)
			CHECK_CONTAINS(line, "fio's end-of-job drain added 8.0 % to the mean latency "
				       "(31 I/Os held 80.0 ms");
		memset(&j, 0, sizeof(j));
		rpt_fig_set(&j.lat_mean_us, 1);
		rpt_fig_set(&j.lat_p99_us, 2);
		rpt_fig_set(&j.lat_p9999_us, 3);
		rpt_fig_set(&j.mbps, 4);
		j.host = v;
		rpt_job_mark(&j);
		CHECK_EQ_INT(j.lat_mean_us.mark, c[i].mean ? RPT_MARK_DRAIN : 0);
		CHECK_EQ_INT(j.lat_p99_us.mark, c[i].p99 ? RPT_MARK_DRAIN : 0);
		CHECK_EQ_INT(j.lat_p9999_us.mark, c[i].p9999 ? RPT_MARK_DRAIN : 0);
		CHECK_EQ_INT(j.mbps.mark, 0);
		rpt_hostv_free(&v);
		rpt_host_free(&h);
	}
	/* a sidecar older than the drain's account: null with why, nothing marked */
	{
		static const char old[] =
			"{\"version\":1,\"kind\":\"host_start\",\"time_us\":1000000,\"tid\":1,"
			"\"source\":\"schedstat\",\"ncpu\":2,\"cpus_allowed\":2,\"model\":true,"
			"\"interval_ms\":500}\n"
			"{\"time_us\":1500000,\"interval_us\":500000,\"run_delay_us\":0,"
			"\"cpu_us\":1000,\"ios\":500,\"intended_us\":500000,\"host_added_us\":0,"
			"\"host_added_max_us\":0,\"late_ios\":0,\"drive_idle_us\":0}\n";
		struct rpt_host_verdict v;
		struct rpt_host h;

		CHECK_EQ_INT(rpt_host_read_mem("x_host.1.jsonl", old, sizeof(old) - 1, &h, &d), 0);
		CHECK_EQ_INT(rpt_hostv_compute(&h, NAN, NAN, 32, 500, &v), 0);
		CHECK(!v.drain_share.ok && !v.drain_ios.ok);
		CHECK_CONTAINS(v.drain_share.why, "no account of fio's drain");
		CHECK(!v.drain_mean_marked && !v.drain_pct_marked);
		rpt_hostv_free(&v);
		rpt_host_free(&h);
	}
	CHECK_STREQ(rpt_mark_sign(RPT_MARK_HOST | RPT_MARK_DRAIN), "!^");
	CHECK_STREQ(rpt_mark_sign(RPT_MARK_DRAIN), "^");
	CHECK_STREQ(rpt_mark_name(3), "drain");
	CHECK_CONTAINS(rpt_mark_note(RPT_MARK_DRAIN), "fio's end-of-job drain");
	rpt_diag_free(&d);
}

/* A sidecar of 1000 I/Os of 100 µs, fio's drain holding @held of them. */
static void drained_verdict(double held, struct rpt_host_verdict *v)
{
	struct rpt_diag d = { 0 };
	struct rpt_host h;
	char text[1024];
	int n;

	n = snprintf(text, sizeof(text),
		     DRAIN_HEADER
		     "{\"time_us\":1500000,\"interval_us\":500000,\"run_delay_us\":0,"
		     "\"cpu_us\":1000,\"ios\":1000,\"intended_us\":100000,\"host_added_us\":0,"
		     "\"host_added_max_us\":0,\"late_ios\":0,\"drive_idle_us\":0,"
		     "\"planned_idle_us\":0,\"drain_ios\":%.0f,\"drain_added_us\":%.0f,"
		     "\"drain_late_ios\":%.0f}\n", held, 200 * held, held);
	CHECK_EQ_INT(rpt_host_read_mem("x_host.1.jsonl", text, (size_t)n, &h, &d), 0);
	CHECK_EQ_INT(rpt_hostv_compute(&h, NAN, NAN, 32, 1000, v), 0);
	rpt_host_free(&h);
	rpt_diag_free(&d);
}

/* The value of fio's bucket of @us, µs */
static double bucket(double us)
{
	return rpt_lat_bin_ns((uint64_t)(us * 1000)) / 1000.0;
}

/*
 * The drain's percentiles from the job's latency distribution: with the
 * drained I/Os listed (model_pace), each taken back to its latency less its
 * hold, a percentile marked exactly when it moves by more than fio's
 * precision; without the list, the bound (none moved when the drained I/Os'
 * longest latency is under the percentile, else the percentile of drain_ios
 * fewer I/Os); a job without a distribution keeps the count rule.
 */
TEST(verdict_drain_pcts)
{
	/* 970 I/Os at 100 µs, 30 at 300 µs; 20 of these the drain held 200 µs */
	static const char moved[] =
		"{\"time_us\":1795990003000000,\"event\":\"model_pace\",\"job\":\"x\",\"kept\":true,"
		"\"host_added_share\":0,\"drain_ios\":20,\"drain_added_us\":4000,"
		"\"drain_late_ios\":20,\"drain_added_max_us\":200,\"drain_lat_max_us\":300,"
		"\"drain_lat_held_us\":[[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0],"
		"[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0],"
		"[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0]]}\n";
	/* the same drain on 20 of the 100 µs I/Os (held 50 µs): below p99, p50 kept */
	static const char below[] =
		"{\"time_us\":1795990003000000,\"event\":\"model_pace\",\"job\":\"x\",\"kept\":true,"
		"\"drain_ios\":20,\"drain_added_us\":1000,\"drain_late_ios\":0,"
		"\"drain_added_max_us\":50,\"drain_lat_max_us\":100,"
		"\"drain_lat_held_us\":[[100,50,0],[100,50,0],[100,50,0],[100,50,0],[100,50,0],[100,50,0],"
		"[100,50,0],[100,50,0],[100,50,0],[100,50,0],[100,50,0],[100,50,0],[100,50,0],[100,50,0],[100,50,0],"
		"[100,50,0],[100,50,0],[100,50,0],[100,50,0],[100,50,0]]}\n";
	/* all 30 slow I/Os drained: the maximum and the 99.999th come down too */
	static const char all[] =
		"{\"time_us\":1795990003000000,\"event\":\"model_pace\",\"job\":\"x\",\"kept\":true,"
		"\"drain_ios\":30,\"drain_added_us\":6000,\"drain_late_ios\":30,"
		"\"drain_lat_max_us\":300,\"drain_lat_held_us\":["
		"[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0],"
		"[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0],"
		"[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0],"
		"[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0],"
		"[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0],[300,200,0]]}\n";
	/* an event without the list: its longest latency only, or nothing of the drain */
	static const char nolist[] =
		"{\"time_us\":1795990003000000,\"event\":\"model_pace\",\"job\":\"x\",\"kept\":true,"
		"\"drain_ios\":20,\"drain_added_us\":1000,\"drain_late_ios\":0,"
		"\"drain_lat_max_us\":120}\n";
	static const char older[] =
		"{\"time_us\":1795990003000000,\"event\":\"model_pace\",\"job\":\"x\",\"kept\":true}\n";
	const struct {
		const char *ev;
		bool p50, p99, p999, p9999, bound;
		double p99_moved;
		bool max;
	} c[] = {
		{ moved, false, true, false, false, false, 100 * (1 - bucket(100) / bucket(300)), false },
		{ below, false, false, false, false, false, 0, false },
		{ nolist, false, false, false, false, true, 0, false },
		/* the bound: 20 fewer I/Os put p99 at 100 µs */
		{ older, false, true, false, false, true, 100 * (1 - bucket(100) / bucket(300)), false },
		{ all, false, true, true, true, false, 100 * (1 - bucket(100) / bucket(300)), true },
	};
	double us[2] = { bucket(100), bucket(300) }, le[2] = { 0.97, 1 };
	struct rpt_hostv_lat l = { us, le, 2, 1000, 0 };
	char line[4 * RPT_WHY_LEN];

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct rpt_events ev = { 0 };
		struct rpt_diag d = { 0 };
		struct rpt_host_verdict v;
		struct rpt_job j;

		CHECK_EQ_INT(rpt_events_read_mem("x_events.1.jsonl", c[i].ev, strlen(c[i].ev), "x",
						 &ev, &d), 0);
		CHECK_EQ_INT(ev.drain.have, c[i].ev != older);
		CHECK_EQ_INT(ev.drain.listed, c[i].ev == moved || c[i].ev == below || c[i].ev == all);
		drained_verdict(20, &v);
		/* without the distribution: the count rule, 20 held of 1000 */
		CHECK_EQ_INT(v.drain_pct_marked, 0x3e);
		CHECK_EQ_INT(rpt_hostv_drain_pcts(&v, &l, &ev.drain), 0);
		CHECK_EQ_INT(v.drain_pct_bound, c[i].bound);
		CHECK_EQ_INT(rpt_hostv_drain_pct_marked(&v, 50), c[i].p50);
		CHECK_EQ_INT(rpt_hostv_drain_pct_marked(&v, 99), c[i].p99);
		CHECK_EQ_INT(rpt_hostv_drain_pct_marked(&v, 99.9), c[i].p999);
		CHECK_EQ_INT(rpt_hostv_drain_pct_marked(&v, 99.99), c[i].p9999);
		CHECK_EQ_INT(rpt_hostv_drain_pct_marked(&v, 99.999), c[i].max);
		CHECK_EQ_INT(rpt_hostv_drain_pct_marked(&v, 100), c[i].max);
		CHECK_NEAR(v.drain_pct_moved[1], c[i].p99_moved, 1e-9);
		rpt_hostv_line(&v, line, sizeof(line));
		if (c[i].p99) {
			char want[64];

			snprintf(want, sizeof(want), "; it moved p99 %s%.1f %%",
				 c[i].bound ? "up to " : "", c[i].p99_moved);
			CHECK_CONTAINS(line, want);
		} else {
			CHECK(!strstr(line, "fio's end-of-job drain"));
		}
		memset(&j, 0, sizeof(j));
		rpt_fig_set(&j.lat_p99_us, 300);
		rpt_fig_set(&j.lat_p9999_us, 300);
		j.host = v;
		rpt_job_mark(&j);
		CHECK_EQ_INT(j.lat_p99_us.mark, c[i].p99 ? RPT_MARK_DRAIN : 0);
		CHECK_EQ_INT(j.lat_p9999_us.mark, c[i].p9999 ? RPT_MARK_DRAIN : 0);
		/* no list (several threads): the bound; the writes' row of a mixed
		 * job: the drained reads are not its */
		if (c[i].ev == moved) {
			struct rpt_hostv_lat w = l;

			CHECK_EQ_INT(rpt_hostv_drain_pcts(&v, &l, NULL), 0);
			CHECK(v.drain_pct_bound && rpt_hostv_drain_pct_marked(&v, 99));
			w.ddmask = 1u << RPT_DD_WRITE;
			CHECK_EQ_INT(rpt_hostv_drain_pcts(&v, &w, &ev.drain), 0);
			CHECK(!v.drain_pct_bound && !v.drain_pct_marked);
			CHECK_NEAR(v.drain_pct_moved[1], 0, 1e-9);
		}
		rpt_hostv_free(&v);
		rpt_events_free(&ev);
		rpt_diag_free(&d);
	}
}

/* The marks the verdict puts on a job's figures, and only those. */
TEST(marks_follow_verdict)
{
	double delay[3] = { 0, 0, 0 };
	struct rpt_job j;
	struct rpt_diag d = { 0 };
	struct rpt_host h;
	size_t len;
	char *buf = sidecar("schedstat", true, delay, 3, &len);
	struct rpt_fig *all[] = { &j.mbps, &j.iops, &j.power_w, &j.energy_j, &j.mbps_per_w,
				  &j.iops_per_w, &j.lat_mean_us, &j.lat_p99_us, &j.lat_p9999_us,
				  &j.peak_power_w };
	size_t i;

	memset(&j, 0, sizeof(j));
	for (i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		rpt_fig_set(all[i], 1 + i);
	CHECK_EQ_INT(rpt_host_read_mem("x_host.1.jsonl", buf, len, &h, &d), 0);
	CHECK_EQ_INT(rpt_hostv_compute(&h, NAN, NAN, 1, 30000, &j.host), 0);
	rpt_job_mark(&j);
	CHECK(j.mbps.mark & RPT_MARK_HOST);
	CHECK(j.iops.mark & RPT_MARK_HOST);
	CHECK(j.mbps_per_w.mark & RPT_MARK_HOST);
	CHECK(j.iops_per_w.mark & RPT_MARK_HOST);
	CHECK(!(j.lat_mean_us.mark & RPT_MARK_HOST));
	CHECK(j.lat_p99_us.mark & RPT_MARK_HOST);
	CHECK(j.lat_p9999_us.mark & RPT_MARK_HOST);
	CHECK(!(j.power_w.mark & RPT_MARK_HOST));	/* the drive's, not the host's */
	CHECK(!(j.peak_power_w.mark & RPT_MARK_HOST));
	CHECK(rpt_job_marks(&j) & RPT_MARK_HOST);
	CHECK_STREQ(rpt_mark_sign(j.iops.mark), "!");
	CHECK_STREQ(rpt_mark_sign(RPT_MARK_ESTIMATED | RPT_MARK_HOST), "~!");
	CHECK_STREQ(rpt_mark_name(2), "host");
	CHECK_CONTAINS(rpt_mark_note(RPT_MARK_HOST), "distorted by the host");
	rpt_hostv_free(&j.host);

	/* not measured: no host mark anywhere */
	memset(&j, 0, sizeof(j));
	for (i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		rpt_fig_set(all[i], 1 + i);
	rpt_hostv_not_measured(&j.host, "no host sidecar");
	rpt_job_mark(&j);
	CHECK(!(rpt_job_marks(&j) & RPT_MARK_HOST));
	rpt_host_free(&h);
	free(buf);
}

int main(void)
{
	RUN(read_intervals);
	RUN(bad_lines);
	RUN(version_refused);
	RUN(missing_file);
	RUN(verdict_namespace);
	RUN(verdict_no_schedstat);
	RUN(verdict_model);
	RUN(verdict_planned_idle);
	RUN(verdict_says_pace);
	RUN(verdict_model_starved);
	RUN(verdict_drain);
	RUN(verdict_drain_pcts);
	RUN(marks_follow_verdict);
	return harness_main();
}
