// SPDX-License-Identifier: GPL-2.0-only
/*
 * Drive model presets. Each follows public review figures (see
 * docs/model.md for the sources and what each number stands for). Idle
 * frees the SLC cache at the direct (native NAND) write speed; PS0 lies
 * above idle + 1.25 x the highest activity power, the most the power rule
 * can draw. With the volatile write cache off a write waits for its NAND
 * program: w_nocache_us, an SLC program on the cached drives (200-300 µs),
 * the enterprise drive's power-loss-protected buffer's short commit.
 */
#include "model.h"
#include "model_pstate.h"

#define GB	1e9
#define MBPS	1e6
/* binary NAND under a decimal capacity: 1024 GiB under 1000 GB */
#define SPARE	(1099511627776.0 / 1e12 - 1.0)

/*
 * Power states (docs/model.md, "Power states"). Operational states below
 * PS0 run at perf of its speed and activity power: each one's highest draw,
 * p_idle + 1.25 x (the highest activity power - p_idle) x perf, lies under
 * its MP (test_model: pstates_fit_their_max_power).
 */
#define OP(mp, share, exlat)	{ .max_w = (mp), .perf = (share), .exlat_us = (exlat) }
#define NONOP(mp, idle, en, ex)	{ .max_w = (mp), .idle_w = (idle), .nonop = true, \
				  .enlat_us = (en), .exlat_us = (ex) }

/* A client drive's table, the Samsung PM981 1 TB's (MZVLB1T0HBLR, its
 * Identify as smartctl prints it): PS3 0.07 W, 210/1200 µs; PS4 0.005 W,
 * 2/8 ms; operational states cut to the model's PS0. */
static const struct ssdq_model_psd qlc_ps[] = {
	OP(5.5, 1.0, 0), OP(3.5, 0.75, 0), OP(2.5, 0.5, 0),
	NONOP(0.07, 0.035, 210, 1200), NONOP(0.005, 0.004, 2000, 8000),
};

/* A DRAM-less drive's, the Kingston NV2 2 TB's (SNV2S2000G): PS1 3.5 W and
 * PS2 2.5 W with 200 and 1000 µs of exit latency, PS3 5/5 ms, PS4 20/70 ms
 * (it states 1.5 W as both's MP and no idle power: the model's idle powers
 * lie under its 0.05 W of active idle). */
static const struct ssdq_model_psd dramless_ps[] = {
	OP(6.0, 1.0, 0), OP(3.5, 0.6, 200), OP(2.5, 0.45, 1000),
	NONOP(1.5, 0.03, 5000, 5000), NONOP(1.5, 0.004, 20000, 70000),
};

/* An enterprise drive's power limits: operational states only, no APST. */
static const struct ssdq_model_psd enterprise_ps[] = {
	OP(15.0, 1.0, 0), OP(12.0, 0.75, 0), OP(10.0, 0.55, 0),
};

#define PSTATES(t)	.ps = (t), .nps = sizeof(t) / sizeof((t)[0])

