// SPDX-License-Identifier: GPL-2.0-only
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "catalogue.h"
#include "pts_recovery.h"
#include "pts_report.h"

/* How long the fill wrote into the SLC cache: its size over its speed. */
static void slc_fill_s(struct rpt_job *j, struct rpt_fig *f)
{
	const struct rpt_fill *fl = &j->fill;

	if (!fl->slc_cache_gb.ok)
		rpt_fig_null(f, "%s", fl->slc_cache_gb.why);
	else if (!fl->in_cache_mbps.ok || fl->in_cache_mbps.v <= 0)
		rpt_fig_null(f, "%s", fl->in_cache_mbps.ok ? "no in-cache speed" :
			     fl->in_cache_mbps.why);
	else
		rpt_fig_set(f, fl->slc_cache_gb.v * 1e3 / fl->in_cache_mbps.v);
}

#define JOB(m)		offsetof(struct rpt_job, m)
#define FILL(m)		offsetof(struct rpt_job, fill.m)
#define BURST(m)	offsetof(struct rpt_job, bursts.m)
#define HOST(m)		offsetof(struct rpt_job, host.m)
#define TRACE(m)	offsetof(struct rpt_job, trace.m)
#define PST(m)		offsetof(struct rpt_job, pstate.m)
#define SERIES(m)	offsetof(struct rpt_series, m)
#define PTS(m)		offsetof(struct rpt_pts_cell, m)
#define REC(m)		offsetof(struct rpt_pts_rec_figs, m)
#define HI		RPT_BETTER_HIGHER
#define LO		RPT_BETTER_LOWER

