// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio_figures.h"
#include "fio_rows.h"
#include "fio_stats.h"
#include "lat_hist.h"
#include "plausible.h"

#define P9999_MIN_SAMPLES	100000

static void null_lat(struct rpt_job *j, const char *why)
{
	rpt_fig_null(&j->lat_mean_us, "%s", why);
	rpt_fig_null(&j->lat_p99_us, "%s", why);
	rpt_fig_null(&j->lat_p9999_us, "%s", why);
}

/* rw without a ":<nr>" suffix; fio's default is read. */
static char *rw_of(const struct rpt_fio_run *run, const struct rpt_fio_entry *e)
{
	const char *rw = rpt_fio_option(run, e, "rw");

	if (!rw)
		rw = rpt_fio_option(run, e, "readwrite");
	if (!rw)
		rw = e->has_opts ? "read" : "unknown";
	return strndup(rw, strcspn(rw, ":"));
}

/* The one direction of @mask the group did I/O in, else NULL. */
static const char *ddir_of(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
			   unsigned int mask)
{
	unsigned int dd, found = RPT_NDDIR;
	size_t i;

	for (dd = 0; dd < RPT_NDDIR; dd++) {
		bool io;

		if (!(mask & 1u << dd))
			continue;
		io = g->all.obj && rpt_fio_did_io(run, &g->all, 1u << dd);
		for (i = 0; i < g->n && !io; i++)
			io = rpt_fio_did_io(run, &g->e[i], 1u << dd);
		if (!io)
			continue;
		if (found < RPT_NDDIR)
			return NULL;
		found = dd;
	}
	return found < RPT_NDDIR ? rpt_ddir_name[found] : NULL;
}

#define NO_OPTS	"the file holds only fio's \"All clients\" entry, which carries no job options"

/* A count option (iodepth, numjobs) as fio takes it: 1 to 2^20 - 1. */
static bool count_opt(const char *s, uint64_t *v)
{
	return !rpt_fio_size(s, 0, v) && *v && *v < 1u << 20;
}

/*
 * The share of reads in the job's I/Os, %: rwmixread (else 100 - rwmixwrite,
 * else fio's 50) of a mixed rw, 100 a read, 0 a write, null a trim.
 */
static void read_share(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
		       struct rpt_job *j)
{
	const char *rd = rpt_fio_option(run, e, "rwmixread");
	const char *wr = rpt_fio_option(run, e, "rwmixwrite");
	uint64_t v;

	if (!e->has_opts) {
		rpt_fig_null(&j->read_pct, NO_OPTS);
	} else if (strstr(j->rw, "trim")) {
		rpt_fig_null(&j->read_pct, "rw=%s trims", j->rw);
	} else if (!strstr(j->rw, "rw") && !strstr(j->rw, "readwrite")) {
		rpt_fig_set(&j->read_pct, strstr(j->rw, "write") ? 0 : 100);
	} else if (rd || wr) {
		if (rpt_fio_size(rd ? rd : wr, 0, &v) || v > 100)
			rpt_fig_null(&j->read_pct, "cannot read %s \"%s\"",
				     rd ? "rwmixread" : "rwmixwrite", rd ? rd : wr);
		else
			rpt_fig_set(&j->read_pct, rd ? (double)v : 100.0 - (double)v);
	} else {
		rpt_fig_set(&j->read_pct, 50);
	}
}

