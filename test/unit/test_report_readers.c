// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fio JSON and log readers on good and bad input: every bad input gets
 * an error naming the file and the line (or byte, or JSON path), and none
 * crashes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

#include "fio_jobs.h"
#include "grow.h"
#include "lat_hist.h"
#include "reader_json.h"
#include "reader_log.h"

static int parse(const char *text, struct json_object **root, unsigned int *docs,
		 struct rpt_diag *d)
{
	return rpt_json_parse("t.json", text, strlen(text), root, docs, d);
}

static const char *last_msg(const struct rpt_diag *d)
{
	return d->n ? d->msg[d->n - 1] : "";
}

TEST(json_leading_text_and_last_document)
{
	const char *text =
		"note: both iodepth >= 1 and synchronous I/O engine are selected\n"
		"<vm> seqread: (g=0): rw=read, {not json}\n"
		"{\"n\": 1}\n{\n  \"n\": 2\n}\n  {\"n\": 3}\n";
	struct rpt_diag d = { 0 };
	struct json_object *root, *n;
	unsigned int docs;

	CHECK_EQ_INT(parse(text, &root, &docs, &d), 0);
	CHECK_EQ_INT(docs, 3);
	CHECK(json_object_object_get_ex(root, "n", &n) && json_object_get_int(n) == 3);
	CHECK_EQ_INT(d.n, 0);
	json_object_put(root);
	rpt_diag_free(&d);
}

TEST(json_truncated)
{
	struct rpt_diag d = { 0 };
	struct json_object *root;

	CHECK_EQ_INT(parse("{\n \"jobs\": [\n  {\"a\": 1", &root, NULL, &d), -EINVAL);
	CHECK(root == NULL);
	CHECK_STREQ(last_msg(&d), "t.json:3: truncated JSON document: the data ends at byte 22, inside the document from line 1");
	rpt_diag_free(&d);

	/* a complete document before the cut one is used, with a warning */
	CHECK_EQ_INT(parse("{\"n\": 1}\n{\"n\": ", &root, NULL, &d), 0);
	CHECK_EQ_INT(d.nerrors, 0);
	CHECK_CONTAINS(last_msg(&d), "t.json:2: truncated JSON document from byte 9");
	json_object_put(root);
	rpt_diag_free(&d);
}

TEST(json_malformed)
{
	struct rpt_diag d = { 0 };
	struct json_object *root;

	CHECK_EQ_INT(parse("{\n\"a\": 1,\n\"b\": tru\n}", &root, NULL, &d), -EINVAL);
	CHECK_CONTAINS(last_msg(&d), "t.json:3: byte ");
	CHECK_CONTAINS(last_msg(&d), "malformed JSON");
	rpt_diag_free(&d);

	CHECK_EQ_INT(parse("no json here\n", &root, NULL, &d), -ENOMSG);
	CHECK_CONTAINS(last_msg(&d), "t.json:1: no JSON object found");
	rpt_diag_free(&d);

	CHECK_EQ_INT(parse("", &root, NULL, &d), -ENOMSG);
	rpt_diag_free(&d);

	/* deep nesting is refused, not recursed into */
	{
		char deep[2001];

		memset(deep, '[', 2000);
		deep[0] = '{';
		deep[2000] = '\0';
		CHECK(parse(deep, &root, NULL, &d) < 0);
		CHECK(root == NULL);
		rpt_diag_free(&d);
	}
}

