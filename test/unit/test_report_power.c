// SPDX-License-Identifier: GPL-2.0-only
/* Power figures over a job's active window, against hand-computed values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#include "drive_power.h"
#include "energy_counter.h"
#include "events.h"
#include "power.h"
#include <math.h>
#include <unistd.h>

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

/* The log of power_log() in a file, for what reads a path. */
static void log_file(char *path, size_t plen, const char *log, size_t len)
{
	FILE *f;
	int fd;

	snprintf(path, plen, "/tmp/ssdq-energy.XXXXXX");
	fd = mkstemp(path);
	CHECK(fd >= 0);
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (f) {
		fwrite(log, 1, len, f);
		fclose(f);
	}
}

TEST(energy_counter_over_the_window)
{
	/* 5 W by the samples, 49 J over 10 s by the counter: the counter wins */
	struct rpt_energy_counter c = { .have = true, .t0_ms = 0, .t1_ms = 10000, .joules = 49 };
	char path[64], note[512];
	size_t len;
	char *log = power_log(0, 10000, 100, 5000, -1, 0, &len);
	struct rpt_fig e = { 0 };

	log_file(path, sizeof(path), log, len);
	CHECK(rpt_energy_counter_window(&c, path, 0, 10000, &e, note, sizeof(note)));
	CHECK_W(e, 49.0);
	CHECK_STREQ(note, "energy counter over the window");
	/* a window ending 2 s before job_end (fio writing its logs): 10 J of samples out */
	memset(&e, 0, sizeof(e));
	CHECK(rpt_energy_counter_window(&c, path, 0, 8000, &e, note, sizeof(note)));
	CHECK_W(e, 39.0);
	CHECK_CONTAINS(note, "less 10.000 J over the 2.000 s");
	/* a counter that does not cover the window, and one that gave no figure */
	c.t0_ms = 2000;
	CHECK(!rpt_energy_counter_window(&c, path, 0, 8000, &e, note, sizeof(note)));
	CHECK_CONTAINS(note, "sum of power samples: the energy counter spans");
	c.t0_ms = 0;
	c.joules = NAN;
	snprintf(c.why, sizeof(c.why), "the counter stopped");
	CHECK(!rpt_energy_counter_window(&c, path, 0, 8000, &e, note, sizeof(note)));
	CHECK_CONTAINS(note, "gave no figure (the counter stopped)");
	c.have = false;
	CHECK(!rpt_energy_counter_window(&c, path, 0, 8000, &e, note, sizeof(note)));
	CHECK_CONTAINS(note, "no energy counter");
	unlink(path);
	free(log);
}

TEST(energy_counter_events)
{
	const char ok[] = "{\"time_us\":1700000010000000,\"event\":\"energy_counter\","
			  "\"source\":\"hwmon:x\",\"t0_us\":1700000000000000,\"joules\":49.5,"
			  "\"wraps\":1,\"drops\":1,\"bridged_j\":0.25,\"msg\":\"went back\"}\n";
	const char null[] = "{\"time_us\":1700000010000000,\"event\":\"energy_counter\","
			    "\"t0_us\":1700000000000000,\"joules\":null,\"msg\":\"stopped\"}\n";
	const char bad[] = "{\"time_us\":1700000010000000,\"event\":\"energy_counter\","
			   "\"joules\":1}\n";
	struct rpt_events e;
	struct rpt_diag d = { 0 };

	CHECK_EQ_INT(rpt_events_read_mem("ev", ok, strlen(ok), NULL, &e, &d), 0);
	CHECK(e.counter.have && e.counter.joules == 49.5 && e.counter.bridged_j == 0.25);
	CHECK(e.counter.t0_ms == 1700000000000.0 && e.counter.t1_ms == 1700000010000.0);
	CHECK_STREQ(e.counter.why, "went back");
	rpt_events_free(&e);
	CHECK_EQ_INT(rpt_events_read_mem("ev", null, strlen(null), NULL, &e, &d), 0);
	CHECK(e.counter.have && isnan(e.counter.joules));
	CHECK_STREQ(e.counter.why, "stopped");
	rpt_events_free(&e);
	/* no t0_us: the line is refused, named */
	CHECK_EQ_INT(rpt_events_read_mem("ev", bad, strlen(bad), NULL, &e, &d), 0);
	CHECK(!e.counter.have);
	CHECK_EQ_INT(e.bad_lines, 1);
	rpt_events_free(&e);
	rpt_diag_free(&d);
}

