// SPDX-License-Identifier: GPL-2.0-only
/*
 * The report organised as the reviews are (analysis/compute/review.h): which job is
 * a fill, which section a test belongs to, the order of the tests (by
 * section, a key's clean, fragmented and full runs together), a test's
 * headline job; the chart files of --svg-dir (chart.h); --highlight
 * changing only the highlighted drive's marks of a chart (svg.h); the
 * latency distribution from json+ bins (lat_hist.h). Tests built here with
 * the names the job library gives them.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"

#include "chart.h"
#include "host_verdict.h"
#include "html.h"
#include "lat_hist.h"
#include "review.h"
#include "series.h"

static void job(struct rpt_job *j, const char *name, const char *rw, double bs, double qd)
{
	memset(j, 0, sizeof(*j));
	j->name = strdup(name);
	j->rw = strdup(rw);
	rpt_fig_set(&j->bs, bs);
	rpt_fig_set(&j->iodepth, qd);
	rpt_fig_set(&j->mbps, 100);
	rpt_fig_set(&j->iops, 100e6 / bs);
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

/* A test of one job of the given kind, its series found. */
static void kind(struct rpt_test *t, const char *name)
{
	static const double qd[3] = { 1, 2, 4 };
	char jn[16];

	if (strstr(name, "sustained")) {
		test_init(t, name, 3);
		for (int i = 0; i < 3; i++) {
			snprintf(jn, sizeof(jn), "qd%.0f", qd[i]);
			job(&t->jobs[i], jn, "read", 131072, qd[i]);
		}
	} else if (strstr(name, "-bs")) {
		test_init(t, name, 3);
		job(&t->jobs[0], "bs512", "randread", 512, 1);
		job(&t->jobs[1], "bs4k", "randread", 4096, 1);
		job(&t->jobs[2], "bs1m", "randread", 1 << 20, 1);
	} else if (strstr(name, "burst")) {
		test_init(t, name, 1);
		job(&t->jobs[0], name, "read", 131072, 1);
		t->jobs[0].has_bursts = true;
	} else if (!strcmp(name, "fill") || !strcmp(name, "pslc-fill")) {
		test_init(t, name, 1);
		job(&t->jobs[0], name, "write", 131072, 32);
		t->jobs[0].has_fill = true;
		t->jobs[0].writes_ns = true;
	} else if (strstr(name, "qd1")) {
		test_init(t, name, 1);
		job(&t->jobs[0], name, "randread", 4096, 1);
	} else {
		test_init(t, name, 1);
		job(&t->jobs[0], name, "randwrite", 4096, 32);
	}
	rpt_series_find(t);
}

TEST(which_job_is_a_fill)
{
	struct rpt_test t;
	struct rpt_job *j;

	test_init(&t, "prefill", 1);
	j = &t.jobs[0];
	job(j, "prefill", "write", 131072, 32);
	CHECK(!rpt_job_is_fill(&t, j));		/* no fill figures */
	j->has_fill = true;
	j->fill.gb_written = 16;
	CHECK(!rpt_job_is_fill(&t, j));		/* 16 GB, capacity unknown */
	t.dev.capacity_bytes = 4e9;		/* a 1 TB drive scaled 1/250 */
	t.dev.scale = 250;
	CHECK(!rpt_job_is_fill(&t, j));
	j->fill.gb_written = 950;		/* 95 % of it, whatever the options */
	CHECK(rpt_job_is_fill(&t, j));
	j->fill.gb_written = 16;
	j->writes_ns = true;			/* size=N% or no size, from offset 0 */
	CHECK(rpt_job_is_fill(&t, j));
	CHECK_EQ_INT(rpt_test_section(&t), RPT_SEC_FILL);
	rpt_test_free(&t);
}

TEST(sections)
{
	static const struct { const char *name; enum rpt_section sec; } want[] = {
		{ "fill", RPT_SEC_FILL }, { "burst-seq-read", RPT_SEC_BURST },
		{ "sustained-seq-read", RPT_SEC_SUSTAINED }, { "qd1-rand-read-4k", RPT_SEC_QD1 },
		{ "qd1-rand-read-bs", RPT_SEC_QD1 }, { "frag", RPT_SEC_OTHER },
	};

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		struct rpt_test t;

		kind(&t, want[i].name);
		if (!CHECK_EQ_INT(rpt_test_section(&t), want[i].sec))
			printf("    %s\n", want[i].name);
		rpt_test_free(&t);
	}
	CHECK_STREQ(rpt_section_title(RPT_SEC_FILL), "Whole-drive fill");
	CHECK_STREQ(rpt_section_id(RPT_SEC_QD1), "qd1");
}

