// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdq-report on the output of every fio release ssdq builds against, from
 * real runs of ssdq.so on the drive model under each (test/fixtures/releases,
 * README.md there): the fill's json+ and bw log, a read-back's plain JSON
 * and logs, a client/server run, and a test built from the sidecars and logs
 * alone. The expected values are computed here from the files themselves,
 * independently of ssdq-report: MB/s as io_bytes over runtime, percentiles
 * by fio's rule over the json+ bins or as fio printed them, the SLC cache
 * from the drive model's own account in the events sidecar (model_regime).
 * Run from the top of the tree, or set SSDQ_FIXTURES to the fixtures folder.
 */
#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

#include "hist_log.h"
#include "report.h"

static char dir[512];

static const char *const releases[] = {
	"3.25", "3.28", "3.33", "3.35", "3.36", "3.39", "3.42",
};
#define NREL	(sizeof(releases) / sizeof(releases[0]))

/* the runs' drive model: qlc-1tb scaled 1/1000 */
#define SCALE	1000.0

static void path_of(char *out, size_t len, const char *rel, const char *name)
{
	snprintf(out, len, "%s/releases/fio-%s/%s", dir, rel, name);
}

/* The JSON document of @name, after any leading text (a client's banner). */
static json_object *doc_of(const char *rel, const char *name)
{
	char path[1024], *buf = NULL, *p;
	json_object *d = NULL;
	size_t len = 0;
	FILE *f;

	path_of(path, sizeof(path), rel, name);
	f = fopen(path, "r");
	if (!f)
		return NULL;
	if (getdelim(&buf, &len, '\0', f) > 0) {
		p = buf[0] == '{' ? buf : strstr(buf, "\n{");
		if (p)
			d = json_tokener_parse(p);
	}
	free(buf);
	fclose(f);
	return d;
}

static json_object *at(json_object *o, const char *key)
{
	json_object *v = NULL;

	return o && json_object_object_get_ex(o, key, &v) ? v : NULL;
}

static double num(json_object *o, const char *key)
{
	return json_object_get_double(at(o, key));
}

/* The direction object of the first entry of @list ("jobs", "client_stats"). */
static json_object *ddir_of(json_object *doc, const char *list, const char *ddir)
{
	json_object *l = at(doc, list);

	return l && json_object_is_type(l, json_type_array) ?
		at(json_object_array_get_idx(l, 0), ddir) : NULL;
}

/* fio's percentile rule on json+ bins (ns keys): the first bin whose
 * cumulative count reaches p % of all. */
static double bins_pct_us(json_object *bins, double p)
{
	unsigned long long key[4096], cnt[4096], tot = 0, c = 0;
	size_t n = 0, i, j;

	json_object_object_foreach(bins, k, v) {
		if (n == 4096)
			break;
		key[n] = strtoull(k, NULL, 10);
		cnt[n] = (unsigned long long)json_object_get_int64(v);
		tot += cnt[n++];
	}
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && key[j - 1] > key[j]; j--) {
			unsigned long long tk = key[j], tc = cnt[j];

			key[j] = key[j - 1];
			cnt[j] = cnt[j - 1];
			key[j - 1] = tk;
			cnt[j - 1] = tc;
		}
	for (i = 0; i < n; i++) {
		c += cnt[i];
		if (c >= p / 100 * tot)
			return key[i] / 1000.0;
	}
	return -1;
}

/* GB of the full drive written when the model's writes first missed the SLC
 * cache: the first model_regime event that is not "cache". */
static double model_cache_end_gb(const char *rel, const char *events)
{
	char path[1024], line[4096];
	double gb = -1;
	FILE *f;

	path_of(path, sizeof(path), rel, events);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (gb < 0 && fgets(line, sizeof(line), f)) {
		json_object *e = json_tokener_parse(line);
		const char *ev = json_object_get_string(at(e, "event"));
		const char *r = json_object_get_string(at(e, "regime"));

		if (ev && r && !strcmp(ev, "model_regime") && strncmp(r, "cache", 5))
			gb = num(e, "bytes") * SCALE / 1e9;
		json_object_put(e);
	}
	fclose(f);
	return gb;
}

/* fio's bucket value (json+ key) of bucket @idx of its 1856: its HOWTO's
 * rule, written here apart from the report's */
static double plat_ns(unsigned int idx)
{
	unsigned int e;

	if (idx < 128)
		return idx;
	e = idx / 64 - 1;
	return (double)(1ULL << (e + 6)) + (idx % 64 + 0.5) * (double)(1ULL << e);
}

