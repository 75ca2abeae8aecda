// SPDX-License-Identifier: GPL-2.0-only
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "events.h"
#include "fio_jobs.h"
#include "fio_version.h"
#include "from_logs.h"
#include "grow.h"
#include "input_kind.h"
#include "lat_hist.h"
#include "reader_jsonl.h"
#include "reader_log.h"

#define FIO_FIRST_TICK_MS	250.0	/* as metrics.c: fio's first log tick */
#define JOB_START		"\"event\":\"job_start\""

/* The "_events." of @b that ends its prefix (the last one), or NULL. */
static const char *events_part(const char *b, unsigned long *n)
{
	const char *ev = NULL, *p, *s;
	char *end;

	for (s = b; (p = strstr(s, "_events.")); s = p + 1)
		ev = p;
	if (!ev || ev == b)
		return NULL;
	p = ev + 8;
	*n = 0;
	if (!strcmp(p, "jsonl"))
		return ev;
	if (*p < '0' || *p > '9')
		return NULL;
	errno = 0;
	*n = strtoul(p, &end, 10);
	return !errno && *n && !strcmp(end, ".jsonl") ? ev : NULL;
}

bool rpt_logs_events_name(const char *path, char *prefix, size_t len)
{
	const char *b = strrchr(path, '/'), *ev;
	unsigned long n;

	b = b ? b + 1 : path;
	ev = events_part(b, &n);
	if (ev && prefix && len)
		snprintf(prefix, len, "%.*s", (int)(ev - b), b);
	return ev != NULL;
}

/* Whether the sidecar's first 64 KiB hold a job_start line. */
static bool has_job_start(const char *path)
{
	char *buf = malloc(RPT_INPUT_SNIFF_BYTES + 1);
	ssize_t got, n = 0;
	bool yes = false;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (buf && fd >= 0) {
		while (n < RPT_INPUT_SNIFF_BYTES &&
		       (got = read(fd, buf + n, RPT_INPUT_SNIFF_BYTES - n)) > 0)
			n += got;
		buf[n] = '\0';
		yes = strstr(buf, JOB_START) != NULL;
	}
	if (fd >= 0)
		close(fd);
	free(buf);
	return yes;
}

struct side {
	char *name;		/* file name */
	char *prefix;
	unsigned long n;	/* thread number in the name, 0 without */
};

static int by_prefix_n(const void *a, const void *b)
{
	const struct side *x = a, *y = b;
	int c = strcmp(x->prefix, y->prefix);

	return c ? c : x->n < y->n ? -1 : x->n > y->n;
}

static void sides_free(struct side *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(s[i].name);
		free(s[i].prefix);
	}
	free(s);
}

/* The events sidecars of @dir (of @only's prefix when not NULL), sorted. */
static int list_sides(const char *dir, const char *only, struct side **out, size_t *nout)
{
	struct side *s = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	DIR *d = opendir(dir);

	*out = NULL;
	*nout = 0;
	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		unsigned long num;
		const char *ev = events_part(de->d_name, &num);

		if (!ev || de->d_name[0] == '.' ||
		    (only && (strlen(only) != (size_t)(ev - de->d_name) ||
			      strncmp(only, de->d_name, ev - de->d_name))))
			continue;
		if (RPT_GROW(s, cap, n, 16)) {
			closedir(d);
			sides_free(s, n);
			return -ENOMEM;
		}
		s[n].name = strdup(de->d_name);
		s[n].prefix = strndup(de->d_name, ev - de->d_name);
		s[n].n = num;
		if (!s[n].name || !s[n].prefix) {
			n++;
			closedir(d);
			sides_free(s, n);
			return -ENOMEM;
		}
		n++;
	}
	closedir(d);
	if (n)
		qsort(s, n, sizeof(*s), by_prefix_n);
	*out = s;
	*nout = n;
	return 0;
}

static char *join(const char *dir, const char *name)
{
	char *p;

	return asprintf(&p, "%s/%s", dir, name) < 0 ? NULL : p;
}

int rpt_logs_find(const char *dir, char ***paths, size_t *n)
{
	struct side *s;
	size_t ns, i, cap = 0;
	const char *chosen = NULL;
	int ret = list_sides(dir, NULL, &s, &ns);

	*paths = NULL;
	*n = 0;
	if (ret)
		return ret;
	for (i = 0; i < ns && !ret; i++) {
		char *p;

		/* the first sidecar of a prefix with a job_start stands for it */
		if (chosen && !strcmp(chosen, s[i].prefix))
			continue;
		p = join(dir, s[i].name);
		if (!p) {
			ret = -ENOMEM;
			break;
		}
		if (!has_job_start(p)) {
			free(p);
			continue;
		}
		if (RPT_GROW(*paths, cap, *n, 8)) {
			free(p);
			ret = -ENOMEM;
			break;
		}
		(*paths)[(*n)++] = p;
		chosen = s[i].prefix;
	}
	sides_free(s, ns);
	return ret;
}

