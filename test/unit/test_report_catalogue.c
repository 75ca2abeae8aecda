// SPDX-License-Identifier: GPL-2.0-only
/*
 * The figure catalogue (analysis/compute/catalogue.h): its rows are whole
 * and their keys unique, a row's figure is the job's own, and the figure
 * added through it (slc_fill_s: the SLC cache's size over its speed) is
 * computed from the fill's figures or null with their reason.
 */
#include <math.h>
#include <string.h>

#include "harness.h"
#include "catalogue.h"
#include "sort.h"

TEST(rows_whole_keys_unique)
{
	size_t i, k;

	CHECK(rpt_catalogue_n > 0 && rpt_catalogue_n <= RPT_CAT_MAX);
	for (i = 0; i < rpt_catalogue_n; i++) {
		const struct rpt_cat *c = &rpt_catalogue[i];

		CHECK(c->key && *c->key && c->label && *c->label && c->head && *c->head);
		CHECK(c->unit && *c->unit);
		CHECK(c->digits >= 0 && c->digits <= 3);
		CHECK(c->compute == NULL || c->of == RPT_OF_FILL || c->of == RPT_OF_JOB);
		for (k = i + 1; k < rpt_catalogue_n; k++)
			if (rpt_catalogue[k].of == c->of && !strcmp(rpt_catalogue[k].key, c->key)) {
				printf("duplicate key %s\n", c->key);
				CHECK(0);
			}
	}
	/* the JSON's job keys, in their order */
	{
		const char *want[] = { "mbps", "iops", "power_w", "energy_j", "mbps_per_w",
				       "iops_per_w", "lat_mean_us", "lat_p99_us", "lat_p9999_us",
				       "peak_power_w", "write_amp", "drive_power_w", "drive_energy_j",
				       "drive_max_w", "drive_vs_meter_pct" };
		const struct rpt_cat *c = rpt_cat_first(RPT_OF_JOB);

		for (i = 0; i < sizeof(want) / sizeof(want[0]); i++, c = c ? rpt_cat_next(c) : NULL)
			CHECK_STREQ(c ? c->key : "(none)", want[i]);
		CHECK(c == NULL);
	}
}

TEST(figure_is_the_jobs)
{
	struct rpt_job j;
	const struct rpt_cat *c;

	memset(&j, 0, sizeof(j));
	rpt_fig_set(&j.iops, 1234);
	rpt_fig_set(&j.fill.post_cache_mbps, 99);
	rpt_fig_set(&j.bursts.score_mbps, 7);
	c = rpt_cat_find(RPT_OF_JOB, "iops");
	CHECK(c && rpt_cat_job(c, &j) == &j.iops);
	c = rpt_cat_find(RPT_OF_FILL, "post_cache_mbps");
	CHECK(c && rpt_cat_job(c, &j)->v == 99);
	c = rpt_cat_find(RPT_OF_BURST, "burst_mbps");
	CHECK(c && rpt_cat_job(c, &j)->v == 7);
	CHECK(rpt_cat_find(RPT_OF_JOB, "slc_cache_gb") == NULL);
	c = rpt_cat_find(RPT_OF_JOB, "lat_p99_us");
	CHECK(c && c->better == RPT_BETTER_LOWER);
	c = rpt_cat_find(RPT_OF_FILL, "slc_cache_gb");
	CHECK(c && c->better == RPT_BETTER_HIGHER && (c->flags & RPT_CAT_COMPARE));
}

TEST(slc_fill_time)
{
	const struct rpt_cat *c = rpt_cat_find(RPT_OF_FILL, "slc_fill_s");
	struct rpt_job j;

	CHECK(c != NULL);
	if (!c)
		return;
	memset(&j, 0, sizeof(j));
	j.has_fill = true;
	/* 156 GB at 1500 MB/s: 104 s */
	rpt_fig_set(&j.fill.slc_cache_gb, 156);
	rpt_fig_set(&j.fill.in_cache_mbps, 1500);
	rpt_catalogue_compute(&j);
	CHECK(j.fill.slc_fill_s.ok);
	CHECK_NEAR(j.fill.slc_fill_s.v, 104.0, 1e-9);
	/* no cache end: null, with the cache's reason */
	rpt_fig_null(&j.fill.slc_cache_gb, "the speed never fell");
	rpt_catalogue_compute(&j);
	CHECK(!j.fill.slc_fill_s.ok);
	CHECK_STREQ(j.fill.slc_fill_s.why, "the speed never fell");
	/* no speed in the cache */
	rpt_fig_set(&j.fill.slc_cache_gb, 156);
	rpt_fig_null(&j.fill.in_cache_mbps, "no samples before the fall");
	rpt_catalogue_compute(&j);
	CHECK(!j.fill.slc_fill_s.ok);
	CHECK_STREQ(j.fill.slc_fill_s.why, "no samples before the fall");
	/* no fill: left alone */
	memset(&j, 0, sizeof(j));
	rpt_catalogue_compute(&j);
	CHECK(!j.fill.slc_fill_s.ok && !j.fill.slc_fill_s.why[0]);
}

