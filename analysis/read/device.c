// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "device.h"
#include "reader_json.h"

#define SCALE_MAX	1e6

static int dup_str(struct json_object *o, const char *key, const char *file,
		   const char *path, char **out, struct rpt_diag *d)
{
	const char *s = NULL;
	int ret = rpt_json_str(o, key, file, path, &s, d);

	if (ret <= 0)
		return ret;
	*out = strdup(s);
	return *out ? 1 : -ENOMEM;
}

/* "power_states": the descriptors; one it cannot read ends the table there. */
static void power_states(struct json_object *root, struct rpt_device *dev)
{
	struct json_object *a, *e, *v;

	if (!json_object_object_get_ex(root, "power_states", &a) ||
	    !json_object_is_type(a, json_type_array))
		return;
	for (size_t i = 0; i < json_object_array_length(a) && i < 32; i++) {
		struct rpt_psd *p = &dev->ps[i];

		e = json_object_array_get_idx(a, i);
		if (!json_object_is_type(e, json_type_object) ||
		    !json_object_object_get_ex(e, "max_power_w", &v) ||
		    !(json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int)))
			return;
		p->max_w = json_object_get_double(v);
		p->idle_w = json_object_object_get_ex(e, "idle_power_w", &v) &&
			    !json_object_is_type(v, json_type_null) ? json_object_get_double(v) : NAN;
		p->nonop = json_object_object_get_ex(e, "non_operational", &v) &&
			   json_object_get_boolean(v);
		p->enlat_us = json_object_object_get_ex(e, "entry_latency_us", &v) ?
			      json_object_get_double(v) : 0;
		p->exlat_us = json_object_object_get_ex(e, "exit_latency_us", &v) ?
			      json_object_get_double(v) : 0;
		dev->nps = (unsigned int)i + 1;
	}
}

static int parse(struct json_object *root, const char *file, struct rpt_device *dev,
		 struct rpt_diag *d)
{
	struct json_object *dm = NULL;
	const char *fmt = NULL;
	double scale = 1;
	int ret;

	if (rpt_json_str(root, "format", file, "", &fmt, d) < 0)
		return -EINVAL;
	if (!fmt || strcmp(fmt, "ssdq-device")) {
		rpt_diag_add(d, RPT_ERROR, "%s: format: expected \"ssdq-device\", got %s%s%s",
			     file, fmt ? "\"" : "", fmt ? fmt : "none", fmt ? "\"" : "");
		return -EINVAL;
	}
	if ((ret = dup_str(root, "model", file, "", &dev->model, d)) < 0 ||
	    (ret = dup_str(root, "serial", file, "", &dev->serial, d)) < 0 ||
	    (ret = dup_str(root, "firmware", file, "", &dev->firmware, d)) < 0)
		return ret;
	if (rpt_json_num(root, "capacity_bytes", file, "", &dev->capacity_bytes, d) < 0)
		return -EINVAL;
	rpt_provenance_parse(root, &dev->prov);
	power_states(root, dev);
	ret = rpt_json_typed(root, "drive_model", json_type_object, file, "", &dm, d);
	if (ret < 0)
		return ret;
	if (!ret)
		return 0;
	if ((ret = dup_str(dm, "preset", file, "drive_model", &dev->preset, d)) < 0)
		return ret;
	ret = rpt_json_num(dm, "scale", file, "drive_model", &scale, d);
	if (ret < 0)
		return ret;
	if (ret && (scale < 1 || scale > SCALE_MAX)) {
		rpt_diag_add(d, RPT_ERROR, "%s: drive_model.scale: %g is out of range (1 to %g); sizes are reported as measured",
			     file, scale, SCALE_MAX);
		return -EINVAL;
	}
	dev->scale = scale;
	return 0;
}

int rpt_device_load(const char *dir, struct rpt_device *dev, struct rpt_diag *d)
{
	return rpt_device_load_host(dir, NULL, dev, d);
}

int rpt_device_load_host(const char *dir, const char *host, struct rpt_device *dev,
			 struct rpt_diag *d)
{
	struct json_object *root = NULL;
	unsigned int ndocs;
	int ret;

	memset(dev, 0, sizeof(*dev));
	dev->scale = 1;
	if (host) {
		char *p;

		if (asprintf(&p, "%s/%s.%s", dir, RPT_DEVICE_FILE, host) < 0)
			return -ENOMEM;
		if (access(p, F_OK))
			free(p);
		else
			dev->path = p;
	}
	if (!dev->path && asprintf(&dev->path, "%s/%s", dir, RPT_DEVICE_FILE) < 0) {
		dev->path = NULL;
		return -ENOMEM;
	}
	if (access(dev->path, F_OK))
		return 0;
	ret = rpt_json_load(dev->path, &root, &ndocs, d);
	if (!ret)
		ret = parse(root, dev->path, dev, d);
	json_object_put(root);
	if (ret) {
		char *path = dev->path;

		dev->path = NULL;
		rpt_device_free(dev);
		dev->path = path;
		return ret == -ENOMEM ? ret : -EINVAL;
	}
	dev->present = true;
	return 1;
}

static int copy_str(char **dst, const char *src)
{
	if (!src) {
		*dst = NULL;
		return 0;
	}
	*dst = strdup(src);
	return *dst ? 0 : -ENOMEM;
}

int rpt_device_copy(struct rpt_device *dst, const struct rpt_device *src)
{
	*dst = *src;
	if (copy_str(&dst->path, src->path) || copy_str(&dst->model, src->model) ||
	    copy_str(&dst->serial, src->serial) || copy_str(&dst->firmware, src->firmware) ||
	    copy_str(&dst->preset, src->preset)) {
		/* the pointers not reached yet still point into @src */
		char **f[5] = { &dst->path, &dst->model, &dst->serial, &dst->firmware,
				&dst->preset };
		const char *s[5] = { src->path, src->model, src->serial, src->firmware,
				     src->preset };
		int i;

		for (i = 0; i < 5; i++)
			if (*f[i] != s[i])
				free(*f[i]);
		memset(dst, 0, sizeof(*dst));
		dst->scale = 1;
		return -ENOMEM;
	}
	return 0;
}

void rpt_device_free(struct rpt_device *dev)
{
	if (!dev)
		return;
	free(dev->path);
	free(dev->model);
	free(dev->serial);
	free(dev->firmware);
	free(dev->preset);
	memset(dev, 0, sizeof(*dev));
	dev->scale = 1;
}