/* The read-back's clat hist log: how many coarse buckets ever held an I/O,
 * and the latency (µs) of the lowest (its middle fine bucket). */
static void hist_points(const char *rel, unsigned long long *n, double *first_us)
{
	char path[1024], *line = NULL, *p, *end;
	unsigned long long seen[1856] = { 0 };
	unsigned int k = 0, i, c = 0, lo = 1856;
	size_t cap = 0;
	FILE *f;

	*n = 0;
	path_of(path, sizeof(path), rel, "readback_clat_hist.1.log");
	f = fopen(path, "r");
	if (!f)
		return;
	while (getline(&line, &cap, f) > 0) {
		/* time, ddir, bs, then the counts */
		p = strchr(line, ',');
		p = p ? strchr(p + 1, ',') : NULL;
		p = p ? strchr(p + 1, ',') : NULL;
		for (k = 0; p && *p == ',' && k < 1856; p = end)
			seen[k++] += strtoull(p + 1, &end, 10);
	}
	free(line);
	fclose(f);
	while (c < 7 && (1856U >> c) != k)
		c++;
	for (i = 0; i < k; i++)
		if (seen[i]) {
			(*n)++;
			if (lo == 1856)
				lo = i;
		}
	if (lo < 1856)
		*first_us = plat_ns((lo << c) + ((1U << c) >> 1)) / 1000;
}

static int has_msg_quiet(const struct rpt_diag *d, const char *needle)
{
	for (size_t i = 0; i < d->n; i++)
		if (strstr(d->msg[i], needle))
			return 1;
	return 0;
}

static int load(const char *rel, const char *name, struct rpt_test *t)
{
	char path[1024];

	path_of(path, sizeof(path), rel, name);
	return rpt_test_load(path, t);
}

#define CHECK_FIG_NEAR(fig, want, share)				\
	harness_check((fig).ok && harness_near((fig).v, (want), (share)), __FILE__, \
		      __LINE__, "fio %s: %s: %s%.6f (%s) vs %.6f", rel, #fig, \
		      (fig).ok ? "" : "null ", (fig).v, (fig).why, (double)(want))

/* Every release names itself in its JSON as the fio it is. */
TEST(versions)
{
	char want[32];

	for (size_t r = 0; r < NREL; r++) {
		const char *rel = releases[r];
		json_object *d = doc_of(rel, "fill.json");

		snprintf(want, sizeof(want), "fio-%s", rel);
		CHECK_STREQ(json_object_get_string(at(d, "fio version")), want);
		json_object_put(d);
	}
}

/* The fill (json+, bw log, events and power sidecars, device.json): MB/s,
 * p99 from the bins, the SLC cache against the model's account (10 ms log
 * intervals at this scale: a figure within 2 % or a null, and the range
 * holding the truth either way), the scale. */
TEST(fill)
{
	for (size_t r = 0; r < NREL; r++) {
		const char *rel = releases[r];
		json_object *d = doc_of(rel, "fill.json"), *w = ddir_of(d, "jobs", "write");
		double cache = model_cache_end_gb(rel, "fill_events.1.jsonl");
		struct rpt_test t;
		struct rpt_job *j;

		printf("  fio %s\n", rel);
		CHECK_EQ_INT(load(rel, "fill.json", &t), 0);
		CHECK_EQ_INT(t.diag.nerrors, 0);
		CHECK(t.dev.scale == SCALE);
		if (!CHECK(w) || !CHECK_EQ_INT(t.njobs, 1))
			goto next;
		j = &t.jobs[0];
		CHECK_STREQ(j->ddir, "write");
		CHECK_FIG_NEAR(j->mbps, num(w, "io_bytes") / num(w, "runtime") / 1000, 1e-9);
		CHECK_STREQ(j->lat_kind, "clat");
		CHECK_FIG_NEAR(j->lat_p99_us, bins_pct_us(at(at(w, "clat_ns"), "bins"), 99), 1e-9);
		CHECK(j->power_w.ok && j->power_w.v > 0);
		/* log_unix_epoch=1, printed as log_alternate_epoch=1 from 3.36 on */
		CHECK(!has_msg_quiet(&j->notes, "log_unix_epoch=0"));
		CHECK(j->has_events && j->stop && !strcmp(j->stop, "bytes"));
		/* 10 ms at 1/SCALE: a figure within 2 % or its range holding the truth */
		if (CHECK(j->has_fill) && CHECK(cache > 0)) {
			const struct rpt_fill *f = &j->fill;

			if (CHECK(f->slc_range.ok))
				CHECK(f->slc_range.lo_gb <= cache && cache <= f->slc_range.hi_gb);
			if (f->slc_cache_gb.ok)
				CHECK(harness_near(f->slc_cache_gb.v, cache, 0.02) ||
				      (f->slc_range.lo_gb <= cache && cache <= f->slc_range.hi_gb));
			else
				CHECK(strstr(f->slc_cache_gb.why, "log_avg_msec=") != NULL);
		}
next:
		rpt_test_free(&t);
		json_object_put(d);
	}
}

