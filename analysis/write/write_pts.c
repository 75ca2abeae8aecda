// SPDX-License-Identifier: GPL-2.0-only
/*
 * The SNIA PTS pages (pts_report.h) in text, JSON and HTML: per test the
 * tracking variables per round and the window, the cells' tables over the
 * window (the IOPS test as the PTS prints it: block size x R/W mix), WSAT
 * against GB written, and the drives compared.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catalogue.h"
#include "html.h"
#include "marks.h"
#include "pts_di.h"
#include "pts_report.h"
#include "writers.h"

#define MAXAX	16
/* cells_line(): a sentence per test naming each cell the host distorted or the drain moved */
#define HOST_LINE	8192

/* The catalogue rows a test's table shows, by its kind. */
static const char *const iops_keys[] = { "iops", "power_w", "iops_per_w", "temp_max_c", NULL };
static const char *const tp_keys[] = { "mbps", "power_w", "mbps_per_w", "temp_max_c", NULL };
static const char *const lat_keys[] = { "lat_mean_us", "lat_max_us", "lat_p99999_us", "iops",
					"power_w", "iops_per_w", "temp_max_c", NULL };

static const char *const *keys_of(enum rpt_pts_kind k)
{
	return k == RPT_PTS_K_IOPS || k == RPT_PTS_K_HIR ? iops_keys :
	       k == RPT_PTS_K_THROUGHPUT ? tp_keys : lat_keys;
}

static const char *track_unit(const struct rpt_pts_var *v)
{
	return v->fig == RPT_PTS_IOPS ? "IOPS" : v->fig == RPT_PTS_MBPS ? "MB/s" : "µs";
}

/*
 * The block sizes and mixes of a test as the PTS's tables order them: the
 * smallest block first, the R/W mixes from 0/100 (all writes) to 100/0; the
 * IOPS test's 0.5 KiB row is there even where it could not run.
 */
static size_t axes(const struct rpt_pts_test *t, double *bs, int *mix, size_t *nmix)
{
	size_t nb = 0, i, k;

	*nmix = 0;
	if (t->kind == RPT_PTS_K_IOPS)
		bs[nb++] = 512;
	for (i = 0; i < t->ncells; i++) {
		const struct rpt_pts_cell *c = &t->cell[i];

		for (k = 0; k < nb && bs[k] != c->bs; k++)
			;
		if (k == nb && nb < MAXAX)
			bs[nb++] = c->bs;
		for (k = 0; k < *nmix && mix[k] != c->mix; k++)
			;
		if (k == *nmix && *nmix < MAXAX)
			mix[(*nmix)++] = c->mix;
	}
	for (i = 1; i < nb; i++)
		for (k = i; k > 0 && bs[k] < bs[k - 1]; k--) {
			double x = bs[k];

			bs[k] = bs[k - 1];
			bs[k - 1] = x;
		}
	for (i = 1; i < *nmix; i++)
		for (k = i; k > 0 && mix[k] < mix[k - 1]; k--) {
			int x = mix[k];

			mix[k] = mix[k - 1];
			mix[k - 1] = x;
		}
	return nb;
}

static const struct rpt_pts_cell *cell_at(const struct rpt_pts_test *t, double bs, int mix)
{
	for (size_t i = 0; i < t->ncells; i++)
		if (t->cell[i].bs == bs && t->cell[i].mix == mix)
			return &t->cell[i];
	return NULL;
}

static void window_line(char *buf, size_t len, const struct rpt_pts_test *t)
{
	if (t->steady == 1)
		snprintf(buf, len, "steady state: rounds %d-%d of %d", t->first, t->last, t->nrounds);
	else
		snprintf(buf, len, "rounds %d-%d of %d averaged; %s", t->first, t->last, t->nrounds,
			 t->why);
}

/* A block size as the PTS writes it: "0.5 KiB", "4 KiB", "1024 KiB". */
static char *pts_bs(char *buf, size_t len, double bytes)
{
	snprintf(buf, len, "%g KiB", bytes / 1024);
	return buf;
}

/* The PTS's name of a cell: "RND 4KiB 100% W", "SEQ 128KiB 100% R", "RND 8KiB 65:35 R/W". */
static void spec_cell(char *buf, size_t len, const struct rpt_pts_cell *c)
{
	char bs[24];

	if (c->bs >= 1024)
		snprintf(bs, sizeof(bs), "%.0fKiB", c->bs / 1024);
	else if (c->bs > 0)
		snprintf(bs, sizeof(bs), "%gKiB", c->bs / 1024);
	else
		snprintf(bs, sizeof(bs), "?");
	if (c->mix == 0 || c->mix == 100)
		snprintf(buf, len, "%s %s 100%% %s", strncmp(c->name, "seq-", 4) ? "RND" : "SEQ", bs,
			 c->mix ? "R" : "W");
	else if (c->mix > 0)
		snprintf(buf, len, "RND %s %d:%d R/W", bs, c->mix, 100 - c->mix);
	else
		snprintf(buf, len, "%s", c->name);
}

/* A tracking variable as the PTS names it: "RND 4KiB 100% W IOPS",
 * "SEQ 128KiB 100% W MB/s", "RND 4KiB 100% W mean response time (µs)". */
static void spec_track(char *buf, size_t len, const struct rpt_pts_test *t, int k)
{
	const struct rpt_pts_var *v = &t->track[k];
	char cell[64];

	unsigned int tc, qd;

	snprintf(cell, sizeof(cell), "%s %s", v->job, v->write ? "write" : "read");
	for (size_t i = 0; i < t->ncells; i++)
		if (!strcmp(t->cell[i].name, v->job))
			spec_cell(cell, sizeof(cell), &t->cell[i]);
	/* ECW and DIRTH track a TC x QD point: "ECW T32Q32 W IOPS" */
	if ((t->kind == RPT_PTS_K_ECW || t->kind == RPT_PTS_K_DIRTH) &&
	    sscanf(v->job, "t%uq%u", &tc, &qd) == 2)
		snprintf(cell, sizeof(cell), "%s T%uQ%u %s", t->kind == RPT_PTS_K_ECW ? "ECW" : "DIRTH",
			 tc, qd, v->write ? "W" : "R");
	snprintf(buf, len, "%s %s", cell, v->fig == RPT_PTS_IOPS ? "IOPS" :
		 v->fig == RPT_PTS_MBPS ? "MB/s" : "mean response time (µs)");
}

static const char *class_name(const struct rpt_pts_test *t)
{
	return !t->pts_class ? "not known (the IOPS test's conditions are neither class's)" :
	       !strcmp(t->pts_class, "client") ? "PTS-C (client)" : "PTS-E (enterprise)";
}

