// SPDX-License-Identifier: GPL-2.0-only
/* A drive's SNIA PTS tests: rounds, windows, the cells' window averages, WSAT. */
#include <errno.h>
#include <glob.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "input_kind.h"
#include "marks.h"
#include "pts_di.h"
#include "pts_recovery.h"
#include "pts_report.h"
#include "reader_log.h"

/* What a test's events sidecars say: the model's energy per job, the erase,
 * the write cache, the data, when (<dir>/<name>_events.*.jsonl). */
struct acct {
	char job[48];
	double w_sum;		/* each thread's W by the model's account */
	int n;
};

struct round_ev {
	struct acct *a;
	size_t na;
	char method[16];
	enum rpt_pts_wc wc;
	bool refill;
	double wipc_bytes;	/* job wipc's job_end bytes */
	double t0, t1;		/* unix µs */
};

static enum rpt_pts_wc wc_merge(enum rpt_pts_wc a, enum rpt_pts_wc b)
{
	if (a == RPT_PTS_WC_UNSEEN)
		return b;
	if (b == RPT_PTS_WC_UNSEEN || a == b)
		return a;
	return (a == RPT_PTS_WC_ON || a == RPT_PTS_WC_OFF || a == RPT_PTS_WC_MIXED) &&
	       (b == RPT_PTS_WC_ON || b == RPT_PTS_WC_OFF) ? RPT_PTS_WC_MIXED : RPT_PTS_WC_UNKNOWN;
}

static int acct_add(struct round_ev *re, const struct rpt_event *ev)
{
	struct acct *a;
	size_t i;

	for (i = 0; i < re->na && strcmp(re->a[i].job, ev->job); i++)
		;
	if (i == re->na) {
		a = realloc(re->a, (re->na + 1) * sizeof(*a));
		if (!a)
			return -ENOMEM;
		re->a = a;
		memset(&a[re->na], 0, sizeof(*a));
		snprintf(a[re->na].job, sizeof(a->job), "%s", ev->job);
		re->na++;
	}
	re->a[i].w_sum += ev->energy_j / ev->energy_s;
	re->a[i].n++;
	return 0;
}

static int round_events(const struct rpt_test *rt, struct round_ev *re)
{
	char *copy = strdup(rt->path), pat[4096];
	glob_t g;
	int ret = 0;

	memset(re, 0, sizeof(*re));
	if (!copy)
		return -ENOMEM;
	snprintf(pat, sizeof(pat), "%s/%s_events.*.jsonl", dirname(copy), rt->name);
	free(copy);
	if (glob(pat, 0, NULL, &g))
		return 0;
	for (size_t f = 0; f < g.gl_pathc && !ret; f++) {
		struct rpt_diag d = { 0 };
		struct rpt_events e;

		if (rpt_events_read(g.gl_pathv[f], NULL, &e, &d)) {
			rpt_diag_free(&d);
			continue;
		}
		for (size_t i = 0; i < e.n && !ret; i++) {
			const struct rpt_event *ev = &e.ev[i];

			if (!re->t0 || ev->t_us < re->t0)
				re->t0 = ev->t_us;
			if (ev->t_us > re->t1)
				re->t1 = ev->t_us;
			if (ev->kind == RPT_EV_ERASE_END && ev->method[0])
				snprintf(re->method, sizeof(re->method), "%s", ev->method);
			else if (ev->kind == RPT_EV_WRITE_CACHE)
				re->wc = wc_merge(re->wc, ev->write_cache == 1 ? RPT_PTS_WC_ON :
						  ev->write_cache == 0 ? RPT_PTS_WC_OFF :
						  ev->write_cache == -1 ? RPT_PTS_WC_NONE :
						  RPT_PTS_WC_UNKNOWN);
			else if (ev->kind == RPT_EV_JOB_START)
				re->refill |= ev->refill;
			else if (ev->kind == RPT_EV_JOB_END && !strcmp(ev->job, "wipc") &&
				 ev->bytes > 0)
				re->wipc_bytes += ev->bytes;
			else if (ev->kind == RPT_EV_MODEL_ENERGY && ev->energy_s > 0 &&
				 isfinite(ev->energy_j))
				ret = acct_add(re, ev);
		}
		rpt_events_free(&e);
		rpt_diag_free(&d);
	}
	globfree(&g);
	return ret;
}

static void round_ev_free(struct round_ev *re)
{
	free(re->a);
	re->a = NULL;
	re->na = 0;
}

/* What each PTS test tracks (docs/snia.md), by the rounds' name. */
static const struct {
	const char *prefix;
	enum rpt_pts_kind kind;
	const char *track[RPT_PTS_TRACKS];	/* JOB:DIR:FIGURE, with %s the block size */
} tests[] = {
	{ "iops", RPT_PTS_K_IOPS, { "r0-4k:write:iops" } },
	{ "throughput-", RPT_PTS_K_THROUGHPUT, { "seq-read-%s:read:mbps", "seq-write-%s:write:mbps" } },
	{ "latency", RPT_PTS_K_LATENCY, { "r0-4k:write:lat" } },
	{ "ecw", RPT_PTS_K_ECW, { "t32q32:write:iops" } },
	{ "dirth", RPT_PTS_K_DIRTH, { "t32q32:write:iops" } },
	{ "hir", RPT_PTS_K_HIR, { "r0-4k:write:iops" } },
};