/* The read-back: plain JSON, fio's own percentiles; not a fill. */
TEST(readback)
{
	for (size_t r = 0; r < NREL; r++) {
		const char *rel = releases[r];
		json_object *d = doc_of(rel, "readback.json"), *rd = ddir_of(d, "jobs", "read");
		json_object *pct = at(at(rd, "clat_ns"), "percentile");
		unsigned long long np = 0;
		double first_us = 0;
		struct rpt_test t;
		struct rpt_job *j;

		printf("  fio %s\n", rel);
		CHECK_EQ_INT(load(rel, "readback.json", &t), 0);
		CHECK_EQ_INT(t.diag.nerrors, 0);
		if (!CHECK(pct) || !CHECK_EQ_INT(t.njobs, 1))
			goto next;
		j = &t.jobs[0];
		CHECK_STREQ(j->ddir, "read");
		CHECK_FIG_NEAR(j->mbps, num(rd, "io_bytes") / num(rd, "runtime") / 1000, 1e-9);
		CHECK_FIG_NEAR(j->lat_p99_us, num(pct, "99.000000") / 1000, 1e-9);
		CHECK_FIG_NEAR(j->lat_p9999_us, num(pct, "99.990000") / 1000, 1e-9);
		CHECK(!j->has_fill);
		/* plain JSON has no bins: the distribution is the hist log's */
		hist_points(rel, &np, &first_us);
		if (CHECK_EQ_U64(j->lat_cdf.n, np) && np) {
			CHECK(harness_near(j->lat_cdf.us[0], first_us, 1e-12));
			CHECK(harness_near(j->lat_cdf.le[np - 1], 1, 1e-12));
		}
		CHECK(has_msg_quiet(&j->notes, "clat hist log"));
next:
		rpt_test_free(&t);
		json_object_put(d);
	}
}

/* The read-back from its sidecars and logs alone (no fio JSON): the events'
 * fio_stats give the same bytes and runtime as fio's JSON. */
TEST(readback_from_logs)
{
	for (size_t r = 0; r < NREL; r++) {
		const char *rel = releases[r];
		json_object *d = doc_of(rel, "readback.json"), *rd = ddir_of(d, "jobs", "read");
		struct rpt_test t;

		printf("  fio %s\n", rel);
		CHECK_EQ_INT(load(rel, "readback_events.1.jsonl", &t), 0);
		CHECK(t.source != NULL);
		if (CHECK(rd) && CHECK_EQ_INT(t.njobs, 1))
			CHECK_FIG_NEAR(t.jobs[0].mbps,
				       num(rd, "io_bytes") / num(rd, "runtime") / 1000, 1e-9);
		rpt_test_free(&t);
		json_object_put(d);
	}
}

/* fio --client against fio --server on 127.0.0.1: client_stats, and the
 * sidecars fio's client wrote as <name>.127.0.0.1. */
TEST(client_server)
{
	for (size_t r = 0; r < NREL; r++) {
		const char *rel = releases[r];
		json_object *d = doc_of(rel, "client/client.json");
		json_object *w = ddir_of(d, "client_stats", "write");
		struct rpt_device dev;
		struct rpt_diag dd = { 0 };
		char path[1024], cdir[1024];
		struct rpt_test t;
		struct rpt_job *j;

		printf("  fio %s\n", rel);
		path_of(cdir, sizeof(cdir), rel, "client");
		CHECK_EQ_INT(rpt_device_load_host(cdir, "127.0.0.1", &dev, &dd), 1);
		CHECK(dev.scale == SCALE);
		path_of(path, sizeof(path), rel, "client/client.json");
		CHECK_EQ_INT(rpt_test_load_host(path, &dev, "127.0.0.1", &t), 0);
		CHECK_EQ_INT(t.diag.nerrors, 0);
		if (!CHECK(w) || !CHECK_EQ_INT(t.njobs, 1))
			goto next;
		j = &t.jobs[0];
		CHECK_FIG_NEAR(j->mbps, num(w, "io_bytes") / num(w, "runtime") / 1000, 1e-9);
		CHECK(j->has_events);
		CHECK(j->power_w.ok && j->power_w.v > 0);
		CHECK(j->has_fill);
next:
		rpt_test_free(&t);
		rpt_device_free(&dev);
		rpt_diag_free(&dd);
		json_object_put(d);
	}
}

