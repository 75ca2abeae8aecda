// SPDX-License-Identifier: GPL-2.0-only
/* The drive model's power states on a virtual clock: APST, idle power, wakes, 02h, 0Ch. */
#include <libnvme.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "model.h"
#include "model_pstate.h"
#include "nvme_id.h"

#define MS	1000000ULL
#define S	1000000000ULL

static char path[64];

static void fresh(struct ssdq_model *m, const char *preset)
{
	char err[256];

	snprintf(path, sizeof(path), "/tmp/ssdq-test-pstate.%d", (int)getpid());
	unlink(path);
	if (ssdq_model_open(m, path, preset, 1000, err, sizeof(err))) {
		printf("open failed: %s\n", err);
		exit(1);
	}
}

static void apst_on(struct ssdq_model *m, uint64_t now)
{
	struct ssdq_apst a;

	ssdq_model_apst_default(m->p, &a);
	CHECK_EQ_INT(ssdq_model_apst(m, now, &a, NULL), 0);
}

/* One 4 KiB read at @now; when it completes. */
static uint64_t read_done(struct ssdq_model *m, uint64_t now, uint64_t off)
{
	uint64_t done = ssdq_model_io(m, now, SSDQ_MODEL_READ, off, 4096);

	ssdq_model_complete(m, done);
	return done;
}

/* One 4 KiB read at @now; its latency in µs. */
static double read_at(struct ssdq_model *m, uint64_t now, uint64_t off)
{
	return (read_done(m, now, off) - now) / 1e3;
}

/* The mean power over [@from, @to], from two readings. */
static double mean_w(struct ssdq_model *m, uint64_t from, uint64_t to)
{
	ssdq_model_power(m, from, NULL, NULL);
	return ssdq_model_power(m, to, NULL, NULL);
}

TEST(pstates_fit_their_max_power)
{
	for (const struct ssdq_model_preset *p = ssdq_model_presets; p->name; p++) {
		double top = fmax(p->p_read, fmax(p->p_write_cache, p->p_write_direct));

		if (!p->nps)
			continue;
		CHECK_NEAR(p->ps[0].max_w, p->ps0_w, 1e-9);
		CHECK_NEAR(p->ps[0].perf, 1.0, 1e-9);
		for (unsigned int i = 0; i < p->nps; i++) {
			const struct ssdq_model_psd *d = &p->ps[i];

			if (d->nonop) {
				CHECK(d->perf == 0 && d->idle_w < p->p_idle && d->idle_w <= d->max_w);
				continue;
			}
			CHECK(d->perf > 0 && d->perf <= 1);
			CHECK(p->p_idle + 1.25 * (top - p->p_idle) * d->perf <= d->max_w);
		}
	}
}

TEST(identify_decodes_through_the_one_reader)
{
	struct ssdq_model m;
	struct nvme_id_ctrl id;
	struct ssdq_id_ctrl c;

	fresh(&m, "qlc-1tb");
	ssdq_model_identify(&m, &id);
	ssdq_id_ctrl_decode(&id, &c);
	CHECK_EQ_INT(c.npss, m.p->nps);
	CHECK(c.apsta);
	CHECK(c.vwc);
	CHECK_STREQ(c.model, "qlc-1tb");
	for (unsigned int i = 0; i < m.p->nps; i++) {
		CHECK_NEAR(c.ps[i].max_power_w, m.p->ps[i].max_w, 1e-6);
		CHECK_EQ_INT(c.ps[i].non_operational, m.p->ps[i].nonop);
		CHECK_EQ_U64(c.ps[i].enlat_us, m.p->ps[i].enlat_us);
		CHECK_EQ_U64(c.ps[i].exlat_us, m.p->ps[i].exlat_us);
		if (m.p->ps[i].nonop)
			CHECK_NEAR(c.ps[i].idle_power_w, m.p->ps[i].idle_w, 1e-6);
		else
			CHECK(c.ps[i].idle_power_w < 0);
	}
	ssdq_model_close(&m);
	fresh(&m, "tlc-enterprise-4tb");
	ssdq_model_identify(&m, &id);
	ssdq_id_ctrl_decode(&id, &c);
	CHECK_EQ_INT(c.npss, 3);
	CHECK(!c.apsta);
	CHECK_NEAR(c.ps[0].max_power_w, 15.0, 1e-9);
	ssdq_model_close(&m);
	fresh(&m, "sata-1tb");
	ssdq_model_identify(&m, &id);
	ssdq_id_ctrl_decode(&id, &c);
	CHECK_EQ_INT(c.npss, 1);
	CHECK_NEAR(c.ps[0].max_power_w, 3.5, 1e-9);
	ssdq_model_close(&m);
	unlink(path);
}