const struct rpt_cat rpt_catalogue[] = {
	{ "mbps", "throughput", "MB/s", "MB/s", 1, RPT_OF_JOB, HI, 0, JOB(mbps), NULL, NULL },
	{ "iops", "IOPS", "IOPS", "IOPS", 0, RPT_OF_JOB, HI, 0, JOB(iops), NULL, NULL },
	{ "power_w", "power", "W", "W", 2, RPT_OF_JOB, LO, 0, JOB(power_w), NULL, NULL },
	{ "energy_j", "energy", "J", "J", 1, RPT_OF_JOB, LO, 0, JOB(energy_j), NULL, NULL },
	{ "mbps_per_w", "efficiency", "MB/s/W", "MB/s/W", 1, RPT_OF_JOB, HI, 0,
	  JOB(mbps_per_w), NULL, NULL },
	{ "iops_per_w", "efficiency", "IOPS/W", "IOPS/W", 0, RPT_OF_JOB, HI, 0,
	  JOB(iops_per_w), NULL, NULL },
	{ "lat_mean_us", "mean latency", "mean µs", "µs", 1, RPT_OF_JOB, LO, 0,
	  JOB(lat_mean_us), NULL, NULL },
	{ "lat_p99_us", "p99 latency", "p99 µs", "µs", 1, RPT_OF_JOB, LO, 0,
	  JOB(lat_p99_us), NULL, NULL },
	{ "lat_p9999_us", "p99.99 latency", "p99.99 µs", "µs", 1, RPT_OF_JOB, LO, 0,
	  JOB(lat_p9999_us), NULL, NULL },
	{ "peak_power_w", "peak power", "peak W", "W", 2, RPT_OF_JOB, LO, RPT_CAT_NOTABLE,
	  JOB(peak_power_w), NULL, NULL },
	{ "write_amp", "write amplification", "WA", "×", 2, RPT_OF_JOB, LO,
	  RPT_CAT_NOTABLE | RPT_CAT_SMART, JOB(wa.wa), NULL, NULL },
	{ "drive_power_w", "the drive's own power", "drive W", "W", 3, RPT_OF_JOB, LO,
	  RPT_CAT_NOTABLE | RPT_CAT_OWNLINE, JOB(drive.power_w), NULL, NULL },
	{ "drive_energy_j", "the drive's own energy", "drive J", "J", 1, RPT_OF_JOB, LO,
	  RPT_CAT_NOTABLE | RPT_CAT_OWNLINE, JOB(drive.energy_j), NULL, NULL },
	{ "drive_max_w", "the drive's largest interval", "drive max W", "W", 3, RPT_OF_JOB, LO,
	  RPT_CAT_NOTABLE | RPT_CAT_OWNLINE, JOB(drive.max_w), NULL, NULL },
	{ "drive_vs_meter_pct", "the drive against the meter", "drive vs meter %", "%", 2,
	  RPT_OF_JOB, RPT_BETTER_NONE, RPT_CAT_NOTABLE | RPT_CAT_OWNLINE, JOB(drive.vs_meter_pct), NULL, NULL },

	{ "slc_cache_gb", "SLC cache", "SLC cache GB", "GB", 1, RPT_OF_FILL, HI,
	  RPT_CAT_COMPARE | RPT_CAT_RANGE, FILL(slc_cache_gb), NULL, NULL },
	{ "in_cache_mbps", "in-cache", "in-cache MB/s", "MB/s", 1, RPT_OF_FILL, HI,
	  RPT_CAT_COMPARE, FILL(in_cache_mbps), NULL, NULL },
	{ "post_cache_mbps", "post-cache", "post-cache MB/s", "MB/s", 1, RPT_OF_FILL, HI,
	  RPT_CAT_COMPARE, FILL(post_cache_mbps), NULL, NULL },
	{ "last16_mbps", "last 16 GB", "last 16 GB MB/s", "MB/s", 1, RPT_OF_FILL, HI,
	  RPT_CAT_COMPARE, FILL(last16_mbps), NULL, NULL },
	{ "overall_mbps", "overall", "overall MB/s", "MB/s", 1, RPT_OF_FILL, HI,
	  RPT_CAT_COMPARE, FILL(overall_mbps), NULL, NULL },
	{ "throttle_gb", "throttling", "throttling GB", "GB", 2, RPT_OF_FILL, HI,
	  RPT_CAT_SMART, FILL(throttle_gb), NULL, NULL },
	{ "slc_fill_s", "cache lasts", "cache lasts s", "s", 1, RPT_OF_FILL, HI, 0,
	  FILL(slc_fill_s), slc_fill_s, NULL },

	{ "burst_mbps", "score", "burst MB/s", "MB/s", 1, RPT_OF_BURST, HI, 0,
	  BURST(score_mbps), NULL, NULL },
	{ "duty_pct", "duty cycle", "duty %", "%", 1, RPT_OF_BURST, RPT_BETTER_NONE, 0,
	  BURST(duty_pct), NULL, NULL },

	{ "score_mbps", "score", "score MB/s", "MB/s", 1, RPT_OF_SERIES, HI, 0,
	  SERIES(score_mbps), NULL, NULL },
	{ "power_w", "power", "W", "W", 2, RPT_OF_SERIES, LO, 0, SERIES(power_w), NULL, NULL },
	{ "efficiency", "efficiency", "MB/s/W", "MB/s/W", 1, RPT_OF_SERIES, HI, 0,
	  SERIES(efficiency), NULL, "efficiency_mbps_per_w" },

	{ "iops", "IOPS", "IOPS", "IOPS", 0, RPT_OF_PTS, HI, 0, PTS(iops), NULL, NULL },
	{ "mbps", "throughput", "MB/s", "MB/s", 1, RPT_OF_PTS, HI, 0, PTS(mbps), NULL, NULL },
	{ "lat_mean_us", "mean response time", "mean µs", "µs", 1, RPT_OF_PTS, LO, 0,
	  PTS(lat_mean_us), NULL, NULL },
	{ "lat_max_us", "maximum response time", "max µs", "µs", 0, RPT_OF_PTS, LO, 0,
	  PTS(lat_max_us), NULL, NULL },
	{ "lat_p99999_us", "99.999 % response time", "99.999 % µs", "µs", 0, RPT_OF_PTS, LO, 0,
	  PTS(lat_p99999_us), NULL, NULL },
	{ "power_w", "power", "W", "W", 2, RPT_OF_PTS, LO, 0, PTS(power_w), NULL, NULL },
	{ "iops_per_w", "efficiency", "IOPS/W", "IOPS/W", 0, RPT_OF_PTS, HI, 0,
	  PTS(iops_per_w), NULL, NULL },
	{ "mbps_per_w", "efficiency", "MB/s/W", "MB/s/W", 1, RPT_OF_PTS, HI, 0,
	  PTS(mbps_per_w), NULL, NULL },
	{ "temp_max_c", "hottest", "max °C", "°C", 0, RPT_OF_PTS, LO, RPT_CAT_SMART, PTS(temp_max_c),
	  NULL, NULL },

	{ "trace_mbps", "throughput", "MB/s", "MB/s", 1, RPT_OF_TRACE, HI, 0, TRACE(mbps), NULL,
	  "mbps" },
	{ "trace_lat_mean_us", "mean latency", "mean µs", "µs", 1, RPT_OF_TRACE, LO, 0,
	  TRACE(lat_mean_us), NULL, "lat_mean_us" },
	{ "trace_lat_p99_us", "p99 latency", "p99 µs", "µs", 1, RPT_OF_TRACE, LO, 0,
	  TRACE(lat_p99_us), NULL, "lat_p99_us" },
	{ "trace_energy_j", "energy", "J", "J", 2, RPT_OF_TRACE, LO, 0, TRACE(energy_j), NULL,
	  "energy_j" },
	{ "trace_idle_max_ms", "idle cut to", "idle max ms", "ms", 1, RPT_OF_TRACE,
	  RPT_BETTER_NONE, 0, TRACE(idle_max_ms), NULL, "idle_max_ms" },
	{ "trace_read_pct", "reads", "read %", "%", 1, RPT_OF_TRACE, RPT_BETTER_NONE, 0,
	  TRACE(read_pct), NULL, "read_pct" },

	{ "wait_pct", "waited for a CPU", "CPU wait %", "%", 1, RPT_OF_HOST, LO, 0,
	  HOST(wait_share), NULL, NULL },
	{ "nivcsw_per_s", "preempted", "preemptions/s", "/s", 0, RPT_OF_HOST, LO, 0,
	  HOST(nivcsw_per_s), NULL, NULL },
	{ "time_pct", "host's share of the time", "host time %", "%", 1, RPT_OF_HOST, LO, 0,
	  HOST(time_share), NULL, NULL },
	{ "added_pct", "host's share of the latency", "host latency %", "%", 1, RPT_OF_HOST, LO, 0,
	  HOST(added_share), NULL, NULL },
	{ "added_mean_us", "host-added mean", "host-added µs", "µs", 1, RPT_OF_HOST, LO, 0,
	  HOST(added_mean_us), NULL, NULL },
	{ "added_max_us", "host-added max", "host-added max µs", "µs", 0, RPT_OF_HOST, LO, 0,
	  HOST(added_max_us), NULL, NULL },
	{ "late_pct", "I/Os late", "late %", "%", 2, RPT_OF_HOST, LO, 0, HOST(late_share), NULL,
	  NULL },
	{ "drive_idle_pct", "drive idle", "drive idle %", "%", 1, RPT_OF_HOST, RPT_BETTER_NONE, 0,
	  HOST(idle_share), NULL, NULL },
	{ "drain_pct", "fio's drain's share of the latency", "drain latency %", "%", 1, RPT_OF_HOST,
	  LO, 0, HOST(drain_share), NULL, NULL },
	{ "drain_ios", "fio's drain handed over", "drain I/Os", "I/Os", 0, RPT_OF_HOST, RPT_BETTER_NONE,
	  0, HOST(drain_ios), NULL, NULL },

	{ "power_state", "power state", "PS", "PS", 0, RPT_OF_PSTATE, RPT_BETTER_NONE, 0,
	  PST(state), NULL, NULL },
	{ "max_power_w", "its MP", "MP W", "W", 3, RPT_OF_PSTATE, RPT_BETTER_NONE, 0, PST(max_w),
	  NULL, NULL },
	{ "entry_latency_us", "entry latency", "entry µs", "µs", 0, RPT_OF_PSTATE, LO, 0,
	  PST(entry_us), NULL, NULL },
	{ "exit_latency_us", "exit latency", "exit µs", "µs", 0, RPT_OF_PSTATE, LO, 0,
	  PST(exit_us), NULL, NULL },
	{ "idle_w", "idle power", "idle W", "W", 3, RPT_OF_PSTATE, LO, 0, PST(idle_w), NULL, NULL },
	{ "idle_s", "measured over", "measured s", "s", 2, RPT_OF_PSTATE, RPT_BETTER_NONE, 0,
	  PST(idle_s), NULL, NULL },
	{ "wake_gap_ms", "idle gap", "gap ms", "ms", 0, RPT_OF_PSTATE, RPT_BETTER_NONE, 0,
	  PST(gap_ms), NULL, NULL },
	{ "wake_p50_us", "wake-up median", "p50 µs", "µs", 1, RPT_OF_PSTATE, LO, 0,
	  PST(wake_p50_us), NULL, NULL },

	{ "first_iops", "IOPS first period", "first IOPS", "IOPS", 0, RPT_OF_PTS_PAGE, HI, 0, 0,
	  NULL, NULL },
	{ "last_iops", "IOPS last period", "last IOPS", "IOPS", 0, RPT_OF_PTS_PAGE, HI, 0, 0, NULL,
	  NULL },
	{ "steady_iops", "preconditioning's steady state", "steady IOPS", "IOPS", 0,
	  RPT_OF_PTS_PAGE, HI, 0, 0, NULL, NULL },
	{ "oio", "outstanding I/Os", "OIO", "I/Os", 0, RPT_OF_PTS_PAGE, RPT_BETTER_NONE, 0, 0, NULL,
	  NULL },

	{ "idle_s", "idle after each segment", "idle s", "s", 1, RPT_OF_HIR, RPT_BETTER_NONE, 0,
	  REC(idle_s), NULL, NULL },

	{ "level_mbps", "steady level", "level MB/s", "MB/s", 1, RPT_OF_XSR, HI, 0,
	  REC(level_mbps), NULL, NULL },
	{ "recovery_min", "recovery time", "recovery min", "min", 1, RPT_OF_XSR, LO, 0,
	  REC(recovery_min), NULL, NULL },
};

