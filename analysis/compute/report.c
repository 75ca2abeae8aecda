// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdio.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalogue.h"
#include "fio_figures.h"
#include "fio_jobs.h"
#include "grow.h"
#include "fio_shared.h"
#include "from_logs.h"
#include "metrics.h"
#include "reader_json.h"
#include "killed.h"
#include "pts_report.h"
#include "report.h"
#include "series.h"
#include "status.h"
#include "stop.h"

static char *test_name(const char *path)
{
	const char *b = strrchr(path, '/');
	char prefix[512];
	size_t n;

	b = b ? b + 1 : path;
	if (rpt_logs_events_name(b, prefix, sizeof(prefix)))
		return strdup(prefix);
	n = strlen(b);
	if (n > 5 && !strcmp(b + n - 5, ".json"))
		n -= 5;
	return strndup(b, n);
}

int rpt_test_load(const char *path, struct rpt_test *t)
{
	return rpt_test_load_dev(path, NULL, t);
}

/* Is @root the engine's device.json rather than fio output? */
static bool is_device_json(struct json_object *root)
{
	struct json_object *f;

	return json_object_object_get_ex(root, "format", &f) &&
	       json_object_is_type(f, json_type_string) &&
	       !strcmp(json_object_get_string(f), "ssdq-device");
}

/*
 * The rows of one group (a row per direction) share one power figure: each
 * row's MB/s/W would charge all the power to part of the bytes, so the
 * efficiency is the group's, in the reason.
 */
static void shared_power(struct rpt_job *row, size_t n)
{
	double mbps = 0, iops = 0;
	char a[32], b[32];
	size_t i;

	for (i = 0; i < n; i++) {
		mbps += row[i].mbps.ok ? row[i].mbps.v : 0;
		iops += row[i].iops.ok ? row[i].iops.v : 0;
	}
	for (i = 0; i < n; i++) {
		if (!row[i].power_w.ok || !(row[i].power_w.v > 0) || row[i].has_bursts)
			continue;
		rpt_fig_null(&row[i].mbps_per_w,
			     "the group's %zu directions share the power: %s MB/s in all / %.3f W = %s MB/s/W",
			     n, rpt_fmt_num(a, sizeof(a), mbps, 1), row[i].power_w.v,
			     rpt_fmt_num(b, sizeof(b), mbps / row[i].power_w.v, 1));
		rpt_fig_null(&row[i].iops_per_w,
			     "the group's %zu directions share the power: %s IOPS in all / %.3f W = %s IOPS/W",
			     n, rpt_fmt_num(a, sizeof(a), iops, 0), row[i].power_w.v,
			     rpt_fmt_num(b, sizeof(b), iops / row[i].power_w.v, 0));
	}
}

/* A document from the sidecars: its notes on the row's jobs (from_logs.h). */
static void logs_notes(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		       unsigned int mask, struct rpt_job *j)
{
	const struct rpt_fio_entry *e = rpt_fio_row_entry(run, g, mask);
	struct json_object *a;
	size_t i;

	if (!json_object_object_get_ex(e->obj, "ssdq_notes", &a) ||
	    !json_object_is_type(a, json_type_array))
		return;
	for (i = 0; i < json_object_array_length(a); i++)
		rpt_diag_add(&j->notes, RPT_WARN, "%s",
			     json_object_get_string(json_object_array_get_idx(a, i)));
}

int rpt_test_load_dev(const char *path, const struct rpt_device *dev,
		      struct rpt_test *t)
{
	return rpt_test_load_host(path, dev, NULL, t);
}

