// SPDX-License-Identifier: GPL-2.0-only
/* The drive model on a virtual clock: its behaviour against its presets. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "model.h"

static char path[64];

static void fresh(struct ssdq_model *m, const char *preset, double scale)
{
	char err[256];

	snprintf(path, sizeof(path), "/tmp/ssdq-test-model.%d", (int)getpid());
	unlink(path);
	if (ssdq_model_open(m, path, preset, scale, err, sizeof(err))) {
		printf("open failed: %s\n", err);
		exit(1);
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * A load on the virtual clock: @n I/Os of @bs bytes offered every @gap_ns,
 * at most @qd in flight, at random offsets (else one after the other from
 * @base), completed in time order; the model's power read every ms.
 */
struct load {
	enum ssdq_model_op op;
	uint64_t bs, base, n, gap_ns;
	unsigned int qd;
	int random;
	uint64_t seed;		/* of the random offsets; 0: the default */
	/* every lag_every-th power reading is made lag_ns late: the I/O of
	 * the next lag_ns goes first (a sampler thread that read the clock,
	 * then lost the model's lock to the job threads or the CPU) */
	uint64_t lag_ns;
	unsigned int lag_every;
};

struct tally {
	double max_w;			/* highest 1 ms power reading */
	double drawn_j;			/* sum of the readings above idle, each
					 * over the time it covers */
	uint64_t end_ns;		/* where the last reading's mean ends */
	unsigned long reads;
	uint64_t bytes[16], first_ns[16], last_ns[16];	/* per regime */
	uint64_t ios;
	uint64_t t0, t1;		/* first submission, last completion */
};

static void read_power(struct ssdq_model *m, const struct load *l, uint64_t upto,
		       uint64_t *next_ms, struct tally *t)
{
	for (;;) {
		uint64_t late = l->lag_every && (t->reads + 1) % l->lag_every == 0 ? l->lag_ns : 0;
		uint64_t end;
		double w;

		if (*next_ms + late > upto)
			return;
		w = ssdq_model_power(m, *next_ms, &end, NULL);
		t->reads++;
		if (w > t->max_w)
			t->max_w = w;
		t->drawn_j += (w - m->p->p_idle) * ((end - t->end_ns) / 1e9);
		t->end_ns = end;
		*next_ms += 1000000ULL;
	}
}

static uint64_t run_load(struct ssdq_model *m, uint64_t now, const struct load *l,
			 struct tally *t)
{
	uint64_t done[64], next_ms = now + 1000000ULL, off = l->base, nlba = m->capacity / l->bs;
	uint64_t seed = l->seed ? l->seed : 0x2545f4914f6cdd1dULL, submit = now;
	unsigned int k = 0;

	memset(t, 0, sizeof(*t));
	ssdq_model_power(m, now, &t->end_ns, NULL);
	t->t0 = now;
	for (uint64_t i = 0; i < l->n || k; ) {
		uint64_t soonest = UINT64_MAX;
		unsigned int si = 0, r;

		for (unsigned int j = 0; j < k; j++)
			if (done[j] < soonest)
				soonest = done[j], si = j;
		if (i < l->n && k < l->qd && submit <= soonest) {
			read_power(m, l, submit, &next_ms, t);
			if (l->random) {
				seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
				off = seed % nlba * l->bs;
			}
			done[k] = ssdq_model_io(m, submit, l->op, off, l->bs);
			r = m->regime & 15;
			if (!t->bytes[r])
				t->first_ns[r] = submit;
			t->bytes[r] += l->bs;
			t->last_ns[r] = done[k];
			k++, i++, t->ios++;
			off += l->bs;
			now = submit;
			submit += l->gap_ns;
			continue;
		}
		read_power(m, l, soonest, &next_ms, t);
		ssdq_model_complete(m, soonest);
		now = soonest > now ? soonest : now;
		if (submit < now)
			submit = now;
		done[si] = done[--k];
	}
	t->t1 = now;
	read_power(m, l, now + 2000000ULL + l->lag_ns, &next_ms, t);
	return now + 2000000ULL;
}

/* MB/s the host got in regime @r of a tally (first submission to last completion). */
static double regime_mbps(const struct tally *t, unsigned int r)
{
	return t->bytes[r] ? t->bytes[r] / ((t->last_ns[r] - t->first_ns[r]) / 1e9) / 1e6 : 0;
}

/*
 * Sequential 1 MiB writes at QD1 over the whole drive, timed per 8 MiB
 * segment as a bandwidth log would: where does speed fall, and to what?
 */
TEST(fill_finds_cache_end)
{
	const struct ssdq_model_preset *p = ssdq_model_find("qlc-1tb");
	const uint64_t bs = 1 << 20, seg = 8 * bs;
	struct ssdq_model m;
	uint64_t now = 1000000000ULL, seg_start = now, off;
	double expect = ssdq_model_expected_cache(p, 1000), fell_at = -1;
	double first_speed = 0, post_bytes = 0, post_ns = 0, in_ns = 0;

	fresh(&m, "qlc-1tb", 1000);
	for (off = 0; off + bs <= m.capacity; off += bs) {
		uint64_t done = ssdq_model_io(&m, now, SSDQ_MODEL_WRITE, off, bs);

		ssdq_model_complete(&m, done);
		now = done;
		if ((off + bs) % seg == 0) {
			double speed = seg / ((now - seg_start) / 1e9);

			if (!first_speed)
				first_speed = speed;
			if (fell_at < 0 && speed < 0.5 * first_speed)
				fell_at = (double)(off + bs - seg);
			else if (fell_at < 0)
				in_ns += now - seg_start;
			else if (fell_at >= 0 && off > fell_at + 2 * seg) {
				post_bytes += seg;
				post_ns += now - seg_start;
			}
			seg_start = now;
		}
	}
	first_speed = fell_at / in_ns * 1e9;
	printf("    cache ends in the segment at %.1f MB (expected %.1f MB); in-cache %.0f MB/s, "
	       "after %.0f MB/s\n", fell_at / 1e6, expect / 1e6, first_speed / 1e6,
	       post_bytes / post_ns * 1e3);
	CHECK(fell_at <= expect && expect < fell_at + seg);
	CHECK(fabs(first_speed - p->w_cache_bps) / p->w_cache_bps < 0.05);
	/* brief recoveries (jump_bytes every jump_every) lift the average a little */
	CHECK(fabs(post_bytes / post_ns * 1e9 - p->w_direct_bps) / p->w_direct_bps < 0.10);
	ssdq_model_close(&m);
	unlink(path);
}

