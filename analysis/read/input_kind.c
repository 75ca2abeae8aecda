// SPDX-License-Identifier: GPL-2.0-only
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hist_log.h"
#include "input_kind.h"
#include "reader_log.h"

#define JSON_HOWTO "ssdq-report reads fio's JSON: run the job again with --output-format=json+ (or json) --output=NAME.json, or --output-format=normal,json+ to keep this output too"

/* @needle in the first @len bytes of @text */
static bool has(const char *text, size_t len, const char *needle)
{
	return memmem(text, len, needle, strlen(needle)) != NULL;
}

/* The "fio-X.Y..." line of normal output, into @v. */
static void version_line(const char *text, size_t len, char *v, size_t vlen)
{
	const char *p = text, *e = text + len;

	while (p < e) {
		const char *nl = memchr(p, '\n', e - p);
		size_t n = (nl ? nl : e) - p;

		if (n > 4 && n < vlen && !strncmp(p, "fio-", 4) && p[4] >= '0' && p[4] <= '9') {
			memcpy(v, p, n);
			v[n] = '\0';
			if (n && v[n - 1] == '\r')
				v[n - 1] = '\0';
			return;
		}
		p = nl ? nl + 1 : e;
	}
}

/*
 * fio's messages alone: the first line "fio: ..." or "Bad option ...", no
 * JSON after it. Its lines, joined by "; ", into @v.
 */
static bool fio_messages(const char *text, size_t len, char *v, size_t vlen)
{
	const char *p = text, *e = text + len;
	size_t at = 0;

	while (p < e && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
		p++;
	if ((size_t)(e - p) < 5 || (strncmp(p, "fio: ", 5) && strncmp(p, "Bad option", 10)))
		return false;
	while (p < e && vlen) {
		const char *nl = memchr(p, '\n', e - p);
		size_t n = (nl ? nl : e) - p;

		while (n && (p[n - 1] == '\r' || p[n - 1] == ' '))
			n--;
		if (n && at + 3 < vlen)
			at += (size_t)snprintf(v + at, vlen - at, "%s%.*s", at ? "; " : "", (int)n, p);
		p = nl ? nl + 1 : e;
	}
	return true;
}

/* A latency histogram log (hist_log.h): its first line one of fio's intervals. */
static bool hist_log(const char *text, size_t len)
{
	struct rpt_hist_reader *r = malloc(sizeof(*r));
	struct rpt_hist_line l;
	bool yes;

	if (!r || rpt_hist_open_mem(r, "", text, len)) {
		free(r);
		return false;
	}
	yes = rpt_hist_next(r, &l) == 1;
	rpt_hist_close(r);
	free(r);
	return yes;
}

enum rpt_input_kind rpt_input_kind(const char *text, size_t len, char *version, size_t vlen)
{
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	size_t i, lines = 0;
	int score = 0, ret;

	if (vlen)
		version[0] = '\0';
	if (len > RPT_INPUT_SNIFF_BYTES)
		len = RPT_INPUT_SNIFF_BYTES;
	for (i = 0; i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' ||
				text[i] == '\n'); i++)
		;
	if (i == len)
		return RPT_INPUT_EMPTY;
	/* fio's normal output: its job lines, run status, latency lines */
	score += has(text, len, ": (groupid=");
	score += has(text, len, "Run status group");
	score += has(text, len, ": (g=");
	score += has(text, len, "clat percentiles") || has(text, len, "clat (");
	score += has(text, len, "IOPS=") || has(text, len, "iops=");
	score += has(text, len, "IO depths");
	if (score >= 2) {
		version_line(text, len, version, vlen);
		return RPT_INPUT_FIO_NORMAL;
	}
	if (has(text, len, "\"fio version\"") || has(text, len, "\"jobs\""))
		return RPT_INPUT_FIO_JSON;
	/* a fio log: its first lines all samples (a cut last line aside) */
	rpt_log_open_mem(&r, "", text, len);
	while (lines < 8 && (ret = rpt_log_next(&r, &s)) == 1)
		lines++;
	if (lines && (lines == 8 || ret == 0 || r.pos + 256 >= len))
		return RPT_INPUT_FIO_LOG;
	if (hist_log(text, len))
		return RPT_INPUT_FIO_HIST_LOG;
	if (fio_messages(text, len, version, vlen))
		return RPT_INPUT_FIO_ERROR;
	return RPT_INPUT_OTHER;
}

