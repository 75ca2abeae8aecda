// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "db.h"

/*
 * The migrations: step K takes a library of schema K to K + 1; a new file
 * runs them all. A released step is never edited: a change is a new step
 * (and DB_SCHEMA_VERSION one more).
 */
static const char *const migrations[DB_SCHEMA_VERSION] = {
	/* 0 -> 1: runs, drives, tests, jobs, figures */
	"CREATE TABLE ssdq_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
	"INSERT INTO ssdq_meta VALUES ('format', 'ssdq-db'), ('created', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));"
	"CREATE TABLE catalogue (id INTEGER PRIMARY KEY, of TEXT NOT NULL, key TEXT NOT NULL,"
	" label TEXT NOT NULL, head TEXT NOT NULL, unit TEXT NOT NULL, digits INTEGER NOT NULL,"
	" better INTEGER NOT NULL, UNIQUE (of, key));"
	"CREATE TABLE marks (bit INTEGER PRIMARY KEY, key TEXT NOT NULL, sign TEXT NOT NULL);"
	"CREATE TABLE drives (id INTEGER PRIMARY KEY, ident TEXT NOT NULL UNIQUE, name TEXT NOT NULL,"
	" model TEXT, serial TEXT, preset TEXT, capacity_bytes REAL);"
	"CREATE TABLE runs (id INTEGER PRIMARY KEY, drive_id INTEGER NOT NULL REFERENCES drives(id),"
	" hash TEXT NOT NULL UNIQUE, dir TEXT NOT NULL, label TEXT, imported TEXT NOT NULL,"
	" date TEXT, firmware TEXT, scale REAL NOT NULL DEFAULT 1, ssdq_version TEXT,"
	" fio_version TEXT, kernel TEXT, host TEXT, report_version TEXT, device_json TEXT,"
	" files INTEGER NOT NULL, errors INTEGER NOT NULL DEFAULT 0);"
	"CREATE INDEX runs_drive ON runs (drive_id);"
	"CREATE TABLE tests (id INTEGER PRIMARY KEY,"
	" run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, name TEXT NOT NULL,"
	" file TEXT NOT NULL, source TEXT, partial TEXT, errors INTEGER NOT NULL DEFAULT 0,"
	" warnings INTEGER NOT NULL DEFAULT 0, UNIQUE (run_id, name));"
	"CREATE TABLE jobs (id INTEGER PRIMARY KEY,"
	" test_id INTEGER NOT NULL REFERENCES tests(id) ON DELETE CASCADE, idx INTEGER NOT NULL,"
	" name TEXT NOT NULL, rw TEXT, ddir TEXT, bs REAL, iodepth REAL, njobs INTEGER,"
	" stop TEXT, lat_kind TEXT, lat_samples INTEGER, partial INTEGER NOT NULL DEFAULT 0,"
	" fill INTEGER NOT NULL DEFAULT 0, fill_why TEXT, UNIQUE (test_id, idx));"
	"CREATE TABLE series (id INTEGER PRIMARY KEY,"
	" test_id INTEGER NOT NULL REFERENCES tests(id) ON DELETE CASCADE, kind TEXT NOT NULL,"
	" name TEXT NOT NULL, key TEXT, variant TEXT);"
	"CREATE TABLE pts_cells (id INTEGER PRIMARY KEY,"
	" run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, test TEXT NOT NULL,"
	" cell TEXT NOT NULL, steady INTEGER, conditions TEXT);"
	"CREATE TABLE figures (test_id INTEGER NOT NULL REFERENCES tests(id) ON DELETE CASCADE,"
	" job_id INTEGER REFERENCES jobs(id) ON DELETE CASCADE,"
	" series_id INTEGER REFERENCES series(id) ON DELETE CASCADE,"
	" cell_id INTEGER REFERENCES pts_cells(id) ON DELETE CASCADE,"
	" cat_id INTEGER NOT NULL REFERENCES catalogue(id), value REAL, why TEXT,"
	" marks INTEGER NOT NULL DEFAULT 0,"
	" CHECK ((value IS NULL) = (why IS NOT NULL)));"
	"CREATE INDEX figures_job ON figures (job_id);"
	"CREATE INDEX figures_test ON figures (test_id, cat_id);",

	/* 1 -> 2: the charts' series, and tests repeated within a run */
	"CREATE TABLE curves (job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,"
	" chart TEXT NOT NULL, name TEXT NOT NULL, x_unit TEXT NOT NULL, y_unit TEXT NOT NULL,"
	" n INTEGER NOT NULL, x BLOB NOT NULL, y BLOB NOT NULL);"
	"CREATE INDEX curves_job ON curves (job_id);"
	"ALTER TABLE tests ADD COLUMN repeat_of TEXT;"
	"ALTER TABLE tests ADD COLUMN repeat INTEGER;"
	"ALTER TABLE tests ADD COLUMN repeat_note TEXT;"
	"CREATE INDEX figures_cat ON figures (cat_id);",

	/* 2 -> 3: the SNIA PTS pages' own cells (host idle recovery's phases,
	 * cross-stimulus recovery's access groups, the demand-intensity
	 * ladders' points and their operating points), a replayed trace's file,
	 * the drive's own power measurement's source, where a job's joules came from */
	"ALTER TABLE pts_cells ADD COLUMN part TEXT NOT NULL DEFAULT 'window';"
	"CREATE TABLE pts_picks (cell_id INTEGER NOT NULL REFERENCES pts_cells(id) ON DELETE CASCADE,"
	" pick TEXT NOT NULL, ceiling_us REAL, UNIQUE (cell_id, pick));"
	"ALTER TABLE jobs ADD COLUMN trace TEXT;"
	"ALTER TABLE jobs ADD COLUMN trace_format TEXT;"
	"ALTER TABLE jobs ADD COLUMN drive_source TEXT;"
	"ALTER TABLE jobs ADD COLUMN drive_accuracy_pct INTEGER;"
	"ALTER TABLE jobs ADD COLUMN drive_within TEXT;"
	"ALTER TABLE jobs ADD COLUMN energy_from TEXT;"
	"CREATE INDEX figures_cell ON figures (cell_id);",
};

