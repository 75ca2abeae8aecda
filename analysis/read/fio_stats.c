// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio_stats.h"
#include "reader_json.h"

const char *const rpt_ddir_name[RPT_NDDIR] = { "read", "write", "trim", "mixed" };

/* A number member, quietly; NAN when absent or not a number. */
static double quiet_num(struct json_object *o, const char *key)
{
	double v;

	return rpt_json_num(o, key, "", "", &v, NULL) > 0 ? v : NAN;
}

/*
 * io_bytes in KiB? Before fio 2.21 it was. Without a version: fio 3.x
 * writes io_kbytes beside it and *_ns latencies; else io_bytes is KiB when
 * it matches bw (KiB/s) × runtime within 10 %.
 */
static bool kib_bytes(const struct rpt_fio_run *run, struct json_object *o, double b)
{
	double bw, ms;

	if (run->ver.known)
		return rpt_fio_before(&run->ver, 2, 21);
	if (json_object_object_get_ex(o, "io_kbytes", NULL) ||
	    json_object_object_get_ex(o, "clat_ns", NULL) ||
	    json_object_object_get_ex(o, "lat_ns", NULL))
		return false;
	bw = quiet_num(o, "bw");
	ms = quiet_num(o, "runtime");
	return bw > 0 && ms > 0 && fabs(b - bw * ms / 1000) <= 0.1 * b;
}

static int lat_of(const struct rpt_fio_run *run, struct json_object *o,
		  const char *path, const char *kind, struct rpt_fio_lat *l,
		  struct rpt_diag *d)
{
	char key[16];
	int ret;

	/* fio 3.x: "<kind>_ns"; fio 2.x: "<kind>" in µs */
	snprintf(key, sizeof(key), "%s_ns", kind);
	ret = rpt_json_typed(o, key, json_type_object, run->file, path, &l->o, d);
	l->ns_per_unit = 1;
	if (ret == 0) {
		snprintf(key, sizeof(key), "%s", kind);
		ret = rpt_json_typed(o, key, json_type_object, run->file, path, &l->o, d);
		l->ns_per_unit = 1000;
	}
	if (ret <= 0)
		l->o = NULL;
	snprintf(l->path, sizeof(l->path), "%s.%s", path, key);
	return ret < 0 ? ret : 0;
}

int rpt_fio_dir_read(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
		     unsigned int dd, struct rpt_fio_dir *s, struct rpt_diag *d)
{
	struct json_object *o = NULL;
	char path[64];
	double b = 0, n = 0, t = 0, iops;
	int ret, has_n;

	memset(s, 0, sizeof(*s));
	if (dd >= RPT_NDDIR)
		return 0;
	ret = rpt_json_typed(e->obj, rpt_ddir_name[dd], json_type_object, run->file,
			     e->path, &o, d);
	if (ret <= 0)
		return ret;
	snprintf(path, sizeof(path), "%s.%s", e->path, rpt_ddir_name[dd]);
	/* read on past a bad member, so that every error is reported */
	ret = rpt_json_num(o, "io_bytes", run->file, path, &b, d) < 0;
	has_n = rpt_json_num(o, "total_ios", run->file, path, &n, d);
	ret |= has_n < 0;
	ret |= rpt_json_num(o, "runtime", run->file, path, &t, d) < 0;
	/* fio 2.0 and 2.1 write no total_ios: its own iops over the runtime */
	if (!has_n && t > 0 && rpt_json_num(o, "iops", "", "", &iops, NULL) > 0)
		n = round(iops * t / 1000);
	ret |= lat_of(run, o, path, "clat", &s->clat, d) < 0;
	ret |= lat_of(run, o, path, "lat", &s->lat, d) < 0;
	if (kib_bytes(run, o, b))
		b *= 1024;
	s->bytes = b;
	s->ios = n;
	s->runtime_ms = t;
	s->clat.ios = s->lat.ios = n;
	if (ret)
		return -EINVAL;
	return n > 0 || b > 0;
}

bool rpt_fio_did_io(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
		    unsigned int mask)
{
	unsigned int dd;

	(void)run;
	/* as rpt_fio_dir_read() decides it, without reading the rest */
	for (dd = 0; dd < RPT_NDDIR; dd++) {
		struct json_object *o;

		if ((mask & 1u << dd) && json_object_object_get_ex(e->obj, rpt_ddir_name[dd], &o) &&
		    json_object_is_type(o, json_type_object) &&
		    (quiet_num(o, "total_ios") > 0 || quiet_num(o, "io_bytes") > 0))
			return true;
	}
	return false;
}

int rpt_fio_lat_mean(const struct rpt_fio_lat *l, double *us, double *n, bool *has_n)
{
	double mean, nn;

	if (!l->o || rpt_json_num(l->o, "mean", "", "", &mean, NULL) <= 0)
		return -ENODATA;
	*has_n = rpt_json_num(l->o, "N", "", "", &nn, NULL) > 0;
	if (!*has_n)
		nn = l->ios;
	if (!(nn > 0))
		return -ENODATA;
	*us = mean * l->ns_per_unit / 1000;
	*n = nn;
	return 0;
}

int rpt_fio_lat_pct(const struct rpt_fio_lat *l, double pct, double *us)
{
	struct json_object *p;
	struct json_object_iterator it, end;
	int ret = -ENOENT;

	if (!l->o || !json_object_object_get_ex(l->o, "percentile", &p) ||
	    !json_object_is_type(p, json_type_object))
		return -ENOENT;
	it = json_object_iter_begin(p);
	end = json_object_iter_end(p);
	for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
		const char *key = json_object_iter_peek_name(&it);
		char *stop;
		double k = strtod(key, &stop), v;

		if (stop == key || *stop || fabs(k - pct) > 1e-9 * pct)
			continue;
		if (rpt_json_num(p, key, "", "", &v, NULL) <= 0)
			return -EINVAL;
		*us = v * l->ns_per_unit / 1000;
		ret = 0;
	}
	return ret;
}

bool rpt_fio_lat_has_bins(const struct rpt_fio_lat *l, bool *indexed)
{
	struct json_object *b;
	bool idx;

	if (indexed)
		*indexed = false;
	if (!l->o || !json_object_object_get_ex(l->o, "bins", &b) ||
	    !json_object_is_type(b, json_type_object) || !json_object_object_length(b))
		return false;
	idx = json_object_object_get_ex(b, "FIO_IO_U_PLAT_BITS", NULL) ||
	      json_object_object_get_ex(b, "FIO_IO_U_PLAT_NR", NULL);
	if (indexed)
		*indexed = idx;
	return !idx;
}

int rpt_fio_lat_add_bins(const struct rpt_fio_lat *l, struct rpt_lat_hist *h,
			 const char **bad_key)
{
	struct json_object *b;

	*bad_key = "";
	if (!l->o || !json_object_object_get_ex(l->o, "bins", &b))
		return 0;
	return rpt_lat_hist_add_bins_unit(h, b, l->ns_per_unit, bad_key);
}
