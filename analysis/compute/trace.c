// SPDX-License-Identifier: GPL-2.0-only
#include <stdio.h>
#include <stdlib.h>
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

/* Which of the trace's actions: 0 read, 1 write, 2 trim, -1 another (open, sync, wait) */
static int action(const char *a)
{
	return !strcmp(a, "read") ? 0 : !strcmp(a, "write") ? 1 : !strcmp(a, "trim") ? 2 : -1;
}

/*
 * The longest gap between two timed lines: v3 times are µs from the start,
 * v2 "wait" lines ms from it (the start itself their first time: a v2
 * trace without a wait replays without idle). And the reads' share of its
 * I/Os (reads, writes and trims).
 */
static void scan(FILE *f, int v, struct rpt_trace *tr)
{
	char line[4096], a[257], b[257];
	unsigned long long t, last = 0, max = 0, off, ios[3] = { 0 };
	bool any = v == 2;
	unsigned int len;
	int k;

	while (fgets(line, sizeof(line), f)) {
		if (v == 3) {
			if (sscanf(line, "%llu %256s %256s", &t, a, b) != 3)
				continue;
		} else {
			if (sscanf(line, "%256s %256s %llu %u", a, b, &off, &len) != 4)
				continue;
			if ((k = action(b)) >= 0)
				ios[k]++;
			if (strcmp(b, "wait"))
				continue;
			t = off * 1000;
		}
		if (v == 3 && (k = action(b)) >= 0)
			ios[k]++;
		if (any && t > last && t - last > max)
			max = t - last;
		last = t;
		any = true;
	}
	if (!any)
		rpt_fig_null(&tr->idle_max_ms, "the trace has no timed line");
	else
		rpt_fig_set(&tr->idle_max_ms, max / 1000.0);
	if (ios[0] + ios[1] + ios[2])
		rpt_fig_set(&tr->read_pct, 100.0 * (double)ios[0] / (double)(ios[0] + ios[1] + ios[2]));
	else
		rpt_fig_null(&tr->read_pct, "the trace has no read, write or trim");
}

/* The job's rw and read share: the trace's, not fio's rw option (which a replay ignores) */
static void replay_rw(struct rpt_job *j)
{
	char *rw = strdup(RPT_TRACE_RW);

	if (rw) {
		free(j->rw);
		j->rw = rw;
	}
	j->read_pct = j->trace.read_pct;
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
		rpt_fig_null(&tr->read_pct, "a blktrace binary: its actions are not counted");
	} else if (rewind(f), !fgets(head, sizeof(head), f)) {
		rpt_fig_null(&tr->idle_max_ms, "the trace %s is empty", name);
	} else if (!strncmp(head, "fio version 3 iolog", 19)) {
		tr->format = "iolog v3";
		scan(f, 3, tr);
	} else if (!strncmp(head, "fio version 2 iolog", 19)) {
		tr->format = "iolog v2";
		scan(f, 2, tr);
	} else {
		rpt_fig_null(&tr->idle_max_ms, "%s is neither an fio iolog nor a blktrace", name);
	}
	if (f)
		fclose(f);
	if (!tr->format)
		rpt_fig_null(&tr->read_pct, "%s", tr->idle_max_ms.why);
	if (tr->no_stall)
		rpt_fig_set(&tr->idle_max_ms, 0);
	replay_rw(j);
	return true;
}

void rpt_trace_figures(struct rpt_job *j)
{
	j->trace.mbps = j->mbps;
	j->trace.lat_mean_us = j->lat_mean_us;
	j->trace.lat_p99_us = j->lat_p99_us;
	j->trace.energy_j = j->energy_j;
}
