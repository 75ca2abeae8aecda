// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fill / SLC analysis against synthetic drives whose ground truth is known:
 * a drive model writes at a speed that depends on the bytes written so far
 * (plus per-sample noise, recovery jumps, several steps), fio-style bw log
 * lines (integer KiB/s averaged over 500 ms, unix ms times) are produced from
 * it, and the analysis reads them back through the log reader.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#include "fill.h"
#include "reader_log.h"
#include "slc.h"
#include "smart.h"

#define GB	1e9

struct drive {
	/* levels: speed[i] MB/s until step[i] bytes written */
	double step[8];
	double speed[8];
	int nsteps;
	double noise;		/* +- share, uniform, per 500 ms sample */
	double jump_at[8];	/* brief recovery to speed[0] for jump_len bytes */
	int njumps;
	double jump_len;
	double alt_from;	/* from here on, every other sample at alt_speed */
	double alt_speed;
	double first_sample;	/* speed share of the first sample (ramp-up) */
	double ramp_from;	/* speed[0] falls linearly to speed[1] from here */
	double ramp_to;		/* to here (a gradual fall), when set */
	double total;		/* bytes to write */
};

struct truth {
	double bytes;
	double ms;
};

static unsigned long long rng_state;

static double rnd(void)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (double)(rng_state >> 11) / 9007199254740992.0;
}

static double drive_speed(const struct drive *d, double b, long sample)
{
	int i;

	for (i = 0; i < d->njumps; i++)
		if (b >= d->jump_at[i] && b < d->jump_at[i] + d->jump_len)
			return d->speed[0];
	if (d->alt_from && b >= d->alt_from && sample % 2)
		return d->alt_speed;
	if (d->ramp_to > d->ramp_from && b >= d->ramp_from)
		return b >= d->ramp_to ? d->speed[1] : d->speed[0] +
		       (d->speed[1] - d->speed[0]) * (b - d->ramp_from) / (d->ramp_to - d->ramp_from);
	for (i = 0; i < d->nsteps - 1; i++)
		if (b < d->step[i])
			return d->speed[i];
	return d->speed[d->nsteps - 1];
}

/* Write the drive's bw log (samples every @avg ms) into a memory buffer. */
static char *simulate_ms(const struct drive *d, struct truth *t, size_t *len, int avg)
{
	const double t0 = 1795990000000.0;
	double b = 0, ms = 0;
	long sample = 0;
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	while (b < d->total) {
		double f_noise = 1 + d->noise * (2 * rnd() - 1), win = 0;
		int k;

		if (!sample && d->first_sample)
			f_noise = d->first_sample;
		for (k = 0; k < avg && b < d->total; k++) {
			double step = drive_speed(d, b, sample) * f_noise * 1000;

			if (b + step > d->total)
				step = d->total - b;
			b += step;
			win += step;
			ms += 1;
		}
		fprintf(f, "%.0f, %.0f, 1, 0, 0\n", t0 + ms, win / (k / 1000.0) / 1024);
		sample++;
		if (k < avg)
			break;
	}
	fclose(f);
	t->bytes = b;
	t->ms = ms;
	return buf;
}

static int analyse_ms(const struct drive *d, struct rpt_fill *f, struct truth *t, int avg)
{
	struct rpt_fill_curve c;
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	size_t len;
	char *log = simulate_ms(d, t, &len, avg);
	int ret;

	rpt_fill_init(&c, avg);
	rpt_log_open_mem(&r, "synthetic", log, len);
	while ((ret = rpt_log_next(&r, &s)) == 1)
		if (rpt_fill_add_sample(&c, &s))
			break;
	CHECK_EQ_INT(ret, 0);
	CHECK_EQ_INT(rpt_fill_finish(&c), 0);
	ret = rpt_slc_analyse(&c, f);
	rpt_fill_free(&c);
	free(log);
	return ret;
}

static int analyse(const struct drive *d, struct rpt_fill *f, struct truth *t)
{
	return analyse_ms(d, f, t, 500);
}

/* the stated range holds @gb */
static void check_range(const struct rpt_fill *f, double gb)
{
	if (CHECK(f->slc_range.ok))
		CHECK(f->slc_range.lo_gb <= gb && gb <= f->slc_range.hi_gb);
	printf("  range %.2f-%.2f GB, figure %s %.2f\n", f->slc_range.lo_gb, f->slc_range.hi_gb,
	       f->slc_cache_gb.ok ? "" : "null", f->slc_cache_gb.v);
}

static void check_cache(const struct rpt_fill *f, double gb)
{
	if (CHECK(f->slc_cache_gb.ok))
		CHECK_NEAR(f->slc_cache_gb.v, gb, 0.02);
	else
		printf("  reason: %s\n", f->slc_cache_gb.why);
}

