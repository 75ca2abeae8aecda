// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "db.h"

int db_fail(struct db *db, bool sqlite, const char *fmt, ...)
{
	int code = db->sql ? sqlite3_errcode(db->sql) : SQLITE_ERROR;
	size_t used;
	va_list ap;

	used = (size_t)snprintf(db->err, sizeof(db->err), "%s: ", db->path ? db->path : "library");
	if (used >= sizeof(db->err))
		return -EIO;
	va_start(ap, fmt);
	vsnprintf(db->err + used, sizeof(db->err) - used, fmt, ap);
	va_end(ap);
	used = strlen(db->err);
	if (sqlite && db->sql && used < sizeof(db->err))
		snprintf(db->err + used, sizeof(db->err) - used, ": %s", sqlite3_errmsg(db->sql));
	if (!sqlite)
		return -EIO;
	if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
		return -EBUSY;
	return code == SQLITE_NOTADB ? -EPROTO : -EIO;
}

int db_exec(struct db *db, const char *sql)
{
	if (sqlite3_exec(db->sql, sql, NULL, NULL, NULL) != SQLITE_OK)
		return db_fail(db, true, "%.60s", sql);
	return 0;
}

int db_default_path(char *buf, size_t len, const char *opt)
{
	const char *env = getenv("SSDQ_DB"), *xdg = getenv("XDG_DATA_HOME");
	const char *home = getenv("HOME");
	int n;

	if (opt && *opt)
		n = snprintf(buf, len, "%s", opt);
	else if (env && *env)
		n = snprintf(buf, len, "%s", env);
	else if (xdg && *xdg == '/')
		n = snprintf(buf, len, "%s/ssdq/library.sqlite", xdg);
	else if (home && *home)
		n = snprintf(buf, len, "%s/.local/share/ssdq/library.sqlite", home);
	else
		return -ENOENT;
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* mkdir -p of @path's directory. Return: 0 or -errno. */
static int make_parent(const char *path)
{
	char dir[PATH_MAX], *p;

	if (snprintf(dir, sizeof(dir), "%s", path) >= (int)sizeof(dir))
		return -ENAMETOOLONG;
	p = strrchr(dir, '/');
	if (!p || p == dir)
		return 0;
	*p = '\0';
	for (p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0777) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	return mkdir(dir, 0777) && errno != EEXIST ? -errno : 0;
}

int db_open(struct db *db, const char *path, bool create)
{
	int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
	struct stat st;
	int ret;

	memset(db, 0, sizeof(*db));
	db->path = strdup(path);
	if (!db->path)
		return -ENOMEM;
	if (stat(path, &st)) {
		if (errno != ENOENT || !create) {
			ret = -errno;
			db_fail(db, false, "%s%s", strerror(errno),
				errno == ENOENT ? " (no library: ssdq-db import DIR makes one)" : "");
			return ret;
		}
		if ((ret = make_parent(path))) {
			db_fail(db, false, "cannot make its directory: %s", strerror(-ret));
			return ret;
		}
	} else if (!S_ISREG(st.st_mode)) {
		db_fail(db, false, "not a regular file");
		return -EPROTO;
	}
	if (sqlite3_open_v2(path, &db->sql, flags, NULL) != SQLITE_OK)
		return db_fail(db, true, "cannot open");
	sqlite3_busy_timeout(db->sql, DB_BUSY_MS);
	sqlite3_extended_result_codes(db->sql, 0);
	return db_schema_ready(db, create);
}

void db_close(struct db *db)
{
	if (!db)
		return;
	if (db->sql)
		sqlite3_close_v2(db->sql);
	db->sql = NULL;
	free(db->path);
	db->path = NULL;
}

/* Print each row of @sql's one column; Return: rows that are not "ok", or -EIO. */
static int check_rows(struct db *db, const char *sql, FILE *out)
{
	sqlite3_stmt *st;
	int bad = 0, rc;

	if (sqlite3_prepare_v2(db->sql, sql, -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, true, "%s", sql);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *s = (const char *)sqlite3_column_text(st, 0);

		if (s && !strcmp(s, "ok"))
			continue;
		bad++;
		fprintf(out, "%s: %s\n", db->path, s ? s : "foreign key violation");
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return db_fail(db, true, "%s", sql);
	return bad;
}

int db_check(struct db *db, FILE *out)
{
	int a = check_rows(db, "PRAGMA integrity_check", out), b;

	if (a < 0)
		return a;
	b = check_rows(db, "PRAGMA foreign_key_check", out);
	if (b < 0)
		return b;
	if (!a && !b)
		fprintf(out, "%s: ok\n", db->path);
	return a || b;
}
