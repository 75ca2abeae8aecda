// SPDX-License-Identifier: GPL-2.0-only
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "series.h"

const char *rpt_name_variant(const char *name, size_t *keylen)
{
	static const struct {
		const char *suffix;
		const char *variant;
	} v[] = {
		{ "-fragmented", "frag" }, { "_fragmented", "frag" },
		{ "-frag", "frag" }, { "_frag", "frag" },
		{ "-full", "full" }, { "_full", "full" },
	};
	size_t n = strlen(name), i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		size_t m = strlen(v[i].suffix);

		if (n > m && !strcasecmp(name + n - m, v[i].suffix)) {
			*keylen = n - m;
			return v[i].variant;
		}
	}
	*keylen = n;
	return "clean";
}

const char *rpt_series_kind_key(enum rpt_series_kind kind)
{
	return kind == RPT_SERIES_QD ? "qd" : kind == RPT_SERIES_BS ? "bs" : "mix";
}

const char *rpt_series_kind_axis(enum rpt_series_kind kind)
{
	return kind == RPT_SERIES_QD ? "queue depth" : kind == RPT_SERIES_BS ? "block size" :
	       "read share";
}

const char *rpt_series_kind_param(enum rpt_series_kind kind)
{
	return kind == RPT_SERIES_QD ? "iodepth" : kind == RPT_SERIES_BS ? "bs" : "read_pct";
}

const char *rpt_series_kind_head(enum rpt_series_kind kind)
{
	return kind == RPT_SERIES_QD ? "QD" : kind == RPT_SERIES_BS ? "bs" : "reads";
}

const char *rpt_series_score_label(enum rpt_series_kind kind)
{
	return kind == RPT_SERIES_QD ? "mean of QD1, QD2, QD4" :
	       kind == RPT_SERIES_MIX ? "mean of the mixes" : NULL;
}

static enum rpt_series_kind kind_of(char token)
{
	return token == 'q' ? RPT_SERIES_QD : token == 'b' ? RPT_SERIES_BS : RPT_SERIES_MIX;
}

/* The figure a series of @kind differs in. */
static const struct rpt_fig *param_fig(const struct rpt_job *j, enum rpt_series_kind kind)
{
	return kind == RPT_SERIES_QD ? &j->iodepth : kind == RPT_SERIES_BS ? &j->bs : &j->read_pct;
}

/*
 * A trailing "qd<digits>", "bs<digits>[kmg]" or "r<digits>" token after the
 * start, '-' or '_': its kind ('q', 'b', 'r' or 0) and where the base ends.
 */
static char name_token(const char *name, size_t *baselen)
{
	size_t n = strlen(name), i = n;
	char kind;

	while (i > 0 && strchr("kKmMgG", name[i - 1]) && i == n)
		i--;
	while (i > 0 && isdigit((unsigned char)name[i - 1]))
		i--;
	if (i == n || !isdigit((unsigned char)name[i]) || i < 1)
		return 0;
	if ((name[i - 1] == 'r' || name[i - 1] == 'R') && isdigit((unsigned char)name[n - 1]) &&
	    (i == 1 || name[i - 2] == '-' || name[i - 2] == '_')) {
		*baselen = i > 1 ? i - 2 : 0;
		return 'r';	/* "r70": 70 % reads */
	}
	if (i < 2)
		return 0;
	if (!strncasecmp(name + i - 2, "qd", 2))
		kind = 'q';
	else if (!strncasecmp(name + i - 2, "bs", 2))
		kind = 'b';
	else
		return 0;
	if (kind == 'q' && i != n && !isdigit((unsigned char)name[n - 1]))
		return 0;	/* "qd4k" is not a queue depth */
	i -= 2;
	if (i > 0 && name[i - 1] != '-' && name[i - 1] != '_')
		return 0;
	*baselen = i > 0 ? i - 1 : 0;
	return kind;
}

double rpt_series_param(const struct rpt_test *t, const struct rpt_series *s, size_t i)
{
	const struct rpt_job *j = &t->jobs[s->job[i]];
	const struct rpt_fig *f = param_fig(j, s->kind);

	return f->ok ? f->v : NAN;
}

struct cand {
	size_t job;
	char kind;
	size_t baselen;
	bool used;
};