const char *rpt_pts_kind_title(enum rpt_pts_kind k)
{
	static const char *const t[] = { "IOPS", "Throughput", "Latency", "ECW", "DIRTH",
					 "Host idle recovery, preconditioning", "Rounds" };

	return t[k <= RPT_PTS_K_OTHER ? k : RPT_PTS_K_OTHER];
}

static void kind_of(struct rpt_pts_test *pt)
{
	char spec[96];

	pt->kind = RPT_PTS_K_OTHER;
	for (size_t i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		size_t n = strlen(tests[i].prefix);

		if (strncmp(pt->name, tests[i].prefix, n) ||
		    (tests[i].prefix[n - 1] != '-' && pt->name[n]))
			continue;
		pt->kind = tests[i].kind;
		for (int k = 0; k < RPT_PTS_TRACKS && tests[i].track[k]; k++) {
			snprintf(spec, sizeof(spec), tests[i].track[k], pt->name + n);
			if (!rpt_pts_var_parse(spec, &pt->track[pt->ntracks]))
				pt->ntracks++;
		}
		return;
	}
}

/* The test of @name among @p's, made when missing. NULL: out of memory. */
static struct rpt_pts_test *test_named(struct rpt_pts *p, const char *name)
{
	struct rpt_pts_test *t;

	for (size_t i = 0; i < p->nt; i++)
		if (!strcmp(p->t[i].name, name))
			return &p->t[i];
	t = realloc(p->t, (p->nt + 1) * sizeof(*t));
	if (!t)
		return NULL;
	p->t = t;
	t = &p->t[p->nt];
	memset(t, 0, sizeof(*t));
	t->name = strdup(name);
	if (!t->name)
		return NULL;
	p->nt++;
	kind_of(t);
	return t;
}

/* Put round @k (1-based) of @t at report test @idx. */
static int add_round(struct rpt_pts_test *t, int k, size_t idx)
{
	if (k > t->nrounds) {
		size_t *r = realloc(t->round, (size_t)k * sizeof(*r));

		if (!r)
			return -ENOMEM;
		for (int i = t->nrounds; i < k; i++)
			r[i] = (size_t)-1;
		t->round = r;
		t->nrounds = k;
	}
	t->round[k - 1] = idx;
	return 0;
}

/* The tracking variables per round; the window; its rounds, or why none. */
static int judge(const struct rpt_report *r, struct rpt_pts_test *t)
{
	struct rpt_diag d = { 0 };
	int ret = 0;

	t->first = 1;
	t->last = t->nrounds;
	t->steady = -1;
	for (int i = 0; i < t->nrounds; i++)
		if (t->round[i] == (size_t)-1) {
			/* rounds after a gap are not the test's: a later run's leftovers */
			snprintf(t->why, sizeof(t->why), "round %d is missing: rounds %d to %d left out",
				 i + 1, i + 1, t->nrounds);
			t->nrounds = i;
			t->last = i;
			break;
		}
	if (!t->ntracks) {
		if (!*t->why)
			snprintf(t->why, sizeof(t->why), "no PTS rule for a test named %s: every round averaged",
				 t->name);
		return 0;
	}
	for (int k = 0; k < t->ntracks; k++) {
		t->y[k] = calloc((size_t)t->nrounds + 1, sizeof(double));
		if (!t->y[k])
			return -ENOMEM;
		for (int i = 0; i < t->nrounds; i++)
			if (rpt_pts_track(r->t[t->round[i]].path, &t->track[k], &t->y[k][i], &d)) {
				t->y[k][i] = NAN;
				if (!*t->why)
					snprintf(t->why, sizeof(t->why), "round %d: %s", i + 1,
						 d.n ? d.msg[d.n - 1] : "no tracking variable");
			}
	}
	rpt_diag_free(&d);
	if (*t->why)
		return 0;
	if (t->nrounds < RPT_PTS_WINDOW) {
		snprintf(t->why, sizeof(t->why),
			 "%d round%s of the %d a window needs: every round averaged, not at steady state",
			 t->nrounds, t->nrounds == 1 ? "" : "s", RPT_PTS_WINDOW);
		return 0;
	}
	ret = rpt_pts_steady_all((const double *const *)t->y, t->ntracks, t->nrounds, t->w);
	if (ret < 0)
		return 0;
	t->steady = ret;
	t->first = t->w[0].first;
	t->last = t->w[0].last;
	if (!ret)
		snprintf(t->why, sizeof(t->why),
			 "not at steady state after %d rounds: the last five averaged, as the PTS reports them",
			 t->nrounds < RPT_PTS_MAX_ROUNDS ? t->nrounds : RPT_PTS_MAX_ROUNDS);
	return 0;
}

