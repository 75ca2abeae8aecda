// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "writers.h"

char *rpt_fmt_tq(char *buf, size_t len, const struct rpt_job *j)
{
	if (j->threads && j->iodepth.ok)
		snprintf(buf, len, "T%uQ%.0f", j->threads, j->iodepth.v);
	else if (j->threads)
		snprintf(buf, len, "T%u", j->threads);
	else if (j->iodepth.ok)
		snprintf(buf, len, "Q%.0f", j->iodepth.v);
	else
		snprintf(buf, len, "-");
	return buf;
}

char *rpt_fmt_series_param(char *buf, size_t len, enum rpt_series_kind kind, double v)
{
	if (kind == RPT_SERIES_BS)
		return rpt_fmt_bs(buf, len, v);
	snprintf(buf, len, kind == RPT_SERIES_MIX ? "%.0f%%" : "%.0f", v);
	return buf;
}

char *rpt_fmt_bs(char *buf, size_t len, double bytes)
{
	static const char unit[] = "kMGT";
	uint64_t b = (uint64_t)bytes;
	int u = -1;

	while (b >= 1024 && !(b % 1024) && u < 3) {
		b /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, len, "%llu", (unsigned long long)b);
	else
		snprintf(buf, len, "%llu%c", (unsigned long long)b, unit[u]);
	return buf;
}

void rpt_put_csv(FILE *out, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

void rpt_put_json_num(FILE *out, double v)
{
	if (isfinite(v))
		fprintf(out, "%.10g", v);
	else
		fputs("null", out);
}

void rpt_put_json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

void rpt_put_json_str_or_null(FILE *out, const char *s)
{
	if (s)
		rpt_put_json_str(out, s);
	else
		fputs("null", out);
}

void rpt_put_html(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&#39;", out); break;
		default: fputc(*s, out);
		}
	}
}

char *rpt_basis_note(char *buf, size_t len, const struct rpt_device *dev)
{
	char note[64];

	if (dev && dev->scale > 1)
		snprintf(buf, len, "%s: sizes, times and energies are the full drive's (the run's "
			 "x %.10g); rates, power, latency and temperature as measured",
			 rpt_scale_note(note, sizeof(note), dev), dev->scale);
	else if (len)
		buf[0] = '\0';
	return buf;
}

char *rpt_scale_note(char *buf, size_t len, const struct rpt_device *dev)
{
	if (dev && dev->scale > 1)
		snprintf(buf, len, "model scaled 1/%.10g", dev->scale);
	else if (len)
		buf[0] = '\0';
	return buf;
}

char *rpt_fmt_drive_power(char *buf, size_t len, const struct rpt_job *j)
{
	const struct rpt_drive_figs *dr = &j->drive;
	char acc[24] = "", cmp[160] = "";

	if (!dr->source[0])
		return NULL;
	if (dr->accuracy_pct >= 0)
		snprintf(acc, sizeof(acc), ", ±%d %%", dr->accuracy_pct);
	if (!dr->energy_j.ok) {
		snprintf(buf, len, "the drive's own (%s%s): – (%s)", dr->source, acc,
			 dr->energy_j.why);
		return buf;
	}
	if (dr->vs_meter_pct.ok)
		snprintf(cmp, sizeof(cmp), "; against the meter %+.2f %%%s%s%s", dr->vs_meter_pct.v,
			 dr->within ? ", " : "", dr->within ? dr->within : "",
			 dr->within ? " its stated accuracy" : ", no accuracy stated");
	snprintf(buf, len, "the drive's own (%s%s%s): %.3f W, %.1f J, largest interval %.3f W%s",
		 dr->source, dr->estimated ? ", estimated" : "", acc, dr->power_w.v,
		 dr->energy_j.v, dr->max_w.ok ? dr->max_w.v : NAN, cmp);
	return buf;
}

int rpt_file_close(FILE *f, const char *path, char *err_path, size_t len)
{
	int ret = ferror(f) ? -EIO : 0;

	if (fclose(f) && !ret)
		ret = -errno;
	if (ret)
		snprintf(err_path, len, "%s", path);
	return ret;
}