static const char *purge_name(const struct rpt_pts_header *h)
{
	if (!*h->purge)
		return "none of its own found (no <test>-prep run with an erase)";
	if (!strcmp(h->purge, "sanitize"))
		return "Sanitize (block erase)";
	if (!strcmp(h->purge, "format"))
		return "Format NVM (user data erase)";
	if (!strcmp(h->purge, "deallocate"))
		return "deallocation of every LBA: NOT a PTS purge (the drive had neither Sanitize "
		       "nor Format NVM)";
	if (!strcmp(h->purge, "model"))
		return "the drive model's erase of all its NAND (as a Sanitize)";
	return h->purge;
}

static const char *wc_name(enum rpt_pts_wc wc)
{
	static const char *const n[] = {
		"not recorded (no write_cache event: an older ssdq)",
		"unknown (the drive could not be asked)", "the drive has none",
		"disabled", "enabled", "enabled in some rounds, disabled in others",
	};

	return n[wc <= RPT_PTS_WC_MIXED ? wc : RPT_PTS_WC_UNKNOWN];
}

static void wipc_line(char *buf, size_t len, const struct rpt_pts_test *t)
{
	char bs[24], x[32];

	if (!(t->hdr.wipc_bs > 0)) {
		snprintf(buf, len, "none of its own found; WDPC: the test's own rounds");
		return;
	}
	snprintf(buf, len, "WIPC: %s x the capacity in %s sequential writes; WDPC: the test's own "
		 "workload, rounds 1-%d", t->hdr.wipc_capacity > 0 ?
		 rpt_fmt_num(x, sizeof(x), t->hdr.wipc_capacity, 2) : "?",
		 pts_bs(bs, sizeof(bs), t->hdr.wipc_bs), t->nrounds);
}

static void dates(char *buf, size_t len, const struct rpt_pts_header *h)
{
	time_t a = (time_t)(h->t0_us / 1e6), b = (time_t)(h->t1_us / 1e6);
	struct tm ta, tb;
	char sa[32], sb[32];

	if (!(h->t0_us > 0) || !gmtime_r(&a, &ta) || !gmtime_r(&b, &tb)) {
		snprintf(buf, len, "not known");
		return;
	}
	strftime(sa, sizeof(sa), "%Y-%m-%d %H:%M:%S", &ta);
	strftime(sb, sizeof(sb), "%Y-%m-%d %H:%M:%S", &tb);
	snprintf(buf, len, "%s to %s UTC", sa, sb);
}

/* The header's rows: name and value, as the PTS heads each test's report. */
#define HDR_ROWS	9
static void header_rows(const struct rpt_drive *d, const struct rpt_pts_test *t,
			char v[HDR_ROWS][320], const char *n[HDR_ROWS])
{
	char cap[32];
	int i = 0;

	n[i] = "Device";
	snprintf(v[i++], 320, "%.80s, serial %.40s, firmware %.20s, %s GB%s%.40s%s%s",
		 d->dev.model ? d->dev.model : d->name, d->dev.serial ? d->dev.serial : "?",
		 d->dev.firmware ? d->dev.firmware : "?",
		 d->dev.capacity_bytes > 0 ? rpt_fmt_num(cap, sizeof(cap),
				d->dev.capacity_bytes * d->dev.scale / 1e9, 0) : "?",
		 d->dev.preset ? " (drive model " : "", d->dev.preset ? d->dev.preset : "",
		 d->dev.preset ? d->dev.scale > 1 ? ", scaled)" : ")" : "", "");
	n[i] = "Specification";
	snprintf(v[i++], 320, "SNIA PTS v2.0.2, %s", class_name(t));
	n[i] = "Purge";
	snprintf(v[i++], 320, "%s", purge_name(&t->hdr));
	n[i] = "Preconditioning";
	wipc_line(v[i++], 320, t);
	n[i] = "Outstanding I/O, active range";
	snprintf(v[i++], 320, "%s", *t->cond ? t->cond : "not known (fio printed no options)");
	n[i] = "Volatile write cache";
	snprintf(v[i++], 320, "%s", wc_name(t->hdr.write_cache));
	n[i] = "Data pattern";
	snprintf(v[i++], 320, "%s", t->hdr.refill ?
		 "random, fresh buffers every I/O (fio refill_buffers): incompressible" :
		 "fio's random buffers, filled once");
	n[i] = "Steady state";
	window_line(v[i++], 320, t);
	n[i] = "Dates";
	dates(v[i], 320, &t->hdr);
}

/* ---- text ---- */

/* "Test conditions: T4Q32, active range 100% (PTS-E's)", or "" unknown */
static void cond_line(char *buf, size_t len, const struct rpt_pts_test *t)
{
	*buf = '\0';
	if (*t->cond)
		snprintf(buf, len, "Test conditions: %s%s", t->cond,
			 !t->pts_class || t->kind != RPT_PTS_K_IOPS ? "" : !strcmp(t->pts_class, "client") ?
			 " (the client class's, PTS-C)" : " (the enterprise class's, PTS-E)");
}

/*
 * The cells of @t whose window rounds throttled, in one sentence: "the
 * drive throttled (SMART) in the window of cells r0-4k (3 of 5 rounds),
 * ...: their figures are a throttled drive's"; "" when none did.
 */
static void throttle_line(char *buf, size_t len, const struct rpt_pts_test *t)
{
	size_t n = 0, at;
	int rounds = t->last - t->first + 1;

	*buf = '\0';
	for (size_t k = 0; k < t->ncells; k++) {
		const struct rpt_pts_cell *c = &t->cell[k];

		if (!c->throttled)
			continue;
		at = strlen(buf);
		snprintf(buf + at, len - at, "%s%s (%d of %d rounds)",
			 n++ ? ", " : "the drive throttled (its SMART) in the window of cells ",
			 c->name, c->throttled, rounds);
	}
	at = strlen(buf);
	if (n)
		snprintf(buf + at, len - at, ": %s figures are a throttled drive's",
			 n > 1 ? "their" : "its");
}

/*
 * The cells of @t the host distorted (@drain: fio's end-of-job drain moved)
 * in window rounds, in one sentence: "distorted by the host in the window of
 * cell r0-4k (2 of 5 rounds; round 3: host-bound: ...)", "moved by fio's
 * end-of-job drain in the window of cells r100-4k (1 of 5 rounds; round 3:
 * fio's end-of-job drain added ...)"; "" when none.
 */
static void cells_line(char *buf, size_t len, const struct rpt_pts_test *t, bool drain)
{
	size_t n = 0, at;
	int rounds = t->last - t->first + 1;

	*buf = '\0';
	for (size_t k = 0; k < t->ncells; k++) {
		const struct rpt_pts_cell *c = &t->cell[k];
		int in = drain ? c->drain_rounds : c->host_rounds;

		if (!in)
			continue;
		at = strlen(buf);
		snprintf(buf + at, len - at, "%s%s (%d of %d rounds; %s)",
			 n++ ? ", " : drain ? "moved by fio's end-of-job drain in the window of cells " :
			 "distorted by the host in the window of cells ",
			 c->name, in, rounds, drain ? c->drain_why : c->host_why);
	}
}

/*
 * The window's rounds with a host-bound cell: "the host bound cells in
 * rounds 3, 5 of the window: the steady state is judged on the host's
 * figures as much as the drive's there"; "" when none.
 */
