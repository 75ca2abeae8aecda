// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fill's phases (analysis/compute/phases.h): a level 15 % from its neighbours
 * lasting 2 % of the bytes or 16 GB is a phase, noise within a level is not.
 *
 * Synthetic fills with known levels write fio-style bw logs (integer KiB/s
 * averaged over 1000 ms) with noise shaped like the corpus's real 721 GB
 * curve (krien-long2-spdk-randwrite-gc, four jobs summed): 2.5 % from one
 * sample to the next, and a slow wander that reaches 5.4 % over ten
 * samples (an AR(1) level plus white noise), read back through the log
 * reader and the SLC analysis. Then the real curves of the corpus where it
 * lies (SSDQ_CORPUS, else ../shared/corpus/fio-real from the top of the
 * tree): that 721 GB curve's dip and fast stretch, and a real floppy's fill.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

#include "fill.h"
#include "phases.h"
#include "reader_log.h"
#include "slc.h"

#define GB	1e9
#define LOG_MS	1000

struct level {
	double until;		/* bytes written when it ends */
	double mbps;
};

struct shape {
	struct level l[8];
	int n;
	double total;		/* bytes */
	double wander;		/* AR(1) sd of the log speed (0.05 like the corpus) */
	double white;		/* per-sample sd (0.02 like the corpus) */
	double avg_ms;
	/* from fold_from on: fold_hi_b bytes at hi MB/s, fold_lo_b at lo, again */
	double fold_from, fold_hi_b, fold_lo_b, hi, lo;
};

static unsigned long long rng_state;

static double rnd(void)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return ((double)(rng_state >> 11) + 0.5) / 9007199254740992.0;
}

static double gauss(void)
{
	return sqrt(-2 * log(rnd())) * cos(2 * M_PI * rnd());
}

static double level_at(const struct shape *s, double b)
{
	int i;

	if (s->fold_from && b >= s->fold_from)
		return fmod(b - s->fold_from, s->fold_hi_b + s->fold_lo_b) < s->fold_hi_b ?
		       s->hi : s->lo;
	for (i = 0; i < s->n - 1 && b >= s->l[i].until; i++)
		;
	return s->l[i].mbps;
}

/* The shape's bw log: one averaged sample per avg_ms, the level of its first byte. */
static char *simulate(const struct shape *s, size_t *len)
{
	const double phi = 0.9;
	double b = 0, t = 1795990000000.0, ar = 0, avg = s->avg_ms ? s->avg_ms : LOG_MS;
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	while (b < s->total) {
		double v;

		ar = phi * ar + s->wander * sqrt(1 - phi * phi) * gauss();
		/* fio logs whole KiB/s */
		v = round(level_at(s, b) * 1e6 * exp(ar + s->white * gauss()) / 1024);
		t += avg;
		fprintf(f, "%.0f, %.0f, 1, 0, 0\n", t, v);
		b += v * 1024 * avg / 1000;
	}
	fclose(f);
	return buf;
}

static void read_curve(const char *name, const char *log, size_t len, double avg_ms,
		       struct rpt_fill_curve *c)
{
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	int ret;

	rpt_fill_init(c, avg_ms);
	rpt_log_open_mem(&r, name, log, len);
	while ((ret = rpt_log_next(&r, &s)) == 1)
		if (s.ddir == 1 && rpt_fill_add_sample(c, &s))
			break;
	CHECK_EQ_INT(ret, 0);
	CHECK_EQ_INT(rpt_fill_finish(c), 0);
}

/* The whole fill analysis: the SLC cache (if any) is the first phase. */
static int analyse_log(const char *name, const char *log, size_t len, double avg_ms,
		       struct rpt_fill *f)
{
	struct rpt_fill_curve c;
	int ret;

	read_curve(name, log, len, avg_ms, &c);
	ret = rpt_slc_analyse(&c, f);
	rpt_fill_free(&c);
	return ret;
}

static int analyse(const struct shape *s, struct rpt_fill *f)
{
	size_t len;
	char *log = simulate(s, &len);
	int ret = analyse_log("synthetic", log, len, s->avg_ms ? s->avg_ms : LOG_MS, f);

	free(log);
	return ret;
}

/* The phase rule alone (rpt_phases_find() from the first byte), into f->phases. */
static int phases_only(const struct shape *s, struct rpt_fill *f)
{
	struct rpt_fill_curve c;
	double avg = s->avg_ms ? s->avg_ms : LOG_MS;
	size_t len;
	char *log = simulate(s, &len);
	int ret;

	memset(f, 0, sizeof(*f));
	read_curve("synthetic", log, len, avg, &c);
	ret = rpt_phases_find(&c, 0, 2 * avg, &f->phases, &f->nphases);
	f->gb_written = c.bytes / GB;
	rpt_fill_free(&c);
	free(log);
	return ret;
}