int rpt_test_load_host(const char *path, const struct rpt_device *dev, const char *host,
		       struct rpt_test *t)
{
	struct json_object *root = NULL;
	struct rpt_fio_run run = { 0 };
	struct rpt_status st = { 0 };
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
	if (dev)
		ret = rpt_device_copy(&t->dev, dev);
	else
		ret = rpt_device_load_host(dir, host, &t->dev, &t->diag) == -ENOMEM ? -ENOMEM : 0;
	if (ret)
		goto out;
	if (rpt_logs_events_name(path, NULL, 0)) {
		/* no fio JSON: a document from the sidecars and logs */
		ret = rpt_logs_doc(path, &root, &t->source, &t->diag);
		t->ndocs = !ret;
	} else {
		size_t nd = t->diag.n;
		int k;

		ret = rpt_json_load_each(path, rpt_status_add, &st, &root, &t->ndocs, &t->diag);
		/* a fio killed before (or while) it wrote its JSON: the sidecars */
		if (ret && ret != -ENOMEM && (k = rpt_killed_doc(path, dir, nd, &root, t)) != -ENOENT)
			ret = k;
	}
	if (ret)
		goto out;
	if (is_device_json(root)) {
		rpt_diag_add(&t->diag, RPT_ERROR,
			     "%s: this is ssdq's device.json, not fio output (a results directory reads it by itself)",
			     path);
		ret = -EINVAL;
		goto out;
	}
	ret = rpt_fio_run_parse_host(root, path, host, &run, &t->diag);
	if (ret == -ENOMEM)
		goto out;
	run.status = t->ndocs > 1 ? &st : NULL;
	/* the fio that wrote the file, where device.json does not say */
	if (!t->dev.prov.fio_version[0] && run.ver.text[0])
		snprintf(t->dev.prov.fio_version, sizeof(t->dev.prov.fio_version), "%s",
			 run.ver.text);
	/* a row per group, or per data direction of a group that mixes them */
	t->jobs = calloc(run.ng ? 3 * run.ng : 1, sizeof(*t->jobs));
	if (!t->jobs) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < run.ng; i++) {
		unsigned int mask[3];
		size_t k, nrows;

		if (!run.g[i].n)
			continue;
		nrows = rpt_fio_rows(&run, &run.g[i], mask);
		for (k = 0; k < nrows; k++) {
			ret = rpt_job_compute(&run, &run.g[i], mask[k], nrows > 1, dir, &t->dev,
					      &t->jobs[t->njobs++], &t->diag);
			if (ret)
				goto out;
			if (t->source)
				logs_notes(&run, &run.g[i], mask[k], &t->jobs[t->njobs - 1]);
		}
		if (nrows > 1)
			shared_power(&t->jobs[t->njobs - nrows], nrows);
	}
	rpt_partial_check(dir, t);
	for (i = 0; i < t->njobs; i++)
		rpt_catalogue_compute(&t->jobs[i]);
	ret = rpt_series_find(t);
	if (ret)
		goto out;
	ret = t->njobs || !run.ng ? 0 : -EINVAL;
	if (!run.ng && !t->diag.nerrors)
		rpt_diag_add(&t->diag, RPT_WARN, "%s: fio reported no jobs", path);
out:
	rpt_fio_run_free(&run);
	rpt_status_free(&st);
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
		rpt_timeline_free(&t->jobs[i].tl);
		free(t->jobs[i].lat_cdf.us);
		free(t->jobs[i].lat_cdf.le);
		rpt_bursts_free(&t->jobs[i].bursts);
		rpt_hostv_free(&t->jobs[i].host);
		rpt_diag_free(&t->jobs[i].notes);
	}
	free(t->jobs);
	free(t->partial);
	rpt_series_free(t);
	rpt_device_free(&t->dev);
	free(t->name);
	free(t->path);
	free(t->source);
	rpt_diag_free(&t->diag);
	memset(t, 0, sizeof(*t));
}

/* The directory part of @path ("." for a bare name), newly allocated. */
static char *dir_of(const char *path)
{
	const char *sl = strrchr(path, '/');

	if (!sl)
		return strdup(".");
	if (sl == path)
		return strdup("/");
	return strndup(path, sl - path);
}

static char *base_of(const char *dir)
{
	char *copy = strdup(dir), *b, *r;
	size_t n;

	if (!copy)
		return NULL;
	n = strlen(copy);
	while (n > 1 && copy[n - 1] == '/')
		copy[--n] = '\0';
	b = strrchr(copy, '/');
	r = strdup(b && b[1] ? b + 1 : copy);
	free(copy);
	return r;
}

/* A drive's name: device.json's model, or the directory's name. */
static int drive_name(struct rpt_drive *dr)
{
	char *base;

	if (dr->dev.model && *dr->dev.model) {
		dr->name = strdup(dr->dev.model);
		return dr->name ? 0 : -ENOMEM;
	}
	base = base_of(dr->dir);
	if (base && !strcmp(base, ".")) {
		char cwd[4096];

		free(base);
		base = getcwd(cwd, sizeof(cwd)) ? base_of(cwd) : strdup(".");
	}
	dr->name = base;
	return base ? 0 : -ENOMEM;
}