static void steady_host_line(char *buf, size_t len, const struct rpt_pts_test *t)
{
	char list[8 * RPT_PTS_MAX_ROUNDS] = "";
	size_t at;
	int n = 0;

	*buf = '\0';
	for (int r = t->first; r <= t->last; r++) {
		if (!(t->host_bound & 1u << (r - t->first)))
			continue;
		at = strlen(list);
		snprintf(list + at, sizeof(list) - at, "%s%d", n++ ? ", " : "", r);
	}
	if (n)
		snprintf(buf, len, "a cell was host-bound in round%s %s of the %s window: %s "
			 "judged on the host's figures as much as the drive's there", n > 1 ? "s" : "",
			 list, t->steady == 1 ? "steady-state" : "averaged",
			 t->steady == 1 ? "the steady state is" : "the rounds are");
}

/* WSAT's throttling: "the drive throttled from 1234.5 GB written (SMART ...)" */
static void wsat_throttle_line(char *buf, size_t len, const struct rpt_pts_wsat *ws)
{
	char gb[48];

	*buf = '\0';
	if (!ws->throttled)
		return;
	if (isnan(ws->throttle_gb))
		snprintf(buf, len, "the drive throttled during the run (%s)", ws->throttle_why);
	else
		snprintf(buf, len, "the drive throttled from %s GB written on (%s): the IOPS from "
			 "there are a throttled drive's, marked on the chart",
			 rpt_fmt_num(gb, sizeof(gb), ws->throttle_gb, 1), ws->throttle_why);
}

/* A value and its marks' signs ("1234.5!"). */
static char *marked_num(char *buf, size_t len, const struct rpt_fig *f, int digits)
{
	size_t at;

	rpt_fmt_num(buf, len, f->v, digits);
	at = strlen(buf);
	snprintf(buf + at, len - at, "%s", rpt_mark_sign(f->mark));
	return buf;
}

static void text_test(FILE *out, const struct rpt_drive *d, const struct rpt_pts_test *t)
{
	char line[512], num[48], bsl[24], hv[HDR_ROWS][320], hline[HOST_LINE];
	const char *hn[HDR_ROWS];
	double bs[MAXAX];
	int mix[MAXAX];
	size_t nmix, nb = axes(t, bs, mix, &nmix);

	window_line(line, sizeof(line), t);
	fprintf(out, "\nSNIA PTS %s (%s): %s\n", rpt_pts_kind_title(t->kind), t->name, line);
	cond_line(line, sizeof(line), t);
	if (*line)
		fprintf(out, "  %s\n", line);
	throttle_line(line, sizeof(line), t);
	if (*line)
		fprintf(out, "  ! %s\n", line);
	steady_host_line(line, sizeof(line), t);
	if (*line)
		fprintf(out, "  ! %s\n", line);
	cells_line(hline, sizeof(hline), t, false);
	if (*hline)
		fprintf(out, "  ! %s\n", hline);
	cells_line(hline, sizeof(hline), t, true);
	if (*hline)
		fprintf(out, "  ^ %s\n", hline);
	header_rows(d, t, hv, hn);
	for (int i = 0; i < HDR_ROWS; i++)
		fprintf(out, "  %-30s %s\n", hn[i], hv[i]);
	for (int k = 0; k < t->ntracks; k++) {
		const struct rpt_pts_window *w = &t->w[k];

		spec_track(line, sizeof(line), t, k);
		fprintf(out, "  tracking %s (%s %s) per round:", line, t->track[k].job,
			t->track[k].write ? "write" : "read");
		for (int i = 0; i < t->nrounds; i++)
			fprintf(out, " %s", isfinite(t->y[k][i]) ?
				rpt_fmt_num(num, sizeof(num), t->y[k][i], 1) : "-");
		fputc('\n', out);
		if (t->steady >= 0)
			fprintf(out, "    window %d-%d: average %s, range %.1f %% (<= %.0f %%), fitted line moves %.1f %% (<= %.0f %%)\n",
				w->first, w->last, rpt_fmt_num(num, sizeof(num), w->avg, 1),
				w->data_excursion * 100, RPT_PTS_DATA_EXCURSION * 100,
				w->slope_excursion * 100, RPT_PTS_SLOPE_EXCURSION * 100);
	}
	if (t->kind == RPT_PTS_K_IOPS) {
		for (const char *const *key = keys_of(t->kind); *key; key++) {
			const struct rpt_cat *c = rpt_cat_find(RPT_OF_PTS, *key);

			fprintf(out, "  %-8s", c->head);
			for (size_t m = 0; m < nmix; m++)
				fprintf(out, " %10d/%-3d", mix[m], 100 - mix[m]);
			fputs("  (R/W mix %)", out);
			fputc('\n', out);
			for (size_t b = 0; b < nb; b++) {
				fprintf(out, "  %-8s", pts_bs(bsl, sizeof(bsl), bs[b]));
				for (size_t m = 0; m < nmix; m++) {
					const struct rpt_pts_cell *cl = cell_at(t, bs[b], mix[m]);
					const struct rpt_fig *f = cl ? rpt_cat_pts(c, cl) : NULL;

					fprintf(out, " %14s", !cl ? "n/a" : f && f->ok ?
						marked_num(num, sizeof(num), f, c->digits) : "-");
				}
				fputc('\n', out);
			}
		}
		return;
	}
	fprintf(out, "  %-16s", "cell");
	for (const char *const *key = keys_of(t->kind); *key; key++)
		fprintf(out, " %12s", rpt_cat_find(RPT_OF_PTS, *key)->head);
	fputc('\n', out);
	for (size_t i = 0; i < t->ncells; i++) {
		fprintf(out, "  %-16s", t->cell[i].name);
		for (const char *const *key = keys_of(t->kind); *key; key++) {
			const struct rpt_cat *c = rpt_cat_find(RPT_OF_PTS, *key);
			const struct rpt_fig *f = rpt_cat_pts(c, &t->cell[i]);

			fprintf(out, " %12s", f->ok ? marked_num(num, sizeof(num), f, c->digits) : "-");
		}
		fputc('\n', out);
	}
	if (t->di)
		rpt_write_pts_di_text(out, t->di, t->kind == RPT_PTS_K_DIRTH);
}

static void text_wsat(FILE *out, const struct rpt_pts_wsat *ws)
{
	char a[48], b[48], line[512];

	if (!ws->n) {
		fprintf(out, "\nSNIA PTS write saturation: no periods: %s\n", ws->why);
		return;
	}
	fprintf(out, "\nSNIA PTS write saturation: %zu periods, %s GB written (%s x the capacity)\n",
		ws->n, rpt_fmt_num(a, sizeof(a), ws->gb[ws->n - 1], 1),
		ws->capacity_gb > 0 ? rpt_fmt_num(b, sizeof(b), ws->gb[ws->n - 1] / ws->capacity_gb, 2) :
		"?");
	fprintf(out, "  IOPS first period %s, last %s\n", rpt_fmt_num(a, sizeof(a), ws->iops[0], 0),
		rpt_fmt_num(b, sizeof(b), ws->iops[ws->n - 1], 0));
	wsat_throttle_line(line, sizeof(line), ws);
	if (*line)
		fprintf(out, "  ! %s\n", line);
}

