// SPDX-License-Identifier: GPL-2.0-only
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "catalogue.h"
#include "db.h"
#include "from_logs.h"
#include "grow.h"
#include "marks.h"
#include "pts_di.h"
#include "pts_recovery.h"
#include "pts_report.h"
#include "report.h"

/* Points kept of a chart's series: enough for a page's chart, small enough
 * for a thousand runs (BENCHMARKS.md) */
#define CURVE_FILL_PTS	256
#define CURVE_TIME_PTS	64
#define CURVE_CDF_PTS	64

/* The statements of one import, prepared once */
enum { S_FIG, S_JOB, S_TEST, S_SERIES, S_CELL, S_PICK, S_CURVE, S_N };

struct import {
	struct db *db;
	sqlite3_stmt *st[S_N];
	long long cat_id[RPT_CAT_MAX];
	size_t figures;
};

static const char *const stmt_sql[S_N] = {
	[S_FIG] = "INSERT INTO figures (test_id, job_id, series_id, cell_id, cat_id, value, why, marks)"
		  " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
	[S_JOB] = "INSERT INTO jobs (test_id, idx, name, rw, ddir, bs, iodepth, njobs, stop, lat_kind,"
		  " lat_samples, partial, fill, fill_why, trace, trace_format, drive_source,"
		  " drive_accuracy_pct, drive_within, energy_from)"
		  " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
	[S_TEST] = "INSERT INTO tests (run_id, name, file, source, partial, errors, warnings, repeat_of,"
		   " repeat, repeat_note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
	[S_SERIES] = "INSERT INTO series (test_id, kind, name, key, variant) VALUES (?, ?, ?, ?, ?)",
	[S_CELL] = "INSERT INTO pts_cells (run_id, test, cell, steady, conditions, part)"
		   " VALUES (?, ?, ?, ?, ?, ?)",
	[S_PICK] = "INSERT INTO pts_picks (cell_id, pick, ceiling_us) VALUES (?, ?, ?)",
	[S_CURVE] = "INSERT INTO curves (job_id, chart, name, x_unit, y_unit, n, x, y)"
		    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
};

/* The sections' names in the catalogue table; a section this file does not
 * name is left out of the library (NULL) */
static const char *const of_name[] = {
	[RPT_OF_JOB] = "job", [RPT_OF_FILL] = "fill", [RPT_OF_BURST] = "burst",
	[RPT_OF_SERIES] = "series", [RPT_OF_PTS] = "pts", [RPT_OF_HOST] = "host",
	[RPT_OF_PSTATE] = "pstate", [RPT_OF_TRACE] = "trace", [RPT_OF_HIR] = "hir",
	[RPT_OF_XSR] = "xsr",
};

static const char *of_key(enum rpt_cat_of of)
{
	return (size_t)of < sizeof(of_name) / sizeof(of_name[0]) ? of_name[of] : NULL;
}

static void bind_text(sqlite3_stmt *st, int i, const char *s)
{
	if (s && *s)
		sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, i);
}

static void bind_id(sqlite3_stmt *st, int i, long long id)
{
	if (id > 0)
		sqlite3_bind_int64(st, i, id);
	else
		sqlite3_bind_null(st, i);
}

static void bind_fig(sqlite3_stmt *st, int i, const struct rpt_fig *f)
{
	if (f->ok && isfinite(f->v))
		sqlite3_bind_double(st, i, f->v);
	else
		sqlite3_bind_null(st, i);
}

/* Run @st to its end and reset it; Return: 0 or as db_fail(). */
static int step(struct import *im, int which)
{
	sqlite3_stmt *st = im->st[which];
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return rc == SQLITE_DONE ? 0 : db_fail(im->db, true, "writing the run");
}