TEST(qd1_latency_percentiles)
{
	const struct ssdq_model_preset *p = ssdq_model_find("tlc-enterprise-4tb");
	enum { N = 2000000 };
	static double lat[N];
	struct ssdq_model m;
	uint64_t now = 5000000000ULL;

	fresh(&m, "tlc-enterprise-4tb", 4000);
	for (int i = 0; i < N; i++) {
		uint64_t off = ((uint64_t)i * 7919 % (m.capacity / 4096)) * 4096;
		uint64_t done = ssdq_model_io(&m, now, SSDQ_MODEL_READ, off, 4096);

		ssdq_model_complete(&m, done);
		lat[i] = (done - now) / 1e3;
		now = done + 1000;
	}
	qsort(lat, N, sizeof(lat[0]), cmp_double);
	printf("    p50 %.1f p99 %.1f p99.99 %.1f us (preset %.0f %.0f %.0f)\n", lat[N / 2],
	       lat[(int)(N * 0.99)], lat[(int)(N * 0.9999)], p->r_lat_us[0], p->r_lat_us[1],
	       p->r_lat_us[2]);
	/* a 4 KiB transfer over the link adds ~1 us to each */
	CHECK(fabs(lat[N / 2] - p->r_lat_us[0]) / p->r_lat_us[0] < 0.05);
	CHECK(fabs(lat[(int)(N * 0.99)] - p->r_lat_us[1]) / p->r_lat_us[1] < 0.10);
	CHECK(fabs(lat[(int)(N * 0.9999)] - p->r_lat_us[2]) / p->r_lat_us[2] < 0.15);
	CHECK(fabs(ssdq_model_lat_quantile(p, 0, 0.99) - p->r_lat_us[1]) < 1e-9);
	ssdq_model_close(&m);
	unlink(path);
}

/*
 * The volatile write cache: on as the drive ships; off, each QD1 4 KiB
 * write's median latency is the preset's w_nocache_us longer (the cache's
 * own median 18 us on tlc-dramless-1tb, 218 us without it); the setting
 * outlives the process (the state file), and on again restores the speed.
 */
static double median_write_us(struct ssdq_model *m, uint64_t *now)
{
	enum { N = 20001 };
	static double lat[N];

	for (int i = 0; i < N; i++) {
		uint64_t off = ((uint64_t)i * 7919 % (m->capacity / 4096)) * 4096;
		uint64_t done = ssdq_model_io(m, *now, SSDQ_MODEL_WRITE, off, 4096);

		ssdq_model_complete(m, done);
		lat[i] = (done - *now) / 1e3;
		*now = done + 1000;
	}
	qsort(lat, N, sizeof(lat[0]), cmp_double);
	return lat[N / 2];
}

TEST(write_cache_on_and_off)
{
	const struct ssdq_model_preset *p = ssdq_model_find("tlc-dramless-1tb");
	struct ssdq_model m, again;
	uint64_t now = 5000000000ULL;
	double on, off, back;
	char err[256];

	fresh(&m, "tlc-dramless-1tb", 1000);
	CHECK_EQ_INT(ssdq_model_write_cache(&m, -1), 1);
	on = median_write_us(&m, &now);
	CHECK_EQ_INT(ssdq_model_write_cache(&m, 0), 0);
	CHECK_EQ_INT(ssdq_model_open(&again, path, "tlc-dramless-1tb", 1000, err, sizeof(err)), 0);
	CHECK_EQ_INT(ssdq_model_write_cache(&again, -1), 0);	/* the drive's, not the process's */
	ssdq_model_close(&again);
	off = median_write_us(&m, &now);
	CHECK_EQ_INT(ssdq_model_write_cache(&m, 1), 1);
	back = median_write_us(&m, &now);
	printf("    QD1 4 KiB write median: %.1f us cache on, %.1f off, %.1f on again\n", on, off, back);
	CHECK(fabs(on - p->w_lat_us[0]) / p->w_lat_us[0] < 0.10);
	CHECK(fabs(off - on - p->w_nocache_us) < 0.05 * p->w_nocache_us);
	CHECK(fabs(back - on) < 0.05 * on);
	ssdq_model_close(&m);
	unlink(path);
}

/* Mean QD1 4 KiB random read latency (us) over @span bytes from LBA 0, after
 * one pass over it that warms the mapping cache; the misses of the timed reads. */
static double rand_read_mean_us(struct ssdq_model *m, uint64_t span, uint64_t *misses)
{
	uint64_t now = 5000000000ULL, blocks = span / 4096, m0 = 0, x = 88172645463325252ULL;
	double sum = 0;
	enum { N = 20000 };

	for (int i = 0; i < 2 * N; i++) {
		uint64_t off, done;

		x ^= x << 13;	/* xorshift64: uniform offsets, as fio's */
		x ^= x >> 7;
		x ^= x << 17;
		off = x % blocks * 4096;

		if (i == N)
			m0 = ssdq_model_map_misses(m);
		done = ssdq_model_io(m, now, SSDQ_MODEL_READ, off, 4096);
		ssdq_model_complete(m, done);
		if (i >= N)
			sum += (done - now) / 1e3;
		now = done + 1000;
	}
	*misses = ssdq_model_map_misses(m) - m0;
	return sum / N;
}

