// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "db.h"
#include "writers.h"

static const char *str(const char *s)
{
	return s ? s : "";
}

int db_write_list(FILE *out, struct db *db, long long drive)
{
	struct db_drive *d;
	struct db_run *r;
	size_t nd, nr, i, k;
	int ret;

	if ((ret = db_drives(db, &d, &nd)))
		return ret;
	if ((ret = db_runs(db, drive, &r, &nr))) {
		db_drives_free(d, nd);
		return ret;
	}
	if (drive)
		fprintf(out, "%s: drive %lld, %zu run%s\n", db->path, drive, nr, nr == 1 ? "" : "s");
	else
		fprintf(out, "%s: %zu drive%s, %zu run%s\n", db->path, nd, nd == 1 ? "" : "s", nr,
			nr == 1 ? "" : "s");
	for (i = 0; i < nd; i++) {
		if (drive && d[i].id != drive)
			continue;
		fprintf(out, "drive %lld  %s%s%s  (%zu run%s)\n", d[i].id, d[i].name,
			d[i].preset ? "  model preset " : "", str(d[i].preset), d[i].runs,
			d[i].runs == 1 ? "" : "s");
		for (k = 0; k < nr; k++)
			if (r[k].drive == d[i].id)
				fprintf(out, "  run %lld  %s  %.12s  %zu tests%s%s%s  fw %s  %s\n", r[k].id,
					r[k].date ? r[k].date : str(r[k].imported), r[k].hash, r[k].tests,
					r[k].errors ? ", with errors" : "", r[k].label ? "  " : "",
					r[k].label ? r[k].label : "", r[k].firmware ? r[k].firmware : "?",
					r[k].dir);
	}
	db_runs_free(r, nr);
	db_drives_free(d, nd);
	return ferror(out) ? -EIO : 0;
}

/* "1234.5 ± 12.1 (n 3, CV 0.6 %)" or the value alone, or "–" and the reason */
static void put_stat(FILE *out, const struct db_cell *c)
{
	char a[64], b[64];

	if (!c->st.n) {
		fprintf(out, "–  (%s)", str(c->why));
		return;
	}
	fprintf(out, "%s", rpt_fmt_num(a, sizeof(a), c->st.mean, c->cat->digits));
	if (c->st.n >= 2)
		fprintf(out, " ± %s (n %zu, CV %.1f %%)", rpt_fmt_num(b, sizeof(b), c->st.ci95,
								  c->cat->digits), c->st.n, c->st.cv);
	if (c->st.nulls)
		fprintf(out, " (null in %zu)", c->st.nulls);
}

static bool new_job(const struct db_cell *p, const struct db_cell *c)
{
	return !p || strcmp(p->test, c->test) || strcmp(p->job, c->job) || strcmp(p->ddir, c->ddir);
}

int db_write_show(FILE *out, struct db *db, long long drive, long long run)
{
	struct db_filter f = { .drive = drive, .run = run };
	struct db_cells c = { 0 };
	size_t i;
	int ret;

	if ((ret = db_write_list(out, db, drive)) || (ret = db_cells_get(db, &f, &c)))
		return ret;
	if (run)
		fprintf(out, "run %lld:\n", run);
	else
		fprintf(out, "over its runs (mean ± 95 %% confidence interval where a figure has several):\n");
	for (i = 0; i < c.n; i++) {
		const struct db_cell *x = &c.c[i];

		if (new_job(i ? &c.c[i - 1] : NULL, x))
			fprintf(out, "%s / %s%s%s\n", x->test, x->job, *x->ddir ? " " : "", x->ddir);
		fprintf(out, "    %-16s ", x->cat->key);
		put_stat(out, x);
		fprintf(out, " %s\n", x->cat->unit);
	}
	db_cells_free(&c);
	return ferror(out) ? -EIO : 0;
}

