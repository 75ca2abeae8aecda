// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
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

/* the coarseness whose bucket count is @k, or -1 */
static int coarseness_of(unsigned long k)
{
	for (int c = 0; c <= 6; c++)
		if ((unsigned long)(RPT_PLAT_NR >> c) == k)
			return c;
	return -1;
}

/* one line into @out; @c < 0 on the first */
static int add_line(char *line, struct rpt_hist_log *out, int *c, const char **what)
{
	uint64_t cnt[RPT_PLAT_NR];
	unsigned long k = 0, ddir;
	char *p = line, *end;
	int ret = 0;

	strtod(p, &end);
	if (end == p || *end != ',')
		return *what = "a time", -EINVAL;
	ddir = strtoul(end + 1, &p, 10);
	if (*p != ',' || ddir > 2)
		return *what = "a data direction (0-2)", -EINVAL;
	strtoull(p + 1, &end, 10);
	if (*end != ',')
		return *what = "a block size", -EINVAL;
	for (p = end; *p == ','; p = end) {
		char *q = p + 1;

		while (*q == ' ' || *q == '\t')
			q++;
		if (*q < '0' || *q > '9')
			return *what = "a count", -EINVAL;
		if (k == RPT_PLAT_NR)
			return *what = "at most 1856 counts", -EINVAL;
		cnt[k++] = strtoull(q, &end, 10);
	}
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	if (*p)
		return *what = "counts separated by commas", -EINVAL;
	if (*c < 0)
		*c = coarseness_of(k);
	if (*c < 0 || (unsigned long)(RPT_PLAT_NR >> *c) != k)
		return *what = "1856 >> log_hist_coarseness counts, as on the first line", -EINVAL;
	for (unsigned long i = 0; i < k && !ret; i++)
		if (cnt[i])
			ret = rpt_lat_hist_add(&out->h[ddir],
					       rpt_plat_ns((i << *c) | ((1U << *c) >> 1)), cnt[i]);
	return ret;
}

int rpt_hist_log_read(const char *path, struct rpt_hist_log *out, char *err, size_t errlen)
{
	const char *what = "";
	char *line = NULL;
	size_t cap = 0;
	int c = -1, ret = 0;
	FILE *f;

	memset(out, 0, sizeof(*out));
	f = fopen(path, "r");
	if (!f) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", path, strerror(-ret));
		return ret;
	}
	while (!ret && getline(&line, &cap, f) > 0) {
		if (line[strspn(line, " \t\r\n")] == '\0')
			continue;
		ret = add_line(line, out, &c, &what);
		if (ret == -EINVAL)
			snprintf(err, errlen, "%s:%lu: expected %s", path, out->lines + 1, what);
		else if (ret)
			snprintf(err, errlen, "%s:%lu: %s", path, out->lines + 1, strerror(-ret));
		else
			out->lines++;
	}
	if (!ret && ferror(f)) {
		ret = -EIO;
		snprintf(err, errlen, "%s: read error", path);
	}
	out->coarseness = c < 0 ? 0 : (unsigned int)c;
	free(line);
	fclose(f);
	return ret;
}

void rpt_hist_log_free(struct rpt_hist_log *l)
{
	if (!l)
		return;
	for (int i = 0; i < 3; i++)
		rpt_lat_hist_free(&l->h[i]);
}