TEST(dramless_random_reads_slower_on_a_wide_span)
{
	const struct ssdq_model_preset *p = ssdq_model_find("tlc-dramless-1tb");
	struct ssdq_model m;
	uint64_t narrow_miss, wide_miss, whole_miss, q_miss;
	double narrow, wide, whole, q_narrow, q_whole;

	/* 1/250: a 16 GB span is 64 MB, the 64 GB one 256 MB */
	fresh(&m, "tlc-dramless-1tb", 250);
	narrow = rand_read_mean_us(&m, 16000000000ULL / 250, &narrow_miss);
	wide = rand_read_mean_us(&m, 64000000000ULL / 250, &wide_miss);
	whole = rand_read_mean_us(&m, m.capacity / 4096 * 4096, &whole_miss);
	printf("    tlc-dramless-1tb 4k QD1: 16 GB span %.1f us (%llu misses), 64 GB %.1f us "
	       "(%llu), whole drive %.1f us (%llu) of 20000 reads\n", narrow,
	       (unsigned long long)narrow_miss, wide, (unsigned long long)wide_miss, whole,
	       (unsigned long long)whole_miss);
	/* within the 32 GB the host memory buffer maps, every mapping cached
	 * once read (the 15 pages of a 64 MB span, 30 cached at 1/250) */
	CHECK_EQ_INT(narrow_miss, 0);
	/* 64 GB through a direct-mapped 32 GB: about half miss; the whole drive nearly all */
	CHECK(wide_miss > 20000 * 0.35 && wide_miss < 20000 * 0.65);
	CHECK(whole_miss > 20000 * 0.9);
	/* each miss waits one more NAND read, no other cost */
	CHECK(fabs(wide - narrow - p->map_miss_us * wide_miss / 20000.0) < 0.05 * p->map_miss_us);
	CHECK(fabs(whole - narrow - p->map_miss_us * whole_miss / 20000.0) < 0.05 * p->map_miss_us);
	ssdq_model_close(&m);
	unlink(path);

	/* a drive with DRAM: the span makes no difference */
	fresh(&m, "qlc-1tb", 250);
	q_narrow = rand_read_mean_us(&m, 16000000000ULL / 250, &q_miss);
	q_whole = rand_read_mean_us(&m, m.capacity / 4096 * 4096, &q_miss);
	CHECK_EQ_INT(q_miss, 0);
	CHECK(fabs(q_whole - q_narrow) < 0.03 * q_narrow);
	ssdq_model_close(&m);
	unlink(path);
}

TEST(power_idle_and_busy)
{
	const struct ssdq_model_preset *p = ssdq_model_find("tlc-dramless-1tb");
	struct ssdq_model m;
	struct ssdq_model_smart smart;
	uint64_t now = 1000000000ULL, off = 0;
	double w;

	fresh(&m, "tlc-dramless-1tb", 1000);
	ssdq_model_power(&m, now, NULL, NULL);
	now += 1000000000ULL;
	w = ssdq_model_power(&m, now, NULL, NULL);
	CHECK(fabs(w - p->p_idle) < 1e-9);
	/* 50 MB of cached sequential writes at QD1, back to back */
	while (off < 50000000) {
		uint64_t done = ssdq_model_io(&m, now, SSDQ_MODEL_WRITE, off, 1 << 20);

		ssdq_model_complete(&m, done);
		now = done;
		off += 1 << 20;
	}
	w = ssdq_model_power(&m, now, NULL, &smart);
	printf("    busy power %.2f W (cache writes %.2f W)\n", w, p->p_write_cache);
	CHECK(w > p->p_idle + 0.9 * (p->p_write_cache - p->p_idle));
	CHECK(w < p->p_write_cache * 1.05);
	CHECK_EQ_U64(smart.data_units_written, (uint64_t)ceil(off / 512000.0));
	CHECK_EQ_U64(smart.host_writes, off >> 20);
	ssdq_model_close(&m);
	unlink(path);
}

TEST(idle_recovers_cache_and_erase_resets)
{
	const struct ssdq_model_preset *p = ssdq_model_find("tlc-dramless-1tb");
	struct ssdq_model m;
	uint64_t now = 1000000000ULL, off = 0, done = 0, cache = (uint64_t)(88e9 / 1000);

	fresh(&m, "tlc-dramless-1tb", 1000);
	while (off < cache + (8 << 20)) {
		done = ssdq_model_io(&m, now, SSDQ_MODEL_WRITE, off, 1 << 20);
		ssdq_model_complete(&m, done);
		now = done;
		off += 1 << 20;
	}
	/* the model's own account of each write (a single write's time also
	 * holds a random latency, which a tail draw can make longer than its
	 * media time) */
	done = ssdq_model_io(&m, now, SSDQ_MODEL_WRITE, off, 1 << 20);
	CHECK_EQ_INT(m.regime & 15, SSDQ_MODEL_R_DIRECT);
	CHECK((1 << 20) / ((done - now) / 1e9) < p->w_direct_bps * 1.05);
	ssdq_model_complete(&m, done);
	now = done + 60000000000ULL;	/* a minute of idle frees the cache again */
	off += 1 << 20;
	done = ssdq_model_io(&m, now, SSDQ_MODEL_WRITE, off, 1 << 20);
	CHECK_EQ_INT(m.regime & 15, SSDQ_MODEL_R_CACHE);
	CHECK((1 << 20) / ((done - now) / 1e9) < p->w_cache_bps * 1.05);
	ssdq_model_complete(&m, done);
	ssdq_model_erase(&m);
	done = ssdq_model_io(&m, done, SSDQ_MODEL_WRITE, 0, 1 << 20);
	CHECK_EQ_INT(m.regime & 15, SSDQ_MODEL_R_CACHE);
	ssdq_model_complete(&m, done);
	ssdq_model_close(&m);
	unlink(path);
}