/* ---- one job of a sidecar ---------------------------------------------- */

struct job {
	struct json_object *start;	/* its job_start line */
	struct json_object *stats[3];	/* fio_stats per direction */
	double job_runtime;
	double end_bytes;		/* job_end's, -1 without */
	double end_ms;			/* job_end's time, NAN without */
	const char *side;		/* the sidecar's path */
	unsigned long side_n;
};

struct doc {
	const char *dir;
	const char *prefix;
	struct job *j;
	size_t n, cap;
	size_t nstats, nlogs;		/* jobs with fio_stats, from the logs */
	struct rpt_diag *d;
};

static const char *str_of(struct json_object *o, const char *key)
{
	struct json_object *v;

	return o && json_object_object_get_ex(o, key, &v) &&
	       json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

static double num_of(struct json_object *o, const char *key, double dflt)
{
	struct json_object *v;

	if (!o || !json_object_object_get_ex(o, key, &v) ||
	    !(json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double)))
		return dflt;
	return json_object_get_double(v);
}

static struct json_object *obj_of(struct json_object *o, const char *key)
{
	struct json_object *v;

	return o && json_object_object_get_ex(o, key, &v) &&
	       json_object_is_type(v, json_type_object) ? v : NULL;
}

static int ddir_index(const char *s)
{
	static const char *const names[3] = { "read", "write", "trim" };
	int i;

	for (i = 0; s && i < 3; i++)
		if (!strcmp(s, names[i]))
			return i;
	return -1;
}

/* The latest job of @name in this sidecar (from index @first). */
static struct job *job_named(struct doc *doc, size_t first, const char *name)
{
	size_t i;

	for (i = doc->n; i-- > first;)
		if (name && !strcmp(str_of(doc->j[i].start, "job") ?: "", name))
			return &doc->j[i];
	return NULL;
}

static int read_side(struct doc *doc, const char *path, unsigned long side_n)
{
	struct json_object *o;
	struct rpt_jsonl r;
	size_t first = doc->n;
	int ret;

	ret = rpt_jsonl_open(&r, path, doc->d);
	if (ret)
		return ret;
	/* bad lines: the job's figures read the sidecar again and name them */
	while ((ret = rpt_jsonl_next(&r, &o, NULL)) != 0) {
		const char *ev, *job;
		struct job *j;

		if (ret < 0) {
			if (ret == -EINVAL)
				continue;
			break;
		}
		ev = str_of(o, "event");
		job = str_of(o, "job");
		if (ev && !strcmp(ev, "job_start") && job) {
			if (RPT_GROW(doc->j, doc->cap, doc->n, 4)) {
				json_object_put(o);
				ret = -ENOMEM;
				break;
			}
			j = &doc->j[doc->n++];
			memset(j, 0, sizeof(*j));
			j->start = o;
			j->end_bytes = -1;
			j->end_ms = NAN;
			j->side = path;
			j->side_n = side_n;
			continue;
		}
		j = job_named(doc, first, job);
		if (j && ev && !strcmp(ev, "fio_stats")) {
			int dd = ddir_index(str_of(o, "ddir"));
			struct json_object *st = obj_of(o, "stats");

			if (dd < 0 || !st)
				rpt_diag_add(doc->d, RPT_ERROR,
					     "%s: fio_stats: expected \"ddir\" (read, write or trim) and a \"stats\" object",
					     r.where);
			else if (!j->stats[dd])
				j->stats[dd] = json_object_get(st);
			j->job_runtime = num_of(o, "job_runtime", j->job_runtime);
		} else if (j && ev && !strcmp(ev, "job_end")) {
			j->end_bytes = num_of(o, "bytes", -1);
			j->end_ms = num_of(o, "time_us", NAN) / 1000;
		}
		json_object_put(o);
	}
	rpt_jsonl_close(&r);
	return ret < 0 && ret != -EINVAL ? ret : 0;
}

/* ---- a job's directions from its logs ------------------------------------ */

struct dirfig {
	double bytes, ios, bw_ios, t0, t1;
	bool seen, ios_seen;
};