TEST(clean_step)
{
	struct drive d = { .step = { 88 * GB }, .speed = { 2800, 600 }, .nsteps = 2,
			   .total = 200 * GB };
	struct rpt_fill f;
	struct truth t;

	CHECK_EQ_INT(analyse(&d, &f, &t), 0);
	check_cache(&f, 88);
	CHECK_NEAR(f.in_cache_mbps.v, 2800, 0.01);
	CHECK_NEAR(f.post_cache_mbps.v, 600, 0.01);
	CHECK_NEAR(f.last16_mbps.v, 600, 0.01);
	CHECK_NEAR(f.overall_mbps.v, t.bytes / t.ms / 1000, 0.001);
	CHECK_NEAR(f.gb_written, t.bytes / GB, 0.001);
	CHECK_EQ_INT(f.nsegments, 200);
	CHECK_NEAR(f.segment_mbps[10], 2800, 0.01);
	CHECK_NEAR(f.segment_mbps[150], 600, 0.01);
	CHECK_EQ_INT(f.nphases, 2);
	rpt_fill_figures_free(&f);
}

TEST(noisy)
{
	struct drive d = { .step = { 45 * GB }, .speed = { 3000, 900 }, .nsteps = 2,
			   .noise = 0.10, .total = 150 * GB };
	struct rpt_fill f;
	struct truth t;

	rng_state = 1;
	CHECK_EQ_INT(analyse(&d, &f, &t), 0);
	check_cache(&f, 45);
	CHECK_NEAR(f.in_cache_mbps.v, 3000, 0.03);
	CHECK_NEAR(f.post_cache_mbps.v, 900, 0.03);
	CHECK_NEAR(f.overall_mbps.v, t.bytes / t.ms / 1000, 0.001);
	CHECK_EQ_INT(f.nphases, 2);
	rpt_fill_figures_free(&f);
}

TEST(recovery_jumps)
{
	struct drive d = { .step = { 30 * GB }, .speed = { 2000, 500 }, .nsteps = 2,
			   .jump_at = { 34 * GB, 52 * GB, 75 * GB }, .njumps = 3,
			   .jump_len = 1.2 * GB, .noise = 0.05, .total = 100 * GB };
	struct rpt_fill f;
	struct truth t;

	rng_state = 2;
	CHECK_EQ_INT(analyse(&d, &f, &t), 0);
	check_cache(&f, 30);
	CHECK_NEAR(f.in_cache_mbps.v, 2000, 0.03);
	rpt_fill_figures_free(&f);
}

TEST(multi_step)
{
	struct drive d = { .step = { 20 * GB, 45 * GB }, .speed = { 3500, 1800, 700 },
			   .nsteps = 3, .noise = 0.05, .total = 120 * GB };
	struct rpt_fill f;
	struct truth t;

	rng_state = 3;
	CHECK_EQ_INT(analyse(&d, &f, &t), 0);
	check_cache(&f, 20);
	CHECK_NEAR(f.post_cache_mbps.v, 1800, 0.03);
	if (CHECK_EQ_INT(f.nphases, 3)) {
		CHECK(fabs(f.phases[1].end_gb - 45) <= 1);
		CHECK_NEAR(f.phases[2].mbps, 700, 0.03);
	}
	rpt_fill_figures_free(&f);
}

/* The shape of TechPowerUp's 1 TB example: 88 GB at 2.8 GB/s, 600 MB/s to
 * 800 GB, then jumping between 600 and 80 MB/s until full. */
TEST(review_shape)
{
	struct drive d = { .step = { 88 * GB }, .speed = { 2800, 600 }, .nsteps = 2,
			   .alt_from = 800 * GB, .alt_speed = 80, .noise = 0.03,
			   .total = 1000 * GB };
	struct rpt_fill f;
	struct truth t;

	rng_state = 4;
	CHECK_EQ_INT(analyse(&d, &f, &t), 0);
	check_cache(&f, 88);
	CHECK_NEAR(f.post_cache_mbps.v, 600, 0.02);
	if (CHECK_EQ_INT(f.nphases, 3)) {
		CHECK(fabs(f.phases[1].end_gb - 800) <= 2);
		/* half the time at each: (600 + 80) / 2 MB/s */
		CHECK_NEAR(f.phases[2].mbps, 340, 0.05);
	}
	CHECK_NEAR(f.last16_mbps.v, 340, 0.05);
	CHECK_NEAR(f.overall_mbps.v, t.bytes / t.ms / 1000, 0.001);
	rpt_fill_figures_free(&f);
}

TEST(no_cache_end)
{
	struct drive d = { .speed = { 1500 }, .nsteps = 1, .noise = 0.05,
			   .total = 40 * GB };
	struct rpt_fill f;
	struct truth t;

	rng_state = 5;
	CHECK_EQ_INT(analyse(&d, &f, &t), 0);
	CHECK(!f.slc_cache_gb.ok);
	CHECK_CONTAINS(f.slc_cache_gb.why, "never fell");
	CHECK(!f.in_cache_mbps.ok);
	CHECK_NEAR(f.overall_mbps.v, 1500, 0.02);
	CHECK_EQ_INT(f.nphases, 1);
	rpt_fill_figures_free(&f);
}

