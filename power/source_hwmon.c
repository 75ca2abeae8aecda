// SPDX-License-Identifier: GPL-2.0-only
/*
 * hwmon: Linux hwmon power sensors.
 *
 *	hwmon:<dir>[,chan=N[+N...]]	a hwmon device directory
 *	hwmon:<name>[,chan=...]		the first <root>/class/hwmon/hwmon* whose
 *					"name" attribute is <name>
 *
 * Channel N is powerN_input (µW), else powerN_average (µW), else
 * inN_input (mV) × currN_input (mA), as on the INA3221, which has no power
 * attribute. Without chan= every channel found is summed: the power
 * channels when there are any, else every in/curr pair.
 * Each read opens the attribute files afresh, so a sensor that vanishes
 * (driver unbound, device gone) is noticed and one that comes back is used
 * again.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source.h"
#include "util.h"

#define HWMON_MAX_CHAN	16

enum hwmon_kind { HW_POWER_INPUT, HW_POWER_AVERAGE, HW_VI };

struct hwmon_chan {
	enum hwmon_kind kind;
	unsigned int n;
	char label[32];
};

struct hwmon_priv {
	char dir[PATH_MAX];
	struct hwmon_chan chan[HWMON_MAX_CHAN];
	int nchan;
};

static int attr_path(char *buf, size_t len, const char *dir, const char *fmt,
		     unsigned int n)
{
	char name[64];

	snprintf(name, sizeof(name), fmt, n);
	return snprintf(buf, len, "%s/%s", dir, name) >= (int)len ? -ENAMETOOLONG : 0;
}

static int attr_ll(const char *dir, const char *fmt, unsigned int n, long long *v)
{
	char path[PATH_MAX];

	if (attr_path(path, sizeof(path), dir, fmt, n))
		return -ENAMETOOLONG;
	return ssdq_read_ll(path, v);
}

/* Which kind channel @n is, or -ENOENT when it has no power reading. */
static int probe_chan(const char *dir, unsigned int n, struct hwmon_chan *c)
{
	char path[PATH_MAX];
	long long v;

	memset(c, 0, sizeof(*c));
	c->n = n;
	if (!attr_ll(dir, "power%u_input", n, &v)) {
		c->kind = HW_POWER_INPUT;
		snprintf(path, sizeof(path), "%s/power%u_label", dir, n);
	} else if (!attr_ll(dir, "power%u_average", n, &v)) {
		c->kind = HW_POWER_AVERAGE;
		snprintf(path, sizeof(path), "%s/power%u_label", dir, n);
	} else if (!attr_ll(dir, "in%u_input", n, &v) && !attr_ll(dir, "curr%u_input", n, &v)) {
		c->kind = HW_VI;
		snprintf(path, sizeof(path), "%s/in%u_label", dir, n);
	} else {
		return -ENOENT;
	}
	if (ssdq_read_line(path, c->label, sizeof(c->label)) <= 0) {
		if (c->kind == HW_VI)
			snprintf(c->label, sizeof(c->label), "in%u*curr%u", n, n);
		else
			snprintf(c->label, sizeof(c->label), "power%u", n);
	}
	return 0;
}

/* Read channel @c in µW. */
static int read_chan(const char *dir, const struct hwmon_chan *c, double *uw)
{
	long long mv, ma, v;
	int ret;

	switch (c->kind) {
	case HW_POWER_INPUT:
		ret = attr_ll(dir, "power%u_input", c->n, &v);
		*uw = (double)v;
		return ret;
	case HW_POWER_AVERAGE:
		ret = attr_ll(dir, "power%u_average", c->n, &v);
		*uw = (double)v;
		return ret;
	case HW_VI:
		ret = attr_ll(dir, "in%u_input", c->n, &mv);
		if (!ret)
			ret = attr_ll(dir, "curr%u_input", c->n, &ma);
		*uw = (double)mv * (double)ma;
		return ret;
	}
	return -EINVAL;
}

static int find_by_name(const char *root, const char *name, char *dir, size_t len)
{
	char base[PATH_MAX], path[PATH_MAX], got[64];
	struct dirent *de;
	int found = 0;
	DIR *d;

	snprintf(base, sizeof(base), "%s/class/hwmon", root);
	d = opendir(base);
	if (!d)
		return -errno;
	while (!found && (de = readdir(d))) {
		if (strncmp(de->d_name, "hwmon", 5))
			continue;
		if (snprintf(path, sizeof(path), "%s/%s/name", base, de->d_name) >=
		    (int)sizeof(path))
			continue;
		if (ssdq_read_line(path, got, sizeof(got)) > 0 && !strcmp(got, name)) {
			found = snprintf(dir, len, "%s/%s", base, de->d_name) < (int)len;
		}
	}
	closedir(d);
	return found ? 0 : -ENOENT;
}