/* An option: the job's own, then the global ones. */
static const char *opt(struct json_object *start, const char *key)
{
	const char *v = str_of(obj_of(start, "options"), key);

	return v ? v : str_of(obj_of(start, "global_options"), key);
}

/* The job's log of @type by fio's names, or NULL (@tried says which). */
static char *log_of(const char *dir, const char *pre, const char *type, unsigned long n,
		    char *tried, size_t len)
{
	const char *d = pre[0] == '/' ? "" : dir, *sl = pre[0] == '/' ? "" : "/";
	char *p = NULL;

	if (n && asprintf(&p, "%s%s%s_%s.%lu.log", d, sl, pre, type, n) >= 0 && !access(p, R_OK))
		return p;
	if (tried && len)
		snprintf(tried, len, "%s", p ? p : "?");
	free(p);
	p = NULL;
	if (asprintf(&p, "%s%s%s_%s.log", d, sl, pre, type) >= 0 && !access(p, R_OK))
		return p;
	free(p);
	return NULL;
}

/* A log prefix option: "" is the job name, NULL no such log. */
static const char *log_prefix(struct json_object *start, const char *key)
{
	const char *v = opt(start, key);

	return v && !*v ? str_of(start, "job") : v;
}

static void note(struct json_object *arr, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void note(struct json_object *arr, const char *fmt, ...)
{
	va_list ap;
	char *s = NULL;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) >= 0)
		json_object_array_add(arr, json_object_new_string(s));
	va_end(ap);
	free(s);
}

/*
 * The time an averaged sample's rate covers: its interval since the last
 * sample of its direction, one log_avg_msec after a gap without I/O; the
 * first covers the time since the job's I/O began at @start (fio's first
 * tick, up to 250 ms; metrics.c), when known.
 */
static double interval(double t, bool seen, double prev, double avg, double start)
{
	double ms = seen ? t - prev : fabs(avg);

	if (avg < 0)	/* -log_avg_msec: a progress sidecar, every interval logged */
		return ms;
	if (!seen && !isnan(start) && t - start > avg && t - start <= FIO_FIRST_TICK_MS + avg)
		return t - start;
	return ms > 1.5 * avg ? avg : ms;
}

/* Bytes (or I/Os with @ios) of every direction in a bw (iops) log. */
static int sum_log(const char *path, double avg, double start, bool ios, bool every,
		   struct dirfig *f, struct rpt_diag *d)
{
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	double prev[3] = { 0 };
	bool seen[3] = { 0 };
	unsigned int dd;
	int ret = rpt_log_open(&r, path);

	while (!ret && (ret = rpt_log_next(&r, &s)) == 1) {
		double ms;

		dd = s.ddir;

		ret = 0;
		if (dd > 2)
			continue;
		if (!ios) {
			if (!f[dd].seen || s.t_ms < f[dd].t0)
				f[dd].t0 = s.t_ms;
			if (!f[dd].seen || s.t_ms > f[dd].t1)
				f[dd].t1 = s.t_ms;
			f[dd].seen = true;
		}
		/* a per-I/O log: a sample an I/O of bs bytes */
		if (!(avg > 0)) {
			if (ios) {
				f[dd].ios += 1;
			} else {
				f[dd].bytes += (double)s.bs;
				f[dd].bw_ios += 1;
			}
			continue;
		}
		/* averaged: the rate over the sample's interval */
		ms = interval(s.t_ms, seen[dd], prev[dd], every ? -avg : avg, start);
		if (ms > 0 && s.value > 0) {
			if (ios)
				f[dd].ios += s.value * ms / 1000;
			else
				f[dd].bytes += s.value * 1024 * ms / 1000;
		}
		prev[dd] = s.t_ms;
		seen[dd] = true;
	}
	for (dd = 0; ios && dd < 3; dd++)
		f[dd].ios_seen = f[dd].ios > 0;
	if (ret < 0)
		rpt_diag_add(d, RPT_ERROR, "%s", r.err);
	rpt_log_close(&r);
	return ret < 0 ? ret : 0;
}

/*
 * Without the job's options: whether the log holds every I/O (bs in each
 * sample) or averages (bs 0) and their interval, and whether its times are
 * unix ms, from its first samples.
 */