/* A cell's figures in one round: the rows of job @name in test @rt. */
struct one {
	struct rpt_fig f[9];	/* as struct rpt_pts_cell's, from iops on */
	bool throttled;		/* a row's SMART showed thermal throttling */
	bool host_bound;	/* a row's host verdict: host-bound */
	bool host_tail;		/* or only its percentiles marked */
	unsigned int mark[9];	/* RPT_MARK_HOST, RPT_MARK_DRAIN of the rows' figures, per f */
	const char *host_job;	/* the first such row, for its verdict's line */
	const char *drain_job;	/* the first row fio's drain marked, for its reason */
};

enum { F_IOPS, F_MBPS, F_MEAN, F_MAX, F_P5, F_W, F_IOPSW, F_MBPSW, F_TEMP };

static double cdf_at(const struct rpt_lat_cdf *c, double p)
{
	for (size_t i = 0; i < c->n; i++)
		if (c->le[i] >= p)
			return c->us[i];
	return c->n ? c->us[c->n - 1] : NAN;
}

/* The host verdict of row @jb on the cell's figures (struct rpt_pts_cell, @host_rounds). */
static void host_marks(const struct rpt_job *jb, struct one *o)
{
	const struct rpt_host_verdict *v = &jb->host;
	unsigned int tail = v->pct_marked || v->mean_marked ? RPT_MARK_HOST : 0;

	if (!v->measured || (!v->bound && !v->pct_marked))
		return;
	if (!o->host_job || (v->bound && !o->host_bound))
		o->host_job = jb->name;
	o->host_bound |= v->bound;
	o->host_tail |= !v->bound;
	o->mark[F_IOPS] |= jb->iops.mark & RPT_MARK_HOST;
	o->mark[F_MBPS] |= jb->mbps.mark & RPT_MARK_HOST;
	o->mark[F_IOPSW] |= jb->iops.mark & RPT_MARK_HOST;
	o->mark[F_MBPSW] |= jb->mbps.mark & RPT_MARK_HOST;
	o->mark[F_MEAN] |= jb->lat_mean_us.mark & RPT_MARK_HOST;
	o->mark[F_MAX] |= tail;
	o->mark[F_P5] |= tail;
}

/* fio's drain's marks of row @jb on the cell's figures: the mean's, the maximum's, the 99.999th's. */
static void drain_marks(const struct rpt_job *jb, struct one *o)
{
	const struct rpt_host_verdict *v = &jb->host;
	unsigned int mean = jb->lat_mean_us.mark & RPT_MARK_DRAIN;
	unsigned int mx = rpt_hostv_drain_pct_marked(v, 100) ? RPT_MARK_DRAIN : 0;
	unsigned int p5 = rpt_hostv_drain_pct_marked(v, 99.999) ? RPT_MARK_DRAIN : 0;

	if (!v->measured || !(mean | mx | p5))
		return;
	if (!o->drain_job)
		o->drain_job = jb->name;
	o->mark[F_MEAN] |= mean;
	o->mark[F_MAX] |= mx;
	o->mark[F_P5] |= p5;
}

static void cell_round(const struct rpt_test *rt, const char *name, const struct round_ev *re,
		       struct one *o)
{
	double iops = 0, mbps = 0, lat = 0, mx = -1, p5 = -1, temp = -INFINITY, model_w = NAN;
	const struct rpt_fig *w = NULL;
	const char *why = NULL;
	size_t rows = 0;

