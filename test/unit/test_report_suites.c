// SPDX-License-Identifier: GPL-2.0-only
/*
 * Figures across jobs and tests: queue-depth series (the sustained tests'
 * score and efficiency, the mean of QD1, QD2 and QD4), block-size sweeps,
 * clean / fragmented / full variants side by side, and the comparison of
 * several drives. The jobs are built here with known figures, named as the
 * job library names them (jobs/consumer/sustained-seq-read.fio: qd1 … qd32;
 * jobs/enterprise/qd1-rand-read-bs.fio: bs512 … bs1m), so the expected
 * figures are plain arithmetic on them.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#include "compare.h"
#include "report.h"
#include "series.h"

#define CHECK_FIG(fig, want)						\
	harness_check((fig).ok && harness_near((fig).v, (want), 1e-12), __FILE__,	\
		      __LINE__, "CHECK_FIG(%s, %s): %s%.6f (%s) vs %.6f",	\
		      #fig, #want, (fig).ok ? "" : "null ", (fig).v,	\
		      (fig).why, (double)(want))

/* A job with the figures the series use. */
static void job(struct rpt_job *j, const char *name, const char *rw, double bs, double qd,
		double mbps, double w)
{
	memset(j, 0, sizeof(*j));
	j->name = strdup(name);
	j->rw = strdup(rw);
	rpt_fig_set(&j->bs, bs);
	rpt_fig_set(&j->iodepth, qd);
	rpt_fig_set(&j->mbps, mbps);
	rpt_fig_set(&j->iops, mbps * 1e6 / bs);
	if (w > 0) {
		rpt_fig_set(&j->power_w, w);
		rpt_fig_set(&j->mbps_per_w, mbps / w);
		rpt_fig_set(&j->iops_per_w, mbps * 1e6 / bs / w);
	} else {
		rpt_fig_null(&j->power_w, "no power log");
		rpt_fig_null(&j->mbps_per_w, "no power log");
		rpt_fig_null(&j->iops_per_w, "no power log");
	}
}

static void test_init(struct rpt_test *t, const char *name, size_t njobs)
{
	memset(t, 0, sizeof(*t));
	t->name = strdup(name);
	t->path = strdup(name);
	t->jobs = calloc(njobs, sizeof(*t->jobs));
	t->njobs = njobs;
	t->dev.scale = 1;
}

static const double qds[6] = { 1, 2, 4, 8, 16, 32 };

/* sustained-seq-read.fio: jobs qd1 … qd32, 128k reads, MB/s and W given */
static void sustained(struct rpt_test *t, const char *name, const double *mbps,
		      const double *w)
{
	char jn[16];
	int i;

	test_init(t, name, 6);
	for (i = 0; i < 6; i++) {
		snprintf(jn, sizeof(jn), "qd%.0f", qds[i]);
		job(&t->jobs[i], jn, "read", 131072, qds[i], mbps[i], w[i]);
	}
}

TEST(qd_series)
{
	const double mbps[6] = { 1100, 1700, 1900, 1950, 1960, 1970 };
	const double w[6] = { 2.0, 2.4, 2.6, 2.8, 2.9, 3.0 };
	struct rpt_test t;
	const struct rpt_series *s;

	sustained(&t, "sustained-seq-read", mbps, w);
	/* out of order in the file: the series sorts by QD */
	{
		struct rpt_job tmp = t.jobs[0];

		t.jobs[0] = t.jobs[5];
		t.jobs[5] = tmp;
	}
	CHECK_EQ_INT(rpt_series_find(&t), 0);
	if (!CHECK_EQ_INT(t.nseries, 1))
		goto out;
	s = &t.series[0];
	CHECK_EQ_INT(s->kind, RPT_SERIES_QD);
	CHECK_STREQ(s->name, "sustained-seq-read");
	CHECK_STREQ(s->key, "sustained-seq-read");
	CHECK_STREQ(s->variant, "clean");
	CHECK_EQ_INT(s->n, 6);
	CHECK_STREQ(t.jobs[s->job[0]].name, "qd1");
	CHECK_STREQ(t.jobs[s->job[5]].name, "qd32");
	CHECK(rpt_series_param(&t, s, 2) == 4);
	CHECK_FIG(s->score_mbps, (1100 + 1700 + 1900) / 3.0);
	CHECK_FIG(s->power_w, (2.0 + 2.4 + 2.6) / 3);
	CHECK_FIG(s->efficiency, (1100 / 2.0 + 1700 / 2.4 + 1900 / 2.6) / 3);
out:
	rpt_test_free(&t);
}

