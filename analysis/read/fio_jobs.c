// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio_jobs.h"
#include "grow.h"
#include "reader_json.h"

static const char *opt_in(struct json_object *opts, const char *key)
{
	struct json_object *v;

	if (!opts)
		return NULL;
	if (json_object_is_type(opts, json_type_array)) {
		size_t i, n = json_object_array_length(opts);

		for (i = 0; i < n; i++) {
			const char *s = opt_in(json_object_array_get_idx(opts, i), key);

			if (s)
				return s;
		}
		return NULL;
	}
	if (!json_object_is_type(opts, json_type_object) ||
	    !json_object_object_get_ex(opts, key, &v) ||
	    !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

const char *rpt_fio_option(const struct rpt_fio_run *run,
			   const struct rpt_fio_entry *e, const char *key)
{
	struct json_object *opts = NULL;
	const char *s = NULL;

	if (e && e->obj && json_object_object_get_ex(e->obj, "job options", &opts))
		s = opt_in(opts, key);
	return s ? s : opt_in(run->globals, key);
}

int rpt_fio_size(const char *s, unsigned int ddir, uint64_t *out)
{
	const char *p = s;
	uint64_t v = 0, mul = 1;
	unsigned int i;

	/* "R,W,T": pick the part for ddir, or the last one given */
	for (i = 0; i < ddir; i++) {
		const char *c = strchr(p, ',');

		if (!c)
			break;
		p = c + 1;
	}
	if (*p < '0' || *p > '9')
		return -EINVAL;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (UINT64_MAX - 9) / 10)
			return -EINVAL;
		v = v * 10 + (uint64_t)(*p - '0');
	}
	switch (*p | 0x20) {
	case 'k': mul = 1ull << 10; p++; break;
	case 'm': mul = 1ull << 20; p++; break;
	case 'g': mul = 1ull << 30; p++; break;
	case 't': mul = 1ull << 40; p++; break;
	default: break;
	}
	if ((*p | 0x20) == 'i')
		p++;
	if ((*p | 0x20) == 'b')
		p++;
	if (*p && *p != ',' && *p != '-' && *p != ':')
		return -EINVAL;
	if (mul > 1 && v > UINT64_MAX / mul)
		return -EINVAL;
	*out = v * mul;
	return 0;
}

/*
 * The disk of one filename (@n bytes of @f) into @out: a device without its
 * partition, an SPDK PCIe address; "" for a file.
 */
static void disk_of(const char *f, size_t n, char *out, size_t len)
{
	const char *a = memmem(f, n, "traddr=", 7), *dev, *p;
	size_t m;

	*out = '\0';
	if (a) {
		m = strcspn(a, " ");
		if (m > n - (size_t)(a - f))
			m = n - (size_t)(a - f);
		snprintf(out, len, "%.*s", (int)m, a);
		return;
	}
	if (n <= 5 || strncmp(f, "/dev/", 5))
		return;
	dev = f + 5;
	m = n - 5;
	p = dev + m;
	while (p > dev && p[-1] >= '0' && p[-1] <= '9')
		p--;
	if (p >= dev + 2 && p < dev + m && p[-1] == 'p' && p[-2] >= '0' && p[-2] <= '9')
		m = (size_t)(p - 1 - dev);	/* nvme0n1p2, mmcblk0p1, md127p1 */
	else if (p > dev && p < dev + m && p[-1] >= 'a' && p[-1] <= 'z' &&
		 (!strncmp(dev, "sd", 2) || !strncmp(dev, "vd", 2) || !strncmp(dev, "hd", 2) ||
		  !strncmp(dev, "xvd", 3)))
		m = (size_t)(p - dev);		/* sdb1 */
	/* a namespace's char device is its block device's */
	if (m > 2 && !strncmp(dev, "ng", 2) && dev[2] >= '0' && dev[2] <= '9')
		snprintf(out, len, "nvme%.*s", (int)(m - 2), dev + 2);
	else
		snprintf(out, len, "%.*s", (int)m, dev);
}