static void show(const char *what, const struct rpt_fill *f)
{
	size_t k;

	printf("  %s: %zu phases:", what, f->nphases);
	for (k = 0; k < f->nphases; k++)
		printf(" %.4g-%.4g@%.4g", f->phases[k].start_gb, f->phases[k].end_gb,
		       f->phases[k].mbps);
	putchar('\n');
}

/*
 * Each level of @s found as a phase: as many phases as levels, boundaries
 * within @tol_gb, speeds within @tol (the wander moves a level's mean: its
 * sd is about 3 % over 20 GB).
 */
static int levels_found(const struct shape *s, const struct rpt_fill *f, double tol_gb,
			double tol)
{
	int i, ok = (int)f->nphases == s->n;

	for (i = 0; ok && i < s->n; i++) {
		const struct rpt_phase *p = &f->phases[i];

		if (i < s->n - 1 && fabs(p->end_gb - s->l[i].until / GB) > tol_gb)
			ok = 0;
		if (fabs(p->mbps / s->l[i].mbps - 1) > tol)
			ok = 0;
	}
	return ok;
}

/* Noise alone: 20 flat 720 GB curves with the corpus's noise give one phase. */
TEST(noise_is_no_phase)
{
	int i, bad = 0;

	for (i = 0; i < 20; i++) {
		struct shape s = { .l = { { 0, 600 } }, .n = 1, .total = 720 * GB,
				   .wander = 0.05, .white = 0.02 };
		struct rpt_fill f;

		rng_state = 1000 + i;
		CHECK_EQ_INT(analyse(&s, &f), 0);
		if (f.nphases != 1) {
			bad++;
			show("flat", &f);
		}
		rpt_fill_figures_free(&f);
	}
	CHECK_EQ_INT(bad, 0);
}

/*
 * The corpus curve's shape with known levels: 620 MB/s, a dip to 330 over
 * 40 GB, 630, 1100 MB/s over 150 GB, 600; 20 seeds, every level found.
 */
TEST(dip_and_fast_stretch)
{
	int i, bad = 0;

	for (i = 0; i < 20; i++) {
		struct shape s = { .l = { { 130 * GB, 620 }, { 170 * GB, 330 }, { 390 * GB, 630 },
					  { 540 * GB, 1100 }, { 0, 600 } },
				   .n = 5, .total = 720 * GB, .wander = 0.05, .white = 0.02 };
		struct rpt_fill f;

		rng_state = 2000 + i;
		CHECK_EQ_INT(analyse(&s, &f), 0);
		/* a boundary within one bin (1.8 GB) and a log sample or two */
		if (!levels_found(&s, &f, 3.5, 0.06)) {
			bad++;
			show("dip and fast stretch", &f);
		}
		rpt_fill_figures_free(&f);
	}
	CHECK_EQ_INT(bad, 0);
}

/*
 * A drive folding (the drive model's tlc-dramless-1tb): 2800 MB/s to 88 GB,
 * 650 to 800 GB, then 12 GB at 600 and 1 GB at 80 MB/s over and over. The
 * folding alternates faster than the shortest phase (16 GB): one level of
 * 13 GB / (12 GB / 600 + 1 GB / 80) = 400 MB/s from about 800 GB (its first
 * 12 GB look like the direct level; the first slow GB is at 812), within
 * 10 % (a 1 s sample at 600 MB/s runs on into the slow GB), though 16 GB
 * windows of it hold one slow GB or two.
 */
TEST(folding_is_one_level)
{
	int i, bad = 0;

	for (i = 0; i < 10; i++) {
		struct shape s = { .l = { { 88 * GB, 2800 }, { 0, 650 } }, .n = 2,
				   .total = 1000 * GB, .wander = 0.02, .white = 0.02,
				   .fold_from = 800 * GB, .fold_hi_b = 12 * GB, .fold_lo_b = 1 * GB,
				   .hi = 600, .lo = 80 };
		struct rpt_fill f;
		const struct rpt_phase *p;

		rng_state = 4000 + i;
		CHECK_EQ_INT(analyse(&s, &f), 0);
		p = &f.phases[f.nphases - 1];
		if (f.nphases != 3 || p->start_gb < 795 || p->start_gb > 815 ||
		    fabs(p->mbps / 400 - 1) > 0.1) {
			bad++;
			show("folding", &f);
		}
		rpt_fill_figures_free(&f);
	}
	CHECK_EQ_INT(bad, 0);
}

