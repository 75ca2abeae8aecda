// SPDX-License-Identifier: GPL-2.0-only
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "stop.h"

const char *rpt_stop_from_events(const struct rpt_events *e, const char *path, char *why,
				 size_t len)
{
	static const char *const known[] = { "time", "bytes", "error", "terminated", "stalled",
					     "bursts" };
	const char *stop = rpt_events_stop(e);
	char when[64];
	time_t sec;
	struct tm tm;

	if (stop) {
		for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
			if (!strcmp(stop, known[i]))
				return known[i];
		snprintf(why, len, "%.*s: job_end says stop \"%s\", a reason this report does not "
			 "know", (int)(len / 2), path, stop);
		return NULL;
	}
	for (size_t i = 0; i < e->n; i++)
		if (e->ev[i].kind == RPT_EV_JOB_END) {
			snprintf(why, len, "%.*s has a job_end event without a stop reason",
				 (int)(len - 50), path);
			return NULL;
		}
	if (!e->n) {
		snprintf(why, len, "%.*s holds no event of the job", (int)(len - 40), path);
		return NULL;
	}
	sec = (time_t)(e->ev[e->n - 1].t_us / 1e6);
	if (localtime_r(&sec, &tm))
		strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", &tm);
	else
		snprintf(when, sizeof(when), "%.0f us", e->ev[e->n - 1].t_us);
	snprintf(why, len, "the job was killed: %.*s ends at %s without job_end", (int)(len - 90),
		 path, when);
	return "killed";
}

bool rpt_stop_partial(const char *stop)
{
	return stop && (!strcmp(stop, "terminated") || !strcmp(stop, "killed") ||
			!strcmp(stop, "error") || !strcmp(stop, "stalled"));
}

const char *rpt_stop_phrase(const char *stop)
{
	if (!stop)
		return "";
	if (!strcmp(stop, "terminated"))
		return "terminated (a stop request): partial run";
	if (!strcmp(stop, "killed"))
		return "killed: partial run";
	if (!strcmp(stop, "stalled"))
		return "stalled (its drive completed no I/O within the stall timeout): partial run";
	if (!strcmp(stop, "time"))
		return "stopped on time";
	if (!strcmp(stop, "bytes"))
		return "stopped on bytes";
	if (!strcmp(stop, "bursts"))
		return "stopped after its bursts";
	return "stopped on error";
}

/* --- ssdq-run's state and log ------------------------------------------------ */

static bool listed(const char *path, const char *name, bool *exists)
{
	char line[512];
	bool found = false;
	FILE *f = fopen(path, "re");

	*exists = f != NULL;
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = '\0';
		found = !strcmp(line, name);
	}
	fclose(f);
	return found;
}

/* Whether @s, after a date and a blank, is "@word @name" then the end or @tail. */
static const char *after(const char *s, const char *word, const char *name)
{
	size_t w = strlen(word), n = strlen(name);

	s = strchr(s, ' ');
	if (!s || strncmp(++s, word, w) || s[w] != ' ' || strncmp(s + w + 1, name, n))
		return NULL;
	s += w + 1 + n;
	return *s == '\0' || *s == ' ' || *s == ':' ? s : NULL;
}

const char *rpt_run_step(const char *dir, const char *name, char *why, size_t len)
{
	char path[PATH_MAX], line[1024], last[1024] = "";
	const char *status = NULL, *rest;
	bool state, in_state, have_log;
	FILE *f;

	snprintf(path, sizeof(path), "%s/ssdq-run.state", dir);
	in_state = listed(path, name, &state);
	snprintf(path, sizeof(path), "%s/ssdq-run.log", dir);
	f = fopen(path, "re");
	have_log = f != NULL;
	while (f && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (after(line, "begin", name))
			status = "incomplete";
		else if (after(line, "done", name))
			status = "done";
		else if ((rest = after(line, "failed", name)))
			status = "failed";
		else if ((rest = after(line, "interrupted", name)))
			status = "interrupted";
		else
			continue;
		snprintf(last, sizeof(last), "%s", line);
	}
	if (f)
		fclose(f);
	if (!state && !have_log)
		return NULL;
	if (in_state)
		return "done";
	if (!status) {
		if (!state)
			return NULL;
		snprintf(why, len, "ssdq-run.state does not list %s as finished", name);
		return "incomplete";
	}
	if (!strcmp(status, "done")) {
		snprintf(why, len, "ssdq-run.log says %s was done, but ssdq-run.state does not "
			 "list it", name);
		return "incomplete";
	}
	if (!strcmp(status, "incomplete"))
		snprintf(why, len, "ssdq-run.log shows %s begun and never ended (the runner was "
			 "killed): \"%.200s\"", name, last);
	else
		snprintf(why, len, "ssdq-run.log: \"%.300s\"", last);
	return status;
}