	o->throttled = false;
	o->host_bound = o->host_tail = false;
	o->host_job = o->drain_job = NULL;
	/* the figures' marks too: rpt_fig_set() and _null() leave them */
	memset(o->f, 0, sizeof(o->f));
	memset(o->mark, 0, sizeof(o->mark));
	for (size_t j = 0; j < rt->njobs; j++) {
		const struct rpt_job *jb = &rt->jobs[j];

		if (strcmp(jb->name, name) || !jb->ddir)
			continue;
		rows++;
		o->throttled |= jb->has_smart && jb->thermal.throttled;
		host_marks(jb, o);
		drain_marks(jb, o);
		if (!jb->iops.ok || !jb->mbps.ok || !jb->lat_mean_us.ok) {
			why = !jb->iops.ok ? jb->iops.why : !jb->mbps.ok ? jb->mbps.why : jb->lat_mean_us.why;
			continue;
		}
		iops += jb->iops.v;
		mbps += jb->mbps.v;
		lat += jb->lat_mean_us.v * jb->iops.v;
		if (jb->lat_cdf.n) {
			mx = fmax(mx, jb->lat_cdf.us[jb->lat_cdf.n - 1]);
			p5 = fmax(p5, cdf_at(&jb->lat_cdf, 0.99999));
		}
		if (!w || !w->ok)
			w = &jb->power_w;
		if (jb->has_smart && jb->thermal.temp_max_c.ok)
			temp = fmax(temp, jb->thermal.temp_max_c.v);
	}
	for (int i = 0; i < 9; i++)
		rpt_fig_null(&o->f[i], "%s", !rows ? "no such cell in this round" : why ? why : "");
	if (!rows || why)
		return;
	rpt_fig_set(&o->f[F_IOPS], iops);
	rpt_fig_set(&o->f[F_MBPS], mbps);
	if (iops > 0)
		rpt_fig_set(&o->f[F_MEAN], lat / iops);
	else
		rpt_fig_null(&o->f[F_MEAN], "no I/O");
	if (mx >= 0) {
		rpt_fig_set(&o->f[F_MAX], mx);
		rpt_fig_set(&o->f[F_P5], p5);
	} else {
		rpt_fig_null(&o->f[F_MAX], "no latency distribution (fio --output-format=json+)");
		rpt_fig_null(&o->f[F_P5], "no latency distribution (fio --output-format=json+)");
	}
	/* the drive model's own account of the cell, every thread's alike */
	for (size_t i = 0; rt->dev.preset && re && i < re->na; i++)
		if (!strcmp(re->a[i].job, name))
			model_w = re->a[i].w_sum / re->a[i].n;
	if (isfinite(model_w) || (w && w->ok && w->v > 0)) {
		double v = isfinite(model_w) ? model_w : w->v;

		rpt_fig_set(&o->f[F_W], v);
		rpt_fig_set(&o->f[F_IOPSW], iops / v);
		rpt_fig_set(&o->f[F_MBPSW], mbps / v);
	} else {
		char wy[RPT_WHY_LEN];

		if (rt->dev.preset)
			snprintf(wy, sizeof(wy), "no model_energy account of the cell (%.160s)",
				 w ? w->why : "no power");
		else
			snprintf(wy, sizeof(wy), "%.160s: W needs cells of 20 sample periods or more "
				 "(2 s at 10 samples a second, ssdq_power_rate; the PTS's are 60 s)",
				 w ? w->why : "no power");
		rpt_fig_null(&o->f[F_W], "%s", wy);
		rpt_fig_null(&o->f[F_IOPSW], "%s", wy);
		rpt_fig_null(&o->f[F_MBPSW], "%s", wy);
	}
	if (isfinite(temp))
		rpt_fig_set(&o->f[F_TEMP], temp);
	else
		rpt_fig_null(&o->f[F_TEMP], "no SMART temperature over the cell");
}

/* Mix and block size of a cell: "r65-4k", "seq-read-128k" (jobs/snia/). */
static void cell_params(struct rpt_pts_cell *c, const struct rpt_test *rt)
{
	int mix;

	c->mix = -1;
	if (sscanf(c->name, "r%d-", &mix) == 1 && mix >= 0 && mix <= 100)
		c->mix = mix;
	else if (!strncmp(c->name, "seq-read-", 9))
		c->mix = 100;
	else if (!strncmp(c->name, "seq-write-", 10))
		c->mix = 0;
	for (size_t j = 0; j < rt->njobs; j++)
		if (!strcmp(rt->jobs[j].name, c->name) && rt->jobs[j].bs.ok) {
			c->bs = rt->jobs[j].bs.v;
			break;
		}
}

static struct rpt_fig *cell_fig(struct rpt_pts_cell *c, int i)
{
	struct rpt_fig *f[9] = { &c->iops, &c->mbps, &c->lat_mean_us, &c->lat_max_us,
				 &c->lat_p99999_us, &c->power_w, &c->iops_per_w, &c->mbps_per_w,
				 &c->temp_max_c };

	return f[i];
}

int rpt_pts_cells_of(const struct rpt_report *r, size_t test, struct rpt_pts_cell *c, size_t n,
		     size_t stride)
{
	struct round_ev re;
	struct one o;

	if (round_events(&r->t[test], &re))
		return -ENOMEM;
	for (size_t k = 0; k < n; k++, c = (struct rpt_pts_cell *)(void *)((char *)c + stride)) {
		cell_round(&r->t[test], c->name, &re, &o);
		for (int i = 0; i < 9; i++)
			*cell_fig(c, i) = o.f[i];
		c->throttled = o.throttled;
		cell_params(c, &r->t[test]);
	}
	round_ev_free(&re);
	return 0;
}

int rpt_pts_cell_of(const struct rpt_test *t, const char *name, struct rpt_pts_cell *c)
{
	struct round_ev re;
	struct one o;
	int ret = round_events(t, &re);

	if (ret)
		return ret;
	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", name);
	cell_params(c, t);
	cell_round(t, name, &re, &o);
	for (int i = 0; i < 9; i++)
		*cell_fig(c, i) = o.f[i];
	c->throttled = o.throttled;
	round_ev_free(&re);
	return 0;
}

