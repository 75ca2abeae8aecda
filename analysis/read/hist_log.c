// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hist_log.h"

uint64_t rpt_plat_ns(unsigned int idx)
{
	unsigned int e;

	if (idx < RPT_PLAT_VAL << 1)
		return idx;
	e = (idx >> RPT_PLAT_BITS) - 1;
	return (1ULL << (e + RPT_PLAT_BITS)) + (uint64_t)((idx % RPT_PLAT_VAL + 0.5) * (1ULL << e));
}

uint64_t rpt_hist_coarse_ns(unsigned int idx, unsigned int coarseness)
{
	return rpt_plat_ns((idx << coarseness) | ((1U << coarseness) >> 1));
}

/* the coarseness whose bucket count is @k in a layout of @nr buckets, or -1 */
static int coarseness_of(unsigned long k, unsigned int nr)
{
	for (int c = 0; c <= 6; c++)
		if ((unsigned long)(nr >> c) == k)
			return c;
	return -1;
}

/* the layout of a first line of @k counts: fio 3's (ns) or 2.x's (µs) */
static int layout_of(struct rpt_hist_reader *r, unsigned long k)
{
	r->coarseness = coarseness_of(k, RPT_PLAT_NR);
	r->plat_nr = RPT_PLAT_NR;
	r->unit_ns = 1;
	if (r->coarseness < 0) {
		r->coarseness = coarseness_of(k, RPT_PLAT_NR_2X);
		r->plat_nr = RPT_PLAT_NR_2X;
		r->unit_ns = 1000;
	}
	if (r->coarseness < 0)
		r->plat_nr = r->unit_ns = 0;
	return r->coarseness;
}

static int other_layout(const struct rpt_hist_reader *r, unsigned long k)
{
	return coarseness_of(k, r->plat_nr == RPT_PLAT_NR ? RPT_PLAT_NR_2X : RPT_PLAT_NR) >= 0;
}

int rpt_hist_open(struct rpt_hist_reader *r, const char *path)
{
	memset(r, 0, sizeof(*r));
	r->name = path;
	r->coarseness = -1;
	r->f = fopen(path, "r");
	if (!r->f) {
		int ret = -errno;

		snprintf(r->err, sizeof(r->err), "%s: %s", path, strerror(-ret));
		return ret;
	}
	return 0;
}

int rpt_hist_open_mem(struct rpt_hist_reader *r, const char *name, const char *data, size_t len)
{
	memset(r, 0, sizeof(*r));
	r->name = name;
	r->coarseness = -1;
	/* fmemopen() of 0 bytes fails: an empty log is read from "" */
	r->f = fmemopen((void *)(len ? data : ""), len ? len : 1, "r");
	if (r->f && !len)
		fgetc(r->f);
	return r->f ? 0 : -ENOMEM;
}

static int bad(struct rpt_hist_reader *r, const char *what)
{
	snprintf(r->err, sizeof(r->err), "%s:%lu: expected %s", r->name, r->line, what);
	return -EINVAL;
}