/* One figure of catalogue row @c, owned by exactly one of @job, @series, @cell. */
static int put_fig(struct import *im, long long test, long long job, long long series,
		   long long cell, const struct rpt_cat *c, const struct rpt_fig *f)
{
	sqlite3_stmt *st = im->st[S_FIG];

	if (!im->cat_id[c - rpt_catalogue])
		return 0;	/* a section the library does not keep */
	sqlite3_bind_int64(st, 1, test);
	bind_id(st, 2, job);
	bind_id(st, 3, series);
	bind_id(st, 4, cell);
	sqlite3_bind_int64(st, 5, im->cat_id[c - rpt_catalogue]);
	bind_fig(st, 6, f);
	if (!(f->ok && isfinite(f->v)))
		sqlite3_bind_text(st, 7, f->ok ? "not a finite number" : f->why[0] ? f->why :
				  "no reason given", -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 8, (int)f->mark);
	im->figures++;
	return step(im, S_FIG);
}

static int put_section(struct import *im, long long test, long long job, enum rpt_cat_of of,
		       const struct rpt_job *j)
{
	const struct rpt_cat *c;
	int ret;

	for (c = rpt_cat_first(of); c; c = rpt_cat_next(c))
		if ((ret = put_fig(im, test, job, 0, 0, c, rpt_cat_job(c, j))))
			return ret;
	return 0;
}

/* A series of @n points as float32 blobs, cut to at most @max by averaging runs of points. */
static int put_curve(struct import *im, long long job, const char *chart, const char *name,
		     const char *xu, const char *yu, const double *x, const double *y, size_t n,
		     size_t max)
{
	size_t per = n > max ? (n + max - 1) / max : 1, m = 0, i, k;
	sqlite3_stmt *st = im->st[S_CURVE];
	float *fx, *fy;
	int ret;

	if (!n)
		return 0;
	fx = malloc(2 * ((n + per - 1) / per) * sizeof(float));
	if (!fx)
		return -ENOMEM;
	fy = fx + (n + per - 1) / per;
	for (i = 0; i < n; i += per, m++) {
		double sx = 0, sy = 0;
		size_t got = 0, ny = 0;

		for (k = i; k < n && k < i + per; k++, got++) {
			sx += x ? x[k] : (double)k;
			if (isfinite(y[k])) {
				sy += y[k];
				ny++;
			}
		}
		fx[m] = (float)(sx / (double)got);
		fy[m] = ny ? (float)(sy / (double)ny) : NAN;
	}
	sqlite3_bind_int64(st, 1, job);
	bind_text(st, 2, chart);
	bind_text(st, 3, name);
	sqlite3_bind_text(st, 4, xu, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, yu, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 6, (long long)m);
	sqlite3_bind_blob(st, 7, fx, (int)(m * sizeof(float)), SQLITE_TRANSIENT);
	sqlite3_bind_blob(st, 8, fy, (int)(m * sizeof(float)), SQLITE_TRANSIENT);
	ret = step(im, S_CURVE);
	free(fx);
	return ret;
}

/* The charts' series of @j: its fill's MB/s per GB, its latency distribution, its time charts' means */
static int put_curves(struct import *im, long long job, const struct rpt_job *j)
{
	size_t i;
	int ret = 0;

	if (j->has_fill)
		ret = put_curve(im, job, "fill", "MB/s per GB written", "GB", "MB/s", NULL,
				j->fill.segment_mbps, j->fill.nsegments, CURVE_FILL_PTS);
	if (!ret && j->lat_cdf.n)
		ret = put_curve(im, job, "latency-cdf", j->lat_kind ? j->lat_kind : "lat", "µs",
				"share", j->lat_cdf.us, j->lat_cdf.le, j->lat_cdf.n, CURVE_CDF_PTS);
	for (i = 0; !ret && i < j->tl.n; i++) {
		const struct rpt_tl_series *s = &j->tl.s[i];

		if (s->pct)
			continue;
		ret = put_curve(im, job, rpt_tl_chart_key(s->chart), s->name, "s",
				rpt_tl_chart_unit(s->chart), s->t_s, s->mean, s->n, CURVE_TIME_PTS);
	}
	return ret;
}