static void basics(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		   const struct rpt_fio_entry *e, unsigned int mask, struct rpt_job *j)
{
	const char *bs = rpt_fio_option(run, e, "bs");
	const char *qd = rpt_fio_option(run, e, "iodepth");
	const char *size = rpt_fio_option(run, e, "size");
	const char *nj = rpt_fio_option(run, e, "numjobs");
	/* the part of "R,W,T" lists for the row's one direction, else by rw */
	unsigned int ddir = j->ddir && !strcmp(j->ddir, "write") ? 1 :
			    j->ddir && !strcmp(j->ddir, "trim") ? 2 :
			    j->ddir && !strcmp(j->ddir, "read") ? 0 :
			    strstr(j->rw, "write") && !strstr(j->rw, "rw") ? 1 : 0;
	uint64_t v;
	size_t i;

	if (!bs)
		bs = rpt_fio_option(run, e, "blocksize");
	if (!bs && !e->has_opts)
		rpt_fig_null(&j->bs, NO_OPTS);
	else if (!bs)
		rpt_fig_set(&j->bs, 4096);
	else if (!rpt_fio_size(bs, ddir, &v))
		rpt_fig_set(&j->bs, (double)v);
	else
		rpt_fig_null(&j->bs, "cannot read bs \"%s\"", bs);
	if (!qd && !e->has_opts)
		rpt_fig_null(&j->iodepth_set, NO_OPTS);
	else if (!qd)
		rpt_fig_set(&j->iodepth_set, 1);
	else if (count_opt(qd, &v))
		rpt_fig_set(&j->iodepth_set, (double)v);
	else
		rpt_fig_null(&j->iodepth_set, "cannot read iodepth \"%s\"", qd);
	j->iodepth = j->iodepth_set;
	read_share(run, e, j);
	snprintf(j->size_opt, sizeof(j->size_opt), "%s", size ? size : "");
	if (!nj)
		j->numjobs_set = e->has_opts ? 1 : 0;
	else
		j->numjobs_set = count_opt(nj, &v) ? (unsigned int)v : 0;

	for (i = 0; i < g->n; i++) {
		char *rw;

		if (&g->e[i] == e || !rpt_fio_did_io(run, &g->e[i], mask))
			continue;
		rw = rw_of(run, &g->e[i]);
		if (rw && strcmp(rw, j->rw))
			rpt_diag_add(&j->notes, RPT_WARN,
				     "%s: %s: rw=%s differs from the row's first job (rw=%s); figures are for all of them",
				     run->file, g->e[i].path, rw, j->rw);
		free(rw);
	}
}

static void throughput(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		       unsigned int mask, struct rpt_job *j, struct rpt_diag *d)
{
	double mbps = 0, iops = 0;
	unsigned int dd, active = 0;
	size_t i;
	bool bad = false;

	j->io_bytes = 0;
	for (dd = 0; dd < RPT_NDDIR; dd++) {
		double bytes = 0, ios = 0, ms = 0;
		int ret = 0;

		if (!(mask & 1u << dd))
			continue;
		for (i = 0; i < (g->all.obj ? 1 : g->n); i++) {
			struct rpt_fio_dir s;
			int r = rpt_fio_dir_read(run, g->all.obj ? &g->all : &g->e[i], dd, &s, d);

			if (r < 0)
				bad = true;
			if (r > 0) {
				bytes += s.bytes;
				ios += s.ios;
				ms = fmax(ms, s.runtime_ms);
			}
			ret = ret > 0 ? ret : r;
		}
		if (ret <= 0 || ms <= 0)
			continue;
		active++;
		j->io_bytes += bytes;
		mbps += bytes / ms / 1000;
		iops += ios / ms * 1000;
	}
	if (bad) {
		rpt_fig_null(&j->mbps, "malformed fio output (see the errors)");
		rpt_fig_null(&j->iops, "malformed fio output (see the errors)");
	} else if (!active) {
		rpt_fig_null(&j->mbps, "the job did no I/O");
		rpt_fig_null(&j->iops, "the job did no I/O");
	} else {
		rpt_fig_set(&j->mbps, mbps);
		rpt_fig_set(&j->iops, iops);
	}
}

/* The latencies (lat, clat) of every active direction of the row's jobs. */
struct lat_src {
	struct rpt_fio_lat l[2];	/* [0] lat, [1] clat */
};

static size_t lat_sources(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
			  unsigned int mask, struct lat_src *src, size_t max)
{
	size_t i, n = 0;
	unsigned int dd;

	for (i = 0; i < g->n; i++) {
		for (dd = 0; dd < RPT_NDDIR; dd++) {
			struct rpt_fio_dir s;

			/* a malformed direction too, for its latency's errors */
			if (!(mask & 1u << dd) || !rpt_fio_dir_read(run, &g->e[i], dd, &s, NULL) ||
			    !(s.ios > 0))
				continue;
			if (n == max)
				return n;
			src[n].l[0] = s.lat;
			src[n++].l[1] = s.clat;
		}
	}
	return n;
}