int db_write_compare(FILE *out, struct db *db, const struct db_page_opts *o)
{
	struct db_filter fa = { .drive = o->drive, .run = o->run };
	struct db_filter fb = { .drive = o->base, .run = o->base_run };
	struct db_cells a = { 0 }, b = { 0 };
	size_t i, worse = 0, better = 0, noise = 0;
	int ret;

	if ((ret = db_cells_get(db, &fa, &a)) || (ret = db_cells_get(db, &fb, &b)))
		goto out;
	fprintf(out, "drive %lld%s against baseline %lld%s: a change beyond %.3g %% and, with repeated runs, beyond both 95 %% intervals\n",
		o->drive, o->run ? " (one run)" : "", o->base, o->base_run ? " (one run)" : "",
		o->threshold_pct);
	for (i = 0; i < a.n; i++) {
		const struct db_cell *x = &a.c[i];
		const struct db_cell *y = db_cell_find(&b, o->base, x->test, x->job, x->ddir, x->cat);
		char va[64], vb[64];
		enum db_verdict v;
		double d;

		if (!y || x->cat->better == RPT_BETTER_NONE)
			continue;
		v = db_verdict(&x->st, &y->st, x->cat->better == RPT_BETTER_HIGHER ? 1 : -1,
			       o->threshold_pct, &d);
		worse += v == DB_WORSE;
		better += v == DB_BETTER;
		noise += v == DB_NOISE;
		if (v == DB_NA)
			continue;
		fprintf(out, "%-10s %s / %s%s%s  %s: %s against %s %s (%+.1f %%)\n", db_verdict_name(v),
			x->test, x->job, *x->ddir ? " " : "", x->ddir, x->cat->key,
			rpt_fmt_num(va, sizeof(va), x->st.mean, x->cat->digits),
			rpt_fmt_num(vb, sizeof(vb), y->st.mean, y->cat->digits), x->cat->unit, d);
	}
	fprintf(out, "%zu regression%s, %zu improvement%s, %zu within the runs' noise\n", worse,
		worse == 1 ? "" : "s", better, better == 1 ? "" : "s", noise);
	ret = ferror(out) ? -EIO : worse > 0;
out:
	db_cells_free(&a);
	db_cells_free(&b);
	return ret;
}

static void json_num(FILE *out, double v)
{
	if (isfinite(v))
		fprintf(out, "%.10g", v);
	else
		fputs("null", out);
}

int db_write_export(FILE *out, struct db *db, const struct db_filter *f, bool json)
{
	static const char sql[] =
		"SELECT r.id, d.id, d.name, d.model, d.serial, r.firmware, coalesce(r.date, r.imported),"
		" t.name, t.repeat_of, coalesce(j.name, s.name, p.test || CASE p.part WHEN 'window' THEN ''"
		" ELSE ' ' || p.part END || ' ' || p.cell || coalesce(' (' || (SELECT group_concat(pick, ', ')"
		" FROM pts_picks k WHERE k.cell_id = p.id) || ')', '')), j.ddir, j.rw,"
		" j.bs, j.iodepth, c.of, c.key, c.unit, f.value, f.why, f.marks FROM figures f"
		" JOIN catalogue c ON c.id = f.cat_id JOIN tests t ON t.id = f.test_id"
		" JOIN runs r ON r.id = t.run_id JOIN drives d ON d.id = r.drive_id"
		" LEFT JOIN jobs j ON j.id = f.job_id LEFT JOIN series s ON s.id = f.series_id"
		" LEFT JOIN pts_cells p ON p.id = f.cell_id"
		" WHERE (?1 = 0 OR r.drive_id = ?1) AND (?2 = 0 OR r.id = ?2)"
		" AND (?3 IS NULL OR coalesce(t.repeat_of, t.name) = ?3)"
		" ORDER BY r.id, t.name, j.idx, f.series_id, f.cell_id, c.id";
	static const char *const col[] = { "run", "drive_id", "drive", "model", "serial", "firmware",
					   "date", "test", "repeat_of", "job", "ddir", "rw", "bs",
					   "iodepth", "section", "figure", "unit", "value", "null_reason",
					   "marks" };
	const size_t ncol = sizeof(col) / sizeof(col[0]);
	sqlite3_stmt *st;
	bool first = true;
	size_t i;
	int rc;

	if ((rc = db_filter_prepare(db, sql, f, &st)))
		return rc;
	if (json)
		fputs("{\"format\": \"ssdq-db-export\", \"version\": 1, \"figures\": [", out);
	else
		for (i = 0; i < ncol; i++)
			fprintf(out, "%s%s", i ? "," : "", col[i]);
	if (!json)
		fputc('\n', out);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (json)
			fprintf(out, "%s\n {", first ? "" : ",");
		first = false;
		for (i = 0; i < ncol; i++) {
			int t = sqlite3_column_type(st, (int)i);
			const char *s = (const char *)sqlite3_column_text(st, (int)i);

			if (json) {
				fprintf(out, "%s\"%s\": ", i ? ", " : "", col[i]);
				if (t == SQLITE_NULL)
					fputs("null", out);
				else if (t == SQLITE_INTEGER || t == SQLITE_FLOAT)
					json_num(out, sqlite3_column_double(st, (int)i));
				else
					rpt_put_json_str(out, s);
			} else {
				if (i)
					fputc(',', out);
				if (t == SQLITE_FLOAT)
					fprintf(out, "%.10g", sqlite3_column_double(st, (int)i));
				else
					rpt_put_csv(out, t == SQLITE_NULL || !s ? "" : s);
			}
		}
		fputs(json ? "}" : "\n", out);
	}
	sqlite3_finalize(st);
	if (json)
		fputs("\n]}\n", out);
	if (rc != SQLITE_DONE)
		return db_fail(db, true, "reading the figures");
	return ferror(out) ? -EIO : 0;
}