static long long last_id(struct import *im)
{
	return sqlite3_last_insert_rowid(im->db->sql);
}

static int put_job(struct import *im, long long test, size_t idx, const struct rpt_job *j)
{
	sqlite3_stmt *st = im->st[S_JOB];
	long long id;
	int ret;

	sqlite3_bind_int64(st, 1, test);
	sqlite3_bind_int64(st, 2, (long long)idx);
	sqlite3_bind_text(st, 3, j->name ? j->name : "", -1, SQLITE_TRANSIENT);
	bind_text(st, 4, j->rw);
	bind_text(st, 5, j->ddir);
	bind_fig(st, 6, &j->bs);
	bind_fig(st, 7, &j->iodepth);
	sqlite3_bind_int(st, 8, (int)j->njobs);
	bind_text(st, 9, j->stop);
	bind_text(st, 10, j->lat_kind);
	sqlite3_bind_int64(st, 11, (long long)j->lat_samples);
	sqlite3_bind_int(st, 12, j->partial);
	sqlite3_bind_int(st, 13, j->has_fill);
	bind_text(st, 14, j->has_fill ? NULL : j->fill_why);
	bind_text(st, 15, j->has_trace ? j->trace.file : NULL);
	bind_text(st, 16, j->has_trace ? j->trace.format : NULL);
	bind_text(st, 17, j->drive.source);
	if (j->drive.source[0] && j->drive.accuracy_pct >= 0)
		sqlite3_bind_int(st, 18, j->drive.accuracy_pct);
	bind_text(st, 19, j->drive.within);
	bind_text(st, 20, j->energy_from);
	if ((ret = step(im, S_JOB)))
		return ret;
	id = last_id(im);
	if ((ret = put_section(im, test, id, RPT_OF_JOB, j)) ||
	    (j->has_fill && (ret = put_section(im, test, id, RPT_OF_FILL, j))) ||
	    (j->has_bursts && (ret = put_section(im, test, id, RPT_OF_BURST, j))) ||
	    (j->host.measured && (ret = put_section(im, test, id, RPT_OF_HOST, j))) ||
	    (j->pstate.have && (ret = put_section(im, test, id, RPT_OF_PSTATE, j))) ||
	    (j->has_trace && (ret = put_section(im, test, id, RPT_OF_TRACE, j))))
		return ret;
	return put_curves(im, id, j);
}

static int put_series(struct import *im, long long test, const struct rpt_series *s)
{
	sqlite3_stmt *st = im->st[S_SERIES];
	const struct rpt_cat *c;
	long long id;
	int ret;

	sqlite3_bind_int64(st, 1, test);
	sqlite3_bind_text(st, 2, s->kind == RPT_SERIES_QD ? "qd" : "bs", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, s->name ? s->name : "", -1, SQLITE_TRANSIENT);
	bind_text(st, 4, s->key);
	bind_text(st, 5, s->variant);
	if ((ret = step(im, S_SERIES)))
		return ret;
	id = last_id(im);
	if (s->kind != RPT_SERIES_QD)
		return 0;
	for (c = rpt_cat_first(RPT_OF_SERIES); c; c = rpt_cat_next(c))
		if ((ret = put_fig(im, test, 0, id, 0, c, rpt_cat_series(c, s))))
			return ret;
	return 0;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *s = NULL;
	size_t n;

	if (!f)
		return NULL;
	s = calloc(1, 1 << 20);
	n = s ? fread(s, 1, (1 << 20) - 1, f) : 0;
	if (s)
		s[n] = '\0';
	fclose(f);
	return s;
}

/*
 * A test repeated within a run by ssdq-run --repeat: NAME-K beside the
 * account NAME.repeat. Return: K (>= 1) with @base set, or 0.
 */
