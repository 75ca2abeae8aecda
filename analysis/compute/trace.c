// SPDX-License-Identifier: GPL-2.0-only
#include <stdio.h>
#include <string.h>

#include "trace.h"
#include "fio_jobs.h"
#include "report.h"

/* fio's blktrace magic (blktrace_api.h), in either byte order */
#define BLK_MAGIC	0x65617400u

static bool blktrace(const unsigned char *b)
{
	unsigned int le = b[0] | b[1] << 8 | b[2] << 16 | (unsigned int)b[3] << 24;
	unsigned int be = b[3] | b[2] << 8 | b[1] << 16 | (unsigned int)b[0] << 24;

	return (le & 0xffffff00u) == BLK_MAGIC || (be & 0xffffff00u) == BLK_MAGIC;
}

/*
 * The longest gap between two timed lines: v3 times are µs from the start,
 * v2 "wait" lines ms from it (the start itself their first time: a v2
 * trace without a wait replays without idle).
 */
static void idle_gaps(FILE *f, int v, struct rpt_fig *out)
{
	char line[4096], a[257], b[257];
	unsigned long long t, last = 0, max = 0, off;
	bool any = v == 2;
	unsigned int len;

	while (fgets(line, sizeof(line), f)) {
		if (v == 3) {
			if (sscanf(line, "%llu %256s %256s", &t, a, b) != 3)
				continue;
		} else {
			if (sscanf(line, "%256s %256s %llu %u", a, b, &off, &len) != 4 ||
			    strcmp(b, "wait"))
				continue;
			t = off * 1000;
		}
		if (any && t > last && t - last > max)
			max = t - last;
		last = t;
		any = true;
	}
	if (!any)
		rpt_fig_null(out, "the trace has no timed line");
	else
		rpt_fig_set(out, max / 1000.0);
}

bool rpt_trace_read(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
		    const char *dir, struct rpt_job *j)
{
	const char *name = rpt_fio_option(run, e, "read_iolog");
	struct rpt_trace *tr = &j->trace;
	char path[4096], head[64];
	unsigned char magic[4];
	FILE *f;

	if (!name || !*name)
		return false;
	j->has_trace = true;
	snprintf(tr->file, sizeof(tr->file), "%s", name);
	tr->no_stall = rpt_fio_option_on(run, e, "replay_no_stall", false);
	f = fopen(name, "rb");
	if (!f && name[0] != '/') {
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		f = fopen(path, "rb");
	}
	if (!f) {
		rpt_fig_null(&tr->idle_max_ms, "cannot read the trace %s", name);
	} else if (fread(magic, 1, 4, f) == 4 && blktrace(magic)) {
		tr->format = "blktrace";
		rpt_fig_null(&tr->idle_max_ms, "a blktrace binary: replayed with its recorded gaps");
	} else if (rewind(f), !fgets(head, sizeof(head), f)) {
		rpt_fig_null(&tr->idle_max_ms, "the trace %s is empty", name);
	} else if (!strncmp(head, "fio version 3 iolog", 19)) {
		tr->format = "iolog v3";
		idle_gaps(f, 3, &tr->idle_max_ms);
	} else if (!strncmp(head, "fio version 2 iolog", 19)) {
		tr->format = "iolog v2";
		idle_gaps(f, 2, &tr->idle_max_ms);
	} else {
		rpt_fig_null(&tr->idle_max_ms, "%s is neither an fio iolog nor a blktrace", name);
	}
	if (f)
		fclose(f);
	if (tr->no_stall)
		rpt_fig_set(&tr->idle_max_ms, 0);
	return true;
}

void rpt_trace_figures(struct rpt_job *j)
{
	j->trace.mbps = j->mbps;
	j->trace.lat_mean_us = j->lat_mean_us;
	j->trace.lat_p99_us = j->lat_p99_us;
	j->trace.energy_j = j->energy_j;
}