TEST(json_types_and_ranges)
{
	const char *text = "{\"s\": \"x\", \"i\": 12, \"f\": 1.5, \"neg\": -3,"
			   " \"big\": 99999999999999999999999999, \"huge\": 1e400,"
			   " \"u\": 18446744073709551615, \"o\": {}}";
	struct rpt_diag d = { 0 };
	struct json_object *root, *o;
	const char *s;
	double v;

	if (!CHECK_EQ_INT(parse(text, &root, NULL, &d), 0)) {
		printf("  %s\n", last_msg(&d));
		return;
	}
	CHECK_EQ_INT(rpt_json_num(root, "i", "t.json", "x", &v, &d), 1);
	CHECK(v == 12);
	CHECK_EQ_INT(rpt_json_num(root, "f", "t.json", "x", &v, &d), 1);
	CHECK(v == 1.5);
	CHECK_EQ_INT(rpt_json_num(root, "missing", "t.json", "x", &v, &d), 0);
	CHECK_EQ_INT(rpt_json_num(root, "s", "t.json", "jobs[0].read", &v, &d), -EINVAL);
	CHECK_STREQ(last_msg(&d), "t.json: jobs[0].read.s: expected a number, got string");
	CHECK_EQ_INT(rpt_json_num(root, "neg", "t.json", "x", &v, &d), -EINVAL);
	CHECK_CONTAINS(last_msg(&d), "x.neg: number out of range");
	CHECK(rpt_json_num(root, "big", "t.json", "x", &v, &d) != 1);
	CHECK(rpt_json_num(root, "huge", "t.json", "x", &v, &d) != 1);
	CHECK_EQ_INT(rpt_json_num(root, "u", "t.json", "x", &v, &d), -EINVAL);
	CHECK_EQ_INT(rpt_json_str(root, "i", "t.json", "x", &s, &d), -EINVAL);
	CHECK_CONTAINS(last_msg(&d), "expected a string, got int");
	CHECK_EQ_INT(rpt_json_typed(root, "o", json_type_array, "t.json", "", &o, &d),
		     -EINVAL);
	CHECK_STREQ(last_msg(&d), "t.json: o: expected an array, got object");
	json_object_put(root);
	rpt_diag_free(&d);
}

TEST(fio_run_shapes)
{
	const char *text =
		"{\"global options\": [{\"bs\": \"4k\"}, {\"iodepth\": \"8\"}],"
		" \"client_stats\": ["
		"  {\"jobname\": \"a\", \"groupid\": 0, \"job options\": {\"bs\": \"128k\"}},"
		"  {\"jobname\": \"a\", \"groupid\": 0},"
		"  {\"jobname\": \"All clients\", \"groupid\": 0},"
		"  {\"jobname\": \"b\", \"groupid\": \"one\"},"
		"  7 ]}";
	struct rpt_diag d = { 0 };
	struct json_object *root;
	struct rpt_fio_run run;

	CHECK_EQ_INT(parse(text, &root, NULL, &d), 0);
	CHECK_EQ_INT(rpt_fio_run_parse(root, "t.json", &run, &d), -EINVAL);
	CHECK(run.client_server);
	if (CHECK_EQ_INT(run.ng, 1)) {
		CHECK_EQ_INT(run.g[0].n, 2);
		CHECK(run.g[0].all.obj != NULL);
		CHECK_STREQ(rpt_fio_option(&run, &run.g[0].e[0], "bs"), "128k");
		CHECK_STREQ(rpt_fio_option(&run, &run.g[0].e[1], "bs"), "4k");
		CHECK_STREQ(rpt_fio_option(&run, &run.g[0].e[1], "iodepth"), "8");
		CHECK(rpt_fio_option(&run, &run.g[0].e[1], "rw") == NULL);
	}
	CHECK_EQ_INT(d.nerrors, 2);
	CHECK_STREQ(d.msg[0], "t.json: client_stats[3].groupid: expected a number, got string");
	CHECK_STREQ(d.msg[1], "t.json: client_stats[4]: expected an object, got int");
	rpt_fio_run_free(&run);
	json_object_put(root);
	rpt_diag_free(&d);

	CHECK_EQ_INT(parse("{\"fio version\": \"fio-3.33\"}", &root, NULL, &d), 0);
	CHECK_EQ_INT(rpt_fio_run_parse(root, "t.json", &run, &d), -EINVAL);
	CHECK_CONTAINS(last_msg(&d), "neither \"jobs\" nor \"client_stats\"");
	rpt_fio_run_free(&run);
	json_object_put(root);
	rpt_diag_free(&d);
}

