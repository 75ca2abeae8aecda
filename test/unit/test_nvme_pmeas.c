// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of nvme/nvme_pmeas.c (the Power Measurement feature and log,
 * 25h) and the OCP C0h power fields (nvme/nvme_log.c): pages laid out byte
 * by byte at the specification's offsets, bad and short pages refused with
 * a message, and random pages that must never crash the decoders.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "harness.h"
#include "nvme_log.h"
#include "nvme_pmeas.h"

static void put16(uint8_t *p, unsigned int off, uint16_t v)
{
	p[off] = (uint8_t)v;
	p[off + 1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, unsigned int off, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[off + i] = (uint8_t)(v >> (8 * i));
}

/* A good page: 120 measurements, mean 4.5 W, maximum 6.12 W, estimated, ±5 %. */
static void good_page(uint8_t *p)
{
	memset(p, 0, 64);
	p[1] = 3;				/* generation */
	put16(p, 2, 1u | 1u << 2);		/* PME, EPF, PMT 0 */
	put32(p, 4, 64);			/* SZE */
	put32(p, 8, 120);			/* PMC */
	put16(p, 14, 7);			/* SMTR */
	put16(p, 26, 250);			/* PHBS */
	put32(p, 40, 1u << 16 | 45000);		/* AIPWR: 4.5 W in 0.0001 W */
	put32(p, 44, 2u << 16 | 612);		/* MIPWR: 6.12 W in 0.01 W */
	p[56] = 5;				/* IPWRPE */
}

TEST(page_at_spec_offsets)
{
	uint8_t p[64];
	struct ssdq_pmeas m;
	char why[200] = "";

	good_page(p);
	CHECK_EQ_INT(ssdq_pmeas_decode(p, sizeof(p), &m, why, sizeof(why)), 0);
	CHECK_EQ_INT(m.generation, 3);
	CHECK(m.enabled);
	CHECK(m.estimated);
	CHECK(!m.non_contiguous);
	CHECK_EQ_INT(m.type, SSDQ_PMEAS_TYPE_TOTAL);
	CHECK_EQ_INT(m.count, 120);
	CHECK_EQ_INT(m.stop_left_min, 7);
	CHECK(fabs(m.avg_w - 4.5) < 1e-9);
	CHECK(fabs(m.max_w - 6.12) < 1e-9);
	CHECK(fabs(m.resolution_w - 0.0001) < 1e-12);
	CHECK_EQ_INT(m.percent_error, 5);
	CHECK_EQ_INT(m.histogram, 0);

	p[56] = 255;
	put32(p, 44, 0);			/* maximum not reported */
	CHECK_EQ_INT(ssdq_pmeas_decode(p, sizeof(p), &m, why, sizeof(why)), 0);
	CHECK_EQ_INT(m.percent_error, -1);
	CHECK(isnan(m.max_w));
}

TEST(power_fields)
{
	double w = -1, unit = 0;

	CHECK_EQ_INT(ssdq_pmeas_power_w(1u << 16 | 65535, &w, &unit), 0);
	CHECK(fabs(w - 6.5535) < 1e-9 && fabs(unit - 0.0001) < 1e-12);
	CHECK_EQ_INT(ssdq_pmeas_power_w(2u << 16 | 1500, &w, &unit), 0);
	CHECK(fabs(w - 15.0) < 1e-9 && fabs(unit - 0.01) < 1e-12);
	CHECK_EQ_INT(ssdq_pmeas_power_w(1234, &w, NULL), -ENODATA);
	CHECK_EQ_INT(ssdq_pmeas_power_w(3u << 16 | 1, &w, NULL), -EINVAL);
	CHECK_EQ_INT(ssdq_pmeas_power_w(1u << 18 | 1u << 16 | 1, &w, NULL), -EINVAL);
	/* the finer unit while it holds the value, rounded to the nearest */
	for (double x = 0; x < 700; x = x * 1.37 + 0.00013) {
		uint32_t f = ssdq_pmeas_power_field(x);

		CHECK_EQ_INT(ssdq_pmeas_power_w(f, &w, &unit), 0);
		CHECK(fabs(w - x) <= unit / 2 + 1e-12 || x > 655.35);
		CHECK(x > 6.5535 || unit < 0.001);
	}
	CHECK_EQ_INT(ssdq_pmeas_power_field(-1.0), 0);
	CHECK_EQ_INT(ssdq_pmeas_power_field(NAN), 0);
	CHECK_EQ_INT(ssdq_pmeas_power_field(1e6) & 0xffff, 0xffff);
}

TEST(encode_round_trip)
{
	struct ssdq_pmeas in = {
		.generation = 255, .enabled = true, .non_contiguous = true, .type = 0,
		.count = 4000000000u, .stop_left_min = 60, .avg_w = 3.2107, .max_w = 12.5,
		.percent_error = 100,
	}, out;
	struct ssdq_pmeas_log_page pg;
	char why[200] = "";

	ssdq_pmeas_encode(&in, &pg);
	CHECK_EQ_INT(ssdq_pmeas_decode(&pg, sizeof(pg), &out, why, sizeof(why)), 0);
	CHECK_EQ_INT(out.generation, 255);
	CHECK(out.enabled && out.non_contiguous && !out.estimated);
	CHECK_EQ_U64(out.count, 4000000000u);
	CHECK_EQ_INT(out.stop_left_min, 60);
	CHECK(fabs(out.avg_w - 3.2107) < 1e-9);
	CHECK(fabs(out.max_w - 12.5) < 1e-9);
	CHECK_EQ_INT(out.percent_error, 100);
	in.avg_w = NAN;
	in.max_w = NAN;
	in.percent_error = -1;
	ssdq_pmeas_encode(&in, &pg);
	CHECK_EQ_INT(ssdq_pmeas_decode(&pg, sizeof(pg), &out, why, sizeof(why)), 0);
	CHECK(isnan(out.avg_w) && isnan(out.max_w));
	CHECK_EQ_INT(out.percent_error, -1);
}

/* Each bad page: refused, with a message naming what is wrong. */
static void refused(const uint8_t *p, size_t len, const char *what)
{
	struct ssdq_pmeas m;
	char why[200] = "";

	memset(&m, 0x5a, sizeof(m));
	CHECK_EQ_INT(ssdq_pmeas_decode(p, len, &m, why, sizeof(why)), -EBADMSG);
	CHECK_CONTAINS(why, "Power Measurement log: ");
	CHECK_CONTAINS(why, what);
}

TEST(bad_pages_refused)
{
	uint8_t p[64];
	struct ssdq_pmeas m;
	char why[200];

	good_page(p);
	for (size_t len = 0; len < 64; len++)
		refused(p, len, "shorter than its 64-byte header");
	CHECK_EQ_INT(ssdq_pmeas_decode(NULL, 64, &m, why, sizeof(why)), -EBADMSG);
	good_page(p), p[0] = 1, refused(p, 64, "version 1");
	good_page(p), put32(p, 4, 63), refused(p, 64, "size 63 bytes");
	good_page(p), put16(p, 12, 3), put16(p, 28, 2), refused(p, 64, "more than the 2");
	good_page(p), put16(p, 12, 2), put16(p, 28, 4), put16(p, 24, 16),
		refused(p, 64, "of 16 bytes");
	good_page(p), put16(p, 12, 2), put16(p, 28, 4), put16(p, 24, 8),
		refused(p, 64, "cannot hold 2 descriptors");
	good_page(p), put16(p, 30, 1), refused(p, 64, "1 vendor bytes");
	good_page(p), p[56] = 101, refused(p, 64, "percent error 101");
	good_page(p), put32(p, 40, 3u << 16 | 1), refused(p, 64, "average interval power");
	good_page(p), put32(p, 44, 1u << 20 | 1u << 16), refused(p, 64, "maximum interval power");
	good_page(p), put32(p, 44, 2u << 16 | 400), refused(p, 64, "below the mean");
	/* a page with room for its descriptors and vendor bytes is good */
	good_page(p), put16(p, 12, 2), put16(p, 28, 4), put16(p, 24, 8), put16(p, 30, 4),
		put32(p, 4, 84);
	CHECK_EQ_INT(ssdq_pmeas_decode(p, 64, &m, why, sizeof(why)), 0);
	CHECK_EQ_INT(m.histogram, 2);
	/* no measurement yet: a maximum below the mean means nothing */
	good_page(p), put32(p, 8, 0), put32(p, 44, 2u << 16 | 400);
	CHECK_EQ_INT(ssdq_pmeas_decode(p, 64, &m, why, sizeof(why)), 0);
}

static uint64_t rnd_state = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

/* Random pages, mostly near a good one: never a crash, and what passes holds. */
TEST(random_pages)
{
	uint8_t p[80];
	unsigned int good = 0, bad = 0;

	for (int n = 0; n < 50000; n++) {
		struct ssdq_pmeas m;
		char why[200] = "";
		size_t len = rnd() % sizeof(p);
		int ret;

		good_page(p);
		for (int k = (int)(rnd() % 4); k >= 0; k--)
			p[rnd() % sizeof(p)] = (uint8_t)rnd();
		if (n % 10 == 0)
			for (size_t i = 0; i < sizeof(p); i++)
				p[i] = (uint8_t)rnd();
		ret = ssdq_pmeas_decode(p, len, &m, why, sizeof(why));
		if (ret) {
			CHECK_EQ_INT(ret, -EBADMSG);
			CHECK(why[0] != 0);
			bad++;
			continue;
		}
		good++;
		CHECK(len >= 64);
		CHECK(m.percent_error >= -1 && m.percent_error <= 100);
		CHECK(m.type <= 15);
		CHECK(isnan(m.avg_w) || (m.avg_w >= 0 && m.avg_w <= 655.35));
		CHECK(!m.count || isnan(m.avg_w) || isnan(m.max_w) ||
		      m.max_w >= m.avg_w - m.resolution_w);
	}
	CHECK(good > 1000 && bad > 1000);
}

TEST(set_features_cdw11)
{
	CHECK_EQ_INT(ssdq_pmeas_cdw11(SSDQ_PMEAS_START, SSDQ_PMEAS_TYPE_TOTAL, 0), 1);
	CHECK_EQ_INT(ssdq_pmeas_cdw11(SSDQ_PMEAS_STOP, 0, 0), 0);
	CHECK_EQ_U64(ssdq_pmeas_cdw11(SSDQ_PMEAS_START, 0xc, 30), 30u << 16 | 0xc0 | 1);
}

TEST(identify_controller_fields)
{
	static uint8_t id[4096];
	struct ssdq_pmeas_caps c;

	ssdq_pmeas_caps_decode(id, &c);
	CHECK(!c.supported);
	CHECK(c.sample_us == 0);
	put32(id, 96, 1u << 21 | 1u << 19);	/* CTRATT: PMS (and FDPS) */
	put16(id, 392, 4u << 8 | 100);		/* IPMSR: 100 × 1 ms */
	put16(id, 394, 60);			/* MSMT */
	ssdq_pmeas_caps_decode(id, &c);
	CHECK(c.supported);
	CHECK(fabs(c.sample_us - 100000) < 1e-6);
	CHECK_EQ_INT(c.max_stop_min, 60);
	put16(id, 392, 9u << 8 | 100);		/* a reserved scale: not reported */
	ssdq_pmeas_caps_decode(id, &c);
	CHECK(c.sample_us == 0);
}

TEST(ocp_power_fields)
{
	struct ssdq_ocp_smart_log log;
	uint8_t *b = (uint8_t *)&log;
	struct ssdq_ocp_smart o, back;

	memset(&log, 0, sizeof(log));
	memcpy(b + 496, ssdq_ocp_smart_guid, 16);
	put16(b, 494, 4);
	put16(b, 260, 25);			/* max peak power capability */
	put16(b, 262, 14);			/* current max average power */
	for (int i = 0; i < 6; i++)		/* lifetime: 0x0102030405 Wh */
		b[264 + i] = (uint8_t)(0x0102030405ull >> (8 * i));
	CHECK_EQ_INT(ssdq_ocp_smart_decode(&log, &o), 0);
	CHECK(o.have_power);
	CHECK_EQ_INT(o.peak_power_w, 25);
	CHECK_EQ_INT(o.max_avg_power_w, 14);
	CHECK_EQ_U64(o.lifetime_energy_wh, 0x0102030405ull);
	/* before version 4 those bytes meant nothing */
	put16(b, 494, 3);
	CHECK_EQ_INT(ssdq_ocp_smart_decode(&log, &o), 0);
	CHECK(!o.have_power);
	CHECK_EQ_U64(o.lifetime_energy_wh, 0);
	/* the model's page, round trip; the 48-bit counter saturates */
	memset(&o, 0, sizeof(o));
	o.log_page_version = 4;
	o.have_power = true;
	o.peak_power_w = 7;
	o.max_avg_power_w = 6;
	o.lifetime_energy_wh = UINT64_MAX;
	o.phys_media_units_written = 123456789;
	ssdq_ocp_smart_encode(&o, &log);
	CHECK_EQ_INT(ssdq_ocp_smart_decode(&log, &back), 0);
	CHECK(back.have_power);
	CHECK_EQ_INT(back.peak_power_w, 7);
	CHECK_EQ_INT(back.max_avg_power_w, 6);
	CHECK_EQ_U64(back.lifetime_energy_wh, 0xffffffffffffull);
	CHECK_EQ_U64(back.phys_media_units_written, 123456789);
	log.log_page_guid[3] ^= 1;
	CHECK_EQ_INT(ssdq_ocp_smart_decode(&log, &back), -ENOMSG);
}

int main(void)
{
	RUN(page_at_spec_offsets);
	RUN(power_fields);
	RUN(encode_round_trip);
	RUN(bad_pages_refused);
	RUN(random_pages);
	RUN(set_features_cdw11);
	RUN(identify_controller_fields);
	RUN(ocp_power_fields);
	return harness_main();
}