/* The kind of fio log by its name: _bw, _iops, _lat, _clat, _slat. */
static const char *log_type(const char *file)
{
	const char *b = strrchr(file, '/');

	b = b ? b + 1 : file;
	if (strstr(b, "_bw."))
		return "a bw log";
	if (strstr(b, "_iops."))
		return "an iops log";
	if (strstr(b, "_clat.") || strstr(b, "_slat.") || strstr(b, "_lat."))
		return "a latency log";
	return "a fio log";
}

char *rpt_input_advice(char *buf, size_t len, const char *file, enum rpt_input_kind kind,
		       const char *version)
{
	switch (kind) {
	case RPT_INPUT_EMPTY:
		snprintf(buf, len, "%s: empty file: no fio output in it (did fio fail before it wrote any?)",
			 file);
		break;
	case RPT_INPUT_FIO_NORMAL:
		snprintf(buf, len, "%s:1: this is fio's normal (human-readable) output%s%s%s, not JSON; " JSON_HOWTO "; or, run on the ssdq engine, give the directory of its logs and events sidecars, which give the figures without JSON",
			 file, version && *version ? " (" : "", version ? version : "",
			 version && *version ? ")" : "");
		break;
	case RPT_INPUT_FIO_LOG:
		snprintf(buf, len, "%s:1: this is %s (time, value, ddir, bs lines), not fio's JSON output; ssdq-report reads a job's logs through the JSON fio wrote for it (--output-format=json+ --output=NAME.json, the logs beside it as write_bw_log names them): give it that file or its directory",
			 file, log_type(file));
		break;
	case RPT_INPUT_FIO_HIST_LOG:
		snprintf(buf, len, "%s:1: this is a latency histogram log (write_hist_log: time, ddir, bs and fio's bucket counts a line), not fio's JSON output; ssdq-report reads it through the JSON fio wrote for its job (--output-format=json+ --output=NAME.json, the log beside it as write_hist_log names it): give it that file or its directory",
			 file);
		break;
	case RPT_INPUT_FIO_ERROR:
		snprintf(buf, len, "%s:1: this holds only fio's messages, no JSON: \"%s\": fio refused the job or could not start it, and ran nothing; mend what it names and run it again",
			 file, version ? version : "");
		break;
	default:
		snprintf(buf, len, "%s:1: no JSON object found (expected fio --output-format=json or json+ output)",
			 file);
		break;
	}
	return buf;
}

enum rpt_input_kind rpt_input_sniff_file(const char *path, char *version, size_t vlen)
{
	char *buf = malloc(RPT_INPUT_SNIFF_BYTES);
	ssize_t n = 0, got;
	int fd;
	enum rpt_input_kind k = RPT_INPUT_OTHER;

	if (vlen)
		version[0] = '\0';
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (buf && fd >= 0) {
		while (n < RPT_INPUT_SNIFF_BYTES &&
		       (got = read(fd, buf + n, RPT_INPUT_SNIFF_BYTES - n)) > 0)
			n += got;
		k = rpt_input_kind(buf, (size_t)n, version, vlen);
	}
	if (fd >= 0)
		close(fd);
	free(buf);
	return k;
}

int rpt_input_pts_round(const char *name, char *base, size_t len)
{
	const char *dash = strrchr(name, '-'), *p;
	size_t n;
	long v = 0;

	if (!dash || dash - name < 7 || strncmp(dash - 6, "-round", 6) || !dash[1] ||
	    dash[1] == '0')
		return 0;
	for (p = dash + 1; *p; p++) {
		if (*p < '0' || *p > '9' || v > 100000)
			return 0;
		v = v * 10 + (*p - '0');
	}
	n = (size_t)(dash - 6 - name);
	if (n >= len)
		return 0;
	memcpy(base, name, n);
	base[n] = '\0';
	return (int)v;
}