static void log_shape(const char *path, double *avg, bool *unix_ms)
{
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	double prev[3], gap = 0;
	bool seen[3] = { 0 };
	int i;

	*avg = 0;
	*unix_ms = false;
	if (rpt_log_open(&r, path))
		return;
	for (i = 0; i < 64 && rpt_log_next(&r, &s) == 1; i++) {
		if (s.ddir > 2)
			continue;
		*unix_ms = s.t_ms > 1e11;	/* after 1973: not ms since a job's start */
		if (s.bs)
			break;
		if (seen[s.ddir] && s.t_ms > prev[s.ddir] && (!gap || s.t_ms - prev[s.ddir] < gap))
			gap = s.t_ms - prev[s.ddir];
		prev[s.ddir] = s.t_ms;
		seen[s.ddir] = true;
	}
	*avg = gap;
	rpt_log_close(&r);
}

/*
 * An iops log as the I/O rate of each direction over time: a segment per
 * sample, its interval (interval()) at its rate, to weigh a lat log's
 * averages by the I/Os of their own windows (fio closes a latency log's
 * window at a completion, not at the iops log's ticks).
 */
struct seg {
	double t0, t1, rate;	/* ms, ms, I/Os per s */
};

struct weights {
	struct seg *s[3];
	size_t n[3], cap[3];
};

static int read_weights(const char *path, double avg, double start, bool every,
			struct weights *w)
{
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	double prev[3] = { 0 };
	bool seen[3] = { 0 };
	int ret = rpt_log_open(&r, path);

	while (!ret && (ret = rpt_log_next(&r, &s)) == 1) {
		unsigned int dd = s.ddir;
		double ms;

		ret = 0;
		if (dd > 2)
			continue;
		ms = interval(s.t_ms, seen[dd], prev[dd], every ? -avg : avg, start);
		seen[dd] = true;
		prev[dd] = s.t_ms;
		if (!(ms > 0) || !(s.value > 0))
			continue;
		if (RPT_GROW(w->s[dd], w->cap[dd], w->n[dd], 1024)) {
			ret = -ENOMEM;
			break;
		}
		w->s[dd][w->n[dd]++] = (struct seg){ s.t_ms - ms, s.t_ms, s.value };
	}
	rpt_log_close(&r);
	return ret < 0 ? ret : 0;
}

/* The I/Os of direction @dd between @a and @b ms; @pos moves on with them. */
static double ios_between(const struct weights *w, unsigned int dd, size_t *pos,
			  double a, double b)
{
	double n = 0;
	size_t i;

	while (*pos < w->n[dd] && w->s[dd][*pos].t1 <= a)
		(*pos)++;
	for (i = *pos; i < w->n[dd] && w->s[dd][i].t0 < b; i++) {
		const struct seg *g = &w->s[dd][i];
		double lo = fmax(a, g->t0), hi = fmin(b, g->t1);

		if (hi > lo)
			n += g->rate * (hi - lo) / 1000;
	}
	return n;
}

struct latfig {
	struct rpt_lat_hist h;
	double sum, w, min, max;
	bool seen;
};

/*
 * The latency of every direction from a lat (clat) log: every sample of a
 * per-I/O log, or window averages weighted by the iops log's I/Os.
 * Return: 0, -ENOMEM, or a read error (in @d).
 */
static int read_lat(const char *path, double avg, double start, const struct weights *w,
		    struct latfig *lf, bool *weighted, struct rpt_diag *d)
{
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	size_t pos[3] = { 0 };
	double prev[3] = { 0 };
	bool seen[3] = { 0 };
	int ret = rpt_log_open(&r, path);

	*weighted = avg > 0 && (w->n[0] || w->n[1] || w->n[2]);
	while (!ret && (ret = rpt_log_next(&r, &s)) == 1) {
		unsigned int dd = s.ddir;
		double wt = 1, t0;

		ret = 0;
		if (dd > 2 || !(s.value >= 0) || s.value > 9e18)
			continue;
		/* the sample's window: since the last of its direction */
		t0 = seen[dd] ? prev[dd] : isnan(start) ? s.t_ms - avg : fmin(start, s.t_ms - avg);
		seen[dd] = true;
		prev[dd] = s.t_ms;
		if (*weighted) {
			wt = ios_between(w, dd, &pos[dd], t0, s.t_ms);
			if (!(wt > 0))
				continue;
		}
		ret = rpt_lat_hist_add(&lf[s.ddir].h, (uint64_t)llround(s.value),
				       (uint64_t)fmax(1, llround(wt)));
		if (ret)
			break;
		lf[s.ddir].sum += s.value * wt;
		lf[s.ddir].w += wt;
		if (!lf[s.ddir].seen || s.value < lf[s.ddir].min)
			lf[s.ddir].min = s.value;
		if (!lf[s.ddir].seen || s.value > lf[s.ddir].max)
			lf[s.ddir].max = s.value;
		lf[s.ddir].seen = true;
	}
	if (ret < 0 && ret != -ENOMEM)
		rpt_diag_add(d, RPT_ERROR, "%s", r.err);
	rpt_log_close(&r);
	return ret == -ENOMEM ? ret : 0;
}

