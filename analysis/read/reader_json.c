// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input_kind.h"
#include "reader_json.h"

#define JSON_MAX_FILE	(1ul << 30)

static unsigned long line_of(const char *text, size_t off)
{
	unsigned long line = 1;
	const char *p = text, *e = text + off;

	while ((p = memchr(p, '\n', e - p))) {
		line++;
		p++;
	}
	return line;
}

/*
 * The first '{' that starts a line (after blanks), from @off on; right after
 * a document (@after_doc) a '{' needs no line of its own.
 */
static size_t next_doc(const char *text, size_t len, size_t off, bool after_doc)
{
	bool bol = after_doc || off == 0 || text[off - 1] == '\n';

	for (; off < len; off++) {
		char c = text[off];

		if (bol && c == '{')
			return off;
		if (c == '\n')
			bol = true;
		else if (c != ' ' && c != '\t' && c != '\r')
			bol = false;
	}
	return len;
}

/* fio's "fio: terminating on signal N" line in text [@from, @to), else 0 */
static int signal_line(const char *text, size_t from, size_t to)
{
	static const char line[] = "fio: terminating on signal ";
	const char *p = text + from, *e = text + to;
	int sig = 0;

	while (p < e && (p = memmem(p, e - p, line, sizeof(line) - 1))) {
		const char *q = p + sizeof(line) - 1;

		if (p == text || p[-1] == '\n') {
			for (sig = 0; q < e && *q >= '0' && *q <= '9' && sig < 1000; q++)
				sig = sig * 10 + (*q - '0');
			if (sig)
				return sig;
		}
		p = q;
	}
	return 0;
}

int rpt_json_parse(const char *name, const char *text, size_t len,
		   struct json_object **root, unsigned int *ndocs,
		   struct rpt_diag *d)
{
	return rpt_json_parse_each(name, text, len, NULL, NULL, root, ndocs, d);
}

int rpt_json_parse_each(const char *name, const char *text, size_t len,
			rpt_json_doc_fn *each, void *arg, struct json_object **root,
			unsigned int *ndocs, struct rpt_diag *d)
{
	struct json_tokener *tok;
	struct json_object *last = NULL;
	unsigned int docs = 0;
	size_t off = 0, gap;
	int ret = 0, sig = 0;

	*root = NULL;
	if (ndocs)
		*ndocs = 0;
	tok = json_tokener_new_ex(64);
	if (!tok)
		return -ENOMEM;
	/* depth 64 is ample for fio output and bounds recursion on bad input */
	for (;;) {
		struct json_object *obj;
		enum json_tokener_error jerr;
		size_t start, chunk;

		gap = off;
		off = next_doc(text, len, off, docs > 0);
		if (!sig)
			sig = signal_line(text, gap, off);
		if (off >= len)
			break;
		start = off;
		json_tokener_reset(tok);
		/* json-c takes an int length; feed large inputs piecewise */
		do {
			chunk = len - off > (1u << 30) ? (1u << 30) : len - off;
			obj = json_tokener_parse_ex(tok, text + off, (int)chunk);
			jerr = json_tokener_get_error(tok);
			off += json_tokener_get_parse_end(tok);
		} while (jerr == json_tokener_continue && off < len);

		if (jerr == json_tokener_success) {
			if (!json_object_is_type(obj, json_type_object)) {
				rpt_diag_add(d, RPT_ERROR,
					     "%s:%lu: byte %zu: expected a JSON object, got %s",
					     name, line_of(text, start), start,
					     json_type_to_name(json_object_get_type(obj)));
				json_object_put(obj);
				ret = -EINVAL;
				break;
			}
			json_object_put(last);
			last = obj;
			docs++;
			if (each && (ret = each(obj, arg)))
				break;
			continue;
		}
		if (jerr == json_tokener_continue) {
			if (last) {
				rpt_diag_add(d, RPT_WARN,
					     "%s:%lu: truncated JSON document from byte %zu (unexpected end of data); using the previous complete one",
					     name, line_of(text, start), start);
			} else {
				rpt_diag_add(d, RPT_ERROR,
					     "%s:%lu: truncated JSON document: the data ends at byte %zu, inside the document from line %lu",
					     name, line_of(text, len), len, line_of(text, start));
				ret = -EINVAL;
			}
			break;
		}
		/* off is where the tokener stopped: the bad byte */
		if (off > start && off <= len)
			off--;
		rpt_diag_add(d, RPT_ERROR, "%s:%lu: byte %zu: malformed JSON: %s",
			     name, line_of(text, off), off,
			     json_tokener_error_desc(jerr));
		ret = -EINVAL;
		break;
	}
	json_tokener_free(tok);
	if (ret) {
		json_object_put(last);
		return ret;
	}
	if (!last) {
		char msg[1536], version[512];
		enum rpt_input_kind k = rpt_input_kind(text, len, version, sizeof(version));

		rpt_diag_add(d, RPT_ERROR, "%s",
			     rpt_input_advice(msg, sizeof(msg), name, k, version));
		return -ENOMSG;
	}
	if (sig) {
		struct json_object *v = json_object_new_int(sig);

		if (!v || json_object_object_add(last, RPT_JSON_FIO_SIGNAL, v)) {
			json_object_put(v);
			json_object_put(last);
			return -ENOMEM;
		}
	}
	*root = last;
	if (ndocs)
		*ndocs = docs;
	return 0;
}