static int parse_chans(struct hwmon_priv *p, const char *list, char *err, size_t errlen,
		       const char *spec)
{
	const char *s = list;
	char *end;

	while (*s) {
		unsigned long n = strtoul(s, &end, 10);

		if (end == s || n == 0 || n > 64 || (*end && *end != '+')) {
			snprintf(err, errlen, "power source \"%s\": bad chan= list \"%s\" "
				 "(channel numbers joined by '+', e.g. chan=1+2)", spec, list);
			return -EINVAL;
		}
		if (p->nchan == HWMON_MAX_CHAN) {
			snprintf(err, errlen, "power source \"%s\": more than %d channels",
				 spec, HWMON_MAX_CHAN);
			return -E2BIG;
		}
		if (probe_chan(p->dir, (unsigned int)n, &p->chan[p->nchan])) {
			snprintf(err, errlen, "power source \"%s\": %s has no power%lu_input, "
				 "power%lu_average or in%lu_input+curr%lu_input", spec, p->dir,
				 n, n, n, n);
			return -ENOENT;
		}
		p->nchan++;
		s = *end ? end + 1 : end;
	}
	return 0;
}

static void probe_all(struct hwmon_priv *p)
{
	struct hwmon_chan c;
	int want_power;

	/* The power channels when there are any, else the V×I pairs. */
	for (want_power = 1; want_power >= 0 && !p->nchan; want_power--) {
		for (unsigned int n = 0; n <= 32 && p->nchan < HWMON_MAX_CHAN; n++) {
			if (probe_chan(p->dir, n, &c))
				continue;
			if ((c.kind != HW_VI) == want_power)
				p->chan[p->nchan++] = c;
		}
	}
}

static int hwmon_open(struct ssdq_source *src, const char *arg,
		      const struct ssdq_source_cfg *cfg, char *err, size_t errlen)
{
	const char *root = cfg->sysfs_root ? cfg->sysfs_root : "/sys";
	struct hwmon_priv *p;
	char where[PATH_MAX], *opt, *chans = NULL;
	double uw;
	int ret;

	if (!*arg) {
		snprintf(err, errlen, "power source \"%s\": name a hwmon directory or device "
			 "name, e.g. hwmon:/sys/class/hwmon/hwmon3 or hwmon:ina3221", src->spec);
		return -EINVAL;
	}
	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	snprintf(where, sizeof(where), "%s", arg);
	for (opt = strchr(where, ','); opt; opt = strchr(opt, ',')) {
		*opt++ = '\0';
		if (!strncmp(opt, "chan=", 5)) {
			chans = opt + 5;
		} else {
			snprintf(err, errlen, "power source \"%s\": unknown option \"%s\" "
				 "(chan=N[+N...])", src->spec, opt);
			ret = -EINVAL;
			goto fail;
		}
	}
	if (where[0] == '/' || where[0] == '.') {
		snprintf(p->dir, sizeof(p->dir), "%s", where);
	} else if ((ret = find_by_name(root, where, p->dir, sizeof(p->dir)))) {
		snprintf(err, errlen, "power source \"%s\": no hwmon device named \"%s\" in "
			 "%s/class/hwmon", src->spec, where, root);
		goto fail;
	}
	if (chans) {
		ret = parse_chans(p, chans, err, errlen, src->spec);
		if (ret)
			goto fail;
	} else {
		probe_all(p);
		if (!p->nchan) {
			ret = -ENOENT;
			snprintf(err, errlen, "power source \"%s\": %s has no power*_input, "
				 "power*_average or in*_input+curr*_input attributes",
				 src->spec, p->dir);
			goto fail;
		}
	}
	src->rail[0] = '\0';
	for (int i = 0; i < p->nchan; i++) {
		size_t l = strlen(src->rail);

		snprintf(src->rail + l, sizeof(src->rail) - l, "%s%s", i ? "+" : "",
			 p->chan[i].label);
		ret = read_chan(p->dir, &p->chan[i], &uw);
		if (ret) {
			snprintf(err, errlen, "power source \"%s\": cannot read channel %u "
				 "of %s: %s", src->spec, p->chan[i].n, p->dir, strerror(-ret));
			goto fail;
		}
	}
	src->unit = p->chan[0].kind == HW_VI ? "mV*mA" : "uW";
	src->priv = p;
	return 0;
fail:
	free(p);
	return ret;
}

static int hwmon_read(struct ssdq_source *src, int64_t now_us,
		      struct ssdq_sample *out, int max)
{
	struct hwmon_priv *p = src->priv;
	double sum = 0, uw;
	int ret;

	if (max < 1)
		return 0;
	for (int i = 0; i < p->nchan; i++) {
		ret = read_chan(p->dir, &p->chan[i], &uw);
		if (ret) {
			snprintf(src->err, sizeof(src->err), "channel %u (%s) of %.160s: %s",
				 p->chan[i].n, p->chan[i].label, p->dir, strerror(-ret));
			return ret;
		}
		sum += uw;
	}
	memset(out, 0, sizeof(*out));
	out->time_us = now_us;
	out->watts = sum / 1e6;
	return 1;
}

static void hwmon_close(struct ssdq_source *src)
{
	free(src->priv);
	src->priv = NULL;
}

const struct ssdq_source_ops ssdq_source_hwmon = {
	.type = "hwmon",
	.open = hwmon_open,
	.read = hwmon_read,
	.close = hwmon_close,
};