/* rpt_select_double() gives what sorting gives, duplicates and all */
/* the SLC cache's range: the catalogue's, at the row's digits, for every writer */
TEST(slc_range_from_the_row)
{
	const struct rpt_cat *c = rpt_cat_find(RPT_OF_FILL, "slc_cache_gb"), *r;
	struct rpt_job j;
	char buf[64];

	if (!CHECK(c != NULL) || !CHECK(c->flags & RPT_CAT_RANGE))
		return;
	memset(&j, 0, sizeof(j));
	j.has_fill = true;
	j.fill.slc_range.ok = true;
	j.fill.slc_range.lo_gb = 127.4258585;
	j.fill.slc_range.hi_gb = 182.974113;
	CHECK(rpt_cat_range(c, &j) == &j.fill.slc_range);
	CHECK_STREQ(rpt_cat_fmt_range(buf, sizeof(buf), c, &j, 1, " to "), "127.4 to 183.0");
	/* a fill under 1 GB, in MB */
	CHECK_STREQ(rpt_cat_fmt_range(buf, sizeof(buf), c, &j, 1e-3, " and "), "127425.9 and 182974.1");
	/* a row without a range, a range not placed, a job without a fill */
	r = rpt_cat_find(RPT_OF_FILL, "in_cache_mbps");
	CHECK(r && !rpt_cat_range(r, &j) && !rpt_cat_fmt_range(buf, sizeof(buf), r, &j, 1, " to "));
	j.fill.slc_range.ok = false;
	CHECK(!rpt_cat_range(c, &j));
	j.fill.slc_range.ok = true;
	j.has_fill = false;
	CHECK(!rpt_cat_range(c, &j));
}

TEST(select_as_sorted)
{
	double v[257], w[257];
	unsigned int seed = 12345, bad = 0;
	size_t n, k, i;

	for (n = 1; n <= 257; n += 16) {
		for (k = 0; k < n; k += 1 + n / 7) {
			for (i = 0; i < n; i++) {
				seed = seed * 1103515245u + 12345u;
				v[i] = w[i] = (double)((seed >> 16) % (n / 3 + 2));
			}
			rpt_sort_doubles(w, n);
			bad += rpt_select_double(v, n, k) != w[k];
		}
	}
	CHECK_EQ_INT(bad, 0);
	v[0] = 5;
	CHECK(rpt_select_double(v, 1, 0) == 5);
}

/* a series' table columns are job rows; its JSON keys are the ones it had */
TEST(series_columns_and_json_keys)
{
	const char *qd[] = { "mbps", "power_w", "mbps_per_w", "lat_mean_us" };
	const char *bs[] = { "iops", "mbps", "power_w", "mbps_per_w", "iops_per_w",
			     "lat_mean_us", "lat_p99_us" };
	const char *json[] = { "score_mbps", "power_w", "efficiency_mbps_per_w" };
	const struct rpt_cat *col[16], *c;
	size_t n, i;

	n = rpt_cat_series_columns(RPT_SERIES_QD, col, 16);
	CHECK_EQ_INT((int)n, 4);
	for (i = 0; i < n && i < 4; i++) {
		CHECK_STREQ(col[i]->key, qd[i]);
		CHECK(col[i]->of == RPT_OF_JOB);
	}
	n = rpt_cat_series_columns(RPT_SERIES_BS, col, 16);
	CHECK_EQ_INT((int)n, 7);
	for (i = 0; i < n && i < 7; i++)
		CHECK_STREQ(col[i]->key, bs[i]);
	/* no more than the room given */
	CHECK_EQ_INT((int)rpt_cat_series_columns(RPT_SERIES_BS, col, 2), 2);
	/* the score row lines up under the queue-depth table's first columns */
	for (i = 0, c = rpt_cat_first(RPT_OF_SERIES); c; c = rpt_cat_next(c), i++) {
		CHECK(i < 3);
		if (i < 3) {
			CHECK_STREQ(rpt_cat_json_key(c), json[i]);
			CHECK_STREQ(c->unit, rpt_cat_find(RPT_OF_JOB, qd[i])->unit);
		}
	}
	CHECK_EQ_INT((int)i, 3);
	/* the CSV's and comparison's key stays the catalogue's */
	c = rpt_cat_find(RPT_OF_SERIES, "efficiency");
	CHECK(c && strcmp(c->key, rpt_cat_json_key(c)));
	CHECK(rpt_cat_json_key(rpt_cat_find(RPT_OF_JOB, "mbps")) == rpt_cat_find(RPT_OF_JOB, "mbps")->key);
}

int main(void)
{
	RUN(rows_whole_keys_unique);
	RUN(figure_is_the_jobs);
	RUN(slc_fill_time);
	RUN(slc_range_from_the_row);
	RUN(select_as_sorted);
	RUN(series_columns_and_json_keys);
	return harness_main();
}