/* qlc-1tb, APST on: PS0 idle, PS3 after 100 ms, PS4 2 s after PS3's entry. */
TEST(apst_walks_the_states_with_their_idle_power)
{
	struct ssdq_model m;
	struct ssdq_model_ps_acct a;
	uint64_t t0 = 10 * S;
	const struct ssdq_model_psd *ps3, *ps4;
	double w, e0, e1;

	fresh(&m, "qlc-1tb");
	ps3 = &m.p->ps[3];
	ps4 = &m.p->ps[4];
	CHECK_EQ_INT(ssdq_model_pstate_get(&m, t0), 0);
	apst_on(&m, t0);
	t0 = read_done(&m, t0, 0);	/* idle from its completion */
	e0 = ssdq_model_active_energy(&m);
	w = mean_w(&m, t0 + 10 * MS, t0 + 90 * MS);
	printf("    active idle %.4f W, ", w);
	CHECK_NEAR(w, m.p->p_idle, 1e-6);
	CHECK_EQ_INT(ssdq_model_pstate_get(&m, t0 + 99 * MS), 0);
	CHECK_EQ_INT(ssdq_model_pstate_get(&m, t0 + 101 * MS), 3);
	w = mean_w(&m, t0 + 200 * MS, t0 + 2000 * MS);
	printf("PS3 %.4f W, ", w);
	CHECK_NEAR(w, ps3->idle_w, 1e-6);
	CHECK_EQ_INT(ssdq_model_pstate_get(&m, t0 + 2100 * MS), 3);
	CHECK_EQ_INT(ssdq_model_pstate_get(&m, t0 + 2101 * MS), 4);
	w = mean_w(&m, t0 + 2200 * MS, t0 + 5000 * MS);
	printf("PS4 %.4f W\n", w);
	CHECK_NEAR(w, ps4->idle_w, 1e-6);
	ssdq_model_ps_account(&m, t0 + 5000 * MS, &a);
	CHECK_EQ_INT(a.state, 4);
	CHECK_EQ_U64(a.entries[3], 1);
	CHECK_EQ_U64(a.entries[4], 1);
	/* in PS3 from 100.21 ms to 2100.21 ms, in PS4 from 2102.21 ms */
	CHECK_EQ_U64(a.in_ns[3], 2000 * MS);
	CHECK_EQ_U64(a.in_ns[4], 5000 * MS - (2100 * MS + 210000 + 2000000));
	/* the energy account: each state's idle power over its time */
	e1 = ssdq_model_active_energy(&m) + m.p->p_idle * 5.0;
	CHECK_NEAR(e1 - e0, m.p->p_idle * (5.0 - 2.0 - a.in_ns[4] / 1e9) +
		   ps3->idle_w * 2.0 + ps4->idle_w * (a.in_ns[4] / 1e9), 1e-6);
	ssdq_model_close(&m);
	unlink(path);
}

