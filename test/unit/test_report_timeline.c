// SPDX-License-Identifier: GPL-2.0-only
/*
 * Series over time (analysis/base/envelope.h, analysis/compute/hist_interval.h):
 * the envelope's columns against the samples put in them, widening and
 * merging; fio hist logs per interval on hand-made lines whose answer
 * follows from fiologparser_hist.py's rule (a line ending at T spreads over
 * [T - interval/2 - latency, T]; percentiles interpolated on the CDF at each
 * bucket's middle weight); the streaming hist reader's errors.
 * test/analysis/test_report_timeline.sh holds the same code against the
 * script itself. A bw log read once: the time chart's series of a
 * sequential fill's bw log fed by the fill's own pass (rpt_tl_tap()), and
 * taken from it rather than from the file.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "harness.h"

#include "envelope.h"
#include "fio_jobs.h"
#include "hist_interval.h"
#include "hist_log.h"
#include "report.h"
#include "timeline.h"

/* A series of 100 000 samples 1 ms apart: every column holds its samples' min, mean and max. */
TEST(envelope_columns)
{
	static struct rpt_envelope e;
	size_t i, cols = 0;
	unsigned long n = 0;

	rpt_env_init(&e, 1000, 1);
	for (i = 0; i < 100000; i++)
		rpt_env_add(&e, 1000 + (double)i, (double)(i % 97));
	CHECK_EQ_U64(e.samples, 100000);
	CHECK_EQ_U64(e.before, 0);
	/* 100 000 ms over 1024 columns: 128 ms wide (1 ms doubled 7 times) */
	CHECK_NEAR(e.width_ms, 128, 1e-12);
	CHECK(e.ncols >= RPT_ENV_COLS / 2 && e.ncols <= RPT_ENV_COLS);
	for (i = 0; i < e.ncols; i++) {
		const struct rpt_env_col *c = &e.col[i];
		double lo = INFINITY, hi = -INFINITY, sum = 0;
		size_t k, m = 0;

		for (k = i * 128; k < (i + 1) * 128 && k < 100000; k++, m++) {
			double v = (double)(k % 97);

			lo = fmin(lo, v);
			hi = fmax(hi, v);
			sum += v;
		}
		if (!CHECK_EQ_U64(c->n, m))
			break;
		CHECK_NEAR(c->min, lo, 0);
		CHECK_NEAR(c->max, hi, 0);
		CHECK_NEAR(rpt_env_mean(c), sum / (double)m, 1e-12);
		n += c->n;
		cols++;
	}
	CHECK_EQ_U64(n, 100000);
	CHECK_EQ_U64(cols, 782);
	/* a sample before the origin goes to column 0, counted */
	rpt_env_add(&e, 0, 1e6);
	CHECK_EQ_U64(e.before, 1);
	CHECK_NEAR(e.col[0].max, 1e6, 0);
	/* NaN is left out */
	rpt_env_add(&e, NAN, 1);
	rpt_env_add(&e, 5000, NAN);
	CHECK_EQ_U64(e.samples, 100001);
}

/* Two jobs' throughput added (RPT_ENV_SUM), their latencies pooled (RPT_ENV_POOL). */
TEST(envelope_merge)
{
	static struct rpt_envelope a, b, c, d;
	size_t i;

	rpt_env_init(&a, 0, 1);
	rpt_env_init(&b, 0, 1);
	for (i = 0; i < 1000; i++) {
		rpt_env_add(&a, (double)i * 10, 100 + (double)(i % 2));	/* 100, 101 */
		rpt_env_add(&b, (double)i * 10, 50);
	}
	/* b widened further: a's columns follow */
	rpt_env_add(&b, 40000, 50);
	CHECK(b.width_ms > a.width_ms);
	CHECK_EQ_INT(rpt_env_merge(&a, &b, RPT_ENV_SUM), 0);
	CHECK_NEAR(a.width_ms, b.width_ms, 0);
	/* column 0 is 64 ms: a's samples at 0, 10, ... 60 ms (100, 101, ... 100) and b's 50 */
	CHECK_NEAR(a.width_ms, 64, 0);
	CHECK_NEAR(rpt_env_mean(&a.col[0]), (4 * 100 + 3 * 101) / 7.0 + 50, 1e-12);
	CHECK_NEAR(a.col[0].min, 150, 0);
	CHECK_NEAR(a.col[0].max, 151, 0);
	rpt_env_init(&c, 0, 1);
	rpt_env_init(&d, 0, 1);
	rpt_env_add(&c, 1, 10);
	rpt_env_add(&d, 1, 20);
	rpt_env_add(&d, 2, 60);
	CHECK_EQ_INT(rpt_env_merge(&c, &d, RPT_ENV_POOL), 0);
	CHECK_EQ_U64(c.col[0].n + c.col[1].n + c.col[2].n, 3);
	/* origins that differ are refused */
	rpt_env_init(&d, 5, 1);
	CHECK_EQ_INT(rpt_env_merge(&c, &d, RPT_ENV_POOL), -EINVAL);
}

