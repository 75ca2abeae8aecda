// SPDX-License-Identifier: GPL-2.0-only
/*
 * The demand-intensity ladder of the SNIA PTS's ECW and DIRTH tests
 * (pts_di.h) as text, JSON and CSV: each TC x QD point's figures, the
 * picked points and their response-time histograms.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "catalogue.h"
#include "pts_di.h"
#include "writers.h"

/* The figures of a point's row: the catalogue's keys. */
static const char *const di_keys[] = { "iops", "lat_mean_us", "lat_max_us", "lat_p99999_us",
				       "power_w", "iops_per_w", NULL };

static const char *pick_of(const struct rpt_pts_di *di, size_t i)
{
	for (int k = 0; k < RPT_DI_NPICKS; k++)
		if (di->pick[k] == (int)i)
			return rpt_pts_di_pick_name(k);
	return "";
}

/* Every pick a point is, "max,optimal"; "" for none. */
static void picks_of(char *buf, size_t len, const struct rpt_pts_di *di, size_t i)
{
	size_t at = 0;

	*buf = '\0';
	for (int k = 0; k < RPT_DI_NPICKS && at < len; k++)
		if (di->pick[k] == (int)i)
			at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? "," : "",
					       rpt_pts_di_pick_name(k));
}

static void text_hist(FILE *out, const struct rpt_pts_di_point *p)
{
	double edge = 1, share = 0;
	char num[48];

	if (!p->nhist) {
		fputs("    no histogram: no json+ bins\n", out);
		return;
	}
	/* power-of-two bins: each json+ bin in the first whose edge holds it */
	for (size_t i = 0; i < p->nhist; i++) {
		while (p->hist_us[i] > edge) {
			if (share > 0)
				fprintf(out, "    <= %8s µs %6.2f %%\n",
					rpt_fmt_num(num, sizeof(num), edge, 0), share * 100);
			share = 0;
			edge *= 2;
		}
		share += p->hist_share[i];
	}
	if (share > 0)
		fprintf(out, "    <= %8s µs %6.2f %%\n", rpt_fmt_num(num, sizeof(num), edge, 0),
			share * 100);
}

void rpt_write_pts_di_text(FILE *out, const struct rpt_pts_di *di, bool hist)
{
	char num[48], pk[48];

	fprintf(out, "  demand intensity, %zu TC x QD points, highest demand first:\n", di->n);
	fprintf(out, "  %-8s %6s", "point", "OIO");
	for (const char *const *key = di_keys; *key; key++)
		fprintf(out, " %12s", rpt_cat_find(RPT_OF_PTS, *key)->head);
	fputs("  pick\n", out);
	for (size_t i = 0; i < di->n; i++) {
		const struct rpt_pts_di_point *p = &di->pt[i];

		fprintf(out, "  %-8s %6u", p->c.name, p->tc * p->qd);
		for (const char *const *key = di_keys; *key; key++) {
			const struct rpt_cat *c = rpt_cat_find(RPT_OF_PTS, *key);
			const struct rpt_fig *f = rpt_cat_pts(c, &p->c);

			fprintf(out, " %12s", f->ok ? rpt_fmt_num(num, sizeof(num), f->v, c->digits) : "-");
		}
		picks_of(pk, sizeof(pk), di, i);
		fprintf(out, "  %s\n", pk);
	}
	for (int k = 0; k < RPT_DI_NPICKS; k++) {
		const struct rpt_pts_di_point *p = di->pick[k] >= 0 ? &di->pt[di->pick[k]] : NULL;

		if (!p) {
			fprintf(out, "  %s point: none%s\n", rpt_pts_di_pick_name(k),
				k == RPT_DI_OPTIMAL ? " within the response-time ceiling" : "");
			continue;
		}
		fprintf(out, "  %s point: %s (T%uQ%u), %s IOPS at %s µs mean", rpt_pts_di_pick_name(k),
			p->c.name, p->tc, p->qd, rpt_fmt_num(num, sizeof(num), p->c.iops.v, 0),
			p->c.lat_mean_us.ok ? rpt_fmt_num(pk, sizeof(pk), p->c.lat_mean_us.v, 1) : "-");
		if (k == RPT_DI_OPTIMAL)
			fprintf(out, " (ceiling %s µs)", rpt_fmt_num(num, sizeof(num), di->ceiling_us, 0));
		fputc('\n', out);
		if (hist)
			text_hist(out, p);
	}
}

