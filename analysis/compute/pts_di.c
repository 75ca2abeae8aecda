// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pts_di.h"

const char *rpt_pts_di_pick_name(enum rpt_pts_di_pick k)
{
	static const char *const n[] = { "max", "optimal", "mid", "min" };

	return k < RPT_DI_NPICKS ? n[k] : "?";
}

/* "t32q16": 32 threads at QD 16; 0 when @name is no ladder point. */
static int point_of(const char *name, unsigned int *tc, unsigned int *qd)
{
	int end = 0;

	return sscanf(name, "t%uq%u%n", tc, qd, &end) == 2 && !name[end] && *tc && *qd;
}

/* The histogram of the point's busiest direction: its json+ CDF's steps. */
static int histogram(const struct rpt_test *rt, struct rpt_pts_di_point *p)
{
	const struct rpt_job *best = NULL;
	double prev = 0;

	for (size_t j = 0; j < rt->njobs; j++) {
		const struct rpt_job *jb = &rt->jobs[j];

		if (strcmp(jb->name, p->c.name) || !jb->ddir || !jb->lat_cdf.n || !jb->iops.ok)
			continue;
		if (!best || jb->iops.v > best->iops.v)
			best = jb;
	}
	if (!best)
		return 0;
	p->hist_us = calloc(best->lat_cdf.n, sizeof(double));
	p->hist_share = calloc(best->lat_cdf.n, sizeof(double));
	if (!p->hist_us || !p->hist_share)
		return -ENOMEM;
	for (size_t i = 0; i < best->lat_cdf.n; i++) {
		if (best->lat_cdf.le[i] <= prev)
			continue;
		p->hist_us[p->nhist] = best->lat_cdf.us[i];
		p->hist_share[p->nhist++] = best->lat_cdf.le[i] - prev;
		prev = best->lat_cdf.le[i];
	}
	p->hist_dir = best->ddir;
	return 0;
}

/* Job @job's @what (":write:iops") in run @test, NAN when it has none. */
static double tracked(const struct rpt_report *r, size_t test, const char *job, const char *what,
		      struct rpt_diag *d)
{
	struct rpt_pts_var v;
	char spec[128];
	double y;

	snprintf(spec, sizeof(spec), "%s%s", job, what);
	if (rpt_pts_var_parse(spec, &v) || rpt_pts_track(r->t[test].path, &v, &y, d))
		return NAN;
	return y;
}

void rpt_pts_di_pick(struct rpt_pts_di *di)
{
	double lo = INFINITY, half;
	int *k = di->pick;

	for (int i = 0; i < RPT_DI_NPICKS; i++)
		k[i] = -1;
	for (size_t i = 0; i < di->n; i++) {
		const struct rpt_pts_di_point *p = &di->pt[i];
		double oio = (double)p->tc * p->qd;

		if (!p->c.iops.ok)
			continue;
		if (k[RPT_DI_MAX] < 0 || p->c.iops.v > di->pt[k[RPT_DI_MAX]].c.iops.v)
			k[RPT_DI_MAX] = (int)i;
		if (p->c.lat_mean_us.ok && p->c.lat_mean_us.v <= di->ceiling_us &&
		    (k[RPT_DI_OPTIMAL] < 0 || p->c.iops.v > di->pt[k[RPT_DI_OPTIMAL]].c.iops.v))
			k[RPT_DI_OPTIMAL] = (int)i;
		if (oio < lo) {
			lo = oio;
			k[RPT_DI_MIN] = (int)i;
		}
	}
	if (k[RPT_DI_MAX] < 0)
		return;
	half = (di->pt[k[RPT_DI_MAX]].c.iops.v + di->pt[k[RPT_DI_MIN]].c.iops.v) / 2;
	for (size_t i = 0; i < di->n; i++)
		if (di->pt[i].c.iops.ok &&
		    (k[RPT_DI_MID] < 0 ||
		     fabs(di->pt[i].c.iops.v - half) < fabs(di->pt[k[RPT_DI_MID]].c.iops.v - half)))
			k[RPT_DI_MID] = (int)i;
}

int rpt_pts_di_build(const struct rpt_report *r, size_t test, struct rpt_pts_di **out)
{
	const struct rpt_test *rt = &r->t[test];
	struct rpt_pts_di *di = calloc(1, sizeof(*di));
	int ret = 0;

	*out = NULL;
	if (!di)
		return -ENOMEM;
	di->test = test;
	di->ceiling_us = RPT_PTS_DI_CEILING_US;
	di->steady = -1;
	di->hist_test = (size_t)-1;
	for (size_t j = 0; j < rt->njobs && !ret; j++) {
		struct rpt_pts_di_point *p;
		unsigned int tc, qd;
		size_t k;

		if (!point_of(rt->jobs[j].name, &tc, &qd))
			continue;
		for (k = 0; k < di->n && strcmp(di->pt[k].c.name, rt->jobs[j].name); k++)
			;
		if (k < di->n)
			continue;
		p = realloc(di->pt, (di->n + 1) * sizeof(*p));
		if (!p) {
			ret = -ENOMEM;
			break;
		}
		di->pt = p;
		p = &di->pt[di->n++];
		memset(p, 0, sizeof(*p));
		snprintf(p->c.name, sizeof(p->c.name), "%s", rt->jobs[j].name);
		p->tc = tc;
		p->qd = qd;
		ret = histogram(rt, p);
	}
	if (!ret && di->n)
		ret = rpt_pts_cells_of(r, test, &di->pt[0].c, di->n, sizeof(di->pt[0]));
	if (ret) {
		rpt_pts_di_free(di);
		return ret;
	}
	rpt_pts_di_pick(di);
	for (int k = 0; k < RPT_DI_NHRUNS; k++)
		di->hrun_at[k] = rpt_pts_di_hrun_point(di, k);
	*out = di;
	return 0;
}