/* Bool, int and size options read as fio reads them, with fio's defaults. */
TEST(fio_option_on)
{
	const char *text =
		"{\"global options\": {\"per_job_logs\": \"0\", \"group_reporting\": \"\"},"
		" \"jobs\": [{\"jobname\": \"a\", \"groupid\": 0, \"job options\": {"
		"  \"log_unix_epoch\": \"0x1\", \"log_compression\": \"1M\","
		"  \"log_avg_msec\": \"0\", \"log_store_compressed\": \"true\","
		"  \"time_based\": \"-1\", \"numjobs\": \"3\"}}]}";
	struct rpt_diag d = { 0 };
	struct json_object *root;
	struct rpt_fio_run run;
	const struct rpt_fio_entry *e;

	CHECK_EQ_INT(parse(text, &root, NULL, &d), 0);
	CHECK_EQ_INT(rpt_fio_run_parse(root, "t.json", &run, &d), 0);
	if (CHECK_EQ_INT(run.ng, 1)) {
		e = &run.g[0].e[0];
		CHECK(rpt_fio_option_on(&run, e, "log_unix_epoch", false));	/* hex */
		CHECK(rpt_fio_option_on(&run, e, "log_compression", false));	/* a size */
		CHECK(!rpt_fio_option_on(&run, e, "log_avg_msec", true));
		CHECK(!rpt_fio_option_on(&run, e, "per_job_logs", true));	/* global */
		CHECK(rpt_fio_option_on(&run, e, "group_reporting", false));	/* bare */
		CHECK_EQ_INT(e->nthreads, 3);		/* so numjobs are one entry */
		/* values fio refuses, and options not given: the default */
		CHECK(!rpt_fio_option_on(&run, e, "log_store_compressed", false));
		CHECK(rpt_fio_option_on(&run, e, "time_based", true));
		CHECK(!rpt_fio_option_on(&run, e, "time_based", false));
		CHECK(rpt_fio_option_on(&run, e, "thread", true));
		CHECK(!rpt_fio_option_on(&run, e, "thread", false));
	}
	rpt_fio_run_free(&run);
	json_object_put(root);
	rpt_diag_free(&d);
}

TEST(fio_sizes)
{
	uint64_t v;

	CHECK(!rpt_fio_size("4k", 0, &v) && v == 4096);
	CHECK(!rpt_fio_size("128KiB", 0, &v) && v == 131072);
	CHECK(!rpt_fio_size("1M", 0, &v) && v == 1048576);
	CHECK(!rpt_fio_size("512", 0, &v) && v == 512);
	CHECK(!rpt_fio_size("4k,128k", 1, &v) && v == 131072);
	CHECK(!rpt_fio_size("4k,128k", 2, &v) && v == 131072);
	CHECK(!rpt_fio_size("4k-64k", 0, &v) && v == 4096);
	CHECK_EQ_INT(rpt_fio_size("k", 0, &v), -EINVAL);
	CHECK_EQ_INT(rpt_fio_size("4q", 0, &v), -EINVAL);
	CHECK_EQ_INT(rpt_fio_size("99999999999999999999", 0, &v), -EINVAL);
	CHECK_EQ_INT(rpt_fio_size("99999999999T", 0, &v), -EINVAL);
}

TEST(lat_hist_merge_and_percentiles)
{
	struct rpt_lat_hist h = { 0 };
	struct json_object *a = json_tokener_parse("{\"1000\": 50, \"2000\": 40, \"9000\": 10}");
	struct json_object *b = json_tokener_parse("{\"2000\": 880, \"5000\": 19, \"100000\": 1}");
	struct json_object *bad = json_tokener_parse("{\"12x\": 1}");
	const char *key = NULL;

	CHECK_EQ_INT(rpt_lat_hist_add_bins(&h, a, &key), 0);
	CHECK_EQ_INT(rpt_lat_hist_add_bins(&h, b, &key), 0);
	CHECK_EQ_U64(h.total, 1000);
	/* merged: 1000 ns x50, 2000 x920, 5000 x19, 9000 x10, 100000 x1 */
	CHECK_EQ_U64(rpt_lat_hist_percentile(&h, 50), 2000);
	CHECK_EQ_U64(rpt_lat_hist_percentile(&h, 97), 2000);
	CHECK_EQ_U64(rpt_lat_hist_percentile(&h, 98.8), 5000);
	CHECK_EQ_U64(rpt_lat_hist_percentile(&h, 99), 9000);
	CHECK_EQ_U64(rpt_lat_hist_percentile(&h, 99.99), 100000);
	CHECK_EQ_INT(rpt_lat_hist_add_bins(&h, bad, &key), -EINVAL);
	CHECK_STREQ(key, "12x");
	rpt_lat_hist_free(&h);
	json_object_put(a);
	json_object_put(b);
	json_object_put(bad);
}

