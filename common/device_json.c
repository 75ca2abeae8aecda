// SPDX-License-Identifier: GPL-2.0-only
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "device_json.h"
#include "util.h"
#include "ssdq_version.h"

void ssdq_host_read(struct ssdq_host *h, const char *fio_version)
{
	struct utsname u;

	memset(h, 0, sizeof(*h));
	if (fio_version)
		snprintf(h->fio_version, sizeof(h->fio_version), "%s", fio_version);
	if (!uname(&u)) {
		snprintf(h->kernel, sizeof(h->kernel), "%s", u.release);
		snprintf(h->kernel_version, sizeof(h->kernel_version), "%s", u.version);
		snprintf(h->machine, sizeof(h->machine), "%s", u.machine);
		snprintf(h->host, sizeof(h->host), "%s", u.nodename);
	}
}

void ssdq_device_json_head(FILE *f, int64_t time_us)
{
	fprintf(f, "{\n  \"format\": \"ssdq-device\",\n  \"version\": 1,\n  \"time_us\": %lld,\n",
		(long long)time_us);
}

void ssdq_device_json_write_cache(FILE *f, int present, int enabled)
{
	if (present < 0) {
		fputs(",\n  \"volatile_write_cache\": null", f);
		return;
	}
	fprintf(f, ",\n  \"volatile_write_cache\": {\"present\": %s, \"enabled\": %s}",
		present ? "true" : "false", present && enabled >= 0 ? enabled ? "true" : "false" :
		"null");
}

static void member(FILE *f, const char *key, const char *value)
{
	fprintf(f, ",\n  \"%s\": ", key);
	ssdq_json_str(f, value && *value ? value : NULL);
}

void ssdq_device_json_tail(FILE *f, const struct ssdq_host *h, const char *errors)
{
	char *tmp = errors ? strdup(errors) : NULL, *save = NULL, *e;
	int first = 1;

	member(f, "kernel", h->kernel);
	member(f, "kernel_version", h->kernel_version);
	member(f, "machine", h->machine);
	member(f, "host", h->host);
	member(f, "fio_version", h->fio_version);
	member(f, "ssdq_version", SSDQ_VERSION);
	fputs(",\n  \"errors\": [", f);
	for (e = tmp ? strtok_r(tmp, ";", &save) : NULL; e; e = strtok_r(NULL, ";", &save)) {
		fputs(first ? "" : ", ", f);
		ssdq_json_str(f, ssdq_trim(e));
		first = 0;
	}
	free(tmp);
	fputs("]\n}\n", f);
}
