// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source.h"
#include "util.h"

static const struct ssdq_source_ops *const source_types[] = {
	&ssdq_source_hwmon,
	&ssdq_source_cmd,
	&ssdq_source_qis,
	&ssdq_source_nvme_ps,
	&ssdq_source_nvme_pm,
};

int ssdq_source_open(const char *spec, const struct ssdq_source_cfg *cfg,
		     struct ssdq_source **out, char *err, size_t errlen)
{
	static const struct ssdq_source_cfg defaults = { .rate_hz = 10 };
	const struct ssdq_source_ops *ops = NULL;
	struct ssdq_source *src;
	const char *arg = "";
	size_t tlen;
	int ret;

	*out = NULL;
	if (!cfg)
		cfg = &defaults;
	tlen = strcspn(spec, ":");
	for (size_t i = 0; cfg->extra_types && cfg->extra_types[i] && !ops; i++)
		if (strlen(cfg->extra_types[i]->type) == tlen &&
		    !strncmp(spec, cfg->extra_types[i]->type, tlen))
			ops = cfg->extra_types[i];
	for (size_t i = 0; !ops && i < sizeof(source_types) / sizeof(source_types[0]); i++) {
		if (strlen(source_types[i]->type) == tlen &&
		    !strncmp(spec, source_types[i]->type, tlen)) {
			ops = source_types[i];
			break;
		}
	}
	if (!ops) {
		snprintf(err, errlen, "power source \"%s\": unknown type \"%.*s\" "
			 "(hwmon:, cmd:, qis:, nvme-ps, nvme-pm)", spec, (int)tlen, spec);
		return -EINVAL;
	}
	if (spec[tlen] == ':')
		arg = spec + tlen + 1;
	src = calloc(1, sizeof(*src));
	if (!src) {
		snprintf(err, errlen, "power source \"%s\": out of memory", spec);
		return -ENOMEM;
	}
	src->ops = ops;
	src->wait_fd = -1;
	snprintf(src->spec, sizeof(src->spec), "%s", spec);
	src->unit = "W";
	ret = ops->open(src, arg, cfg, err, errlen);
	if (ret) {
		free(src);
		return ret;
	}
	*out = src;
	return 0;
}

int ssdq_source_energy(struct ssdq_source *src, int64_t now_us, struct ssdq_energy *out)
{
	if (!src->ops->energy)
		return -ENODATA;
	return src->ops->energy(src, now_us, out);
}

int ssdq_source_read(struct ssdq_source *src, int64_t now_us,
		     struct ssdq_sample *out, int max)
{
	int n = src->ops->read(src, now_us, out, max);

	for (int i = 0; i < n; i++) {
		out[i].source = src->spec;
		if (!out[i].rail)
			out[i].rail = src->rail;
		if (!out[i].unit)
			out[i].unit = src->unit;
		out[i].estimated = src->estimated;
	}
	return n;
}

void ssdq_source_close(struct ssdq_source *src)
{
	if (!src)
		return;
	src->ops->close(src);
	free(src);
}

int ssdq_source_split(const char *str, const char **specs, int max,
		      char *buf, size_t buflen)
{
	char *p, *semi;
	int n = 0;

	if (strlen(str) >= buflen)
		return -E2BIG;
	strcpy(buf, str);
	p = buf;
	while (*p) {
		p = ssdq_trim(p);
		if (!*p)
			break;
		if (n >= max)
			return -E2BIG;
		specs[n++] = p;
		semi = strncmp(p, "cmd:", 4) ? strchr(p, ';') : NULL;
		if (!semi) {
			ssdq_trim(p);
			break;
		}
		*semi = '\0';
		ssdq_trim(p);
		p = semi + 1;
	}
	return n;
}