static int read_all(const char *text, struct rpt_log_reader *r, unsigned int *n)
{
	struct rpt_log_sample s;
	int ret;

	*n = 0;
	rpt_log_open_mem(r, "x.log", text, strlen(text));
	while ((ret = rpt_log_next(r, &s)) == 1)
		(*n)++;
	return ret;
}

TEST(log_good_forms)
{
	const char *text =
		"1795990346099, 2052096, 1, 0, 0\n"
		"1795990346599, 2048000, 1, 0, 0, 0x0000\r\n"
		"\n"
		"  1795990347099.125,2050048,1,131072\n"
		"1795990347599, -1, 0, 4096, 0x4001";	/* no final newline */
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	unsigned int n;

	CHECK_EQ_INT(read_all(text, &r, &n), 0);
	CHECK_EQ_INT(n, 4);
	rpt_log_open_mem(&r, "x.log", text, strlen(text));
	CHECK_EQ_INT(rpt_log_next(&r, &s), 1);
	CHECK(s.t_ms == 1795990346099.0 && s.value == 2052096 && s.ddir == 1 && s.bs == 0);
	CHECK_EQ_INT(s.nfields, 5);
	CHECK_EQ_INT(rpt_log_next(&r, &s), 1);
	CHECK_EQ_INT(s.nfields, 6);
	CHECK_EQ_INT(rpt_log_next(&r, &s), 1);
	CHECK(s.t_ms == 1795990347099.125 && s.bs == 131072);
	CHECK_EQ_INT(r.line, 4);
	CHECK_EQ_INT(rpt_log_next(&r, &s), 1);
	CHECK(s.value == -1);
	CHECK_EQ_INT(rpt_log_next(&r, &s), 0);
	CHECK_EQ_INT(read_all("", &r, &n), 0);
	CHECK_EQ_INT(n, 0);
	CHECK_EQ_INT(read_all("\n\n  \n", &r, &n), 0);
	CHECK_EQ_INT(n, 0);
}

TEST(log_bad_lines)
{
	static const struct {
		const char *text;
		const char *msg;
	} bad[] = {
		{ "100, 5, 1, 0\nhello world\n", "x.log:2: field 1 (time): expected a number, got \"hello world\"" },
		{ "100, 5, 1, 0\n200, 5, 1\n", "x.log:2: expected at least 4 fields (time, value, ddir, bs), got 3" },
		{ "100, 5, 7, 0\n", "x.log:1: field 3 (ddir): expected 0, 1 or 2, got 7" },
		{ "100, 5x, 1, 0\n", "x.log:1: field 2 (value): expected ',' or the end of the line, got 'x'" },
		{ "100, 5, 1, 0, 0, 0, 0\n", "x.log:1: expected at most 6 fields" },
		{ "99999999999999999999, 5, 1, 0\n", "x.log:1: field 1 (time): number out of range" },
		{ "100, , 1, 0\n", "x.log:1: field 2 (value): expected a number, got \", 1, 0\"" },
		{ "100, 5, 1, 0,\n", "x.log:1: field 5 (offset or prio): expected a number" },
		{ "100, 5, 1, 0\n\n\n\0garbage", "x.log:4: field 1 (time): expected a number" },
		{ "100, 5, 1, 0, 0xfffffffffffffff\n", "x.log:1: field 5 (offset or prio): number out of range" },
	};
	struct rpt_log_reader r;
	unsigned int i, n;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		size_t len = strlen(bad[i].text);
		struct rpt_log_sample s;
		int ret;

		if (strstr(bad[i].text, "\n\n\n"))
			len += 8;	/* past the NUL */
		rpt_log_open_mem(&r, "x.log", bad[i].text, len);
		while ((ret = rpt_log_next(&r, &s)) == 1)
			;
		if (!CHECK_EQ_INT(ret, -EINVAL))
			printf("  input %u\n", i);
		if (!CHECK_CONTAINS(r.err, bad[i].msg))
			printf("  input %u\n", i);
	}
	(void)n;
}