static struct json_object *lat_json(struct latfig *lf)
{
	struct json_object *o = json_object_new_object(), *bins = json_object_new_object();
	size_t i;

	rpt_lat_hist_percentile(&lf->h, 50);	/* sorts and merges the bins */
	json_object_object_add(o, "min", json_object_new_double(lf->min));
	json_object_object_add(o, "max", json_object_new_double(lf->max));
	json_object_object_add(o, "mean", json_object_new_double(lf->sum / lf->w));
	json_object_object_add(o, "N", json_object_new_int64((int64_t)lf->h.total));
	for (i = 0; i < lf->h.n; i++) {
		char key[32];

		snprintf(key, sizeof(key), "%llu", (unsigned long long)lf->h.bin[i].ns);
		json_object_object_add(bins, key, json_object_new_int64((int64_t)lf->h.bin[i].count));
	}
	json_object_object_add(o, "bins", bins);
	return o;
}

static const char *const dd_names[3] = { "read", "write", "trim" };

/*
 * When the job's I/O began, unix ms: its latest set-up event before the
 * log's first sample when that lies within fio's first tick of it, else NAN.
 */
static double job_io_start(const char *bw, const struct rpt_events *ev, double avg)
{
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	double t = NAN, first;

	if (!rpt_log_open(&r, bw) && rpt_log_next(&r, &s) == 1) {
		first = s.t_ms;
		t = rpt_events_io_start(ev, first);
		if (!isnan(t) && first - t > FIO_FIRST_TICK_MS + avg)
			t = NAN;
	}
	rpt_log_close(&r);
	return t;
}

/* The one block size of direction @dd, when every I/O has it. */
static bool fixed_bs(struct json_object *start, unsigned int dd, uint64_t *bs)
{
	const char *v = opt(start, "bs");

	if (!v)
		v = opt(start, "blocksize");
	if (opt(start, "bssplit") || opt(start, "bsrange") || opt(start, "blocksize_range") ||
	    opt(start, "bs_unaligned"))
		return false;
	if (!v) {
		*bs = 4096;	/* fio's default */
		return obj_of(start, "options") != NULL;
	}
	return !strpbrk(v, "-:") && !rpt_fio_size(v, dd, bs) && *bs;
}

/*
 * A job without fio_stats: its directions from its logs into @entry, what
 * they came from into @notes. Return: 0 or -ENOMEM.
 */
static int dirs_from_logs(struct doc *doc, const struct job *j, struct json_object *entry,
			  struct json_object *notes)
{
	const char *name = str_of(j->start, "job"), *bwp = log_prefix(j->start, "write_bw_log");
	const char *iop = log_prefix(j->start, "write_iops_log");
	const char *latp = log_prefix(j->start, "write_lat_log");
	const char *avs = opt(j->start, "log_avg_msec");
	double avg = avs ? atof(avs) : 0, start = NAN;
	bool unix_ms = rpt_fio_unix_epoch(opt(j->start, "log_unix_epoch"),
					  opt(j->start, "log_alternate_epoch"),
					  opt(j->start, "log_alternate_epoch_clock_id"));
	unsigned long n = (unsigned long)num_of(j->start, "thread", (double)j->side_n);
	struct dirfig f[3];
	struct latfig lf[3];
	struct weights w = { 0 };
	struct rpt_events ev = { 0 };
	char tried[1024] = "", *bw = NULL, *io = NULL, *lat = NULL;
	const char *lat_kind = "clat_ns";
	unsigned int dd, ndirs = 0;
	double logged = 0, logged_dd[3];
	const char *ios_from[3] = { NULL, NULL, NULL };
	bool weighted = false, prog = false;
	int ret = 0;