int rpt_write_pts_text(FILE *out, const struct rpt_drive *d)
{
	if (!d->pts)
		return 0;
	for (size_t i = 0; i < d->pts->nt; i++)
		text_test(out, d, &d->pts->t[i]);
	if (d->pts->has_wsat)
		text_wsat(out, &d->pts->wsat);
	rpt_write_pts_rec_text(out, d->pts->rec);
	return ferror(out) ? -EIO : 0;
}

/* ---- JSON ---- */

static void jnum(FILE *out, double v)
{
	rpt_put_json_num(out, v);
}

/* ", "@key": [the keys of @c's figures carrying @mark]" */
static void marked_keys(FILE *out, const char *key, const struct rpt_pts_cell *c,
			unsigned int mark)
{
	const char *sep = "";

	fprintf(out, ", \"%s\": [", key);
	for (const struct rpt_cat *cat = rpt_cat_first(RPT_OF_PTS); cat; cat = rpt_cat_next(cat)) {
		if (!(rpt_cat_pts(cat, c)->mark & mark))
			continue;
		fprintf(out, "%s\"%s\"", sep, cat->key);
		sep = ", ";
	}
	fputc(']', out);
}

void rpt_write_pts_cell_json_open(FILE *out, const struct rpt_pts_cell *c)
{
	const struct rpt_cat *cat;
	const char *sep = "";

	fputs("\n        {\"cell\": ", out);
	rpt_put_json_str(out, c->name);
	fprintf(out, ", \"mix_read_pct\": ");
	if (c->mix >= 0)
		fprintf(out, "%d", c->mix);
	else
		fputs("null", out);
	fputs(", \"bs\": ", out);
	jnum(out, c->bs > 0 ? c->bs : NAN);
	fprintf(out, ", \"throttled_rounds\": %d, \"host_rounds\": %d, \"host\": ", c->throttled,
		c->host_rounds);
	if (c->host_rounds)
		rpt_put_json_str(out, c->host_why);
	else
		fputs("null", out);
	marked_keys(out, "host_marked", c, RPT_MARK_HOST);
	fprintf(out, ", \"drain_rounds\": %d, \"drain\": ", c->drain_rounds);
	rpt_put_json_str_or_null(out, c->drain_rounds ? c->drain_why : NULL);
	marked_keys(out, "drain_marked", c, RPT_MARK_DRAIN);
	for (cat = rpt_cat_first(RPT_OF_PTS); cat; cat = rpt_cat_next(cat)) {
		fprintf(out, ", \"%s\": ", cat->key);
		jnum(out, rpt_cat_pts(cat, c)->ok ? rpt_cat_pts(cat, c)->v : NAN);
	}
	fputs(", \"null_reasons\": {", out);
	for (cat = rpt_cat_first(RPT_OF_PTS); cat; cat = rpt_cat_next(cat)) {
		const struct rpt_fig *f = rpt_cat_pts(cat, c);

		if (f->ok)
			continue;
		fprintf(out, "%s\"%s\": ", sep, cat->key);
		rpt_put_json_str(out, f->why);
		sep = ", ";
	}
	fputs("}", out);
}

/* "header": the test's report header, its values as the text gives them, and
 * the purge method, write cache and WIPC as data */
static void json_header(FILE *out, const struct rpt_drive *d, const struct rpt_pts_test *t)
{
	static const char *const wc[] = { NULL, "unknown", "none", "disabled", "enabled", "mixed" };
	static const char *const keys[HDR_ROWS] = { "device", "specification", "purge",
		"preconditioning", "outstanding_io_active_range", "volatile_write_cache", "data_pattern",
		"steady_state", "dates" };
	char hv[HDR_ROWS][320];
	const char *hn[HDR_ROWS];

	header_rows(d, t, hv, hn);
	fputs(",\n        \"header\": {\"pts_version\": \"2.0.2\", \"purge_method\": ", out);
	rpt_put_json_str_or_null(out, *t->hdr.purge ? t->hdr.purge : NULL);
	fprintf(out, ", \"pts_purge\": %s, \"write_cache\": ", !*t->hdr.purge ? "null" :
		t->hdr.purge_is_pts ? "true" : "false");
	rpt_put_json_str_or_null(out, wc[t->hdr.write_cache <= RPT_PTS_WC_MIXED ?
					 t->hdr.write_cache : RPT_PTS_WC_UNKNOWN]);
	fputs(", \"wipc_bs\": ", out);
	jnum(out, t->hdr.wipc_bs > 0 ? t->hdr.wipc_bs : NAN);
	fputs(", \"wipc_capacities\": ", out);
	jnum(out, t->hdr.wipc_capacity > 0 ? t->hdr.wipc_capacity : NAN);
	if (t->hdr.t0_us > 0)
		fprintf(out, ", \"start_us\": %.0f, \"end_us\": %.0f", t->hdr.t0_us, t->hdr.t1_us);
	else
		fputs(", \"start_us\": null, \"end_us\": null", out);
	for (int i = 0; i < HDR_ROWS; i++) {
		fprintf(out, ", \"%s\": ", keys[i]);
		rpt_put_json_str(out, hv[i]);
	}
	fputs("}", out);
}

/* "convergence": each all-write cell's figure per round (the PTS's plots) */
static void json_convergence(FILE *out, const struct rpt_pts_test *t)
{
	fputs(",\n        \"convergence\": [", out);
	for (size_t c = 0; c < t->nconv; c++) {
		const struct rpt_pts_cell *cl = &t->cell[t->conv_cell[c]];

		fprintf(out, "%s{\"cell\": ", c ? ", " : "");
		rpt_put_json_str(out, cl->name);
		fputs(", \"bs\": ", out);
		jnum(out, cl->bs);
		fprintf(out, ", \"%s\": [", t->kind == RPT_PTS_K_IOPS ? "iops" : "lat_mean_us");
		for (int n = 0; n < t->nrounds; n++) {
			fputs(n ? ", " : "", out);
			jnum(out, t->conv_y[c * (size_t)t->nrounds + (size_t)n]);
		}
		fputs("]", out);
		if (t->conv_max) {
			fputs(", \"lat_max_us\": [", out);
			for (int n = 0; n < t->nrounds; n++) {
				fputs(n ? ", " : "", out);
				jnum(out, t->conv_max[c * (size_t)t->nrounds + (size_t)n]);
			}
			fputs("]", out);
		}
		fputs("}", out);
	}
	fputs("]", out);
}