TEST(the_first_read_after_idle_pays_the_exit_latency)
{
	static const struct { uint64_t gap; int ps; double more_us; } gaps[] = {
		{ 50 * MS, 0, 0 },
		{ 500 * MS, 3, 1200 },
		{ 100 * MS + 100000, 3, 1200 + 110 },	/* still entering PS3 */
		{ 3000 * MS, 4, 8000 },
	};
	struct ssdq_model m;
	struct ssdq_model_ps_acct a, b;
	uint64_t now = 10 * S;

	fresh(&m, "qlc-1tb");
	apst_on(&m, now);
	now = read_done(&m, now, 0);
	for (size_t i = 0; i < sizeof(gaps) / sizeof(gaps[0]); i++) {
		uint64_t done;
		double lat;

		ssdq_model_ps_account(&m, now, &a);
		now += gaps[i].gap;
		done = read_done(&m, now, (i + 1) << 20);
		lat = (done - now) / 1e3;
		ssdq_model_ps_account(&m, now, &b);
		printf("    after %.1f ms idle: %.1f us\n", gaps[i].gap / 1e6, lat);
		CHECK(lat >= gaps[i].more_us + 0.8 * m.p->r_lat_us[0]);
		CHECK(lat <= gaps[i].more_us + 1.5 * m.p->r_lat_us[2] + 5);
		if (gaps[i].ps) {
			CHECK_EQ_U64(b.wakes[gaps[i].ps] - a.wakes[gaps[i].ps], 1);
			CHECK_NEAR(b.wake_us[gaps[i].ps] - a.wake_us[gaps[i].ps],
				   gaps[i].more_us, 1e-6);
		} else {
			CHECK_EQ_U64(b.wakes[3] + b.wakes[4], a.wakes[3] + a.wakes[4]);
		}
		CHECK_EQ_INT(ssdq_model_pstate_get(&m, now), 0);
		now = done;
	}
	ssdq_model_close(&m);
	unlink(path);
}

TEST(set_features_power_management)
{
	struct ssdq_model m;
	struct ssdq_model_ps_acct a;
	uint64_t now = 10 * S, off = 0, t0;
	double mbps, lat;

	fresh(&m, "qlc-1tb");
	CHECK_EQ_INT(ssdq_model_pstate_set(&m, now, 5), -EINVAL);
	CHECK_EQ_INT(ssdq_model_pstate_set(&m, now, 2), 0);
	CHECK_EQ_INT(ssdq_model_pstate_get(&m, now), 2);
	CHECK_EQ_INT(ssdq_model_pstate_op(&m), 2);
	/* PS2 writes into the cache at half PS0's speed (all queued at once:
	 * the media's pace, not the commands' latency) */
	t0 = now;
	for (; off < 64 << 20; off += 1 << 20) {
		uint64_t done = ssdq_model_io(&m, t0, SSDQ_MODEL_WRITE, off, 1 << 20);

		now = done > now ? done : now;
	}
	for (unsigned int i = 0; i < 64; i++)
		ssdq_model_complete(&m, now);
	mbps = off / ((now - t0) / 1e9) / 1e6;
	printf("    PS2: %.0f MB/s into the cache (PS0 %.0f)\n", mbps, m.p->w_cache_bps / 1e6);
	CHECK_NEAR(mbps, 0.5 * m.p->w_cache_bps / 1e6, 0.03);
	/* the host puts it into PS4 (APST off): its idle power after entry */
	CHECK_EQ_INT(ssdq_model_pstate_set(&m, now, 4), 0);
	CHECK_EQ_INT(ssdq_model_pstate_get(&m, now + MS), 4);
	lat = mean_w(&m, now + 10 * MS, now + 500 * MS);
	printf("    PS4 set: %.12f W\n", lat);
	CHECK_NEAR(lat, m.p->ps[4].idle_w, 1e-4);
	now += 500 * MS;
	lat = read_at(&m, now, 0);
	CHECK(lat >= 8000);
	CHECK_EQ_INT(ssdq_model_pstate_get(&m, now + MS), 2);	/* back to the one set */
	ssdq_model_ps_account(&m, now + MS, &a);
	CHECK_EQ_U64(a.entries[4], 1);
	CHECK_EQ_U64(a.wakes[4], 1);
	CHECK_EQ_U64(a.sets, 2);
	/* nothing else moves it while APST is off */
	CHECK_EQ_INT(ssdq_model_pstate_get(&m, now + 60 * S), 2);
	ssdq_model_close(&m);
	unlink(path);
}