/*
 * At 500k IOPS offered (4 KiB at QD32, random writes, random reads, and
 * 128 KiB sequential writes) no preset draws more than its PS0 maximum, in
 * any 1 ms power reading; the readings add up to the model's energy account.
 */
TEST(power_bounded_by_ps0)
{
	static const struct { enum ssdq_model_op op; uint64_t bs; int random; const char *what; }
	loads[] = {
		{ SSDQ_MODEL_WRITE, 4096, 1, "4k random write" },
		{ SSDQ_MODEL_READ, 4096, 1, "4k random read" },
		{ SSDQ_MODEL_WRITE, 131072, 0, "128k sequential write" },
	};

	for (const struct ssdq_model_preset *p = ssdq_model_presets; p->name; p++) {
		double top = fmax(p->p_read, fmax(p->p_write_cache, p->p_write_direct));

		/* the power rule's own ceiling fits the table */
		CHECK(p->p_idle + (1 + SSDQ_MODEL_CTRL_SHARE) * (top - p->p_idle) <= p->ps0_w);
		for (size_t i = 0; i < sizeof(loads) / sizeof(loads[0]); i++) {
			struct load l = { .op = loads[i].op, .bs = loads[i].bs, .n = 200000,
					  .gap_ns = 2000, .qd = 32, .random = loads[i].random };
			struct ssdq_model m;
			struct tally t;
			uint64_t now = 1000000000ULL;
			double e0;

			fresh(&m, p->name, 1000);
			e0 = ssdq_model_active_energy(&m);
			run_load(&m, now, &l, &t);
			printf("    %-18s %-21s 500k IOPS offered: %6.0f, max %.2f W (PS0 %.2f W)\n", p->name,
			       loads[i].what, t.ios / ((t.t1 - t.t0) / 1e9), t.max_w, p->ps0_w);
			CHECK(t.max_w <= p->ps0_w);
			CHECK(t.max_w > p->p_idle);
			CHECK_NEAR(t.drawn_j, ssdq_model_active_energy(&m) - e0, 1e-6);
			ssdq_model_close(&m);
			unlink(path);
		}
	}
}

/*
 * The sampler's reading is not always the next thing the model does after
 * it read the clock: at T4Q32 the job threads take the model's lock in
 * between, or the host runs them while the sampler waits for a CPU, and
 * their I/O settles the energy account past the reading's time. Every 50th
 * 1 ms reading here comes 30 ms late: the means still never pass PS0 (the
 * demo's 117, 114 and 390 W, refused as implausible, were such a reading:
 * 31 ms of energy over 1 ms), and the readings, each over the time it
 * says it covers, add up to the model's energy account.
 */
TEST(power_reading_behind_other_io)
{
	static const char *const presets[] = { "tlc-enterprise-4tb", "qlc-1tb" };

	for (size_t i = 0; i < sizeof(presets) / sizeof(presets[0]); i++) {
		const struct ssdq_model_preset *p = ssdq_model_find(presets[i]);
		struct load l = { .op = SSDQ_MODEL_WRITE, .bs = 4096, .n = 300000, .gap_ns = 100,
				  .qd = 32, .random = 1, .lag_ns = 30000000, .lag_every = 50 };
		struct ssdq_model m;
		struct tally t;
		double e0;

		fresh(&m, p->name, 1000);
		e0 = ssdq_model_active_energy(&m);
		run_load(&m, 1000000000ULL, &l, &t);
		printf("    %-18s %lu readings, 1 in 50 made 30 ms late: max %.2f W (PS0 %.2f W), "
		       "%.4f J of the account's %.4f J\n", p->name, t.reads, t.max_w, p->ps0_w,
		       t.drawn_j, ssdq_model_active_energy(&m) - e0);
		CHECK(t.reads > 100);
		CHECK(t.max_w <= p->ps0_w);
		CHECK(t.max_w > p->p_idle + 0.5 * (p->p_write_direct - p->p_idle));
		CHECK_NEAR(t.drawn_j, ssdq_model_active_energy(&m) - e0, 1e-6);
		ssdq_model_close(&m);
		unlink(path);
	}
}

/*
 * A full qlc-1tb: 4 KiB random writes at QD32 first fill the NAND the
 * sequential fill left erased (its spare: 9.95 % of the capacity) at the
 * direct speed, then pay the write amplification of a full drive
 * (ssdq_model_wa(), about 5.7 with 9.95 % spare), well below the
 * sequential speed after the cache; the model says so in its regime
 * (direct, then random), not the host's clock.
 */
