// SPDX-License-Identifier: GPL-2.0-only
/*
 * The results library's statistics and identity (analysis/db/db.h): the
 * mean, 95 % confidence interval and CV of repeated runs against values
 * worked by hand; the regression verdict's threshold, noise and direction;
 * the content hash of a results directory: the same inputs alike wherever
 * they lie, one byte or one input more another, other files left out.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "db.h"

TEST(stat_by_hand)
{
	const double v[] = { 1, 2, 3, 4, 5 };
	struct db_stat s;

	db_stat_of(v, 5, &s);
	CHECK_EQ_INT((int)s.n, 5);
	CHECK_NEAR(s.mean, 3, 1e-12);
	CHECK_NEAR(s.sd, sqrt(2.5), 1e-9);
	/* t(0.975, 4) = 2.776 */
	CHECK_NEAR(s.ci95, 2.776 * sqrt(2.5) / sqrt(5), 1e-9);
	CHECK_NEAR(s.cv, 100 * sqrt(2.5) / 3, 1e-9);
	CHECK(s.min == 1 && s.max == 5);
	db_stat_of(v + 2, 1, &s);
	CHECK(s.mean == 3 && isnan(s.sd) && isnan(s.ci95) && isnan(s.cv));
	db_stat_of(v, 0, &s);
	CHECK(s.n == 0 && isnan(s.mean));
	/* large values, small spread: Welford keeps the digits */
	{
		const double w[] = { 1e9 + 1, 1e9 + 2, 1e9 + 3 };

		db_stat_of(w, 3, &s);
		CHECK_NEAR(s.sd, 1, 1e-6);
	}
	CHECK_NEAR(db_t975(1), 12.706, 1e-9);
	CHECK_NEAR(db_t975(30), 2.042, 1e-9);
	CHECK_NEAR(db_t975(1000), 1.960, 1e-9);
}

static struct db_stat of(const double *v, size_t n)
{
	struct db_stat s;

	db_stat_of(v, n, &s);
	return s;
}

TEST(verdicts)
{
	const double base[] = { 100 }, slow[] = { 90 }, near[] = { 97 }, slower_lat[] = { 120 };
	const double wide[] = { 80, 93, 106 }, tight[] = { 99, 100, 101 }, low[] = { 90, 91, 89 };
	struct db_stat b = of(base, 1), c;
	double d;

	c = of(slow, 1);
	CHECK_EQ_INT(db_verdict(&c, &b, 1, 5, &d), DB_WORSE);
	CHECK_NEAR(d, -10, 1e-9);
	CHECK_EQ_INT(db_verdict(&c, &b, -1, 5, &d), DB_BETTER);
	CHECK_EQ_INT(db_verdict(&c, &b, 1, 15, &d), DB_SAME);
	c = of(near, 1);
	CHECK_EQ_INT(db_verdict(&c, &b, 1, 5, &d), DB_SAME);
	c = of(slower_lat, 1);
	CHECK_EQ_INT(db_verdict(&c, &b, -1, 5, &d), DB_WORSE);
	CHECK_EQ_INT(db_verdict(&c, &b, 0, 5, &d), DB_NA);
	/* 7 % lower, but the runs spread by ±32: noise */
	c = of(wide, 3);
	b = of(tight, 3);
	CHECK_EQ_INT(db_verdict(&c, &b, 1, 5, &d), DB_NOISE);
	/* 10 % lower, both tight: a regression beyond the noise */
	c = of(low, 3);
	CHECK_EQ_INT(db_verdict(&c, &b, 1, 5, &d), DB_WORSE);
	c = of(low, 0);
	CHECK_EQ_INT(db_verdict(&c, &b, 1, 5, &d), DB_NA);
	CHECK(isnan(d));
	CHECK_STREQ(db_verdict_name(DB_WORSE), "REGRESSION");
}

static void put(const char *dir, const char *name, const char *s, size_t n)
{
	char p[1024];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	f = fopen(p, "w");
	if (f) {
		fwrite(s, 1, n, f);
		fclose(f);
	}
}

/* a directory of a 3 MB log (several reads), a JSON and device.json */
static void make_dir(const char *dir, const char *big, size_t n)
{
	mkdir(dir, 0777);
	put(dir, "seq_bw.1.log", big, n);
	put(dir, "seq.json", "{\"jobs\": []}\n", 13);
	put(dir, "device.json", "{\"model\": \"X\"}\n", 15);
}

TEST(dir_hash)
{
	char tmp[] = "/tmp/ssdq-db-hash-XXXXXX", a[600], b[600], ha[DB_HASH_LEN], hb[DB_HASH_LEN];
	size_t n = 3 << 20, i, files;
	char *big = malloc(n);

	CHECK(big && mkdtemp(tmp));
	if (!big)
		return;
	for (i = 0; i < n; i++)
		big[i] = (char)('0' + (i * 7 + i / 977) % 10);
	snprintf(a, sizeof(a), "%s/a", tmp);
	snprintf(b, sizeof(b), "%s/b", tmp);
	make_dir(a, big, n);
	make_dir(b, big, n);
	CHECK_EQ_INT(db_dir_hash(a, ha, &files), 0);
	CHECK_EQ_INT((int)files, 3);
	CHECK_EQ_INT(db_dir_hash(b, hb, &files), 0);
	CHECK_STREQ(ha, hb);
	CHECK_EQ_INT((int)strlen(ha), 32);
	/* what the report does not read is not an input */
	put(b, "notes.txt", "x", 1);
	put(b, "seq.stderr", "x", 1);
	put(b, "ssdq-run.log", "x", 1);
	CHECK_EQ_INT(db_dir_hash(b, hb, &files), 0);
	CHECK_STREQ(ha, hb);
	/* one byte at the end of the big log */
	big[n - 1] ^= 1;
	put(b, "seq_bw.1.log", big, n);
	CHECK_EQ_INT(db_dir_hash(b, hb, &files), 0);
	CHECK(strcmp(ha, hb) != 0);
	big[n - 1] ^= 1;
	put(b, "seq_bw.1.log", big, n);
	CHECK_EQ_INT(db_dir_hash(b, hb, &files), 0);
	CHECK_STREQ(ha, hb);
	/* an input more, even empty */
	put(b, "seq_events.1.jsonl", "", 0);
	CHECK_EQ_INT(db_dir_hash(b, hb, &files), 0);
	CHECK(strcmp(ha, hb) != 0);
	CHECK_EQ_INT((int)files, 4);
	/* a name's change with the same bytes */
	snprintf(hb, sizeof(hb), "%s/c", tmp);
	make_dir(hb, big, n);
	{
		char from[700], to[700];

		snprintf(from, sizeof(from), "%s/seq.json", hb);
		snprintf(to, sizeof(to), "%s/seQ.json", hb);
		CHECK(!rename(from, to));
		CHECK_EQ_INT(db_dir_hash(hb, b, &files), 0);
		CHECK(strcmp(ha, b) != 0);
	}
	CHECK_EQ_INT(db_dir_hash("/nonexistent/ssdq", ha, &files), -2);
	free(big);
	{
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", tmp);
		CHECK(system(cmd) == 0);
	}
}

int main(void)
{
	RUN(stat_by_hand);
	RUN(verdicts);
	RUN(dir_hash);
	return harness_main();
}
