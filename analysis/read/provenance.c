// SPDX-License-Identifier: GPL-2.0-only
#include <json-c/json.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "provenance.h"

static void take(struct json_object *root, const char *key, char *dst, size_t len)
{
	struct json_object *v;

	if (json_object_object_get_ex(root, key, &v) && json_object_is_type(v, json_type_string))
		snprintf(dst, len, "%s", json_object_get_string(v));
}

void rpt_provenance_parse(struct json_object *root, struct rpt_provenance *p)
{
	struct json_object *v;

	memset(p, 0, sizeof(*p));
	take(root, "ssdq_version", p->ssdq_version, sizeof(p->ssdq_version));
	take(root, "fio_version", p->fio_version, sizeof(p->fio_version));
	take(root, "kernel", p->kernel, sizeof(p->kernel));
	take(root, "host", p->host, sizeof(p->host));
	if (json_object_object_get_ex(root, "time_us", &v) &&
	    (json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double))) {
		time_t t = (time_t)(json_object_get_int64(v) / 1000000);
		struct tm tm;

		if (t > 0 && gmtime_r(&t, &tm))
			strftime(p->date, sizeof(p->date), "%Y-%m-%dT%H:%M:%SZ", &tm);
	}
}

char *rpt_provenance_line(char *buf, size_t len, const struct rpt_provenance *p)
{
	size_t n = 0;

	buf[0] = '\0';
	if (p->date[0])
		n += snprintf(buf + n, len - n, "%s", p->date);
	if (p->host[0] && n < len)
		n += snprintf(buf + n, len - n, "%shost %s", n ? ", " : "", p->host);
	if (p->kernel[0] && n < len)
		n += snprintf(buf + n, len - n, "%sLinux %s", n ? ", " : "", p->kernel);
	if (p->fio_version[0] && n < len)
		n += snprintf(buf + n, len - n, "%s%s", n ? ", " : "", p->fio_version);
	if (p->ssdq_version[0] && n < len)
		snprintf(buf + n, len - n, "%sssdq %s", n ? ", " : "", p->ssdq_version);
	return buf;
}
