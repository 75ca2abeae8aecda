// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_verdict.h"
#include "slc.h"
#include "sort.h"

#define GB		1e9
#define SLC_FALL	0.88	/* a fall: the level after at most this share of the one before */
#define SLC_STEP	0.70	/* a step before the cliff that ends the cache */
#define SLC_STEADY	0.20	/* to a level this steady */
#define SLC_NEAR_HIGH	0.30	/* after a fall, fast bytes near it at most */
#define SLC_FAR_HIGH	0.15	/* and of all after it (recovery bursts) */
#define SLC_BEFORE_LOW	0.35	/* before it, slow bytes at most (dips, a slow start) */
#define SLC_MID_HIGH	0.90	/* a gradual fall: between 90 % of the level before */
#define SLC_MID_LOW	0.87	/* and 1/0.87 of the one after */
#define SLC_MIN_AFTER	GB	/* at least this follows a fall */
#define SLC_TAIL	0.01	/* and this share of the fill: the job's end is no fall */
#define SLC_CANDIDATES	64	/* falls tried, best first */
#define SLC_STALL	0.75	/* per-I/O: a stall, slower than this of the level after */
#define SLC_BACK	0.1	/* a gradual fall's stretch back from the edge, of the cache */
#define SLC_EDGE_MIN	(0.5 * GB)	/* edge window each side, or one log sample */
#define SLC_RESOLVE	0.02	/* a log resolves a cache when a sample spans this share of it */
#define SLC_COARSE	0.125	/* no figure when the range spans 2x this of the cache */
#define SLC_LOG_MIN_MS	10	/* fio's averaged logs lose samples below this */
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
/* the precision of a per-I/O log's ms times: a ms each side */
#define SLC_PERIO_MS	2.0

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
	double *sw;	/* prefix sums of chunk bytes, sw[0] = 0 */
	double *sx;	/* and of bytes x log(rate) */
};