TEST(qd_series_nulls)
{
	const double mbps[6] = { 1100, 1700, 1900, 1950, 1960, 1970 };
	const double w[6] = { 0, 2.4, 2.6, 2.8, 2.9, 3.0 };	/* QD1 without power */
	struct rpt_test t;

	sustained(&t, "sustained-seq-write-full", mbps, w);
	strcpy(t.jobs[2].name, "qd5");				/* no QD4 */
	rpt_fig_set(&t.jobs[2].iodepth, 5);
	CHECK_EQ_INT(rpt_series_find(&t), 0);
	if (CHECK_EQ_INT(t.nseries, 1)) {
		const struct rpt_series *s = &t.series[0];

		CHECK_STREQ(s->variant, "full");
		CHECK_STREQ(s->key, "sustained-seq-write");
		CHECK(!s->score_mbps.ok);
		CHECK_CONTAINS(s->score_mbps.why, "no QD4 job");
		CHECK(!s->power_w.ok);
	}
	rpt_test_free(&t);

	sustained(&t, "sustained-seq-read", mbps, w);
	CHECK_EQ_INT(rpt_series_find(&t), 0);
	if (CHECK_EQ_INT(t.nseries, 1)) {
		const struct rpt_series *s = &t.series[0];

		CHECK_FIG(s->score_mbps, (1100 + 1700 + 1900) / 3.0);
		CHECK(!s->power_w.ok);
		CHECK_CONTAINS(s->power_w.why, "QD1 (job qd1) has no power: no power log");
		CHECK(!s->efficiency.ok);
	}
	rpt_test_free(&t);
}

/* One file with both variants: seq-read-qdN and seq-read-frag-qdN. */
TEST(named_variants_in_one_test)
{
	struct rpt_test t;
	char jn[32];
	int i;

	test_init(&t, "seq-read", 13);
	for (i = 0; i < 6; i++) {
		snprintf(jn, sizeof(jn), "seq-read-qd%.0f", qds[i]);
		job(&t.jobs[2 * i], jn, "read", 131072, qds[i], 1000 + i, 2);
		snprintf(jn, sizeof(jn), "seq-read-frag_QD%.0f", qds[i]);
		job(&t.jobs[2 * i + 1], jn, "read", 131072, qds[i], 100 + i, 2);
	}
	job(&t.jobs[12], "prep", "write", 131072, 32, 500, 2);
	CHECK_EQ_INT(rpt_series_find(&t), 0);
	if (CHECK_EQ_INT(t.nseries, 2)) {
		CHECK_STREQ(t.series[0].name, "seq-read");
		CHECK_STREQ(t.series[0].variant, "clean");
		CHECK_STREQ(t.series[0].key, "seq-read/seq-read");
		CHECK_STREQ(t.series[1].name, "seq-read-frag");
		CHECK_STREQ(t.series[1].variant, "frag");
		CHECK_STREQ(t.series[1].key, "seq-read/seq-read");
		CHECK_FIG(t.series[0].score_mbps, 1001);
		CHECK_FIG(t.series[1].score_mbps, 101);
	}
	rpt_test_free(&t);
}

/* qd1-rand-read-bs.fio: bs512 … bs1m at QD1; and names without tokens. */
TEST(bs_series)
{
	static const char *const names[12] = { "bs512", "bs1k", "bs2k", "bs4k", "bs8k", "bs16k",
						"bs32k", "bs64k", "bs128k", "bs256k", "bs512k", "bs1m" };
	struct rpt_test t;
	int i;

	test_init(&t, "qd1-rand-read-bs", 12);
	for (i = 0; i < 12; i++)
		job(&t.jobs[11 - i], names[i], "randread", 512 << i, 1, 20 * (i + 1), 3);
	CHECK_EQ_INT(rpt_series_find(&t), 0);
	if (CHECK_EQ_INT(t.nseries, 1)) {
		const struct rpt_series *s = &t.series[0];

		CHECK_EQ_INT(s->kind, RPT_SERIES_BS);
		CHECK_EQ_INT(s->n, 12);
		CHECK(rpt_series_param(&t, s, 0) == 512);
		CHECK(rpt_series_param(&t, s, 11) == 1048576);
		CHECK_STREQ(t.jobs[s->job[3]].name, "bs4k");
		/* per size: IOPS = MB/s / bs, efficiency per job */
		CHECK_FIG(t.jobs[s->job[3]].iops, 80e6 / 4096);
		CHECK_FIG(t.jobs[s->job[3]].iops_per_w, 80e6 / 4096 / 3);
		CHECK(!s->score_mbps.ok);
	}
	rpt_test_free(&t);

	/* a user's sweep without names: only bs differs */
	test_init(&t, "mysweep", 3);
	job(&t.jobs[0], "a", "randwrite", 4096, 1, 10, 1);
	job(&t.jobs[1], "b", "randwrite", 16384, 1, 30, 1);
	job(&t.jobs[2], "c", "randwrite", 8192, 1, 20, 1);
	CHECK_EQ_INT(rpt_series_find(&t), 0);
	if (CHECK_EQ_INT(t.nseries, 1)) {
		CHECK_EQ_INT(t.series[0].kind, RPT_SERIES_BS);
		CHECK_STREQ(t.series[0].name, "mysweep");
		CHECK_STREQ(t.jobs[t.series[0].job[1]].name, "c");
	}
	rpt_test_free(&t);

	/* not a series: rw differs, or a single job */
	test_init(&t, "mixed", 3);
	job(&t.jobs[0], "qd1", "read", 4096, 1, 10, 1);
	job(&t.jobs[1], "qd2", "write", 4096, 2, 30, 1);
	job(&t.jobs[2], "qd4k", "read", 4096, 4, 20, 1);
	CHECK_EQ_INT(rpt_series_find(&t), 0);
	CHECK_EQ_INT(t.nseries, 0);
	rpt_test_free(&t);
}