TEST(log_file_errors)
{
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	char path[] = "/tmp/ssdq-test-log-XXXXXX";
	int fd = mkstemp(path);
	FILE *f;
	size_t i;

	CHECK_EQ_INT(rpt_log_open(&r, "/nonexistent/x.log"), -ENOENT);
	CHECK_CONTAINS(r.err, "/nonexistent/x.log:0: cannot open");
	if (!CHECK(fd >= 0))
		return;
	f = fdopen(fd, "w");
	/* a 3 MiB log crosses the reader's 1 MiB buffer several times */
	for (i = 0; i < 100000; i++)
		fprintf(f, "%zu, %zu, 1, 0, 0\n", 1000000000000 + i * 500, i);
	fputs("1, 2, 3, 4, 5, 6, 7\n", f);
	fclose(f);
	CHECK_EQ_INT(rpt_log_open(&r, path), 0);
	for (i = 0; rpt_log_next(&r, &s) == 1; i++)
		if (s.value != i)
			break;
	CHECK_EQ_INT(i, 100000);
	CHECK_EQ_INT(r.line, 100001);
	CHECK_CONTAINS(r.err, ":100001: expected at most 6 fields");
	rpt_log_close(&r);
	rpt_log_close(&r);

	/* one line longer than the buffer */
	f = fopen(path, "w");
	for (i = 0; i < (2u << 20); i++)
		fputc('1', f);
	fclose(f);
	CHECK_EQ_INT(rpt_log_open(&r, path), 0);
	CHECK_EQ_INT(rpt_log_next(&r, &s), -E2BIG);
	CHECK_CONTAINS(r.err, ":1: line longer than");
	rpt_log_close(&r);
	unlink(path);
}

/*
 * The hot path reads 8 digits at a time: numbers of every length from 1 to 16
 * digits, leading zeros, fractions, at a line's end and at the data's end,
 * against strtod; 17 digits past 2^53 stay an error.
 */
TEST(log_numbers_every_length)
{
	char buf[64 * 1024], line[128];
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	double want_t[600], want_v[600];
	unsigned long long x = 1;
	size_t len = 0;
	int i, n = 0, bad = 0;

	for (i = 0; i < 600; i++) {
		int dt = 1 + i % 16, dv = 1 + (i / 16) % 16, k;
		char t[32], v[32];

		for (k = 0; k < dt; k++) {
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			t[k] = (char)('0' + (x >> 60) % 10);
		}
		t[dt] = 0;
		if (dt == 16)
			t[0] = '1';	/* below 2^53 */
		for (k = 0; k < dv; k++) {
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			v[k] = (char)('0' + (x >> 59) % 10);
		}
		v[dv] = 0;
		if (dv == 16)
			v[0] = '8';
		snprintf(line, sizeof(line), "%s%s, %s, %d, %d%s", t, i % 3 ? "" : ".25", v,
			 i % 3, 4096 + i, i % 5 ? "\n" : "\r\n");
		want_t[n] = strtod(t, NULL) + (i % 3 ? 0 : 0.25);
		want_v[n] = strtod(v, NULL);
		n++;
		memcpy(buf + len, line, strlen(line));
		len += strlen(line);
	}
	len -= buf[len - 2] == '\r' ? 2 : 1;	/* the last line ends the data */
	rpt_log_open_mem(&r, "n.log", buf, len);
	for (i = 0; i < n; i++) {
		if (rpt_log_next(&r, &s) != 1) {
			CHECK_CONTAINS(r.err, "(no error)");
			break;
		}
		if (s.t_ms != want_t[i] || s.value != want_v[i] || s.bs != (uint64_t)(4096 + i))
			bad++;
	}
	CHECK_EQ_INT(bad, 0);
	CHECK_EQ_INT(rpt_log_next(&r, &s), 0);

	strcpy(buf, "90071992547409921, 1, 0, 4096\n");
	rpt_log_open_mem(&r, "n.log", buf, strlen(buf));
	CHECK_EQ_INT(rpt_log_next(&r, &s), -EINVAL);
	CHECK_CONTAINS(r.err, "n.log:1: field 1 (time): number out of range");
	strcpy(buf, "0000000000000000000000012, 9007199254740993, 0, 4096\n");
	rpt_log_open_mem(&r, "n.log", buf, strlen(buf));
	CHECK_EQ_INT(rpt_log_next(&r, &s), -EINVAL);
	CHECK_CONTAINS(r.err, "field 2 (value): number out of range");
	/* "0x" with no hex digit at a line's end: a 0 followed by junk */
	strcpy(buf, "1, 2, 0, 4096, 0, 0x\n");
	rpt_log_open_mem(&r, "n.log", buf, strlen(buf));
	CHECK_EQ_INT(rpt_log_next(&r, &s), -EINVAL);
	CHECK_CONTAINS(r.err, "field 6 (prio): expected ',' or the end of the line, got 'x'");
	strcpy(buf, "12345678, 87654321x, 0, 4096\n");
	rpt_log_open_mem(&r, "n.log", buf, strlen(buf));
	CHECK_EQ_INT(rpt_log_next(&r, &s), -EINVAL);
	CHECK_CONTAINS(r.err, "field 2 (value): expected ',' or the end of the line, got 'x'");
}

