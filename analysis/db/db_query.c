// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "db.h"
#include "grow.h"

static char *dup_col(sqlite3_stmt *st, int i)
{
	const unsigned char *s = sqlite3_column_text(st, i);

	return s ? strdup((const char *)s) : NULL;
}

static void drive_free(struct db_drive *d)
{
	free(d->name);
	free(d->model);
	free(d->serial);
	free(d->preset);
	free(d->last);
}

void db_drives_free(struct db_drive *d, size_t n)
{
	size_t i;

	for (i = 0; d && i < n; i++)
		drive_free(&d[i]);
	free(d);
}

/* Two drives of one model are told apart by serial, else preset, else id. */
static int name_drives(struct db_drive *d, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		bool shared = false;
		char *name;

		for (k = 0; k < n && !shared; k++)
			shared = k != i && !strcmp(d[k].name, d[i].name);
		if (!shared)
			continue;
		if (asprintf(&name, "%s [%s]", d[i].name,
			     d[i].serial && strcmp(d[i].serial, "ssdq-model") ? d[i].serial :
			     d[i].preset ? d[i].preset : "") < 0)
			return -ENOMEM;
		free(d[i].name);
		d[i].name = name;
	}
	/* a serial or preset two drives share: the library's id tells them apart */
	for (i = 0; i < n; i++)
		for (k = i + 1; k < n; k++)
			if (!strcmp(d[k].name, d[i].name)) {
				char *name;

				if (asprintf(&name, "%s #%lld", d[k].name, d[k].id) < 0)
					return -ENOMEM;
				free(d[k].name);
				d[k].name = name;
			}
	return 0;
}

int db_drives(struct db *db, struct db_drive **out, size_t *n)
{
	static const char sql[] =
		"SELECT d.id, d.name, d.model, d.serial, d.preset, count(r.id),"
		" max(coalesce(r.date, r.imported)) FROM drives d LEFT JOIN runs r ON r.drive_id = d.id"
		" GROUP BY d.id ORDER BY d.name, d.id";
	struct db_drive *d = NULL;
	size_t cap = 0;
	sqlite3_stmt *st;
	int rc, ret = 0;

	*out = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(db->sql, sql, -1, &st, NULL))
		return db_fail(db, true, "reading the drives");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (RPT_GROW(d, cap, *n, 16)) {
			ret = -ENOMEM;
			break;
		}
		d[*n] = (struct db_drive){
			.id = sqlite3_column_int64(st, 0), .name = dup_col(st, 1),
			.model = dup_col(st, 2), .serial = dup_col(st, 3), .preset = dup_col(st, 4),
			.runs = (size_t)sqlite3_column_int64(st, 5), .last = dup_col(st, 6),
		};
		if (!d[(*n)++].name) {
			ret = -ENOMEM;
			break;
		}
	}
	sqlite3_finalize(st);
	if (!ret && rc != SQLITE_DONE)
		ret = db_fail(db, true, "reading the drives");
	if (!ret)
		ret = name_drives(d, *n);
	if (ret) {
		db_drives_free(d, *n);
		*n = 0;
		return ret;
	}
	*out = d;
	return 0;
}

void db_runs_free(struct db_run *r, size_t n)
{
	size_t i;

	for (i = 0; r && i < n; i++) {
		free(r[i].drive_name);
		free(r[i].dir);
		free(r[i].hash);
		free(r[i].label);
		free(r[i].date);
		free(r[i].imported);
		free(r[i].firmware);
		free(r[i].ssdq_version);
	}
	free(r);
}

