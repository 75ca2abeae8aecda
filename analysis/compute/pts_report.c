// SPDX-License-Identifier: GPL-2.0-only
/* A drive's SNIA PTS tests: rounds, windows, the cells' window averages, WSAT. */
#include <errno.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input_kind.h"
#include "pts_report.h"
#include "reader_log.h"

/* What each PTS test tracks (docs/snia.md), by the rounds' name. */
static const struct {
	const char *prefix;
	enum rpt_pts_kind kind;
	const char *track[RPT_PTS_TRACKS];	/* JOB:DIR:FIGURE, with %s the block size */
} tests[] = {
	{ "iops", RPT_PTS_K_IOPS, { "r0-4k:write:iops" } },
	{ "throughput-", RPT_PTS_K_THROUGHPUT, { "seq-read-%s:read:mbps", "seq-write-%s:write:mbps" } },
	{ "latency", RPT_PTS_K_LATENCY, { "r0-4k:write:lat" } },
};

const char *rpt_pts_kind_title(enum rpt_pts_kind k)
{
	static const char *const t[] = { "IOPS", "Throughput", "Latency", "Rounds" };

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
};

enum { F_IOPS, F_MBPS, F_MEAN, F_MAX, F_P5, F_W, F_IOPSW, F_MBPSW, F_TEMP };

static double cdf_at(const struct rpt_lat_cdf *c, double p)
{
	for (size_t i = 0; i < c->n; i++)
		if (c->le[i] >= p)
			return c->us[i];
	return c->n ? c->us[c->n - 1] : NAN;
}

static void cell_round(const struct rpt_test *rt, const char *name, struct one *o)
{
	double iops = 0, mbps = 0, lat = 0, mx = -1, p5 = -1, temp = -INFINITY;
	const struct rpt_fig *w = NULL;
	const char *why = NULL;
	size_t rows = 0;

	for (size_t j = 0; j < rt->njobs; j++) {
		const struct rpt_job *jb = &rt->jobs[j];

		if (strcmp(jb->name, name) || !jb->ddir)
			continue;
		rows++;
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
	if (w && w->ok && w->v > 0) {
		rpt_fig_set(&o->f[F_W], w->v);
		rpt_fig_set(&o->f[F_IOPSW], iops / w->v);
		rpt_fig_set(&o->f[F_MBPSW], mbps / w->v);
	} else {
		const char *wy = w ? w->why : "no power";

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

/* Every cell's figures over rounds first..last. */
static int cells(const struct rpt_report *r, struct rpt_pts_test *t)
{
	struct one o;

	for (int n = t->first; n <= t->last; n++)
		if (add_cells(t, &r->t[t->round[n - 1]]))
			return -ENOMEM;
	for (size_t k = 0; k < t->ncells; k++) {
		struct rpt_pts_cell *c = &t->cell[k];
		double sum[9] = { 0 }, hi[9];
		int bad[9] = { 0 };

		for (int i = 0; i < 9; i++)
			hi[i] = -INFINITY;
		for (int n = t->first; n <= t->last; n++) {
			cell_round(&r->t[t->round[n - 1]], c->name, &o);
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
			if (!bad[i])
				rpt_fig_set(cell_fig(c, i), i == F_MAX || i == F_TEMP ? hi[i] :
					    sum[i] / (t->last - t->first + 1));
		/* efficiency over the window: its IOPS (MB/s) over its W, as read across */
		if (c->iops_per_w.ok && c->power_w.ok && c->power_w.v > 0) {
			rpt_fig_set(&c->iops_per_w, c->iops.v / c->power_w.v);
			rpt_fig_set(&c->mbps_per_w, c->mbps.v / c->power_w.v);
		}
	}
	return 0;
}

/* WSAT: the IOPS log of job wsat, per period, against the GB written. */
static int wsat(const struct rpt_report *r, size_t idx, struct rpt_pts_wsat *ws)
{
	const struct rpt_test *t = &r->t[idx];
	struct rpt_log_reader lr;
	struct rpt_log_sample s;
	double prev = 0, gb = 0, bs = 4096;
	char *copy = strdup(t->path), path[4096];
	size_t cap = 0;
	int ret;

	if (!copy)
		return -ENOMEM;
	ws->test = idx;
	ws->capacity_gb = t->dev.capacity_bytes * t->dev.scale / 1e9;
	for (size_t j = 0; j < t->njobs; j++)
		if (t->jobs[j].bs.ok)
			bs = t->jobs[j].bs.v;
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
	/* each period from the end of the one before; the first as long as the second */
	for (size_t i = 0; i < ws->n; i++) {
		double end = ws->gb[i], dt = i ? end - prev : ws->gb[1] - end;

		prev = end;
		gb += ws->iops[i] * dt / 1e3 * bs * t->dev.scale / 1e9;
		ws->gb[i] = gb;
	}
	if (!ws->n && !*ws->why)
		snprintf(ws->why, sizeof(ws->why), "%.240s: no periods", path);
	return 0;
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
			conditions(r, &p->t[i]);
	}
	if (ret || (!p->nt && !p->has_wsat)) {
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
	if (p->has_wsat && p->wsat.test == test)
		return true;
	for (size_t i = 0; i < p->nt; i++)
		for (int k = 0; k < p->t[i].nrounds; k++)
			if (p->t[i].round[k] == test)
				return true;
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
	}
	free(p->t);
	free(p->wsat.gb);
	free(p->wsat.iops);
	free(p);
}