/* The cells of round @rt that @t has not yet, in the order of its jobs. */
static int add_cells(struct rpt_pts_test *t, const struct rpt_test *rt)
{
	for (size_t j = 0; j < rt->njobs; j++) {
		struct rpt_pts_cell *c;
		size_t k;

		for (k = 0; k < t->ncells; k++)
			if (!strcmp(t->cell[k].name, rt->jobs[j].name))
				break;
		if (k < t->ncells)
			continue;
		c = realloc(t->cell, (t->ncells + 1) * sizeof(*c));
		if (!c)
			return -ENOMEM;
		t->cell = c;
		c = &t->cell[t->ncells++];
		memset(c, 0, sizeof(*c));
		snprintf(c->name, sizeof(c->name), "%s", rt->jobs[j].name);
		cell_params(c, rt);
	}
	return 0;
}

/* A job's conditions: "T4Q32, active range 100%"; "" without fio's options. */
static void job_cond(char *buf, size_t len, const struct rpt_job *j)
{
	*buf = '\0';
	if (j->numjobs_set && j->iodepth_set.ok)
		snprintf(buf, len, "T%uQ%.0f, active range %s", j->numjobs_set, j->iodepth_set.v,
			 *j->size_opt ? j->size_opt : "100%");
}

/* The conditions of @t's rounds (all its jobs alike) and the class they are. */
static void conditions(const struct rpt_report *r, struct rpt_pts_test *t)
{
	char c[sizeof(t->cond)];

	for (int n = 1; n <= t->nrounds; n++) {
		const struct rpt_test *rt = &r->t[t->round[n - 1]];

		for (size_t j = 0; j < rt->njobs; j++) {
			job_cond(c, sizeof(c), &rt->jobs[j]);
			if (n == 1 && !j)
				memcpy(t->cond, c, sizeof(c));
			else if (strcmp(c, t->cond)) {
				snprintf(t->cond, sizeof(t->cond), "mixed");
				return;
			}
		}
	}
	if (t->kind != RPT_PTS_K_IOPS)
		return;
	if (!strcmp(t->cond, "T4Q32, active range 100%"))
		t->pts_class = "enterprise";
	else if (!strcmp(t->cond, "T2Q16, active range 75%"))
		t->pts_class = "client";
}

/* A window round @n whose row of cell @c the host distorted: its marks into @mark. */
static void host_round(const struct rpt_report *r, struct rpt_pts_test *t,
		       struct rpt_pts_cell *c, const struct one *o, int n, unsigned int *mark)
{
	const struct rpt_test *rt = &r->t[t->round[n - 1]];
	char line[4 * RPT_WHY_LEN];

	c->host_rounds++;
	if (o->host_bound)
		t->host_bound |= 1u << (n - t->first);
	for (int i = 0; i < 9; i++)
		mark[i] |= o->mark[i];
	if (*c->host_why && !(o->host_bound && !strstr(c->host_why, ": host-bound: ")))
		return;
	for (size_t j = 0; j < rt->njobs; j++)
		if (!strcmp(rt->jobs[j].name, o->host_job) && rt->jobs[j].host.measured &&
		    (rt->jobs[j].host.bound || !o->host_bound)) {
			snprintf(c->host_why, sizeof(c->host_why), "round %d: %s", n,
				 rpt_hostv_line(&rt->jobs[j].host, line, sizeof(line)));
			return;
		}
}

/* A window round @n whose row of cell @c fio's drain moved: the first such round's reason. */
static void drain_round(const struct rpt_report *r, const struct rpt_pts_test *t,
			struct rpt_pts_cell *c, const struct one *o, int n)
{
	const struct rpt_test *rt = &r->t[t->round[n - 1]];

	if (c->drain_rounds++)
		return;
	for (size_t j = 0; j < rt->njobs; j++)
		if (!strcmp(rt->jobs[j].name, o->drain_job) && *rt->jobs[j].host.drain_reason) {
			snprintf(c->drain_why, sizeof(c->drain_why), "round %d: %s", n,
				 rt->jobs[j].host.drain_reason);
			return;
		}
}

