// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio_version.h"

/* a decimal number of at most 4 digits at *@p; -1 if none */
static int number(const char **p)
{
	int v = 0, n = 0;

	while (**p >= '0' && **p <= '9' && n < 4) {
		v = v * 10 + (**p - '0');
		(*p)++;
		n++;
	}
	return n ? v : -1;
}

int rpt_fio_version_parse(const char *s, struct rpt_fio_version *v)
{
	const char *p = s;
	int major, minor, patch = 0;

	memset(v, 0, sizeof(*v));
	if (!s || strncmp(s, "fio-", 4))
		return -EINVAL;
	p += 4;
	major = number(&p);
	if (major < 0 || *p != '.')
		return -EINVAL;
	p++;
	minor = number(&p);
	if (minor < 0)
		return -EINVAL;
	if (*p == '.') {
		p++;
		patch = number(&p);
		if (patch < 0)
			return -EINVAL;
	}
	if (*p && *p != '-' && *p != '+' && *p != ' ')
		return -EINVAL;
	v->known = true;
	v->major = major;
	v->minor = minor;
	v->patch = patch;
	snprintf(v->text, sizeof(v->text), "%s", s);
	return 0;
}

void rpt_fio_version_of(struct json_object *doc, struct rpt_fio_version *v)
{
	struct json_object *s;

	memset(v, 0, sizeof(*v));
	if (doc && json_object_object_get_ex(doc, "fio version", &s) &&
	    json_object_is_type(s, json_type_string))
		rpt_fio_version_parse(json_object_get_string(s), v);
}

bool rpt_fio_before(const struct rpt_fio_version *v, unsigned int major,
		    unsigned int minor)
{
	return v->known && (v->major < major || (v->major == major && v->minor < minor));
}

/* a boolean option as fio prints it: "" for a bare one */
static bool on(const char *v)
{
	return v && (!*v || atof(v) != 0);
}

bool rpt_fio_unix_epoch(const char *unix_epoch, const char *alt_epoch, const char *alt_clock)
{
	if (on(unix_epoch))
		return true;
	return on(alt_epoch) && (!alt_clock || atoi(alt_clock) == 0);
}