/*
 * The rule's edges: 15 % and 2 % of the bytes, or 16 GB; a milder wander
 * (3 %), as the corpus's 5 % now and then makes a real 15 % level of its own.
 */
TEST(rule_edges)
{
	static const struct {
		const char *what;
		struct shape s;
		int phases;
	} c[] = {
		{ "a 10 % step is no phase",
		  { { { 360 * GB, 600 }, { 0, 540 } }, 2, 720 * GB, 0.03, 0.02, 0, 0, 0, 0, 0, 0 }, 1 },
		{ "a 25 % step",
		  { { { 360 * GB, 600 }, { 0, 450 } }, 2, 720 * GB, 0.03, 0.02, 0, 0, 0, 0, 0, 0 }, 2 },
		{ "a 30 % level over 3 % of the bytes",
		  { { { 300 * GB, 600 }, { 321.6 * GB, 420 }, { 0, 600 } }, 3, 720 * GB, 0.03, 0.02, 0, 0, 0, 0, 0, 0 }, 3 },
		{ "a 50 % dip over 1 % (7 GB) is too short",
		  { { { 300 * GB, 600 }, { 307.2 * GB, 300 }, { 0, 600 } }, 3, 720 * GB, 0.03, 0.02, 0, 0, 0, 0, 0, 0 }, 1 },
		{ "2 TB written: a 30 % level over 20 GB (1 %, but >= 16 GB)",
		  { { { 900 * GB, 2000 }, { 920 * GB, 1400 }, { 0, 2000 } }, 3, 2000 * GB, 0.03, 0.02, 0, 0, 0, 0, 0, 0 }, 3 },
		{ "2 TB written: a 30 % level over 10 GB is too short",
		  { { { 900 * GB, 2000 }, { 910 * GB, 1400 }, { 0, 2000 } }, 3, 2000 * GB, 0.03, 0.02, 0, 0, 0, 0, 0, 0 }, 1 },
	};
	size_t i;
	int k;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		for (k = 0; k < 10; k++) {
			struct rpt_fill f;

			rng_state = 3000 + 100 * i + k;
			CHECK_EQ_INT(phases_only(&c[i].s, &f), 0);
			if (!CHECK((int)f.nphases == c[i].phases)) {
				printf("  %s (seed %d):\n", c[i].what, k);
				show("got", &f);
			} else if (c[i].phases > 1 && !levels_found(&c[i].s, &f, 6, 0.1)) {
				CHECK(0);
				show(c[i].what, &f);
			}
			free(f.phases);
		}
	}
}

/*
 * A floppy-sized fill (1.44 MB at 12 kB/s, 1 s samples of a few KiB): the
 * rule is the same in MB; the curve keeps points every kilobyte or so.
 */
TEST(small_fill)
{
	struct shape s = { .l = { { 0.1e6, 0.006 }, { 0, 0.012 } }, .n = 2, .total = 1.44e6,
			   .wander = 0.02, .white = 0.05 };
	struct rpt_fill f;

	rng_state = 42;
	CHECK_EQ_INT(analyse(&s, &f), 0);
	if (!levels_found(&s, &f, 0.03e-3, 0.1))
		show("floppy", &f);
	CHECK(levels_found(&s, &f, 0.03e-3, 0.1));
	/* whole samples: the last one passes the 1.44 MB by up to 12 kB */
	if (!CHECK(f.gb_written >= 1.44e-3 && f.gb_written < 1.46e-3))
		printf("  %.6g GB written\n", f.gb_written);
	CHECK(!f.slc_cache_gb.ok);
	rpt_fill_figures_free(&f);
}

static const char *corpus(void)
{
	const char *c = getenv("SSDQ_CORPUS");

	return c && *c ? c : "../shared/corpus/fio-real";
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0, n;

	*len = 0;
	if (!f)
		return NULL;
	for (;;) {
		if (*len + 65536 > cap) {
			char *nb = realloc(buf, cap = 2 * cap + 65536);

			if (!nb)
				break;
			buf = nb;
		}
		n = fread(buf + *len, 1, cap - *len, f);
		if (!n)
			break;
		*len += n;
	}
	fclose(f);
	return buf;
}

/*
 * The real 721 GB curve: four jobs' 1000 ms bw logs merged into the drive's
 * (rpt_fill_merge()). What the eye sees: about 620 MB/s from the start, a
 * dip to 310-370 MB/s from about 130 to 170 GB, and a stretch above
 * 1000 MB/s from about 390 to 545 GB.
 */
