// SPDX-License-Identifier: GPL-2.0-only
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "figure.h"
#include "fio_rows.h"
#include "fio_stats.h"
#include "fio_stop.h"
#include "reader_json.h"
#include "stop.h"

#define ALL_DIRS	((1u << RPT_DD_READ) | (1u << RPT_DD_WRITE) | (1u << RPT_DD_TRIM))

/* A fio time option in seconds ("300", "5m", "30s", "500ms", "1h"); < 0 when unreadable. */
static double fio_secs(const char *s)
{
	static const struct { const char *unit; double secs; } u[] = {
		{ "", 1 }, { "s", 1 }, { "sec", 1 }, { "m", 60 }, { "min", 60 }, { "h", 3600 },
		{ "d", 86400 }, { "ms", 1e-3 }, { "msec", 1e-3 }, { "us", 1e-6 }, { "usec", 1e-6 },
	};
	char *end;
	double v;

	if (!s || *s < '0' || *s > '9')
		return -1;
	v = strtod(s, &end);
	for (size_t i = 0; i < sizeof(u) / sizeof(u[0]); i++)
		if (!strcasecmp(end, u[i].unit))
			return v * u[i].secs;
	return -1;
}

/* What entry @e was set to run and what it ran. */
struct set_ran {
	double runtime_s;	/* 0: none */
	const char *runtime;	/* as fio printed it */
	double size;		/* bytes, 0: none known */
	const char *size_key;	/* "io_size", "io_limit" or "size" */
	const char *size_opt;	/* as fio printed it */
	bool time_based;
	double ran_ms;		/* its longest direction's runtime, or fio's job_runtime */
	double bytes;
};

/* Return: false when @e is malformed (its errors are the file's): no verdict. */
static bool set_ran_of(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
		       struct set_ran *x)
{
	static const char *const keys[] = { "io_size", "io_limit", "size" };
	const char *loops = rpt_fio_option(run, e, "loops");
	double jr = 0;
	uint64_t v;

	memset(x, 0, sizeof(*x));
	x->runtime = rpt_fio_option(run, e, "runtime");
	x->runtime_s = fmax(fio_secs(x->runtime), 0);
	x->time_based = rpt_fio_option_on(run, e, "time_based", false);
	for (size_t k = 0; k < 3 && !x->size_opt; k++) {
		x->size_key = keys[k];
		x->size_opt = rpt_fio_option(run, e, keys[k]);
	}
	if (x->size_opt && !rpt_fio_option(run, e, "number_ios") &&
	    !rpt_fio_size(x->size_opt, 0, &v) && !strpbrk(x->size_opt, "%-,"))
		x->size = (double)v * (e->nthreads ? e->nthreads : 1) *
			  (loops ? fmax(atof(loops), 1) : 1);
	for (unsigned int dd = 0; dd < RPT_NDDIR; dd++) {
		struct rpt_fio_dir s;

		if (rpt_fio_dir_read(run, e, dd, &s, NULL) < 0)
			return false;
		x->ran_ms = fmax(x->ran_ms, s.runtime_ms);
	}
	/*
	 * fio ends a job at runtime= by its clock from the job's epoch
	 * (job_runtime, the sum over a merged group's threads); a direction's
	 * runtime counts from later, after files were opened and set up, on a
	 * slow host a tenth of a short runtime less
	 */
	if (rpt_json_num(e->obj, "job_runtime", "", "", &jr, NULL) > 0 && jr > 0)
		x->ran_ms = fmax(x->ran_ms, jr / (e->nthreads > 1 ? e->nthreads : 1));
	x->bytes = rpt_fio_row_bytes(run, e, ALL_DIRS);
	if (!x->bytes)
		x->bytes = rpt_fio_row_bytes(run, e, 1u << RPT_DD_MIXED);
	return true;
}

static bool time_short(const struct set_ran *x, double share)
{
	return x->runtime_s > 0 && x->ran_ms < share * x->runtime_s * 1e3;
}

static bool size_short(const struct set_ran *x, double share)
{
	return x->size > 0 && x->bytes < share * x->size;
}

/* Whether @x, on fio's signal line, was cut: it reached neither its runtime nor its size. */
static bool cut_by_signal(const struct set_ran *x)
{
	bool time = x->runtime_s > 0 && !time_short(x, 0.99);
	bool size = !x->time_based && x->size > 0 && !size_short(x, 0.99);

	return !time && !size;
}

/* Whether @x, without the signal line, ran well short of what it was set to. */
static bool cut_short(const struct set_ran *x)
{
	if (x->time_based)
		return time_short(x, 0.9);
	if (x->runtime_s > 0)
		return time_short(x, 0.9) && size_short(x, 0.9);
	return size_short(x, 0.9);
}

static const char *signal_name(int sig)
{
	switch (sig) {
	case SIGINT:	return "SIGINT, Ctrl-C";
	case SIGTERM:	return "SIGTERM";
	case SIGHUP:	return "SIGHUP";
	case SIGQUIT:	return "SIGQUIT";
	default:	return "a signal";
	}
}

/* "ran 2.7 s of its runtime=300 and did 262.14 MB of size=64g (68.72 GB)" */
static void what_ran(const struct set_ran *x, char *buf, size_t len)
{
	char t[32], b[32], s[32];
	int n = 0;

	if (x->ran_ms < 100e3)
		snprintf(t, sizeof(t), "%.1f s", x->ran_ms / 1e3);
	else
		rpt_fmt_secs(t, sizeof(t), x->ran_ms / 1e3);
	rpt_fmt_bytes(b, sizeof(b), x->bytes);
	if (x->runtime_s > 0)
		n = snprintf(buf, len, "ran %s of its runtime=%s%s", t, x->runtime,
			     x->time_based ? " (time_based)" : "");
	else
		n = snprintf(buf, len, "ran %s", t);
	if (n < 0 || (size_t)n >= len)
		return;
	if (x->size > 0 && !x->time_based)
		snprintf(buf + n, len - n, " and did %s of %s=%s (%s)", b, x->size_key, x->size_opt,
			 rpt_fmt_bytes(s, sizeof(s), x->size));
	else
		snprintf(buf + n, len - n, " and did %s", b);
}

const char *rpt_fio_stop(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
			 unsigned int mask, char *why, size_t len)
{
	for (size_t i = 0; i < g->n; i++) {
		const struct rpt_fio_entry *e = &g->e[i];
		struct set_ran x;
		char ran[256], who[128] = "the job";

		if (!e->has_opts || (g->n > 1 && !rpt_fio_did_io(run, e, mask)) ||
		    !set_ran_of(run, e, &x))
			continue;
		if (run->signal ? !cut_by_signal(&x) : !cut_short(&x))
			continue;
		what_ran(&x, ran, sizeof(ran));
		if (g->n > 1)
			snprintf(who, sizeof(who), "job %.80s (%s)", e->jobname, e->path);
		if (run->signal)
			snprintf(why, len, "fio printed \"fio: terminating on signal %d\" (%s): %s %s",
				 run->signal, signal_name(run->signal), who, ran);
		else
			snprintf(why, len, "fio ended it early: %s %s (a signal, exitall or a stop request; fio's output says no more)",
				 who, ran);
		return "terminated";
	}
	return NULL;
}
