// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "slc.h"
#include "sort.h"

#define GB		1e9
#define SLC_LOW		0.80	/* below this share of the in-cache level is low */
#define SLC_NEAR_HIGH	0.30
#define SLC_FAR_HIGH	0.15
#define SLC_EDGE_MIN	(0.5 * GB)	/* edge window each side, or one log sample */
#define CACHE_TAIL_GB	8	/* a phase after the cache shorter than this, faster
				 * than the next, is the cache running out */
/*
 * Host timing jitter (scheduling, fio's helper thread) in real ms: a speed
 * change shorter than this is not taken for a fall. It matters for drive
 * models scaled 1/S, where it spans S times more of the drive.
 */
#define SLC_JITTER_MS	10.0
/*
 * Per-I/O logs carry ms times: with a few I/Os per ms a chunk's speed is
 * quantized to whole I/Os per ms. Their chunk speeds are taken over at least
 * this many ms of log time around the chunk.
 */
#define SLC_PERIO_SMOOTH_MS	5.0

/* MB/s from bytes and milliseconds */
static double mbps(double bytes, double ms)
{
	return ms > 0 ? bytes / ms / 1000.0 : INFINITY;
}

/*
 * Per-chunk view of the curve at 1/16 GB (RPT_FILL_POINT_BYTES): chunk i
 * runs from point i to point i+1, the last to the curve's end. The curve's
 * own points may be finer (small fills); these are a subset of them.
 */
struct chunks {
	const struct rpt_fill_curve *c;
	size_t n;
	double *b;	/* bytes at the chunk points, b[0] = 0 */
	double *t;	/* curve ms at them */
	bool own;	/* b and t are ours, not the curve's own arrays */
	double *rate;	/* MB/s (per-I/O logs: over at least SLC_PERIO_SMOOTH_MS) */
	double *raw;	/* MB/s of the chunk alone */
	double smooth;	/* that window in curve ms, 0 none */
	double *high;	/* prefix sum of bytes in high chunks, high[0] = 0 */
};

static double chunk_start(const struct chunks *k, size_t i)
{
	return k->b[i];
}

static double chunk_end(const struct chunks *k, size_t i)
{
	return i + 1 < k->n ? k->b[i + 1] : k->c->bytes;
}

static int chunks_init(struct chunks *k, const struct rpt_fill_curve *c)
{
	double w = c->avg_msec > 0 ? 0 : SLC_PERIO_SMOOTH_MS * c->scale;
	size_t i, pts = (size_t)(c->bytes / RPT_FILL_POINT_BYTES) + 1;

	k->c = c;
	k->n = c->bytes > (double)(pts - 1) * RPT_FILL_POINT_BYTES ? pts : pts - 1;
	k->rate = malloc((k->n + 1) * sizeof(double));
	k->raw = malloc((k->n + 1) * sizeof(double));
	k->high = calloc(k->n + 1, sizeof(double));
	k->smooth = w;
	if (!k->rate || !k->raw || !k->high)
		return -ENOMEM;
	/* past 256 GB the curve's points are the chunk points: use them */
	if (c->step == RPT_FILL_POINT_BYTES && c->n >= pts) {
		k->b = c->b;
		k->t = c->t;
		k->own = false;
	} else {
		k->b = malloc((pts + 1) * sizeof(double));
		k->t = malloc((pts + 1) * sizeof(double));
		k->own = true;
		if (!k->b || !k->t)
			return -ENOMEM;
		for (i = 0; i < pts; i++) {
			/* the curve's step divides 1/16 GB: every chunk point is a curve point */
			size_t at = c->step > 0 ?
				    (size_t)(RPT_FILL_POINT_BYTES / c->step + 0.5) * i : SIZE_MAX;

			k->b[i] = (double)i * RPT_FILL_POINT_BYTES;
			k->t[i] = at < c->n ? c->t[at] : rpt_fill_time_at(c, k->b[i]);
		}
	}
	for (i = 0; i < k->n; i++) {
		double t1 = i + 1 < pts ? k->t[i + 1] : c->ms;

		k->rate[i] = k->raw[i] = mbps(chunk_end(k, i) - chunk_start(k, i), t1 - k->t[i]);
		if (t1 - k->t[i] < w && c->ms > w) {
			/* a window of w ms centred on the chunk, inside the curve */
			double a = fmin(fmax(0, (k->t[i] + t1 - w) / 2), c->ms - w);

			k->rate[i] = mbps(rpt_fill_bytes_at(c, a + w) - rpt_fill_bytes_at(c, a), w);
		}
	}
	return 0;
}

/* The @q quantile of the rates of the chunks starting in [from, to); 0 if none. */
static double quantile_rate(const struct chunks *k, double from, double to, double q)
{
	size_t i, m = 0;
	double *v = malloc((k->n + 1) * sizeof(double)), med;

	if (!v)
		return 0;
	for (i = 0; i < k->n; i++)
		if (chunk_start(k, i) >= from && chunk_start(k, i) < to)
			v[m++] = k->rate[i];
	if (!m) {
		free(v);
		return 0;
	}
	rpt_sort_doubles(v, m);
	med = v[(size_t)(q * (m - 1) + 0.5)];
	free(v);
	return med;
}