TEST(variant_names)
{
	size_t k;

	CHECK_STREQ(rpt_name_variant("sustained-seq-read-frag", &k), "frag");
	CHECK_EQ_INT(k, strlen("sustained-seq-read"));
	CHECK_STREQ(rpt_name_variant("sustained-seq-read-full", &k), "full");
	CHECK_STREQ(rpt_name_variant("burst-seq-write_FULL", &k), "full");
	CHECK_STREQ(rpt_name_variant("seq-read-fragmented", &k), "frag");
	CHECK_EQ_INT(k, strlen("seq-read"));
	CHECK_STREQ(rpt_name_variant("full", &k), "clean");
	CHECK_STREQ(rpt_name_variant("fill", &k), "clean");
}

/* A drive's tests: the variants of sustained-seq-read side by side. */
TEST(variant_groups)
{
	const double m1[6] = { 1100, 1700, 1900, 1950, 1960, 1970 };
	const double m2[6] = { 150, 160, 170, 180, 190, 200 };
	const double m3[6] = { 1000, 1600, 1800, 1900, 1900, 1900 };
	const double w[6] = { 2, 2, 2, 2, 2, 2 };
	struct rpt_report r = { 0 };
	struct rpt_drive d = { 0 };
	struct rpt_vgroup *g;
	size_t idx[4] = { 0, 1, 2, 3 };
	long n;

	r.t = calloc(4, sizeof(*r.t));
	r.nt = 4;
	sustained(&r.t[0], "sustained-seq-read", m1, w);
	sustained(&r.t[1], "sustained-seq-write", m1, w);
	sustained(&r.t[2], "sustained-seq-read-frag", m2, w);
	sustained(&r.t[3], "sustained-seq-read-full", m3, w);
	for (n = 0; n < 4; n++)
		rpt_series_find(&r.t[n]);
	d.test = idx;
	d.ntests = 4;
	n = rpt_variant_groups(&r, &d, &g);
	if (CHECK_EQ_INT(n, 1)) {
		CHECK_STREQ(g[0].key, "sustained-seq-read");
		CHECK_EQ_INT(g[0].n, 3);
		CHECK(g[0].t[0] == &r.t[0] && g[0].t[1] == &r.t[2] && g[0].t[2] == &r.t[3]);
		CHECK_FIG(g[0].s[1]->score_mbps, 160);
	}
	free(g);
	for (n = 0; n < 4; n++)
		rpt_test_free(&r.t[n]);
	free(r.t);
}