static bool same_fig(const struct rpt_fig *a, const struct rpt_fig *b)
{
	return a->ok == b->ok && (!a->ok || a->v == b->v);
}

static const struct rpt_test *sort_t;
static enum rpt_series_kind sort_kind;

static int by_param(const void *a, const void *b)
{
	const struct rpt_job *x = &sort_t->jobs[*(const size_t *)a];
	const struct rpt_job *y = &sort_t->jobs[*(const size_t *)b];
	const struct rpt_fig *fx = param_fig(x, sort_kind);
	const struct rpt_fig *fy = param_fig(y, sort_kind);
	double vx = fx->ok ? fx->v : INFINITY, vy = fy->ok ? fy->v : INFINITY;

	return vx < vy ? -1 : vx > vy ? 1 : *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

/* The mean of figure @pick over the QD1, QD2 and QD4 members. */
static void qd_mean(const struct rpt_test *t, struct rpt_series *s, struct rpt_fig *out,
		    const struct rpt_fig *(*pick)(const struct rpt_job *), const char *what)
{
	static const int qd[3] = { 1, 2, 4 };
	unsigned int mark = 0;
	double sum = 0;
	size_t i;
	int k;

	for (k = 0; k < 3; k++) {
		const struct rpt_job *j = NULL;

		for (i = 0; i < s->n; i++)
			if (rpt_series_param(t, s, i) == qd[k])
				j = &t->jobs[s->job[i]];
		if (!j) {
			rpt_fig_null(out, "no QD%d job: the score is the mean of QD1, QD2 and QD4", qd[k]);
			return;
		}
		if (!pick(j)->ok) {
			rpt_fig_null(out, "QD%d (job %s) has no %s: %s", qd[k], j->name, what,
				     pick(j)->why);
			return;
		}
		sum += pick(j)->v;
		mark |= pick(j)->mark;
	}
	rpt_fig_set(out, sum / 3);
	out->mark = mark;
}

/* The mean of figure @pick over all the members (a read-share series). */
static void all_mean(const struct rpt_test *t, struct rpt_series *s, struct rpt_fig *out,
		     const struct rpt_fig *(*pick)(const struct rpt_job *), const char *what)
{
	unsigned int mark = 0;
	double sum = 0;
	size_t i;

	for (i = 0; i < s->n; i++) {
		const struct rpt_job *j = &t->jobs[s->job[i]];

		if (!pick(j)->ok) {
			rpt_fig_null(out, "the mix of job %s has no %s: %s", j->name, what,
				     pick(j)->why);
			return;
		}
		sum += pick(j)->v;
		mark |= pick(j)->mark;
	}
	rpt_fig_set(out, sum / (double)s->n);
	out->mark = mark;
}

static const struct rpt_fig *pick_mbps(const struct rpt_job *j) { return &j->mbps; }
static const struct rpt_fig *pick_w(const struct rpt_job *j) { return &j->power_w; }
static const struct rpt_fig *pick_eff(const struct rpt_job *j) { return &j->mbps_per_w; }

/* Rows of one direction: both whole groups, or the same direction of split ones. */
static bool same_dir(const struct rpt_job *a, const struct rpt_job *b)
{
	if (!a->split || !b->split)
		return a->split == b->split;
	return a->ddir && b->ddir && !strcmp(a->ddir, b->ddir);
}

static int add_series(struct rpt_test *t, enum rpt_series_kind kind, const char *base,
		      size_t baselen, const size_t *job, size_t n)
{
	struct rpt_series *s, *ns;
	size_t tk, bk, i;
	const char *tv = rpt_name_variant(t->name, &tk), *bv = "clean";
	char *b = strndup(base, baselen);
	int ret;

	if (!b)
		return -ENOMEM;
	if (baselen)
		bv = rpt_name_variant(b, &bk);
	ns = realloc(t->series, (t->nseries + 1) * sizeof(*ns));
	if (!ns) {
		free(b);
		return -ENOMEM;
	}
	t->series = ns;
	s = &t->series[t->nseries];
	memset(s, 0, sizeof(*s));
	s->kind = kind;
	s->variant = baselen && strcmp(bv, "clean") ? bv : tv;
	if (baselen)
		ret = asprintf(&s->key, "%.*s/%.*s", (int)tk, t->name, (int)bk, b);
	else
		ret = asprintf(&s->key, "%.*s", (int)tk, t->name);
	s->name = baselen ? b : strdup(t->name);
	if (!baselen)
		free(b);
	/* the rows of one direction of groups that mix them: say which */
	if (ret >= 0 && s->name && t->jobs[job[0]].split && t->jobs[job[0]].ddir) {
		char *nm, *k;

		if (asprintf(&nm, "%s (%s)", s->name, t->jobs[job[0]].ddir) < 0)
			nm = NULL;
		if (asprintf(&k, "%s (%s)", s->key, t->jobs[job[0]].ddir) < 0)
			k = NULL;
		free(s->name);
		free(s->key);
		s->name = nm;
		s->key = k;
		if (!nm || !k) {
			free(nm);
			free(k);
			s->name = s->key = NULL;
			ret = -1;
		}
	}
	s->job = malloc(n * sizeof(*s->job));
	if (ret < 0 || !s->name || !s->job) {
		if (ret < 0)
			s->key = NULL;
		free(s->key);
		free(s->name);
		free(s->job);
		return -ENOMEM;
	}
	memcpy(s->job, job, n * sizeof(*job));
	s->n = n;
	sort_t = t;
	sort_kind = kind;
	qsort(s->job, n, sizeof(*s->job), by_param);
	t->nseries++;
	if (kind == RPT_SERIES_QD) {
		qd_mean(t, s, &s->score_mbps, pick_mbps, "MB/s");
		qd_mean(t, s, &s->power_w, pick_w, "power");
		qd_mean(t, s, &s->efficiency, pick_eff, "MB/s/W");
	} else if (kind == RPT_SERIES_MIX) {
		all_mean(t, s, &s->score_mbps, pick_mbps, "MB/s");
		all_mean(t, s, &s->power_w, pick_w, "power");
		all_mean(t, s, &s->efficiency, pick_eff, "MB/s/W");
	} else {
		for (i = 0; i < 3; i++) {
			struct rpt_fig *f[3] = { &s->score_mbps, &s->power_w, &s->efficiency };

			rpt_fig_null(f[i], "a block-size sweep has no QD score");
		}
	}
	return 0;
}

/* Do the jobs differ in the series' parameter, and agree in the others? */
static bool valid(const struct rpt_test *t, enum rpt_series_kind kind, const size_t *job,
		  size_t n)
{
	size_t i, k;

	if (n < 2)
		return false;
	for (i = 0; i < n; i++) {
		const struct rpt_job *a = &t->jobs[job[i]], *b = &t->jobs[job[0]];
		const struct rpt_fig *pa = param_fig(a, kind);

		if (!pa->ok || strcmp(a->rw, b->rw))
			return false;
		if (kind == RPT_SERIES_QD && !same_fig(&a->bs, &b->bs))
			return false;
		if (kind == RPT_SERIES_BS && !same_fig(&a->iodepth, &b->iodepth))
			return false;
		if (kind == RPT_SERIES_MIX &&
		    (!same_fig(&a->bs, &b->bs) || !same_fig(&a->iodepth, &b->iodepth)))
			return false;
		for (k = 0; k < i; k++) {
			const struct rpt_job *c = &t->jobs[job[k]];
			const struct rpt_fig *pc = param_fig(c, kind);

			if (pc->v == pa->v)
				return false;
		}
	}
	return true;
}

int rpt_series_find(struct rpt_test *t)
{
	struct cand *c;
	size_t *grp, i, k, n, found = 0;
	int ret = 0;

	t->series = NULL;
	t->nseries = 0;
	if (!t->njobs)
		return 0;
	c = calloc(t->njobs, sizeof(*c));
	grp = calloc(t->njobs, sizeof(*grp));
	if (!c || !grp) {
		free(c);
		free(grp);
		return -ENOMEM;
	}
	for (i = 0; i < t->njobs; i++) {
		c[i].job = i;
		c[i].kind = name_token(t->jobs[i].name, &c[i].baselen);
	}
	/* named series: same token kind and base */
	for (i = 0; i < t->njobs && !ret; i++) {
		if (!c[i].kind || c[i].used)
			continue;
		n = 0;
		for (k = i; k < t->njobs; k++)
			if (!c[k].used && c[k].kind == c[i].kind && c[k].baselen == c[i].baselen &&
			    !strncmp(t->jobs[k].name, t->jobs[i].name, c[i].baselen) &&
			    same_dir(&t->jobs[k], &t->jobs[i]))
				grp[n++] = k;
		if (!valid(t, kind_of(c[i].kind), grp, n))
			continue;
		for (k = 0; k < n; k++)
			c[grp[k]].used = true;
		ret = add_series(t, kind_of(c[i].kind),
				 t->jobs[i].name, c[i].baselen, grp, n);
		found++;
	}
	/* unnamed: the whole test differing only in iodepth, or only in bs */
	/* per direction when the groups mix them */
	for (i = 0; !ret && !found && i < t->njobs; i++) {
		if (c[i].used)
			continue;
		for (n = 0, k = i; k < t->njobs; k++)
			if (same_dir(&t->jobs[k], &t->jobs[i])) {
				grp[n++] = k;
				c[k].used = true;
			}
		if (n < 3)
			continue;
		if (valid(t, RPT_SERIES_QD, grp, n))
			ret = add_series(t, RPT_SERIES_QD, "", 0, grp, n);
		else if (valid(t, RPT_SERIES_BS, grp, n))
			ret = add_series(t, RPT_SERIES_BS, "", 0, grp, n);
	}
	free(c);
	free(grp);
	return ret;
}

void rpt_series_free(struct rpt_test *t)
{
	size_t i;

	for (i = 0; i < t->nseries; i++) {
		free(t->series[i].name);
		free(t->series[i].key);
		free(t->series[i].job);
	}
	free(t->series);
	t->series = NULL;
	t->nseries = 0;
}

const char *rpt_variant_name(unsigned int v)
{
	static const char *const n[RPT_NVARIANTS] = { "clean", "frag", "full" };

	return v < RPT_NVARIANTS ? n[v] : "?";
}

static unsigned int variant_index(const char *v)
{
	unsigned int i;

	for (i = 0; i < RPT_NVARIANTS; i++)
		if (!strcmp(v, rpt_variant_name(i)))
			return i;
	return 0;
}

long rpt_variant_groups(const struct rpt_report *r, const struct rpt_drive *d,
			struct rpt_vgroup **out)
{
	struct rpt_vgroup *g = NULL;
	size_t n = 0, i, k, m;
	long kept = 0;

	*out = NULL;
	for (i = 0; i < d->ntests; i++) {
		const struct rpt_test *t = &r->t[d->test[i]];

		for (k = 0; k < t->nseries; k++) {
			const struct rpt_series *s = &t->series[k];
			unsigned int v = variant_index(s->variant);

			for (m = 0; m < n; m++)
				if (g[m].kind == s->kind && !strcmp(g[m].key, s->key))
					break;
			if (m == n) {
				struct rpt_vgroup *ng = realloc(g, (n + 1) * sizeof(*g));

				if (!ng) {
					free(g);
					return -ENOMEM;
				}
				g = ng;
				memset(&g[n], 0, sizeof(g[n]));
				g[n].kind = s->kind;
				g[n].key = s->key;
				n++;
			}
			if (!g[m].s[v]) {
				g[m].s[v] = s;
				g[m].t[v] = t;
				g[m].n++;
			}
		}
	}
	for (i = 0; i < n; i++)
		if (g[i].n >= 2)
			g[kept++] = g[i];
	if (!kept) {
		free(g);
		return 0;
	}
	*out = g;
	return kept;
}

size_t rpt_vgroup_params(const struct rpt_vgroup *g, double *x, size_t max)
{
	size_t nx = 0, k, m;
	unsigned int v;

	for (v = 0; v < RPT_NVARIANTS; v++)
		for (k = 0; g->s[v] && k < g->s[v]->n; k++) {
			double p = rpt_series_param(g->t[v], g->s[v], k);

			for (m = 0; m < nx && x[m] != p; m++)
				;
			if (m == nx && nx < max && !isnan(p))
				x[nx++] = p;
		}
	for (k = 1; k < nx; k++)
		for (m = k; m > 0 && x[m - 1] > x[m]; m--) {
			double tmp = x[m];

			x[m] = x[m - 1];
			x[m - 1] = tmp;
		}
	return nx;
}