/* Sample-weighted mean of latency @k of @n sources; 1 when weighted by total_ios. */
static int latency_mean(struct lat_src *src, size_t n, unsigned int k, struct rpt_job *j)
{
	double sum = 0, cnt = 0;
	bool no_n = false;
	size_t i;

	for (i = 0; i < n; i++) {
		double us, w;
		bool has_n;

		if (rpt_fio_lat_mean(&src[i].l[k], &us, &w, &has_n)) {
			rpt_fig_null(&j->lat_mean_us, "%s: no mean latency and count",
				     src[i].l[k].path);
			return 0;
		}
		no_n |= !has_n;
		sum += us * w;
		cnt += w;
	}
	if (!(cnt > 0)) {
		rpt_fig_null(&j->lat_mean_us, "no latency samples");
		return 0;
	}
	rpt_fig_set(&j->lat_mean_us, sum / cnt);
	if (!j->lat_samples)
		j->lat_samples = (uint64_t)cnt;
	if (no_n && n > 1)
		rpt_diag_add(&j->notes, RPT_WARN,
			     "mean latency of %zu jobs or directions weighted by their total_ios: fio before 3.18 writes no sample count N",
			     n);
	return 0;
}

static void few_samples(struct rpt_job *j, double n)
{
	if (n > 0 && n < P9999_MIN_SAMPLES)
		rpt_diag_add(&j->notes, RPT_WARN,
			     "p99.99 latency from %.0f samples: fewer than 10 lie above it, so it is not reliable",
			     n);
}

/* fio's own p99 and p99.99 of one latency */
static void fio_pct(const struct rpt_fio_lat *l, const char *whose, struct rpt_job *j)
{
	static const double pct[2] = { 99, 99.99 };
	struct rpt_fig *f[2] = { &j->lat_p99_us, &j->lat_p9999_us };
	unsigned int i;

	for (i = 0; i < 2; i++) {
		double us;
		int ret = rpt_fio_lat_pct(l, pct[i], &us);

		if (!ret)
			rpt_fig_set(f[i], us);
		else
			rpt_fig_null(f[i], "no json+ bins, and %s%s has no %s percentile (%s)",
				     whose, l->path, i ? "99.99" : "99",
				     ret == -EINVAL ? "not a number" :
				     "fio printed none: clat_percentiles=0, a percentile_list without it, or a latency fio gives no percentiles for");
	}
}

/*
 * Without bins: total latency for a single job whose lat has percentiles
 * (lat_percentiles=1), else completion latency, else (fio 2.x client
 * entries have only "lat") total latency. Return: 0 lat, 1 clat.
 */
static unsigned int kind_without_bins(const struct lat_src *src, size_t n)
{
	double us;
	size_t i;

	if (n == 1 && !rpt_fio_lat_pct(&src[0].l[0], 99, &us))
		return 0;
	for (i = 0; i < n && src[i].l[1].o; i++)
		;
	if (i == n)
		return 1;
	for (i = 0; i < n && src[i].l[0].o; i++)
		;
	return i == n ? 0 : 1;
}

/* The "All clients" entry's own latency: fio merged the clients' histograms. */
static bool all_clients_lat(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
			    unsigned int mask, struct rpt_job *j)
{
	struct rpt_fio_dir s, one = { 0 };
	unsigned int dd, n = 0, k;
	double us, w;
	bool has_n;

	if (!g->all.obj)
		return false;
	for (dd = 0; dd < RPT_NDDIR; dd++)
		if ((mask & 1u << dd) && rpt_fio_dir_read(run, &g->all, dd, &s, NULL) > 0 &&
		    s.ios > 0) {
			one = s;
			n++;
		}
	/* fio 3.33's "All clients" of json output has no percentiles */
	if (n != 1 || (rpt_fio_lat_pct(&one.clat, 99, &us) && rpt_fio_lat_pct(&one.lat, 99, &us)))
		return false;
	k = kind_without_bins(&(struct lat_src){ { one.lat, one.clat } }, 1);
	j->lat_kind = k ? "clat" : "lat";
	if (!rpt_fio_lat_mean(k ? &one.clat : &one.lat, &us, &w, &has_n)) {
		rpt_fig_set(&j->lat_mean_us, us);
		j->lat_samples = (uint64_t)w;
	} else {
		rpt_fig_null(&j->lat_mean_us, "%s: no mean latency and count",
			     (k ? &one.clat : &one.lat)->path);
	}
	fio_pct(k ? &one.clat : &one.lat, "fio's \"All clients\" entry ", j);
	few_samples(j, (double)j->lat_samples);
	return true;
}

