/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_DB_H
#define SSDQ_DB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <sqlite3.h>

/*
 * The results library (ssdq-db, docs/db.md): every run imported into one
 * SQLite file, the layer above analysis/write. A run is a results directory
 * read by the same layers as ssdq-report (read, compute and the figure
 * catalogue), so every figure in the library is the one ssdq-report prints,
 * with its marks and null reasons.
 *
 * Tables (schema version DB_SCHEMA_VERSION, db_schema.c): ssdq_meta
 * (format, created), catalogue (the figure catalogue's rows), marks,
 * drives (identity from device.json), runs (one per results directory's
 * content hash), tests, jobs (with a replay's trace and the drive's own
 * power measurement's source), series (queue-depth and block-size series),
 * pts_cells (SNIA PTS cells, by part: a steady-state window's, a host idle
 * recovery phase, a cross-stimulus recovery access group, a
 * demand-intensity ladder's point), pts_picks (a ladder's operating
 * points), figures (one per catalogue figure: value or NULL with its
 * reason, marks) and curves (the chart series: a fill's MB/s per GB, a
 * latency distribution, the time charts' means).
 *
 * The file: WAL journal, a busy timeout (DB_BUSY_MS) so imports at once
 * wait for each other, PRAGMA application_id DB_APP_ID, user_version the
 * schema version. A file that is not SQLite, an SQLite file of another
 * program, a library of a newer schema and a damaged file are refused by
 * name (db_open()).
 */
#define DB_SCHEMA_VERSION	3
#define DB_APP_ID		0x53534451	/* "SSDQ" */
#define DB_BUSY_MS		60000
#define DB_ERR_LEN		1024

struct db {
	sqlite3 *sql;
	char *path;
	const char *tool_version;	/* ssdq's, recorded with each run (set by
					 * the caller), or NULL */
	char err[DB_ERR_LEN];	/* the last failure, naming the file */
};

/**
 * db_default_path() - The library's file: @opt (--db), else $SSDQ_DB, else
 * $XDG_DATA_HOME/ssdq/library.sqlite, else ~/.local/share/ssdq/library.sqlite.
 * @buf: destination
 * @len: its size
 * @opt: --db's value or NULL
 *
 * Return: 0, or -ENAMETOOLONG, -ENOENT (no HOME for the last).
 */
int db_default_path(char *buf, size_t len, const char *opt);

/**
 * db_open() - Open the library @path, made (with its directory) when
 * @create and missing, its schema made or migrated to DB_SCHEMA_VERSION.
 * @db: the handle; close with db_close(), also after a failure
 * @path: the file
 * @create: make it when missing (import); else a missing file is -ENOENT
 *
 * Return: 0, or -errno with db->err saying why: -ENOENT no library,
 * -EPROTO not an ssdq library (not SQLite, or another program's),
 * -EPROTONOSUPPORT of a newer schema, -EIO damaged or unreadable.
 */
int db_open(struct db *db, const char *path, bool create);

/**
 * db_close() - Close @db; NULL-safe and safe after a failed db_open().
 * @db: the handle
 */
void db_close(struct db *db);

/**
 * db_fail() - Set db->err to "PATH: " and a printf-formatted message, with
 * SQLite's own message of the last call appended when @sqlite.
 * @db: the handle
 * @sqlite: append sqlite3_errmsg()
 * @fmt: printf format
 *
 * Return: -EIO, or -EBUSY when SQLite's last error was SQLITE_BUSY, or
 * -EPROTO for SQLITE_NOTADB, for the caller to return.
 */
