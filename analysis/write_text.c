// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "writers.h"

static void cell(FILE *out, int width, int prec, const struct rpt_fig *f)
{
	if (f->ok)
		fprintf(out, " %*.*f", width, prec, f->v);
	else
		fprintf(out, " %*s", width, "-");
}

static void fill_line(FILE *out, const char *label, const struct rpt_fig *f,
		      const char *unit, const struct rpt_fig *same)
{
	if (f->ok)
		fprintf(out, "    %-17s %10.2f %s\n", label, f->v, unit);
	else if (f != same && !strcmp(f->why, same->why))
		fprintf(out, "    %-17s %10s    (as above)\n", label, "-");
	else
		fprintf(out, "    %-17s %10s    (%s)\n", label, "-", f->why);
}

static void fill(FILE *out, const struct rpt_fill *f)
{
	size_t i;

	fprintf(out, "  fill: %.2f GB written", f->gb_written);
	if (f->scale > 1)
		fprintf(out, " (model scaled 1/%.10g: GB of the full drive, bytes x %.10g; speeds as measured)",
			f->scale, f->scale);
	fputc('\n', out);
	fill_line(out, "SLC cache", &f->slc_cache_gb, "GB", &f->slc_cache_gb);
	fill_line(out, "in-cache", &f->in_cache_mbps, "MB/s", &f->slc_cache_gb);
	fill_line(out, "post-cache", &f->post_cache_mbps, "MB/s", &f->slc_cache_gb);
	fill_line(out, "last 16 GB", &f->last16_mbps, "MB/s", &f->slc_cache_gb);
	fill_line(out, "overall", &f->overall_mbps, "MB/s", &f->slc_cache_gb);
	for (i = 0; i < f->nphases; i++)
		fprintf(out, "    phase %-2zu %8.2f - %8.2f GB %10.1f MB/s\n", i + 1,
			f->phases[i].start_gb, f->phases[i].end_gb, f->phases[i].mbps);
	fputs("    MB/s per GB:", out);
	for (i = 0; i < f->nsegments; i++)
		fprintf(out, "%s%6.0f", i % 12 ? "" : "\n     ", f->segment_mbps[i]);
	fputc('\n', out);
}

/* The reasons for the job's nulls, each reason once with all its keys. */
static void reasons(FILE *out, const struct rpt_job *j)
{
	const char *keys[RPT_JOB_NFIGS];
	const struct rpt_fig *f[RPT_JOB_NFIGS];
	bool done[RPT_JOB_NFIGS] = { false };
	size_t i, k;

	rpt_job_figures(j, keys, f);
	for (i = 0; i < RPT_JOB_NFIGS; i++) {
		if (f[i]->ok || done[i])
			continue;
		fprintf(out, "  - %s", keys[i]);
		for (k = i + 1; k < RPT_JOB_NFIGS; k++) {
			if (!f[k]->ok && !done[k] && !strcmp(f[k]->why, f[i]->why)) {
				fprintf(out, ", %s", keys[k]);
				done[k] = true;
			}
		}
		fprintf(out, ": %s\n", f[i]->why);
	}
	if (!j->has_fill && strncmp(j->fill_why, "not a sequential write", 22))
		fprintf(out, "  - fill: %s\n", j->fill_why);
	for (i = 0; i < j->notes.n; i++)
		fprintf(out, "  ! %s\n", j->notes.msg[i]);
}

static void drive(FILE *out, const struct rpt_report *r, const struct rpt_drive *dr)
{
	char note[64];
	size_t k;

	fprintf(out, "#### drive: %s (%s)\n", dr->name, dr->dir);
	if (dr->dev.present) {
		fprintf(out, "  device.json: %s", dr->dev.model ? dr->dev.model : "(no model)");
		if (dr->dev.serial)
			fprintf(out, ", serial %s", dr->dev.serial);
		if (dr->dev.firmware)
			fprintf(out, ", firmware %s", dr->dev.firmware);
		if (dr->dev.preset)
			fprintf(out, ", ssdq drive model %s", dr->dev.preset);
		fputc('\n', out);
	}
	if (dr->dev.scale > 1)
		fprintf(out, "  %s: sizes are the full drive's (bytes x %.10g), speeds and power as measured\n",
			rpt_scale_note(note, sizeof(note), &dr->dev), dr->dev.scale);
	for (k = 0; k < dr->diag.n; k++)
		fprintf(out, "%s %s\n", dr->diag.level[k] == RPT_ERROR ? "error:" : "warning:",
			dr->diag.msg[k]);
	(void)r;
}

static void test_text(FILE *out, const struct rpt_test *t)
{
	size_t k;

	fprintf(out, "== %s (%s)\n", t->name, t->path);
	{
		for (k = 0; k < t->diag.n; k++)
			fprintf(out, "%s %s\n", t->diag.level[k] == RPT_ERROR ?
				"error:" : "warning:", t->diag.msg[k]);
		if (!t->njobs)
			return;
		fprintf(out, "%-16s %-9s %5s %4s %9s %10s %7s %8s %9s %9s %9s  %s\n",
			"job", "rw", "bs", "QD", "MB/s", "IOPS", "W", "MB/s/W",
			"lat mean", "p99", "p99.99", "(µs)");
		for (k = 0; k < t->njobs; k++) {
			const struct rpt_job *j = &t->jobs[k];
			char bs[16] = "-";

			if (j->bs.ok)
				rpt_fmt_bs(bs, sizeof(bs), j->bs.v);
			fprintf(out, "%-16.16s %-9.9s %5s", j->name, j->rw, bs);
			cell(out, 4, 0, &j->iodepth);
			cell(out, 9, 1, &j->mbps);
			cell(out, 10, 0, &j->iops);
			cell(out, 7, 2, &j->power_w);
			cell(out, 8, 1, &j->mbps_per_w);
			cell(out, 9, 1, &j->lat_mean_us);
			cell(out, 9, 1, &j->lat_p99_us);
			cell(out, 9, 1, &j->lat_p9999_us);
			fprintf(out, "  %s", j->lat_kind ? j->lat_kind : "");
			if (j->njobs > 1)
				fprintf(out, ", %u jobs", j->njobs);
			fputc('\n', out);
		}
		for (k = 0; k < t->njobs; k++) {
			const struct rpt_job *j = &t->jobs[k];

			fprintf(out, "%s:\n", j->name);
			if (j->has_fill)
				fill(out, &j->fill);
			if (j->power_w.ok)
				fprintf(out, "  power %.3f W, energy %.2f J, peak (100 ms) %s%.3f W\n",
					j->power_w.v, j->energy_j.v,
					j->peak_power_w.ok ? "" : "- ",
					j->peak_power_w.ok ? j->peak_power_w.v : 0);
			reasons(out, j);
		}
	}
}

int rpt_write_text(FILE *out, const struct rpt_report *r)
{
	bool headers = r->nd > 1;
	size_t i, k, done = 0;

	for (i = 0; i < r->nd; i++)
		if (r->d[i].dev.present || r->d[i].diag.n)
			headers = true;
	for (i = 0; i < r->nd; i++) {
		const struct rpt_drive *dr = &r->d[i];

		if (headers) {
			fputs(done ? "\n" : "", out);
			drive(out, r, dr);
		}
		for (k = 0; k < dr->ntests; k++, done++) {
			fputs(done || headers ? "\n" : "", out);
			test_text(out, &r->t[dr->test[k]]);
		}
	}
	return ferror(out) ? -EIO : 0;
}