/* Every cell's figures over rounds first..last. */
static int cells(const struct rpt_report *r, struct rpt_pts_test *t)
{
	struct one o;

	struct round_ev *re;

	for (int n = t->first; n <= t->last; n++)
		if (add_cells(t, &r->t[t->round[n - 1]]))
			return -ENOMEM;
	re = calloc((size_t)(t->last - t->first + 1), sizeof(*re));
	if (!re)
		return -ENOMEM;
	for (int n = t->first; n <= t->last; n++)
		if (round_events(&r->t[t->round[n - 1]], &re[n - t->first])) {
			for (int m = t->first; m <= n; m++)
				round_ev_free(&re[m - t->first]);
			free(re);
			return -ENOMEM;
		}
	for (size_t k = 0; k < t->ncells; k++) {
		struct rpt_pts_cell *c = &t->cell[k];
		double sum[9] = { 0 }, hi[9];
		int bad[9] = { 0 };
		unsigned int mark[9] = { 0 };

		for (int i = 0; i < 9; i++)
			hi[i] = -INFINITY;
		for (int n = t->first; n <= t->last; n++) {
			cell_round(&r->t[t->round[n - 1]], c->name, &re[n - t->first], &o);
			if (o.throttled)
				c->throttled++;
			if (o.host_bound || o.host_tail)
				host_round(r, t, c, &o, n, mark);
			if (o.drain_job)
				drain_round(r, t, c, &o, n);
			for (int i = 0; i < 9; i++)
				mark[i] |= o.mark[i] & RPT_MARK_DRAIN;
			for (int i = 0; i < 9; i++) {
				if (bad[i])
					continue;
				if (!o.f[i].ok) {
					bad[i] = 1;
					rpt_fig_null(cell_fig(c, i), "round %d: %s", n, o.f[i].why);
					continue;
				}
				sum[i] += o.f[i].v;
				hi[i] = fmax(hi[i], o.f[i].v);
			}
		}
		for (int i = 0; i < 9; i++)
			if (!bad[i]) {
				rpt_fig_set(cell_fig(c, i), i == F_MAX || i == F_TEMP ? hi[i] :
					    sum[i] / (t->last - t->first + 1));
				cell_fig(c, i)->mark |= mark[i];
			}
		/* efficiency over the window: its IOPS (MB/s) over its W, as read across */
		if (c->iops_per_w.ok && c->power_w.ok && c->power_w.v > 0) {
			rpt_fig_set(&c->iops_per_w, c->iops.v / c->power_w.v);
			rpt_fig_set(&c->mbps_per_w, c->mbps.v / c->power_w.v);
		}
	}
	for (int n = t->first; n <= t->last; n++)
		round_ev_free(&re[n - t->first]);
	free(re);
	return 0;
}

/* The convergence plots' series: every all-write cell per round (IOPS, or
 * mean and maximum latency), largest block first. */
static int convergence(const struct rpt_report *r, struct rpt_pts_test *t)
{
	struct one o;

	if (t->kind != RPT_PTS_K_IOPS && t->kind != RPT_PTS_K_LATENCY)
		return 0;
	for (int n = 1; n <= t->nrounds; n++)
		if (add_cells(t, &r->t[t->round[n - 1]]))
			return -ENOMEM;
	t->conv_cell = calloc(t->ncells ? t->ncells : 1, sizeof(*t->conv_cell));
	if (!t->conv_cell)
		return -ENOMEM;
	for (size_t k = 0; k < t->ncells; k++) {
		size_t i;

		if (t->cell[k].mix != 0)
			continue;
		for (i = t->nconv; i > 0 && t->cell[t->conv_cell[i - 1]].bs < t->cell[k].bs; i--)
			t->conv_cell[i] = t->conv_cell[i - 1];
		t->conv_cell[i] = k;
		t->nconv++;
	}
	if (!t->nconv)
		return 0;
	t->conv_y = calloc(t->nconv * (size_t)t->nrounds, sizeof(double));
	if (t->kind == RPT_PTS_K_LATENCY)
		t->conv_max = calloc(t->nconv * (size_t)t->nrounds, sizeof(double));
	if (!t->conv_y || (t->kind == RPT_PTS_K_LATENCY && !t->conv_max))
		return -ENOMEM;
	for (size_t c = 0; c < t->nconv; c++)
		for (int n = 1; n <= t->nrounds; n++) {
			double *y = &t->conv_y[c * (size_t)t->nrounds + (size_t)(n - 1)];

			cell_round(&r->t[t->round[n - 1]], t->cell[t->conv_cell[c]].name, NULL, &o);
			if (t->kind == RPT_PTS_K_IOPS) {
				*y = o.f[F_IOPS].ok ? o.f[F_IOPS].v : NAN;
				continue;
			}
			*y = o.f[F_MEAN].ok ? o.f[F_MEAN].v : NAN;
			t->conv_max[c * (size_t)t->nrounds + (size_t)(n - 1)] =
				o.f[F_MAX].ok ? o.f[F_MAX].v : NAN;
		}
	return 0;
}

/* The header: the prep's purge and WIPC, the rounds' write cache, data, dates. */
static int header(const struct rpt_report *r, const struct rpt_drive *d, struct rpt_pts_test *t)
{
	struct rpt_pts_header *h = &t->hdr;
	struct round_ev re;
	char name[300];
	int ret;

	t->prep = (size_t)-1;
	snprintf(name, sizeof(name), "%s-prep", t->name);
	for (size_t i = 0; i < d->ntests; i++)
		if (!strcmp(r->t[d->test[i]].name, name))
			t->prep = d->test[i];
	if (t->prep != (size_t)-1) {
		const struct rpt_test *pt = &r->t[t->prep];

		ret = round_events(pt, &re);
		if (ret)
			return ret;
		snprintf(h->purge, sizeof(h->purge), "%s", re.method);
		h->purge_is_pts = *re.method && strcmp(re.method, "deallocate");
		h->wipc_bytes = re.wipc_bytes * pt->dev.scale;
		if (pt->dev.capacity_bytes > 0)
			h->wipc_capacity = re.wipc_bytes / pt->dev.capacity_bytes;
		for (size_t j = 0; j < pt->njobs; j++)
			if (!strcmp(pt->jobs[j].name, "wipc") && pt->jobs[j].bs.ok)
				h->wipc_bs = pt->jobs[j].bs.v;
		h->t0_us = re.t0;
		round_ev_free(&re);
	}
	for (int n = 1; n <= t->nrounds; n++) {
		ret = round_events(&r->t[t->round[n - 1]], &re);
		if (ret)
			return ret;
		h->write_cache = n == 1 ? re.wc : wc_merge(h->write_cache, re.wc);
		h->refill |= re.refill;
		if (!h->t0_us)
			h->t0_us = re.t0;
		if (re.t1 > h->t1_us)
			h->t1_us = re.t1;
		round_ev_free(&re);
	}
	return 0;
}