int db_fail(struct db *db, bool sqlite, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/**
 * db_exec() - Run SQL without results.
 * @db: the handle
 * @sql: one or more statements
 *
 * Return: 0 or as db_fail().
 */
int db_exec(struct db *db, const char *sql);

/**
 * db_schema_ready() - Make the schema of an empty file, migrate an older
 * one (each step in its own transaction), refuse a newer one or a file of
 * another program. Called by db_open().
 * @db: the open handle
 * @create: whether an empty file may be made a library
 *
 * Return: 0 or as db_open().
 */
int db_schema_ready(struct db *db, bool create);

/**
 * db_schema_version() - The schema version of the open file (user_version).
 * @db: the handle
 *
 * Return: the version, or -EIO.
 */
int db_schema_version(struct db *db);

/**
 * db_check() - PRAGMA integrity_check and foreign_key_check.
 * @db: the handle
 * @out: where to print what they found ("ok" when nothing)
 *
 * Return: 0 when both found nothing, 1 when they found something, or -EIO.
 */
int db_check(struct db *db, FILE *out);

/* ---- import (db_import.c, db_hash.c) ---- */

/* The content hash of a results directory: 32 hex digits. */
#define DB_HASH_LEN	33

/**
 * db_dir_hash() - Hash a results directory's inputs: the names, sizes and
 * bytes of its files that ssdq-report reads (*.json, *.jsonl, *.log at its
 * top, device.json among them; not ssdq-run's own ssdq-run.*), in name order. The same run is the same
 * hash wherever it lies; any change to an input is another. An identity,
 * not a signature: 128 bits of a fast non-cryptographic hash.
 * @dir: the directory
 * @hex: the hash, DB_HASH_LEN bytes
 * @files: on return, the number of files hashed
 *
 * Return: 0 or -errno (the directory or a file could not be read).
 */
int db_dir_hash(const char *dir, char hex[DB_HASH_LEN], size_t *files);

/* What one import did */
struct db_import_result {
	long long run_id;
	bool existed;		/* the same inputs were imported before */
	size_t tests;
	size_t figures;
	size_t errors;		/* the report's errors of the run (kept) */
	char hash[DB_HASH_LEN];
	char drive[256];
};

/**
 * db_import_dir() - Import the results directory @dir as one run, in one
 * transaction: the run whole or nothing (a kill leaves the library as it
 * was). A directory whose content hash is in the library already is that
 * run (@res->existed), not another. The figures are computed by
 * rpt_report_load(), as ssdq-report computes them.
 * @db: the open library
 * @dir: the results directory
 * @label: the run's label (ssdq-run's --db-label, a firmware note), or NULL
 * @res: what it did
 *
 * Return: 0, -ENOENT (no directory or no test in it), -ENOMEM, or as
 * db_fail(); db->err names the directory or the library.
 */
int db_import_dir(struct db *db, const char *dir, const char *label,
		  struct db_import_result *res);

/* ---- statistics over repeated runs (db_stats.c) ---- */

/*
 * One figure over n runs: mean, sample standard deviation, the 95 %
 * confidence interval's half-width of the mean (Student's t, n - 1 degrees
 * of freedom) and the coefficient of variation (sd / mean, %). With one
 * run sd, ci95 and cv are NAN; with none the mean is NAN too.
 */
struct db_stat {
	size_t n;		/* runs with a value */
	size_t nulls;		/* runs where it was null */
	double mean, sd, ci95, cv;
	double min, max;
	unsigned int marks;	/* RPT_MARK_* of any of its values */
};

/**
 * db_stat_of() - The statistics of @n values.
 * @v: the values (finite)
 * @n: their number
 * @s: the result (n, mean, sd, ci95, cv, min, max; nulls and marks 0)
 */
void db_stat_of(const double *v, size_t n, struct db_stat *s);

/**
 * db_t975() - Student's t for a two-sided 95 % interval.
 * @df: degrees of freedom (>= 1)
 *
 * Return: the quantile (12.706 for 1, 1.960 as @df grows).
 */
double db_t975(size_t df);

/* How a figure compares with the baseline's (db_verdict()) */
enum db_verdict { DB_SAME, DB_NOISE, DB_BETTER, DB_WORSE, DB_NA };

/**
 * db_verdict() - Compare @cur with @base for a figure whose better way is
 * @better (1 higher, -1 lower, 0 neither). A change is a regression
 * (DB_WORSE) or an improvement (DB_BETTER) when it is more than
 * @threshold_pct of the baseline's mean and, where both sides have
 * repeated runs, more than the two 95 % intervals' half-widths added
 * (beyond the runs' noise: else DB_NOISE); DB_SAME within the threshold.
 * @cur: this drive's or run's
 * @base: the baseline's
 * @better: the catalogue's direction
 * @threshold_pct: the least change that counts, in % (5 by default)
 * @delta_pct: on return, (cur - base) / |base| in %, NAN when not known
 *
 * Return: the verdict; DB_NA when a side has no value or the figure no
 * direction.
 */
enum db_verdict db_verdict(const struct db_stat *cur, const struct db_stat *base, int better,
			   double threshold_pct, double *delta_pct);

/**
 * db_verdict_name() - "same", "noise", "better", "REGRESSION", "n/a".
 * @v: the verdict
 *
 * Return: a static string.
 */
const char *db_verdict_name(enum db_verdict v);

/* ---- queries (db_query.c) ---- */

struct db_drive {
	long long id;
	char *name;		/* its name on pages: the model, with the serial
				 * (or preset) where two drives share a model */
	char *model, *serial, *preset;
	size_t runs;
	char *last;		/* its last run's date (or import time) */
};

struct db_run {
	long long id, drive;
	char *drive_name;
	char *dir, *hash, *label, *date, *imported, *firmware, *ssdq_version;
	size_t tests, errors;
};

/*
 * One figure of one drive's job (a test's job, by test and job name and
 * direction; a test repeated in a run counts under its own name) over the
 * runs selected: the figure's catalogue row, its statistics, and the first
 * null reason where it was null.
 */
struct db_cell {
	long long drive;
	char *test, *job, *ddir, *rw;
	const struct rpt_cat *cat;
	struct db_stat st;
	char *why;
};

struct db_cells {
	struct db_cell *c;
	size_t n, cap;
};

/* What db_cells_get() selects: 0 / NULL for every one */
struct db_filter {
	long long drive;	/* one drive's runs */
	long long run;		/* one run */
	const char *test;	/* one test (of a PTS cell: its PTS test, "dirth") */
	const char *const *keys;	/* job figures by catalogue key ("mbps"), with
					 * "fill:" or "burst:" before a key of those
					 * sections */
	size_t nkeys;
};

struct rpt_cat;

/**
 * db_drives() - Every drive of the library, by name.
 * @db: the library
 * @d: on return the drives; free with db_drives_free()
 * @n: their number
 *
 * Return: 0, -ENOMEM or as db_fail().
 */
int db_drives(struct db *db, struct db_drive **d, size_t *n);
void db_drives_free(struct db_drive *d, size_t n);

/**
 * db_runs() - The runs of the library, or of one drive, oldest first.
 * @db: the library
 * @drive: a drive's id, or 0 for all
 * @r: on return the runs; free with db_runs_free()
 * @n: their number
 *
 * Return: 0, -ENOMEM or as db_fail().
 */
int db_runs(struct db *db, long long drive, struct db_run **r, size_t *n);
void db_runs_free(struct db_run *r, size_t n);

/**
 * db_find_drive() - The drive @spec names: its id ("3"), its name, model,
 * serial or preset, or a run's id or hash ("run:12", "run:3fa2"); when
 * @run is given, a run spec sets it.
 * @db: the library
 * @spec: the name
 * @run: on return the run a run spec named, else 0 (may be NULL)
 *
 * Return: the drive's id, or -ENOENT (db->err lists the drives), -EINVAL
 * (several match), or as db_fail().
 */
long long db_find_drive(struct db *db, const char *spec, long long *run);

/**
 * db_cells_get() - The job and SNIA PTS cell figures of the filter's runs,
 * one cell per drive, test, job and figure, with their statistics over the
 * runs. A PTS cell is a job of test "TEST" (its steady-state window) or
 * "TEST PART" ("hir phase", "xsr group", "dirth point"); a ladder's
 * operating point is job PICK ("optimal") of "TEST pick".
 * @db: the library
 * @f: what to select
 * @out: appended to; free with db_cells_free()
 *
 * Return: 0, -ENOMEM or as db_fail().
 */
int db_cells_get(struct db *db, const struct db_filter *f, struct db_cells *out);
void db_cells_free(struct db_cells *c);

/**
 * db_filter_prepare() - Prepare @sql and bind the filter's drive (?1), run
 * (?2), test (?3) and keys (?4 on) to it.
 * @db: the library
 * @sql: a statement using them
 * @f: the filter
 * @st: the statement; finalize it
 *
 * Return: 0 or as db_fail().
 */
int db_filter_prepare(struct db *db, const char *sql, const struct db_filter *f,
		      sqlite3_stmt **st);

/**
 * db_cell_find() - The cell of @drive, @test, @job, @ddir and @cat in @c.
 *
 * Return: the cell or NULL.
 */
const struct db_cell *db_cell_find(const struct db_cells *c, long long drive, const char *test,
				   const char *job, const char *ddir, const struct rpt_cat *cat);

/* ---- output (db_export.c, db_pages.c) ---- */

/* What a page and the comparison show */
struct db_page_opts {
	long long drive;	/* the drive under review (highlighted), 0: none */
	long long run;		/* its run, 0: all its runs */
	long long base;		/* the baseline drive, 0: none */
	long long base_run;	/* the baseline's run, 0: all its runs */
	double threshold_pct;	/* db_verdict()'s */
};

/**
 * db_write_list() - The drives and their runs as a table.
 * Return: 0 or -errno.
 */
int db_write_list(FILE *out, struct db *db, long long drive);

/**
 * db_write_show() - One run's (or a drive's runs') tests and job figures,
 * as text: mean ± 95 % CI and CV where a figure has repeated runs.
 * Return: 0 or -errno.
 */
int db_write_show(FILE *out, struct db *db, long long drive, long long run);

/**
 * db_write_compare() - The figures of o->drive against o->base, each with
 * its change and verdict (db_verdict()), as text.
 * Return: 0, 1 when a figure regressed, or -errno.
 */
int db_write_compare(FILE *out, struct db *db, const struct db_page_opts *o);

/**
 * db_write_export() - Every figure of the filter's runs, one per row, as
 * CSV (@json false) or a JSON document.
 * Return: 0 or -errno.
 */
int db_write_export(FILE *out, struct db *db, const struct db_filter *f, bool json);

/**
 * db_write_html() - The library's page: the landscape (each test's
 * performance against its power, one point per drive, o->drive
 * highlighted), o->drive's fill curves with o->base's, its rank among the
 * drives per figure, its comparison with o->base, its repeated runs as
 * mean ± 95 % CI and CV.
 * Return: 0 or -errno.
 */
int db_write_html(FILE *out, struct db *db, const struct db_page_opts *o);

#endif