/* Two drives: a table per test, a row per drive, the headline figures. */
TEST(comparison)
{
	const double m1[6] = { 1100, 1700, 1900, 1950, 1960, 1970 };
	const double m2[6] = { 2000, 3000, 3400, 3500, 3500, 3500 };
	const double w[6] = { 2, 2.5, 3, 3, 3, 3 };
	struct rpt_report r = { 0 };
	struct rpt_drive d[2] = { 0 };
	size_t ia[3] = { 0, 1, 2 }, ib[2] = { 3, 4 }, i;
	struct rpt_cmp c;
	const struct rpt_cmp_table *tb;

	r.t = calloc(5, sizeof(*r.t));
	r.nt = 5;
	r.d = d;
	r.nd = 2;
	d[0].name = "Drive A";
	d[0].test = ia;
	d[0].ntests = 3;
	d[1].name = "Drive B";
	d[1].test = ib;
	d[1].ntests = 2;
	/* drive A: a burst test, a sustained test, a fill */
	test_init(&r.t[0], "burst-seq-read", 1);
	job(&r.t[0].jobs[0], "burst-seq-read", "read", 131072, 1, 300, 1.5);
	r.t[0].jobs[0].has_bursts = true;
	rpt_fig_set(&r.t[0].jobs[0].bursts.score_mbps, 1500);
	sustained(&r.t[1], "sustained-seq-read", m1, w);
	test_init(&r.t[2], "fill", 1);
	job(&r.t[2].jobs[0], "fill", "write", 131072, 32, 600, 3);
	r.t[2].jobs[0].has_fill = true;
	r.t[2].jobs[0].writes_ns = true;	/* a whole-namespace fill (review.h) */
	rpt_fig_set(&r.t[2].jobs[0].fill.slc_cache_gb, 88);
	rpt_fig_set(&r.t[2].jobs[0].fill.in_cache_mbps, 2800);
	rpt_fig_set(&r.t[2].jobs[0].fill.post_cache_mbps, 650);
	rpt_fig_null(&r.t[2].jobs[0].fill.last16_mbps, "only 8 GB written");
	rpt_fig_set(&r.t[2].jobs[0].fill.overall_mbps, 620);
	/* drive B: the burst test and the sustained test */
	sustained(&r.t[3], "sustained-seq-read", m2, w);
	test_init(&r.t[4], "burst-seq-read", 1);
	job(&r.t[4].jobs[0], "burst-seq-read", "read", 131072, 1, 200, 1);
	r.t[4].jobs[0].has_bursts = true;
	rpt_fig_null(&r.t[4].jobs[0].bursts.score_mbps, "the bursts took no measurable time");
	for (i = 0; i < 5; i++)
		rpt_series_find(&r.t[i]);

	CHECK_EQ_INT(rpt_compare(&r, &c), 0);
	if (!CHECK_EQ_INT(c.n, 3))
		goto out;
	tb = &c.t[0];
	CHECK_STREQ(tb->test, "burst-seq-read");
	if (CHECK_EQ_INT(tb->ncols, 2)) {
		CHECK_STREQ(tb->col[0].key, "burst_mbps");
		CHECK_STREQ(tb->col[1].label, "W");
		CHECK_FIG(tb->cell[0], 1500);
		CHECK(!tb->cell[2].ok);
		CHECK_CONTAINS(tb->cell[2].why, "no measurable time");
		CHECK_FIG(tb->cell[3], 1);
	}
	tb = &c.t[1];
	CHECK_STREQ(tb->test, "sustained-seq-read");
	if (CHECK_EQ_INT(tb->ncols, 3)) {
		CHECK_STREQ(tb->col[0].label, "score MB/s");
		CHECK_FIG(tb->cell[0], (1100 + 1700 + 1900) / 3.0);
		CHECK_FIG(tb->cell[3], (2000 + 3000 + 3400) / 3.0);
		CHECK_FIG(tb->cell[4], 2.5);
		CHECK_FIG(tb->cell[5], (2000 / 2.0 + 3000 / 2.5 + 3400 / 3.0) / 3);
	}
	tb = &c.t[2];
	CHECK_STREQ(tb->test, "fill");
	/* the cache, its speed (in-cache MB/s), then post-cache, last 16 GB, overall */
	if (CHECK_EQ_INT(tb->ncols, 5)) {
		CHECK_STREQ(tb->col[0].key, "slc_cache_gb");
		CHECK_FIG(tb->cell[0], 88);
		CHECK_STREQ(tb->col[1].key, "in_cache_mbps");
		CHECK_FIG(tb->cell[1], 2800);
		CHECK(!tb->cell[3].ok);
		CHECK_CONTAINS(tb->cell[3].why, "only 8 GB written");
		CHECK(!tb->cell[5].ok);
		CHECK_CONTAINS(tb->cell[5].why, "Drive B has no test fill");
	}
	rpt_compare_free(&c);
	/* one drive: nothing to compare */
	r.nd = 1;
	CHECK_EQ_INT(rpt_compare(&r, &c), 0);
	CHECK_EQ_INT(c.n, 0);
	rpt_compare_free(&c);
out:
	for (i = 0; i < 5; i++)
		rpt_test_free(&r.t[i]);
	free(r.t);
}

int main(void)
{
	RUN(qd_series);
	RUN(qd_series_nulls);
	RUN(named_variants_in_one_test);
	RUN(bs_series);
	RUN(variant_names);
	RUN(variant_groups);
	RUN(comparison);
	return harness_main();
}