/* --- marking ---------------------------------------------------------------- */

/*
 * Whether a partial fill went on far enough past the fall at @at GB for the
 * cache-end rule's look-ahead (max(4 GB, 1/4 of what came before), slc.h):
 * then what is left of the fill cannot move the verdict.
 */
static bool cliff_passed(const struct rpt_fill *f, const struct rpt_fig *at)
{
	return at->ok && f->gb_written >= at->v + fmax(4, at->v / 4);
}

static void no_verdict(struct rpt_job *j, const char *reason)
{
	char gb[32], at[32];

	if (!j->has_fill)
		return;
	rpt_fmt_bytes(gb, sizeof(gb), j->fill.gb_written * 1e9);
	if (cliff_passed(&j->fill, &j->fill.slc_cache_gb) ||
	    cliff_passed(&j->fill, &j->fill.throttle_gb)) {
		const struct rpt_fig *f = j->fill.slc_cache_gb.ok ? &j->fill.slc_cache_gb :
					  &j->fill.throttle_gb;

		rpt_fmt_bytes(at, sizeof(at), f->v * 1e9);
		rpt_diag_add(&j->notes, RPT_WARN, "partial fill: the speed fell for good at %s "
			     "(%s) and the curve goes on to %s, past the rule's look-ahead, so the %s "
			     "stands; the post-cache speed is over the part run", at,
			     f == &j->fill.slc_cache_gb ? "the SLC cache's end" : "throttling", gb,
			     f == &j->fill.slc_cache_gb ? "SLC cache" : "throttling point");
		return;
	}
	rpt_fig_null(&j->fill.slc_cache_gb, "no SLC verdict on a partial fill: it stopped after "
		     "%s (%s)", gb, reason);
	rpt_fig_null(&j->fill.in_cache_mbps, "%s", j->fill.slc_cache_gb.why);
	rpt_fig_null(&j->fill.post_cache_mbps, "%s", j->fill.slc_cache_gb.why);
	if (j->fill.throttle_gb.ok)
		rpt_fig_null(&j->fill.throttle_gb, "%s", j->fill.slc_cache_gb.why);
}

static void mark_job(struct rpt_job *j, const char *reason)
{
	char gb[32];

	j->partial = true;
	if (j->has_fill) {
		rpt_fmt_bytes(gb, sizeof(gb), j->fill.gb_written * 1e9);
		rpt_diag_add(&j->notes, RPT_WARN, "%s: the figures cover a partial run (the fill "
			     "curve ends at %s)", reason, gb);
	} else {
		rpt_diag_add(&j->notes, RPT_WARN, "%s: the figures cover a partial run", reason);
	}
	no_verdict(j, reason);
}

/*
 * A killed job fio counted nothing of: its speed over the part that ran,
 * from its fill curve (the bw log or the engine's progress sidecar).
 */
static void speeds_of_part(struct rpt_job *j)
{
	const struct rpt_fig *o = &j->fill.overall_mbps;

	if (!j->has_fill || !o->ok || !(o->v > 0))
		return;
	rpt_fig_set(&j->mbps, o->v);
	if (j->bs.ok && j->bs.v > 0)
		rpt_fig_set(&j->iops, o->v * 1e6 / j->bs.v);
	rpt_diag_add(&j->notes, RPT_WARN, "the job was killed and fio counted none of its I/O: "
		     "MB/s%s over the part that ran, from its fill curve", j->bs.ok ? " and IOPS (MB/s / bs)" : "");
}

char *rpt_fmt_secs(char *buf, size_t len, double s)
{
	if (s < 120)
		snprintf(buf, len, "%.0f s", s);
	else if (s < 7200)
		snprintf(buf, len, "%.0f min", s / 60);
	else
		snprintf(buf, len, "%.1f h", s / 3600);
	return buf;
}

