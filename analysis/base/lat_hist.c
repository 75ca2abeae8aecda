// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "lat_hist.h"

int rpt_lat_hist_add(struct rpt_lat_hist *h, uint64_t ns, uint64_t count)
{
	if (!count)
		return 0;
	if (count > INT64_MAX - h->total)
		return -EOVERFLOW;
	if (RPT_GROW(h->bin, h->cap, h->n, 256))
		return -ENOMEM;
	h->bin[h->n].ns = ns;
	h->bin[h->n++].count = count;
	h->total += count;
	h->sorted = 0;
	return 0;
}

static int parse_u64(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s)
		return -EINVAL;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > (UINT64_MAX - 9) / 10)
			return -EINVAL;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	*out = v;
	return 0;
}

int rpt_lat_hist_add_bins(struct rpt_lat_hist *h, struct json_object *bins,
			  const char **bad_key)
{
	return rpt_lat_hist_add_bins_unit(h, bins, 1, bad_key);
}

int rpt_lat_hist_add_bins_unit(struct rpt_lat_hist *h, struct json_object *bins,
			       double ns_per_unit, const char **bad_key)
{
	struct json_object_iterator it = json_object_iter_begin(bins);
	struct json_object_iterator end = json_object_iter_end(bins);

	for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
		const char *key = json_object_iter_peek_name(&it);
		struct json_object *v = json_object_iter_peek_value(&it);
		uint64_t ns;
		int64_t count;
		int ret;

		if (parse_u64(key, &ns) || !json_object_is_type(v, json_type_int) ||
		    (count = json_object_get_int64(v)) < 0 || count == INT64_MAX ||
		    (double)ns * ns_per_unit >= 9223372036854775808.0) {
			*bad_key = key;
			return -EINVAL;
		}
		if (ns_per_unit != 1)
			ns = (uint64_t)((double)ns * ns_per_unit);
		ret = rpt_lat_hist_add(h, ns, (uint64_t)count);
		if (ret)
			return ret;
	}
	return 0;
}

static int bin_cmp(const void *a, const void *b)
{
	const struct rpt_lat_bin *x = a, *y = b;

	return x->ns < y->ns ? -1 : x->ns > y->ns;
}

static void lat_hist_merge(struct rpt_lat_hist *h)
{
	size_t i, j = 0;

	qsort(h->bin, h->n, sizeof(*h->bin), bin_cmp);
	for (i = 0; i < h->n; i++) {
		if (j && h->bin[j - 1].ns == h->bin[i].ns)
			h->bin[j - 1].count += h->bin[i].count;
		else
			h->bin[j++] = h->bin[i];
	}
	h->n = j;
	h->sorted = 1;
}

uint64_t rpt_lat_hist_percentile(struct rpt_lat_hist *h, double pct)
{
	double want;
	uint64_t sum = 0;
	size_t i;

	if (!h->total)
		return 0;
	if (!h->sorted)
		lat_hist_merge(h);
	want = pct / 100.0 * (double)h->total;
	for (i = 0; i < h->n; i++) {
		sum += h->bin[i].count;
		if ((double)sum >= want)
			return h->bin[i].ns;
	}
	return h->bin[h->n - 1].ns;
}

long rpt_lat_hist_cdf(struct rpt_lat_hist *h, double **us, double **le)
{
	uint64_t sum = 0;
	size_t i;

	*us = *le = NULL;
	if (!h->total)
		return 0;
	if (!h->sorted)
		lat_hist_merge(h);
	*us = malloc(h->n * sizeof(**us));
	*le = malloc(h->n * sizeof(**le));
	if (!*us || !*le) {
		free(*us);
		free(*le);
		*us = *le = NULL;
		return -ENOMEM;
	}
	for (i = 0; i < h->n; i++) {
		sum += h->bin[i].count;
		(*us)[i] = h->bin[i].ns / 1000.0;
		(*le)[i] = (double)sum / (double)h->total;
	}
	return (long)h->n;
}

uint64_t rpt_lat_bin_ns(uint64_t ns)
{
	unsigned int msb = ns ? 63 - (unsigned int)__builtin_clzll(ns) : 0, shift;

	if (msb <= 6)
		return ns;
	shift = msb - 6;
	/* the bucket's lower end plus half its width */
	return (ns >> shift << shift) + (1ull << shift) / 2;
}

void rpt_lat_hist_free(struct rpt_lat_hist *h)
{
	if (!h)
		return;
	free(h->bin);
	memset(h, 0, sizeof(*h));
}