void rpt_write_pts_json(FILE *out, const struct rpt_drive *d)
{
	const struct rpt_pts *p = d->pts;

	if (!p)
		return;
	fputs(",\n      \"pts\": {\"tests\": [", out);
	for (size_t i = 0; i < p->nt; i++) {
		const struct rpt_pts_test *t = &p->t[i];
		char line[512];

		fprintf(out, "%s\n      {\"test\": ", i ? "," : "");
		rpt_put_json_str(out, t->name);
		fprintf(out, ", \"kind\": \"%s\", \"rounds\": %d, \"steady\": %s, \"window\": [%d, %d], \"why\": ",
			rpt_pts_kind_title(t->kind), t->nrounds,
			t->steady == 1 ? "true" : t->steady == 0 ? "false" : "null", t->first, t->last);
		if (t->steady == 1)
			fputs("null", out);
		else
			rpt_put_json_str(out, t->why);
		fputs(", \"host_bound_rounds\": [", out);
		for (int r = t->first, n = 0; r <= t->last; r++)
			if (t->host_bound & 1u << (r - t->first))
				fprintf(out, "%s%d", n++ ? ", " : "", r);
		fputs("], \"host\": ", out);
		steady_host_line(line, sizeof(line), t);
		rpt_put_json_str_or_null(out, *line ? line : NULL);
		fputs(", \"conditions\": ", out);
		rpt_put_json_str_or_null(out, *t->cond ? t->cond : NULL);
		fputs(", \"pts_class\": ", out);
		rpt_put_json_str_or_null(out, t->pts_class);
		json_header(out, d, t);
		fputs(", \"tracks\": [", out);
		for (int k = 0; k < t->ntracks; k++) {
			const struct rpt_pts_window *w = &t->w[k];

			char name[128];

			spec_track(name, sizeof(name), t, k);
			fprintf(out, "%s{\"name\": ", k ? ", " : "");
			rpt_put_json_str(out, name);
			fputs(", \"job\": ", out);
			rpt_put_json_str(out, t->track[k].job);
			fprintf(out, ", \"dir\": \"%s\", \"figure\": \"%s\", \"rounds\": [",
				t->track[k].write ? "write" : "read",
				t->track[k].fig == RPT_PTS_IOPS ? "iops" :
				t->track[k].fig == RPT_PTS_MBPS ? "mbps" : "lat_us");
			for (int n = 0; n < t->nrounds; n++) {
				fputs(n ? ", " : "", out);
				jnum(out, t->y[k][n]);
			}
			fputs("], \"average\": ", out);
			jnum(out, t->steady >= 0 ? w->avg : NAN);
			fputs(", \"slope\": ", out);
			jnum(out, t->steady >= 0 ? w->slope : NAN);
			fputs(", \"intercept\": ", out);
			jnum(out, t->steady >= 0 ? w->intercept : NAN);
			fputs(", \"data_excursion\": ", out);
			jnum(out, t->steady >= 0 ? w->data_excursion : NAN);
			fputs(", \"slope_excursion\": ", out);
			jnum(out, t->steady >= 0 ? w->slope_excursion : NAN);
			fputs("}", out);
		}
		fputs("]", out);
		json_convergence(out, t);
		fputs(",\n        \"cells\": [", out);
		for (size_t c = 0; c < t->ncells; c++) {
			fputs(c ? "," : "", out);
			rpt_write_pts_cell_json_open(out, &t->cell[c]);
			fputc('}', out);
		}
		fputs("]", out);
		if (t->di)
			rpt_write_pts_di_json(out, t->di);
		fputs("}", out);
	}
	fputs("],\n      \"wsat\": ", out);
	if (!p->has_wsat) {
		fputs("null", out);
		rpt_write_pts_rec_json(out, p->rec);
		fputc('}', out);
		return;
	}
	fputs("{\"capacity_gb\": ", out);
	jnum(out, p->wsat.capacity_gb > 0 ? p->wsat.capacity_gb : NAN);
	fputs(", \"gb\": [", out);
	for (size_t i = 0; i < p->wsat.n; i++) {
		fputs(i ? ", " : "", out);
		jnum(out, p->wsat.gb[i]);
	}
	fputs("], \"minutes\": [", out);
	for (size_t i = 0; i < p->wsat.n; i++) {
		fputs(i ? ", " : "", out);
		jnum(out, p->wsat.min[i]);
	}
	fputs("], \"iops\": [", out);
	for (size_t i = 0; i < p->wsat.n; i++) {
		fputs(i ? ", " : "", out);
		jnum(out, p->wsat.iops[i]);
	}
	fputs("], \"throttle_gb\": ", out);
	jnum(out, p->wsat.throttled && !isnan(p->wsat.throttle_gb) ? p->wsat.throttle_gb : NAN);
	fputs(", \"throttle\": ", out);
	if (p->wsat.throttled)
		rpt_put_json_str(out, p->wsat.throttle_why);
	else
		fputs("null", out);
	fputs(", \"why\": ", out);
	if (p->wsat.n)
		fputs("null", out);
	else
		rpt_put_json_str(out, p->wsat.why);
	fputc('}', out);
	rpt_write_pts_rec_json(out, p->rec);
	fputc('}', out);
}

/* ---- HTML ---- */

/* Rounds against the tracking variable, and the window: its average, the
 * 20 % band the PTS draws (average +- 10 %) and the fitted line. */
static void html_rounds(struct rpt_charts *ch, const char *scope, const struct rpt_pts_test *t,
			int k, bool window)
{
	const struct rpt_pts_window *w = &t->w[k];
	int a = window ? w->first : 1, b = window ? w->last : t->nrounds, n = b - a + 1;
	double *x = calloc((size_t)n * 6, sizeof(double));
	double *y, *av, *hi, *lo, *fit;
	char title[256], yname[64], fig[64], spec[128];
	struct rpt_xy_series s[5];
	/* the window's chart zoomed to its rounds and its values, the band's 20 % */
	struct rpt_axis xa = { "round", RPT_AXIS_LINEAR, b, window, 1 };
	struct rpt_axis ya = { yname, RPT_AXIS_LINEAR, 0, window, 0 };
	size_t ns = 0;
	FILE *out;

	if (!x)
		return;
	y = x + n;
	av = y + n;
	hi = av + n;
	lo = hi + n;
	fit = lo + n;
	for (int i = 0; i < n; i++) {
		x[i] = a + i;
		y[i] = t->y[k][a - 1 + i];
		av[i] = w->avg;
		hi[i] = w->avg * 1.1;
		lo[i] = w->avg * 0.9;
		fit[i] = w->intercept + w->slope * (a + i - w->first);
	}
	snprintf(yname, sizeof(yname), "%s", track_unit(&t->track[k]));
	spec_track(spec, sizeof(spec), t, k);
	snprintf(title, sizeof(title), "%s: %s %s", t->name, spec,
		 window ? "over the window" : "per round");
	snprintf(fig, sizeof(fig), "%s-%s%s", window ? "window" : "rounds", t->track[k].job,
		 t->track[k].write ? "-write" : "-read");
	s[ns++] = (struct rpt_xy_series){ .name = t->track[k].job, .x = x, .y = y, .n = (size_t)n,
					  .color = rpt_svg_color(0) };
	if (t->steady >= 0 && (window || t->steady == 1)) {
		/* on the convergence chart the lines span the window only */
		int off = window ? 0 : w->first - a, m = window ? n : RPT_PTS_WINDOW;

		s[ns++] = (struct rpt_xy_series){ .name = "window average", .x = x + off, .y = av + off,
						  .n = (size_t)m, .color = "#333" };
		s[ns++] = (struct rpt_xy_series){ .name = "110 % of the average", .x = x + off,
						  .y = hi + off, .n = (size_t)m, .color = "#999",
						  .dash = "6 4" };
		s[ns++] = (struct rpt_xy_series){ .name = "90 % of the average", .x = x + off,
						  .y = lo + off, .n = (size_t)m, .color = "#999",
						  .dash = "6 4" };
		s[ns++] = (struct rpt_xy_series){ .name = "least-squares line", .x = x + off,
						  .y = fit + off, .n = (size_t)m,
						  .color = rpt_svg_color(1), .dash = "2 3" };
	}
	out = rpt_html_figure(ch, false, scope, t->name, fig);
	if (out) {
		struct rpt_svg_head h = { title, title, RPT_SVG_HALF };

		rpt_svg_xy(out, &h, &xa, &ya, s, ns, NULL, 0);
		rpt_html_figure_end(ch);
	}
	free(x);
}