TEST(dip_inside_cache)
{
	struct drive d = { .step = { 25 * GB, 26.5 * GB, 60 * GB },
			   .speed = { 2500, 800, 2500, 400 }, .nsteps = 4,
			   .noise = 0.05, .total = 120 * GB };
	struct rpt_fill f;
	struct truth t;

	rng_state = 6;
	CHECK_EQ_INT(analyse(&d, &f, &t), 0);
	check_cache(&f, 60);
	rpt_fill_figures_free(&f);
}

/*
 * A host stall a few GB before the end of a large cache: the window that
 * tells a fall from a dip (a quarter of the bytes so far) reaches well past
 * the edge, so the speed after the stall is mostly low there too. The cache
 * still ends at the last fall, where the flagship test's 1/250 QLC fill
 * once put it 8 GB early (146.7 for 155.0 GB).
 */
TEST(stall_before_edge)
{
	struct drive d = { .step = { 146.5 * GB, 147.5 * GB, 155 * GB },
			   .speed = { 2000, 500, 2000, 150 }, .nsteps = 4,
			   .noise = 0.03, .total = 400 * GB };
	struct rpt_fill f;
	struct truth t;

	rng_state = 11;
	CHECK_EQ_INT(analyse(&d, &f, &t), 0);
	check_cache(&f, 155);
	rpt_fill_figures_free(&f);
}

TEST(small_cache)
{
	struct drive d = { .step = { 6 * GB }, .speed = { 2000, 450 }, .nsteps = 2,
			   .noise = 0.05, .total = 40 * GB };
	struct rpt_fill f;
	struct truth t;

	rng_state = 7;
	CHECK_EQ_INT(analyse(&d, &f, &t), 0);
	check_cache(&f, 6);
	CHECK(!f.last16_mbps.ok || harness_near(f.last16_mbps.v, 450, 0.03));
	rpt_fill_figures_free(&f);
}

TEST(slow_first_sample)
{
	struct drive d = { .step = { 50 * GB }, .speed = { 2400, 700 }, .nsteps = 2,
			   .first_sample = 0.3, .noise = 0.05, .total = 100 * GB };
	struct rpt_fill f;
	struct truth t;

	rng_state = 8;
	CHECK_EQ_INT(analyse(&d, &f, &t), 0);
	check_cache(&f, 50);
	rpt_fill_figures_free(&f);
}

/*
 * A sweep of cache sizes, so the edge falls anywhere inside a log sample.
 * The edge is placed from the straddling sample's speed, so that sample's own
 * noise limits the precision to about half the noise times the sample's bytes
 * (4 % of 1.6 GB here, ~0.07 GB, seldom up to twice that): 2 % holds from
 * about 7 GB of cache on; smaller caches get that absolute precision.
 */
TEST(cache_size_sweep)
{
	double gb;
	int worst = 0;

	for (gb = 7; gb < 300; gb *= 1.23) {
		struct drive d = { .step = { gb * GB }, .speed = { 3200, 1100 },
				   .nsteps = 2, .noise = 0.08, .total = (gb + 30) * GB };
		struct rpt_fill f;
		struct truth t;

		rng_state = (unsigned long long)(gb * 1000);
		analyse(&d, &f, &t);
		if (!CHECK(f.slc_cache_gb.ok && harness_near(f.slc_cache_gb.v, gb, 0.02)))
			printf("  cache %.2f GB: got %s%.3f (%.2f-%.2f) %s\n", gb,
			       f.slc_cache_gb.ok ? "" : "null ", f.slc_cache_gb.v, f.slc_range.lo_gb,
			       f.slc_range.hi_gb, f.slc_cache_gb.ok ? "" : f.slc_cache_gb.why);
		else if (fabs(f.slc_cache_gb.v - gb) / gb * 1000 > worst)
			worst = (int)(fabs(f.slc_cache_gb.v - gb) / gb * 1000);
		rpt_fill_figures_free(&f);
	}
	printf("  worst cache-size error in the sweep: %.1f%%\n", worst / 10.0);
}

/*
 * Integration, not averaging: uneven sample spacing. A gap of up to 1.5
 * log_avg_msec is the sample's own interval (fio's helper thread ticked
 * late); a longer one held intervals in which no I/O completed, for which fio
 * logs nothing, and the sample's rate covers its last log_avg_msec only.
 */