TEST(full_qlc_random_writes_pay_wa)
{
	const struct ssdq_model_preset *p = ssdq_model_find("qlc-1tb");
	struct ssdq_model m;
	struct tally fill, drain, rnd;
	struct load seq = { .op = SSDQ_MODEL_WRITE, .bs = 1 << 20, .qd = 1 };
	struct load r4k = { .op = SSDQ_MODEL_WRITE, .bs = 4096, .n = 20000, .gap_ns = 2000,
			    .qd = 32, .random = 1 };
	uint64_t now = 1000000000ULL, spare;
	double post, rate, wa = ssdq_model_wa(p, 1.0);

	fresh(&m, "qlc-1tb", 1000);
	seq.n = m.capacity / seq.bs;
	now = run_load(&m, now, &seq, &fill);
	post = regime_mbps(&fill, SSDQ_MODEL_R_DIRECT);
	/* the spare's erased NAND, in whole 4 KiB writes */
	spare = (uint64_t)(p->spare * (double)m.capacity) / 4096;
	r4k.n = spare + 1000;
	now = run_load(&m, now, &r4k, &drain);
	printf("    full: %llu of the spare's %llu 4 KiB writes without GC\n",
	       (unsigned long long)(drain.bytes[SSDQ_MODEL_R_DIRECT] / 4096),
	       (unsigned long long)spare);
	CHECK_EQ_U64(drain.bytes[SSDQ_MODEL_R_DIRECT], spare * 4096);
	/* the rest paid GC but for the cache qlc-1tb frees every 100 GB (4 MB at 1/1000) */
	CHECK_EQ_U64(drain.bytes[SSDQ_MODEL_R_RANDOM] + drain.bytes[SSDQ_MODEL_R_CACHE], 1000 * 4096);
	CHECK(drain.bytes[SSDQ_MODEL_R_RANDOM] > 0);
	r4k.n = 20000;
	r4k.seed = 77;
	now = run_load(&m, now, &r4k, &rnd);
	rate = regime_mbps(&rnd, SSDQ_MODEL_R_RANDOM);
	printf("    full: 4k random %.1f MB/s (%.0f IOPS) at WA %.2f, sequential after the cache "
	       "%.1f MB/s; %.2f W at most\n", rate, rate * 1e6 / 4096, wa, post, rnd.max_w);
	/* all of it but what 2 ms of idle freed of the cache (1 ms past the grace) */
	CHECK_EQ_U64(rnd.bytes[SSDQ_MODEL_R_RANDOM] + rnd.bytes[SSDQ_MODEL_R_CACHE], r4k.n * r4k.bs);
	CHECK(rnd.bytes[SSDQ_MODEL_R_CACHE] <= 2e-3 * p->recover_bps);
	CHECK_EQ_U64(rnd.bytes[SSDQ_MODEL_R_DIRECT], 0);
	CHECK(rate < 0.5 * post);
	CHECK_NEAR(rate, p->w_direct_bps / 1e6 / wa, 0.02);
	CHECK(wa > 5.4 && wa < 5.8);
	CHECK_NEAR(ssdq_model_wa(p, 1e-3), 1.0, 1e-9);
	CHECK(ssdq_model_wa(p, 0.5) < ssdq_model_wa(p, 0.8) && ssdq_model_wa(p, 0.8) < wa);
	/* Xiang and Kurkoski's example: overprovisioning 0.3 gives 2.36 */
	CHECK_NEAR(ssdq_model_wa(&(struct ssdq_model_preset){ .spare = 0.3 }, 1.0), 2.36, 0.005);
	CHECK(rnd.max_w <= p->ps0_w);
	ssdq_model_close(&m);
	unlink(path);
}

static void media(struct ssdq_model *m, uint64_t now, double *host, double *nand)
{
	struct ssdq_model_smart ms;

	ssdq_model_peek(m, now, &ms);
	*host = (double)ms.host_bytes_written;
	*nand = (double)ms.media_bytes_written;
}

/*
 * The model's media writes: a write into the SLC cache is written once; the
 * cache folded out to make room is written again; a small random write past
 * the cache is written ssdq_model_wa() times (garbage collection).
 */
TEST(media_writes_account_wa)
{
	const struct ssdq_model_preset *p = ssdq_model_find("qlc-1tb");
	struct ssdq_model m;
	struct tally t;
	struct load seq = { .op = SSDQ_MODEL_WRITE, .bs = 1 << 20, .qd = 1 };
	struct load r4k = { .op = SSDQ_MODEL_WRITE, .bs = 4096, .n = 20000, .gap_ns = 2000,
			    .qd = 32, .random = 1, .seed = 5 };
	uint64_t now = 1000000000ULL;
	double h0, n0, h1, n1, wa = ssdq_model_wa(p, 1.0), cache;

	fresh(&m, "qlc-1tb", 1000);
	cache = ssdq_model_expected_cache(p, 1000);
	/* half the cache: written once */
	seq.n = (uint64_t)(cache / 2) / seq.bs;
	now = run_load(&m, now, &seq, &t);
	media(&m, now, &h1, &n1);
	CHECK(h1 == (double)seq.n * seq.bs);
	CHECK(n1 == h1);
	/* the rest of the drive: the cache's content folded out as it shrinks
	 * (and refills: qlc-1tb frees jump_bytes every jump_every), once more */
	seq.base = seq.n * seq.bs;
	seq.n = m.capacity / seq.bs - seq.n;
	now = run_load(&m, now, &seq, &t);
	media(&m, now, &h0, &n0);
	printf("    fill: WA %.4f (host %.0f MB, media %.0f MB)\n", n0 / h0, h0 / 1e6, n0 / 1e6);
	CHECK(n0 > h0);
	CHECK(n0 - h0 <= cache + (h0 * m.scale / p->jump_every + 1) * p->jump_bytes / m.scale);
	/* random 4 KiB on the full drive past its spare: each written wa times */
	r4k.n = (uint64_t)(p->spare * (double)m.capacity) / 4096 + 1000;
	now = run_load(&m, now, &r4k, &t);
	media(&m, now, &h0, &n0);
	r4k.n = 20000;
	now = run_load(&m, now, &r4k, &t);
	media(&m, now, &h1, &n1);
	printf("    full random: WA %.4f, ssdq_model_wa() %.4f\n", (n1 - n0) / (h1 - h0), wa);
	CHECK(h1 - h0 == 20000.0 * 4096);
	CHECK_NEAR((n1 - n0) / (h1 - h0), wa, 0.01);
	ssdq_model_close(&m);
	unlink(path);
}