/* The drive's own figures: over the window as a counter's, held against the meter's. */
TEST(drive_figures_against_the_meter)
{
	/* the meter reads 5 W from 0 to 10 s; the drive says 5.1 W (51 J) ±3 % */
	struct rpt_drive_power dp = {
		.have = true, .t0_ms = 0, .t1_ms = 10000, .joules = 51, .avg_w = 5.1, .max_w = 6,
		.count = 10, .interval_s = 1, .resolution_w = 0.0001, .percent_error = 3,
		.beside = true, .source = "nvme-pm",
	};
	struct rpt_drive_figs f;
	char path[64];
	size_t len;
	char *log = power_log(0, 10000, 100, 5000, -1, 0, &len);

	log_file(path, sizeof(path), log, len);
	rpt_drive_figs(&dp, path, 0, 8000, &f);
	CHECK_W(f.energy_j, 41.0);		/* 51 J less the meter's 10 J outside */
	CHECK_W(f.power_w, 41.0 / 8);
	CHECK_W(f.max_w, 6.0);
	CHECK_W(f.vs_meter_pct, 2.0);
	CHECK_STREQ(f.within, "within");
	CHECK_EQ_INT(f.accuracy_pct, 3);
	CHECK_STREQ(f.source, "nvme-pm");
	CHECK_CONTAINS(f.note, "the drive's own measurement (nvme-pm, 10 intervals of 1 s)");
	/* 5.2 W is 4 % over: outside a stated 3 % */
	dp.avg_w = 5.2;
	rpt_drive_figs(&dp, path, 0, 8000, &f);
	CHECK_W(f.vs_meter_pct, 4.0);
	CHECK_STREQ(f.within, "outside");
	/* no accuracy stated: the difference, no verdict */
	dp.percent_error = -1;
	rpt_drive_figs(&dp, path, 0, 8000, &f);
	CHECK(f.vs_meter_pct.ok && f.within == NULL);
	/* alone, its log is its own: no comparison */
	dp.beside = false;
	rpt_drive_figs(&dp, path, 0, 8000, &f);
	CHECK(!f.vs_meter_pct.ok);
	CHECK_CONTAINS(f.vs_meter_pct.why, "no meter beside");
	CHECK(f.energy_j.ok);
	/* no figure from the drive, and no line at all */
	dp.joules = NAN;
	snprintf(dp.why, sizeof(dp.why), "the drive completed no interval of 1 s in the run");
	rpt_drive_figs(&dp, path, 0, 8000, &f);
	CHECK(!f.energy_j.ok && !f.power_w.ok && !f.max_w.ok && !f.vs_meter_pct.ok);
	CHECK_CONTAINS(f.energy_j.why, "completed no interval");
	dp.have = false;
	rpt_drive_figs(&dp, path, 0, 8000, &f);
	CHECK_CONTAINS(f.energy_j.why, "no drive_power event");
	CHECK_EQ_INT(f.accuracy_pct, -1);
	unlink(path);
	free(log);
}

TEST(drive_power_events)
{
	const char ok[] = "{\"time_us\":1700000010000000,\"event\":\"drive_power\","
			  "\"source\":\"model-pm:/tmp/x.state\",\"t0_us\":1700000000000000,"
			  "\"joules\":25.5,\"avg_w\":2.55,\"max_w\":3.7,\"count\":10000,"
			  "\"interval_s\":0.001,\"resolution_w\":0.0001,\"percent_error\":1,"
			  "\"estimated\":true,\"beside\":true}\n";
	const char none[] = "{\"time_us\":1700000010000000,\"event\":\"drive_power\","
			    "\"t0_us\":1700000000000000,\"joules\":null,\"count\":0,"
			    "\"percent_error\":null,\"msg\":\"no interval\"}\n";
	const char *bad[] = {
		"{\"time_us\":1700000010000000,\"event\":\"drive_power\",\"joules\":1}\n",
		"{\"time_us\":1700000010000000,\"event\":\"drive_power\",\"t0_us\":1700000000000000,"
		"\"joules\":1,\"avg_w\":2,\"max_w\":1}\n",
		"{\"time_us\":1700000010000000,\"event\":\"drive_power\",\"t0_us\":1700000000000000,"
		"\"joules\":1,\"avg_w\":2,\"max_w\":3,\"percent_error\":300}\n",
		"{\"time_us\":1700000010000000,\"event\":\"drive_power\",\"t0_us\":1700000000000000,"
		"\"joules\":\"many\"}\n",
	};
	struct rpt_events e;
	struct rpt_diag d = { 0 };

	CHECK_EQ_INT(rpt_events_read_mem("ev", ok, strlen(ok), NULL, &e, &d), 0);
	CHECK(e.drive.have && e.drive.joules == 25.5 && e.drive.avg_w == 2.55);
	CHECK(e.drive.max_w == 3.7 && e.drive.count == 10000 && e.drive.percent_error == 1);
	CHECK(e.drive.beside && e.drive.estimated);
	CHECK_STREQ(e.drive.source, "model-pm");
	CHECK(e.drive.t0_ms == 1700000000000.0 && e.drive.t1_ms == 1700000010000.0);
	rpt_events_free(&e);
	CHECK_EQ_INT(rpt_events_read_mem("ev", none, strlen(none), NULL, &e, &d), 0);
	CHECK(e.drive.have && isnan(e.drive.joules) && e.drive.percent_error == -1);
	CHECK_STREQ(e.drive.why, "no interval");
	rpt_events_free(&e);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK_EQ_INT(rpt_events_read_mem("ev", bad[i], strlen(bad[i]), NULL, &e, &d), 0);
		CHECK(!e.drive.have);
		CHECK_EQ_INT(e.bad_lines, 1);
		rpt_events_free(&e);
	}
	CHECK(d.n >= 4);
	rpt_diag_free(&d);
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
	RUN(energy_counter_over_the_window);
	RUN(energy_counter_events);
	RUN(drive_figures_against_the_meter);
	RUN(drive_power_events);
	return harness_main();
}