TEST(integrates_bandwidth)
{
	static const char log[] =
		"1000, 1000000, 1, 0, 0\n"	/* 1 s at 1024e6 B/s (avg 1000 ms) */
		"1500, 2000000, 1, 0, 0\n"	/* 0.5 s at 2048e6 B/s */
		"2700, 500000, 1, 0, 0\n"	/* 1.2 s at 512e6 B/s: late tick */
		"5700, 250000, 1, 0, 0\n";	/* 2 s without I/O, 1 s at 256e6 B/s */
	struct rpt_fill_curve c;
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	struct rpt_fill f;
	double bytes = 1024e6 + 1024e6 + 614.4e6 + 256e6;

	rpt_fill_init(&c, 1000);
	rpt_log_open_mem(&r, "uneven", log, sizeof(log) - 1);
	while (rpt_log_next(&r, &s) == 1)
		rpt_fill_add_sample(&c, &s);
	CHECK_EQ_INT(rpt_fill_finish(&c), 0);
	CHECK_NEAR(c.bytes, bytes, 1e-9);
	CHECK_NEAR(c.ms, 5700, 1e-9);
	/*
	 * The idle 2 s lie before the last sample's second, not spread over
	 * its 3 s: the first curve point (every 1/16 GB) after them is at
	 * 2.6875 GB, 25.1 MB into that second.
	 */
	CHECK_NEAR(rpt_fill_time_at(&c, 2.6875e9), 4700 + (2.6875e9 - 2662.4e6) / 256e6 * 1000, 1e-9);
	CHECK_NEAR(rpt_fill_time_at(&c, 2.625e9), 1500 + (2.625e9 - 2048e6) / 512e6 * 1000, 1e-9);
	CHECK_EQ_INT(rpt_slc_analyse(&c, &f), 0);
	/* bytes / time, not the mean of the samples */
	CHECK_NEAR(f.overall_mbps.v, bytes / 5.7 / 1e6, 1e-6);
	/* the first GB: all of it in the first second */
	CHECK_NEAR(f.segment_mbps[0], 1024, 1e-6);
	CHECK(!f.last16_mbps.ok);
	rpt_fill_figures_free(&f);
	rpt_fill_free(&c);
}

TEST(per_io_log)
{
	/* log_avg_msec=0: one line per 1 MiB I/O, times in ms */
	char *buf = NULL;
	size_t len, i;
	FILE *f = open_memstream(&buf, &len);
	struct rpt_fill_curve c;
	struct rpt_log_reader r;
	struct rpt_log_sample s;

	for (i = 0; i < 20000; i++)	/* 2 I/Os per ms: 2097 MB/s */
		fprintf(f, "%zu, 1024000, 1, 1048576, 0\n", 1 + i / 2);
	fclose(f);
	rpt_fill_init(&c, 0);
	rpt_log_open_mem(&r, "per-io", buf, len);
	while (rpt_log_next(&r, &s) == 1)
		rpt_fill_add_sample(&c, &s);
	CHECK_EQ_INT(rpt_fill_finish(&c), 0);
	CHECK_NEAR(c.bytes, 20000 * 1048576.0, 1e-12);
	CHECK_NEAR(c.bytes / c.ms / 1000, 2 * 1048576 / 1000.0, 0.001);
	/* the first ms-group runs at the second one's rate */
	CHECK_NEAR(c.t_first, 0, 1e-9);
	CHECK_NEAR(rpt_fill_time_at(&c, 2 * 1048576.0), 1, 1e-9);
	rpt_fill_free(&c);
	free(buf);
}

/* Read the per-I/O log @buf (a model scaled 1/@scale) and analyse its fill. */
static int analyse_per_io(const char *name, char *buf, size_t len, double scale,
			  struct rpt_fill *f)
{
	struct rpt_fill_curve c;
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	int ret;

	rpt_fill_init(&c, 0);
	if (scale > 1)
		rpt_fill_set_scale(&c, scale);
	rpt_log_open_mem(&r, name, buf, len);
	while (rpt_log_next(&r, &s) == 1)
		rpt_fill_add_sample(&c, &s);
	ret = rpt_fill_finish(&c);
	if (!ret)
		ret = rpt_slc_analyse(&c, f);
	rpt_fill_free(&c);
	return ret;
}

/*
 * Per-I/O logs with a few I/Os per ms: the ms-groups alternate between 2 and
 * 3 I/Os (2097 and 3146 MB/s), the true speed 2621 MB/s, then 655 MB/s. The
 * speeds are taken over 10 ms, so the alternation is no fall; the edge is
 * placed at the true one.
 */
TEST(per_io_quantized)
{
	char *buf = NULL;
	size_t len;
	FILE *fp = open_memstream(&buf, &len);
	struct rpt_fill f;
	double b = 0, t = 0, edge = 0;
	long ms = 1000;

	/* 1 MiB I/Os; a drive at 2.5 I/Os per ms for 60 GB, then 0.625 per ms */
	while (b < 120e9) {
		double rate = b < 60e9 ? 2.5 : 0.625;	/* I/Os per ms */

		t += 1 / rate;
		b += 1048576;
		if (b >= 60e9 && !edge)
			edge = b;
		fprintf(fp, "%ld, 1000000, 1, 1048576, 0\n", ms + (long)t);
	}
	fclose(fp);
	CHECK_EQ_INT(analyse_per_io("per-io", buf, len, 1, &f), 0);
	if (CHECK(f.slc_cache_gb.ok))
		CHECK_NEAR(f.slc_cache_gb.v, 60, 0.01);
	CHECK_NEAR(f.in_cache_mbps.v, 2.5 * 1048.576, 0.01);
	CHECK_NEAR(f.post_cache_mbps.v, 0.625 * 1048.576, 0.01);
	rpt_fill_figures_free(&f);
	free(buf);
}