	memset(f, 0, sizeof(f));
	memset(lf, 0, sizeof(lf));
	if (!bwp)
		bwp = doc->prefix;	/* the sidecars' own prefix */
	bw = log_of(doc->dir, bwp, "bw", n, tried, sizeof(tried));
	/* fio writes its logs at the job's end: a killed job leaves the engine's account */
	if (!bw && (bw = log_of(doc->dir, doc->prefix, "progress_bw", n, NULL, 0))) {
		prog = true;
		avg = rpt_progress_interval(bw, avg > 0 ? avg : 1000);
		unix_ms = true;
		iop = latp = doc->prefix;
		note(notes, "no bw log (%s; fio writes its logs at the job's end, a job killed leaves none): the job's figures come from the engine's progress sidecars (%s and its iops and clat logs)",
		     tried, bw);
	}
	if (!bw) {
		note(notes, "no fio_stats in %s and no bw log (%s): nothing to take the job's figures from",
		     j->side, tried);
		return 0;
	}
	if (!obj_of(j->start, "options") && !prog)
		log_shape(bw, &avg, &unix_ms);
	if (rpt_events_read(j->side, name, &ev, NULL) == -ENOMEM) {
		ret = -ENOMEM;
		goto out;
	}
	/* when the I/O began: fio's log times count from the job's start */
	start = prog ? NAN : unix_ms ? job_io_start(bw, &ev, avg) : 0;
	if (sum_log(bw, avg, start, false, prog, f, doc->d))
		goto out;
	io = iop ? log_of(doc->dir, iop, prog ? "progress_iops" : "iops", n, NULL, 0) : NULL;
	if (io && sum_log(io, avg, start, true, prog, f, doc->d)) {
		free(io);
		io = NULL;
	}
	if (isnan(start))
		for (dd = 0; dd < 3; dd++)
			if (f[dd].seen && (isnan(start) || f[dd].t0 - avg < start))
				start = f[dd].t0 - avg;
	for (dd = 0; dd < 3; dd++) {
		ndirs += f[dd].seen && f[dd].bytes > 0;
		logged += f[dd].seen ? f[dd].bytes : 0;
		logged_dd[dd] = f[dd].bytes;
	}
	for (dd = 0; dd < 3; dd++) {
		struct json_object *o;
		uint64_t bs;
		double rt;

		if (!f[dd].seen || !(f[dd].bytes > 0))
			continue;
		/*
		 * fio's own count of the whole job; the log misses what came
		 * before fio's first tick: each direction its logged share
		 */
		if (j->end_bytes > 0)
			f[dd].bytes *= j->end_bytes / logged;
		if (f[dd].bw_ios > 0) {
			f[dd].ios = f[dd].bw_ios;	/* a per-I/O bw log: exact */
			ios_from[dd] = "the bw log's samples";
		} else if (fixed_bs(j->start, dd, &bs)) {
			f[dd].ios = round(f[dd].bytes / (double)bs);	/* exact too */
			ios_from[dd] = "the bytes / bs";
		} else if (f[dd].ios_seen) {
			/* the iops log misses what the bw log missed */
			f[dd].ios *= f[dd].bytes / logged_dd[dd];
			ios_from[dd] = io;
		} else {
			f[dd].ios = round(f[dd].bytes / 4096.0);
			ios_from[dd] = "the bytes / 4 KiB (bs varies or is unknown; no iops log)";
		}
		/*
		 * fio drops the last partial interval of an averaged log: the
		 * job ended within one after its last sample, by job_end if
		 * sooner (which comes after fio wrote its logs)
		 */
		rt = f[dd].t1;
		if (avg > 0 && unix_ms && !prog)
			rt = isnan(j->end_ms) || j->end_ms < rt ? rt : fmin(j->end_ms, rt + avg);
		rt = fmax(1, round(rt - start));
		o = json_object_new_object();
		json_object_object_add(o, "io_bytes", json_object_new_int64((int64_t)llround(f[dd].bytes)));
		json_object_object_add(o, "total_ios", json_object_new_int64((int64_t)llround(f[dd].ios)));
		json_object_object_add(o, "runtime", json_object_new_int64((int64_t)rt));
		json_object_object_add(entry, dd_names[dd], o);
	}
	for (dd = 0; dd < 3 && !ios_from[dd]; dd++)
		;
	note(notes, "no fio_stats in %s (an engine before them, or the job did not end): bytes from %s%s, I/Os from %s, runtime from %s to the log's last sample%s",
	     j->side, bw, j->end_bytes > 0 ? ndirs > 1 ?
	     " (job_end's total, split by the log's shares)" : " (the total: job_end's count)" : "",
	     dd < 3 ? ios_from[dd] : "nothing", unix_ms ? "the job's set-up events" : "the job's start",
	     avg > 0 && unix_ms && !isnan(j->end_ms) ? " and its partial interval up to job_end" : "");
	/* latency: clat (what fio reports percentiles of), else total */
	lat = latp ? log_of(doc->dir, latp, prog ? "progress_clat" : "clat", n, NULL, 0) : NULL;
	if (!lat && latp && !prog && (lat = log_of(doc->dir, latp, "lat", n, NULL, 0)))
		lat_kind = "lat_ns";
	if (lat && avg > 0 && io && (ret = read_weights(io, avg, start, prog, &w)))
		goto out;
	if (lat && (ret = read_lat(lat, avg, start, &w, lf, &weighted, doc->d)))
		goto out;
	for (dd = 0; lat && dd < 3; dd++) {
		struct json_object *o;

		if (!lf[dd].seen || !(lf[dd].w > 0) ||
		    !json_object_object_get_ex(entry, dd_names[dd], &o))
			continue;
		json_object_object_add(o, lat_kind, lat_json(&lf[dd]));
	}
	if (!lat)
		note(notes, "no latency: no clat or lat log (write_lat_log)");
	else if (!(avg > 0))
		note(notes, "latency from every I/O in the per-I/O log %s: its percentiles are of the exact latencies (fio's own come from its histogram buckets, within 1/128 of them)",
		     lat);
	else
		note(notes, "latency from the %g ms averages in %s: the mean weighs each by %s, but p99 and p99.99 are percentiles of %g ms averages, not of single I/Os, so they are not fio's figures (and smaller); for fio's own, run fio with --output-format=json+, or log every I/O (log_avg_msec=0)",
		     avg, lat, weighted ? "its I/Os (the iops log)" : "nothing (no iops log: equally)",
		     avg);
out:
	for (dd = 0; dd < 3; dd++)
		rpt_lat_hist_free(&lf[dd].h);
	rpt_events_free(&ev);
	for (dd = 0; dd < 3; dd++)
		free(w.s[dd]);
	free(bw);
	free(io);
	free(lat);
	return ret;
}