static void html_grid(FILE *out, const struct rpt_pts_test *t, const struct rpt_cat *c)
{
	double bs[MAXAX];
	int mix[MAXAX];
	size_t nmix, nb = axes(t, bs, mix, &nmix);
	char bsl[24];

	fprintf(out, "<div class=\"tw\"><table><caption>%s (%s), window average</caption>"
		"<tr><th rowspan=\"2\">block size</th><th colspan=\"%zu\">R/W mix %%</th></tr><tr>",
		c->head, c->unit, nmix);
	for (size_t m = 0; m < nmix; m++)
		fprintf(out, "<th>%d/%d</th>", mix[m], 100 - mix[m]);
	fputs("</tr>\n", out);
	for (size_t b = 0; b < nb; b++) {
		fprintf(out, "<tr><td>%s</td>", pts_bs(bsl, sizeof(bsl), bs[b]));
		for (size_t m = 0; m < nmix; m++) {
			const struct rpt_pts_cell *cl = cell_at(t, bs[b], mix[m]);

			if (cl)
				rpt_html_td(out, rpt_cat_pts(c, cl), c->digits);
			else
				fputs("<td class=\"null\" title=\"not applicable: below the drive's LBA "
				      "size (NVMe moves whole LBAs), not run\">n/a</td>", out);
		}
		fputs("</tr>\n", out);
	}
	fputs("</table></div>\n", out);
}

static void html_cells(FILE *out, const struct rpt_pts_test *t)
{
	fputs("<div class=\"tw\"><table><tr><th>cell</th><th>R/W</th><th>bs</th>", out);
	for (const char *const *key = keys_of(t->kind); *key; key++)
		fprintf(out, "<th>%s</th>", rpt_cat_find(RPT_OF_PTS, *key)->head);
	fputs("</tr>\n", out);
	for (size_t i = 0; i < t->ncells; i++) {
		const struct rpt_pts_cell *c = &t->cell[i];
		char bsl[16] = "–";

		if (c->bs > 0)
			rpt_fmt_bs(bsl, sizeof(bsl), c->bs);
		fputs("<tr><td>", out);
		rpt_put_html(out, c->name);
		if (c->mix >= 0)
			fprintf(out, "</td><td>%d/%d</td>", c->mix, 100 - c->mix);
		else
			fputs("</td><td>–</td>", out);
		fprintf(out, "<td>%s</td>", bsl);
		for (const char *const *key = keys_of(t->kind); *key; key++) {
			const struct rpt_cat *cat = rpt_cat_find(RPT_OF_PTS, *key);

			rpt_html_td(out, rpt_cat_pts(cat, c), cat->digits);
		}
		fputs("</tr>\n", out);
	}
	fputs("</table></div>\n", out);
}

/* The header of a test, as the PTS heads each report page. */
static void html_header(FILE *out, const struct rpt_drive *d, const struct rpt_pts_test *t)
{
	char hv[HDR_ROWS][320];
	const char *hn[HDR_ROWS];

	header_rows(d, t, hv, hn);
	fputs("<div class=\"tw\"><table class=\"pts-head\">", out);
	for (int i = 0; i < HDR_ROWS; i++) {
		fprintf(out, "<tr><th>%s</th><td%s>", hn[i],
			(i == 2 && *t->hdr.purge && !t->hdr.purge_is_pts) || (i == 7 && t->steady != 1) ?
			" class=\"warn\"" : "");
		rpt_put_html(out, hv[i]);
		fputs("</td></tr>\n", out);
	}
	fputs("</table></div>\n", out);
}

/* The convergence plot of every block size (IOPS), or of the mean or the
 * maximum latency: each all-write cell's figure per round. */
static void html_convergence(struct rpt_charts *ch, const char *scope, const struct rpt_pts_test *t,
			     const double *v, const char *what, const char *unit, const char *fig)
{
	struct rpt_xy_series s[MAXAX];
	struct rpt_axis xa = { .name = "round", .kind = RPT_AXIS_LINEAR, .hi = t->nrounds }, ya = { .name = unit, .kind = RPT_AXIS_LOG, .hi = 0 };
	double *x = calloc((size_t)t->nrounds, sizeof(*x));
	char title[256], name[MAXAX][48];
	size_t ns = 0;
	FILE *out;

	if (!x || !t->nconv)
		goto out;
	for (int n = 0; n < t->nrounds; n++)
		x[n] = n + 1;
	for (size_t c = 0; c < t->nconv && ns < MAXAX; c++) {
		pts_bs(name[ns], sizeof(name[ns]), t->cell[t->conv_cell[c]].bs);
		s[ns] = (struct rpt_xy_series){ .name = name[ns], .x = x,
						.y = v + c * (size_t)t->nrounds,
						.n = (size_t)t->nrounds, .color = rpt_svg_color(ns) };
		ns++;
	}
	snprintf(title, sizeof(title), "%s: steady-state convergence, %s, RND 100%% W, every block size",
		 t->name, what);
	out = rpt_html_figure(ch, false, scope, t->name, fig);
	if (out) {
		struct rpt_svg_head h = { title, title, RPT_SVG_HALF };

		rpt_svg_xy(out, &h, &xa, &ya, s, ns, NULL, 0);
		rpt_html_figure_end(ch);
	}
out:
	free(x);
}