/* A model drive scaled 1/1000: the curve is the full drive's. */
TEST(scaled_model)
{
	struct drive d = { .step = { 88 * GB }, .speed = { 2800, 650 }, .nsteps = 2,
			   .noise = 0.03, .total = 400 * GB };
	struct drive small = d;
	struct rpt_fill_curve c;
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	struct rpt_fill f;
	struct truth t;
	size_t len;
	char *log;

	/* the scaled drive: the same speeds, 1/1000 of the sizes */
	small.step[0] /= 1000;
	small.total /= 1000;
	rng_state = 9;
	log = simulate_ms(&small, &t, &len, 2);
	rpt_fill_init(&c, 2);
	rpt_fill_set_scale(&c, 1000);
	rpt_log_open_mem(&r, "scaled", log, len);
	while (rpt_log_next(&r, &s) == 1)
		rpt_fill_add_sample(&c, &s);
	CHECK_EQ_INT(rpt_fill_finish(&c), 0);
	/* the log's integer KiB/s round a little */
	CHECK_NEAR(c.bytes, t.bytes * 1000, 1e-6);
	CHECK_NEAR(c.ms, t.ms * 1000, 1e-9);
	CHECK_EQ_INT(rpt_slc_analyse(&c, &f), 0);
	CHECK_NEAR(f.scale, 1000, 0.0);
	CHECK_NEAR(f.gb_written, d.total / GB, 0.001);
	check_cache(&f, 88);
	CHECK_NEAR(f.in_cache_mbps.v, 2800, 0.02);
	CHECK_NEAR(f.post_cache_mbps.v, 650, 0.02);
	CHECK_NEAR(f.last16_mbps.v, 650, 0.03);
	CHECK_EQ_INT(f.nsegments, 400);
	CHECK_NEAR(f.segment_mbps[40], 2800, 0.05);
	CHECK_NEAR(f.segment_mbps[300], 650, 0.05);
	rpt_fill_figures_free(&f);
	rpt_fill_free(&c);
	free(log);
	(void)d;
}

/*
 * Noise alone makes no phase: 30 drives with a cache and one level after it,
 * 10 % noise per sample, some with brief recovery jumps, must show two phases.
 */
TEST(no_spurious_phases)
{
	int i, bad = 0;

	for (i = 0; i < 30; i++) {
		struct drive d = { .step = { (20 + 7 * i) * GB }, .speed = { 3000, 450 + 40 * i },
				   .nsteps = 2, .noise = 0.10, .total = (120 + 25 * i) * GB };
		struct rpt_fill f;
		struct truth t;

		if (i % 3 == 0) {
			d.jump_at[0] = d.step[0] + 30 * GB;
			d.jump_at[1] = d.step[0] + 70 * GB;
			d.njumps = 2;
			d.jump_len = 1 * GB;
		}
		rng_state = 100 + i;
		analyse(&d, &f, &t);
		if (f.nphases != 2) {
			bad++;
			printf("  drive %d: %zu phases:", i, f.nphases);
			for (size_t k = 0; k < f.nphases; k++)
				printf(" %.1f-%.1f@%.0f", f.phases[k].start_gb, f.phases[k].end_gb,
				       f.phases[k].mbps);
			putchar('\n');
		}
		rpt_fill_figures_free(&f);
	}
	CHECK_EQ_INT(bad, 0);
}

/* Putting bytes before the curve re-grids it; bytes_at inverts time_at. */
TEST(prepend_and_inverse)
{
	struct rpt_fill_curve c;
	double x;

	rpt_fill_init(&c, 100);
	c.started = true;
	rpt_fill_add(&c, 3e9, 1000);		/* 3 GB/s */
	rpt_fill_add(&c, 1e9, 1000);		/* 1 GB/s */
	CHECK_EQ_INT(rpt_fill_prepend(&c, 0.5e9, 250), 0);	/* 2 GB/s */
	CHECK_NEAR(c.bytes, 4.5e9, 1e-12);
	CHECK_NEAR(c.ms, 2250, 1e-12);
	CHECK_NEAR(rpt_fill_time_at(&c, 0.25e9), 125, 1e-9);
	CHECK_NEAR(rpt_fill_time_at(&c, 0.5e9 + 1.5e9), 250 + 500, 1e-9);
	CHECK_NEAR(rpt_fill_time_at(&c, 4e9), 1750, 1e-9);
	for (x = 0.1e9; x < 4.5e9; x += 0.37e9)
		CHECK_NEAR(rpt_fill_bytes_at(&c, rpt_fill_time_at(&c, x)), x, 1e-9);
	CHECK_EQ_INT(rpt_fill_prepend(&c, 0, 10), -EINVAL);
	rpt_fill_free(&c);
}

/*
 * A log that sums to more than fio counted: the first interval keeps what
 * its time says, the rest is stretched (here squeezed 2 %) to the total, its
 * level change moving with its bytes and its times unchanged.
 */
