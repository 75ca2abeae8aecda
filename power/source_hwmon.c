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
 *
 * An energy counter, energyN_input (µJ: the INA238, INA780 and the like),
 * is read with every power reading and kept as an account since open
 * (&struct ssdq_energy): energy=N[+N...] names its channels, energy=none
 * ignores them, and without energy= every energyN_input found is summed.
 * A counter that goes back has wrapped: by energy_wrap=UJ (its modulus,
 * e.g. the chip's register width times its LSB) when given, else the span
 * between the two readings is bridged with the power read (one channel;
 * with several, the account is then refused). A counter that stands while
 * the power read says it should have moved by 1 J over 2 s has stopped.
 * Each read opens the attribute files afresh, so a sensor that vanishes
 * (driver unbound, device gone) is noticed and one that comes back is used
 * again.
 */
#include <dirent.h>
#include <stdbool.h>
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

/* a counter that stands this long while the power read says 1 J passed has stopped */
#define EN_STOP_US	2000000
#define EN_STOP_UJ	1e6

struct hwmon_energy {
	unsigned int chan[HWMON_MAX_CHAN];
	int n;
	bool off;			/* energy=none */
	unsigned long long wrap_uj;	/* energy_wrap=, 0: unknown */
	unsigned long long last[HWMON_MAX_CHAN];
	int64_t last_t;			/* time of the last reading */
	double last_w;			/* power read then */
	double expect_uj;		/* what the power read says passed since adv_t */
	int64_t adv_t;			/* when the counter last advanced */
	bool refused;			/* a drop of unknown width on several channels */
	char why[200];			/* what the last failed reading met */
	struct ssdq_energy acct;
};

struct hwmon_priv {
	char dir[PATH_MAX];
	struct hwmon_chan chan[HWMON_MAX_CHAN];
	int nchan;
	struct hwmon_energy en;
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

static int read_counter(const char *dir, unsigned int n, unsigned long long *uj)
{
	char path[PATH_MAX], line[32], *end;
	int ret;

	if (attr_path(path, sizeof(path), dir, "energy%u_input", n))
		return -ENAMETOOLONG;
	ret = ssdq_read_line(path, line, sizeof(line));
	if (ret < 0)
		return ret;
	errno = 0;
	*uj = strtoull(line, &end, 10);
	return end == line || *end || errno ? -EINVAL : 0;
}

static int parse_energy(struct hwmon_energy *en, const char *list, const char *dir,
			const char *spec, char *err, size_t errlen)
{
	const char *s = list;
	unsigned long long v;
	char *end;

	if (!strcmp(list, "none")) {
		en->off = true;
		return 0;
	}
	while (*s) {
		unsigned long n = strtoul(s, &end, 10);

		if (end == s || n > 64 || (*end && *end != '+') || en->n == HWMON_MAX_CHAN) {
			snprintf(err, errlen, "power source \"%s\": bad energy= list \"%s\" "
				 "(energy channel numbers joined by '+', or none)", spec, list);
			return -EINVAL;
		}
		if (read_counter(dir, (unsigned int)n, &v)) {
			snprintf(err, errlen, "power source \"%s\": %s has no readable "
				 "energy%lu_input", spec, dir, n);
			return -ENOENT;
		}
		en->chan[en->n++] = (unsigned int)n;
		s = *end ? end + 1 : end;
	}
	return 0;
}

static void probe_energy(struct hwmon_energy *en, const char *dir)
{
	unsigned long long v;

	for (unsigned int n = 0; n <= 32 && en->n < HWMON_MAX_CHAN; n++)
		if (!read_counter(dir, n, &v))
			en->chan[en->n++] = n;
}

/* Fold the counters' reading at @now_us into the account; @watts is the power read then. */
static int energy_step(struct hwmon_energy *en, const char *dir, int64_t now_us, double watts)
{
	unsigned long long v[HWMON_MAX_CHAN];
	double span_uj, add = 0;
	bool moved = false;
	int ret;

	if (!en->last_t) {
		/* the first reading: no span before it to bridge or to stand in */
		en->last_t = en->adv_t = now_us;
		en->last_w = watts;
	}
	span_uj = en->last_w * (double)(now_us - en->last_t);

	for (int i = 0; i < en->n; i++) {
		ret = read_counter(dir, en->chan[i], &v[i]);
		if (ret) {
			snprintf(en->why, sizeof(en->why), "energy%u_input of %.160s: %s",
				 en->chan[i], dir, strerror(-ret));
			return ret;
		}
	}
	for (int i = 0; i < en->n; i++) {
		if (v[i] >= en->last[i]) {
			add += (double)(v[i] - en->last[i]);
		} else if (en->wrap_uj && en->last[i] < en->wrap_uj) {
			add += (double)(en->wrap_uj - en->last[i] + v[i]);
			en->acct.wraps++;
		} else if (en->n == 1) {
			add += span_uj;
			en->acct.bridged_uj += span_uj;
			en->acct.drops++;
		} else {
			en->refused = true;
		}
		moved |= v[i] != en->last[i];
		en->last[i] = v[i];
	}
	en->acct.uj += add;
	if (moved) {
		en->adv_t = now_us;
		en->expect_uj = 0;
		en->acct.stopped_us = 0;
	} else {
		en->expect_uj += span_uj;
		if (en->expect_uj >= EN_STOP_UJ && now_us - en->adv_t >= EN_STOP_US)
			en->acct.stopped_us = en->adv_t;
	}
	en->last_t = now_us;
	en->last_w = watts;
	en->acct.time_us = now_us;
	return 0;
}

static int hwmon_energy(struct ssdq_source *src, int64_t now_us, struct ssdq_energy *out)
{
	struct hwmon_priv *p = src->priv;
	int ret;

	if (!p->en.n)
		return -ENODATA;
	ret = energy_step(&p->en, p->dir, now_us, p->en.last_w);
	if (ret) {
		snprintf(src->err, sizeof(src->err), "%s", p->en.why);
		return ret;
	}
	if (p->en.refused) {
		snprintf(src->err, sizeof(src->err), "an energy counter of %.160s went back and "
			 "its width is unknown (give energy_wrap=UJ)", p->dir);
		return -ERANGE;
	}
	*out = p->en.acct;
	return 0;
}

/* The energy counters at open: named, none, or every one found. */
static int open_energy(struct hwmon_priv *p, const char *list, const char *wrap,
		       const char *spec, char *err, size_t errlen)
{
	char *end;

	if (wrap) {
		errno = 0;
		p->en.wrap_uj = strtoull(wrap, &end, 10);
		if (end == wrap || *end || errno || !p->en.wrap_uj) {
			snprintf(err, errlen, "power source \"%s\": bad energy_wrap=%s (the "
				 "counter's modulus in µJ, a positive integer)", spec, wrap);
			return -EINVAL;
		}
	}
	if (list) {
		int ret = parse_energy(&p->en, list, p->dir, spec, err, errlen);

		if (ret)
			return ret;
	} else {
		probe_energy(&p->en, p->dir);
	}
	if (p->en.off)
		p->en.n = 0;
	for (int i = 0; i < p->en.n; i++)
		if (read_counter(p->dir, p->en.chan[i], &p->en.last[i]))
			p->en.n = 0;	/* found a moment ago: parse_energy() names it */
	return 0;
}

static int hwmon_open(struct ssdq_source *src, const char *arg,
		      const struct ssdq_source_cfg *cfg, char *err, size_t errlen)
{
	const char *root = cfg->sysfs_root ? cfg->sysfs_root : "/sys";
	struct hwmon_priv *p;
	char where[PATH_MAX], *opt, *chans = NULL, *energy = NULL, *wrap = NULL;
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
		} else if (!strncmp(opt, "energy=", 7)) {
			energy = opt + 7;
		} else if (!strncmp(opt, "energy_wrap=", 12)) {
			wrap = opt + 12;
		} else {
			snprintf(err, errlen, "power source \"%s\": unknown option \"%s\" "
				 "(chan=N[+N...], energy=N[+N...]|none, energy_wrap=UJ)",
				 src->spec, opt);
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
	ret = open_energy(p, energy, wrap, src->spec, err, errlen);
	if (ret)
		goto fail;
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
	/* a counter missed once is caught up at the next reading; the power goes on */
	if (p->en.n) {
		if (energy_step(&p->en, p->dir, now_us, sum / 1e6))
			(void)0;	/* hwmon_energy() reads it again and says why */
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
	.energy = hwmon_energy,
	.close = hwmon_close,
};