/* A 2D plot: a figure against block size, one line per R/W mix. */
static void html_2d(struct rpt_charts *ch, const char *scope, const struct rpt_pts_test *t,
		    const struct rpt_cat *c, const char *fig)
{
	double bs[MAXAX], x[MAXAX][MAXAX], y[MAXAX][MAXAX];
	int mix[MAXAX];
	size_t nmix, nb = axes(t, bs, mix, &nmix), ns = 0;
	struct rpt_xy_series s[MAXAX];
	struct rpt_axis xa = { .name = "block size (KiB)", .kind = RPT_AXIS_LOG, .hi = 0 }, ya = { .name = c->unit, .kind = RPT_AXIS_LOG, .hi = 0 };
	char name[MAXAX][32], title[256];
	FILE *out;

	for (size_t m = 0; m < nmix; m++) {
		size_t n = 0;

		for (size_t b = 0; b < nb; b++) {
			const struct rpt_pts_cell *cl = cell_at(t, bs[b], mix[m]);
			const struct rpt_fig *f = cl ? rpt_cat_pts(c, cl) : NULL;

			if (f && f->ok && f->v > 0) {
				x[m][n] = bs[b] / 1024;
				y[m][n++] = f->v;
			}
		}
		if (n < 2)	/* a line needs two block sizes */
			continue;
		snprintf(name[ns], sizeof(name[ns]), "%d/%d R/W", mix[m], 100 - mix[m]);
		s[ns] = (struct rpt_xy_series){ .name = name[ns], .x = x[m], .y = y[m], .n = n,
						.color = rpt_svg_color(ns) };
		ns++;
	}
	if (!ns)
		return;
	snprintf(title, sizeof(title), "%s: %s against block size, a line per R/W mix", t->name,
		 c->head);
	out = rpt_html_figure(ch, false, scope, t->name, fig);
	if (out) {
		struct rpt_svg_head h = { title, title, RPT_SVG_HALF };

		rpt_svg_xy(out, &h, &xa, &ya, s, ns, NULL, 0);
		rpt_html_figure_end(ch);
	}
}

/* The IOPS matrix as a heat map: block size x R/W mix, the PTS's orientation. */
static void html_heat(struct rpt_charts *ch, const char *scope, const struct rpt_pts_test *t)
{
	const struct rpt_cat *c = rpt_cat_find(RPT_OF_PTS, "iops");
	double bs[MAXAX], v[MAXAX * MAXAX];
	int mix[MAXAX];
	size_t nmix, nb = axes(t, bs, mix, &nmix);
	char rl[MAXAX][24], cl[MAXAX][16], title[256];
	const char *rows[MAXAX], *cols[MAXAX];
	struct rpt_heat m = { "block size", "R/W mix %", rows, cols, nb, nmix, v, "n/a",
			      "IOPS", c->digits };
	FILE *out;

	for (size_t b = 0; b < nb; b++) {
		rows[b] = pts_bs(rl[b], sizeof(rl[b]), bs[b]);
		for (size_t k = 0; k < nmix; k++) {
			const struct rpt_pts_cell *x = cell_at(t, bs[b], mix[k]);
			const struct rpt_fig *f = x ? rpt_cat_pts(c, x) : NULL;

			v[b * nmix + k] = f && f->ok ? f->v : NAN;
		}
	}
	for (size_t k = 0; k < nmix; k++) {
		snprintf(cl[k], sizeof(cl[k]), "%d/%d", mix[k], 100 - mix[k]);
		cols[k] = cl[k];
	}
	snprintf(title, sizeof(title), "%s: IOPS, block size x R/W mix (window average)", t->name);
	out = rpt_html_figure(ch, false, scope, t->name, "heat-iops");
	if (out) {
		struct rpt_svg_head h = { title, title, 0 };

		rpt_svg_heat(out, &h, &m);
		rpt_html_figure_end(ch);
	}
}

static void html_test(struct rpt_charts *ch, const char *scope, const struct rpt_drive *d,
		      const struct rpt_pts_test *t)
{
	FILE *out = ch->html;
	char line[512], hline[HOST_LINE];

	window_line(line, sizeof(line), t);
	fprintf(out, "<h4>SNIA PTS %s: ", rpt_pts_kind_title(t->kind));
	rpt_put_html(out, t->name);
	fprintf(out, "</h4>\n<p class=\"%s\">", t->steady == 1 ? "" : "warn");
	rpt_put_html(out, line);
	fputs("</p>\n", out);
	cond_line(line, sizeof(line), t);
	if (*line) {
		fputs("<p>", out);
		rpt_put_html(out, line);
		fputs("</p>\n", out);
	}
	throttle_line(line, sizeof(line), t);
	if (*line) {
		fputs("<p class=\"warn\">", out);
		rpt_put_html(out, line);
		fputs("</p>\n", out);
	}
	steady_host_line(line, sizeof(line), t);
	if (*line) {
		fputs("<p class=\"warn\">! ", out);
		rpt_put_html(out, line);
		fputs("</p>\n", out);
	}
	cells_line(hline, sizeof(hline), t, false);
	if (*hline) {
		fputs("<p class=\"warn\">! ", out);
		rpt_put_html(out, hline);
		fputs("</p>\n", out);
	}
	cells_line(hline, sizeof(hline), t, true);
	if (*hline) {
		fputs("<p class=\"warn\">^ ", out);
		rpt_put_html(out, hline);
		fputs("</p>\n", out);
	}
	html_header(out, d, t);
	for (int k = 0; k < t->ntracks; k++) {
		const struct rpt_pts_window *w = &t->w[k];

		spec_track(line, sizeof(line), t, k);
		fputs("<p>Tracking variable: ", out);
		rpt_put_html(out, line);
		fprintf(out, " (job %s)", t->track[k].job);
		if (t->steady >= 0)
			fprintf(out, ": window rounds %d–%d, range %.1f %% of the average (PTS: at most %.0f %%), "
				"fitted line moves %.1f %% (at most %.0f %%)", w->first, w->last, w->data_excursion * 100,
				RPT_PTS_DATA_EXCURSION * 100, w->slope_excursion * 100,
				RPT_PTS_SLOPE_EXCURSION * 100);
		fputs("</p>\n<div class=\"figs\">\n", out);
		html_rounds(ch, scope, t, k, false);
		if (t->steady >= 0)
			html_rounds(ch, scope, t, k, true);
		fputs("</div>\n", out);
	}
	fputs("<div class=\"figs\">\n", out);
	if (t->kind == RPT_PTS_K_IOPS) {
		html_convergence(ch, scope, t, t->conv_y, "IOPS", "IOPS", "conv-iops");
		html_2d(ch, scope, t, rpt_cat_find(RPT_OF_PTS, "iops"), "2d-iops");
	} else if (t->kind == RPT_PTS_K_LATENCY) {
		html_convergence(ch, scope, t, t->conv_y, "mean response time", "µs", "conv-lat-mean");
		html_convergence(ch, scope, t, t->conv_max, "maximum response time", "µs",
				 "conv-lat-max");
		html_2d(ch, scope, t, rpt_cat_find(RPT_OF_PTS, "lat_mean_us"), "2d-lat-mean");
		html_2d(ch, scope, t, rpt_cat_find(RPT_OF_PTS, "lat_max_us"), "2d-lat-max");
	}
	if (t->kind == RPT_PTS_K_IOPS)
		html_heat(ch, scope, t);
	fputs("</div>\n", out);
	if (t->kind == RPT_PTS_K_IOPS)
		for (const char *const *key = keys_of(t->kind); *key; key++)
			html_grid(out, t, rpt_cat_find(RPT_OF_PTS, *key));
	else
		html_cells(out, t);
	if (t->di)
		rpt_html_pts_di(ch, scope, t->name, t->di, t->kind == RPT_PTS_K_DIRTH);
}