/* WSAT: the IOPS log of job wsat, per period, against the GB written. */
static int wsat(const struct rpt_report *r, size_t idx, struct rpt_pts_wsat *ws)
{
	const struct rpt_test *t = &r->t[idx];
	struct rpt_log_reader lr;
	struct rpt_log_sample s;
	double prev = 0, gb = 0, bs = 4096, t0 = 0, wrote = 0;
	char *copy = strdup(t->path), path[4096];
	size_t cap = 0;
	int ret;

	if (!copy)
		return -ENOMEM;
	ws->test = idx;
	ws->capacity_gb = t->dev.capacity_bytes * t->dev.scale / 1e9;
	ws->throttle_gb = NAN;
	for (size_t j = 0; j < t->njobs; j++) {
		const struct rpt_thermal *th = &t->jobs[j].thermal;

		if (t->jobs[j].bs.ok)
			bs = t->jobs[j].bs.v;
		wrote += t->jobs[j].io_bytes;
		if (t->jobs[j].has_smart && th->throttled && !ws->throttled) {
			ws->throttled = true;
			ws->throttle_ms = th->t_ms;
			snprintf(ws->throttle_why, sizeof(ws->throttle_why), "%s", th->why);
		}
	}
	snprintf(path, sizeof(path), "%s/wsat_iops.1.log", dirname(copy));
	free(copy);
	ret = rpt_log_open(&lr, path);
	if (ret) {
		snprintf(ws->why, sizeof(ws->why), "%s", lr.err);
		rpt_log_close(&lr);
		return 0;
	}
	while ((ret = rpt_log_next(&lr, &s)) == 1) {
		if (ws->n >= cap) {
			double *g, *y;

			cap = cap ? cap * 2 : 64;
			g = realloc(ws->gb, cap * sizeof(*g));
			if (g)
				ws->gb = g;
			y = g ? realloc(ws->iops, cap * sizeof(*y)) : NULL;
			if (!y) {
				rpt_log_close(&lr);
				return -ENOMEM;
			}
			ws->iops = y;
		}
		ws->iops[ws->n] = s.value;
		ws->gb[ws->n++] = s.t_ms;	/* the period's end, for now */
	}
	if (ret < 0) {
		snprintf(ws->why, sizeof(ws->why), "%s", lr.err);
		ws->n = 0;
	}
	rpt_log_close(&lr);
	if (ws->n == 1) {
		snprintf(ws->why, sizeof(ws->why), "%.240s: one period, of no known length", path);
		ws->n = 0;
	}
	ws->min = ws->n ? calloc(ws->n, sizeof(*ws->min)) : NULL;
	if (ws->n && !ws->min)
		return -ENOMEM;
	/* each period from the end of the one before; the first as long as the second */
	for (size_t i = 0; i < ws->n; i++) {
		double end = ws->gb[i], dt = i ? end - prev : ws->gb[1] - end;

		if (!i)
			t0 = end - dt;
		prev = end;
		gb += ws->iops[i] * dt / 1e3 * bs * t->dev.scale / 1e9;
		ws->gb[i] = gb;
		/* the SMART sample that first showed throttling lies in this period */
		if (ws->throttled && isnan(ws->throttle_gb) && end >= ws->throttle_ms) {
			ws->throttle_gb = gb;
			ws->throttle_from = i;
		}
		ws->min[i] = (end - t0) / 60e3 * t->dev.scale;
	}
	/*
	 * Σ IOPS x period is the log's account, over the bytes fio wrote: fio
	 * takes each sample's rate over its period rounded down to the ms (2.3 %
	 * over on 20 ms periods, up to 7 % on a busy host's). The axis is drawn
	 * to end at fio's bytes, each period's share as the log gives it.
	 */
	if (ws->n && gb > 0 && wrote > 0) {
		double k = wrote * t->dev.scale / 1e9 / gb;

		for (size_t i = 0; i < ws->n; i++)
			ws->gb[i] *= k;
		ws->throttle_gb *= k;
	}
	if (!ws->n && !*ws->why)
		snprintf(ws->why, sizeof(ws->why), "%.240s: no periods", path);
	return 0;
}

/*
 * The demand-intensity ladder of test @t: its rounds <name>-di-1, -2, ...
 * up to the first missing (or the one run <name>-di), the last round's
 * points.
 */
