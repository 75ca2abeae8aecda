// SPDX-License-Identifier: GPL-2.0-only
/* Power figures over a job's active window, against hand-computed values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#include "power.h"

static char *power_log(double t0, double t1, double step, double mw,
		       double spike_t, double spike_mw, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	double t;

	for (t = t0; t <= t1; t += step)
		fprintf(f, "%.0f, %.0f, 0, 0, 0\n", t, t == spike_t ? spike_mw : mw);
	fclose(f);
	return buf;
}

static void run(const char *log, size_t len, double w0, double w1, struct rpt_power *p)
{
	struct rpt_log_reader r;

	rpt_log_open_mem(&r, "p.log", log, len);
	CHECK_EQ_INT(rpt_power_read(&r, w0, w1, p), 0);
}

#define CHECK_W(fig, want)						\
	harness_check((fig).ok && (fig).v > (want) - 1e-9 && (fig).v < (want) + 1e-9, \
		      __FILE__, __LINE__, "%s: %s%.9f (%s), want %.9f", #fig,	\
		      (fig).ok ? "" : "null ", (fig).v, (fig).why, (double)(want))

TEST(window_only)
{
	size_t len;
	/* 1500 mW idle except 5000 mW from 2000 to 8000 ms is not how a log
	 * looks: use a flat 5000 mW log and a 9000 mW spike at 5100 ms */
	char *log = power_log(0, 10000, 100, 5000, 5100, 9000, &len);
	struct rpt_power p;

	run(log, len, 2000, 8000, &p);
	CHECK_W(p.avg_w, (59 * 5.0 + 9.0) / 60);
	CHECK_W(p.energy_j, (59 * 5.0 + 9.0) / 60 * 6);
	CHECK_W(p.peak_w, 9.0);
	free(log);
}

TEST(idle_outside_window_excluded)
{
	char log[] = "0, 1000, 0, 0\n1000, 1000, 0, 0\n2000, 7000, 0, 0\n"
		     "3000, 7000, 0, 0\n4000, 1000, 0, 0\n5000, 1000, 0, 0\n";
	struct rpt_power p;

	/* (1000, 3000] at 7 W; coarse 1 s samples: every 100 ms window is 7 W */
	run(log, strlen(log), 1000, 3000, &p);
	CHECK_W(p.avg_w, 7.0);
	CHECK_W(p.energy_j, 14.0);
	CHECK_W(p.peak_w, 7.0);
}

TEST(too_little_coverage)
{
	size_t len;
	char *log = power_log(0, 10000, 100, 5000, -1, 0, &len);
	struct rpt_power p;

	run(log, len, 2000, 20000, &p);
	CHECK(!p.avg_w.ok && !p.energy_j.ok && !p.peak_w.ok);
	CHECK_CONTAINS(p.avg_w.why, "covers 44% of the job's active window");
	free(log);
}

TEST(huge_gap_is_fast)
{
	char log[] = "0, 1000, 0, 0\n1000000000000000, 3000, 0, 0\n";
	struct rpt_power p;

	run(log, strlen(log), 0, 1e15, &p);
	CHECK(p.avg_w.ok);
	CHECK_W(p.peak_w, 3.0);
}

TEST(bad_lines)
{
	char neg[] = "0, 1000, 0, 0\n100, -5, 0, 0\n";
	char junk[] = "0, 1000, 0, 0\n100, 5 mW, 0, 0\n";
	struct rpt_log_reader r;
	struct rpt_power p;

	rpt_log_open_mem(&r, "p.log", neg, strlen(neg));
	CHECK(rpt_power_read(&r, 0, 100, &p) < 0);
	CHECK_CONTAINS(p.avg_w.why, "p.log:2: negative power");
	rpt_log_open_mem(&r, "p.log", junk, strlen(junk));
	CHECK(rpt_power_read(&r, 0, 100, &p) < 0);
	CHECK_CONTAINS(p.avg_w.why, "p.log:2: field 2 (value)");
}

/*
 * A burst test: 4 W while a burst runs, 0.1 W idle between. A sample at t
 * stands for (t - 10, t]: 4000 mW when that lies in a burst. Truth: 4 W over
 * the bursts (the whole span would read about 1.5 W), energy 4 W x 1.8 s.
 */
static const double bursts[][2] = {
	{ 5400, 5800 }, { 1000, 1500 }, { 3000, 3500 }, { 5000, 5600 },	/* last two overlap */
};

static char *burst_power_log(size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	double t;
	size_t i;

	for (t = 0; t <= 8000; t += 10) {
		double mw = 100;

		for (i = 0; i < sizeof(bursts) / sizeof(bursts[0]); i++)
			if (t > bursts[i][0] && t <= bursts[i][1])
				mw = 4000;
		fprintf(f, "%.0f, %.0f, 0, 0, 0\n", t, mw);
	}
	fclose(f);
	return buf;
}

TEST(bursts_only)
{
	struct rpt_span sp[4];
	struct rpt_log_reader r;
	struct rpt_power p;
	size_t i, len;
	char *log = burst_power_log(&len);

	for (i = 0; i < 4; i++) {
		sp[i].t0_ms = bursts[i][0];
		sp[i].t1_ms = bursts[i][1];
	}
	rpt_log_open_mem(&r, "p.log", log, len);
	CHECK_EQ_INT(rpt_power_read_spans(&r, sp, 4, &p), 0);
	CHECK_W(p.avg_w, 4.0);
	CHECK_W(p.energy_j, 4.0 * 1.8);
	CHECK_W(p.peak_w, 4.0);
	/* the whole span, idle included, reads far less */
	rpt_log_open_mem(&r, "p.log", log, len);
	CHECK_EQ_INT(rpt_power_read(&r, 1000, 5800, &p), 0);
	CHECK(p.avg_w.ok && p.avg_w.v < 2.0);
	free(log);
}

TEST(bursts_coverage)
{
	/* the log ends in the second burst: 500 + 200 of 1000 ms covered */
	struct rpt_span sp[2] = { { 1000, 1500 }, { 3000, 3500 } };
	struct rpt_log_reader r;
	struct rpt_power p;
	size_t len;
	char *log = power_log(0, 3200, 10, 4000, -1, 0, &len);

	rpt_log_open_mem(&r, "p.log", log, len);
	CHECK_EQ_INT(rpt_power_read_spans(&r, sp, 2, &p), 0);
	CHECK(!p.avg_w.ok && !p.energy_j.ok);
	CHECK_CONTAINS(p.avg_w.why, "covers 70% of the job's bursts (1000 ms in all)");
	free(log);
}

int main(void)
{
	RUN(bursts_only);
	RUN(bursts_coverage);
	RUN(window_only);
	RUN(idle_outside_window_excluded);
	RUN(too_little_coverage);
	RUN(huge_gap_is_fast);
	RUN(bad_lines);
	return harness_main();
}
