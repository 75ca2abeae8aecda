// SPDX-License-Identifier: GPL-2.0-only
#include <stdio.h>
#include <string.h>

#include "fio_shared.h"

/* Network engines and the options that name their target */
static const struct {
	const char *engine;
	const char *keys[3];
} shared[] = {
	{ "rbd", { "clustername", "pool", "rbdname" } },
	{ "rados", { "clustername", "pool", NULL } },
	{ "nfs", { "nfs_url", NULL, NULL } },
	{ "http", { "http_host", "filename", NULL } },
	{ "libiscsi", { "filename", NULL, NULL } },
	{ "nbd", { "filename", NULL, NULL } },
};

static const char *str_of(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!o || !json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

/* Option @key of client entry @e: its job options, else its server's global ones. */
static const char *client_opt(struct json_object *root, struct json_object *e, const char *key)
{
	struct json_object *jo = NULL, *g = NULL;
	const char *s, *host = str_of(e, "hostname");
	size_t i, n;

	if (json_object_object_get_ex(e, "job options", &jo) && (s = str_of(jo, key)))
		return s;
	if (!json_object_object_get_ex(root, "global options", &g))
		return NULL;
	if (!json_object_is_type(g, json_type_array))
		return str_of(g, key);
	/* one object per server: the entry's host's */
	n = json_object_array_length(g);
	for (i = 0; i < n; i++) {
		struct json_object *o = json_object_array_get_idx(g, i);
		const char *h = str_of(o, "hostname");

		if (host && h && !strcmp(h, host) && (s = str_of(o, key)))
			return s;
	}
	return n ? str_of(json_object_array_get_idx(g, 0), key) : NULL;
}

/* a and b the same option value, both unset counting as the same */
static bool same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

bool rpt_fio_shared_target(struct json_object *root, char *what, size_t len)
{
	struct json_object *cs, *first = NULL;
	const char *engine = NULL;
	size_t i, k, n, m = 0, nk = 0, nc = 0;
	int at;

	snprintf(what, len, "not a client/server run");
	if (!json_object_object_get_ex(root, "client_stats", &cs) ||
	    !json_object_is_type(cs, json_type_array))
		return false;
	n = json_object_array_length(cs);
	for (i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(cs, i);
		const char *name = str_of(e, "jobname"), *eng = client_opt(root, e, "ioengine");

		if (name && !strcmp(name, "All clients"))
			continue;
		nc++;
		if (!first) {
			first = e;
			engine = eng;
			for (m = 0; m < sizeof(shared) / sizeof(shared[0]); m++)
				if (eng && !strcmp(eng, shared[m].engine))
					break;
			if (m == sizeof(shared) / sizeof(shared[0])) {
				snprintf(what, len, "ioengine=%s: each client tests its own host's disk",
					 eng ? eng : "psync (fio's default)");
				return false;
			}
			for (nk = 0; nk < 3 && shared[m].keys[nk]; nk++)
				;
			continue;
		}
		if (!same(eng, engine)) {
			snprintf(what, len, "the clients run different engines (%s, %s)", engine,
				 eng ? eng : "psync");
			return false;
		}
		for (k = 0; k < nk; k++) {
			const char *key = shared[m].keys[k];

			if (!same(client_opt(root, e, key), client_opt(root, first, key))) {
				snprintf(what, len, "ioengine=%s with different %s on the clients",
					 engine, key);
				return false;
			}
		}
	}
	if (nc < 2) {
		snprintf(what, len, "one client");
		return false;
	}
	at = snprintf(what, len, "ioengine=%s", engine);
	for (k = 0; k < nk && at >= 0 && (size_t)at < len; k++) {
		const char *v = client_opt(root, first, shared[m].keys[k]);

		if (v)
			at += snprintf(what + at, len - at, ", %s=%s", shared[m].keys[k], v);
	}
	return true;
}