/*
 * The PTS's write saturation test on tlc-enterprise-4tb (docs/model.md,
 * "Steady state"): from purged, 4 KiB random writes at QD32 run at the
 * direct speed until the NAND's erased blocks, (1 + spare) x the capacity,
 * are written; then each quarter of the capacity written runs at the direct
 * speed over the write amplification ssdq_model_wa() gives between the
 * fill it began and ended at, the fill being 1 - e^-x after x capacities of
 * uniform random writes (the model's account of what holds data). IOPS fall
 * from fresh-out-of-box to A(fill)'s level: at 4 x the capacity (98.3 %
 * held, A = 4.9) above a full drive's (A = 5.7).
 */
TEST(wsat_falls_to_wa_level)
{
	const struct ssdq_model_preset *p = ssdq_model_find("tlc-enterprise-4tb");
	struct ssdq_model m;
	struct ssdq_model_smart sm;
	struct tally t;
	struct load w = { .op = SSDQ_MODEL_WRITE, .bs = 4096, .gap_ns = 100, .qd = 32,
			  .random = 1 };
	uint64_t now = 1000000000ULL, nand;
	double written, fob, last = 0, full = p->w_direct_bps / ssdq_model_wa(p, 1.0), end;
	int q, bad = 0;

	/* in the preset's own air: an enterprise drive in a server does not
	 * throttle, whatever it writes */
	fresh(&m, "tlc-enterprise-4tb", 20000);
	nand = (uint64_t)((1.0 + p->spare) * (double)m.capacity) / 4096;
	w.n = nand + 1;
	w.seed = 1;
	now = run_load(&m, now, &w, &t);
	fob = regime_mbps(&t, SSDQ_MODEL_R_DIRECT);
	/* a random offset that happens to continue a write stream is
	 * sequential (no GC, no erased NAND taken): a few at most */
	CHECK(t.bytes[SSDQ_MODEL_R_DIRECT] >= (nand - 16) * 4096 &&
	      t.bytes[SSDQ_MODEL_R_DIRECT] <= (nand + 1) * 4096);
	CHECK_NEAR(fob, p->w_direct_bps / 1e6, 0.02);
	written = (double)(nand + 1) * 4096;
	w.n = m.capacity / 4 / 4096;
	for (q = 0; written < 4.0 * (double)m.capacity; q++) {
		double x0 = written / (double)m.capacity, x1, a0, a1, got;

		w.seed = 1000 + (uint64_t)q;
		now = run_load(&m, now, &w, &t);
		written += (double)w.n * 4096;
		x1 = written / (double)m.capacity;
		a0 = ssdq_model_wa(p, 1 - exp(-x0));
		a1 = ssdq_model_wa(p, 1 - exp(-x1));
		got = regime_mbps(&t, SSDQ_MODEL_R_RANDOM) * 1e6;
		/* between the speeds at the fills it began and ended at, 3 % either way */
		if (!(got <= p->w_direct_bps / a0 * 1.03 && got >= p->w_direct_bps / a1 * 0.97)) {
			printf("    %.2f-%.2f capacities: %.1f MB/s, A %.2f-%.2f gives %.1f-%.1f\n",
			       x0, x1, got / 1e6, a0, a1, p->w_direct_bps / a1 / 1e6,
			       p->w_direct_bps / a0 / 1e6);
			bad++;
		}
		last = got;
	}
	printf("    WSAT: fresh %.0f IOPS for %.2f capacities, %.0f IOPS at %.2f (full drive's A: "
	       "%.0f IOPS)\n", fob * 1e6 / 4096, (double)nand * 4096 / (double)m.capacity,
	       last / 4096, written / (double)m.capacity, full / 4096);
	CHECK_EQ_INT(bad, 0);
	CHECK(q >= 11);
	end = p->w_direct_bps / ssdq_model_wa(p, 1 - exp(-written / (double)m.capacity));
	CHECK(last < 0.5 * fob * 1e6);
	CHECK_NEAR(last, end, 0.05);
	CHECK(last > full);
	ssdq_model_peek(&m, now, &sm);
	printf("    at the end: %.1f C (throttles at %.0f C); %u entries into throttling\n",
	       sm.temp_c, p->t_throttle, sm.tmt1_count);
	CHECK_EQ_INT(sm.tmt1_count, 0);
	ssdq_model_close(&m);
	unlink(path);
}

/*
 * A throttled drive slows its media and draws that much less above idle,
 * so it cools and comes out of throttling: tlc-enterprise-4tb in 42 °C
 * air heats towards 76 °C writing at full speed, past its 70 °C throttle
 * point, and towards 65 °C throttled, below the 68 °C it comes out at. Its
 * SMART thermal-management count steps again and again; a drive that drew
 * its full power throttled would stay there (one step).
 */
/* A full tlc-enterprise-4tb (1/20000) at its random-write steady state. */
static uint64_t steady_full_drive(struct ssdq_model *m, uint64_t now)
{
	struct load seq = { .op = SSDQ_MODEL_WRITE, .bs = 1 << 20, .gap_ns = 100, .qd = 32 };
	struct load rnd = { .op = SSDQ_MODEL_WRITE, .bs = 4096, .gap_ns = 100, .qd = 32,
			    .random = 1, .seed = 7 };
	struct tally t;

	fresh(m, "tlc-enterprise-4tb", 20000);
	seq.n = m->capacity / seq.bs;
	now = run_load(m, now, &seq, &t);
	/* the spare a sequential fill leaves erased, then as much again */
	rnd.n = (uint64_t)(2 * m->p->spare * (double)m->capacity) / 4096;
	now = run_load(m, now, &rnd, &t);
	CHECK(t.bytes[SSDQ_MODEL_R_RANDOM] > 0);
	return now;
}