static double median_rate(const struct chunks *k, double from, double to)
{
	return quantile_rate(k, from, to, 0.5);
}

/* Index of the chunk holding byte @x (the last chunk for x >= the end). */
static size_t chunk_at(const struct chunks *k, double x)
{
	size_t lo = 0, hi = k->n;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (chunk_start(k, mid) <= x)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* High bytes in the chunks from index @a up to the one holding byte @x. */
static double high_bytes(const struct chunks *k, size_t a, double x)
{
	size_t b = chunk_at(k, x) + 1;

	return b > a ? k->high[b] - k->high[a] : 0;
}

/*
 * The last fall below @thr from chunk @i up to byte @end with the speed high
 * for most of the bytes since the fall before it: a dip of the host shortly
 * before the cache runs out, whose window reaches past the edge, is not the
 * edge.
 */
static size_t past_dips(const struct chunks *k, size_t i, double thr, double end)
{
	size_t j, at = i;

	for (j = i + 1; j < k->n && chunk_start(k, j) < end; j++) {
		if (k->rate[j - 1] < thr || k->rate[j] >= thr)
			continue;
		if (k->high[j] - k->high[at] > 0.5 * (chunk_start(k, j) - chunk_start(k, at)))
			at = j;
	}
	return at;
}

/*
 * Byte offset where the speed falls for good below @thr, or -1. A fall is
 * also a fall of the level: the median speed over the window after it is
 * below SLC_LOW of the median before it (a host or drive that slows a
 * little inside the cache crosses @thr without leaving it).
 */
static double find_fall(struct chunks *k, double thr, double min_near)
{
	double total = k->c->bytes;
	size_t i;

	for (i = 0; i < k->n; i++)
		k->high[i + 1] = k->high[i] +
			(k->rate[i] >= thr ? chunk_end(k, i) - chunk_start(k, i) : 0);
	for (i = 1; i < k->n; i++) {
		double e = chunk_start(k, i), rest = total - e, near;

		if (k->rate[i - 1] < thr || k->rate[i] >= thr)
			continue;
		if (rest < GB)
			break;
		near = fmax(fmax(4 * GB, 0.25 * e), min_near);
		if (near > rest)
			near = rest;
		if (high_bytes(k, i, e + near) > SLC_NEAR_HIGH * near)
			continue;
		if (k->high[k->n] - k->high[i] > SLC_FAR_HIGH * rest)
			continue;
		if (median_rate(k, e, e + near) >= SLC_LOW * median_rate(k, 0, e))
			continue;
		return chunk_start(k, past_dips(k, i, thr, e + near));
	}
	return -1;
}

/*
 * Place the edge inside the sample that straddles it: a chunk at a speed r
 * between the levels lo and hi spent the share u = (r - lo) / (hi - lo) of
 * its time at hi, i.e. u * hi / r of its bytes.
 */
static double refine_edge(const struct chunks *k, double e, double hi, double lo,
			  double win)
{
	size_t a, b, i;
	double sum;

	if (hi - lo < 0.1 * hi)
		return e;
	a = chunk_at(k, fmax(0, e - win));
	b = chunk_at(k, e + win);
	sum = chunk_start(k, a);
	for (i = a; i <= b && i < k->n; i++) {
		double r = k->raw[i], u = fmin(1, fmax(0, (r - lo) / (hi - lo)));
		double h = fmin(1, u * hi / r);

		sum += h * (chunk_end(k, i) - chunk_start(k, i));
	}
	return sum;
}

static double phase_mbps(const struct rpt_fill_curve *c, double a, double b)
{
	return mbps(b - a, rpt_fill_time_at(c, b) - rpt_fill_time_at(c, a));
}

/* The phases from byte @from on, after those already in @f. */
static int find_phases(const struct rpt_fill_curve *c, double from, struct rpt_fill *f)
{
	/* a level must span two log samples, and the host's jitter for a model */
	double res_ms = 2 * (c->avg_msec > 0 ? c->avg_msec : SLC_PERIO_SMOOTH_MS);
	struct rpt_phase *p, *all;
	size_t n;
	int ret;

	if (c->scale > 1)
		res_ms = fmax(res_ms, SLC_JITTER_MS);
	ret = rpt_phases_find(c, from, res_ms, &p, &n);
	if (ret || !n)
		return ret;
	all = realloc(f->phases, (f->nphases + n) * sizeof(*all));
	if (!all) {
		free(p);
		return -ENOMEM;
	}
	memcpy(all + f->nphases, p, n * sizeof(*p));
	f->phases = all;
	f->nphases += n;
	free(p);
	return 0;
}

int rpt_slc_analyse(const struct rpt_fill_curve *c, struct rpt_fill *f)
{
	char sz[48];
	struct chunks k = { 0 };
	double total = c->bytes, lvl, edge = -1, hi = 0, lo, sample, first;
	size_t i;
	int pass, ret = -ENOMEM;

	memset(f, 0, sizeof(*f));
	f->scale = c->scale;
	f->gb_written = total / GB;
	rpt_fig_null(&f->throttle_gb, "no SMART sidecar");
	if (total <= 0 || c->ms <= 0) {
		rpt_fig_null(&f->overall_mbps, "the bw log holds no data written");
		rpt_fig_null(&f->slc_cache_gb, "the bw log holds no data written");
		rpt_fig_null(&f->in_cache_mbps, "the bw log holds no data written");
		rpt_fig_null(&f->post_cache_mbps, "the bw log holds no data written");
		rpt_fig_null(&f->last16_mbps, "the bw log holds no data written");
		return 0;
	}
	rpt_fig_set(&f->overall_mbps, mbps(total, c->ms));
	if (total >= 16 * GB)
		rpt_fig_set(&f->last16_mbps,
			    phase_mbps(c, total - 16 * GB, total));
	else
		rpt_fig_null(&f->last16_mbps, "only %s written, fewer than 16 GB",
			     rpt_fmt_bytes(sz, sizeof(sz), total));

	f->nsegments = (size_t)(total / GB);
	f->segment_mbps = calloc(f->nsegments + 1, sizeof(double));
	f->phases = calloc(1, sizeof(*f->phases));
	if (!f->segment_mbps || !f->phases || chunks_init(&k, c))
		goto out;
	for (i = 0; i < f->nsegments; i++)
		f->segment_mbps[i] = phase_mbps(c, i * GB, (i + 1) * GB);

	/*
	 * A first guess of the in-cache level, above a slow first sample: the
	 * first 4 GB, or as much as the host's start-up jitter can span (a
	 * scaled model writes many GB in it), at most a quarter of the fill.
	 */
	first = fmax(4 * GB, rpt_fill_bytes_at(c, 2 * SLC_JITTER_MS * c->scale));
	lvl = quantile_rate(&k, 0, fmax(RPT_FILL_POINT_BYTES, fmin(first, 0.25 * total)), 0.9);
	for (pass = 0; pass < 3 && lvl > 0; pass++) {
		double e = find_fall(&k, SLC_LOW * lvl, SLC_JITTER_MS * lvl * 1000 * c->scale);

		bool same = e == edge;

		if (e < 0) {
			edge = -1;
			break;
		}
		edge = e;
		hi = median_rate(&k, 0, e);
		if (same || hi == lvl)
			break;
		lvl = hi;
	}
	if (edge < 0) {
		const char *why = "the speed never fell for good below 80%% of the in-cache level (%s MB/s) in the %s written: the cache is larger, or there is none";
		char v[48];

		rpt_fmt_num(v, sizeof(v), lvl, 0);
		rpt_fmt_bytes(sz, sizeof(sz), total);
		rpt_fig_null(&f->slc_cache_gb, why, v, sz);
		rpt_fig_null(&f->in_cache_mbps, why, v, sz);
		rpt_fig_null(&f->post_cache_mbps, why, v, sz);
		ret = find_phases(c, 0, f);
		goto out;
	}
	/* the post-cache level, past the log sample that straddles the edge */
	sample = c->avg_msec > 0 ? hi * 1000 * c->avg_msec * c->scale : 0;
	sample = fmax(sample, k.smooth * hi * 1000);
	lo = median_rate(&k, edge + sample, edge + sample + fmax(2 * GB, sample));
	if (lo <= 0)
		lo = median_rate(&k, edge, total);
	/* smoothed speeds cross the threshold up to half their window early */
	edge = refine_edge(&k, edge, hi, lo, fmax(SLC_EDGE_MIN, sample));
	rpt_fig_set(&f->slc_cache_gb, edge / GB);
	rpt_fig_set(&f->in_cache_mbps, phase_mbps(c, 0, edge));
	f->phases[0].start_gb = 0;
	f->phases[0].end_gb = edge / GB;
	f->phases[0].mbps = f->in_cache_mbps.v;
	f->nphases = 1;
	ret = find_phases(c, edge, f);
	if (!ret) {
		/*
		 * A short phase faster than the next level is the cache running
		 * out (mixed writes), not a level of its own.
		 */
		const struct rpt_phase *p = &f->phases[1];

		if (f->nphases > 2 && p->end_gb - p->start_gb < CACHE_TAIL_GB &&
		    p->mbps > f->phases[2].mbps)
			p++;
		rpt_fig_set(&f->post_cache_mbps, p->mbps);
	}
out:
	if (k.own) {
		free(k.b);
		free(k.t);
	}
	free(k.rate);
	free(k.raw);
	free(k.high);
	return ret;
}

void rpt_fill_figures_free(struct rpt_fill *f)
{
	if (!f)
		return;
	free(f->segment_mbps);
	free(f->phases);
	free(f->temp);
	f->segment_mbps = NULL;
	f->phases = NULL;
	f->temp = NULL;
	f->nsegments = f->nphases = f->ntemp = 0;
}