const size_t rpt_catalogue_n = sizeof(rpt_catalogue) / sizeof(rpt_catalogue[0]);
_Static_assert(sizeof(rpt_catalogue) / sizeof(rpt_catalogue[0]) <= RPT_CAT_MAX,
	       "RPT_CAT_MAX is below the catalogue's rows");

const struct rpt_cat *rpt_cat_next(const struct rpt_cat *c)
{
	const struct rpt_cat *end = rpt_catalogue + rpt_catalogue_n;
	enum rpt_cat_of s = c->of;

	for (c++; c < end; c++)
		if (c->of == s)
			return c;
	return NULL;
}

const struct rpt_cat *rpt_cat_first(enum rpt_cat_of of)
{
	size_t i;

	for (i = 0; i < rpt_catalogue_n; i++)
		if (rpt_catalogue[i].of == of)
			return &rpt_catalogue[i];
	return NULL;
}

const struct rpt_cat *rpt_cat_find(enum rpt_cat_of of, const char *key)
{
	const struct rpt_cat *c;

	for (c = rpt_cat_first(of); c; c = rpt_cat_next(c))
		if (!strcmp(c->key, key))
			return c;
	return NULL;
}

size_t rpt_cat_series_columns(enum rpt_series_kind kind, const struct rpt_cat **cols, size_t max)
{
	static const char *const qd[] = { "mbps", "power_w", "mbps_per_w", "lat_mean_us" };
	static const char *const bs[] = { "iops", "mbps", "power_w", "mbps_per_w", "iops_per_w",
					  "lat_mean_us", "lat_p99_us" };
	/* a read-share series' columns are a queue-depth series' */
	const char *const *keys = kind != RPT_SERIES_BS ? qd : bs;
	size_t nk = kind != RPT_SERIES_BS ? sizeof(qd) / sizeof(qd[0]) : sizeof(bs) / sizeof(bs[0]);
	size_t i, n = 0;

	for (i = 0; i < nk && n < max; i++)
		if ((cols[n] = rpt_cat_find(RPT_OF_JOB, keys[i])))
			n++;
	return n;
}