static char dir[] = "/tmp/ssdq-test-tl.XXXXXX";

/* @text into the file @name of the test directory; its path in @path */
static void put(char *path, size_t len, const char *name, const char *text)
{
	FILE *f;

	snprintf(path, len, "%s/%s", dir, name);
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* a line of @k counts, @n I/Os in each bucket of @at[] (ending -1) */
static char *line(char *out, size_t len, double t, unsigned int ddir, unsigned int k,
		  const int *at, unsigned int n)
{
	size_t o = (size_t)snprintf(out, len, "%.0f, %u, 4096", t, ddir);

	for (unsigned int i = 0; i < k && o < len; i++) {
		unsigned int c = 0;

		for (const int *a = at; *a >= 0; a++)
			c += (unsigned int)*a == i ? n : 0;
		o += (size_t)snprintf(out + o, len - o, ", %u", c);
	}
	snprintf(out + o, len - o, "\n");
	return out;
}

struct rows {
	struct rpt_hiv_row r[16];
	size_t n;
};

static int keep(void *arg, const struct rpt_hiv_row *row)
{
	struct rows *rs = arg;

	if (rs->n < 16)
		rs->r[rs->n++] = *row;
	return 0;
}

/*
 * fiologparser_hist.py's rule by hand. Coarseness 0, bucket 100 (100 ns,
 * exact below 128: the script's value 100.5, between its edges 100 and
 * 101) and bucket 1000 (1000 >> 6 = 15: 2^20 + 40 * 2^14 to 2^14 more; the
 * script's value is halfway to the upper edge of the next: 2^20 + 41 * 2^14).
 */
TEST(hist_intervals_rule)
{
	static char a[16000], b[16000], buf[40000];
	const double pct[2] = { 50, 99 };
	const char *paths[2];
	char p1[256], p2[256];
	struct rows rs = { .n = 0 };
	char err[512];
	int b100[] = { 100, -1 }, b1000[] = { 1000, -1 };
	double v1000 = (double)(1 << 20) + 41.0 * (1 << 14);

	/* job 1: 900 I/Os at 100 ns ending at 1000 ms; job 2: 100 at bucket 1000 */
	put(p1, sizeof(p1), "j_clat_hist.1.log", line(a, sizeof(a), 1000, 1, 1856, b100, 900));
	put(p2, sizeof(p2), "j_clat_hist.2.log", line(b, sizeof(b), 1000, 1, 1856, b1000, 100));
	paths[0] = p1;
	paths[1] = p2;
	CHECK_EQ_INT(rpt_hist_intervals(paths, 2, 1000, 1U << 1 | 1U << RPT_HIV_MIXED, pct, 2,
					keep, &rs, err, sizeof(err)), 0);
	/* one interval, [0, 1000]: each line began at 500 ms less its latency: all in it */
	if (CHECK_EQ_U64(rs.n, 2)) {
		const struct rpt_hiv_row *w = &rs.r[0], *m = &rs.r[1];

		CHECK_EQ_INT(w->dir, 1);
		CHECK_EQ_INT(m->dir, RPT_HIV_MIXED);
		CHECK_NEAR(w->end_ms, 1000, 0);
		CHECK_EQ_U64(w->samples, 1000);
		/* the CDF at the middle weights: bucket 100 at 45 %, bucket 1000 at 95 %:
		 * p50 is 1/10 of the way from 100.5 to the next bucket (101.5 ns, empty,
		 * at 90 %), p99 past bucket 1000's 95 %: 4/5 of the way to the next */
		CHECK_NEAR(w->pct_ns[0], 100.5 + (50.0 - 45) / (90 - 45), 1e-12);
		CHECK_NEAR(w->pct_ns[1], v1000 + (99.0 - 95) / (100 - 95) * 16384, 1e-12);
		CHECK_NEAR(w->avg_ns, (900 * 100.5 + 100 * v1000) / 1000, 1e-9);
		/* min: the lower edge of the bucket below the first; max: the upper of the one above the last */
		CHECK_NEAR(w->min_ns, 99, 0);
		CHECK_NEAR(w->max_ns, (double)(1 << 20) + 43.0 * (1 << 14), 0);
		CHECK_NEAR(m->pct_ns[0], w->pct_ns[0], 0);
	}
	/* a line ending 10 ms into the second interval: it began 490 ms before
	 * the first ended, and spreads 98 % into the first, 2 % into the second */
	rs.n = 0;
	put(p1, sizeof(p1), "k_clat_hist.1.log", line(a, sizeof(a), 1010, 0, 1856, b100, 1000));
	paths[0] = p1;
	CHECK_EQ_INT(rpt_hist_intervals(paths, 1, 1000, 1, pct, 2, keep, &rs, err, sizeof(err)), 0);
	if (CHECK_EQ_U64(rs.n, 2)) {
		CHECK_NEAR(rs.r[0].end_ms, 1000, 0);
		CHECK_NEAR(rs.r[1].end_ms, 2000, 0);
		/* the script counts the line's I/Os in both, unweighted */
		CHECK_EQ_U64(rs.r[0].samples, 1000);
		CHECK_EQ_U64(rs.r[1].samples, 1000);
	}
	/* unix ms: the intervals start at the first time less 20 ms, rounded down */
	rs.n = 0;
	buf[0] = '\0';
	strcat(buf, line(a, sizeof(a), 1767225601005, 0, 29, (int[]){ 3, -1 }, 5));
	strcat(buf, line(a, sizeof(a), 1767225602003, 0, 29, (int[]){ 3, -1 }, 5));
	put(p1, sizeof(p1), "u_clat_hist.1.log", buf);
	CHECK_EQ_INT(rpt_hist_intervals(paths, 1, 1000, 1, pct, 2, keep, &rs, err, sizeof(err)), 0);
	if (CHECK(rs.n >= 2)) {
		CHECK_NEAR(rs.r[0].end_ms, 1767225601000, 0);
		CHECK_NEAR(rs.r[1].end_ms, 1767225602000, 0);
	}
	/* two jobs whose first lines end in the first interval: both in it (the
	 * script's first interval holds one line: hist_interval.h), none weighs
	 * in the second */
	rs.n = 0;
	put(p1, sizeof(p1), "f_clat_hist.1.log", line(a, sizeof(a), 1767225600784, 1, 29, (int[]){ 3, -1 }, 5));
	put(p2, sizeof(p2), "f_clat_hist.2.log", line(b, sizeof(b), 1767225600788, 1, 29, (int[]){ 3, -1 }, 7));
	paths[1] = p2;
	CHECK_EQ_INT(rpt_hist_intervals(paths, 2, 250, 2, pct, 2, keep, &rs, err, sizeof(err)), 0);
	if (CHECK_EQ_U64(rs.n, 1)) {
		CHECK_NEAR(rs.r[0].end_ms, 1767225601000, 0);
		CHECK_EQ_U64(rs.r[0].samples, 12);
	}
	/* logs of two coarsenesses: the second named */
	put(p2, sizeof(p2), "u_clat_hist.2.log", line(b, sizeof(b), 1767225601005, 0, 58, b100 + 1, 0));
	paths[1] = p2;
	CHECK_EQ_INT(rpt_hist_intervals(paths, 2, 1000, 1, pct, 2, keep, &rs, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, "u_clat_hist.2.log:1: 58 counts a line, where");
	/*
	 * fio 2.x's µs buckets, as ns: the first case with bucket 600 for 1000
	 * (1000 µs is 1.7 s, longer than the line's half interval: it would
	 * spread before 0). Bucket 600: 600 >> 6 = 9, 2^14 + 24 * 2^8 to 2^8
	 * more; the script's value 2^14 + 25 * 2^8 µs.
	 */
	rs.n = 0;
	put(p1, sizeof(p1), "o_clat_hist.1.log", line(a, sizeof(a), 1000, 1, 1216, b100, 900));
	put(p2, sizeof(p2), "o_clat_hist.2.log", line(b, sizeof(b), 1000, 1, 1216, (int[]){ 600, -1 }, 100));
	paths[0] = p1;
	paths[1] = p2;
	CHECK_EQ_INT(rpt_hist_intervals(paths, 2, 1000, 1U << 1, pct, 2, keep, &rs, err, sizeof(err)), 0);
	if (CHECK_EQ_U64(rs.n, 1)) {
		const struct rpt_hiv_row *w = &rs.r[0];

		CHECK_EQ_U64(w->samples, 1000);
		CHECK_NEAR(w->pct_ns[0], 1000 * (100.5 + (50.0 - 45) / (90 - 45)), 1e-9);
		CHECK_NEAR(w->pct_ns[1], 1000 * ((1 << 14) + 25.0 * 256 + (99.0 - 95) / (100 - 95) * 256), 1e-9);
		CHECK_NEAR(w->avg_ns, 1000 * (900 * 100.5 + 100 * ((1 << 14) + 25.0 * 256)) / 1000, 1e-9);
		CHECK_NEAR(w->min_ns, 99000, 0);
		CHECK_NEAR(w->max_ns, 1000 * ((1 << 14) + 27.0 * 256), 0);
	}
	/* a fio 2.x log beside a fio 3 one of as many counts per bucket group: named */
	put(p2, sizeof(p2), "o_clat_hist.3.log", line(b, sizeof(b), 1000, 1, 1856, b1000, 100));
	CHECK_EQ_INT(rpt_hist_intervals(paths, 2, 1000, 2, pct, 2, keep, &rs, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, "o_clat_hist.3.log:1: 1856 counts a line, where");
	CHECK_CONTAINS(err, "(logs of fio 2.x and 3.x mixed)");
	/* the whole-log reader: 10 I/Os at 2.x's bucket 100 (100 µs, exact) */
	{
		struct rpt_hist_log hl;

		put(p1, sizeof(p1), "w_clat_hist.1.log", line(a, sizeof(a), 1000, 0, 1216, b100, 10));
		if (CHECK_EQ_INT(rpt_hist_log_read(p1, &hl, err, sizeof(err)), 0)) {
			CHECK_EQ_INT(hl.plat_nr, 1216);
			CHECK_EQ_U64(hl.h[0].total, 10);
			CHECK_EQ_U64(rpt_lat_hist_percentile(&hl.h[0], 50), 100000);
		}
		rpt_hist_log_free(&hl);
	}
	/* a log far in time after another: no interval by interval walk over the gap */
	rs.n = 0;
	buf[0] = '\0';
	strcat(buf, line(a, sizeof(a), 1000, 0, 29, (int[]){ 3, -1 }, 5));
	strcat(buf, line(a, sizeof(a), 1e15, 0, 29, (int[]){ 3, -1 }, 5));
	put(p1, sizeof(p1), "g_clat_hist.1.log", buf);
	CHECK_EQ_INT(rpt_hist_intervals(paths, 1, 1000, 1, pct, 2, keep, &rs, err, sizeof(err)), 0);
	CHECK_EQ_U64(rs.n, 2);
}

/* The streaming reader: sparse counts, and what it refuses, by file and line. */
TEST(hist_reader)
{
	static char a[16000];
	struct rpt_hist_reader *r = malloc(sizeof(*r));
	struct rpt_hist_line l;
	int at[] = { 7, 28, -1 };

	if (!CHECK(r))
		return;
	line(a, sizeof(a), 1000, 2, 29, at, 4);
	CHECK_EQ_INT(rpt_hist_open_mem(r, "m.log", a, strlen(a)), 0);
	if (CHECK_EQ_INT(rpt_hist_next(r, &l), 1)) {
		CHECK_EQ_U64(l.nnz, 2);
		CHECK_EQ_U64(l.idx[0], 7);
		CHECK_EQ_U64(l.idx[1], 28);
		CHECK_EQ_U64(l.cnt[1], 4);
		CHECK_EQ_INT(l.ddir, 2);
		CHECK_EQ_INT(r->coarseness, 6);
	}
	CHECK_EQ_INT(rpt_hist_next(r, &l), 0);
	rpt_hist_close(r);
	/* fio 2.x: 1216 µs buckets, read; 608 is its coarseness 1 */
	line(a, sizeof(a), 1000, 0, 1216, at, 4);
	CHECK_EQ_INT(rpt_hist_open_mem(r, "old.log", a, strlen(a)), 0);
	if (CHECK_EQ_INT(rpt_hist_next(r, &l), 1)) {
		CHECK_EQ_U64(l.nnz, 2);
		CHECK_EQ_U64(l.idx[1], 28);
		CHECK_EQ_INT(r->coarseness, 0);
		CHECK_EQ_INT(r->plat_nr, 1216);
		CHECK_EQ_INT(r->unit_ns, 1000);
	}
	rpt_hist_close(r);
	line(a, sizeof(a), 1000, 0, 608, at, 4);
	CHECK_EQ_INT(rpt_hist_open_mem(r, "old1.log", a, strlen(a)), 0);
	if (CHECK_EQ_INT(rpt_hist_next(r, &l), 1)) {
		CHECK_EQ_INT(r->coarseness, 1);
		CHECK_EQ_INT(r->plat_nr, 1216);
	}
	rpt_hist_close(r);
	/* fio 3's 1856 after fio 2.x's 1216 (and the reverse): named, line 2 */
	{
		static char b[32000];

		line(a, sizeof(a), 1000, 0, 1216, at, 4);
		strcpy(b, a);
		strcat(b, line(a, sizeof(a), 2000, 0, 1856, at, 4));
		rpt_hist_open_mem(r, "mix.log", b, strlen(b));
		CHECK_EQ_INT(rpt_hist_next(r, &l), 1);
		CHECK_EQ_INT(rpt_hist_next(r, &l), -EINVAL);
		CHECK_CONTAINS(r->err, "mix.log:2: expected 1216 >> log_hist_coarseness counts, as on the first line: 1216 (this one has 1856: logs of fio 2.x and 3.x mixed)");
		rpt_hist_close(r);
		line(a, sizeof(a), 1000, 0, 232, at, 4);
		strcpy(b, a);
		strcat(b, line(a, sizeof(a), 2000, 0, 152, at, 4));
		rpt_hist_open_mem(r, "mix3.log", b, strlen(b));
		CHECK_EQ_INT(rpt_hist_next(r, &l), 1);
		CHECK_EQ_INT(rpt_hist_next(r, &l), -EINVAL);
		CHECK_CONTAINS(r->err, "mix3.log:2: expected 1856 >> log_hist_coarseness counts, as on the first line: 232 (this one has 152: logs of fio 2.x and 3.x mixed)");
		rpt_hist_close(r);
	}
	/* a count of neither layout */
	line(a, sizeof(a), 1000, 0, 1000, at, 4);
	rpt_hist_open_mem(r, "odd.log", a, strlen(a));
	CHECK_EQ_INT(rpt_hist_next(r, &l), -EINVAL);
	CHECK_CONTAINS(r->err, "odd.log:1: expected 1856 >> log_hist_coarseness counts (fio 3's 29 groups of 64 buckets) or 1216 >> log_hist_coarseness (fio 2.x's 19)");
	rpt_hist_close(r);
	/* a time that is no number; an empty log */
	rpt_hist_open_mem(r, "nan.log", "nan, 0, 4096, 1\n", 16);
	CHECK_EQ_INT(rpt_hist_next(r, &l), -EINVAL);
	CHECK_CONTAINS(r->err, "nan.log:1: expected a time");
	rpt_hist_close(r);
	/* a time past 2^53 ms, where intervals cannot be told apart (fuzz_hist hung on one) */
	rpt_hist_open_mem(r, "far.log", "6072256176722560300, 0, 4096, 1\n", 33);
	CHECK_EQ_INT(rpt_hist_next(r, &l), -EINVAL);
	CHECK_CONTAINS(r->err, "far.log:1: expected a time below 2^53 ms");
	rpt_hist_close(r);
	/* a count past 2^64 (the counts are read by hand) */
	rpt_hist_open_mem(r, "big.log", "1000, 0, 4096, 18446744073709551616\n", 37);
	CHECK_EQ_INT(rpt_hist_next(r, &l), -EINVAL);
	CHECK_CONTAINS(r->err, "big.log:1: expected a count below 2^64");
	rpt_hist_close(r);
	rpt_hist_open_mem(r, "max.log", "1000, 0, 4096, 18446744073709551615\n", 37);
	CHECK_EQ_INT(rpt_hist_next(r, &l), -EINVAL);
	/* ... whose 1 count is no coarseness: but the count itself was read */
	CHECK_CONTAINS(r->err, "max.log:1: expected 1856 >> log_hist_coarseness counts");
	rpt_hist_close(r);
	rpt_hist_open_mem(r, "empty.log", "", 0);
	CHECK_EQ_INT(rpt_hist_next(r, &l), 0);
	rpt_hist_close(r);
	free(r);
}

/*
 * A sequential fill of 600 samples 100 ms apart (unix ms), KiB/s 100 000 +
 * 1 000 x (i % 7) (its last line @bad when not NULL); fill.json beside it.
 */
#define FILL_N		600
#define FILL_T0		1700000000000.0

static double fill_kib(int i)
{
	return 100000 + 1000 * (i % 7);
}

static void fill_dir(char *json, size_t len, char *bw, size_t blen, const char *bad)
{
	static char text[FILL_N * 40 + 64];
	size_t o = 0;
	double bytes = 0;

	for (int i = 0; i < FILL_N; i++) {
		o += (size_t)snprintf(text + o, sizeof(text) - o, "%.0f, %.0f, 1, 0\n",
				      FILL_T0 + 100.0 * (i + 1), fill_kib(i));
		bytes += fill_kib(i) * 1024 * 0.1;
	}
	if (bad)
		snprintf(text + o, sizeof(text) - o, "%s\n", bad);
	put(bw, blen, "fill_bw.1.log", text);
	snprintf(text, sizeof(text),
		 "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"jobname\": \"fill\", \"groupid\": 0,\n"
		 " \"job options\": {\"rw\": \"write\", \"bs\": \"128k\", \"write_bw_log\": \"fill\",\n"
		 "  \"log_avg_msec\": \"100\", \"log_unix_epoch\": \"1\"},\n"
		 " \"write\": {\"io_bytes\": %.0f, \"total_ios\": %.0f, \"runtime\": %d}}]}\n",
		 bytes, bytes / 131072, FILL_N * 100);
	put(json, len, "fill.json", text);
}

/* the row's MB/s series of direction write, or NULL */
static const struct rpt_tl_series *mbps(const struct rpt_timeline *tl)
{
	for (size_t i = 0; i < tl->n; i++)
		if (tl->s[i].chart == RPT_TL_MBPS && tl->s[i].ddir == 1)
			return &tl->s[i];
	return NULL;
}

/* Every sample once, each in a column of its own (64 ms columns, 100 ms apart): the means are the samples. */
static void check_fill_series(const struct rpt_timeline *tl, double k, int n)
{
	const struct rpt_tl_series *s = mbps(tl);
	int bad = 0;

	CHECK(s != NULL);
	if (!s)
		return;
	CHECK_EQ_U64(s->samples, (uint64_t)n);
	CHECK_EQ_U64(s->n, (uint64_t)n);
	for (int i = 0; i < n && (size_t)i < s->n; i++)
		bad += fabs(s->mean[i] - k * fill_kib(i) * 1.024e-3) > 1e-9 ||
		       s->min[i] != s->mean[i] || s->max[i] != s->mean[i];
	CHECK_EQ_INT(bad, 0);
	CHECK_NEAR(s->t_s[n - 1] - s->t_s[0], 0.1 * (n - 1), s->col_s);
}

/* The timeline takes a log's series from its tap, whole, and reads the log itself otherwise. */
TEST(tl_tap_taken)
{
	char json[512], bw[512];
	struct json_object *root;
	struct rpt_fio_run run = { 0 };
	struct rpt_diag d = { 0 }, notes = { 0 };
	struct rpt_tl_taps tp;
	struct rpt_timeline tl;
	struct rpt_tl_tap *t;
	unsigned int mask = 1U << 1;

	fill_dir(json, sizeof(json), bw, sizeof(bw), NULL);
	root = json_object_from_file(json);
	CHECK(root != NULL);
	if (!root)
		return;
	CHECK_EQ_INT(rpt_fio_run_parse(root, json, &run, &d), 0);
	CHECK_EQ_U64(run.ng, 1);
	if (run.ng != 1)
		goto out;
	*strrchr(json, '/') = '\0';
	/* a tap fed twice the file's values, whole: the series is the tap's, the file unread */
	CHECK_EQ_INT(rpt_tl_begin(&run, &run.g[0], mask, json, &tp), 0);
	CHECK(tp.ready);
	CHECK_NEAR(tp.origin_ms, FILL_T0, 1e-6);	/* the first sample less log_avg_msec */
	t = rpt_tl_tap(&tp, bw);
	CHECK(t != NULL);
	for (int i = 0; t && i < FILL_N; i++)
		rpt_env_add(&t->env[1], FILL_T0 + 100.0 * (i + 1), 2 * fill_kib(i));
	if (t)
		t->whole = true;
	CHECK_EQ_INT(rpt_job_timeline(&run, &run.g[0], mask, json, &tp, &tl, &notes), 0);
	check_fill_series(&tl, 2, FILL_N);
	CHECK(t && t->used);
	rpt_timeline_free(&tl);
	rpt_tl_taps_free(&tp);
	/* a tap the pass left (a fill that stopped early): the log is read */
	CHECK_EQ_INT(rpt_tl_begin(&run, &run.g[0], mask, json, &tp), 0);
	t = rpt_tl_tap(&tp, bw);
	for (int i = 0; t && i < 10; i++)
		rpt_env_add(&t->env[1], FILL_T0 + 100.0 * (i + 1), 2 * fill_kib(i));
	CHECK_EQ_INT(rpt_job_timeline(&run, &run.g[0], mask, json, &tp, &tl, &notes), 0);
	check_fill_series(&tl, 1, FILL_N);
	CHECK(t && !t->used);
	rpt_timeline_free(&tl);
	/* a tap taken once: another timeline of the row reads the log */
	CHECK_EQ_U64(notes.n, 0);
	rpt_tl_taps_free(&tp);
	CHECK(rpt_tl_tap(NULL, bw) == NULL);
out:
	rpt_fio_run_free(&run);
	json_object_put(root);
	rpt_diag_free(&d);
	rpt_diag_free(&notes);
}

/* Through the report: the fill's pass feeds the chart, every sample once; a bad line warned once. */
TEST(tl_fill_read_once)
{
	char json[512], bw[512];
	struct rpt_test t = { 0 };
	size_t warned = 0;

	fill_dir(json, sizeof(json), bw, sizeof(bw), NULL);
	CHECK_EQ_INT(rpt_test_load(json, &t), 0);
	CHECK_EQ_U64(t.njobs, 1);
	if (t.njobs == 1) {
		CHECK(t.jobs[0].has_fill);
		check_fill_series(&t.jobs[0].tl, 1, FILL_N);
	}
	rpt_test_free(&t);
	/* a line that is not a sample: no fill, the samples before it drawn */
	fill_dir(json, sizeof(json), bw, sizeof(bw), "12, x");
	memset(&t, 0, sizeof(t));
	CHECK_EQ_INT(rpt_test_load(json, &t), 0);
	CHECK_EQ_U64(t.njobs, 1);
	if (t.njobs == 1) {
		CHECK(!t.jobs[0].has_fill);
		check_fill_series(&t.jobs[0].tl, 1, FILL_N);
		for (size_t i = 0; i < t.jobs[0].notes.n; i++)
			warned += strstr(t.jobs[0].notes.msg[i], "time charts: ") &&
				  strstr(t.jobs[0].notes.msg[i], "fill_bw.1.log:601:") != NULL;
		CHECK_EQ_U64(warned, 1);
	}
	rpt_test_free(&t);
}

int main(void)
{
	if (!mkdtemp(dir))
		SKIP("no temporary directory");
	RUN(envelope_columns);
	RUN(envelope_merge);
	RUN(hist_intervals_rule);
	RUN(hist_reader);
	RUN(tl_tap_taken);
	RUN(tl_fill_read_once);
	{
		char cmd[64];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
		if (system(cmd))
			fprintf(stderr, "could not remove %s\n", dir);
	}
	return harness_main();
}