static int repeat_of(const char *dir, const char *name, char *base, size_t len, char **note)
{
	const char *dash = strrchr(name, '-');
	char path[PATH_MAX], *end;
	long k;

	if (!dash || !dash[1])
		return 0;
	k = strtol(dash + 1, &end, 10);
	if (*end || k < 1 || k > 100000 || (size_t)(dash - name) >= len)
		return 0;
	snprintf(base, len, "%.*s", (int)(dash - name), name);
	if (snprintf(path, sizeof(path), "%s/%s.repeat", dir, base) >= (int)sizeof(path) ||
	    access(path, F_OK))
		return 0;
	*note = slurp(path);
	return (int)k;
}

static int put_test(struct import *im, long long run, const char *dir, const struct rpt_test *t,
		    long long *test_id)
{
	sqlite3_stmt *st = im->st[S_TEST];
	const char *file = strrchr(t->path, '/');
	char base[256], *note = NULL;
	long long id;
	size_t i, w = t->diag.n - t->diag.nerrors;
	int k = repeat_of(dir, t->name, base, sizeof(base), &note), ret;

	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_text(st, 2, t->name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 3, file ? file + 1 : t->path, -1, SQLITE_TRANSIENT);
	bind_text(st, 4, t->source);
	bind_text(st, 5, t->partial);
	sqlite3_bind_int64(st, 6, (long long)t->diag.nerrors);
	sqlite3_bind_int64(st, 7, (long long)w);
	bind_text(st, 8, k ? base : NULL);
	bind_id(st, 9, k);
	bind_text(st, 10, note);
	ret = step(im, S_TEST);
	free(note);
	if (ret)
		return ret;
	*test_id = id = last_id(im);
	for (i = 0; i < t->njobs; i++)
		if ((ret = put_job(im, id, i, &t->jobs[i])))
			return ret;
	for (i = 0; i < t->nseries; i++)
		if ((ret = put_series(im, id, &t->series[i])))
			return ret;
	return 0;
}

/* What a PTS cell is of (pts_cells.part, docs/db.md) */
static const char *const part_name[] = { "window", "phase", "group", "point" };
enum { P_WINDOW, P_PHASE, P_GROUP, P_POINT };

/*
 * One PTS cell of @run under test @test: its row (@steady the window's
 * verdict, NULL for a cell of no window), its catalogue figures
 * (RPT_OF_PTS: every row when @keys is NULL, else those @keys name).
 * Return: 0 or as db_fail(), *cell its id.
 */
static int put_cell(struct import *im, long long run, long long test, const char *name, int part,
		    const int *steady, const char *cond, const struct rpt_pts_cell *c,
		    const char *const *keys, long long *cell)
{
	sqlite3_stmt *st = im->st[S_CELL];
	const struct rpt_cat *cat;
	int ret;

	sqlite3_bind_int64(st, 1, run);
	bind_text(st, 2, name);
	bind_text(st, 3, c->name);
	if (steady)
		sqlite3_bind_int(st, 4, *steady);
	bind_text(st, 5, cond);
	sqlite3_bind_text(st, 6, part_name[part], -1, SQLITE_STATIC);
	if ((ret = step(im, S_CELL)))
		return ret;
	*cell = last_id(im);
	if (!keys) {
		for (cat = rpt_cat_first(RPT_OF_PTS); cat; cat = rpt_cat_next(cat))
			if ((ret = put_fig(im, test, 0, 0, *cell, cat, rpt_cat_pts(cat, c))))
				return ret;
		return 0;
	}
	for (; *keys; keys++)
		if ((cat = rpt_cat_find(RPT_OF_PTS, *keys)) &&
		    (ret = put_fig(im, test, 0, 0, *cell, cat, rpt_cat_pts(cat, c))))
			return ret;
	return 0;
}