/* Drives of the same model get their directory's name too: "P1 (p1-full)". */
static int unique_names(struct rpt_report *r)
{
	bool *dup = calloc(r->nd ? r->nd : 1, sizeof(*dup));
	size_t i, k;

	if (!dup)
		return -ENOMEM;
	for (i = 0; i < r->nd; i++)
		for (k = i + 1; k < r->nd; k++)
			if (!strcmp(r->d[i].name, r->d[k].name))
				dup[i] = dup[k] = true;
	for (i = 0; i < r->nd; i++) {
		char *base, *name;

		if (!dup[i])
			continue;
		base = r->d[i].host ? strdup(r->d[i].host) : base_of(r->d[i].dir);
		if (!base || asprintf(&name, "%s (%s)", r->d[i].name, base) < 0) {
			free(base);
			free(dup);
			return -ENOMEM;
		}
		free(base);
		free(r->d[i].name);
		r->d[i].name = name;
	}
	free(dup);
	return 0;
}

/*
 * The hosts of @path when it is a client/server run's JSON (rpt_fio_hosts()),
 * as a newly allocated array of copies; 0 for anything else. @what: with
 * several hosts, the target they share (*@shared) or why they share none
 * (fio_shared.h).
 */
static int hosts_of(const char *path, char ***hosts, char *what, size_t len, bool *shared)
{
	struct json_object *root = NULL;
	struct rpt_diag quiet = { 0 };
	const char **h = NULL;
	unsigned int ndocs;
	int n, i;

	*hosts = NULL;
	what[0] = '\0';
	*shared = false;
	if (rpt_logs_events_name(path, NULL, 0) || rpt_json_load(path, &root, &ndocs, &quiet)) {
		rpt_diag_free(&quiet);
		return 0;
	}
	rpt_diag_free(&quiet);
	n = rpt_fio_hosts(root, &h);
	if (n > 1)
		*shared = rpt_fio_shared_target(root, what, len);
	if (n > 0 && !(*hosts = calloc(n, sizeof(**hosts))))
		n = -ENOMEM;
	for (i = 0; n > 0 && i < n; i++)
		if (!((*hosts)[i] = strdup(h[i])))
			n = -ENOMEM;
	if (n < 0 && *hosts) {
		for (i = 0; (*hosts)[i]; i++)
			free((*hosts)[i]);
		free(*hosts);
		*hosts = NULL;
	}
	free(h);
	json_object_put(root);
	return n;
}

/*
 * The drive of directory @dir, made when new; with @split, of client/server
 * host @host in it. Its device.json is the host's copy where there is one.
 */
static struct rpt_drive *drive_of(struct rpt_report *r, size_t *cap, const char *dir,
				  const char *devhost, bool split, int *err)
{
	const char *host = split ? devhost : NULL;
	struct rpt_drive *dr;
	size_t k;

	for (k = 0; k < r->nd; k++)
		if (!strcmp(r->d[k].dir, dir) &&
		    (host ? r->d[k].host && !strcmp(r->d[k].host, host) : !r->d[k].host))
			return &r->d[k];
	if (RPT_GROW(r->d, *cap, r->nd, 4)) {
		*err = -ENOMEM;
		return NULL;
	}
	dr = &r->d[r->nd];
	memset(dr, 0, sizeof(*dr));
	dr->dir = strdup(dir);
	dr->host = host ? strdup(host) : NULL;
	r->nd++;
	if (!dr->dir || (host && !dr->host)) {
		*err = -ENOMEM;
		return NULL;
	}
	*err = rpt_device_load_host(dir, devhost, &dr->dev, &dr->diag) == -ENOMEM ? -ENOMEM : 0;
	if (!*err && drive_name(dr))
		*err = -ENOMEM;
	return *err ? NULL : dr;
}

/*
 * Clients @hosts of @path sharing one target: fio's "All clients" total
 * as a drive of its own beside theirs, its test saying which and why.
 */