/*
 * A line with 128 bytes after its start takes the reader's fast path (the
 * shape fio writes, fields found from a bitmask); a line read alone takes the
 * general parser. Both must agree on every line: samples, return codes and
 * messages. Lines of every shape near the fast path's: field lengths 0 to 17,
 * other separators, hex prio of 0 to 10 digits, CR LF, 3 to 7 fields, junk,
 * lines ending around the 32- and 64-byte marks.
 */
static void gen_line(char *out, size_t cap, unsigned long long *x)
{
	static const char *const sep[] = { ", ", ", ", ", ", ",", " , ", ",  ", "," };
	size_t len = 0;
	int nf, i, k;

#define RND(n)	((*x = *x * 6364136223846793005ull + 1442695040888963407ull) >> 33) % (n)
	nf = 3 + (int)RND(5);
	for (i = 0; i < nf; i++) {
		int digits = RND(4) ? 1 + (int)RND(15) : (int)RND(18);

		if (i)
			len += snprintf(out + len, cap - len, "%s", RND(8) ? ", " : sep[RND(7)]);
		if (i >= 4 && RND(2)) {
			len += snprintf(out + len, cap - len, "0%c", RND(4) ? 'x' : 'X');
			digits = (int)RND(11);
			for (k = 0; k < digits; k++)
				out[len++] = "0123456789abcdefABCDEF"[RND(22)];
			continue;
		}
		if (i == 2 && RND(4))
			digits = 1;
		for (k = 0; k < digits; k++)
			out[len++] = (char)('0' + RND(10));
		if (i == 2 && digits == 1 && RND(2))
			out[len - 1] = (char)('0' + RND(3));
		if (!RND(40))
			out[len++] = "x.- \t:"[RND(6)];
	}
	if (!RND(6))
		out[len++] = '\r';
	out[len++] = '\n';
	out[len] = '\0';
#undef RND
}

static int read_one(const char *text, size_t len, struct rpt_log_sample *s, char *err,
		    size_t errlen)
{
	struct rpt_log_reader r;
	int ret;
	const char *colon;

	memset(s, 0, sizeof(*s));
	rpt_log_open_mem(&r, "x.log", text, len);
	ret = rpt_log_next(&r, s);
	colon = strstr(r.err, ": ");
	snprintf(err, errlen, "%s", ret < 0 && colon ? colon : "");
	return ret;
}

