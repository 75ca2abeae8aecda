// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "reader_jsonl.h"

static int setup(struct rpt_jsonl *r, const char *name)
{
	r->name = name;
	r->line = 0;
	r->bad = 0;
	r->cap = 4096;
	r->buf = malloc(r->cap);
	r->tok = json_tokener_new_ex(32);
	if (!r->buf || !r->tok) {
		rpt_jsonl_close(r);
		return -ENOMEM;
	}
	return 0;
}

int rpt_jsonl_open(struct rpt_jsonl *r, const char *path, struct rpt_diag *d)
{
	int ret;

	memset(r, 0, sizeof(*r));
	r->f = fopen(path, "re");
	if (!r->f) {
		ret = -errno;
		rpt_diag_add(d, RPT_ERROR, "%s: cannot read: %s", path, strerror(errno));
		return ret;
	}
	return setup(r, path);
}

int rpt_jsonl_open_mem(struct rpt_jsonl *r, const char *name, const char *data,
		       size_t len)
{
	memset(r, 0, sizeof(*r));
	r->f = len ? fmemopen((void *)data, len, "r") : fopen("/dev/null", "re");
	if (!r->f)
		return -ENOMEM;
	return setup(r, name);
}

/* Read one line into r->buf; 1, 0 at the end, -E2BIG (line skipped), -EIO. */
static int read_line(struct rpt_jsonl *r, size_t *len)
{
	size_t n = 0;
	bool big = false;

	for (;;) {
		if (!fgets(r->buf + n, (int)(r->cap - n), r->f)) {
			if (ferror(r->f))
				return -EIO;
			if (!n && !big)
				return 0;
			break;
		}
		n += strlen(r->buf + n);
		if (n && r->buf[n - 1] == '\n')
			break;
		if (r->cap - n > 1)
			continue;	/* a NUL inside the line: fgets stopped there */
		if (r->cap >= RPT_JSONL_MAX_LINE) {
			big = true;	/* keep reading to the end of the line */
			n = 0;
			continue;
		}
		{
			char *nb = realloc(r->buf, 2 * r->cap);

			if (!nb)
				return -ENOMEM;
			r->buf = nb;
			r->cap *= 2;
		}
	}
	r->line++;
	*len = n;
	return big ? -E2BIG : 1;
}

int rpt_jsonl_next(struct rpt_jsonl *r, struct json_object **obj, struct rpt_diag *d)
{
	size_t len, i;
	int ret;

	*obj = NULL;
	for (;;) {
		ret = read_line(r, &len);
		snprintf(r->where, sizeof(r->where), "%s:%lu", r->name, r->line);
		if (ret == -E2BIG) {
			r->bad++;
			rpt_diag_add(d, RPT_ERROR, "%s: line longer than %d bytes: expected one JSON object",
				     r->where, RPT_JSONL_MAX_LINE);
			return -EINVAL;
		}
		if (ret <= 0)
			return ret == -ENOMEM ? ret : ret < 0 ? -EIO : 0;
		for (i = 0; i < len && strchr(" \t\r\n", r->buf[i]); i++)
			;
		if (i < len)
			break;
	}
	json_tokener_reset(r->tok);
	*obj = json_tokener_parse_ex(r->tok, r->buf, (int)len);
	if (json_tokener_get_error(r->tok) != json_tokener_success) {
		enum json_tokener_error e = json_tokener_get_error(r->tok);

		r->bad++;
		rpt_diag_add(d, RPT_ERROR, "%s: %s JSON: %s", r->where,
			     e == json_tokener_continue ? "truncated" : "malformed",
			     e == json_tokener_continue ? "the line ends inside the object" :
			     json_tokener_error_desc(e));
		json_object_put(*obj);
		*obj = NULL;
		return -EINVAL;
	}
	for (i = json_tokener_get_parse_end(r->tok); i < len && strchr(" \t\r\n", r->buf[i]); i++)
		;
	if (i < len) {
		r->bad++;
		rpt_diag_add(d, RPT_ERROR, "%s: byte %zu of the line: text after the JSON object",
			     r->where, i + 1);
		json_object_put(*obj);
		*obj = NULL;
		return -EINVAL;
	}
	if (!json_object_is_type(*obj, json_type_object)) {
		r->bad++;
		rpt_diag_add(d, RPT_ERROR, "%s: expected a JSON object, got %s", r->where,
			     json_type_to_name(json_object_get_type(*obj)));
		json_object_put(*obj);
		*obj = NULL;
		return -EINVAL;
	}
	return 1;
}

int rpt_jsonl_each(struct rpt_jsonl *r, rpt_jsonl_take_fn *take, void *arg,
		   unsigned long *bad, struct rpt_diag *d)
{
	struct json_object *o;
	int ret;

	while ((ret = rpt_jsonl_next(r, &o, d)) != 0) {
		if (ret == -EINVAL)
			continue;
		if (ret < 0)
			break;
		ret = take(r, o, arg, d);
		json_object_put(o);
		if (ret == -ENOMEM)
			break;
		if (ret == -EINVAL)
			r->bad++;
		ret = 0;
	}
	if (ret == -EIO)
		rpt_diag_add(d, RPT_ERROR, "%s:%lu: read error", r->name, r->line + 1);
	if (bad)
		*bad = r->bad;
	rpt_jsonl_close(r);
	return ret;
}

void rpt_jsonl_close(struct rpt_jsonl *r)
{
	if (!r)
		return;
	if (r->f)
		fclose(r->f);
	if (r->tok)
		json_tokener_free(r->tok);
	free(r->buf);
	r->f = NULL;
	r->tok = NULL;
	r->buf = NULL;
}

int rpt_jsonl_num(struct json_object *obj, const char *key, const char *where,
		  double *out, struct rpt_diag *d)
{
	struct json_object *v;
	double x;

	if (!json_object_object_get_ex(obj, key, &v) || !v)
		return 0;
	if (json_object_is_type(v, json_type_int))
		x = (double)json_object_get_int64(v);
	else if (json_object_is_type(v, json_type_double))
		x = json_object_get_double(v);
	else {
		rpt_diag_add(d, RPT_ERROR, "%s: %s: expected a number, got %s", where, key,
			     json_type_to_name(json_object_get_type(v)));
		return -EINVAL;
	}
	if (!isfinite(x)) {
		rpt_diag_add(d, RPT_ERROR, "%s: %s: number out of range", where, key);
		return -EINVAL;
	}
	*out = x;
	return 1;
}