TEST(apst_feature_checked)
{
	struct ssdq_model m;
	struct ssdq_apst a, got;
	struct nvme_feat_auto_pst page;
	uint32_t dw0;

	fresh(&m, "tlc-dramless-1tb");
	CHECK_EQ_INT(ssdq_model_apst(&m, S, NULL, &got), 0);
	CHECK(!got.enabled);		/* APSTE clear as the drive ships */
	CHECK_EQ_INT(got.n, 4);		/* PS0, PS1, PS2 to PS3; PS3 to PS4 */
	CHECK(got.from_ps[0] == 0 && got.to_ps[0] == 3);
	CHECK_EQ_U64(got.idle_ms[0], SSDQ_MODEL_APST_PRIMARY_MS);
	CHECK(got.from_ps[3] == 3 && got.to_ps[3] == 4);
	CHECK_EQ_U64(got.idle_ms[3], SSDQ_MODEL_APST_SECONDARY_MS);
	/* the page as a drive answers Get Features 0Ch, through nvme/'s reader */
	CHECK_EQ_INT(ssdq_model_apst_page(&m, S, &dw0, &page), 0);
	ssdq_apst_decode(dw0, &page, &a);
	CHECK_MEMEQ(&a, &got, sizeof(a));
	a = got;
	a.enabled = true;
	a.to_ps[0] = 1;			/* an operational state: Invalid Field */
	CHECK_EQ_INT(ssdq_model_apst(&m, S, &a, NULL), -EINVAL);
	a.to_ps[0] = 7;			/* past the table */
	CHECK_EQ_INT(ssdq_model_apst(&m, S, &a, NULL), -EINVAL);
	CHECK_EQ_INT(ssdq_model_apst(&m, S, NULL, &got), 0);
	CHECK(!got.enabled);		/* nothing set */
	a.n = 1;
	a.to_ps[0] = 4;
	a.idle_ms[0] = 300;
	CHECK_EQ_INT(ssdq_model_apst(&m, S, &a, &got), 0);
	CHECK(got.enabled && got.n == 1 && got.to_ps[0] == 4 && got.idle_ms[0] == 300);
	CHECK_EQ_INT(ssdq_model_pstate_get(&m, S + 299 * MS), 0);
	CHECK_EQ_INT(ssdq_model_pstate_get(&m, S + 301 * MS), 4);
	ssdq_model_close(&m);
	fresh(&m, "sata-1tb");
	CHECK_EQ_INT(ssdq_model_apst(&m, S, NULL, &got), -EOPNOTSUPP);
	CHECK_EQ_INT(ssdq_model_pstate_set(&m, S, 1), -EINVAL);
	ssdq_model_close(&m);
	fresh(&m, "tlc-enterprise-4tb");
	CHECK_EQ_INT(ssdq_model_apst(&m, S, NULL, &got), -EOPNOTSUPP);
	CHECK_EQ_INT(ssdq_model_pstate_set(&m, S, 1), 0);
	ssdq_model_close(&m);
	unlink(path);
}

/* The power states live in the state file: a second opener sees them. */
TEST(power_states_shared_by_openers)
{
	struct ssdq_model m, m2;
	char err[256];

	fresh(&m, "qlc-1tb");
	apst_on(&m, S);
	CHECK_EQ_INT(ssdq_model_pstate_set(&m, S, 1), 0);
	CHECK_EQ_INT(ssdq_model_attach(&m2, path, err, sizeof(err)), 0);
	CHECK_EQ_INT(ssdq_model_pstate_op(&m2), 1);
	CHECK_EQ_INT(ssdq_model_pstate_get(&m2, S + 150 * MS), 3);
	ssdq_model_close(&m2);
	ssdq_model_close(&m);
	/* a state file of the ssdq before power states is refused, by name */
	{
		uint32_t v6 = 6;
		int fd = open(path, O_WRONLY);

		CHECK(fd >= 0 && pwrite(fd, &v6, sizeof(v6), 8) == sizeof(v6));
		if (fd >= 0)
			close(fd);
	}
	CHECK_EQ_INT(ssdq_model_open(&m2, path, "qlc-1tb", 1000, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, path);
	CHECK_CONTAINS(err, "state version 6");
	unlink(path);
}

int main(void)
{
	RUN(pstates_fit_their_max_power);
	RUN(identify_decodes_through_the_one_reader);
	RUN(apst_walks_the_states_with_their_idle_power);
	RUN(the_first_read_after_idle_pays_the_exit_latency);
	RUN(set_features_power_management);
	RUN(apst_feature_checked);
	RUN(power_states_shared_by_openers);
	return harness_main();
}