static int ladder(const struct rpt_report *r, const struct rpt_drive *d, struct rpt_pts_test *t)
{
	size_t round[RPT_PTS_MAX_ROUNDS * 4];
	int n = 0, ret;

	for (size_t i = 0; i < sizeof(round) / sizeof(round[0]); i++)
		round[i] = (size_t)-1;
	for (size_t k = 0; k < d->ntests; k++) {
		int v = rpt_pts_di_round_of(r->t[d->test[k]].name, t->name);

		if (v > 0 && v <= (int)(sizeof(round) / sizeof(round[0])) && round[v - 1] == (size_t)-1)
			round[v - 1] = d->test[k];
	}
	while (n < (int)(sizeof(round) / sizeof(round[0])) && round[n] != (size_t)-1)
		n++;
	ret = rpt_pts_di_build_rounds(r, round, n, &t->di);
	/* the response-time histogram runs at its points: <name>-hist */
	for (size_t k = 0; !ret && t->di && k < d->ntests; k++) {
		const char *nm = r->t[d->test[k]].name;
		size_t len = strlen(t->name);

		if (!strncmp(nm, t->name, len) && !strcmp(nm + len, "-hist"))
			ret = rpt_pts_di_add_hruns(r, d->test[k], t->di);
	}
	return ret;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct rpt_pts_test *)a)->name, ((const struct rpt_pts_test *)b)->name);
}

int rpt_pts_build(const struct rpt_report *r, const struct rpt_drive *d, struct rpt_pts **out)
{
	struct rpt_pts *p = calloc(1, sizeof(*p));
	char base[256];
	int ret = 0;

	*out = NULL;
	if (!p)
		return -ENOMEM;
	for (size_t i = 0; i < d->ntests && !ret; i++) {
		const struct rpt_test *t = &r->t[d->test[i]];
		int k = rpt_input_pts_round(t->name, base, sizeof(base));
		struct rpt_pts_test *pt;

		if (k > RPT_PTS_MAX_ROUNDS * 4)
			continue;
		if (k) {
			pt = test_named(p, base);
			ret = pt ? add_round(pt, k, d->test[i]) : -ENOMEM;
		} else if (!strcmp(t->name, "wsat")) {
			p->has_wsat = true;
			ret = wsat(r, d->test[i], &p->wsat);
		}
	}

	if (p->nt)
		qsort(p->t, p->nt, sizeof(*p->t), by_name);
	for (size_t i = 0; i < p->nt && !ret; i++) {
		ret = judge(r, &p->t[i]);
		if (!ret)
			ret = cells(r, &p->t[i]);
		if (!ret)
			ret = convergence(r, &p->t[i]);
		if (!ret)
			ret = header(r, d, &p->t[i]);
		if (!ret)
			conditions(r, &p->t[i]);
	}
	/* the demand-intensity ladder that follows a test's rounds */
	for (size_t i = 0; i < p->nt && !ret; i++)
		ret = ladder(r, d, &p->t[i]);
	/* the drive's class is its IOPS test's */
	for (size_t i = 0; i < p->nt && !ret; i++)
		for (size_t k = 0; p->t[i].kind == RPT_PTS_K_IOPS && p->t[i].pts_class && k < p->nt; k++)
			if (!p->t[k].pts_class)
				p->t[k].pts_class = p->t[i].pts_class;
	/* after the rounds' windows: HIR's preconditioning level is one */
	if (!ret)
		ret = rpt_pts_rec_build(r, d, p, &p->rec);
	if (ret || (!p->nt && !p->has_wsat && !p->rec)) {
		rpt_pts_free(p);
		return ret;
	}
	*out = p;
	return 0;
}

bool rpt_pts_owns(const struct rpt_pts *p, size_t test)
{
	if (!p)
		return false;
	if ((p->has_wsat && p->wsat.test == test) || rpt_pts_rec_owns(p->rec, test))
		return true;
	for (size_t i = 0; i < p->nt; i++) {
		if (p->t[i].prep == test)
			return true;
		if (p->t[i].di && p->t[i].di->hist_test == test)
			return true;
		for (int k = 0; p->t[i].di && k < p->t[i].di->nrounds; k++)
			if (p->t[i].di->round[k] == test)
				return true;
		for (int k = 0; k < p->t[i].nrounds; k++)
			if (p->t[i].round[k] == test)
				return true;
	}
	return false;
}

void rpt_pts_free(struct rpt_pts *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nt; i++) {
		free(p->t[i].name);
		free(p->t[i].round);
		for (int k = 0; k < RPT_PTS_TRACKS; k++)
			free(p->t[i].y[k]);
		free(p->t[i].cell);
		free(p->t[i].conv_cell);
		free(p->t[i].conv_y);
		free(p->t[i].conv_max);
		rpt_pts_di_free(p->t[i].di);
	}
	free(p->t);
	free(p->wsat.gb);
	free(p->wsat.iops);
	free(p->wsat.min);
	rpt_pts_rec_free(p->rec);
	free(p);
}
