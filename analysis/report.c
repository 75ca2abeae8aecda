// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>

#include "fio_jobs.h"
#include "metrics.h"
#include "reader_json.h"
#include "report.h"

static char *test_name(const char *path)
{
	const char *b = strrchr(path, '/');
	size_t n;

	b = b ? b + 1 : path;
	n = strlen(b);
	if (n > 5 && !strcmp(b + n - 5, ".json"))
		n -= 5;
	return strndup(b, n);
}

int rpt_test_load(const char *path, struct rpt_test *t)
{
	struct json_object *root = NULL;
	struct rpt_fio_run run = { 0 };
	char *copy, *dir;
	size_t i;
	int ret;

	memset(t, 0, sizeof(*t));
	t->path = strdup(path);
	t->name = test_name(path);
	copy = strdup(path);
	if (!t->path || !t->name || !copy) {
		free(copy);
		return -ENOMEM;
	}
	dir = dirname(copy);
	ret = rpt_json_load(path, &root, &t->ndocs, &t->diag);
	if (ret)
		goto out;
	ret = rpt_fio_run_parse(root, path, &run, &t->diag);
	if (ret == -ENOMEM)
		goto out;
	t->jobs = calloc(run.ng ? run.ng : 1, sizeof(*t->jobs));
	if (!t->jobs) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < run.ng; i++) {
		if (!run.g[i].n)
			continue;
		ret = rpt_job_compute(&run, &run.g[i], dir, &t->jobs[t->njobs++],
				      &t->diag);
		if (ret)
			goto out;
	}
	ret = t->njobs || !run.ng ? 0 : -EINVAL;
	if (!run.ng && !t->diag.nerrors)
		rpt_diag_add(&t->diag, RPT_WARN, "%s: fio reported no jobs", path);
out:
	rpt_fio_run_free(&run);
	json_object_put(root);
	free(copy);
	return ret;
}

void rpt_test_free(struct rpt_test *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->njobs; i++) {
		free(t->jobs[i].name);
		free(t->jobs[i].rw);
		rpt_fill_figures_free(&t->jobs[i].fill);
		rpt_diag_free(&t->jobs[i].notes);
	}
	free(t->jobs);
	free(t->name);
	free(t->path);
	rpt_diag_free(&t->diag);
	memset(t, 0, sizeof(*t));
}

void rpt_job_figures(const struct rpt_job *j, const char **keys,
		     const struct rpt_fig **figs)
{
	const char *k[RPT_JOB_NFIGS] = {
		"mbps", "iops", "power_w", "energy_j", "mbps_per_w", "iops_per_w",
		"lat_mean_us", "lat_p99_us", "lat_p9999_us", "peak_power_w",
	};
	const struct rpt_fig *f[RPT_JOB_NFIGS] = {
		&j->mbps, &j->iops, &j->power_w, &j->energy_j, &j->mbps_per_w,
		&j->iops_per_w, &j->lat_mean_us, &j->lat_p99_us, &j->lat_p9999_us,
		&j->peak_power_w,
	};

	memcpy(keys, k, sizeof(k));
	memcpy(figs, f, sizeof(f));
}