int db_runs(struct db *db, long long drive, struct db_run **out, size_t *n)
{
	static const char sql[] =
		"SELECT r.id, r.drive_id, d.name, r.dir, r.hash, r.label, r.date, r.imported,"
		" r.firmware, r.ssdq_version, (SELECT count(*) FROM tests t WHERE t.run_id = r.id),"
		" r.errors FROM runs r JOIN drives d ON d.id = r.drive_id"
		" WHERE ?1 = 0 OR r.drive_id = ?1 ORDER BY coalesce(r.date, r.imported), r.id";
	struct db_run *r = NULL;
	size_t cap = 0;
	sqlite3_stmt *st;
	int rc, ret = 0;

	*out = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(db->sql, sql, -1, &st, NULL))
		return db_fail(db, true, "reading the runs");
	sqlite3_bind_int64(st, 1, drive);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (RPT_GROW(r, cap, *n, 16)) {
			ret = -ENOMEM;
			break;
		}
		r[(*n)++] = (struct db_run){
			.id = sqlite3_column_int64(st, 0), .drive = sqlite3_column_int64(st, 1),
			.drive_name = dup_col(st, 2), .dir = dup_col(st, 3), .hash = dup_col(st, 4),
			.label = dup_col(st, 5), .date = dup_col(st, 6), .imported = dup_col(st, 7),
			.firmware = dup_col(st, 8), .ssdq_version = dup_col(st, 9),
			.tests = (size_t)sqlite3_column_int64(st, 10),
			.errors = (size_t)sqlite3_column_int64(st, 11),
		};
	}
	sqlite3_finalize(st);
	if (!ret && rc != SQLITE_DONE)
		ret = db_fail(db, true, "reading the runs");
	if (ret) {
		db_runs_free(r, *n);
		*n = 0;
		return ret;
	}
	*out = r;
	return 0;
}

/* A run by id or hash prefix: Return: its id and *drive, 0 none, or as db_fail() */
static long long find_run(struct db *db, const char *spec, long long *drive)
{
	sqlite3_stmt *st;
	long long id = 0;
	char *end;
	long long num = strtoll(spec, &end, 10);
	int rc;

	if (sqlite3_prepare_v2(db->sql, "SELECT id, drive_id FROM runs WHERE id = ?1 OR"
			       " (length(?2) >= 4 AND hash LIKE ?2 || '%') LIMIT 2", -1, &st, NULL))
		return db_fail(db, true, "reading the runs");
	sqlite3_bind_int64(st, 1, *end ? -1 : num);
	sqlite3_bind_text(st, 2, spec, -1, SQLITE_STATIC);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		id = sqlite3_column_int64(st, 0);
		*drive = sqlite3_column_int64(st, 1);
		if (sqlite3_step(st) == SQLITE_ROW)
			id = -EINVAL;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return db_fail(db, true, "reading the runs");
	if (id == -EINVAL)
		snprintf(db->err, sizeof(db->err), "run %s: several runs' hashes begin so: give more digits", spec);
	return id;
}

long long db_find_drive(struct db *db, const char *spec, long long *run)
{
	struct db_drive *d;
	long long found = 0, drive = 0, id;
	size_t n, i, used;
	char *end;
	int ret;

	if (run)
		*run = 0;
	if (!strncmp(spec, "run:", 4)) {
		id = find_run(db, spec + 4, &drive);
		if (id > 0) {
			if (run)
				*run = id;
			return drive;
		}
		if (!id)
			snprintf(db->err, sizeof(db->err), "%s: no run of that id or hash (ssdq-db list)", spec);
		return id ? id : -ENOENT;
	}
	if ((ret = db_drives(db, &d, &n)))
		return ret;
	id = strtoll(spec, &end, 10);
	for (i = 0; i < n; i++) {
		bool hit = (!*end && d[i].id == id) || !strcmp(d[i].name, spec) ||
			   (d[i].model && !strcmp(d[i].model, spec)) ||
			   (d[i].serial && !strcmp(d[i].serial, spec)) ||
			   (d[i].preset && !strcmp(d[i].preset, spec));

		if (!hit)
			continue;
		if (found && !(!*end && d[i].id == id)) {
			snprintf(db->err, sizeof(db->err), "%s: names several drives (%s, %s): give its id (ssdq-db list)",
				 spec, d[i].name, d[found - 1].name);
			db_drives_free(d, n);
			return -EINVAL;
		}
		found = (long long)i + 1;
		if (!*end && d[i].id == id)
			break;
	}
	if (found) {
		id = d[found - 1].id;
		db_drives_free(d, n);
		return id;
	}
	used = (size_t)snprintf(db->err, sizeof(db->err), "%s: no drive of that id, name, serial or preset; the drives:", spec);
	for (i = 0; i < n && used < sizeof(db->err); i++)
		used += (size_t)snprintf(db->err + used, sizeof(db->err) - used, "%s %lld \"%s\"",
					 i ? "," : "", d[i].id, d[i].name);
	db_drives_free(d, n);
	return -ENOENT;
}