TEST(prepend_stretches_the_rest)
{
	struct rpt_fill_curve c;

	rpt_fill_init(&c, 100);
	c.started = true;
	rpt_fill_add(&c, 3e9, 1000);		/* 3 GB/s */
	rpt_fill_add(&c, 1e9, 1000);		/* 1 GB/s */
	CHECK_EQ_INT(rpt_fill_prepend_to(&c, 0.5e9, 250, 4.42e9), 0);
	CHECK_NEAR(c.bytes, 4.42e9, 1e-12);
	CHECK_NEAR(c.ms, 2250, 1e-12);
	CHECK_NEAR(rpt_fill_time_at(&c, 0.25e9), 125, 1e-9);
	/* the 3 GB level now ends at 0.5 + 3 x 0.98 GB, still 1250 ms in */
	/* (to the new grid: a point falls within 1/4096 of the bytes of it) */
	CHECK_NEAR(rpt_fill_time_at(&c, 0.5e9 + 2.94e9), 1250, 1e-3);
	CHECK_NEAR(rpt_fill_bytes_at(&c, 1750), 0.5e9 + 2.94e9 + 0.49e9, 1e-3);
	CHECK_EQ_INT(rpt_fill_prepend_to(&c, 0.5e9, 250, 0.4e9), -EINVAL);
	CHECK_NEAR(c.bytes, 4.42e9, 1e-12);
	rpt_fill_free(&c);
}

TEST(absurd_sizes_rejected)
{
	static const char log[] = "1000, 9000000000000000, 1, 0, 0\n";
	struct rpt_fill_curve c;
	struct rpt_log_reader r;
	struct rpt_log_sample s;

	rpt_fill_init(&c, 500);
	rpt_log_open_mem(&r, "huge", log, sizeof(log) - 1);
	CHECK_EQ_INT(rpt_log_next(&r, &s), 1);
	CHECK_EQ_INT(rpt_fill_add_sample(&c, &s), -ERANGE);
	rpt_fill_free(&c);
}


/*
 * Falls a reviewer reads off the curve, each with its cache's end and a
 * figure within 2 % whose range holds it (and the level after it, where set).
 */
static const struct cliff_case {
	const char *what;
	struct drive d;
	int avg;		/* log_avg_msec */
	double gb;		/* the cache's end */
	double post;		/* MB/s after it, 0 unchecked */
	unsigned long long seed;
} cliff_cases[] = {
	/* make demo's qlc-1tb fill: the first GB faster than the cache (a DRAM
	 * buffer, the host's start-up), recoveries after it */
	{ "a faster start", { .step = { 1 * GB, 155 * GB }, .speed = { 4063, 1700, 100 },
	  .nsteps = 3, .noise = 0.05, .jump_at = { 255 * GB }, .njumps = 1,
	  .jump_len = 4 * GB, .total = 400 * GB }, 100, 155, 100, 21 },
	/* make demo's tlc-dramless-1tb pslc-fill: the in-cache speed wanders
	 * (1500-3000 MB/s) and steps down by a sixth at 40 GB */
	{ "a wandering cache with a step", { .step = { 40 * GB, 87.5 * GB },
	  .speed = { 2400, 2000, 630 }, .nsteps = 3, .noise = 0.3, .total = 300 * GB },
	  100, 87.5, 0, 22 },
	/* a SATA drive at the interface limit: a 17.6 % fall */
	{ "a 17.6 % fall", { .step = { 12 * GB }, .speed = { 510, 420 }, .nsteps = 2,
	  .noise = 0.03, .total = 200 * GB }, 100, 12, 0, 23 },
	{ "a cache of 1 % of the drive", { .step = { 10 * GB }, .speed = { 3000, 900 },
	  .nsteps = 2, .noise = 0.05, .total = 1000 * GB }, 500, 10, 0, 24 },
};

TEST(cliffs)
{
	size_t i;

	for (i = 0; i < sizeof(cliff_cases) / sizeof(cliff_cases[0]); i++) {
		const struct cliff_case *cc = &cliff_cases[i];
		struct rpt_fill f;
		struct truth t;

		printf("  %s\n", cc->what);
		rng_state = cc->seed;
		CHECK_EQ_INT(analyse_ms(&cc->d, &f, &t, cc->avg), 0);
		check_cache(&f, cc->gb);
		check_range(&f, cc->gb);
		if (cc->post)
			CHECK_NEAR(f.post_cache_mbps.v, cc->post, 0.05);
		rpt_fill_figures_free(&f);
	}
}

/*
 * A gradual fall from 2000 to 500 MB/s between 40 and 80 GB: no single
 * edge; the range spans the fall, and a figure, if any, lies inside it.
 */
