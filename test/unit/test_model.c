// SPDX-License-Identifier: GPL-2.0-only
/* The drive model on a virtual clock: its behaviour against its presets. */
#include <errno.h>
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

TEST(power_idle_and_busy)
{
	const struct ssdq_model_preset *p = ssdq_model_find("tlc-dramless-1tb");
	struct ssdq_model m;
	struct ssdq_model_smart smart;
	uint64_t now = 1000000000ULL, off = 0;
	double w;

	fresh(&m, "tlc-dramless-1tb", 1000);
	ssdq_model_power(&m, now, NULL);
	now += 1000000000ULL;
	w = ssdq_model_power(&m, now, NULL);
	CHECK(fabs(w - p->p_idle) < 1e-9);
	/* 50 MB of cached sequential writes at QD1, back to back */
	while (off < 50000000) {
		uint64_t done = ssdq_model_io(&m, now, SSDQ_MODEL_WRITE, off, 1 << 20);

		ssdq_model_complete(&m, done);
		now = done;
		off += 1 << 20;
	}
	w = ssdq_model_power(&m, now, &smart);
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
	done = ssdq_model_io(&m, now, SSDQ_MODEL_WRITE, off, 1 << 20);
	CHECK(fabs((1 << 20) / ((done - now) / 1e9) - p->w_direct_bps) / p->w_direct_bps < 0.05);
	ssdq_model_complete(&m, done);
	now = done + 60000000000ULL;	/* a minute of idle frees the cache again */
	off += 1 << 20;
	done = ssdq_model_io(&m, now, SSDQ_MODEL_WRITE, off, 1 << 20);
	CHECK(fabs((1 << 20) / ((done - now) / 1e9) - p->w_cache_bps) / p->w_cache_bps < 0.05);
	ssdq_model_complete(&m, done);
	ssdq_model_erase(&m);
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
	unlink(path);
}

int main(void)
{
	RUN(fill_finds_cache_end);
	RUN(qd1_latency_percentiles);
	RUN(power_idle_and_busy);
	RUN(idle_recovers_cache_and_erase_resets);
	RUN(state_file_is_checked);
	return harness_main();
}