/* How far partial job @j got: "killed at 412 GB, 31 min in". */
static void how_far(const struct rpt_job *j, const char *verb, char *buf, size_t len)
{
	const struct rpt_fill *f = &j->fill;
	char gb[32], t[32], real[32];
	double secs;

	if (!j->has_fill || !f->overall_mbps.ok || !(f->overall_mbps.v > 0)) {
		snprintf(buf, len, "%s (%s)", verb, j->stop_why[0] ? j->stop_why : j->name);
		return;
	}
	secs = f->gb_written * 1e3 / f->overall_mbps.v;
	rpt_fmt_bytes(gb, sizeof(gb), f->gb_written * 1e9);
	rpt_fmt_secs(t, sizeof(t), secs);
	if (f->scale > 1) {
		rpt_fmt_secs(real, sizeof(real), secs / f->scale);
		snprintf(buf, len, "%s at %s, %s in (model scaled 1/%.0f: %s of this run)", verb,
			 gb, t, f->scale, real);
	} else {
		snprintf(buf, len, "%s at %s, %s in", verb, gb, t);
	}
}

/* A job fio cut short, as its own output says (fio_stop.h): no events say why. */
static bool cut_by_fio(const struct rpt_job *j)
{
	return j->stop && !j->has_events && !strcmp(j->stop, "terminated");
}

/*
 * The test's partial line: how far its first partial job (a fill first) got,
 * and what became of fio's JSON; t->killed for a killed job or a lost JSON.
 */
static void summarise(struct rpt_test *t)
{
	const struct rpt_job *pick = NULL;
	char line[600] = "";
	const char *verb;

	for (size_t i = 0; i < t->njobs; i++) {
		const struct rpt_job *j = &t->jobs[i];

		if (j->stop && (!strcmp(j->stop, "killed") || cut_by_fio(j)))
			t->killed = true;
		if (j->partial && (!pick || (j->has_fill && !pick->has_fill)))
			pick = j;
	}
	if (t->json_note[0])
		t->killed = true;
	if (!pick && !t->json_note[0])
		return;
	if (pick && cut_by_fio(pick) && !(pick->has_fill && pick->fill.overall_mbps.ok)) {
		snprintf(line, sizeof(line), "cut short: %s", pick->stop_why);
	} else if (pick) {
		verb = !pick->stop ? "interrupted" : !strcmp(pick->stop, "killed") ? "killed" :
		       cut_by_fio(pick) ? "cut short" :
		       !strcmp(pick->stop, "terminated") ? "stopped (terminated)" :
		       !strcmp(pick->stop, "error") ? "stopped on an error" : "interrupted";
		how_far(pick, verb, line, sizeof(line));
	}
	if (asprintf(&t->partial, "%s%s%s", line, line[0] && t->json_note[0] ? "; " : "",
		     t->json_note) < 0)
		t->partial = NULL;
}

void rpt_partial_check(const char *dir, struct rpt_test *t)
{
	char why[700];
	const char *step = t->name ? rpt_run_step(dir, t->name, why, sizeof(why)) : NULL;

	if (step && strcmp(step, "done"))
		rpt_diag_add(&t->diag, RPT_WARN, "%s: step %s: %s", t->name, step, why);
	for (size_t i = 0; i < t->njobs; i++) {
		struct rpt_job *j = &t->jobs[i];

		if (j->stop && !strcmp(j->stop, "killed")) {
			mark_job(j, j->stop_why);
			if (!j->mbps.ok || !(j->mbps.v > 0))
				speeds_of_part(j);
			if (!j->mbps.ok)
				rpt_fig_null(&j->mbps, "the job was killed: fio counted none of its I/O");
			if (!j->iops.ok)
				rpt_fig_null(&j->iops, "%s", j->mbps.why);
		} else if (cut_by_fio(j)) {
			mark_job(j, j->stop_why);
		} else if (rpt_stop_partial(j->stop)) {
			mark_job(j, !strcmp(j->stop, "error") ? "the job stopped on an error" :
				 !strcmp(j->stop, "stalled") ? "the job was stopped: its drive stalled" :
				 "the job was asked to stop (terminated)");
		} else if (step && strcmp(step, "done")) {
			snprintf(why, sizeof(why), "ssdq-run: step %s", step);
			mark_job(j, why);
		}
	}
	summarise(t);
}