TEST(idle_gc_frees_what_random_writes_then_use)
{
	struct ssdq_model m;
	struct load rnd = { .op = SSDQ_MODEL_WRITE, .bs = 4096, .gap_ns = 100, .qd = 32,
			    .random = 1, .n = 2000 };
	struct tally t;
	uint64_t now = steady_full_drive(&m, 1000000000ULL), grace, idle = 5000000ULL;
	double fill, made, want, room;

	grace = (uint64_t)(SSDQ_MODEL_GRACE_S * 1e9 / m.scale);
	/* a gap the host did not declare collects nothing */
	now += 100000000ULL;
	rnd.seed = 11;
	now = run_load(&m, now, &rnd, &t);
	CHECK_EQ_U64(t.bytes[SSDQ_MODEL_R_DIRECT], 0);
	/* a declared idle of 5 ms (100 s of the full drive): past the grace,
	 * erased NAND at the rate idle collection makes it */
	fill = 1.0;
	want = (idle - grace) / 1e9 * ssdq_model_gc_idle_bps(m.p, fill);
	made = ssdq_model_host_idle(&m, now, now + idle);
	CHECK_NEAR(made, want, 0.02);
	CHECK(ssdq_model_host_idle(&m, now, now + idle) == 0);	/* counted once */
	now += idle;
	rnd.seed = 12;
	now = run_load(&m, now, &rnd, &t);
	printf("    %.0f s idle of the full drive: %.1f MB erased, %.1f MB then written at "
	       "the direct speed (%.0f MB/s), the rest at %.0f MB/s\n", idle / 1e9 * m.scale,
	       made * m.scale / 1e6, t.bytes[SSDQ_MODEL_R_DIRECT] * m.scale / 1e6,
	       regime_mbps(&t, SSDQ_MODEL_R_DIRECT), regime_mbps(&t, SSDQ_MODEL_R_RANDOM));
	CHECK(fabs((double)t.bytes[SSDQ_MODEL_R_DIRECT] - made) <= 4096);
	CHECK(t.bytes[SSDQ_MODEL_R_RANDOM] > 0);
	CHECK_NEAR(regime_mbps(&t, SSDQ_MODEL_R_RANDOM) * 1e6,
		   m.p->w_direct_bps / ssdq_model_wa(m.p, fill), 0.05);
	/* a long idle: at most the NAND that holds no data */
	room = m.p->spare * (double)m.capacity + ((1ULL << 20) - m.capacity % (1ULL << 20)) % (1ULL << 20);
	made = ssdq_model_host_idle(&m, now, now + 10000000000ULL);
	CHECK(made > 0.9 * room && made <= room + 1.0);
	ssdq_model_close(&m);
	unlink(path);
}

TEST(sequential_after_random_pays_gc_then_recovers)
{
	struct ssdq_model m;
	struct load seq = { .op = SSDQ_MODEL_WRITE, .bs = 1 << 20, .gap_ns = 100, .qd = 32 };
	struct load rnd = { .op = SSDQ_MODEL_WRITE, .bs = 8192, .gap_ns = 100, .qd = 32,
			    .random = 1, .seed = 5 };
	struct tally t;
	uint64_t now = 1000000000ULL;
	double slow, fast, a;

	fresh(&m, "tlc-enterprise-4tb", 20000);
	seq.n = m.capacity / seq.bs;
	now = run_load(&m, now, &seq, &t);
	CHECK_EQ_U64(t.bytes[SSDQ_MODEL_R_SEQ_GC], 0);
	/* 8 KiB random writes over the whole drive, twice its capacity */
	rnd.n = 2 * m.capacity / rnd.bs;
	now = run_load(&m, now, &rnd, &t);
	/* the sequential pass after them: every chunk fragmented pays A, then
	 * the next pass runs at the direct speed */
	now = run_load(&m, now, &seq, &t);
	a = ssdq_model_wa(m.p, 1.0);
	slow = regime_mbps(&t, SSDQ_MODEL_R_SEQ_GC);
	CHECK(t.bytes[SSDQ_MODEL_R_SEQ_GC] >= seq.n * seq.bs * 99 / 100);
	CHECK_NEAR(slow * 1e6, m.p->w_direct_bps / a, 0.05);
	now = run_load(&m, now, &seq, &t);
	fast = regime_mbps(&t, SSDQ_MODEL_R_DIRECT);
	printf("    sequential 1 MiB after random 8 KiB: %.0f MB/s for a pass (A %.2f), "
	       "then %.0f MB/s\n", slow, a, fast);
	CHECK_EQ_U64(t.bytes[SSDQ_MODEL_R_SEQ_GC], 0);
	CHECK_NEAR(fast * 1e6, m.p->w_direct_bps, 0.03);
	ssdq_model_close(&m);
	unlink(path);
}

TEST(throttling_cools_the_drive)
{
	const struct ssdq_model_preset *p = ssdq_model_find("tlc-enterprise-4tb");
	struct ssdq_model m;
	struct ssdq_model_smart sm;
	struct tally t;
	struct load w = { .op = SSDQ_MODEL_WRITE, .bs = 1 << 20, .gap_ns = 100, .qd = 32 };
	uint64_t now = 1000000000ULL, t0 = now;
	double max_w = 0;

	/*
	 * Two passes over the drive: one pass (150 ms) held 2 or 3 entries
	 * into throttling as the model's per-process seed fell (1 run in 15
	 * held 2), two hold 5 or more.
	 */
	fresh(&m, "tlc-enterprise-4tb", 20000);
	ssdq_model_set_ambient(&m, 42);
	w.n = m.capacity / w.bs;
	for (int pass = 0; pass < 2; pass++) {
		now = run_load(&m, now, &w, &t);
		max_w = fmax(max_w, t.max_w);
	}
	ssdq_model_peek(&m, now, &sm);
	printf("    in 42 C air: %u entries into throttling, %.1f of %.1f ms throttled, "
	       "%.2f W at most\n", sm.tmt1_count, sm.tmt1_ms * 1.0, (now - t0) / 1e6, max_w);
	CHECK(sm.tmt1_count >= 3);
	CHECK(sm.tmt1_ms < (now - t0) / 1e6);
	CHECK(max_w <= p->ps0_w);
	ssdq_model_close(&m);
	unlink(path);
}