const struct ssdq_model_preset ssdq_model_presets[] = {
	{
		/* Crucial P1 1TB class: QLC, large dynamic SLC cache, ~155 GB on a
		 * fill from empty, ~100 MB/s after it with brief recoveries. */
		.name = "qlc-1tb",
		.summary = "QLC NVMe, 1 TB, large dynamic SLC cache (Crucial P1 class)",
		.capacity = 1000000000000ULL, .lba_shift = 9,
		.link_bps = 3500 * MBPS,
		.slc_static = 12 * GB, .slc_dynamic = 169.2 * GB,
		.w_cache_bps = 1700 * MBPS, .w_direct_bps = 100 * MBPS,
		.recover_bps = 100 * MBPS, .jump_every = 100 * GB, .jump_bytes = 4 * GB,
		.r_seq_bps = 1950 * MBPS, .r_rand_bps = 1000 * MBPS, .r_frag_bps = 150 * MBPS,
		.r_lat_us = { 110, 160, 400 }, .w_lat_us = { 30, 60, 1500 }, .w_nocache_us = 250,
		.p_idle = 0.08, .p_read = 3.2, .p_write_cache = 3.6, .p_write_direct = 3.0,
		.ps0_w = 5.5, PSTATES(qlc_ps), .spare = SPARE,
		.t_ambient = 35, .t_rth = 8, .t_tau_s = 60, .t_throttle = 80,
		.throttle_factor = 0.5,
	},
	{
		/* DRAM-less 4-channel TLC PCIe 4.0 (seed review): 2.8 GB/s into an
		 * 88 GB pSLC cache, 600 MB/s after it, and from 800 GB on swings
		 * between 600 and 80 MB/s averaging ~400 MB/s. */
		.name = "tlc-dramless-1tb",
		.summary = "DRAM-less 4-channel TLC NVMe, 1 TB, 88 GB static pSLC",
		.capacity = 1000000000000ULL, .lba_shift = 9,
		.link_bps = 7000 * MBPS,
		.slc_static = 88 * GB, .slc_dynamic = 0,
		.w_cache_bps = 2800 * MBPS, .w_direct_bps = 650 * MBPS,
		.fold_start = 0.8, .w_fold_hi_bps = 600 * MBPS, .w_fold_lo_bps = 80 * MBPS,
		.fold_hi_bytes = 12 * GB, .fold_lo_bytes = 1 * GB,
		.recover_bps = 650 * MBPS,
		.r_seq_bps = 4800 * MBPS, .r_rand_bps = 2000 * MBPS, .r_frag_bps = 900 * MBPS,
		.r_lat_us = { 70, 110, 300 }, .w_lat_us = { 18, 40, 900 }, .w_nocache_us = 200,
		/* no DRAM: a 32 MB host memory buffer maps 32 GB of LBAs; a
		 * random read beyond it reads its mapping page from NAND first */
		.map_cover = 32 * GB, .map_miss_us = 45,
		.p_idle = 0.05, .p_read = 3.6, .p_write_cache = 4.2, .p_write_direct = 3.4,
		.ps0_w = 6.0, PSTATES(dramless_ps), .spare = SPARE,
		.t_ambient = 35, .t_rth = 9, .t_tau_s = 45, .t_throttle = 80,
		.throttle_factor = 0.4,
	},
	{
		/* Enterprise TLC, 4 TB class (DC P4510 / 983 DCT): no SLC cache,
		 * QD1 4 kB reads ~80 µs with a tail 2.5x the mean at 99.99 %;
		 * cooled as its rated airflow cools it: at its highest draw in
		 * its 30 °C (13.75 W) it runs at 64 °C, below its 70 °C
		 * throttle point, as an enterprise drive does in a server. */
		.name = "tlc-enterprise-4tb",
		.summary = "enterprise TLC NVMe U.2, 4 TB, no SLC cache, power-loss-protected",
		.capacity = 4000000000000ULL, .lba_shift = 12,
		.link_bps = 3500 * MBPS,
		.w_cache_bps = 1600 * MBPS, .w_direct_bps = 1600 * MBPS,
		.recover_bps = 0,
		.r_seq_bps = 2500 * MBPS, .r_rand_bps = 2400 * MBPS, .r_frag_bps = 2000 * MBPS,
		.r_lat_us = { 78, 105, 200 }, .w_lat_us = { 15, 30, 500 }, .w_nocache_us = 45,
		.p_idle = 5.0, .p_read = 8.5, .p_write_cache = 12.0, .p_write_direct = 12.0,
		.ps0_w = 15.0, PSTATES(enterprise_ps), .spare = SPARE,
		.t_ambient = 30, .t_rth = 2.5, .t_tau_s = 120, .t_throttle = 70,
		.throttle_factor = 0.5,
	},
	{
		/* SATA mainstream TLC (MX500 / 860 EVO class): link-bound at ~550 MB/s. */
		.name = "sata-1tb",
		.summary = "SATA TLC, 1 TB, 12 GB SLC cache, link-bound",
		.capacity = 1000000000000ULL, .lba_shift = 9,
		.link_bps = 560 * MBPS,
		.slc_static = 12 * GB, .slc_dynamic = 0,
		.w_cache_bps = 510 * MBPS, .w_direct_bps = 420 * MBPS,
		.recover_bps = 420 * MBPS,
		.r_seq_bps = 540 * MBPS, .r_rand_bps = 400 * MBPS, .r_frag_bps = 300 * MBPS,
		.r_lat_us = { 95, 140, 350 }, .w_lat_us = { 45, 80, 700 }, .w_nocache_us = 300,
		.p_idle = 0.06, .p_read = 2.0, .p_write_cache = 2.4, .p_write_direct = 2.2,
		.ps0_w = 3.5, .spare = SPARE,
		.t_ambient = 30, .t_rth = 6, .t_tau_s = 90, .t_throttle = 75,
		.throttle_factor = 0.6,
	},
	{ .name = NULL },
};
