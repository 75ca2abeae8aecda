// SPDX-License-Identifier: GPL-2.0-only
#include <math.h>
#include <stdio.h>

#include "catalogue.h"
#include "marks.h"
#include "report.h"

static const char *const names[RPT_NMARKS] = { "estimated", "few_ios_per_burst", "host", "drain" };
static const char *const signs[16] = { "", "~", "?", "~?", "!", "~!", "?!", "~?!",
				       "^", "~^", "?^", "~?^", "!^", "~!^", "?!^", "~?!^" };

const char *rpt_mark_name(unsigned int i)
{
	return i < RPT_NMARKS ? names[i] : "";
}

const char *rpt_mark_sign(unsigned int mark)
{
	return signs[mark & 15u];
}

const char *rpt_mark_note(unsigned int mark)
{
#define EST	" (~ estimated power)"
#define FEW	" (? too few I/Os per burst)"
#define HOST	" (! distorted by the host)"
#define DRAIN	" (^ moved by fio's end-of-job drain)"
	static const char *const notes[16] = {
		"", EST, FEW, EST FEW, HOST, EST HOST, FEW HOST, EST FEW HOST,
		DRAIN, EST DRAIN, FEW DRAIN, EST FEW DRAIN, HOST DRAIN, EST HOST DRAIN,
		FEW HOST DRAIN, EST FEW HOST DRAIN,
	};
#undef EST
#undef FEW
#undef HOST
#undef DRAIN

	return notes[mark & 15u];
}

char *rpt_mark_legend(char *buf, size_t len, const char *pre, unsigned int mark)
{
	size_t n = 0;

	buf[0] = '\0';
	if (mark & RPT_MARK_ESTIMATED)
		n += snprintf(buf + n, len - n,
			      "%s~ estimated: power from the drive's own figure (nvme-ps: its power-state table), not measured\n",
			      pre);
	if ((mark & RPT_MARK_FEW_IOS) && n < len)
		n += snprintf(buf + n, len - n,
			      "%s? fewer than %d I/Os per burst: a burst's time is its first I/O's latency and the queue's fill, not a speed\n",
			      pre, RPT_BURST_MIN_IOS);
	if ((mark & RPT_MARK_HOST) && n < len)
		n += snprintf(buf + n, len - n,
			      "%s! distorted by the host: the job waited for a CPU, or the host added latency, past the thresholds (its host verdict)\n",
			      pre);
	if ((mark & RPT_MARK_DRAIN) && n < len)
		snprintf(buf + n, len - n,
			 "%s^ moved by fio's end-of-job drain: fio waits for every I/O in flight at once and stamps them at the last one's completion (fio's own stamping on any drive; its host verdict line)\n",
			 pre);
	return buf;
}

bool rpt_events_power_estimated(const struct rpt_events *e)
{
	size_t i;

	for (i = 0; i < e->n; i++)
		if (e->ev[i].kind == RPT_EV_POWER_SOURCE && e->ev[i].estimated)
			return true;
	return false;
}

static void mark(struct rpt_fig *const *f, size_t n, unsigned int m)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (f[i]->ok)
			f[i]->mark |= m;
}

/* Mark @m on the job's mean, p99 and p99.99 latency where the flags say. */
static void lat_marks(struct rpt_job *j, unsigned int m, bool mean, bool p99, bool p9999)
{
	struct rpt_fig *f[] = { &j->lat_mean_us, &j->lat_p99_us, &j->lat_p9999_us };
	bool on[] = { mean, p99, p9999 };

	for (size_t i = 0; i < 3; i++)
		if (on[i] && f[i]->ok)
			f[i]->mark |= m;
}

/* The host verdict's marks, and fio's drain's (host_verdict.h). */
static void host_marks(struct rpt_job *j)
{
	struct rpt_fig *thr[] = { &j->mbps, &j->iops, &j->mbps_per_w, &j->iops_per_w,
				  &j->bursts.score_mbps, &j->fill.in_cache_mbps,
				  &j->fill.post_cache_mbps, &j->fill.last16_mbps,
				  &j->fill.overall_mbps };
	const struct rpt_host_verdict *v = &j->host;

	if (!v->measured)
		return;
	if (v->thr_marked)
		mark(thr, sizeof(thr) / sizeof(thr[0]) - (j->has_fill ? 0 : 4), RPT_MARK_HOST);
	lat_marks(j, RPT_MARK_HOST, v->mean_marked, rpt_hostv_pct_marked(v, 99),
		  rpt_hostv_pct_marked(v, 99.99));
	lat_marks(j, RPT_MARK_DRAIN, v->drain_mean_marked, rpt_hostv_drain_pct_marked(v, 99),
		  rpt_hostv_drain_pct_marked(v, 99.99));
}

void rpt_job_mark(struct rpt_job *j)
{
	struct rpt_fig *pw[] = { &j->power_w, &j->energy_j, &j->peak_power_w,
				 &j->mbps_per_w, &j->iops_per_w };
	struct rpt_fig *burst[] = { &j->mbps, &j->iops, &j->power_w, &j->energy_j,
				    &j->mbps_per_w, &j->iops_per_w, &j->bursts.score_mbps };

	if (j->power_estimated)
		mark(pw, sizeof(pw) / sizeof(pw[0]), RPT_MARK_ESTIMATED);
	host_marks(j);
	j->ios_per_burst = NAN;
	if (!j->has_bursts || !j->bursts.n || !j->bs.ok || j->bs.v <= 0)
		return;
	j->ios_per_burst = j->bursts.bytes / j->bs.v / j->bursts.n;
	if (j->ios_per_burst < RPT_BURST_MIN_IOS)
		mark(burst, sizeof(burst) / sizeof(burst[0]), RPT_MARK_FEW_IOS);
}

unsigned int rpt_job_marks(const struct rpt_job *j)
{
	unsigned int m = j->bursts.score_mbps.mark;
	const struct rpt_cat *c;

	for (c = rpt_cat_first(RPT_OF_JOB); c; c = rpt_cat_next(c))
		m |= rpt_cat_job(c, j)->mark;
	return m;
}