/*
 * Bytes that go into the cache when @m, its cache full, writes sequentially
 * after @idle_ns of idle.
 */
static double cache_after_idle(struct ssdq_model *m, uint64_t *now, uint64_t *off, uint64_t idle_ns)
{
	uint64_t bytes = 0;

	*now += idle_ns;
	for (;;) {
		uint64_t done = ssdq_model_io(m, *now, SSDQ_MODEL_WRITE, *off, 1 << 20);

		ssdq_model_complete(m, done);
		*now = done;
		*off += 1 << 20;
		if (m->regime != SSDQ_MODEL_R_CACHE)
			return (double)bytes;
		bytes += 1 << 20;
	}
}

/*
 * SLC recovery takes the idle time docs/model.md gives: nothing within
 * SSDQ_MODEL_GRACE_S, then the cache frees at the direct write speed
 * (tlc-dramless-1tb: its 88 GB in 1 + 135 s of the full drive's time),
 * scaled by the model's scale as its other times are. The model's regime
 * says which writes went to the cache.
 */
TEST(recovery_needs_documented_idle)
{
	const struct ssdq_model_preset *p = ssdq_model_find("tlc-dramless-1tb");
	const double scale = 1000, cache = p->slc_static / scale;
	const double full_s = SSDQ_MODEL_GRACE_S + p->slc_static / p->recover_bps;
	struct ssdq_model m;
	uint64_t now = 1000000000ULL, off = 0;
	double got;

	fresh(&m, "tlc-dramless-1tb", scale);
	cache_after_idle(&m, &now, &off, 0);
	printf("    the 88 GB cache frees in %.0f s of idle (full drive), %.1f ms at 1/%.0f\n",
	       full_s, full_s * 1e3 / scale, scale);
	CHECK(full_s > 60 && full_s < 600);
	got = cache_after_idle(&m, &now, &off, (uint64_t)(0.9 * SSDQ_MODEL_GRACE_S * 1e9 / scale));
	CHECK(got == 0);
	got = cache_after_idle(&m, &now, &off,
			       (uint64_t)((SSDQ_MODEL_GRACE_S + 0.5 * p->slc_static / p->recover_bps) *
					  1e9 / scale));
	printf("    half the time: %.1f GB of cache back (half: %.1f)\n", got * scale / 1e9,
	       cache * scale / 2e9);
	CHECK(fabs(got - cache / 2) <= (1 << 20) + 0.01 * cache);
	got = cache_after_idle(&m, &now, &off, (uint64_t)(0.95 * full_s * 1e9 / scale));
	CHECK(got < 0.96 * cache);
	got = cache_after_idle(&m, &now, &off, (uint64_t)(full_s * 1e9 / scale));
	printf("    the whole time: %.1f GB\n", got * scale / 1e9);
	CHECK(fabs(got - cache) <= (1 << 20) + 0.005 * cache);
	ssdq_model_close(&m);
	unlink(path);
}

TEST(state_file_is_checked)
{
	struct ssdq_model m, m2;
	char err[256];

	fresh(&m, "sata-1tb", 1000);
	ssdq_model_close(&m);
	CHECK_EQ_INT(ssdq_model_open(&m2, path, "qlc-1tb", 1000, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, path);
	CHECK_EQ_INT(ssdq_model_open(&m2, path, "sata-1tb", 500, err, sizeof(err)), -EINVAL);
	CHECK_EQ_INT(ssdq_model_open(&m2, path, "nonesuch", 1, err, sizeof(err)), -ENOENT);
	CHECK_CONTAINS(err, "ssdq_model=nonesuch");
	CHECK_EQ_INT(ssdq_model_open(&m2, path, "sata-1tb", 0.5, err, sizeof(err)), -EINVAL);
	CHECK_EQ_INT(ssdq_model_open(&m2, path, "sata-1tb", 1000, err, sizeof(err)), 0);
	ssdq_model_close(&m2);
	/* a state file of an older ssdq (version 2: no erased-NAND account) */
	{
		uint32_t v2 = 2;
		int fd = open(path, O_WRONLY);

		CHECK(fd >= 0 && pwrite(fd, &v2, sizeof(v2), 8) == sizeof(v2));
		if (fd >= 0)
			close(fd);
	}
	CHECK_EQ_INT(ssdq_model_open(&m2, path, "sata-1tb", 1000, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, "older ssdq (state version 2");
	unlink(path);
}

int main(void)
{
	RUN(fill_finds_cache_end);
	RUN(qd1_latency_percentiles);
	RUN(write_cache_on_and_off);
	RUN(dramless_random_reads_slower_on_a_wide_span);
	RUN(power_idle_and_busy);
	RUN(idle_recovers_cache_and_erase_resets);
	RUN(power_bounded_by_ps0);
	RUN(power_reading_behind_other_io);
	RUN(full_qlc_random_writes_pay_wa);
	RUN(wsat_falls_to_wa_level);
	RUN(media_writes_account_wa);
	RUN(idle_gc_frees_what_random_writes_then_use);
	RUN(sequential_after_random_pays_gc_then_recovers);
	RUN(throttling_cools_the_drive);
	RUN(recovery_needs_documented_idle);
	RUN(state_file_is_checked);
	return harness_main();
}