const char *rpt_pts_di_hrun_name(enum rpt_pts_di_hrun k)
{
	static const char *const n[] = { "maxiops", "midiops", "miniops" };

	return k < RPT_DI_NHRUNS ? n[k] : "?";
}

int rpt_pts_di_hrun_point(const struct rpt_pts_di *di, enum rpt_pts_di_hrun k)
{
	switch (k) {
	case RPT_DI_HRUN_MAX:
		return di->pick[RPT_DI_OPTIMAL] >= 0 ? di->pick[RPT_DI_OPTIMAL] : di->pick[RPT_DI_MAX];
	case RPT_DI_HRUN_MID:
		return di->pick[RPT_DI_MID];
	case RPT_DI_HRUN_MIN:
		return di->pick[RPT_DI_MIN];
	default:
		return -1;
	}
}

int rpt_pts_di_add_hruns(const struct rpt_report *r, size_t test, struct rpt_pts_di *di)
{
	const struct rpt_test *rt = &r->t[test];
	struct rpt_diag d = { 0 };
	char pre[64];
	int ret = 0;

	di->hist_test = test;
	for (int k = 0; k < RPT_DI_NHRUNS && !ret; k++) {
		struct rpt_pts_di_point *p = &di->hrun[k];

		memset(p, 0, sizeof(*p));
		snprintf(p->c.name, sizeof(p->c.name), "%s", rpt_pts_di_hrun_name(k));
		for (size_t j = 0; j < rt->njobs; j++)
			if (!strcmp(rt->jobs[j].name, p->c.name) && rt->jobs[j].iodepth_set.ok) {
				p->tc = rt->jobs[j].numjobs_set;
				p->qd = (unsigned int)rt->jobs[j].iodepth_set.v;
			}
		ret = histogram(rt, p);
		snprintf(pre, sizeof(pre), "%s-prewrite", p->c.name);
		di->hrun_prewrite[k] = tracked(r, test, pre, ":write:iops", &d);
	}
	rpt_diag_free(&d);
	if (!ret)
		ret = rpt_pts_cells_of(r, test, &di->hrun[0].c, RPT_DI_NHRUNS, sizeof(di->hrun[0]));
	return ret;
}

int rpt_pts_di_round_of(const char *name, const char *base)
{
	size_t n = strlen(base);
	const char *p;
	long v = 0;

	if (strncmp(name, base, n) || strncmp(name + n, "-di", 3))
		return 0;
	p = name + n + 3;
	if (!*p)
		return 1;
	if (*p++ != '-' || *p < '1' || *p > '9')
		return 0;
	for (; *p; p++) {
		if (*p < '0' || *p > '9' || v > 100000)
			return 0;
		v = v * 10 + (*p - '0');
	}
	return (int)v;
}


int rpt_pts_di_build_rounds(const struct rpt_report *r, const size_t *round, int nrounds,
			    struct rpt_pts_di **out)
{
	struct rpt_diag d = { 0 };
	struct rpt_pts_di *di;
	int ret;

	*out = NULL;
	if (nrounds < 1)
		return 0;
	ret = rpt_pts_di_build(r, round[nrounds - 1], &di);
	if (ret)
		return ret;
	di->steady = -1;
	di->round = malloc((size_t)nrounds * sizeof(*di->round));
	di->t32 = malloc((size_t)nrounds * sizeof(double));
	di->prewrite = malloc((size_t)nrounds * sizeof(double));
	if (!di->round || !di->t32 || !di->prewrite) {
		rpt_pts_di_free(di);
		return -ENOMEM;
	}
	di->nrounds = nrounds;
	for (int i = 0; i < nrounds; i++) {
		di->round[i] = round[i];
		di->t32[i] = tracked(r, round[i], "t32q32", ":write:iops", &d);
		di->prewrite[i] = tracked(r, round[i], "prewrite", ":write:iops", &d);
	}
	rpt_diag_free(&d);
	if (nrounds >= RPT_PTS_WINDOW) {
		ret = rpt_pts_steady(di->t32, nrounds, &di->w);
		di->steady = ret < 0 ? -1 : ret;
	}
	*out = di;
	return 0;
}

void rpt_pts_di_free(struct rpt_pts_di *di)
{
	if (!di)
		return;
	for (int k = 0; k < RPT_DI_NHRUNS; k++) {
		free(di->hrun[k].hist_us);
		free(di->hrun[k].hist_share);
	}
	free(di->round);
	free(di->t32);
	free(di->prewrite);
	for (size_t i = 0; i < di->n; i++) {
		free(di->pt[i].hist_us);
		free(di->pt[i].hist_share);
	}
	free(di->pt);
	free(di);
}