/* Write @text to a temporary file and read it as a hist log. */
static int hist_text(const char *text, struct rpt_hist_log *l, char *err, size_t len)
{
	char path[] = "/tmp/ssdq-test-hist.XXXXXX";
	int fd = mkstemp(path), ret;

	if (fd < 0)
		return -1;
	if (write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		ret = -1;
	else
		ret = rpt_hist_log_read(path, l, err, len);
	close(fd);
	unlink(path);
	return ret;
}

/* A line of @k counts, bucket @at holding @n I/Os. */
static void hist_line(char *out, size_t len, unsigned int ddir, unsigned int k,
		      unsigned int at, unsigned int n)
{
	size_t o = (size_t)snprintf(out, len, "1000, %u, 4096", ddir);

	for (unsigned int i = 0; i < k && o < len; i++)
		o += (size_t)snprintf(out + o, len - o, ", %u", i == at ? n : 0);
	snprintf(out + o, len - o, "\n");
}

/* The reader on lines written here: coarseness from the count of buckets,
 * the middle fine bucket's latency, directions apart, malformed lines. */
TEST(hist_log_reader)
{
	static char a[40000], b[20000];
	struct rpt_hist_log l;
	char err[512];

	/* coarseness 6: 29 buckets; bucket 3 is fine buckets 192..255, the
	 * middle one 224: group 2 (e = 2), 256 + (224 % 64 + 0.5) * 4 = 386 ns */
	hist_line(a, sizeof(a), 1, 29, 3, 5);
	hist_line(b, sizeof(b), 0, 29, 0, 2);
	strcat(a, b);
	if (CHECK_EQ_INT(hist_text(a, &l, err, sizeof(err)), 0)) {
		CHECK_EQ_INT(l.coarseness, 6);
		CHECK_EQ_U64(l.lines, 2);
		CHECK_EQ_U64(l.h[1].total, 5);
		CHECK_EQ_U64(rpt_lat_hist_percentile(&l.h[1], 50), 386);
		/* bucket 0 at coarseness 6: fine bucket 32, exact: 32 ns */
		CHECK_EQ_U64(rpt_lat_hist_percentile(&l.h[0], 50), 32);
	}
	rpt_hist_log_free(&l);
	/* coarseness 0: fio's own buckets, exact below 128 ns */
	hist_line(a, sizeof(a), 2, 1856, 100, 1);
	if (CHECK_EQ_INT(hist_text(a, &l, err, sizeof(err)), 0)) {
		CHECK_EQ_INT(l.coarseness, 0);
		CHECK_EQ_U64(rpt_lat_hist_percentile(&l.h[2], 100), 100);
	}
	rpt_hist_log_free(&l);
	/* a second line with another number of buckets */
	hist_line(a, sizeof(a), 0, 29, 0, 1);
	hist_line(b, sizeof(b), 0, 58, 0, 1);
	strcat(a, b);
	CHECK_EQ_INT(hist_text(a, &l, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, ":2: expected 1856 >> log_hist_coarseness counts");
	rpt_hist_log_free(&l);
	/* 30 buckets is no coarseness; a word for a count; ddir 3 */
	hist_line(a, sizeof(a), 0, 30, 0, 1);
	CHECK_EQ_INT(hist_text(a, &l, err, sizeof(err)), -EINVAL);
	rpt_hist_log_free(&l);
	CHECK_EQ_INT(hist_text("1000, 0, 4096, 1, x\n", &l, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, ":1: expected a count");
	rpt_hist_log_free(&l);
	CHECK_EQ_INT(hist_text("1000, 3, 4096, 1\n", &l, err, sizeof(err)), -EINVAL);
	CHECK_CONTAINS(err, "a data direction");
	rpt_hist_log_free(&l);
}

int main(void)
{
	const char *env = getenv("SSDQ_FIXTURES");

	snprintf(dir, sizeof(dir), "%s", env ? env : "test/fixtures");
	if (access(dir, R_OK))
		SKIP("no fixtures at %s (run from the top of the tree or set SSDQ_FIXTURES)",
		     dir);
	RUN(versions);
	RUN(fill);
	RUN(readback);
	RUN(readback_from_logs);
	RUN(client_server);
	RUN(hist_log_reader);
	return harness_main();
}