static void jnum(FILE *out, double v)
{
	if (isfinite(v))
		fprintf(out, "%.10g", v);
	else
		fputs("null", out);
}

void rpt_write_pts_di_json(FILE *out, const struct rpt_pts_di *di)
{
	if (!di)
		return;
	fputs(",\n        \"di\": {\"ceiling_us\": ", out);
	jnum(out, di->ceiling_us);
	fputs(", \"picks\": {", out);
	for (int k = 0; k < RPT_DI_NPICKS; k++) {
		fprintf(out, "%s\"%s\": ", k ? ", " : "", rpt_pts_di_pick_name(k));
		rpt_put_json_str_or_null(out, di->pick[k] >= 0 ? di->pt[di->pick[k]].c.name : NULL);
	}
	fputs("}, \"points\": [", out);
	for (size_t i = 0; i < di->n; i++) {
		const struct rpt_pts_di_point *p = &di->pt[i];

		fputs(i ? "," : "", out);
		rpt_write_pts_cell_json_open(out, &p->c);
		fprintf(out, ", \"tc\": %u, \"qd\": %u, \"oio\": %u, \"hist\": ", p->tc, p->qd,
			p->tc * p->qd);
		if (!p->nhist) {
			fputs("null}", out);
			continue;
		}
		fputs("{\"dir\": ", out);
		rpt_put_json_str(out, p->hist_dir);
		fputs(", \"us\": [", out);
		for (size_t b = 0; b < p->nhist; b++) {
			fputs(b ? ", " : "", out);
			jnum(out, p->hist_us[b]);
		}
		fputs("], \"share\": [", out);
		for (size_t b = 0; b < p->nhist; b++) {
			fputs(b ? ", " : "", out);
			fprintf(out, "%.6g", p->hist_share[b]);
		}
		fputs("]}}", out);
	}
	fputs("]}", out);
}

static void cnum(FILE *out, const struct rpt_fig *f)
{
	if (f->ok)
		fprintf(out, ",%.10g", f->v);
	else
		fputc(',', out);
}

int rpt_write_pts_di_csv(FILE *out, const char *test, const struct rpt_pts_di *di)
{
	fputs("test,cell,tc,qd,oio,pick,iops,lat_mean_us,lat_max_us,lat_p99999_us,power_w,iops_per_w\n",
	      out);
	for (size_t i = 0; i < di->n; i++) {
		const struct rpt_pts_di_point *p = &di->pt[i];

		fprintf(out, "%s,%s,%u,%u,%u,%s", test, p->c.name, p->tc, p->qd, p->tc * p->qd,
			pick_of(di, i));
		cnum(out, &p->c.iops);
		cnum(out, &p->c.lat_mean_us);
		cnum(out, &p->c.lat_max_us);
		cnum(out, &p->c.lat_p99999_us);
		cnum(out, &p->c.power_w);
		cnum(out, &p->c.iops_per_w);
		fputc('\n', out);
	}
	fputs("\ntest,cell,pick,dir,bin_us,share\n", out);
	for (int k = 0; k < RPT_DI_NPICKS; k++) {
		const struct rpt_pts_di_point *p = di->pick[k] >= 0 ? &di->pt[di->pick[k]] : NULL;

		for (size_t b = 0; p && b < p->nhist; b++)
			fprintf(out, "%s,%s,%s,%s,%.10g,%.6g\n", test, p->c.name, rpt_pts_di_pick_name(k),
				p->hist_dir, p->hist_us[b], p->hist_share[b]);
	}
	return ferror(out) ? -EIO : 0;
}