/* a fall of the speed at byte e, from the level hi to lo (MB/s) */
struct slc_cliff {
	double e;
	double hi;
	double lo;
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
	med = rpt_select_double(v, m, (size_t)(q * (m - 1) + 0.5));
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

/*
 * What one log sample spans at the in-cache speed @hi, bytes: log_avg_msec,
 * or for per-I/O logs their timestamps' ms each side (SLC_PERIO_MS).
 */
static double sample_bytes(const struct rpt_fill_curve *c, double hi)
{
	double ms = (c->avg_msec > 0 ? c->avg_msec : SLC_PERIO_MS) * c->scale;

	return fmax(hi * 1000 * ms, RPT_FILL_POINT_BYTES);
}

/*
 * The log_avg_msec whose samples span SLC_RESOLVE of a cache of @cache
 * bytes written at @hi MB/s: a round value, or 0 (log every I/O) below
 * fio's SLC_LOG_MIN_MS.
 */
static double resolving_msec(const struct rpt_fill_curve *c, double cache, double hi)
{
	static const double nice[] = { 1000, 500, 200, 100, 50, 20, SLC_LOG_MIN_MS };
	double ms = SLC_RESOLVE * cache / (hi * 1000) / c->scale;
	size_t i;

	for (i = 0; i < sizeof(nice) / sizeof(nice[0]); i++)
		if (nice[i] <= ms)
			return nice[i];
	return 0;
}

/* High bytes in the chunks from index @a up to the one holding byte @x. */
static double high_bytes(const struct chunks *k, size_t a, double x)
{
	size_t b = chunk_at(k, x) + 1;

	return b > a ? k->high[b] - k->high[a] : 0;
}

/* Bytes of the chunks starting in [from, to) whose speed is below @thr. */
static double low_bytes(const struct chunks *k, double from, double to, double thr)
{
	double sum = 0;
	size_t i;

	for (i = chunk_at(k, from); i < k->n && chunk_start(k, i) < to; i++)
		if (chunk_start(k, i) >= from && k->rate[i] < thr)
			sum += chunk_end(k, i) - chunk_start(k, i);
	return sum;
}

/* k->high[] as the prefix sums of the bytes of chunks at @thr or faster. */
static void mark_high(struct chunks *k, double thr)
{
	size_t i;

	for (i = 0; i < k->n; i++)
		k->high[i + 1] = k->high[i] +
			(k->rate[i] >= thr ? chunk_end(k, i) - chunk_start(k, i) : 0);
}

/*
 * The log speeds' prefix sums, weighted by bytes: the two-level fit of any
 * stretch of chunks is then O(1). Speeds are held inside a factor of 1000
 * of the median, so a zero-time chunk or a stalled one weighs as a big
 * change and no more.
 */
static int levels_init(struct chunks *k)
{
	double med = quantile_rate(k, 0, k->c->bytes, 0.5);
	size_t i;

	k->sw = calloc(k->n + 1, sizeof(double));
	k->sx = calloc(k->n + 1, sizeof(double));
	if (!k->sw || !k->sx)
		return -ENOMEM;
	if (!(med > 0) || !isfinite(med))
		med = 1;
	for (i = 0; i < k->n; i++) {
		double w = chunk_end(k, i) - chunk_start(k, i);
		double r = fmin(fmax(k->rate[i], med / 1000), med * 1000);

		k->sw[i + 1] = k->sw[i] + w;
		k->sx[i + 1] = k->sx[i] + w * log(isfinite(r) ? r : med * 1000);
	}
	return 0;
}

/*
 * How well a fall at chunk @i splits the chunks [@a, @b) into two levels:
 * the bytes-weighted between-level variance of the log speed, w1 w2 / w
 * (m1 - m2)^2 (the sum of squares a step at @i explains). 0 for a rise.
 */
static double split_score(const struct chunks *k, size_t a, size_t i, size_t b)
{
	double w1 = k->sw[i] - k->sw[a], w2 = k->sw[b] - k->sw[i], m1, m2;

	if (w1 <= 0 || w2 <= 0)
		return 0;
	m1 = (k->sx[i] - k->sx[a]) / w1;
	m2 = (k->sx[b] - k->sx[i]) / w2;
	return m1 > m2 ? w1 * w2 / (w1 + w2) * (m1 - m2) * (m1 - m2) : 0;
}

/*
 * Whether the speed falls for good at byte @e, with @end the end of what is
 * looked at: the level after it (the median over the next max(4 GB, a
 * quarter of what came before)) is at most SLC_FALL of the level before it,
 * and between the two levels (their geometric mean) the speed stays low
 * after the fall (at most SLC_NEAR_HIGH of the bytes near it, SLC_FAR_HIGH
 * of all up to @end, at cache speed: recovery bursts) and was high before it
 * (at most SLC_BEFORE_LOW of the bytes from @from: dips, a slow start).
 */
static bool fall_holds(struct chunks *k, double from, double e, double end, struct slc_cliff *cl)
{
	double rest = end - e, hi = median_rate(k, from, e), near, lo, thr;

	/* the host's jitter spans a scaled model's GB; a sample after it */
	near = fmax(fmax(4 * GB, 0.25 * (e - from)), SLC_JITTER_MS * hi * 1000 * k->c->scale);
	near = fmin(fmax(near, 2 * sample_bytes(k->c, hi)), rest);
	if (rest < fmax(2 * sample_bytes(k->c, hi), SLC_TAIL * k->c->bytes))
		return false;
	lo = median_rate(k, e, e + near);
	if (!(hi > 0) || !(lo > 0) || lo > SLC_FALL * hi)
		return false;
	thr = sqrt(hi * lo);
	mark_high(k, thr);
	if (high_bytes(k, chunk_at(k, e), e + near - 1) > SLC_NEAR_HIGH * near)
		return false;
	if (high_bytes(k, chunk_at(k, e), end - 1) > SLC_FAR_HIGH * rest)
		return false;
	if (low_bytes(k, from, e, thr) > SLC_BEFORE_LOW * (e - from))
		return false;
	cl->e = e;
	cl->hi = hi;
	cl->lo = lo;
	return true;
}

/*
 * The best fall of the chunks [@a, @b) that holds (fall_holds() up to the
 * byte at @b): the candidates in order of split_score(), at most
 * SLC_CANDIDATES of them, each at least @gap bytes from a better one.
 * @min_before: bytes that must come before the fall. Return: true if found.
 */
static bool best_fall(struct chunks *k, size_t a, size_t b, double min_before, double gap,
		      struct slc_cliff *cl)
{
	double end = b < k->n ? chunk_start(k, b) : k->c->bytes, tried[SLC_CANDIDATES];
	size_t i, t, ntried = 0;