/* Entry @e's target (fio_jobs.h) into @out: the disks of its filenames. */
static void target_of(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
		      char *out, size_t len)
{
	const char *f = rpt_fio_option(run, e, "filename");
	char disk[128];
	size_t at = 0;

	*out = '\0';
	while (f && *f) {
		size_t n = strcspn(f, ":");

		while (f[n] == ':' && n && f[n - 1] == '\\')	/* "\:" is no separator */
			n += 1 + strcspn(f + n + 1, ":");
		disk_of(f, n, disk, sizeof(disk));
		if (!*disk) {
			*out = '\0';	/* a file among them: no disk of its own */
			return;
		}
		if (at < len)
			at += (size_t)snprintf(out + at, len - at, "%s%s", at ? ":" : "", disk);
		f += n + (f[n] == ':');
	}
}

static struct rpt_fio_group *group_of(struct rpt_fio_run *run, int groupid, const char *target)
{
	struct rpt_fio_group *g;
	size_t i;

	for (i = 0; i < run->ng; i++)
		if (run->g[i].groupid == groupid && !strcmp(run->g[i].target, target))
			return &run->g[i];
	g = realloc(run->g, (run->ng + 1) * sizeof(*g));
	if (!g)
		return NULL;
	run->g = g;
	g = &run->g[run->ng++];
	memset(g, 0, sizeof(*g));
	g->groupid = groupid;
	snprintf(g->target, sizeof(g->target), "%s", target);
	return g;
}

static unsigned int opt_uint(const struct rpt_fio_run *run,
			     const struct rpt_fio_entry *e, const char *key,
			     unsigned int dflt)
{
	const char *s = rpt_fio_option(run, e, key);
	char *end;
	unsigned long v;

	if (!s)
		return dflt;
	v = strtoul(s, &end, 10);
	return end != s && !*end && v > 0 && v < 1u << 20 ? (unsigned int)v : dflt;
}

/* How many entries of fio's @jobs array are of group @gid. */
static size_t group_entries(struct json_object *jobs, double gid)
{
	size_t i, n = json_object_array_length(jobs), k = 0;

	for (i = 0; i < n; i++) {
		struct json_object *v;

		if (json_object_object_get_ex(json_object_array_get_idx(jobs, i), "groupid", &v) &&
		    json_object_get_double(v) == gid)
			k++;
	}
	return k;
}

/*
 * Threads entry @e of group @gid stands for: numjobs with group_reporting.
 * fio 3.33 leaves a bare group_reporting (no "=1") out of "job options":
 * a group of one entry whose job has numjobs > 1 is reported as one too.
 */
static unsigned int threads_of(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
			       struct json_object *jobs, double gid, bool from_sidecars)
{
	unsigned int nj = opt_uint(run, e, "numjobs", 1);

	if (rpt_fio_option_on(run, e, "group_reporting", false))
		return nj;
	return nj > 1 && !from_sidecars && !run->client_server && group_entries(jobs, gid) == 1 ?
	       nj : 1;
}

bool rpt_fio_option_on(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
		       const char *key, bool dflt)
{
	const char *s = rpt_fio_option(run, e, key);
	unsigned long long v;
	char *end;

	if (!s)
		return dflt;
	if (!*s)
		return true;
	errno = 0;
	v = strtoull(s, &end, strstr(s, "0x") || strstr(s, "0X") ? 16 : 10);
	if (end == s || errno || *s == '-')
		return dflt;
	return v != 0;
}