const struct rpt_fig *rpt_cat_job(const struct rpt_cat *c, const struct rpt_job *j)
{
	return (const struct rpt_fig *)((const char *)j + c->off);
}

const struct rpt_fill_range *rpt_cat_range(const struct rpt_cat *c, const struct rpt_job *j)
{
	/* the one RPT_CAT_RANGE row, the SLC cache, and where its range lives */
	if (!(c->flags & RPT_CAT_RANGE) || !j->has_fill || !j->fill.slc_range.ok)
		return NULL;
	return &j->fill.slc_range;
}

char *rpt_cat_fmt_range(char *buf, size_t len, const struct rpt_cat *c,
			const struct rpt_job *j, double scale, const char *sep)
{
	const struct rpt_fill_range *r = rpt_cat_range(c, j);
	char lo[48], hi[48];

	if (!r)
		return NULL;
	snprintf(buf, len, "%s%s%s", rpt_fmt_num(lo, sizeof(lo), r->lo_gb / scale, c->digits), sep,
		 rpt_fmt_num(hi, sizeof(hi), r->hi_gb / scale, c->digits));
	return buf;
}

const struct rpt_fig *rpt_cat_series(const struct rpt_cat *c, const struct rpt_series *s)
{
	return (const struct rpt_fig *)((const char *)s + c->off);
}

const struct rpt_fig *rpt_cat_pts(const struct rpt_cat *c, const struct rpt_pts_cell *cell)
{
	return (const struct rpt_fig *)((const char *)cell + c->off);
}

const struct rpt_fig *rpt_cat_rec(const struct rpt_cat *c, const struct rpt_pts_rec_figs *f)
{
	return (const struct rpt_fig *)((const char *)f + c->off);
}

void rpt_catalogue_compute(struct rpt_job *j)
{
	size_t i;

	for (i = 0; i < rpt_catalogue_n; i++) {
		const struct rpt_cat *c = &rpt_catalogue[i];

		if (!c->compute || (c->of == RPT_OF_FILL && !j->has_fill))
			continue;
		c->compute(j, (struct rpt_fig *)((char *)j + c->off));
	}
}