TEST(headline_job)
{
	struct rpt_test t;

	kind(&t, "qd1-rand-read-bs");
	CHECK_EQ_INT(rpt_test_headline(&t), 1);		/* bs4k of a random sweep */
	rpt_test_free(&t);
	kind(&t, "qd1-rand-read-4k");
	CHECK_EQ_INT(rpt_test_headline(&t), 0);
	rpt_test_free(&t);
}

/*
 * Two drives with the demo's tests in name order (as a results directory is
 * read); drive B lacks some. The review order: the fills, the bursts (a key's
 * clean run before its full one, although -full sorts first), the sustained
 * tests (clean, frag, full), the QD1 tests, then the rest.
 */
static const char *const names_a[] = {
	"burst-seq-read-full", "burst-seq-read", "fill", "frag", "qd1-rand-read-4k",
	"qd1-rand-read-bs", "sustained-seq-read-frag", "sustained-seq-read-full",
	"sustained-seq-read", "pslc-fill",
};
static const char *const names_b[] = { "burst-seq-read", "fill", "sustained-seq-read" };

static void two_drives(struct rpt_report *r, size_t *ia, size_t *ib)
{
	size_t na = sizeof(names_a) / sizeof(names_a[0]), nb = sizeof(names_b) / sizeof(names_b[0]);

	memset(r, 0, sizeof(*r));
	r->nt = na + nb;
	r->t = calloc(r->nt, sizeof(*r->t));
	r->nd = 2;
	r->d = calloc(2, sizeof(*r->d));
	for (size_t i = 0; i < na; i++) {
		kind(&r->t[i], names_a[i]);
		ia[i] = i;
	}
	for (size_t i = 0; i < nb; i++) {
		kind(&r->t[na + i], names_b[i]);
		ib[i] = na + i;
	}
	r->d[0] = (struct rpt_drive){ .name = "Drive A", .dir = "results/a", .test = ia, .ntests = na };
	r->d[1] = (struct rpt_drive){ .name = "Drive B", .dir = "results/b/", .test = ib, .ntests = nb };
}

static void free_drives(struct rpt_report *r)
{
	for (size_t i = 0; i < r->nt; i++)
		rpt_test_free(&r->t[i]);
	free(r->t);
	free(r->d);
}

