// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdq-db: the results library (docs/db.md, ssdq-db(1)).
 * usage: ssdq-db [--db FILE] COMMAND [OPTION]... [ARG]...
 * Exit status: 0; 1 an input or the library could not be read or written
 * (the rest of the inputs still imported); 2 bad usage; 3 compare found a
 * regression, cv a variation above the bound.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "report.h"
#include "ssdq_version.h"

struct args {
	const char *db, *label, *format, *drive, *baseline, *test;
	double threshold, cv_max;
	long min_runs;
};

static void usage(FILE *f)
{
	fputs("usage: ssdq-db [--db FILE] import [--label TEXT] RESULTS_DIR...\n"
	      "       ssdq-db [--db FILE] list [--drive D]\n"
	      "       ssdq-db [--db FILE] show D\n"
	      "       ssdq-db [--db FILE] compare D --baseline D [--threshold PCT]\n"
	      "       ssdq-db [--db FILE] export [--format csv|json] [--drive D] [--test NAME]\n"
	      "       ssdq-db [--db FILE] html OUT.html [--drive D] [--baseline D] [--threshold PCT]\n"
	      "       ssdq-db [--db FILE] check\n"
	      "       ssdq-db cv [--max PCT] [--min N] TEST-1.json TEST-2.json...\n", f);
}

static void help(void)
{
	usage(stdout);
	fputs("\nThe results library: every run imported into one SQLite file, its figures\n"
	      "computed as ssdq-report computes them, each drive held against every drive\n"
	      "tested before it.\n"
	      "\n"
	      "  import DIR...      import results directories, each one run (the same\n"
	      "                     directory twice is one run: a hash of its inputs)\n"
	      "  list               the drives and their runs\n"
	      "  show D             a drive's (or run's) figures: mean ± 95 % CI over its runs\n"
	      "  compare D          D against --baseline: each figure's change and verdict\n"
	      "  export             every figure, one a row, CSV or JSON, to standard output\n"
	      "  html OUT.html      the landscape (performance against power per test, one\n"
	      "                     point per drive), and with --drive its rank per figure,\n"
	      "                     its comparison with --baseline, its repeated runs\n"
	      "  check              PRAGMA integrity_check of the library\n"
	      "  cv FILE...         the runs of one test (fio JSON): exit 0 when every job's\n"
	      "                     MB/s and IOPS vary by at most --max % (CV) over --min runs\n"
	      "\n"
	      "  D: a drive's id, name, model, serial or preset; run:ID or run:HASH for one run\n"
	      "      --db FILE       the library (else $SSDQ_DB, else\n"
	      "                      $XDG_DATA_HOME/ssdq/library.sqlite, else\n"
	      "                      ~/.local/share/ssdq/library.sqlite); made by import\n"
	      "      --label TEXT    import: a note kept with the run (\"firmware 2.1\")\n"
	      "      --baseline D    the drive or run compared against\n"
	      "      --threshold PCT the least change that counts as one (default 5)\n"
	      "  -f, --format F      export: csv (default) or json\n"
	      "      --drive D       the drive under review (html), or whose figures (export)\n"
	      "      --test NAME     export: one test\n"
	      "      --max PCT       cv: the bound (default 5); --min N: runs at least (3)\n"
	      "  -h, --help          this text\n"
	      "      --version       ssdq's version\n"
	      "\n"
	      "Exit status: 0; 1 an input or the library could not be read or written; 2 bad\n"
	      "usage; 3 compare found a regression, or cv a variation above the bound.\n"
	      "See ssdq-db(1) and docs/db.md.\n", stdout);
}

static int import(struct db *db, const struct args *a, char **dirs, int n)
{
	int i, status = 0;

	for (i = 0; i < n; i++) {
		struct db_import_result res;
		int ret = db_import_dir(db, dirs[i], a->label, &res);

		if (ret) {
			fprintf(stderr, "ssdq-db: %s\n", db->err);
			status = 1;
			if (ret == -EPROTO || ret == -EIO || ret == -EBUSY)
				break;	/* the library itself failed */
			continue;
		}
		if (res.existed)
			printf("%s: in the library already as run %lld (inputs %s)\n", dirs[i],
			       res.run_id, res.hash);
		else
			printf("%s: run %lld of %s: %zu tests, %zu figures%s\n", dirs[i], res.run_id,
			       res.drive, res.tests, res.figures,
			       res.errors ? " (the report found errors: kept with the run)" : "");
	}
	return status;
}