int rpt_fio_hosts(struct json_object *root, const char ***hosts)
{
	struct json_object *cs, *h;
	const char **out = NULL;
	size_t i, k, n, nh = 0;
	bool all = false;

	*hosts = NULL;
	if (!json_object_object_get_ex(root, "client_stats", &cs) ||
	    !json_object_is_type(cs, json_type_array))
		return 0;
	n = json_object_array_length(cs);
	for (i = 0; i < n; i++) {
		struct json_object *j = json_object_array_get_idx(cs, i), *name;
		const char *s;

		if (json_object_object_get_ex(j, "jobname", &name) &&
		    !strcmp(json_object_get_string(name), "All clients")) {
			all = true;
			continue;
		}
		if (!json_object_object_get_ex(j, "hostname", &h) ||
		    !json_object_is_type(h, json_type_string))
			continue;
		s = json_object_get_string(h);
		for (k = 0; k < nh && strcmp(out[k], s); k++)
			;
		if (k < nh)
			continue;
		if (!(out = reallocarray(*hosts, nh + 1, sizeof(*out)))) {
			free(*hosts);
			*hosts = NULL;
			return -ENOMEM;
		}
		*hosts = out;
		out[nh++] = s;
	}
	/*
	 * One name and an "All clients" entry: several servers at one address
	 * (ports apart), which fio's client cannot tell apart either (it writes
	 * their logs to one <log>.<host>): read as one run, as before.
	 */
	if (nh == 1 && all) {
		free(*hosts);
		*hosts = NULL;
		return 0;
	}
	return (int)nh;
}

/*
 * fio groups whose jobs ran on several targets: each target's jobs are
 * marked, and a warning names the targets.
 */
static void apart_by_target(struct rpt_fio_run *run, const char *file, struct rpt_diag *d)
{
	size_t i, k;

	for (i = 0; i < run->ng; i++) {
		char list[512] = "";
		size_t at = 0, n = 0;

		if (run->g[i].by_target)
			continue;
		for (k = i; k < run->ng; k++) {
			struct rpt_fio_group *g = &run->g[k];

			if (g->groupid != run->g[i].groupid)
				continue;
			n++;
			if (at < sizeof(list))
				at += (size_t)snprintf(list + at, sizeof(list) - at, "%s%s", at ? ", " : "",
						       g->filename ? g->filename : "its own files");
		}
		if (n < 2)
			continue;
		for (k = i; k < run->ng; k++)
			run->g[k].by_target |= run->g[k].groupid == run->g[i].groupid;
		rpt_diag_add(d, RPT_WARN,
			     "%s: fio's group %d ran its jobs on %zu targets (%s): a row per target, as no one drive did their sum",
			     file, run->g[i].groupid, n, list);
	}
}

int rpt_fio_run_parse(struct json_object *root, const char *file,
		      struct rpt_fio_run *run, struct rpt_diag *d)
{
	return rpt_fio_run_parse_host(root, file, NULL, run, d);
}

int rpt_fio_run_parse_host(struct json_object *root, const char *file, const char *host,
			   struct rpt_fio_run *run, struct rpt_diag *d)
{
	struct json_object *jobs = NULL;
	const char *key = "jobs";
	unsigned int thread = 1;
	double sig = 0;
	size_t i, n;
	int ret, bad = 0;

	memset(run, 0, sizeof(*run));
	run->file = file;
	run->host = host;
	rpt_fio_version_of(root, &run->ver);
	rpt_json_num(root, RPT_JSON_FIO_SIGNAL, "", "", &sig, NULL);
	run->signal = (int)sig;
	if (json_object_object_get_ex(root, "global options", &run->globals) &&
	    !json_object_is_type(run->globals, json_type_object) &&
	    !json_object_is_type(run->globals, json_type_array)) {
		rpt_diag_add(d, RPT_ERROR, "%s: global options: expected an object or an array, got %s",
			     file, json_type_to_name(json_object_get_type(run->globals)));
		run->globals = NULL;
		bad = 1;
	}
	ret = rpt_json_typed(root, "jobs", json_type_array, file, "", &jobs, d);
	if (ret == 0) {
		key = "client_stats";
		run->client_server = true;
		ret = rpt_json_typed(root, key, json_type_array, file, "", &jobs, d);
	}
	if (ret == 0) {
		rpt_diag_add(d, RPT_ERROR, "%s: neither \"jobs\" nor \"client_stats\": not fio output?",
			     file);
		return -EINVAL;
	}
	if (ret < 0)
		return ret;