/* ---- the document -------------------------------------------------------- */

/* @o without the options that would merge sidecars differently. */
static struct json_object *opts_copy(struct json_object *o)
{
	struct json_object *c = json_object_new_object();

	if (!o)
		return c;
	json_object_object_foreach(o, k, v) {
		/* each sidecar is one thread: fio_jobs.h's nthreads stays 1 */
		if (!strcmp(k, "group_reporting"))
			continue;
		json_object_object_add(c, k, json_object_get(v));
	}
	return c;
}

static int entry_of(struct doc *doc, struct job *j, struct json_object *jobs)
{
	struct json_object *e = json_object_new_object(), *notes = json_object_new_array();
	struct json_object *opts = obj_of(j->start, "options");
	double thread = num_of(j->start, "thread", (double)j->side_n);
	unsigned int dd;
	bool stats = false;
	int ret = 0;

	json_object_object_add(e, "jobname", json_object_new_string(str_of(j->start, "job")));
	json_object_object_add(e, "groupid",
			       json_object_new_int((int)num_of(j->start, "groupid", 0)));
	if (thread > 0)
		json_object_object_add(e, "ssdq_thread", json_object_new_int64((int64_t)thread));
	if (opts)
		json_object_object_add(e, "job options", opts_copy(opts));
	else
		note(notes, "%s: job_start carries no options (an engine before them): rw, bs and QD are unknown",
		     j->side);
	for (dd = 0; dd < 3; dd++)
		if (j->stats[dd]) {
			json_object_object_add(e, dd_names[dd], json_object_get(j->stats[dd]));
			stats = true;
		}
	if (stats) {
		json_object_object_add(e, "job_runtime",
				       json_object_new_int64((int64_t)j->job_runtime));
		doc->nstats++;
	} else {
		ret = dirs_from_logs(doc, j, e, notes);
		doc->nlogs++;
	}
	json_object_object_add(e, "ssdq_notes", notes);
	json_object_array_add(jobs, e);
	return ret;
}

/* fio's normal output files beside the logs, for the source paragraph. */
static void normal_outputs(const char *dir, char *buf, size_t len)
{
	struct dirent *de;
	size_t used = 0;
	unsigned int n = 0;
	DIR *d = opendir(dir);

	buf[0] = '\0';
	while (d && (de = readdir(d)) && n < 64) {
		size_t l = strlen(de->d_name);
		char version[64], *p;
		struct stat st;

		if (de->d_name[0] == '.' || (l > 4 && !strcmp(de->d_name + l - 4, ".log")) ||
		    (l > 6 && !strcmp(de->d_name + l - 6, ".jsonl")) ||
		    (l > 6 && !strcmp(de->d_name + l - 6, ".state")) || !(p = join(dir, de->d_name)))
			continue;
		if (!stat(p, &st) && S_ISREG(st.st_mode) &&
		    rpt_input_sniff_file(p, version, sizeof(version)) == RPT_INPUT_FIO_NORMAL &&
		    used < len)
			used += snprintf(buf + used, len - used, "%s%s%s%s%s", used ? ", " : "",
					 de->d_name, *version ? " (" : "", version,
					 *version ? ")" : "");
		n++;
		free(p);
	}
	if (d)
		closedir(d);
}