static int pragma_int(struct db *db, const char *sql, int *v)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(db->sql, sql, -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, true, "cannot read it");
	rc = sqlite3_step(st);
	*v = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
	sqlite3_finalize(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : db_fail(db, true, "cannot read it");
}

/* The file's application_id, tables and user_version. Return: 0 or as db_fail(). */
static int file_kind(struct db *db, int *app, int *tables, int *version)
{
	static const char sql[] = "SELECT (SELECT application_id FROM pragma_application_id),"
		" (SELECT count(*) FROM sqlite_master), (SELECT user_version FROM pragma_user_version)";
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(db->sql, sql, -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, true, "cannot read it");
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*app = sqlite3_column_int(st, 0);
		*tables = sqlite3_column_int(st, 1);
		*version = sqlite3_column_int(st, 2);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : db_fail(db, true, "cannot read it");
}

int db_schema_version(struct db *db)
{
	int v, ret = pragma_int(db, "PRAGMA user_version", &v);

	return ret ? ret : v;
}

static int migrate(struct db *db, int from)
{
	char sql[64];
	int ret, v;

	if ((ret = db_exec(db, "BEGIN IMMEDIATE")))
		return ret;
	/* another import may have migrated it while this one waited */
	if ((ret = pragma_int(db, "PRAGMA user_version", &v)) || v != from)
		goto out;
	if (!from)
		snprintf(sql, sizeof(sql), "PRAGMA application_id = %d", DB_APP_ID);
	if ((!from && (ret = db_exec(db, sql))) || (ret = db_exec(db, migrations[from])))
		goto out;
	snprintf(sql, sizeof(sql), "PRAGMA user_version = %d", from + 1);
	if ((ret = db_exec(db, sql)))
		goto out;
	return db_exec(db, "COMMIT");
out:
	sqlite3_exec(db->sql, "ROLLBACK", NULL, NULL, NULL);
	return ret;
}

/*
 * The WAL journal. Changing the journal mode does not wait in SQLite's busy
 * handler: while another import makes a new file, it is tried again here,
 * up to DB_BUSY_MS. Return: 0 or as db_fail().
 */
static int wal(struct db *db)
{
	const struct timespec pause = { 0, 10 * 1000 * 1000 };
	int waited = 0, rc;

	while ((rc = sqlite3_exec(db->sql, "PRAGMA journal_mode = WAL", NULL, NULL, NULL)) == SQLITE_BUSY &&
	       waited < DB_BUSY_MS) {
		nanosleep(&pause, NULL);
		waited += 10;
	}
	return rc == SQLITE_OK ? 0 : db_fail(db, true, "PRAGMA journal_mode = WAL");
}

int db_schema_ready(struct db *db, bool create)
{
	int app = 0, version = 0, tables = 0, ret;

	/* one statement, one snapshot: an import making the file at the same time
	 * is seen before its first step or after it */
	if ((ret = file_kind(db, &app, &tables, &version))) {
		if (ret == -EPROTO)
			db_fail(db, false, "not an ssdq library: not an SQLite database (or its header is damaged)");
		return ret;
	}
	if (app != DB_APP_ID && (app || tables)) {
		db_fail(db, false, "not an ssdq library: an SQLite database of another program (application_id %#x, %d tables)",
			(unsigned int)app, tables);
		return -EPROTO;
	}
	if (!app && !create) {
		db_fail(db, false, "an empty file, no library (ssdq-db import DIR makes one)");
		return -ENOENT;
	}
	if (version > DB_SCHEMA_VERSION) {
		db_fail(db, false, "a library of schema %d, newer than this ssdq-db's %d: use the ssdq-db that wrote it, or a newer one",
			version, DB_SCHEMA_VERSION);
		return -EPROTONOSUPPORT;
	}
	if ((ret = wal(db)) ||
	    (ret = db_exec(db, "PRAGMA synchronous = FULL")) ||
	    (ret = db_exec(db, "PRAGMA foreign_keys = ON")))
		return ret;
	for (; version < DB_SCHEMA_VERSION; version++)
		if ((ret = migrate(db, version)))
			return ret;
	return 0;
}