TEST(gradual_fall)
{
	struct drive d = { .step = { 40 * GB }, .speed = { 2000, 500 }, .nsteps = 2, .ramp_from = 40 * GB,
			   .ramp_to = 80 * GB, .noise = 0.03, .total = 300 * GB };
	struct rpt_fill f;
	struct truth t;

	rng_state = 25;
	CHECK_EQ_INT(analyse(&d, &f, &t), 0);
	if (CHECK(f.slc_range.ok)) {
		printf("  range %.2f-%.2f GB, %s\n", f.slc_range.lo_gb, f.slc_range.hi_gb,
		       f.slc_cache_gb.ok ? "a figure" : f.slc_cache_gb.why);
		/* from 10 % below the cache's level (back at most a tenth of the
		 * cache) to 15 % above the next */
		CHECK(f.slc_range.lo_gb <= 48 && f.slc_range.hi_gb >= 75);
		CHECK(!f.slc_cache_gb.ok || (f.slc_cache_gb.v > 40 && f.slc_cache_gb.v < 80));
		CHECK(f.slc_range.gradual);
		CHECK(f.slc_cache_gb.ok || strstr(f.slc_cache_gb.why, "gradually"));
	}
	rpt_fill_figures_free(&f);
}

/*
 * SMART sidecar lines, one a second from the log's start: thermal
 * management's T1 count rises to 1 at second @t1_at.
 */
static char *smart_lines(int secs, int t1_at, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	int i;

	for (i = 0; i <= secs; i++)
		fprintf(f, "{\"time_us\":%lld,\"critical_warning\":0,\"composite_temp_c\":%d,"
			"\"thermal_mgmt_t1_transitions\":%d,\"thermal_mgmt_t1_time_s\":%d}\n",
			1795990000000000LL + i * 1000000LL, 60 + i / 2, i >= t1_at, i >= t1_at ? i - t1_at : 0);
	fclose(f);
	return buf;
}

/*
 * Thermal throttling: 2000 MB/s, then 800 from 60 GB (30 s in), where
 * SMART's thermal management starts. The fall is throttling at 60 GB, not
 * a cache's end; the same fall with thermal management only 30 s later is
 * the cache's end. A fall the log places only as a range (a stall of the
 * host's) is held against SMART over the whole range.
 */
TEST(throttled_not_cache)
{
	struct drive d = { .step = { 60 * GB }, .speed = { 2000, 800 }, .nsteps = 2,
			   .noise = 0.02, .total = 200 * GB };
	int at[3] = { 31, 61, 31 }, i;

	for (i = 0; i < 3; i++) {
		struct rpt_fill_curve c;
		struct rpt_log_reader r;
		struct rpt_log_sample smp;
		struct rpt_smart sm = { 0 };
		struct rpt_diag diag = { 0 };
		struct rpt_fill f;
		struct truth t;
		size_t len, slen;
		char *log, *smart;

		rng_state = 27;
		log = simulate_ms(&d, &t, &len, 500);
		smart = smart_lines((int)(t.ms / 1000) + 1, at[i], &slen);
		rpt_fill_init(&c, 500);
		rpt_log_open_mem(&r, "synthetic", log, len);
		while (rpt_log_next(&r, &smp) == 1)
			rpt_fill_add_sample(&c, &smp);
		CHECK_EQ_INT(rpt_fill_finish(&c), 0);
		CHECK_EQ_INT(rpt_slc_analyse(&c, &f), 0);
		CHECK_EQ_INT(rpt_smart_read_mem("smart", smart, slen, &sm, &diag), 0);
		if (i == 2) {
			/*
			 * A busy host's stall: the fall placed only as a range
			 * (50-70 GB), no figure. SMART over the range decides.
			 */
			rpt_fig_null(&f.slc_cache_gb, "the log places the fall only as a range");
			f.slc_range.ok = true;
			f.slc_range.lo_gb = 50;
			f.slc_range.hi_gb = 70;
		}
		rpt_fill_throttle(&c, &sm, &f);
		if (i == 2) {
			CHECK_CONTAINS(f.slc_cache_gb.why, "thermal throttling, not the end of a cache");
			if (CHECK(f.throttle_gb.ok))
				CHECK_NEAR(f.throttle_gb.v, 60, 0.02);
			CHECK(!f.slc_range.ok);
		} else if (!i) {
			CHECK(!f.slc_cache_gb.ok);
			CHECK_CONTAINS(f.slc_cache_gb.why, "thermal throttling, not the end of a cache");
			if (CHECK(f.throttle_gb.ok))
				CHECK_NEAR(f.throttle_gb.v, 60, 0.02);
			CHECK(!f.post_cache_mbps.ok);
		} else {
			check_cache(&f, 60);
			CHECK(!f.throttle_gb.ok);
		}
		CHECK(f.ntemp > 90);
		rpt_fill_figures_free(&f);
		rpt_smart_free(&sm);
		rpt_diag_free(&diag);
		rpt_fill_free(&c);
		free(log);
		free(smart);
	}
}

/*
 * A log too coarse for the cache: 5 s samples span 14 GB at cache speed,
 * and the 6 GB cache ends inside the first. No confident figure: null, the
 * range that holds the truth, and the log_avg_msec that would resolve it.
 * With 2 s samples (5.6 GB) the edge falls in the second, whose mixed speed
 * places it: a figure, and its range holds the truth.
 */