int rpt_json_load(const char *path, struct json_object **root,
		  unsigned int *ndocs, struct rpt_diag *d)
{
	return rpt_json_load_each(path, NULL, NULL, root, ndocs, d);
}

int rpt_json_load_each(const char *path, rpt_json_doc_fn *each, void *arg,
		       struct json_object **root, unsigned int *ndocs,
		       struct rpt_diag *d)
{
	struct stat st;
	size_t got = 0;
	char *text;
	int fd, ret;

	*root = NULL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		ret = -errno;
		rpt_diag_add(d, RPT_ERROR, "%s: cannot read: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return ret;
	}
	if ((uint64_t)st.st_size > JSON_MAX_FILE) {
		rpt_diag_add(d, RPT_ERROR, "%s: larger than 1 GiB", path);
		close(fd);
		return -EFBIG;
	}
	text = malloc(st.st_size + 1);
	if (!text) {
		close(fd);
		return -ENOMEM;
	}
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, text + got, st.st_size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ret = n ? -errno : -EIO;
			rpt_diag_add(d, RPT_ERROR, "%s: read: %s", path,
				     n ? strerror(errno) : "file shrank");
			free(text);
			close(fd);
			return ret;
		}
		got += n;
	}
	close(fd);
	ret = rpt_json_parse_each(path, text, got, each, arg, root, ndocs, d);
	free(text);
	return ret;
}

static int wrong_type(const char *name, const char *path, const char *key,
		      const char *want, struct json_object *v, struct rpt_diag *d)
{
	rpt_diag_add(d, RPT_ERROR, "%s: %s%s%s: expected %s, got %s", name, path,
		     *path ? "." : "", key, want,
		     json_type_to_name(json_object_get_type(v)));
	return -EINVAL;
}

int rpt_json_num(struct json_object *obj, const char *key, const char *name,
		 const char *path, double *out, struct rpt_diag *d)
{
	struct json_object *v;
	double x;

	if (!json_object_object_get_ex(obj, key, &v) || !v)
		return 0;
	switch (json_object_get_type(v)) {
	case json_type_int:
		/* json-c keeps integers above INT64_MAX as uint64 */
		if (json_object_get_int64(v) == INT64_MAX)
			x = (double)json_object_get_uint64(v);
		else
			x = (double)json_object_get_int64(v);
		break;
	case json_type_double:
		x = json_object_get_double(v);
		break;
	default:
		return wrong_type(name, path, key, "a number", v, d);
	}
	if (!isfinite(x) || x < 0 || x >= 9223372036854775808.0) {
		rpt_diag_add(d, RPT_ERROR, "%s: %s%s%s: number out of range (%s)",
			     name, path, *path ? "." : "", key,
			     json_object_to_json_string(v));
		return -EINVAL;
	}
	*out = x;
	return 1;
}

int rpt_json_str(struct json_object *obj, const char *key, const char *name,
		 const char *path, const char **out, struct rpt_diag *d)
{
	struct json_object *v;

	if (!json_object_object_get_ex(obj, key, &v) || !v)
		return 0;
	if (!json_object_is_type(v, json_type_string))
		return wrong_type(name, path, key, "a string", v, d);
	*out = json_object_get_string(v);
	return 1;
}

int rpt_json_typed(struct json_object *obj, const char *key, enum json_type type,
		   const char *name, const char *path, struct json_object **out,
		   struct rpt_diag *d)
{
	struct json_object *v;
	char want[32];

	if (!json_object_object_get_ex(obj, key, &v) || !v)
		return 0;
	if (!json_object_is_type(v, type)) {
		snprintf(want, sizeof(want), "%s %s",
			 type == json_type_array || type == json_type_object ? "an" : "a",
			 json_type_to_name(type));
		return wrong_type(name, path, key, want, v, d);
	}
	*out = v;
	return 1;
}