static int all_clients(struct rpt_report *r, size_t *tcap, size_t *dcap, const char *path,
		       const char *dir, char *const *hosts, int nh, const char *shared)
{
	struct rpt_drive *dr;
	size_t *nt;
	char *name, list[256] = "";
	int ret = 0, h, at = 0;

	dr = drive_of(r, dcap, dir, NULL, false, &ret);
	if (!dr || RPT_GROW(r->t, *tcap, r->nt, 8))
		return -ENOMEM;
	if (!dr->ntests) {
		if (asprintf(&name, "%s (all %d clients)", dr->name, nh) < 0)
			return -ENOMEM;
		free(dr->name);
		dr->name = name;
	}
	nt = realloc(dr->test, (dr->ntests + 1) * sizeof(*dr->test));
	if (!nt)
		return -ENOMEM;
	dr->test = nt;
	dr->test[dr->ntests++] = r->nt;
	ret = rpt_test_load_host(path, &dr->dev, NULL, &r->t[r->nt]);
	r->nt++;
	if (ret == -ENOMEM)
		return ret;
	for (h = 0; h < nh && at >= 0 && (size_t)at < sizeof(list); h++)
		at += snprintf(list + at, sizeof(list) - at, "%s%s", h ? ", " : "", hosts[h]);
	rpt_diag_add(&r->t[r->nt - 1].diag, RPT_WARN,
		     "fio's \"All clients\" total of %d clients (%s) sharing one target (%s); each client's own figures are the drive named after it",
		     nh, list, shared);
	return 0;
}

/*
 * The drives in the natural order of their names (strverscmp: "Drive 2"
 * before "Drive 10"), drives of one name in the order given.
 */
static void natural_order(struct rpt_report *r)
{
	size_t i, k;

	for (i = 1; i < r->nd; i++)
		for (k = i; k > 0 && strverscmp(r->d[k - 1].name, r->d[k].name) > 0; k--) {
			struct rpt_drive tmp = r->d[k];

			r->d[k] = r->d[k - 1];
			r->d[k - 1] = tmp;
		}
}

int rpt_report_load(char *const *paths, size_t n, struct rpt_report *r)
{
	size_t i, tcap = 0, dcap = 0;
	int ret = 0;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < n && !ret; i++) {
		char *dir = dir_of(paths[i]), **hosts = NULL, what[RPT_WHY_LEN];
		bool shared;
		int nh = dir ? hosts_of(paths[i], &hosts, what, sizeof(what), &shared) : -ENOMEM, h;

		if (nh < 0) {
			free(dir);
			return -ENOMEM;
		}
		/* one host alone is its directory's drive; several, a drive each */
		for (h = 0; h < (nh ? nh : 1) && !ret; h++) {
			const char *host = nh ? hosts[h] : NULL;
			struct rpt_drive *dr = drive_of(r, &dcap, dir, host, nh > 1, &ret);
			size_t *nt;

			if (!dr || RPT_GROW(r->t, tcap, r->nt, 8)) {
				ret = -ENOMEM;
				break;
			}
			nt = realloc(dr->test, (dr->ntests + 1) * sizeof(*dr->test));
			if (!nt) {
				ret = -ENOMEM;
				break;
			}
			dr->test = nt;
			dr->test[dr->ntests++] = r->nt;
			ret = rpt_test_load_host(paths[i], &dr->dev, host, &r->t[r->nt]);
			if (ret != -ENOMEM && nh > 1 && !shared)
				rpt_diag_add(&r->t[r->nt].diag, RPT_WARN,
					     "client %s of %d: its own figures, and no total of the clients (fio's \"All clients\"): %s",
					     host, nh, what);
			r->nt++;
			ret = ret == -ENOMEM ? ret : 0;
		}
		if (!ret && nh > 1 && shared)
			ret = all_clients(r, &tcap, &dcap, paths[i], dir, hosts, nh, what);
		for (h = 0; h < nh; h++)
			free(hosts[h]);
		free(hosts);
		free(dir);
	}
	if (!ret)
		ret = unique_names(r);
	if (!ret)
		natural_order(r);
	for (i = 0; !ret && i < r->nd; i++)
		ret = rpt_pts_build(r, &r->d[i], &r->d[i].pts);
	return ret;
}

void rpt_report_free(struct rpt_report *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; r->t && i < r->nt; i++)
		rpt_test_free(&r->t[i]);
	for (i = 0; r->d && i < r->nd; i++) {
		free(r->d[i].name);
		free(r->d[i].dir);
		free(r->d[i].host);
		free(r->d[i].test);
		rpt_device_free(&r->d[i].dev);
		rpt_diag_free(&r->d[i].diag);
		rpt_pts_free(r->d[i].pts);
	}
	free(r->t);
	free(r->d);
	memset(r, 0, sizeof(*r));
}