static char *source_of(const struct doc *doc, const char *path)
{
	char normal[512], *s = NULL;
	const char *b = strrchr(path, '/');

	normal_outputs(doc->dir, normal, sizeof(normal));
	if (asprintf(&s, "no fio JSON in %s: the figures come from ssdq's events sidecars (%s%s) and fio's logs beside them%s%s%s. %s%s%sFor fio's JSON itself run fio with --output-format=json+ --output=%s.json (fio takes them only on its command line, not in a job file), or --output-format=normal,json+ to keep the text too.",
		     doc->dir, b ? b + 1 : path,
		     doc->n > 1 ? " and the other threads'" : "",
		     doc->nstats ? ": fio's own counters and latency histogram, which the engine writes at each job's end (fio_stats), the same figures as fio's JSON" : "",
		     doc->nlogs && doc->nstats ? "; " : doc->nlogs ? ": " : "",
		     doc->nlogs ? "a job without fio_stats has its bytes, I/Os, runtime and latency from its bw, iops and lat logs (see its notes)" : "",
		     *normal ? "fio's normal output " : "", normal,
		     *normal ? " is beside them, not read (its figures are rounded). " : "",
		     doc->prefix) < 0)
		return NULL;
	return s;
}

int rpt_logs_doc(const char *path, struct json_object **root, char **source,
		 struct rpt_diag *d)
{
	char prefix[512], *dir = NULL;
	const char *sl = strrchr(path, '/');
	struct doc doc = { .d = d };
	struct json_object *jobs;
	struct side *s = NULL;
	size_t ns = 0, i;
	int ret;

	*root = NULL;
	*source = NULL;
	if (!rpt_logs_events_name(path, prefix, sizeof(prefix))) {
		rpt_diag_add(d, RPT_ERROR, "%s: not an events sidecar (<prefix>_events.<N>.jsonl)",
			     path);
		return -EINVAL;
	}
	dir = sl ? (sl == path ? strdup("/") : strndup(path, sl - path)) : strdup(".");
	if (!dir)
		return -ENOMEM;
	doc.dir = dir;
	doc.prefix = prefix;
	ret = list_sides(dir, prefix, &s, &ns);
	if (ret) {
		rpt_diag_add(d, RPT_ERROR, "%s: %s", dir, strerror(-ret));
		goto out;
	}
	for (i = 0; i < ns && !ret; i++) {
		char *p = join(dir, s[i].name);

		if (!p) {
			ret = -ENOMEM;
			break;
		}
		/* the jobs keep the path: it lives in s[] until the end */
		free(s[i].name);
		s[i].name = p;
		ret = read_side(&doc, p, s[i].n);
		if (ret && ret != -ENOMEM) {
			rpt_diag_add(d, RPT_ERROR, "%s: %s", p, strerror(-ret));
			ret = 0;
		}
	}
	if (!ret && !doc.n) {
		rpt_diag_add(d, RPT_ERROR, "%s: no job_start event in the %s_events sidecars: no job to report",
			     path, prefix);
		ret = -ENOENT;
	}
	if (ret)
		goto out;
	*root = json_object_new_object();
	jobs = json_object_new_array();
	if (str_of(doc.j[0].start, "fio"))
		json_object_object_add(*root, "fio version",
				       json_object_new_string(str_of(doc.j[0].start, "fio")));
	if (obj_of(doc.j[0].start, "global_options"))
		json_object_object_add(*root, "global options",
				       opts_copy(obj_of(doc.j[0].start, "global_options")));
	json_object_object_add(*root, "jobs", jobs);
	for (i = 0; i < doc.n && !ret; i++)
		ret = entry_of(&doc, &doc.j[i], jobs);
	if (!ret && !(*source = source_of(&doc, path)))
		ret = -ENOMEM;
	if (ret) {
		json_object_put(*root);
		*root = NULL;
	}
out:
	for (i = 0; i < doc.n; i++) {
		unsigned int dd;

		json_object_put(doc.j[i].start);
		for (dd = 0; dd < 3; dd++)
			json_object_put(doc.j[i].stats[dd]);
	}
	free(doc.j);
	sides_free(s, ns);
	free(dir);
	return ret;
}
