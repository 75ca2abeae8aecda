// SPDX-License-Identifier: GPL-2.0-only
/* A PTS round's tracking variable from its fio JSON. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "fio_jobs.h"
#include "pts_track.h"
#include "reader_json.h"

int rpt_pts_var_parse(const char *spec, struct rpt_pts_var *v)
{
	static const char *const figs[] = { "iops", "mbps", "lat" };
	const char *c1 = strchr(spec, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
	size_t n = c1 ? (size_t)(c1 - spec) : 0;

	if (!c2 || !n || n >= sizeof(v->job))
		return -EINVAL;
	memcpy(v->job, spec, n);
	v->job[n] = '\0';
	if (!strncmp(c1 + 1, "read:", 5))
		v->write = 0;
	else if (!strncmp(c1 + 1, "write:", 6))
		v->write = 1;
	else
		return -EINVAL;
	for (size_t i = 0; i < sizeof(figs) / sizeof(figs[0]); i++)
		if (!strcmp(c2 + 1, figs[i])) {
			v->fig = (enum rpt_pts_figure)i;
			return 0;
		}
	return -EINVAL;
}

/* One entry's I/Os in @dir: x[0] IOPS, x[1] bytes/s, x[2] I/Os, x[3] mean lat ns. */
static int entry_figures(const char *path, const struct rpt_fio_entry *e, const char *dir,
			 double *x, struct rpt_diag *d)
{
	struct json_object *dd, *lat;
	char at[64];

	snprintf(at, sizeof(at), "%s.%s", e->path, dir);
	if (rpt_json_typed(e->obj, dir, json_type_object, path, at, &dd, d) <= 0 ||
	    rpt_json_num(dd, "iops", path, at, &x[0], d) < 0 ||
	    rpt_json_num(dd, "bw_bytes", path, at, &x[1], d) < 0 ||
	    rpt_json_num(dd, "total_ios", path, at, &x[2], d) < 0)
		return -EINVAL;
	if (rpt_json_typed(dd, "lat_ns", json_type_object, path, at, &lat, d) > 0 &&
	    rpt_json_num(lat, "mean", path, at, &x[3], d) < 0)
		return -EINVAL;
	return 0;
}

int rpt_pts_track(const char *path, const struct rpt_pts_var *v, double *out,
		  struct rpt_diag *d)
{
	const char *dir = v->write ? "write" : "read";
	double iops = 0, bw = 0, ios = 0, lat_sum = 0, other_ios = 0;
	struct json_object *root = NULL;
	struct rpt_fio_run run = { 0 };
	size_t found = 0;
	int ret;

	ret = rpt_json_load(path, &root, NULL, d);
	if (ret)
		return ret;
	ret = rpt_fio_run_parse(root, path, &run, d);
	/* a cell's entries: one per thread (or client), or one with group_reporting */
	for (size_t g = 0; !ret && g < run.ng; g++)
		for (size_t i = 0; !ret && i < run.g[g].n; i++) {
			const struct rpt_fio_entry *e = &run.g[g].e[i];
			double x[4] = { 0 }, o[4] = { 0 };

			if (!e->jobname || strcmp(e->jobname, v->job))
				continue;
			if (e->all_clients && run.g[g].n > 1)
				continue;
			ret = entry_figures(path, e, dir, x, d);
			if (!ret)
				ret = entry_figures(path, e, v->write ? "read" : "write", o, d);
			other_ios += o[2];
			found++;
			iops += x[0];
			bw += x[1];
			ios += x[2];
			lat_sum += x[3] * x[2];
		}
	rpt_fio_run_free(&run);
	json_object_put(root);
	if (ret)
		return ret;
	if (found && !(ios > 0) && !(other_ios > 0)) {
		*out = 0;	/* a round in which the cell moved nothing: a zero round */
		return 0;
	}
	if (!found || !(ios > 0)) {
		if (found)
			rpt_diag_add(d, RPT_ERROR, "%s: job %s did no %s I/O", path, v->job, dir);
		else
			rpt_diag_add(d, RPT_ERROR, "%s: no job %s", path, v->job);
		return -ENOENT;
	}
	*out = v->fig == RPT_PTS_IOPS ? iops : v->fig == RPT_PTS_MBPS ? bw / 1e6 :
	       lat_sum / ios / 1e3;
	return 0;
}