TEST(coarse_log)
{
	struct drive d = { .step = { 6 * GB }, .speed = { 2800, 650 }, .nsteps = 2,
			   .noise = 0.02, .total = 200 * GB };
	struct rpt_fill f;
	struct truth t;

	rng_state = 26;
	CHECK_EQ_INT(analyse_ms(&d, &f, &t, 5000), 0);
	CHECK(!f.slc_cache_gb.ok);
	CHECK_CONTAINS(f.slc_cache_gb.why, "log_avg_msec=");
	check_range(&f, 6);
	CHECK(f.slc_range.need_log_msec >= 0 && f.slc_range.need_log_msec <= 50);
	rpt_fill_figures_free(&f);

	rng_state = 26;
	CHECK_EQ_INT(analyse_ms(&d, &f, &t, 2000), 0);
	check_range(&f, 6);
	CHECK(!f.slc_cache_gb.ok || harness_near(f.slc_cache_gb.v, 6, 0.02));
	rpt_fill_figures_free(&f);
}

/*
 * The pSLC fill of a QLC model scaled 1/1000 as `make demo` runs it: 1 MiB
 * I/Os at QD1, a per-I/O log (ms times), the cache at 1500 MB/s ending at
 * 154.14 GB, then 100 MB/s with the model's 3 GB bursts at cache speed every
 * 100 GB. The host stalls fio for @stall_ms, @before bytes (model) before the
 * cache's end: the log shows the speed fall there, then come back to the
 * cache's for a ms or two, then fall for good. The cache end the report
 * gives is within 2 % of the truth or its range holds it.
 */
static void perio_stall(double stall_ms, double before, int *bad, int *near)
{
	const double edge = 154140672, total = 400e6, bs = 1048576;
	char *buf = NULL;
	size_t len;
	FILE *fp = open_memstream(&buf, &len);
	struct rpt_fill f;
	double b = 0, t = 0, jit;
	bool stalled = false;

	rng_state = 1 + (unsigned long long)(stall_ms * 1000 + before / 1e5);
	while (b < total) {
		double into = b > edge ? fmod(b - edge, 104.857e6) : -1;
		double rate = b < edge || (into >= 100.663e6) ? 1500 : 100;	/* MB/s */

		if (!stalled && stall_ms > 0 && b >= edge - before) {
			t += stall_ms;
			stalled = true;
		}
		t += bs / rate / 1000;
		b += bs;
		jit = 0.2 * rnd();
		fprintf(fp, "%.0f, %.0f, 1, 1048576, 0\n", floor(1795990000000.0 + t + jit),
			rate * 1e6 / 1024);
	}
	fclose(fp);
	CHECK_EQ_INT(analyse_per_io("per-io-stall", buf, len, 1000, &f), 0);
	if (f.slc_cache_gb.ok && harness_near(f.slc_cache_gb.v, edge / 1e6, 0.02))
		(*near)++;
	else if (!(f.slc_range.ok && f.slc_range.lo_gb <= edge / 1e6 &&
		   edge / 1e6 <= f.slc_range.hi_gb)) {
		printf("  stall %.1f ms %.1f MB before the end: %s %.2f GB, range %.2f-%.2f (%s)\n",
		       stall_ms, before / 1e6, f.slc_cache_gb.ok ? "" : "null", f.slc_cache_gb.v,
		       f.slc_range.lo_gb, f.slc_range.hi_gb, f.slc_cache_gb.ok ? "" : f.slc_cache_gb.why);
		(*bad)++;
	}
	rpt_fill_figures_free(&f);
	free(buf);
}

TEST(per_io_stall_near_cliff)
{
	int bad = 0, near = 0, n = 0;
	double stall, before;

	for (stall = 0; stall <= 40; stall += stall < 12 ? 1 : 4)
		for (before = 0; before <= 16e6; before += 0.5e6, n++)
			perio_stall(stall, before, &bad, &near);
	printf("  of %d stalls, %d put the cache's end within 2 %%, %d misplace it\n", n, near, bad);
	CHECK_EQ_INT(bad, 0);
	/* a stall long or close enough may leave a range; most leave the figure */
	CHECK(near >= 0.9 * n);
}

int main(void)
{
	RUN(clean_step);
	RUN(noisy);
	RUN(recovery_jumps);
	RUN(multi_step);
	RUN(review_shape);
	RUN(no_cache_end);
	RUN(dip_inside_cache);
	RUN(stall_before_edge);
	RUN(small_cache);
	RUN(slow_first_sample);
	RUN(cache_size_sweep);
	RUN(integrates_bandwidth);
	RUN(per_io_log);
	RUN(per_io_quantized);
	RUN(scaled_model);
	RUN(prepend_and_inverse);
	RUN(no_spurious_phases);
	RUN(prepend_stretches_the_rest);
	RUN(absurd_sizes_rejected);
	RUN(cliffs);
	RUN(gradual_fall);
	RUN(coarse_log);
	RUN(throttled_not_cache);
	RUN(per_io_stall_near_cliff);
	return harness_main();
}