/* Fill figures for the fill job of @t: two phases, the cache at @cache_gb, @nhost spans. */
static void give_fill(struct rpt_test *t, double cache_gb, size_t nhost)
{
	struct rpt_fill *f = &t->jobs[0].fill;

	f->scale = 1;
	f->gb_written = 1000;
	f->phases = calloc(2, sizeof(*f->phases));
	f->phases[0] = (struct rpt_phase){ 0, cache_gb, 3000 };
	f->phases[1] = (struct rpt_phase){ cache_gb, 1000, 800 };
	f->nphases = 2;
	rpt_fig_set(&f->slc_cache_gb, cache_gb);
	f->host = calloc(nhost, sizeof(*f->host));
	for (size_t i = 0; i < nhost; i++)
		f->host[i] = (struct rpt_fill_span){ 2.0 * i + 1, 2.0 * i + 1.5 };
	f->nhost = nhost;
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

/*
 * The fill overlay of two drives when the host distorted drive A's fill in
 * more spans than a chart of 64 marks holds (a loaded demo): every span is
 * shaded and drive B's cache still marked.
 */
TEST(fill_overlay_many_host_spans)
{
	struct rpt_report r;
	struct rpt_charts c = { .r = NULL, .hl = -1 };
	size_t ia[16], ib[16], len = 0;
	char *html = NULL;

	two_drives(&r, ia, ib);
	c.r = &r;
	give_fill(&r.t[2], 300, 150);
	give_fill(&r.t[11], 120, 3);
	c.html = open_memstream(&html, &len);
	CHECK_EQ_INT(rpt_html_review(&c, &r), 0);
	fclose(c.html);
	if (CHECK(html != NULL)) {
		const char *fig = strstr(html, "write speed per GB written");

		CHECK(fig != NULL);
		CHECK_CONTAINS(html, "SLC cache 300.0 GB");
		CHECK_CONTAINS(html, "SLC cache 120.0 GB");
		CHECK_EQ_INT(count(html, "<title>" RPT_HOSTV_SPAN), 153);
	}
	rpt_charts_free(&c);
	free(html);
	free_drives(&r);
}

TEST(review_order)
{
	static const char *const want[] = {
		"fill", "pslc-fill", "burst-seq-read", "burst-seq-read-full", "sustained-seq-read",
		"sustained-seq-read-frag", "sustained-seq-read-full", "qd1-rand-read-4k",
		"qd1-rand-read-bs", "frag",
	};
	struct rpt_review_item *it;
	struct rpt_report r;
	size_t ia[16], ib[16];
	long n;

	two_drives(&r, ia, ib);
	n = rpt_review_order(&r, NULL, &it);
	if (CHECK_EQ_INT(n, 10))
		for (long i = 0; i < n; i++)
			if (!CHECK_STREQ(it[i].test, want[i]))
				printf("    at %ld\n", i);
	CHECK_STREQ(it[3].variant, "full");
	CHECK_EQ_INT(it[2].key, it[3].key);
	CHECK(it[4].key == it[6].key && it[4].key != it[2].key);
	free(it);
	n = rpt_review_order(&r, &r.d[1], &it);
	if (CHECK_EQ_INT(n, 3)) {
		CHECK_STREQ(it[0].test, "fill");
		CHECK_STREQ(it[1].test, "burst-seq-read");
		CHECK_STREQ(it[2].test, "sustained-seq-read");
	}
	free(it);
	CHECK(rpt_drive_test(&r, &r.d[1], "frag") == NULL);
	CHECK(rpt_drive_test(&r, &r.d[1], "fill") == &r.t[11]);
	free_drives(&r);
}

TEST(highlight_names_a_drive)
{
	struct rpt_report r;
	size_t ia[16], ib[16];
	char buf[64];

	two_drives(&r, ia, ib);
	CHECK_EQ_INT(rpt_highlight_find(&r, "Drive B"), 1);
	CHECK_EQ_INT(rpt_highlight_find(&r, "results/a"), 0);
	CHECK_EQ_INT(rpt_highlight_find(&r, "b"), 1);		/* the directory's name */
	CHECK_EQ_INT(rpt_highlight_find(&r, "Drive C"), -1);
	CHECK_STREQ(rpt_drive_scope(buf, sizeof(buf), &r.d[1]), "b");
	free_drives(&r);
}

/* Tags of @svg that carry data-drive="@drive", joined (@drive NULL: the others). */
static char *marks(const char *svg, const char *drive)
{
	size_t cap = strlen(svg) + 1, n = 0;
	char *out = calloc(cap, 1), attr[64];
	const char *p = svg;

	snprintf(attr, sizeof(attr), "data-drive=\"%s\"", drive ? drive : "");
	while ((p = strchr(p, '<'))) {
		const char *e = strchr(p, '>');
		size_t len;
		bool has;

		if (!e)
			break;
		len = (size_t)(e - p + 1);
		has = drive ? memmem(p, len, attr, strlen(attr)) != NULL :
		      memmem(p, len, "data-drive=", 11) == NULL;
		if (has) {
			memcpy(out + n, p, len);
			n += len;
		}
		p = e + 1;
	}
	return out;
}

/* A chart drawn twice, without and with drive B highlighted. */
static void render(bool hl, char **buf, size_t *len, int what)
{
	static const double y1[3] = { 1, 2, 3 }, y2[3] = { 2, 3, 4 }, x[3] = { 10, 100, 1000 };
	static const double le[3] = { 0.5, 0.99, 1 };
	const char *xl[3] = { "1", "2", "4" };
	struct rpt_fig f[2];
	FILE *out = open_memstream(buf, len);
	struct rpt_svg_head h = { "a chart", "a chart", 600 };

	rpt_fig_set(&f[0], 10);
	rpt_fig_set(&f[1], 20);
	if (what == 0) {
		struct rpt_bar b[2] = { { "Drive A", &f[0], "#111111", "Drive A", false },
					{ "Drive B", &f[1], "#222222", "Drive B", hl } };

		rpt_svg_bars(out, &h, "MB/s", b, 2, 1);
	} else if (what == 1) {
		struct rpt_line l[2] = { { "Drive A", y1, "#111111", NULL, "Drive A", false },
					 { "Drive B", y2, "#222222", "7,4", "Drive B", hl } };

		rpt_svg_lines(out, &h, "QD", xl, 3, "MB/s", l, 2);
	} else {
		struct rpt_xy_series s[2] = {
			{ "Drive A", x, le, 3, "#111111", NULL, true, "Drive A", false },
			{ "Drive B", x, le, 3, "#222222", NULL, true, "Drive B", hl },
		};
		struct rpt_xy_mark m = { 100, "SLC cache 100 GB", "#222222", "Drive B", hl, 0 };

		rpt_svg_xy(out, &h, &(struct rpt_axis){ .name = "µs", .kind = RPT_AXIS_LOG },
			   &(struct rpt_axis){ .name = "percentile", .kind = RPT_AXIS_NINES }, s, 2, &m, 1);
	}
	fclose(out);
}

TEST(highlight_changes_only_its_drive)
{
	for (int what = 0; what < 3; what++) {
		char *plain, *hl, *a0, *a1, *b0, *b1, *o0, *o1;
		size_t l0, l1;

		render(false, &plain, &l0, what);
		render(true, &hl, &l1, what);
		a0 = marks(plain, "Drive A");
		a1 = marks(hl, "Drive A");
		b0 = marks(plain, "Drive B");
		b1 = marks(hl, "Drive B");
		o0 = marks(plain, NULL);
		o1 = marks(hl, NULL);
		CHECK(strlen(a0) > 0 && strlen(b0) > 0);
		CHECK_STREQ(a0, a1);		/* the other drive's marks as they were */
		CHECK(strcmp(b0, b1) != 0);	/* the highlighted one's changed */
		CHECK_STREQ(o0, o1);		/* axes, grid, title: the same */
		if (what == 2)
			CHECK_CONTAINS(plain, ">99 %<");
		free(plain);
		free(hl);
		free(a0);
		free(a1);
		free(b0);
		free(b1);
		free(o0);
		free(o1);
	}
}

TEST(chart_files)
{
	char dir[64], path[128], *html = NULL, line[64];
	size_t hlen = 0;
	struct rpt_report r = { 0 };
	struct rpt_charts c = { .r = &r, .hl = -1 };
	struct stat st;
	FILE *o, *f;

	snprintf(dir, sizeof(dir), "/tmp/ssdq-test-charts.%d", (int)getpid());
	mkdir(dir, 0755);
	c.html = open_memstream(&html, &hlen);
	c.svg_dir = dir;
	for (int i = 0; i < 2; i++) {
		o = rpt_chart_begin(&c, "Drive A/x", "qd1 rand (4k)", "latency-cdf");
		CHECK(o != NULL);
		fputs("<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n", o);
		rpt_chart_end(&c);
	}
	o = rpt_chart_begin(&c, "compare", "fill", "nothing");
	rpt_chart_end(&c);			/* drew nothing: no file */
	fclose(c.html);
	CHECK_EQ_INT(c.err, 0);
	snprintf(path, sizeof(path), "%s/drive-a-x.qd1-rand-4k.latency-cdf.svg", dir);
	f = fopen(path, "r");
	if (CHECK(f != NULL)) {
		CHECK(fgets(line, sizeof(line), f) != NULL);
		CHECK_STREQ(line, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
		fclose(f);
	}
	unlink(path);
	snprintf(path, sizeof(path), "%s/drive-a-x.qd1-rand-4k.latency-cdf-2.svg", dir);
	CHECK(stat(path, &st) == 0);
	unlink(path);
	snprintf(path, sizeof(path), "%s/compare.fill.nothing.svg", dir);
	CHECK(stat(path, &st) != 0);
	/* the page got both charts, and nothing of the empty one */
	CHECK(html && strstr(html, "<svg") && strstr(strstr(html, "<svg") + 1, "<svg") &&
	      !strstr(strstr(strstr(html, "<svg") + 1, "<svg") + 1, "<svg"));
	rmdir(dir);
	free(html);
	html = NULL;
	/* a directory that cannot be written: the error and the path */
	c.svg_dir = "/nonexistent/ssdq";
	c.html = open_memstream(&html, &hlen);
	o = rpt_chart_begin(&c, "compare", "fill", "fill");
	fputs("<svg/>", o);
	rpt_chart_end(&c);
	fclose(c.html);
	CHECK_EQ_INT(c.err, -ENOENT);
	CHECK_CONTAINS(c.err_path, "/nonexistent/ssdq/compare.fill.fill.svg");
	rpt_charts_free(&c);
	free(html);
}

TEST(latency_distribution)
{
	struct rpt_lat_hist h = { 0 };
	double *us, *le;
	long n;

	rpt_lat_hist_add(&h, 80000, 98);
	rpt_lat_hist_add(&h, 20000, 1);
	rpt_lat_hist_add(&h, 1000000, 1);
	rpt_lat_hist_add(&h, 80000, 0);
	n = rpt_lat_hist_cdf(&h, &us, &le);
	if (CHECK_EQ_INT(n, 3)) {
		CHECK(us[0] == 20 && us[1] == 80 && us[2] == 1000);
		CHECK(le[0] == 0.01 && le[1] == 0.99 && le[2] == 1);
	}
	free(us);
	free(le);
	rpt_lat_hist_free(&h);
	CHECK_EQ_INT(rpt_lat_hist_cdf(&h, &us, &le), 0);
	CHECK(us == NULL);
}

int main(void)
{
	RUN(which_job_is_a_fill);
	RUN(sections);
	RUN(headline_job);
	RUN(review_order);
	RUN(fill_overlay_many_host_spans);
	RUN(highlight_names_a_drive);
	RUN(highlight_changes_only_its_drive);
	RUN(chart_files);
	RUN(latency_distribution);
	return harness_main();
}