/* ssdq-db cv: every job's MB/s and IOPS over the files' runs against the bound */
static int cv(const struct args *a, char **files, int n)
{
	struct rpt_test *t = calloc((size_t)n, sizeof(*t));
	double *v = calloc((size_t)n, sizeof(*v));
	static const char *const fig[] = { "mbps", "iops" };
	int i, status = 0;
	size_t j, k, m;

	if (!t || !v) {
		free(t);
		free(v);
		return 1;
	}
	for (i = 0; i < n; i++)
		if (rpt_test_load(files[i], &t[i]) || t[i].diag.nerrors) {
			fprintf(stderr, "ssdq-db: cv: %s: cannot read its figures%s%s\n", files[i],
				t[i].diag.n ? ": " : "", t[i].diag.n ? t[i].diag.msg[0] : "");
			status = 1;
		}
	for (j = 0; !status && j < t[0].njobs; j++)
		for (k = 0; k < 2; k++) {
			struct db_stat st;

			for (i = 0, m = 0; i < n; i++) {
				const struct rpt_fig *f;

				if (j >= t[i].njobs)
					continue;
				f = k ? &t[i].jobs[j].iops : &t[i].jobs[j].mbps;
				if (f->ok && isfinite(f->v))
					v[m++] = f->v;
			}
			db_stat_of(v, m, &st);
			if (m < 2 || !isfinite(st.cv)) {
				if (n >= a->min_runs && m < 2)
					continue;
				status = status ? status : 3;
				continue;
			}
			printf("cv: %s %s %.2f %% over %zu runs (mean %.6g ± %.3g)\n", t[0].jobs[j].name,
			       fig[k], st.cv, m, st.mean, st.ci95);
			if (st.cv > a->cv_max || (long)m < a->min_runs)
				status = status ? status : 3;
		}
	for (i = 0; i < n; i++)
		rpt_test_free(&t[i]);
	free(t);
	free(v);
	if (n < a->min_runs && status != 1)
		status = 3;
	return status;
}

/* A drive or run spec: Return 0 with @drive (and @run) set, else 1 (said). */
static int resolve(struct db *db, const char *spec, long long *drive, long long *run)
{
	long long id = db_find_drive(db, spec, run);

	if (id < 0) {
		fprintf(stderr, "ssdq-db: %s\n", db->err);
		return 1;
	}
	*drive = id;
	return 0;
}

static int command(struct db *db, const char *cmd, const struct args *a, char **rest, int n)
{
	struct db_page_opts o = { .threshold_pct = a->threshold };
	struct db_filter f = { 0 };
	int ret = 0;

	if (!strcmp(cmd, "import"))
		return import(db, a, rest, n);
	if (!strcmp(cmd, "check")) {
		ret = db_check(db, stdout);
		return ret < 0 ? 1 : ret;
	}
	if ((a->drive && resolve(db, a->drive, &o.drive, &o.run)) ||
	    (a->baseline && resolve(db, a->baseline, &o.base, &o.base_run)))
		return 1;
	if (!strcmp(cmd, "list"))
		ret = db_write_list(stdout, db, o.drive);
	else if (!strcmp(cmd, "show")) {
		if (resolve(db, rest[0], &o.drive, &o.run))
			return 1;
		ret = db_write_show(stdout, db, o.drive, o.run);
	} else if (!strcmp(cmd, "compare")) {
		if (resolve(db, rest[0], &o.drive, &o.run))
			return 1;
		ret = db_write_compare(stdout, db, &o);
		if (ret == 1)
			return 3;
	} else if (!strcmp(cmd, "export")) {
		f.drive = o.drive;
		f.run = o.run;
		f.test = a->test;
		ret = db_write_export(stdout, db, &f, !strcmp(a->format, "json"));
	} else if (!strcmp(cmd, "html")) {
		FILE *out = fopen(rest[0], "w");

		if (!out) {
			fprintf(stderr, "ssdq-db: html %s: %s\n", rest[0], strerror(errno));
			return 1;
		}
		ret = db_write_html(out, db, &o);
		if (fclose(out) && !ret)
			ret = -errno;
		if (ret)
			fprintf(stderr, "ssdq-db: html %s: %s\n", rest[0],
				ret == -EIO && db->err[0] ? db->err : strerror(-ret));
		return ret ? 1 : 0;
	}
	if (ret < 0) {
		fprintf(stderr, "ssdq-db: %s: %s\n", cmd, db->err[0] ? db->err : strerror(-ret));
		return 1;
	}
	return 0;
}