/* Throughput against block size across the drive's throughput tests (the
 * PTS's 2D plot): a line for reads, one for writes. */
static void html_throughput_2d(struct rpt_charts *ch, const char *scope, const struct rpt_pts *p)
{
	double x[2][MAXAX], y[2][MAXAX];
	size_t n[2] = { 0 };
	struct rpt_axis xa = { .name = "block size (KiB)", .kind = RPT_AXIS_LOG, .hi = 0 }, ya = { .name = "MB/s", .kind = RPT_AXIS_LINEAR, .hi = 0 };
	struct rpt_xy_series s[2];
	FILE *out;

	for (size_t i = 0; i < p->nt; i++)
		for (size_t c = 0; p->t[i].kind == RPT_PTS_K_THROUGHPUT && c < p->t[i].ncells; c++) {
			const struct rpt_pts_cell *cl = &p->t[i].cell[c];
			int k = cl->mix == 100 ? 0 : cl->mix == 0 ? 1 : -1;

			if (k < 0 || !cl->mbps.ok || n[k] == MAXAX)
				continue;
			x[k][n[k]] = cl->bs / 1024;
			y[k][n[k]++] = cl->mbps.v;
		}
	if (n[0] < 2 || n[1] < 2)	/* a line needs both block sizes */
		return;
	for (int k = 0; k < 2; k++)	/* by block size */
		for (size_t i = 1; i < n[k]; i++)
			for (size_t j = i; j > 0 && x[k][j] < x[k][j - 1]; j--) {
				double a = x[k][j], b = y[k][j];

				x[k][j] = x[k][j - 1];
				y[k][j] = y[k][j - 1];
				x[k][j - 1] = a;
				y[k][j - 1] = b;
			}
	s[0] = (struct rpt_xy_series){ .name = "SEQ 100% R", .x = x[0], .y = y[0], .n = n[0],
				       .color = rpt_svg_color(0) };
	s[1] = (struct rpt_xy_series){ .name = "SEQ 100% W", .x = x[1], .y = y[1], .n = n[1],
				       .color = rpt_svg_color(1) };
	fputs("<div class=\"figs\">\n", ch->html);
	out = rpt_html_figure(ch, false, scope, "throughput", "2d-mbps");
	if (out) {
		struct rpt_svg_head h = { "Throughput against block size (window averages)",
					  "Throughput: MB/s against block size, sequential read and write",
					  RPT_SVG_HALF };

		rpt_svg_xy(out, &h, &xa, &ya, s, 2, NULL, 0);
		rpt_html_figure_end(ch);
	}
	fputs("</div>\n", ch->html);
}

static void html_wsat(struct rpt_charts *ch, const char *scope, const struct rpt_pts_wsat *ws)
{
	struct rpt_axis xa = { .name = "GB written", .kind = RPT_AXIS_LINEAR };
	struct rpt_axis ya = { .name = "IOPS", .kind = RPT_AXIS_LINEAR };
	struct rpt_xy_series s = { .name = "4 KiB random write IOPS", .x = ws->gb, .y = ws->iops,
				   .n = ws->n, .color = rpt_svg_color(0) };
	struct rpt_xy_mark m[5];
	char lab[4][32], line[512];
	size_t nm = 0;
	FILE *out;

	fputs("<h4>SNIA PTS write saturation</h4>\n", ch->html);
	if (!ws->n) {
		fputs("<p class=\"warn\">", ch->html);
		rpt_put_html(ch->html, ws->why);
		fputs("</p>\n", ch->html);
		return;
	}
	for (int i = 1; i <= 4 && ws->capacity_gb > 0; i++)
		if (ws->capacity_gb * i <= ws->gb[ws->n - 1] * 1.01) {
			snprintf(lab[nm], sizeof(lab[nm]), "%d x capacity", i);
			m[nm] = (struct rpt_xy_mark){ .x = ws->capacity_gb * i, .label = lab[nm],
						      .color = "#999" };
			nm++;
		}
	wsat_throttle_line(line, sizeof(line), ws);
	if (*line) {
		fputs("<p class=\"warn\">", ch->html);
		rpt_put_html(ch->html, line);
		fputs("</p>\n", ch->html);
	}
	if (ws->throttled && !isnan(ws->throttle_gb))
		m[nm++] = (struct rpt_xy_mark){ .x = ws->throttle_gb, .label = "throttled (SMART)",
						.color = "#c00" };
	fputs("<div class=\"figs\">\n", ch->html);
	out = rpt_html_figure(ch, true, scope, "wsat", "iops-gb");
	if (out) {
		struct rpt_svg_head h = { "WSAT: IOPS against GB written",
					  "WSAT: 4 KiB random write IOPS against GB written since the purge", 0 };

		rpt_svg_xy(out, &h, &xa, &ya, &s, 1, m, nm);
		rpt_html_figure_end(ch);
	}
	out = rpt_html_figure(ch, true, scope, "wsat", "iops-time");
	if (out) {
		struct rpt_axis ta = { .name = "minutes since the purge (a scaled model's: the full drive's)",
				       .kind = RPT_AXIS_LINEAR };
		struct rpt_xy_series st = s;
		struct rpt_svg_head h = { "WSAT: IOPS against time",
					  "WSAT: 4 KiB random write IOPS against time since the purge", 0 };

		st.x = ws->min;
		rpt_svg_xy(out, &h, &ta, &ya, &st, 1, NULL, 0);
		rpt_html_figure_end(ch);
	}
	fputs("</div>\n", ch->html);
}

int rpt_html_pts(struct rpt_charts *ch, const char *scope, const struct rpt_drive *d)
{
	if (!d->pts)
		return 0;
	fputs("<h3 class=\"sec\">", ch->html);
	rpt_put_html(ch->html, d->name);
	fputs(": SNIA PTS v2.0.2</h3>\n<p>Every cell averaged over its test's measurement window "
	      "(the rounds the steady-state rule names); power, efficiency and temperature over the "
	      "same cells, which PTS reports lack.</p>\n", ch->html);
	for (size_t i = 0; i < d->pts->nt; i++)
		html_test(ch, scope, d, &d->pts->t[i]);
	html_throughput_2d(ch, scope, d->pts);
	if (d->pts->has_wsat)
		html_wsat(ch, scope, &d->pts->wsat);
	rpt_html_pts_rec(ch, scope, d->pts->rec);
	return ferror(ch->html) ? -EIO : 0;
}