int db_filter_prepare(struct db *db, const char *sql, const struct db_filter *f,
		      sqlite3_stmt **st)
{
	size_t i;

	if (sqlite3_prepare_v2(db->sql, sql, -1, st, NULL))
		return db_fail(db, true, "reading the figures");
	sqlite3_bind_int64(*st, 1, f->drive);
	sqlite3_bind_int64(*st, 2, f->run);
	if (f->test)
		sqlite3_bind_text(*st, 3, f->test, -1, SQLITE_STATIC);
	for (i = 0; i < f->nkeys; i++)
		sqlite3_bind_text(*st, (int)i + 4, f->keys[i], -1, SQLITE_STATIC);
	return 0;
}

static enum rpt_cat_of of_enum(const char *s)
{
	return !strcmp(s, "fill") ? RPT_OF_FILL : !strcmp(s, "burst") ? RPT_OF_BURST :
	       !strcmp(s, "series") ? RPT_OF_SERIES : !strcmp(s, "pts") ? RPT_OF_PTS :
	       !strcmp(s, "host") ? RPT_OF_HOST : !strcmp(s, "pstate") ? RPT_OF_PSTATE :
	       !strcmp(s, "trace") ? RPT_OF_TRACE : !strcmp(s, "hir") ? RPT_OF_HIR :
	       !strcmp(s, "xsr") ? RPT_OF_XSR : RPT_OF_JOB;
}

void db_cells_free(struct db_cells *c)
{
	size_t i;

	for (i = 0; c && i < c->n; i++) {
		free(c->c[i].test);
		free(c->c[i].job);
		free(c->c[i].ddir);
		free(c->c[i].rw);
		free(c->c[i].why);
	}
	if (c)
		free(c->c);
}

static bool same_str(const char *a, const unsigned char *b)
{
	return a && b && !strcmp(a, (const char *)b);
}

/* The values gathered for the cell being read */
struct gather {
	double *v;
	size_t n, cap;
};

static void close_cell(struct db_cell *c, struct gather *g, size_t nulls, unsigned int marks)
{
	db_stat_of(g->v, g->n, &c->st);
	c->st.nulls = nulls;
	c->st.marks = marks;
	g->n = 0;
}

/*
 * The figures db_cells_get() reads, by drive, test, job, direction and
 * catalogue row: the jobs', the PTS cells' (a window's under its test, the
 * others' as "TEST PART": "hir phase", "dirth point") and a ladder's
 * operating points' ("TEST pick", the pick as the job).
 */
static const char cells_sql[] =
	"SELECT r.drive_id, coalesce(t.repeat_of, t.name), j.name, coalesce(j.ddir, ''), j.rw,"
	" c.of, c.key, f.value, f.why, f.marks, c.id FROM figures f JOIN catalogue c ON c.id = f.cat_id"
	" JOIN jobs j ON j.id = f.job_id JOIN tests t ON t.id = j.test_id"
	" JOIN runs r ON r.id = t.run_id"
	" WHERE (?1 = 0 OR r.drive_id = ?1) AND (?2 = 0 OR r.id = ?2)"
	" AND (?3 IS NULL OR coalesce(t.repeat_of, t.name) = ?3)%s"
	" UNION ALL SELECT r.drive_id, p.test || CASE p.part WHEN 'window' THEN '' ELSE ' ' || p.part END, p.cell,"
	" '', NULL, c.of, c.key, f.value, f.why, f.marks, c.id FROM figures f"
	" JOIN catalogue c ON c.id = f.cat_id JOIN pts_cells p ON p.id = f.cell_id"
	" JOIN runs r ON r.id = p.run_id"
	" WHERE (?1 = 0 OR r.drive_id = ?1) AND (?2 = 0 OR r.id = ?2) AND (?3 IS NULL OR p.test = ?3)%s"
	" UNION ALL SELECT r.drive_id, p.test || ' pick', k.pick, '', NULL, c.of, c.key, f.value,"
	" f.why, f.marks, c.id FROM figures f JOIN catalogue c ON c.id = f.cat_id"
	" JOIN pts_picks k ON k.cell_id = f.cell_id JOIN pts_cells p ON p.id = f.cell_id"
	" JOIN runs r ON r.id = p.run_id"
	" WHERE (?1 = 0 OR r.drive_id = ?1) AND (?2 = 0 OR r.id = ?2) AND (?3 IS NULL OR p.test = ?3)%s"
	" ORDER BY 1, 2, 3, 4, 11";

