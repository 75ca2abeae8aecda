// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pts_report.h"
#include "review.h"
#include "series.h"

const char *rpt_section_title(enum rpt_section s)
{
	static const char *const t[RPT_NSECTIONS] = {
		"Whole-drive fill", "Burst", "Sustained", "QD1 enterprise", "Other tests",
		"Preparation steps (not measurements)",
	};

	return s < RPT_NSECTIONS ? t[s] : "Other tests";
}

const char *rpt_section_id(enum rpt_section s)
{
	static const char *const t[RPT_NSECTIONS] = { "fill", "burst", "sustained", "qd1", "other",
							  "prep" };

	return s < RPT_NSECTIONS ? t[s] : "other";
}

bool rpt_job_is_fill(const struct rpt_test *t, const struct rpt_job *j)
{
	double cap = t->dev.capacity_bytes * (t->dev.scale > 1 ? t->dev.scale : 1);

	if (!j->has_fill)
		return false;
	return j->writes_ns || (cap > 0 && j->fill.gb_written * 1e9 >= 0.95 * cap);
}

static bool all_purge(const struct rpt_test *t)
{
	size_t k;

	for (k = 0; k < t->njobs; k++)
		if (!t->jobs[k].purge)
			return false;
	return t->njobs > 0;
}

bool rpt_test_is_step(const struct rpt_report *r, size_t i)
{
	size_t d, k;

	if (all_purge(&r->t[i]))
		return true;
	for (d = 0; d < r->nd; d++)
		for (k = 0; r->d[d].pts && k < r->d[d].ntests; k++)
			if (r->d[d].test[k] == i)
				return !rpt_pts_owns(r->d[d].pts, i);
	return false;
}

enum rpt_section rpt_test_section(const struct rpt_test *t)
{
	bool qd1 = t->njobs > 0, bursts = false;
	size_t k;

	if (all_purge(t))
		return RPT_SEC_PREP;
	for (k = 0; k < t->njobs; k++) {
		const struct rpt_job *j = &t->jobs[k];

		if (rpt_job_is_fill(t, j))
			return RPT_SEC_FILL;
		bursts |= j->has_bursts;
		if (!j->iodepth.ok || j->iodepth.v != 1)
			qd1 = false;
	}
	if (bursts)
		return RPT_SEC_BURST;
	for (k = 0; k < t->nseries; k++)
		if (t->series[k].kind == RPT_SERIES_QD)
			return RPT_SEC_SUSTAINED;
	return qd1 ? RPT_SEC_QD1 : RPT_SEC_OTHER;
}

size_t rpt_test_headline(const struct rpt_test *t)
{
	size_t i, k;

	for (i = 0; t->njobs > 1 && i < t->nseries; i++) {
		const struct rpt_series *s = &t->series[i];

		if (s->kind != RPT_SERIES_BS)
			continue;
		for (k = 0; k < s->n; k++) {
			const struct rpt_job *j = &t->jobs[s->job[k]];
			double want = strstr(j->rw, "rand") ? 4096 : 131072;

			if (rpt_series_param(t, s, k) == want)
				return s->job[k];
		}
	}
	return 0;
}

const struct rpt_test *rpt_drive_test(const struct rpt_report *r, const struct rpt_drive *d,
				      const char *name)
{
	size_t i;

	for (i = 0; i < d->ntests; i++)
		if (!strcmp(r->t[d->test[i]].name, name))
			return &r->t[d->test[i]];
	return NULL;
}

static unsigned int variant_rank(const char *v)
{
	return !strcmp(v, "clean") ? 0 : !strcmp(v, "frag") ? 1 : 2;
}

static int item_cmp(const void *a, const void *b)
{
	const struct rpt_review_item *x = a, *y = b;

	if (x->sec != y->sec)
		return x->sec < y->sec ? -1 : 1;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (int)variant_rank(x->variant) - (int)variant_rank(y->variant);
}

/* Add test @i's name unless there; its key numbered by first appearance. */
static int add_item(struct rpt_review_item *it, size_t *n, const struct rpt_report *r, size_t i)
{
	const struct rpt_test *t = &r->t[i];
	enum rpt_section sec = rpt_test_is_step(r, i) ? RPT_SEC_PREP : rpt_test_section(t);
	size_t klen, k = *n;
	const char *v = rpt_name_variant(t->name, &klen);

	for (i = 0; i < *n; i++)
		if (!strcmp(it[i].test, t->name))
			return 0;
	for (i = 0; i < *n; i++) {
		size_t ol;

		rpt_name_variant(it[i].test, &ol);
		if (ol == klen && !strncmp(it[i].test, t->name, klen)) {
			k = it[i].key;
			break;
		}
	}
	it[*n].test = t->name;
	it[*n].sec = sec;
	it[*n].variant = v;
	it[(*n)++].key = k;
	return 1;
}

long rpt_review_order(const struct rpt_report *r, const struct rpt_drive *d,
		      struct rpt_review_item **out)
{
	struct rpt_review_item *it;
	size_t n = 0, i, k;

	*out = NULL;
	if (!r->nt)
		return 0;
	it = calloc(r->nt, sizeof(*it));
	if (!it)
		return -ENOMEM;
	for (i = 0; i < r->nd; i++) {
		if (d && &r->d[i] != d)
			continue;
		for (k = 0; k < r->d[i].ntests; k++)
			if (r->t[r->d[i].test[k]].njobs &&
			    !rpt_pts_owns(r->d[i].pts, r->d[i].test[k]))
				add_item(it, &n, r, r->d[i].test[k]);
	}
	/* by section, a key where it first appeared, its variants in order */
	qsort(it, n, sizeof(*it), item_cmp);
	if (!n) {
		free(it);
		return 0;
	}
	*out = it;
	return (long)n;
}