/* one line's fields into @l and the reader's sparse arrays */
static int parse(struct rpt_hist_reader *r, char *p, struct rpt_hist_line *l)
{
	unsigned long k = 0, ddir;
	char *end;

	l->t_ms = strtod(p, &end);
	if (end == p || *end != ',' || !isfinite(l->t_ms))
		return bad(r, "a time");
	/* past 2^53 ms a double holds no interval's end exactly */
	if (fabs(l->t_ms) >= 0x1p53)
		return bad(r, "a time below 2^53 ms");
	ddir = strtoul(end + 1, &p, 10);
	if (*p != ',' || ddir > 2)
		return bad(r, "a data direction (0-2)");
	l->ddir = (unsigned int)ddir;
	l->bs = strtoull(p + 1, &end, 10);
	if (*end != ',')
		return bad(r, "a block size");
	l->nnz = 0;
	for (p = end; *p == ','; p = end) {
		char *q = p + 1;
		uint64_t c;

		while (*q == ' ' || *q == '\t')
			q++;
		if (*q < '0' || *q > '9')
			return bad(r, "a count");
		if (k == RPT_PLAT_NR)
			return bad(r, "at most 1856 counts");
		/* by hand: most counts are one digit, and strtoull() was most of the time */
		for (c = 0, end = q; *end >= '0' && *end <= '9'; end++) {
			unsigned int v = (unsigned int)(*end - '0');

			if (c > (UINT64_MAX - v) / 10)
				return bad(r, "a count below 2^64");
			c = c * 10 + v;
		}
		if (c) {
			r->idx[l->nnz] = (uint32_t)k;
			r->cnt[l->nnz++] = c;
		}
		k++;
	}
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	if (*p)
		return bad(r, "counts separated by commas");
	if (r->coarseness < 0 && layout_of(r, k) < 0)
		return bad(r, "1856 >> log_hist_coarseness counts (fio 3's 29 groups of 64 buckets) or 1216 >> log_hist_coarseness (fio 2.x's 19)");
	if ((unsigned long)(r->plat_nr >> r->coarseness) != k) {
		char what[200];

		snprintf(what, sizeof(what), "%u >> log_hist_coarseness counts, as on the first line: %u (this one has %lu: %s)",
			 r->plat_nr, r->plat_nr >> r->coarseness, k,
			 other_layout(r, k) ? "logs of fio 2.x and 3.x mixed" :
			 "logs of two fio builds or coarsenesses mixed, or a truncated line");
		return bad(r, what);
	}
	l->idx = r->idx;
	l->cnt = r->cnt;
	return 1;
}

int rpt_hist_next(struct rpt_hist_reader *r, struct rpt_hist_line *l)
{
	ssize_t len;

	for (;;) {
		len = getline(&r->buf, &r->cap, r->f);
		if (len < 0)
			break;
		r->line++;
		if (r->buf[strspn(r->buf, " \t\r\n")] == '\0')
			continue;
		if (r->buf[len - 1] != '\n' && !feof(r->f))
			return bad(r, "a whole line");
		return parse(r, r->buf, l);
	}
	if (ferror(r->f)) {
		snprintf(r->err, sizeof(r->err), "%s: read error", r->name);
		return -EIO;
	}
	return 0;
}

void rpt_hist_close(struct rpt_hist_reader *r)
{
	if (!r)
		return;
	if (r->f)
		fclose(r->f);
	r->f = NULL;
	free(r->buf);
	r->buf = NULL;
	r->cap = 0;
}

int rpt_hist_log_read(const char *path, struct rpt_hist_log *out, char *err, size_t errlen)
{
	struct rpt_hist_reader *r;
	struct rpt_hist_line l;
	int ret;

	memset(out, 0, sizeof(*out));
	r = malloc(sizeof(*r));
	if (!r) {
		snprintf(err, errlen, "%s: %s", path, strerror(ENOMEM));
		return -ENOMEM;
	}
	ret = rpt_hist_open(r, path);
	while (!ret && (ret = rpt_hist_next(r, &l)) == 1) {
		ret = 0;
		for (size_t i = 0; i < l.nnz && !ret; i++)
			ret = rpt_lat_hist_add(&out->h[l.ddir],
					       r->unit_ns * rpt_hist_coarse_ns(l.idx[i], (unsigned int)r->coarseness),
					       l.cnt[i]);
		if (ret)
			snprintf(r->err, sizeof(r->err), "%s:%lu: %s", path, r->line, strerror(-ret));
		else
			out->lines++;
	}
	if (ret)
		snprintf(err, errlen, "%s", r->err);
	out->coarseness = r->coarseness < 0 ? 0 : (unsigned int)r->coarseness;
	out->plat_nr = r->plat_nr;
	rpt_hist_close(r);
	free(r);
	return ret;
}

void rpt_hist_log_free(struct rpt_hist_log *l)
{
	if (!l)
		return;
	for (int i = 0; i < 3; i++)
		rpt_lat_hist_free(&l->h[i]);
}