int db_cells_get(struct db *db, const struct db_filter *f, struct db_cells *out)
{
	char sql[4096], keys[1024] = "";
	size_t used = 0, i, nulls = 0;
	struct gather g = { 0 };
	struct db_cell *cur = NULL;
	unsigned int marks = 0;
	sqlite3_stmt *st;
	int rc, ret = 0;

	if (f->nkeys) {
		used += (size_t)snprintf(keys + used, sizeof(keys) - used, " AND c.id IN (SELECT id FROM catalogue WHERE");
		for (i = 0; i < f->nkeys && used < sizeof(keys); i++)
			used += (size_t)snprintf(keys + used, sizeof(keys) - used,
						 "%s (of || ':' || key = ?%zu OR (of = 'job' AND key = ?%zu))",
						 i ? " OR" : "", i + 4, i + 4);
		if (used < sizeof(keys))
			snprintf(keys + used, sizeof(keys) - used, ")");
	}
	snprintf(sql, sizeof(sql), cells_sql, keys, keys, keys);
	if ((ret = db_filter_prepare(db, sql, f, &st)))
		return ret;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		long long drive = sqlite3_column_int64(st, 0);
		const unsigned char *of = sqlite3_column_text(st, 5), *key = sqlite3_column_text(st, 6);
		const struct rpt_cat *cat = rpt_cat_find(of_enum((const char *)of), (const char *)key);

		if (!cat)
			continue;	/* a figure this build does not know */
		if (!cur || cur->drive != drive || cur->cat != cat ||
		    !same_str(cur->test, sqlite3_column_text(st, 1)) ||
		    !same_str(cur->job, sqlite3_column_text(st, 2)) ||
		    !same_str(cur->ddir, sqlite3_column_text(st, 3))) {
			if (cur)
				close_cell(cur, &g, nulls, marks);
			if (RPT_GROW(out->c, out->cap, out->n, 256)) {
				ret = -ENOMEM;
				break;
			}
			cur = &out->c[out->n++];
			*cur = (struct db_cell){ .drive = drive, .cat = cat, .test = dup_col(st, 1),
						 .job = dup_col(st, 2), .ddir = dup_col(st, 3),
						 .rw = dup_col(st, 4) };
			nulls = 0;
			marks = 0;
			if (!cur->test || !cur->job || !cur->ddir) {
				ret = -ENOMEM;
				break;
			}
		}
		marks |= (unsigned int)sqlite3_column_int(st, 9);
		if (sqlite3_column_type(st, 7) == SQLITE_NULL) {
			nulls++;
			if (!cur->why)
				cur->why = dup_col(st, 8);
			continue;
		}
		if (RPT_GROW(g.v, g.cap, g.n, 16)) {
			ret = -ENOMEM;
			break;
		}
		g.v[g.n++] = sqlite3_column_double(st, 7);
	}
	if (cur)
		close_cell(cur, &g, nulls, marks);
	sqlite3_finalize(st);
	free(g.v);
	if (!ret && rc != SQLITE_DONE && rc != SQLITE_ROW)
		ret = db_fail(db, true, "reading the figures");
	return ret;
}

const struct db_cell *db_cell_find(const struct db_cells *c, long long drive, const char *test,
				   const char *job, const char *ddir, const struct rpt_cat *cat)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (c->c[i].drive == drive && c->c[i].cat == cat && !strcmp(c->c[i].test, test) &&
		    !strcmp(c->c[i].job, job) && !strcmp(c->c[i].ddir, ddir))
			return &c->c[i];
	return NULL;
}