/* A demand-intensity ladder's points, and which are its operating points */
static int put_ladder(struct import *im, long long run, const char *name, const struct rpt_pts_di *di,
		      long long test)
{
	sqlite3_stmt *st = im->st[S_PICK];
	char cond[48];
	long long cell;
	size_t i;
	int ret, k;

	for (i = 0; i < di->n; i++) {
		const struct rpt_pts_di_point *p = &di->pt[i];

		snprintf(cond, sizeof(cond), "T%uQ%u", p->tc, p->qd);
		if ((ret = put_cell(im, run, test, name, P_POINT, NULL, cond, &p->c, NULL, &cell)))
			return ret;
		for (k = 0; k < RPT_DI_NPICKS; k++) {
			if (di->pick[k] != (int)i)
				continue;
			sqlite3_bind_int64(st, 1, cell);
			sqlite3_bind_text(st, 2, rpt_pts_di_pick_name(k), -1, SQLITE_STATIC);
			if (k == RPT_DI_OPTIMAL)
				sqlite3_bind_double(st, 3, di->ceiling_us);
			if ((ret = step(im, S_PICK)))
				return ret;
		}
	}
	return 0;
}

/* A recovery test's phase or access group: its cell, and its figures of section @of */
static int put_rec_cell(struct import *im, long long run, long long test, const char *name,
			int part, const struct rpt_pts_cell *c, const char *const *keys,
			enum rpt_cat_of of, const struct rpt_pts_rec_figs *f)
{
	const struct rpt_cat *cat;
	long long cell;
	int ret = put_cell(im, run, test, name, part, NULL, NULL, c, keys, &cell);

	for (cat = rpt_cat_first(of); !ret && cat; cat = rpt_cat_next(cat))
		ret = put_fig(im, test, 0, 0, cell, cat, rpt_cat_rec(cat, f));
	return ret;
}

/* Host idle recovery's phases and cross-stimulus recovery's access groups, under their tests */
static int put_recovery(struct import *im, const struct rpt_report *r, long long run,
			const struct rpt_pts_rec *rec, const long long *test_id)
{
	const struct rpt_pts_hir *h = rec && rec->has_hir ? &rec->hir : NULL;
	const struct rpt_pts_xsr *x = rec && rec->has_xsr ? &rec->xsr : NULL;
	struct rpt_pts_rec_figs f;
	size_t i;
	int ret = 0;

	for (i = 0; !ret && h && test_id[h->test] && i < h->nphase; i++) {
		rpt_pts_hir_figs(h, i, &f);
		ret = put_rec_cell(im, run, test_id[h->test], r->t[h->test].name, P_PHASE,
				   &h->phase[i], rpt_pts_hir_keys, RPT_OF_HIR, &f);
	}
	for (i = 0; !ret && x && test_id[x->test] && i < x->ngroup; i++) {
		rpt_pts_xsr_figs(x, i, &f);
		ret = put_rec_cell(im, run, test_id[x->test], r->t[x->test].name, P_GROUP,
				   &x->group[i], rpt_pts_xsr_keys, RPT_OF_XSR, &f);
	}
	return ret;
}

/*
 * A drive's SNIA PTS cells: each test's steady-state window's under its
 * first round's test, its demand-intensity ladder's under the ladder's run,
 * the recovery tests' under theirs.
 */
static int put_pts(struct import *im, const struct rpt_report *r, long long run,
		   const struct rpt_pts *p, const long long *test_id)
{
	long long cell;
	size_t i, k;
	int ret;

	for (i = 0; p && i < p->nt; i++) {
		const struct rpt_pts_test *pt = &p->t[i];
		long long test = pt->nrounds ? test_id[pt->round[0]] : 0;

		for (k = 0; test && k < pt->ncells; k++)
			if ((ret = put_cell(im, run, test, pt->name, P_WINDOW, &pt->steady, pt->cond,
					    &pt->cell[k], NULL, &cell)))
				return ret;
		if (pt->di && test_id[pt->di->test] &&
		    (ret = put_ladder(im, run, pt->name, pt->di, test_id[pt->di->test])))
			return ret;
	}
	return p ? put_recovery(im, r, run, p->rec, test_id) : 0;
}