	for (t = 0; t < SLC_CANDIDATES; t++) {
		double best = 0;
		size_t at = 0;

		for (i = a + 1; i < b; i++) {
			double e = chunk_start(k, i), s;
			size_t j;

			if (e - chunk_start(k, a) < min_before || end - e < SLC_MIN_AFTER)
				continue;
			s = split_score(k, a, i, b);
			if (s <= best)
				continue;
			for (j = 0; j < ntried && fabs(tried[j] - e) >= gap; j++)
				;
			if (j == ntried) {
				best = s;
				at = i;
			}
		}
		if (!at)
			return false;
		if (fall_holds(k, chunk_start(k, a), chunk_start(k, at), end, cl))
			return true;
		tried[ntried++] = chunk_start(k, at);
	}
	return false;
}

/*
 * The cliff a reviewer reads off the curve: the fall that explains most of
 * the curve's change in level and holds (best_fall()), past the first
 * @startup bytes where one does (a faster start: a DRAM buffer). A fall before it
 * ends the cache instead where it is itself a step of SLC_STEP or more to a
 * steady level (its speeds' inter-quartile range within SLC_STEADY of its
 * median) that lasts until the cliff (a drive with two levels after its
 * cache: the cache ends at the first); a step made of the first @startup
 * bytes (a DRAM buffer, the host's start-up), a smaller one (an in-cache
 * speed that wanders) or one to an unsteady stretch (a busy host stalling
 * a scaled model's writes now and then) does not.
 */
static bool find_cliff(struct chunks *k, double startup, double gap, struct slc_cliff *cl)
{
	struct slc_cliff step;

	if (!best_fall(k, 0, k->n, startup, gap, cl) &&
	    !best_fall(k, 0, k->n, 2 * RPT_FILL_POINT_BYTES, gap, cl))
		return false;
	while (best_fall(k, 0, chunk_at(k, cl->e), fmax(startup, 2 * RPT_FILL_POINT_BYTES), gap, &step) &&
	       step.lo <= SLC_STEP * step.hi && cl->e - step.e >= fmax(SLC_MIN_AFTER, gap) &&
	       quantile_rate(k, step.e, cl->e, 0.75) - quantile_rate(k, step.e, cl->e, 0.25) <=
	       SLC_STEADY * step.lo)
		*cl = step;
	return true;
}

/*
 * The bytes around the edge @e where the speed is between the levels (a
 * gradual fall), as [*a, *b]: back from it while below the cache's level
 * and, past two samples or SLC_BACK of the cache, still rising (a wandering
 * in-cache speed is no fall),
 * on while above the level after it or, where that level is no level (its
 * speeds spread more than SLC_MID_LOW: the fall goes on), the level of all
 * the rest.
 * *a = *b = e when there is none.
 */
static void transition(const struct chunks *k, double e, const struct slc_cliff *cl,
		       double *a, double *b)
{
	double w = fmax(4 * GB, 0.25 * e), rest = median_rate(k, e, k->c->bytes);
	double spread = (quantile_rate(k, e, e + w, 0.75) - quantile_rate(k, e, e + w, 0.25)) / cl->lo;
	double up = cl->hi * SLC_MID_HIGH, down = cl->lo / SLC_MID_LOW;
	size_t i = chunk_at(k, e), j = i;

	if (spread > 1 - SLC_MID_LOW && rest > 0)
		down = fmin(cl->lo, rest) / SLC_MID_LOW;

	*a = *b = e;
	if (up <= down)
		return;
	while (i > 0 && k->rate[i - 1] < up && k->rate[i - 1] > down &&
	       (e - chunk_start(k, i - 1) <= fmax(2 * sample_bytes(k->c, cl->hi), SLC_BACK * e) ||
		k->rate[i - 1] >= (1 - SLC_BACK) * k->rate[i]))
		i--;
	while (j < k->n && k->rate[j] < up && k->rate[j] > down)
		j++;
	*a = fmin(e, chunk_start(k, i));
	*b = fmax(e, j > i ? chunk_start(k, j < k->n ? j : k->n - 1) : e);
}

/*
 * Place the edge inside the sample that straddles it: a chunk at a speed r
 * between the levels lo and hi spent the share u = (r - lo) / (hi - lo) of
 * its time at hi (all of it when faster), i.e. the cache wrote u * hi / r
 * of its bytes. A run of chunks slower than SLC_STALL of the level after,
 * followed by the cache's speed, is a host stall inside the cache (its
 * time lies on the bytes of the ms after it): the cache's. The edge stays
 * inside the window.
 */
static double refine_edge(const struct chunks *k, double e, double hi, double lo,
			  double win)
{
	size_t a, b, i, j;
	double sum, fast = sqrt(hi * lo);

	if (hi - lo < 0.1 * hi)
		return e;
	a = chunk_at(k, fmax(0, e - win));
	b = chunk_at(k, e + win);
	if (b >= k->n)
		b = k->n - 1;
	sum = chunk_start(k, a);
	for (i = a; i <= b; i = j) {
		bool stall = false;

		/* a run of slow chunks; the chunk that ends it holds its last bytes too */
		for (j = i; j <= b && k->raw[j] < SLC_STALL * lo; j++)
			;
		if (j > i)
			stall = (j <= b && k->raw[j] >= fast) || (j + 1 <= b && k->raw[j + 1] >= fast);
		else
			j = i + 1;
		for (; i < j; i++) {
			double r = k->raw[i], u = fmin(1, fmax(0, (r - lo) / (hi - lo)));

			sum += (stall ? 1 : fmin(1, u * hi / r)) * (chunk_end(k, i) - chunk_start(k, i));
		}
	}
	return fmin(chunk_end(k, b), fmax(chunk_start(k, a), sum));
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

/* The cache's figures null with @f->slc_cache_gb's reason. */
static void null_cache(struct rpt_fill *f)
{
	rpt_fig_null(&f->in_cache_mbps, "%s", f->slc_cache_gb.why);
	rpt_fig_null(&f->post_cache_mbps, "%s", f->slc_cache_gb.why);
}

static const char *msec_advice(char *buf, size_t len, double ms)
{
	if (ms > 0)
		snprintf(buf, len, "log_avg_msec=%.0f or less resolves it", ms);
	else
		snprintf(buf, len, "log every I/O (log_avg_msec=0) to resolve it");
	return buf;
}

/*
 * An averaged log's first sample, as the bytes @b1 and curve ms @t1 it
 * spans (the curve's b_first): fio's first covers the job's start-up
 * too, up to 250 ms, which a scaled model makes a large part of the drive.
 * Return: its speed, MB/s, or 0 for a per-I/O log.
 */
static double first_sample(const struct chunks *k, double *b1, double *t1)
{
	if (k->c->avg_msec <= 0 || !k->n || !(k->c->b_first > 0))
		return 0;
	*b1 = fmin(k->c->b_first, k->c->bytes);
	*t1 = rpt_fill_time_at(k->c, *b1);
	return *t1 > 0 ? *b1 / *t1 / 1000 : 0;
}

/*
 * What resolves the cache of @r: a log_avg_msec, every I/O, or for a
 * per-I/O log of a scaled model (its ms times span SLC_PERIO_MS each
 * side) a model scaled less.
 */
static const char *range_advice(char *buf, size_t len, const struct rpt_fill_curve *c,
				const struct rpt_fill_range *r)
{
	double s;

	if (c->avg_msec > 0 || c->scale <= 1)
		return msec_advice(buf, len, r->need_log_msec);
	/* the largest power of two whose 2 ms span SLC_RESOLVE of the cache */
	for (s = 1; s * 2 <= c->scale && 2 * s * r->sample_gb / c->scale <=
	     SLC_RESOLVE * 0.5 * (r->lo_gb + r->hi_gb); s *= 2)
		;
	snprintf(buf, len, "ssdq_model_scale=%.0f or less resolves it", s);
	return buf;
}

/*
 * The range the cache end @e lies in. Per-I/O logs: their ms times each
 * side. Averaged logs: from a point a before the edge to the point b where
 * the speed is at the level after it, b - a bytes took T ms, of which the
 * level lo after the edge would write lo T: the cache held at least
 * x = b - a - lo T of them, whatever its speed: x / (1 - lo / h) at a
 * cache speed h, which lies between the slowest and the fastest tenth of
 * its samples after fio's first (at most b). a is two samples before the
 * edge, or the start where that reaches into fio's first sample (whose
 * time holds the job's start-up, and whose neighbours fio's averaging
 * blurs): x, a looser bound, true while the speed after the edge stays at
 * or below lo; where fio's first sample spans SLC_COARSE of the cache or more
 * and is faster than the samples after it, a fall may hide inside it, and
 * the range starts at 0. A gradual fall is its whole stretch.
 * Widened by the in-cache speed's spread over a sample, and by what the
 * log's sum misses of fio's count (the curve's drift).
 * Return: true if the log resolves the cache (the range spans at most
 * 2 SLC_COARSE of it).
 */
static bool cache_range(const struct chunks *k, const struct slc_cliff *cl, double e,
			struct rpt_fill *f)
{
	struct rpt_fill_range *r = &f->slc_range;
	double s = sample_bytes(k->c, cl->hi), a, b, lo, hi, spread, b1 = 0, t1, r1, x, slow, fast;
	size_t j;

	transition(k, e, cl, &a, &b);
	spread = (quantile_rate(k, 0, cl->e, 0.75) - quantile_rate(k, 0, cl->e, 0.25)) / cl->hi;
	spread = fmax(RPT_FILL_POINT_BYTES, fmin(1, spread) * s);
	if (k->c->avg_msec <= 0) {
		/* the ms times, and an I/O's own bytes: the log places I/Os whole */
		lo = e - s - k->c->io_max;
		hi = e + s + k->c->io_max;
		/*
		 * A stall's time lies on the bytes of the ms after it: a run of
		 * chunks slower than the level after the edge at the range's
		 * end leaves their speed unknown. The range takes the run and
		 * the chunk that ends it (which holds the run's last bytes).
		 */
		for (j = chunk_at(k, hi); j < k->n && k->raw[j] < SLC_STALL * cl->lo; j++)
			hi = fmin(k->c->bytes, chunk_end(k, j + 1 < k->n ? j + 1 : j));
		for (j = chunk_at(k, lo); j > 0 && k->raw[j] < SLC_STALL * cl->lo; j--)
			lo = chunk_start(k, j - 1);
	} else if (b - a > 2 * s) {
		lo = a;
		hi = b;
		r->gradual = true;
	} else {
		for (j = chunk_at(k, e); j < k->n && k->raw[j] > cl->lo / SLC_MID_LOW; j++)
			;
		b = j < k->n ? chunk_start(k, j) : k->c->bytes;
		r1 = first_sample(k, &b1, &t1);
		a = e - 2 * s >= b1 ? chunk_start(k, chunk_at(k, e - 2 * s)) : 0;
		x = fmax(0, b - a - cl->lo * 1000 * (rpt_fill_time_at(k->c, b) - rpt_fill_time_at(k->c, a)));
		/* at a cache speed between its slowest and fastest tenth after fio's first sample */
		slow = quantile_rate(k, b1, e, 0.1);
		fast = quantile_rate(k, b1, e, 0.9);
		lo = a + (a > 0 && fast > cl->lo ? x / (1 - cl->lo / fast) : x);
		hi = a > 0 && slow > cl->lo ? fmin(b, a + x / (1 - cl->lo / slow)) : b;
		/* a first sample this long and faster may hide a fall inside it */
		if (b1 > SLC_COARSE * e && r1 > median_rate(k, b1, e) / SLC_FALL)
			lo = 0;
	}
	lo = fmin(lo, e) - k->c->drift;
	hi = fmax(hi, e) + k->c->drift;
	r->ok = true;
	r->lo_gb = fmax(0, lo - spread) / GB;
	r->hi_gb = fmin(k->c->bytes, hi + spread) / GB;
	r->sample_gb = s / GB;
	r->need_log_msec = resolving_msec(k->c, e, cl->hi);
	return (r->hi_gb - r->lo_gb) * GB <= 2 * SLC_COARSE * e;
}

/*
 * Whether the speed fell inside the first log sample: it is faster than
 * the level after it, and the cliff @cl, if @found, is later (not in the
 * samples next to it: cache_range() places those) and no deeper (else the
 * start was a faster transient), or the edge placed from them, @edge (-1
 * before it is), is the first sample's end: the cache's speed, which the
 * log shows only mixed inside that sample, is unknown.
 * Its bytes @b1 in @t1 ms, at an unknown cache speed above its own, put
 * the end between b1 - lo t1 (an endless cache speed) and b1. Sets the range.
 */
static bool fell_in_first(const struct chunks *k, bool found, const struct slc_cliff *cl,
			  double edge, struct rpt_fill *f)
{
	double b1 = 0, t1 = 0, r1 = first_sample(k, &b1, &t1), lo;

	if (!(r1 > 0) || k->c->bytes - b1 < GB)
		return false;
	lo = median_rate(k, b1, fmin(k->c->bytes, b1 + fmax(4 * GB, 4 * sample_bytes(k->c, r1))));
	if (!(lo > 0) || lo > SLC_FALL * r1)
		return false;
	if (edge >= 0 && edge > b1 + RPT_FILL_POINT_BYTES)
		return false;
	/* a deeper fall later makes a faster start a transient, unless that
	 * start spans too much of the drive to be one (a DRAM buffer is not
	 * SLC_COARSE of the cache) */
	if (found && edge < 0 && (cl->e <= b1 + 2 * sample_bytes(k->c, cl->hi) ||
				  (cl->lo / cl->hi < lo / r1 && b1 <= SLC_COARSE * cl->e)))
		return false;
	f->slc_range.ok = true;
	f->slc_range.lo_gb = fmax(0, b1 - lo * 1000 * t1) / GB;
	f->slc_range.hi_gb = b1 / GB;
	f->slc_range.sample_gb = b1 / GB;
	f->slc_range.need_log_msec = k->c->scale > 1 ? 0 : resolving_msec(k->c, b1 - lo * 1000 * t1, r1);
	return true;
}

/* The cache's figures null: the speed fell inside the first log sample. */
static void first_null(struct rpt_fill *f)
{
	char a[48], b[48], adv[96];

	rpt_fmt_bytes(a, sizeof(a), f->slc_range.lo_gb * GB);
	rpt_fmt_bytes(b, sizeof(b), f->slc_range.hi_gb * GB);
	rpt_fig_null(&f->slc_cache_gb, "the speed fell inside the first log sample, which spans %s: the cache ends between %s and %s; %s",
		     b, a, b, msec_advice(adv, sizeof(adv), f->slc_range.need_log_msec));
	null_cache(f);
}

int rpt_slc_analyse(const struct rpt_fill_curve *c, struct rpt_fill *f)
{
	char sz[48], v[48], adv[96];
	struct chunks k = { 0 };
	struct slc_cliff cl;
	double total = c->bytes, edge, lo, sample, startup;
	bool found;
	size_t i;
	int ret = -ENOMEM;

	memset(f, 0, sizeof(*f));
	f->scale = c->scale;
	f->gb_written = total / GB;
	f->slc_range.need_log_msec = -1;
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
	if (!f->segment_mbps || !f->phases || chunks_init(&k, c) || levels_init(&k))
		goto out;
	for (i = 0; i < f->nsegments; i++)
		f->segment_mbps[i] = phase_mbps(c, i * GB, (i + 1) * GB);

	/*
	 * What the host's start-up can span (a scaled model writes many GB in
	 * it) is no cache level of its own; falls closer than a log sample
	 * are one fall.
	 */
	startup = fmax(4 * GB, rpt_fill_bytes_at(c, 2 * SLC_JITTER_MS * c->scale));
	found = find_cliff(&k, startup, sample_bytes(c, quantile_rate(&k, 0, total, 0.9)), &cl);
	if (fell_in_first(&k, found, &cl, -1, f)) {
		first_null(f);
		ret = find_phases(c, 0, f);
		goto out;
	}
	if (!found) {
		double b1 = 0, t1, r1 = first_sample(&k, &b1, &t1), three = 0, hidden = 0;
		char span[48], big[48];

		/* what a cache must span for the log to show it: three samples, the first */
		if (r1 > 0) {
			three = 3 * sample_bytes(c, r1);
			hidden = fmax(b1, three);
		}
		rpt_fmt_bytes(sz, sizeof(sz), total);
		if (hidden > SLC_TAIL * total)
			rpt_fig_null(&f->slc_cache_gb, "the speed never fell for good by %.0f%% or more in the %s written, as far as the log shows: its first sample spans %s and three span %s, so a cache smaller than %s cannot be seen; %s",
				     100 * (1 - SLC_FALL), sz, rpt_fmt_bytes(v, sizeof(v), b1),
				     rpt_fmt_bytes(span, sizeof(span), three),
				     rpt_fmt_bytes(big, sizeof(big), hidden),
				     msec_advice(adv, sizeof(adv), c->scale > 1 ? 0 : resolving_msec(c, hidden, r1)));
		/* per-I/O speeds of a scaled model are taken over k.smooth: two of them */
		else if (c->avg_msec <= 0 && c->scale > 1 &&
			 (hidden = 2 * k.smooth * mbps(total, c->ms) * 1000) > SLC_TAIL * total)
			rpt_fig_null(&f->slc_cache_gb, "the speed never fell for good by %.0f%% or more in the %s written, as far as the log shows: a model scaled 1/%.0f writes %s in the %.0f ms over which its per-I/O speeds are taken, so a cache smaller than that cannot be seen; a smaller ssdq_model_scale resolves it",
				     100 * (1 - SLC_FALL), sz, c->scale,
				     rpt_fmt_bytes(big, sizeof(big), hidden), 2 * k.smooth / c->scale);
		else
			rpt_fig_null(&f->slc_cache_gb, "the speed never fell for good by %.0f%% or more in the %s written: the cache is larger, or there is none",
				     100 * (1 - SLC_FALL), sz);
		null_cache(f);
		ret = find_phases(c, 0, f);
		goto out;
	}
	/* the post-cache level, past the log sample that straddles the edge */
	sample = c->avg_msec > 0 ? cl.hi * 1000 * c->avg_msec * c->scale : 0;
	sample = fmax(sample, k.smooth * cl.hi * 1000);
	lo = median_rate(&k, cl.e + sample, cl.e + sample + fmax(2 * GB, sample));
	if (lo <= 0)
		lo = cl.lo;
	edge = refine_edge(&k, cl.e, cl.hi, lo, fmax(SLC_EDGE_MIN, sample));
	if (fell_in_first(&k, found, &cl, edge, f)) {
		first_null(f);
		ret = find_phases(c, 0, f);
		goto out;
	}
	if (!cache_range(&k, &cl, edge, f)) {
		char span[48];

		rpt_fmt_bytes(sz, sizeof(sz), f->slc_range.lo_gb * GB);
		rpt_fmt_bytes(v, sizeof(v), f->slc_range.hi_gb * GB);
		rpt_fmt_bytes(span, sizeof(span), f->slc_range.sample_gb * GB);
		if (f->slc_range.gradual)
			rpt_fig_null(&f->slc_cache_gb, "the speed falls gradually from %s to %s written: no one edge ends the cache there",
				     sz, v);
		else
			rpt_fig_null(&f->slc_cache_gb, "the cache ends between %s and %s: %s %s at cache speed, too much of the cache to place its end; %s",
				     sz, v, c->avg_msec > 0 ? "one log sample spans" : "the log's ms times span",
				     span, range_advice(adv, sizeof(adv), c, &f->slc_range));
		null_cache(f);
		ret = find_phases(c, 0, f);
		goto out;
	}
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
	free(k.sw);
	free(k.sx);
	return ret;
}

int rpt_slc_widen(const struct rpt_fill_curve *alt, struct rpt_fill *f)
{
	struct rpt_fill_range *r = &f->slc_range;
	struct rpt_fill g;
	char a[48], b[48], adv[96];
	int ret = rpt_slc_analyse(alt, &g);

	if (ret)
		return ret;
	if (g.slc_range.ok && r->ok) {
		r->lo_gb = fmin(r->lo_gb, g.slc_range.lo_gb);
		r->hi_gb = fmax(r->hi_gb, g.slc_range.hi_gb);
	} else if (g.slc_range.ok) {
		*r = g.slc_range;
	}
	if (g.slc_cache_gb.ok && f->slc_cache_gb.ok) {
		r->lo_gb = fmin(r->lo_gb, g.slc_cache_gb.v);
		r->hi_gb = fmax(r->hi_gb, g.slc_cache_gb.v);
	}
	if (r->ok && (f->slc_cache_gb.ok || g.slc_cache_gb.ok) &&
	    (r->hi_gb - r->lo_gb) > 2 * SLC_COARSE * fmax(r->lo_gb, 1e-9)) {
		rpt_fmt_bytes(a, sizeof(a), r->lo_gb * GB);
		rpt_fmt_bytes(b, sizeof(b), r->hi_gb * GB);
		rpt_fig_null(&f->slc_cache_gb, "the cache ends between %s and %s: the log has gaps where fio's tick ran late or no I/O completed, which it cannot tell apart, and the two readings place the end that far apart; %s",
			     a, b, msec_advice(adv, sizeof(adv), f->scale > 1 ? 0 : r->need_log_msec));
		null_cache(f);
	}
	rpt_fill_figures_free(&g);
	return 0;
}

void rpt_fill_throttle(const struct rpt_fill_curve *c, const struct rpt_smart *sm,
		       struct rpt_fill *f)
{
	struct rpt_thermal th;
	double lo, hi, t, t1, win;
	size_t i, n = 0;

	/* temperatures against GB written, inside the curve's time span */
	f->temp = calloc(sm->n ? sm->n : 1, sizeof(*f->temp));
	for (i = 0; f->temp && i < sm->n; i++) {
		double ms = (sm->s[i].t_ms - c->t_first) * c->scale;

		if (ms < 0 || ms > c->ms || isnan(sm->s[i].temp_c))
			continue;
		f->temp[n].gb = rpt_fill_bytes_at(c, ms) / 1e9;
		f->temp[n++].temp_c = sm->s[i].temp_c;
	}
	f->ntemp = n;
	/* the fall where the log places it: a point, else only as a range */
	if (f->slc_cache_gb.ok)
		lo = hi = f->slc_cache_gb.v * 1e9;
	else if (f->slc_range.ok) {
		lo = f->slc_range.lo_gb * 1e9;
		hi = f->slc_range.hi_gb * 1e9;
	} else {
		rpt_fig_null(&f->throttle_gb, "no fall in speed to explain");
		return;
	}
	t = c->t_first + rpt_fill_time_at(c, lo) / c->scale;
	t1 = c->t_first + rpt_fill_time_at(c, hi) / c->scale;
	win = 1.5 * fmax(rpt_smart_interval(sm), c->avg_msec);
	rpt_smart_window(sm, t - win, t1 + win, &th);
	if (!th.throttled) {
		rpt_fig_null(&f->throttle_gb, "no thermal management in SMART as the speed fell");
		return;
	}
	rpt_fig_set(&f->throttle_gb, (lo + hi) / 2e9);
	f->slc_range.ok = false;
	snprintf(f->throttle_why, sizeof(f->throttle_why), "%s", th.why);
	if (!isnan(th.temp_at_c))
		snprintf(f->throttle_why + strlen(f->throttle_why),
			 sizeof(f->throttle_why) - strlen(f->throttle_why), " at %.0f °C",
			 th.temp_at_c);
	if (!isnan(th.t_prev_ms)) {
		/* where in the fill the SMART samples around it were taken */
		double a = fmin(fmax(0, (th.t_prev_ms - c->t_first) * c->scale), c->ms);
		double b = fmin(fmax(0, (th.t_ms - c->t_first) * c->scale), c->ms);

		snprintf(f->throttle_why + strlen(f->throttle_why),
			 sizeof(f->throttle_why) - strlen(f->throttle_why),
			 ", between the samples at %.1f and %.1f GB written",
			 rpt_fill_bytes_at(c, a) / 1e9, rpt_fill_bytes_at(c, b) / 1e9);
	}
	rpt_fig_null(&f->slc_cache_gb,
		     "the speed fell at %.1f GB while the drive throttled (%s): thermal throttling, not the end of a cache",
		     f->throttle_gb.v, f->throttle_why);
	rpt_fig_null(&f->in_cache_mbps, "%s", f->slc_cache_gb.why);
	rpt_fig_null(&f->post_cache_mbps, "%s", f->slc_cache_gb.why);
}

int rpt_fill_host(const struct rpt_fill_curve *c, const struct rpt_host_spike *sp, size_t n,
		  struct rpt_fill *f)
{
	free(f->host);
	f->host = NULL;
	f->nhost = 0;
	if (!n)
		return 0;
	f->host = calloc(n, sizeof(*f->host));
	if (!f->host)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		double a = (sp[i].t0_ms - c->t_first) * c->scale;
		double b = (sp[i].t1_ms - c->t_first) * c->scale;
		struct rpt_fill_span s;

		if (b <= 0 || a >= c->ms)
			continue;
		s.gb0 = rpt_fill_bytes_at(c, fmax(a, 0)) / 1e9;
		s.gb1 = rpt_fill_bytes_at(c, fmin(b, c->ms)) / 1e9;
		if (f->nhost && s.gb0 <= f->host[f->nhost - 1].gb1)
			f->host[f->nhost - 1].gb1 = fmax(f->host[f->nhost - 1].gb1, s.gb1);
		else
			f->host[f->nhost++] = s;
	}
	return 0;
}

void rpt_fill_figures_free(struct rpt_fill *f)
{
	if (!f)
		return;
	free(f->segment_mbps);
	free(f->phases);
	free(f->temp);
	free(f->host);
	f->segment_mbps = NULL;
	f->phases = NULL;
	f->temp = NULL;
	f->host = NULL;
	f->nsegments = f->nphases = f->ntemp = f->nhost = 0;
}