TEST(corpus_gc_curve)
{
	struct rpt_fill_curve *in[4], c;
	struct rpt_fill f;
	char path[4096];
	size_t k, len;
	int i, dip = 0, fast = 0;

	for (i = 0; i < 4; i++) {
		struct rpt_log_reader r;
		struct rpt_log_sample s;
		char *log;

		snprintf(path, sizeof(path), "%s/krien-long2-spdk-randwrite-gc/finally_128_bw.%d.log",
			 corpus(), i + 1);
		log = slurp(path, &len);
		if (!log) {
			printf("  %s: not here, so the corpus curve is not checked\n", path);
			while (i--) {
				rpt_fill_free(in[i]);
				free(in[i]);
			}
			return;
		}
		in[i] = calloc(1, sizeof(*in[i]));
		rpt_fill_init(in[i], 1000);
		rpt_log_open_mem(&r, path, log, len);
		while (rpt_log_next(&r, &s) == 1)
			if (s.ddir == 1)
				rpt_fill_add_sample(in[i], &s);
		CHECK_EQ_INT(rpt_fill_finish(in[i]), 0);
		free(log);
	}
	CHECK_EQ_INT(rpt_fill_merge(&c, in, 4), 0);
	CHECK_EQ_INT(rpt_slc_analyse(&c, &f), 0);
	show("krien-long2 (721 GB)", &f);
	CHECK_NEAR(f.gb_written, 721.2, 0.01);
	CHECK(f.nphases >= 4 && f.nphases <= 20);
	CHECK(f.phases[0].mbps > 580 && f.phases[0].mbps < 680 && f.phases[0].end_gb > 20);
	for (k = 0; k < f.nphases; k++) {
		const struct rpt_phase *p = &f.phases[k];

		/* the dip: a phase at 310-370 MB/s covering 135-160 GB */
		if (p->mbps >= 300 && p->mbps <= 380 && p->start_gb <= 135 && p->end_gb >= 160)
			dip = 1;
		/* the fast stretch: above 1000 MB/s covering 400-530 GB */
		if (p->mbps >= 1000 && p->start_gb <= 400 && p->end_gb >= 530)
			fast = 1;
	}
	CHECK(dip);
	CHECK(fast);
	rpt_fill_figures_free(&f);
	rpt_fill_free(&c);
	for (i = 0; i < 4; i++) {
		rpt_fill_free(in[i]);
		free(in[i]);
	}
}

/*
 * A real floppy's fill (fioplot-floppy-seqwrite, fio 3.1, 1000 ms logs):
 * at QD16 the I/Os complete in bursts every second or two, one level at
 * fio's 23 KiB/s; at QD1 it starts at half speed for its first 8 s.
 */
TEST(corpus_floppy)
{
	static const char *const name[2] = { "write-iodepth-16-numjobs-1_bw.1.log",
					     "write-iodepth-1-numjobs-1_bw.1.log" };
	char path[4096];
	int i;

	for (i = 0; i < 2; i++) {
		struct rpt_fill f;
		size_t len;
		char *log;

		snprintf(path, sizeof(path), "%s/fioplot-floppy-seqwrite/%s", corpus(), name[i]);
		log = slurp(path, &len);
		if (!log) {
			printf("  %s: not here, so the floppy is not checked\n", path);
			return;
		}
		CHECK_EQ_INT(analyse_log(path, log, len, 1000, &f), 0);
		show(name[i], &f);
		CHECK(!f.slc_cache_gb.ok);
		if (i == 0 && CHECK_EQ_INT(f.nphases, 1)) {
			/* the log's 1380 KiB over its 55 s */
			CHECK_NEAR(f.phases[0].mbps, 0.0257, 0.02);
			CHECK_NEAR(f.gb_written * 1e3, 1.413, 0.001);
		}
		if (i == 1 && CHECK_EQ_INT(f.nphases, 2)) {
			CHECK(f.phases[0].end_gb * 1e6 > 40 && f.phases[0].end_gb * 1e6 < 80);
			CHECK(f.phases[0].mbps < 0.008 && f.phases[1].mbps > 0.012);
		}
		rpt_fill_figures_free(&f);
		free(log);
	}
}

int main(void)
{
	RUN(noise_is_no_phase);
	RUN(dip_and_fast_stretch);
	RUN(folding_is_one_level);
	RUN(rule_edges);
	RUN(small_fill);
	RUN(corpus_gc_curve);
	RUN(corpus_floppy);
	return harness_main();
}