/* The catalogue's and the marks' rows as this build knows them; im->cat_id */
static int sync_catalogue(struct import *im)
{
	sqlite3_stmt *up, *sel;
	size_t i;
	int ret = 0;

	if (sqlite3_prepare_v2(im->db->sql,
			       "INSERT INTO catalogue (of, key, label, head, unit, digits, better)"
			       " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (of, key) DO UPDATE SET"
			       " label = excluded.label, head = excluded.head, unit = excluded.unit,"
			       " digits = excluded.digits, better = excluded.better", -1, &up, NULL))
		return db_fail(im->db, true, "the catalogue");
	if (sqlite3_prepare_v2(im->db->sql, "SELECT id FROM catalogue WHERE of = ? AND key = ?",
			       -1, &sel, NULL)) {
		sqlite3_finalize(up);
		return db_fail(im->db, true, "the catalogue");
	}
	for (i = 0; i < rpt_catalogue_n && !ret; i++) {
		const struct rpt_cat *c = &rpt_catalogue[i];

		if (!of_key(c->of))
			continue;
		sqlite3_bind_text(up, 1, of_key(c->of), -1, SQLITE_STATIC);
		sqlite3_bind_text(up, 2, c->key, -1, SQLITE_STATIC);
		sqlite3_bind_text(up, 3, c->label, -1, SQLITE_STATIC);
		sqlite3_bind_text(up, 4, c->head, -1, SQLITE_STATIC);
		sqlite3_bind_text(up, 5, c->unit, -1, SQLITE_STATIC);
		sqlite3_bind_int(up, 6, c->digits);
		sqlite3_bind_int(up, 7, c->better == RPT_BETTER_HIGHER ? 1 :
				 c->better == RPT_BETTER_LOWER ? -1 : 0);
		if (sqlite3_step(up) != SQLITE_DONE)
			ret = db_fail(im->db, true, "the catalogue");
		sqlite3_reset(up);
		sqlite3_bind_text(sel, 1, of_key(c->of), -1, SQLITE_STATIC);
		sqlite3_bind_text(sel, 2, c->key, -1, SQLITE_STATIC);
		if (!ret && sqlite3_step(sel) == SQLITE_ROW)
			im->cat_id[i] = sqlite3_column_int64(sel, 0);
		else if (!ret)
			ret = db_fail(im->db, true, "the catalogue");
		sqlite3_reset(sel);
	}
	sqlite3_finalize(up);
	sqlite3_finalize(sel);
	for (i = 0; i < RPT_NMARKS && !ret; i++) {
		char sql[256];

		snprintf(sql, sizeof(sql), "INSERT OR REPLACE INTO marks VALUES (%u, '%s', '%s')",
			 1u << i, rpt_mark_name(i), rpt_mark_sign(1u << i));
		ret = db_exec(im->db, sql);
	}
	return ret;
}