static void latency(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		    unsigned int mask, struct rpt_job *j, struct rpt_diag *d)
{
	struct rpt_lat_hist h = { 0 };
	struct lat_src *src;
	size_t n = 0, i, max = RPT_NDDIR * g->n;
	unsigned int k;
	bool indexed = false, ix;
	int ret = 0;

	src = calloc(max ? max : 1, sizeof(*src));
	if (!src) {
		null_lat(j, "out of memory");
		return;
	}
	n = lat_sources(run, g, mask, src, max);
	if (!n) {
		if (!all_clients_lat(run, g, mask, j))
			null_lat(j, "the job did no I/O");
		goto out;
	}
	/* json+ bins: total latency when every source has them, else completion */
	for (i = 0; i < n; i++)
		for (k = 0; k < 2; k++)
			if (rpt_fio_lat_has_bins(&src[i].l[k], &ix), ix)
				indexed = true;
	for (k = 0; k < 2; k++) {
		for (i = 0; i < n && rpt_fio_lat_has_bins(&src[i].l[k], NULL); i++)
			;
		if (i == n)
			break;
	}
	if (k == 2) {
		/* no bins: "All clients" (fio's merge), else a single job's */
		if (n > 1 && all_clients_lat(run, g, mask, j))
			goto out;
		k = kind_without_bins(src, n);
		j->lat_kind = k ? "clat" : "lat";
		latency_mean(src, n, k, j);
		if (n == 1) {
			fio_pct(&src[0].l[k], "", j);
			few_samples(j, (double)j->lat_samples);
		} else {
			rpt_fig_null(&j->lat_p99_us, "no json+ bins%s, %sand fio's percentiles of %zu jobs or directions cannot be merged",
				     indexed ? " (fio 2.x json+ bins are bucket indices, not latencies)" : "",
				     g->all.obj ? "no percentiles in fio's \"All clients\" entry, " : "",
				     n);
			rpt_fig_null(&j->lat_p9999_us, "%s", j->lat_p99_us.why);
		}
		goto out;
	}
	j->lat_kind = k ? "clat" : "lat";
	latency_mean(src, n, k, j);
	for (i = 0; i < n && !ret; i++) {
		const char *bad = "";

		ret = rpt_fio_lat_add_bins(&src[i].l[k], &h, &bad);
		if (ret == -EINVAL)
			rpt_diag_add(d, RPT_ERROR, "%s: %s.bins.\"%s\": expected a latency with a count",
				     run->file, src[i].l[k].path, bad);
		else if (ret)
			rpt_diag_add(d, RPT_ERROR, "%s: %s.bins: %s", run->file,
				     src[i].l[k].path, strerror(-ret));
	}
	if (ret || !h.total) {
		rpt_fig_null(&j->lat_p99_us, ret ? "malformed json+ bins (see the errors)" :
			     "json+ bins hold no samples");
		rpt_fig_null(&j->lat_p9999_us, "%s", j->lat_p99_us.why);
		goto out;
	}
	j->lat_samples = h.total;
	rpt_fig_set(&j->lat_p99_us, rpt_lat_hist_percentile(&h, 99) / 1000.0);
	rpt_fig_set(&j->lat_p9999_us, rpt_lat_hist_percentile(&h, 99.99) / 1000.0);
	few_samples(j, (double)h.total);
	n = (size_t)rpt_lat_hist_cdf(&h, &j->lat_cdf.us, &j->lat_cdf.le);
	j->lat_cdf.n = j->lat_cdf.us ? n : 0;
out:
	rpt_lat_hist_free(&h);
	free(src);
}

int rpt_fio_figures(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		    unsigned int mask, bool split, struct rpt_job *j, struct rpt_diag *d)
{
	const struct rpt_fio_entry *e = rpt_fio_row_entry(run, g, mask);
	size_t i;

	if (!g->by_target)
		j->name = strdup(e->jobname);
	else if (asprintf(&j->name, "%s (%s)", e->jobname,
			  g->filename ? g->filename : "its own files") < 0)
		j->name = NULL;
	j->rw = rw_of(run, e);
	if (!j->name || !j->rw)
		return -ENOMEM;
	j->ddmask = mask;
	j->split = split;
	j->ddir = ddir_of(run, g, mask);
	j->njobs = 0;
	j->threads = 0;
	for (i = 0; i < g->n; i++)
		if (rpt_fio_did_io(run, &g->e[i], mask)) {
			j->njobs++;
			j->threads += g->e[i].nthreads;
		}
	if (!j->njobs) {
		j->njobs = g->n;
		for (i = 0; i < g->n; i++)
			j->threads += g->e[i].nthreads;
	}
	basics(run, g, e, mask, j);
	throughput(run, g, mask, j, d);
	latency(run, g, mask, j, d);
	rpt_plausible_qd(run, g, mask, j);
	rpt_plausible_little(run, g, mask, j);
	return 0;
}