	n = json_object_array_length(jobs);
	for (i = 0; i < n; i++) {
		struct json_object *j = json_object_array_get_idx(jobs, i);
		struct rpt_fio_entry e = { .obj = j, .index = i };
		struct rpt_fio_group *g;
		const char *name = NULL;
		char target[sizeof(run->g->target)] = "";
		double gid = 0;

		snprintf(e.path, sizeof(e.path), "%s[%zu]", key, i);
		if (!json_object_is_type(j, json_type_object)) {
			rpt_diag_add(d, RPT_ERROR, "%s: %s: expected an object, got %s",
				     file, e.path, json_type_to_name(json_object_get_type(j)));
			bad = 1;
			continue;
		}
		if (rpt_json_str(j, "jobname", file, e.path, &name, d) < 0 ||
		    rpt_json_num(j, "groupid", file, e.path, &gid, d) < 0 ||
		    gid > 1e9) {
			if (gid > 1e9)
				rpt_diag_add(d, RPT_ERROR, "%s: %s.groupid: out of range",
					     file, e.path);
			bad = 1;
			continue;
		}
		e.jobname = name ? name : "(unnamed)";
		e.has_opts = json_object_object_get_ex(j, "job options", NULL);
		if (host && run->client_server) {
			struct json_object *h;

			/* one host's drive: the others' entries and fio's blend of them out */
			if (!strcmp(e.jobname, "All clients") ||
			    !json_object_object_get_ex(j, "hostname", &h) ||
			    strcmp(json_object_get_string(h), host))
				continue;
			e.host = host;
		}
		/* one host's jobs on different disks are apart; several hosts' are not */
		if (!run->client_server || host)
			target_of(run, &e, target, sizeof(target));
		g = group_of(run, (int)gid, target);
		if (!g)
			return -ENOMEM;
		if (!g->n && !g->filename)
			g->filename = rpt_fio_option(run, &e, "filename");
		if (run->client_server && !strcmp(e.jobname, "All clients")) {
			e.all_clients = true;
			g->all = e;
			continue;
		}
		if (!run->client_server || e.host) {
			double t = 0;
			/* a document built from the sidecars names its threads (from_logs.h) */
			bool side = rpt_json_num(j, "ssdq_thread", "", "", &t, NULL) > 0;

			if (side && t >= 1 && t < 1e6)
				thread = (unsigned int)t;
			e.thread = thread;
			e.nthreads = threads_of(run, &e, jobs, gid, side);
			thread += e.nthreads;
		} else {
			/* servers at one address, read as one: no log numbers, threads all the same */
			e.nthreads = threads_of(run, &e, jobs, gid, false);
		}
		if (RPT_GROW(g->e, g->cap, g->n, 4))
			return -ENOMEM;
		g->e[g->n++] = e;
	}
	apart_by_target(run, file, d);
	/* a group of which only "All clients" is in the file */
	for (i = 0; i < run->ng; i++) {
		struct rpt_fio_group *g = &run->g[i];

		if (g->n || !g->all.obj)
			continue;
		if (RPT_GROW(g->e, g->cap, g->n, 1))
			return -ENOMEM;
		g->e[g->n++] = g->all;
	}
	if (!run->ver.known && run->ng)
		rpt_diag_add(d, RPT_WARN,
			     "%s: no \"fio version\": units are taken from what the file holds (clat_ns, or fio 2.x's clat in µs; io_bytes in bytes, or in KiB where that matches bw × runtime)",
			     file);
	return bad ? -EINVAL : 0;
}

void rpt_fio_run_free(struct rpt_fio_run *run)
{
	size_t i;

	if (!run)
		return;
	for (i = 0; i < run->ng; i++)
		free(run->g[i].e);
	free(run->g);
	run->g = NULL;
	run->ng = 0;
}
