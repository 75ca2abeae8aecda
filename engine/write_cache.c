// SPDX-License-Identifier: GPL-2.0-only
/* The volatile write cache: set before a run's jobs, put back after it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ssdq.h"
#include "sidecar.h"
#include "write_cache.h"

#define WC_FILES	8

/* the files this process set: inherited by the job processes fio forks */
static struct wc_file {
	char file[512];
	const struct ssdq_target_ops *t;
	int was;		/* 1 on, 0 off before the run */
	int set;		/* what the run set */
} wc[WC_FILES];
static int nwc;
static pid_t owner;		/* the process that set them, the one to put them back */

static const char *const want_name[] = { "keep", "on", "off" };

static struct wc_file *find(const char *file)
{
	for (int i = 0; i < nwc; i++)
		if (!strcmp(wc[i].file, file))
			return &wc[i];
	return NULL;
}

/* runs in every process that unloads the engine: only the one that set it acts */
static void restore(void)
{
	char err[256];

	if (getpid() != owner)
		return;
	for (int i = 0; i < nwc; i++) {
		int ret;

		if (wc[i].was == wc[i].set)
			continue;
		ret = wc[i].t->write_cache(wc[i].file, wc[i].was, err, sizeof(err));
		if (ret < 0)	/* (put back, it is quiet: a round a line is enough) */
			ssdq_log("%s: could not put the volatile write cache back %s: %s",
				 wc[i].file, wc[i].was ? "on" : "off", err);
	}
	nwc = 0;
}

int ssdq_write_cache_setup(struct thread_data *td)
{
	const struct ssdq_target_ops *t = ssdq_target_of(td);
	struct ssdq_options *o = td->eo;
	static bool registered;
	struct fio_file *f;
	unsigned int i;

	if (o->write_cache == SSDQ_WC_KEEP)
		return 0;
	for_each_file(td, f, i) {
		int want = o->write_cache == SSDQ_WC_ON, was, ret;
		struct wc_file *w = find(f->file_name);
		char err[256];

		if (!w) {
			was = t->write_cache(f->file_name, -1, err, sizeof(err));
			if (was == -EOPNOTSUPP) {
				ssdq_log("%s: the drive has no volatile write cache: "
					 "ssdq_write_cache=%s has nothing to set", f->file_name,
					 want_name[o->write_cache]);
				continue;
			}
			if (was < 0 || nwc == WC_FILES) {
				ssdq_log("%s: ssdq_write_cache=%s: %s", f->file_name,
					 want_name[o->write_cache],
					 was < 0 ? err : "too many files of one run");
				td_verror(td, was < 0 ? -was : E2BIG, "ssdq_write_cache");
				return was < 0 ? was : -E2BIG;
			}
			w = &wc[nwc++];
			*w = (struct wc_file){ .t = t, .was = was, .set = was };
			snprintf(w->file, sizeof(w->file), "%s", f->file_name);
		}
		if (w->set == want)
			continue;
		ret = t->write_cache(f->file_name, want, err, sizeof(err));
		if (ret < 0) {
			ssdq_log("%s: ssdq_write_cache=%s: %s", f->file_name,
				 want_name[o->write_cache], err);
			td_verror(td, -ret, "ssdq_write_cache");
			return ret;
		}
		w->set = want;
		ssdq_log("%s: volatile write cache %s for this run (it was %s; put back after it)",
			 f->file_name, want ? "on" : "off", w->was ? "on" : "off");
		owner = getpid();
		if (!registered && !atexit(restore))
			registered = true;
	}
	return 0;
}

void ssdq_write_cache_event(struct thread_data *td)
{
	const struct ssdq_target_ops *t = ssdq_target_of(td);
	struct ssdq_options *o = td->eo;
	struct fio_file *f;
	unsigned int i;

	for_each_file(td, f, i) {
		const struct wc_file *w = find(f->file_name);
		char err[256], members[512];
		int on = t->write_cache(f->file_name, -1, err, sizeof(err));

		for (char *c = err; *c; c++)	/* the message goes into a JSON string */
			if (*c == '"' || *c == '\\' || (unsigned char)*c < 0x20)
				*c = '\'';
		if (on == -EOPNOTSUPP)
			snprintf(members, sizeof(members), ",\"present\":false,\"asked\":\"%s\"",
				 want_name[o->write_cache]);
		else if (on < 0)
			snprintf(members, sizeof(members),
				 ",\"present\":null,\"asked\":\"%s\",\"msg\":\"%.300s\"",
				 want_name[o->write_cache], err);
		else if (w)
			snprintf(members, sizeof(members), ",\"present\":true,\"enabled\":%s,"
				 "\"asked\":\"%s\",\"was\":%s", on ? "true" : "false",
				 want_name[o->write_cache], w->was ? "true" : "false");
		else
			snprintf(members, sizeof(members), ",\"present\":true,\"enabled\":%s,"
				 "\"asked\":\"%s\",\"was\":null", on ? "true" : "false",
				 want_name[o->write_cache]);
		ssdq_event_json(td, ssdq_realtime_us(), "write_cache", members);
	}
}
