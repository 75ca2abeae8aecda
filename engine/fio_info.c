// SPDX-License-Identifier: GPL-2.0-only
/*
 * What fio knows of the job, in its events sidecar: the options at
 * job_start, fio's own counters and latency histogram at the end (fio_stats),
 * in the names of fio's JSON output, so that ssdq-report can build the job's
 * figures without that output (analysis/from_logs.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "ssdq.h"
#include "sidecar.h"
#include "parse.h"
#include "util.h"

static const char *const ddir_names[DDIR_RWDIR_CNT] = { "read", "write", "trim" };

static void opt_list(FILE *m, const char *key, struct flist_head *list)
{
	struct flist_head *entry;
	bool first = true;

	fprintf(m, ",\"%s\":{", key);
	flist_for_each(entry, list) {
		struct print_option *p = flist_entry(entry, struct print_option, list);

		if (!first)
			fputc(',', m);
		first = false;
		ssdq_json_str(m, p->name);
		fputc(':', m);
		/* fio prints a bare option ("thread") as "" */
		ssdq_json_str(m, p->value ? p->value : "");
	}
	fputc('}', m);
}

/* A members string built by @fill, handed to ssdq_event_json(). */
static void emit(struct thread_data *td, int64_t t_us, const char *name,
		 void (*fill)(struct thread_data *td, FILE *m, int arg), int arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	if (!m)
		return;
	fill(td, m, arg);
	if (!fclose(m))
		ssdq_event_json(td, t_us, name, buf);
	free(buf);
}

static void start_members(struct thread_data *td, FILE *m, int arg)
{
	(void)arg;
	fprintf(m, ",\"thread\":%d,\"groupid\":%d,\"fio\":", td->thread_number, td->groupid);
	ssdq_json_str(m, FIO_VERSION);
	opt_list(m, "global_options", &get_global_options()->opt_list);
	opt_list(m, "options", &td->opt_list);
}

void ssdq_event_job_start(struct thread_data *td)
{
	emit(td, ssdq_realtime_us(), "job_start", start_members, 0);
}

/* fio's add_ddir_lat_json(): min, max, mean, stddev, N, and json+ bins. */
static void lat(FILE *m, const char *key, struct io_stat *is, const uint64_t *plat)
{
	double n = (double)is->samples, dev = 0;
	unsigned int i, k = 0;

	if (!is->samples)
		return;
	if (n > 1)
		dev = sqrt(is->S.u.f / (n - 1));
	fprintf(m, ",\"%s\":{\"min\":%llu,\"max\":%llu,\"mean\":%.6f,\"stddev\":%.6f,\"N\":%llu",
		key, (unsigned long long)is->min_val, (unsigned long long)is->max_val,
		is->mean.u.f, dev, (unsigned long long)is->samples);
	for (i = 0; plat && i < FIO_IO_U_PLAT_NR; i++) {
		unsigned long long v;

		if (!plat[i])
			continue;
		/* fio's plat_idx_to_val(): the bucket's middle */
		if (i < FIO_IO_U_PLAT_VAL << 1) {
			v = i;
		} else {
			unsigned int eb = (i >> FIO_IO_U_PLAT_BITS) - 1;

			v = (1ULL << (eb + FIO_IO_U_PLAT_BITS)) +
			    (unsigned long long)((i % FIO_IO_U_PLAT_VAL + 0.5) * (1ULL << eb));
		}
		fprintf(m, "%s\"%llu\":%llu", k++ ? "," : ",\"bins\":{", v,
			(unsigned long long)plat[i]);
	}
	fputs(k ? "}}" : "}", m);
}

static void stats_members(struct thread_data *td, FILE *m, int dd)
{
	struct thread_stat *ts = &td->ts;

	fprintf(m, ",\"ddir\":\"%s\",\"job_runtime\":%llu,\"stats\":{\"io_bytes\":%llu,"
		"\"total_ios\":%llu,\"short_ios\":%llu,\"drop_ios\":%llu,\"runtime\":%llu",
		ddir_names[dd], (unsigned long long)ts->total_run_time,
		(unsigned long long)td->io_bytes[dd], (unsigned long long)ts->total_io_u[dd],
		(unsigned long long)ts->short_io_u[dd], (unsigned long long)ts->drop_io_u[dd],
		(unsigned long long)ts->runtime[dd]);
	lat(m, "slat_ns", &ts->slat_stat[dd], NULL);
	/* one histogram a line (at most 1856 bins, 45 kB): the one fio reports */
	lat(m, "clat_ns", &ts->clat_stat[dd], ts->clat_percentiles && !ts->lat_percentiles ?
		ts->io_u_plat[FIO_CLAT][dd] : NULL);
	lat(m, "lat_ns", &ts->lat_stat[dd], ts->lat_percentiles ? ts->io_u_plat[FIO_LAT][dd] : NULL);
	fputc('}', m);
}

void ssdq_event_fio_stats(struct thread_data *td, int64_t t_us)
{
	int dd;

	for (dd = 0; dd < DDIR_RWDIR_CNT; dd++)
		if (td->io_bytes[dd] || td->ts.total_io_u[dd])
			emit(td, t_us, "fio_stats", stats_members, dd);
}
