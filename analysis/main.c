// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdq-report: figures of fio runs as SSD reviews print them.
 * usage: ssdq-report [--format text|csv|json] [--html FILE] [--svg-dir DIR]
 *                    [--series-csv DIR]
 *                    [--highlight NAME] RESULTS_DIR_OR_JSON...
 * Exit status: 0, 1 when some input could not be read or had errors (a
 * directory without .json files or ssdq events sidecars too; the report of
 * the rest still comes out), 2 for bad usage.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <malloc.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "chart.h"
#include "from_logs.h"
#include "grow.h"
#include "input_kind.h"
#include "report.h"
#include "ssdq_version.h"
#include "writers.h"

struct inputs {
	char **path;
	size_t n;
	size_t cap;
};

static int add_input(struct inputs *in, char *path)
{
	if (!path)
		return -ENOMEM;
	if (RPT_GROW(in->path, in->cap, in->n, 16)) {
		free(path);
		return -ENOMEM;
	}
	in->path[in->n++] = path;
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * A directory without *.json: say what it holds instead (fio's normal
 * output, fio logs, fio JSON under another name), and what to give.
 */
static void no_json(const char *arg)
{
	static const char *const what[] = {
		[RPT_INPUT_FIO_NORMAL] = "fio's normal (human-readable) output, which ssdq-report does not read, and no ssdq events sidecars to build the figures from: run the jobs again with --output-format=json+ --output=NAME.json",
		[RPT_INPUT_FIO_LOG] = "fio logs without the JSON output of their jobs or ssdq's events sidecars (<prefix>_events.<N>.jsonl, which the ssdq engine writes): ssdq-report finds a job's logs from one of them (--output-format=json+ --output=NAME.json)",
		[RPT_INPUT_FIO_JSON] = "what looks like fio JSON under another name: give the file by its name",
	};
	char names[RPT_INPUT_FIO_JSON + 1][256] = { { 0 } };
	unsigned int count[RPT_INPUT_FIO_JSON + 1] = { 0 }, seen = 0, k;
	struct dirent *de;
	DIR *dir = opendir(arg);

	while (dir && (de = readdir(dir)) && seen < 256) {
		char *p, version[64];
		struct stat st;

		if (de->d_name[0] == '.' || asprintf(&p, "%s/%s", arg, de->d_name) < 0)
			continue;
		if (!stat(p, &st) && S_ISREG(st.st_mode)) {
			k = rpt_input_sniff_file(p, version, sizeof(version));
			seen++;
			if (k == RPT_INPUT_FIO_NORMAL || k == RPT_INPUT_FIO_LOG || k == RPT_INPUT_FIO_JSON) {
				size_t used = strlen(names[k]);

				if (count[k]++ < 3)
					snprintf(names[k] + used, sizeof(names[k]) - used, "%s%s",
						 used ? ", " : "", de->d_name);
			}
		}
		free(p);
	}
	if (dir)
		closedir(dir);
	fprintf(stderr, "ssdq-report: %s: no .json files in the directory, nor ssdq events sidecars with a job_start\n",
		arg);
	for (k = 0; k <= RPT_INPUT_FIO_JSON; k++)
		if (count[k])
			fprintf(stderr, "ssdq-report: %s: it holds %s%s (%u): %s\n", arg,
				names[k], count[k] > 3 ? ", ..." : "", count[k], what[k]);
}

/*
 * The tests of @dir's events sidecars (from_logs.h) as inputs; @n: how many.
 * Return: 0 or -ENOMEM.
 */
static int add_logs(struct inputs *in, const char *dir, size_t *n)
{
	char **p = NULL;
	size_t i;
	int ret = rpt_logs_find(dir, &p, n);

	if (ret == -ENOMEM)
		return ret;
	for (i = 0; i < *n; i++)
		if (add_input(in, p[i])) {
			while (++i < *n)
				free(p[i]);
			free(p);
			return -ENOMEM;
		}
	free(p);
	return 0;
}

/*
 * fio's normal output given as a file: the tests of the events sidecars
 * beside it, when there are any. Return: 1 when so, 0, or -ENOMEM.
 */
static int normal_output(struct inputs *in, const char *arg)
{
	char version[64], *copy;
	size_t n = 0;
	int ret;

	if (rpt_input_sniff_file(arg, version, sizeof(version)) != RPT_INPUT_FIO_NORMAL)
		return 0;
	copy = strdup(arg);
	if (!copy)
		return -ENOMEM;
	ret = add_logs(in, dirname(copy), &n);
	if (!ret && n)
		fprintf(stderr, "ssdq-report: %s is fio's normal output, not JSON: the figures come from the ssdq events sidecars and fio's logs beside it (%zu test%s)\n",
			arg, n, n > 1 ? "s" : "");
	free(copy);
	return ret ? ret : n > 0;
}

/* A directory's *.json files in name order; a file as it is. @bad: none found. */
static int expand(struct inputs *in, const char *arg, bool *bad)
{
	struct dirent *de;
	struct stat st;
	size_t first = in->n;
	DIR *dir;
	int ret;

	if (stat(arg, &st)) {
		fprintf(stderr, "ssdq-report: %s: cannot read: %s\n", arg, strerror(errno));
		*bad = true;
		return 0;
	}
	if (!S_ISDIR(st.st_mode)) {
		ret = normal_output(in, arg);
		return ret < 0 ? ret : ret ? 0 : add_input(in, strdup(arg));
	}
	dir = opendir(arg);
	if (!dir)
		return add_input(in, strdup(arg));
	while ((de = readdir(dir))) {
		size_t len = strlen(de->d_name);
		char *p;

		if (len <= 5 || strcmp(de->d_name + len - 5, ".json") || de->d_name[0] == '.' ||
		    !strcmp(de->d_name, RPT_DEVICE_FILE))
			continue;
		if (asprintf(&p, "%.*s/%s", (int)(strlen(arg) - (arg[strlen(arg) - 1] == '/')),
			     arg, de->d_name) < 0 || add_input(in, p)) {
			closedir(dir);
			return -ENOMEM;
		}
	}
	closedir(dir);
	if (in->n == first) {
		size_t n = 0;

		if (add_logs(in, arg, &n))
			return -ENOMEM;
		if (n)
			fprintf(stderr, "ssdq-report: %s: no fio JSON: the figures come from ssdq's events sidecars and fio's logs (%zu test%s; see the report's \"source\"); for fio's JSON add --output-format=json+ --output=NAME.json to fio's command line\n",
				arg, n, n > 1 ? "s" : "");
		if (!n) {
			no_json(arg);
			*bad = true;
		}
	}
	if (in->n > first)
		qsort(in->path + first, in->n - first, sizeof(char *), by_name);
	return 0;
}

static void usage(FILE *f)
{
	fputs("usage: ssdq-report [OPTION]... RESULTS_DIR_OR_JSON...\n", f);
}

static void help(void)
{
	usage(stdout);
	fputs("The figures SSD reviews print, from fio runs (--output-format=json+) and ssdq's\n"
	      "sidecars. A results directory holds <test>.json files with their logs beside\n"
	      "them and device.json (the drive); several directories are several drives,\n"
	      "compared. A fio JSON file may be given on its own. A directory of a plain\n"
	      "fio run without JSON (its normal output) is read from the ssdq engine's\n"
	      "events sidecars, which carry fio's own figures, and the logs beside them.\n"
	      "\n"
	      "  -f, --format FORMAT   text (the default), csv or json, to standard output\n"
	      "  -H, --html FILE       also write one self-contained HTML page: with several\n"
	      "                        drives their comparison as the reviews print it (the\n"
	      "                        whole-drive fill first), then each drive's tests\n"
	      "      --svg-dir DIR     also write every chart of the page as an SVG file of its\n"
	      "                        own in DIR (made if missing): <scope>.<test>.<figure>.svg,\n"
	      "                        scope \"compare\", a drive's directory name or \"all\"\n"
	      "      --series-csv DIR  also write every time chart's series (MB/s, IOPS, latency,\n"
	      "                        W, °C over time) as a CSV file of its own in DIR (made if\n"
	      "                        missing): <scope>.<test>.<chart>.<series>.csv, columns\n"
	      "                        t_s, mean, min, max; a SNIA PTS ECW or DIRTH ladder as\n"
	      "                        <scope>.<test>.di.csv\n"
	      "      --highlight NAME  mark the drive under review in every comparison chart:\n"
	      "                        its name, its results directory, or that directory's name\n"
	      "  -v, --verbose         text: also the fill's MB/s per GB, each burst's MB/s and\n"
	      "                        the whole note on where a test's figures came from\n"
	      "  -h, --help            this text\n"
	      "      --version         ssdq's version\n"
	      "\n"
	      "Exit status: 0; 1 when an input could not be read or had errors (the report of\n"
	      "everything else still comes out) or an output could not be written; 2 for bad\n"
	      "usage. See ssdq-report(1) and docs/report.md.\n", stdout);
}

/* --svg-dir, --series-csv: the directory, made when missing. Return: 0 or -errno. */
static int svg_dir_ready(const char *dir)
{
	struct stat st;

	if (!mkdir(dir, 0777) || errno != EEXIST)
		return errno == EEXIST ? 0 : -errno;
	if (stat(dir, &st))
		return -errno;
	return S_ISDIR(st.st_mode) ? 0 : -ENOTDIR;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "html", required_argument, NULL, 'H' },
		{ "svg-dir", required_argument, NULL, 'S' },
		{ "highlight", required_argument, NULL, 'L' },
		{ "series-csv", required_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "verbose", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 },
	};
	const char *format = "text", *html = NULL, *svg_dir = NULL, *highlight = NULL;
	const char *series_dir = NULL;
	char err_path[4096] = "";
	struct rpt_html_opts ho = { .highlight = -1, .err_path = err_path,
				    .err_len = sizeof(err_path) };
	struct inputs in = { 0 };
	struct rpt_report r;
	bool verbose = false;
	int c, ret, status = 0;
	size_t i, k;

	/*
	 * The time charts' envelopes (32 kB each, envelope.h) come and go a
	 * job at a time: glibc would give the heap's top back at each job's
	 * end and fault it in again at the next (a fifth of a 50-drive
	 * comparison's time, BENCHMARKS.md). Up to 32 MB stay.
	 */
	mallopt(M_TRIM_THRESHOLD, 32 << 20);
	while ((c = getopt_long(argc, argv, "f:H:hv", opts, NULL)) != -1) {
		switch (c) {
		case 'f':
			format = optarg;
			break;
		case 'H':
			html = optarg;
			break;
		case 'S':
			svg_dir = optarg;
			break;
		case 'L':
			highlight = optarg;
			break;
		case 'C':
			series_dir = optarg;
			break;
		case 'h':
			help();
			return 0;
		case 'V':
			printf("ssdq-report (ssdq) %s\n", SSDQ_VERSION);
			return 0;
		case 'v':
			verbose = true;
			break;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (strcmp(format, "text") && strcmp(format, "csv") && strcmp(format, "json")) {
		fprintf(stderr, "ssdq-report: --format %s: give text, csv or json\n", format);
		usage(stderr);
		return 2;
	}
	if (svg_dir && !*svg_dir) {
		fprintf(stderr, "ssdq-report: --svg-dir: give a directory\n");
		return 2;
	}
	if (svg_dir && (ret = svg_dir_ready(svg_dir))) {
		fprintf(stderr, "ssdq-report: --svg-dir %s: %s\n", svg_dir, strerror(-ret));
		return 2;
	}
	if (series_dir && !*series_dir) {
		fprintf(stderr, "ssdq-report: --series-csv: give a directory\n");
		return 2;
	}
	if (series_dir && (ret = svg_dir_ready(series_dir))) {
		fprintf(stderr, "ssdq-report: --series-csv %s: %s\n", series_dir, strerror(-ret));
		return 2;
	}
	if (optind == argc) {
		usage(stderr);
		return 2;
	}
	for (; optind < argc; optind++) {
		bool bad = false;

		if (expand(&in, argv[optind], &bad)) {
			fprintf(stderr, "ssdq-report: out of memory\n");
			return 1;
		}
		if (bad)
			status = 1;
	}
	ret = rpt_report_load(in.path, in.n, &r);
	r.ssdq_version = SSDQ_VERSION;
	if (ret) {
		fprintf(stderr, "ssdq-report: out of memory\n");
		status = 1;
	}
	if (highlight) {
		ho.highlight = rpt_highlight_find(&r, highlight);
		if (ho.highlight < 0) {
			fprintf(stderr, "ssdq-report: --highlight %s: no drive of that name; the drives:",
				highlight);
			for (i = 0; i < r.nd; i++)
				fprintf(stderr, "%s \"%s\" (%s)", i ? "," : "", r.d[i].name, r.d[i].dir);
			fputc('\n', stderr);
			status = 2;
			goto out;
		}
		if (r.nd < 2)
			fprintf(stderr, "ssdq-report: --highlight %s: one drive, nothing to compare it with\n",
				highlight);
	}
	for (i = 0; i < r.nd; i++) {
		if (r.d[i].diag.nerrors)
			status = 1;
		for (k = 0; k < r.d[i].diag.n; k++)
			if (r.d[i].diag.level[k] == RPT_ERROR)
				fprintf(stderr, "ssdq-report: %s\n", r.d[i].diag.msg[k]);
	}
	for (i = 0; i < r.nt; i++) {
		if (r.t[i].diag.nerrors || r.t[i].killed)
			status = 1;
		if (r.t[i].partial)
			fprintf(stderr, "ssdq-report: %s: partial run: %s\n", r.t[i].path,
				r.t[i].partial);
		for (k = 0; k < r.t[i].diag.n; k++)
			if (r.t[i].diag.level[k] == RPT_ERROR)
				fprintf(stderr, "ssdq-report: %s\n", r.t[i].diag.msg[k]);
	}
	if (!strcmp(format, "csv"))
		ret = rpt_write_csv(stdout, &r);
	else if (!strcmp(format, "json"))
		ret = rpt_write_json(stdout, &r);
	else
		ret = rpt_write_text(stdout, &r, verbose);
	if (ret || fflush(stdout)) {
		fprintf(stderr, "ssdq-report: writing the report failed\n");
		status = 1;
	}
	if (html || svg_dir) {
		/* the charts of --svg-dir come from the page, which may go nowhere */
		FILE *f = fopen(html ? html : "/dev/null", "w");

		ho.svg_dir = svg_dir;
		ret = f ? rpt_write_html(f, &r, &ho) : -errno;
		if (f && fclose(f) && !ret)
			ret = -errno;
		if (ret && err_path[0]) {
			fprintf(stderr, "ssdq-report: --svg-dir: %s: %s\n", err_path, strerror(-ret));
			status = 1;
		} else if (ret) {
			fprintf(stderr, "ssdq-report: --html %s: %s\n", html ? html : "/dev/null",
				strerror(-ret));
			status = 1;
		}
	}
	if (series_dir && (ret = rpt_write_series_csv(series_dir, &r, err_path, sizeof(err_path)))) {
		fprintf(stderr, "ssdq-report: --series-csv: %s: %s\n", err_path, strerror(-ret));
		status = 1;
	}
out:
	rpt_report_free(&r);
	for (i = 0; i < in.n; i++)
		free(in.path[i]);
	free(in.path);
	return status;
}