/* How many arguments each command takes after its options: [min, max] (-1: any) */
static int arity(const char *cmd, int *max)
{
	static const struct { const char *name; int min, max; } c[] = {
		{ "import", 1, -1 }, { "list", 0, 0 }, { "show", 1, 1 }, { "compare", 1, 1 },
		{ "export", 0, 0 }, { "html", 1, 1 }, { "check", 0, 0 }, { "cv", 1, -1 },
	};
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		if (!strcmp(c[i].name, cmd)) {
			*max = c[i].max;
			return c[i].min;
		}
	return -1;
}

static int number(const char *opt, const char *s, double lo, double hi, double *v)
{
	char *end;

	*v = strtod(s, &end);
	if (*end || end == s || !(*v >= lo && *v <= hi)) {
		fprintf(stderr, "ssdq-db: %s %s: give a number from %g to %g\n", opt, s, lo, hi);
		return 2;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'D' },
		{ "label", required_argument, NULL, 'l' },
		{ "format", required_argument, NULL, 'f' },
		{ "drive", required_argument, NULL, 'd' },
		{ "baseline", required_argument, NULL, 'b' },
		{ "threshold", required_argument, NULL, 't' },
		{ "test", required_argument, NULL, 'T' },
		{ "max", required_argument, NULL, 'm' },
		{ "min", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct args a = { .format = "csv", .threshold = 5, .cv_max = 5, .min_runs = 3 };
	char path[4096];
	const char *cmd;
	struct db db;
	double v;
	int c, ret, min, max, n;

	while ((c = getopt_long(argc, argv, "f:h", opts, NULL)) != -1) {
		switch (c) {
		case 'D': a.db = optarg; break;
		case 'l': a.label = optarg; break;
		case 'f': a.format = optarg; break;
		case 'd': a.drive = optarg; break;
		case 'b': a.baseline = optarg; break;
		case 'T': a.test = optarg; break;
		case 't':
			if (number("--threshold", optarg, 0, 1000, &a.threshold))
				return 2;
			break;
		case 'm':
			if (number("--max", optarg, 0, 1000, &a.cv_max))
				return 2;
			break;
		case 'n':
			if (number("--min", optarg, 2, 1000, &v))
				return 2;
			a.min_runs = (long)v;
			break;
		case 'h': help(); return 0;
		case 'V': printf("ssdq-db (ssdq) %s\n", SSDQ_VERSION); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind == argc) {
		usage(stderr);
		return 2;
	}
	cmd = argv[optind++];
	n = argc - optind;
	min = arity(cmd, &max);
	if (min < 0) {
		fprintf(stderr, "ssdq-db: %s: no such command\n", cmd);
		usage(stderr);
		return 2;
	}
	if (n < min || (max >= 0 && n > max)) {
		fprintf(stderr, "ssdq-db: %s: %s\n", cmd, n < min ? "too few arguments" : "too many arguments");
		usage(stderr);
		return 2;
	}
	if (strcmp(a.format, "csv") && strcmp(a.format, "json")) {
		fprintf(stderr, "ssdq-db: --format %s: give csv or json\n", a.format);
		return 2;
	}
	if (a.baseline && strcmp(cmd, "compare") && strcmp(cmd, "html")) {
		fprintf(stderr, "ssdq-db: --baseline: for compare and html only\n");
		return 2;
	}
	if (!strcmp(cmd, "compare") && !a.baseline) {
		fprintf(stderr, "ssdq-db: compare: give --baseline D\n");
		return 2;
	}
	if (a.baseline && !strcmp(cmd, "html") && !a.drive) {
		fprintf(stderr, "ssdq-db: html --baseline: give the drive under review too (--drive)\n");
		return 2;
	}
	if (!strcmp(cmd, "cv"))
		return cv(&a, argv + optind, n);
	if ((ret = db_default_path(path, sizeof(path), a.db))) {
		fprintf(stderr, "ssdq-db: no library: give --db FILE or set SSDQ_DB (%s)\n", strerror(-ret));
		return 2;
	}
	ret = db_open(&db, path, !strcmp(cmd, "import"));
	db.tool_version = SSDQ_VERSION;
	if (ret) {
		fprintf(stderr, "ssdq-db: %s\n", db.err);
		db_close(&db);
		return 1;
	}
	ret = command(&db, cmd, &a, argv + optind, n);
	db_close(&db);
	return ret;
}