TEST(log_fast_path_agrees_with_general_parser)
{
	static const char *const fixed[] = {
		"1795990346099, 2052096, 1, 0, 0\n",
		"1795990346599, 2048000, 1, 0, 0, 0x0000\r\n",
		"1795990346599, 2048000, 1, 131072, 123456789012345, 0x4001\n",
		"123456789012345, 123456789012345, 2, 123456789012345, 123456789012345, 0xffffffff\n",
		"1234567890123456, 1, 1, 1\n",
		"1, 2, 3, 4\n",
		"1, 2, 1, 4, 0x123456789\n",
		"1, 2, 1, 4, 0x\n",
		"100, 5, 1, 0, 0, 0, 0\n",
		"1, 2, 1, 4,\n",
		"1, 2, 1, 4\r\r\n",
		"0000000000000000000000012, 5, 0, 4096\n",
		/* ends at byte 31/32/33 and 63/64/65 */
		"1000000000000, 100000000, 1, 1\n",
		"10000000000000, 100000000, 1, 1\n",
		"100000000000000, 100000000, 1, 1\n",
		"100000000000000, 100000000000000, 1, 100000000000, 1, 0x1234\n",
		"100000000000000, 100000000000000, 1, 100000000000, 12, 0x1234\n",
		"100000000000000, 100000000000000, 1, 100000000000, 123, 0x1234\n",
		"100000000000000, 100000000000000, 1, 100000000000, 123, 0x12345\n",
	};
	const char *filler = "1, 1, 1, 1\n";
	unsigned long long x = 42;
	char line[256], text[512], err_fast[256], err_slow[256];
	int i, disagree = 0, fast_ok = 0, n = 3000 + (int)(sizeof(fixed) / sizeof(fixed[0]));

	for (i = 0; i < n; i++) {
		struct rpt_log_sample a, b;
		size_t len;
		int ra, rb, k;

		if (i < (int)(sizeof(fixed) / sizeof(fixed[0])))
			snprintf(line, sizeof(line), "%s", fixed[i]);
		else
			gen_line(line, sizeof(line), &x);
		len = strlen(line);
		memcpy(text, line, len);
		for (k = 0; k < 16; k++)
			memcpy(text + len + 11 * k, filler, 11);
		ra = read_one(text, len + 16 * 11, &a, err_fast, sizeof(err_fast));
		rb = read_one(line, len, &b, err_slow, sizeof(err_slow));
		fast_ok += ra == 1;
		if (ra != rb || strcmp(err_fast, err_slow) ||
		    (ra == 1 && (a.t_ms != b.t_ms || a.value != b.value || a.ddir != b.ddir ||
				 a.bs != b.bs || a.nfields != b.nfields))) {
			if (disagree++ < 5)
				printf("  disagree on \"%.*s\": %d \"%s\" vs %d \"%s\"\n",
				       (int)len - 1, line, ra, err_fast, rb, err_slow);
		}
	}
	CHECK_EQ_INT(disagree, 0);
	CHECK(fast_ok > n / 4);	/* the generator makes many good lines too */
}

TEST(grow_doubles_and_keeps_on_failure)
{
	uint64_t *a = NULL, *keep;
	size_t cap = 0, n, big;
	int bad = 0;

	for (n = 0; n < 1000; n++) {
		if (RPT_GROW(a, cap, n, 4)) {
			bad++;
			break;
		}
		a[n] = n * 3;
	}
	CHECK_EQ_INT(bad, 0);
	CHECK_EQ_U64(cap, 1024);	/* 4 doubled 8 times */
	for (n = 0; n < 1000; n++)
		bad += a[n] != n * 3;
	CHECK_EQ_INT(bad, 0);
	CHECK_EQ_INT(RPT_GROW(a, cap, 10, 4), 0);	/* room left: nothing moves */
	CHECK_EQ_U64(cap, 1024);
	/* a size that cannot be allocated: the array and capacity stay */
	keep = a;
	big = SIZE_MAX / 16;
	CHECK_EQ_INT(rpt_grow(&a, &big, big, 16, 4), -ENOMEM);
	CHECK(a == keep && big == SIZE_MAX / 16 && a[999] == 2997);
	free(a);
}

int main(void)
{
	RUN(grow_doubles_and_keeps_on_failure);
	RUN(log_fast_path_agrees_with_general_parser);
	RUN(log_numbers_every_length);
	RUN(json_leading_text_and_last_document);
	RUN(json_truncated);
	RUN(json_malformed);
	RUN(json_types_and_ranges);
	RUN(fio_run_shapes);
	RUN(fio_option_on);
	RUN(fio_sizes);
	RUN(lat_hist_merge_and_percentiles);
	RUN(log_good_forms);
	RUN(log_bad_lines);
	RUN(log_file_errors);
	return harness_main();
}
