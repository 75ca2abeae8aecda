// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "grow.h"

void rpt_slug(char *out, size_t len, const char *s)
{
	size_t n = 0;

	for (; s && *s && n + 1 < len; s++) {
		char c = *s;

		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
		      c == '-'))
			c = '-';
		if (c == '-' && (!n || out[n - 1] == '-'))
			continue;
		out[n++] = c;
	}
	while (n && out[n - 1] == '-')
		n--;
	out[n] = '\0';
}

FILE *rpt_chart_begin(struct rpt_charts *c, const char *scope, const char *test,
		      const char *figure)
{
	char a[64], b[96], f[64];

	c->buf = NULL;
	c->len = 0;
	c->mem = open_memstream(&c->buf, &c->len);
	if (!c->mem) {
		if (!c->err)
			c->err = -ENOMEM;
		return NULL;
	}
	rpt_slug(a, sizeof(a), scope);
	rpt_slug(b, sizeof(b), test);
	rpt_slug(f, sizeof(f), figure);
	snprintf(c->name, sizeof(c->name), "%.63s%s%.95s.%.63s", a[0] ? a : "chart", b[0] ? "." : "",
		 b, f[0] ? f : "chart");
	c->open = true;
	return c->mem;
}

/* A file name not used yet: @name, else @name-2, -3, ... */
static int unique(struct rpt_charts *c, char *name, size_t len)
{
	char base[240];
	unsigned int k = 1;
	size_t i;

	snprintf(base, sizeof(base), "%.239s", name);
	for (;;) {
		for (i = 0; i < c->n && strcmp(c->names[i], name); i++)
			;
		if (i == c->n)
			break;
		snprintf(name, len, "%s-%u", base, ++k);
	}
	if (RPT_GROW(c->names, c->cap, c->n, 32))
		return -ENOMEM;
	c->names[c->n] = strdup(name);
	if (!c->names[c->n])
		return -ENOMEM;
	c->n++;
	return 0;
}

static void write_file(struct rpt_charts *c)
{
	char name[256], path[4096 - 16];
	FILE *f;
	int ret;

	snprintf(name, sizeof(name), "%s", c->name);
	ret = unique(c, name, sizeof(name));
	snprintf(path, sizeof(path), "%.3800s/%.250s.svg", c->svg_dir, name);
	if (!ret) {
		f = fopen(path, "w");
		if (!f)
			ret = -errno;
		else if (fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f) < 0 ||
			 fwrite(c->buf, 1, c->len, f) != c->len)
			ret = -EIO;
		if (f && fclose(f) && !ret)
			ret = -errno;
	}
	if (ret && !c->err) {
		c->err = ret;
		snprintf(c->err_path, sizeof(c->err_path), "%s", path);
	}
}

void rpt_chart_end(struct rpt_charts *c)
{
	if (!c->open)
		return;
	c->open = false;
	if (fclose(c->mem) && !c->err)
		c->err = -ENOMEM;
	c->mem = NULL;
	if (c->buf && c->len) {
		fwrite(c->buf, 1, c->len, c->html);
		if (c->svg_dir)
			write_file(c);
	}
	free(c->buf);
	c->buf = NULL;
	c->len = 0;
}

void rpt_charts_free(struct rpt_charts *c)
{
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->n; i++)
		free(c->names[i]);
	free(c->names);
	c->names = NULL;
	c->n = c->cap = 0;
}

size_t rpt_drive_index(const struct rpt_report *r, const struct rpt_test *t)
{
	size_t i, k;

	for (i = 0; i < r->nd; i++)
		for (k = 0; k < r->d[i].ntests; k++)
			if (&r->t[r->d[i].test[k]] == t)
				return i;
	return r->nd;
}

char *rpt_test_job_name(char *buf, size_t len, const struct rpt_test *t, const struct rpt_job *j)
{
	if (strcmp(t->name, j->name))
		snprintf(buf, len, "%s / %s", t->name, j->name);
	else
		snprintf(buf, len, "%s", t->name);
	return buf;
}

char *rpt_drive_scope(char *buf, size_t len, const struct rpt_drive *d)
{
	const char *dir = d->dir ? d->dir : d->name, *end = dir + strlen(dir), *base;

	while (end > dir + 1 && end[-1] == '/')
		end--;
	for (base = end; base > dir && base[-1] != '/'; base--)
		;
	snprintf(buf, len, "%.*s", (int)(end - base), base);
	if (!buf[0] || !strcmp(buf, ".") || !strcmp(buf, ".."))
		snprintf(buf, len, "%s", d->name);
	return buf;
}

bool rpt_drive_hl(const struct rpt_charts *c, const struct rpt_drive *d)
{
	return c->hl >= 0 && (size_t)c->hl < c->r->nd && &c->r->d[c->hl] == d;
}

long rpt_highlight_find(const struct rpt_report *r, const char *name)
{
	char scope[256];
	size_t i;

	for (i = 0; i < r->nd; i++)
		if (!strcmp(r->d[i].name, name) || (r->d[i].dir && !strcmp(r->d[i].dir, name)))
			return (long)i;
	for (i = 0; i < r->nd; i++)
		if (!strcmp(rpt_drive_scope(scope, sizeof(scope), &r->d[i]), name))
			return (long)i;
	return -1;
}