/* Return: the id of the run of @hash, 0 when none, or as db_fail(). */
static long long run_of_hash(struct db *db, const char *hash)
{
	sqlite3_stmt *st;
	long long id = 0;
	int rc;

	if (sqlite3_prepare_v2(db->sql, "SELECT id FROM runs WHERE hash = ?", -1, &st, NULL))
		return db_fail(db, true, "reading the runs");
	sqlite3_bind_text(st, 1, hash, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? id : db_fail(db, true, "reading the runs");
}

/* The drive's row, made when new: Return: its id or as db_fail(). */
static long long drive_id(struct db *db, const struct rpt_drive *d)
{
	const struct rpt_device *v = &d->dev;
	char ident[1024];
	sqlite3_stmt *st;
	long long id = 0;
	int rc;

	if (v->present && v->model)
		snprintf(ident, sizeof(ident), "%s\x1f%s\x1f%s", v->model, v->serial ? v->serial : "",
			 v->preset ? v->preset : "");
	else
		snprintf(ident, sizeof(ident), "name\x1f%s", d->name);
	if (sqlite3_prepare_v2(db->sql, "INSERT INTO drives (ident, name, model, serial, preset,"
			       " capacity_bytes) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (ident) DO UPDATE"
			       " SET capacity_bytes = coalesce(excluded.capacity_bytes, capacity_bytes)"
			       " RETURNING id", -1, &st, NULL))
		return db_fail(db, true, "the drives");
	sqlite3_bind_text(st, 1, ident, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, v->present && v->model ? v->model : d->name, -1, SQLITE_TRANSIENT);
	bind_text(st, 3, v->model);
	bind_text(st, 4, v->serial);
	bind_text(st, 5, v->preset);
	if (v->capacity_bytes > 0)
		sqlite3_bind_double(st, 6, v->capacity_bytes * v->scale);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? id : db_fail(db, true, "the drives");
}

static int put_run(struct import *im, const struct rpt_report *r, const struct rpt_drive *d,
		   const char *dir, const char *hash, size_t files, const char *label,
		   struct db_import_result *res)
{
	static const char sql[] =
		"INSERT INTO runs (drive_id, hash, dir, label, imported, date, firmware, scale,"
		" ssdq_version, fio_version, kernel, host, report_version, device_json, files, errors)"
		" VALUES (?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
	const struct rpt_provenance *p = &d->dev.prov;
	long long drive = drive_id(im->db, d), run, *test_id;
	sqlite3_stmt *st;
	size_t i, errors = d->diag.nerrors;
	char *devjson;
	int ret;

	if (drive < 0)
		return (int)drive;
	for (i = 0; i < d->ntests; i++)
		errors += r->t[d->test[i]].diag.nerrors;
	if (sqlite3_prepare_v2(im->db->sql, sql, -1, &st, NULL))
		return db_fail(im->db, true, "the runs");
	devjson = d->dev.present && d->dev.path ? slurp(d->dev.path) : NULL;
	sqlite3_bind_int64(st, 1, drive);
	sqlite3_bind_text(st, 2, hash, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, dir, -1, SQLITE_STATIC);
	bind_text(st, 4, label);
	bind_text(st, 5, p->date);
	bind_text(st, 6, d->dev.firmware);
	sqlite3_bind_double(st, 7, d->dev.scale);
	bind_text(st, 8, p->ssdq_version);
	bind_text(st, 9, p->fio_version);
	bind_text(st, 10, p->kernel);
	bind_text(st, 11, d->host ? d->host : p->host);
	bind_text(st, 12, im->db->tool_version);
	bind_text(st, 13, devjson);
	sqlite3_bind_int64(st, 14, (long long)files);
	sqlite3_bind_int64(st, 15, (long long)errors);
	ret = sqlite3_step(st) == SQLITE_DONE ? 0 : db_fail(im->db, true, "the runs");
	sqlite3_finalize(st);
	free(devjson);
	if (ret)
		return ret;
	run = last_id(im);
	res->run_id = run;
	res->errors += errors;
	snprintf(res->drive, sizeof(res->drive), "%s", d->name);
	test_id = calloc(r->nt + 1, sizeof(*test_id));
	if (!test_id)
		return -ENOMEM;
	for (i = 0; i < d->ntests && !ret; i++, res->tests++)
		ret = put_test(im, run, dir, &r->t[d->test[i]], &test_id[d->test[i]]);
	if (!ret)
		ret = put_pts(im, r, run, d->pts, test_id);
	free(test_id);
	return ret;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The tests of @dir as ssdq-report finds them: its *.json, else its events sidecars. */
static int dir_inputs(const char *dir, char ***paths, size_t *n)
{
	size_t cap = 0, len;
	struct dirent *de;
	DIR *d = opendir(dir);

	*paths = NULL;
	*n = 0;
	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		len = strlen(de->d_name);
		if (len <= 5 || strcmp(de->d_name + len - 5, ".json") || de->d_name[0] == '.' ||
		    !strcmp(de->d_name, RPT_DEVICE_FILE))
			continue;
		if (RPT_GROW(*paths, cap, *n, 32) ||
		    asprintf(&(*paths)[*n], "%s/%s", dir, de->d_name) < 0) {
			closedir(d);
			return -ENOMEM;
		}
		(*n)++;
	}
	closedir(d);
	if (*n) {
		qsort(*paths, *n, sizeof(**paths), by_name);
		return 0;
	}
	free(*paths);
	return rpt_logs_find(dir, paths, n);
}

static void free_inputs(char **p, size_t n)
{
	while (n)
		free(p[--n]);
	free(p);
}

/* Import @r's drives under @hash (one drive) or HASH/K (the K-th of several hosts). */
static int import_report(struct db *db, const struct rpt_report *r, const char *dir,
			 const char *hash, size_t files, const char *label,
			 struct db_import_result *res)
{
	struct import im = { .db = db };
	long long have;
	size_t i;
	int ret, k;

	if ((ret = db_exec(db, "BEGIN IMMEDIATE")))
		return ret;
	/* an import that ran at the same time may have landed it */
	if ((have = run_of_hash(db, hash)) != 0) {
		ret = have < 0 ? (int)have : 0;
		res->existed = have > 0;
		res->run_id = have;
		goto out;
	}
	for (k = 0; k < S_N; k++)
		if (sqlite3_prepare_v2(db->sql, stmt_sql[k], -1, &im.st[k], NULL)) {
			ret = db_fail(db, true, "preparing the import");
			goto out;
		}
	if ((ret = sync_catalogue(&im)))
		goto out;
	for (i = 0; i < r->nd && !ret; i++) {
		char h[DB_HASH_LEN + 16];

		snprintf(h, sizeof(h), r->nd > 1 ? "%s/%zu" : "%s", hash, i + 1);
		ret = put_run(&im, r, &r->d[i], dir, h, files, label, res);
	}
	if (!ret && (ret = db_exec(db, "COMMIT")) == 0) {
		res->figures = im.figures;
		for (k = 0; k < S_N; k++)
			sqlite3_finalize(im.st[k]);
		return 0;
	}
out:
	for (k = 0; k < S_N; k++)
		sqlite3_finalize(im.st[k]);
	if (ret || res->existed)
		sqlite3_exec(db->sql, "ROLLBACK", NULL, NULL, NULL);
	return ret;
}

int db_import_dir(struct db *db, const char *dir, const char *label,
		  struct db_import_result *res)
{
	char real[PATH_MAX], **paths = NULL;
	struct rpt_report r;
	size_t n = 0, files;
	long long have;
	int ret;

	memset(res, 0, sizeof(*res));
	if (!realpath(dir, real)) {
		ret = -errno;
		snprintf(db->err, sizeof(db->err), "%s: %s", dir, strerror(errno));
		return ret;
	}
	if ((ret = db_dir_hash(real, res->hash, &files))) {
		snprintf(db->err, sizeof(db->err), "%s: cannot read it: %s", dir, strerror(-ret));
		return ret;
	}
	if ((have = run_of_hash(db, res->hash)) != 0) {
		res->existed = have > 0;
		res->run_id = have;
		return have < 0 ? (int)have : 0;
	}
	if ((ret = dir_inputs(real, &paths, &n)) || !n) {
		snprintf(db->err, sizeof(db->err),
			 "%s: %s", dir, ret ? strerror(-ret) : "no fio JSON files nor ssdq events sidecars: not a results directory");
		free_inputs(paths, n);
		return ret ? ret : -ENOENT;
	}
	if (rpt_report_load(paths, n, &r)) {
		free_inputs(paths, n);
		snprintf(db->err, sizeof(db->err), "%s: out of memory", dir);
		return -ENOMEM;
	}
	r.ssdq_version = db->tool_version;
	ret = import_report(db, &r, real, res->hash, files, label, res);
	rpt_report_free(&r);
	free_inputs(paths, n);
	return ret;
}
