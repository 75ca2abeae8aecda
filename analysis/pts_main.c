// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdq-pts: the SNIA PTS steady-state rule over a test's rounds, for the
 * runner (which stops the rounds when it holds) and for a person; and the
 * points of a demand-intensity ladder the histogram runs go to.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "pts_di.h"
#include "pts_steady.h"
#include "pts_track.h"
#include "report.h"
#include "ssdq_version.h"

#define MAX_VARS	4

static void usage(FILE *f)
{
	fprintf(f,
		"usage: ssdq-pts steady --track JOB:DIR:FIGURE [--track ...] [--json] ROUND.json...\n"
		"       ssdq-pts picks LADDER.json\n"
		"       ssdq-pts --version | --help\n"
		"The SNIA PTS v2.0.2 steady-state rule over a test's rounds, one fio JSON\n"
		"file per round, round 1 first: the first window of %d rounds in which each\n"
		"tracking variable's range is at most %.0f %% of its average and its fitted\n"
		"line moves at most %.0f %% of it. DIR: read or write; FIGURE: iops, mbps\n"
		"or lat (mean total latency, us); e.g. --track r0-4k:write:iops.\n"
		"  -t, --track JOB:DIR:FIGURE  a tracking variable (at most %d)\n"
		"  -j, --json                  one JSON object instead of text\n"
		"  -h, --help                  this text\n"
		"  -V, --version               the version of ssdq\n"
		"picks: the points of an ECW or DIRTH demand-intensity ladder (jobs tTCqQD)\n"
		"its histogram runs go to, as SSDQ_PTS_DI_{MAX,MID,MIN}_{TC,QD}=N lines:\n"
		"MaxIOPS the most IOPS within a mean response time of %.0f us (else the\n"
		"most IOPS), MidIOPS the IOPS nearest halfway between the most and\n"
		"MinIOPS's, MinIOPS the fewest outstanding I/Os (T1Q1).\n"
		"Exit status: 0 steady (picks: done), 1 not steady (yet), 2 a usage or\n"
		"input error.\n",
		RPT_PTS_WINDOW, RPT_PTS_DATA_EXCURSION * 100, RPT_PTS_SLOPE_EXCURSION * 100, MAX_VARS,
		RPT_PTS_DI_CEILING_US);
}

static void print_diag(const struct rpt_diag *d)
{
	for (size_t i = 0; i < d->n; i++)
		fprintf(stderr, "ssdq-pts: %s\n", d->msg[i]);
}

static const char *fig_name(enum rpt_pts_figure f)
{
	return f == RPT_PTS_IOPS ? "IOPS" : f == RPT_PTS_MBPS ? "MB/s" : "us";
}

static void print_text(const struct rpt_pts_var *v, const double *y, int n,
		       const struct rpt_pts_window *w)
{
	printf("%s %s %s: rounds", v->job, v->write ? "write" : "read", fig_name(v->fig));
	for (int i = 0; i < n; i++)
		printf(" %.6g", y[i]);
	printf("\n  %s window rounds %d-%d: average %.6g, range %.1f %% (<= %.0f %%), "
	       "fitted line moves %.1f %% (<= %.0f %%)\n",
	       w->steady ? "steady:" : "not steady; last", w->first, w->last, w->avg,
	       w->data_excursion * 100, RPT_PTS_DATA_EXCURSION * 100,
	       w->slope_excursion * 100, RPT_PTS_SLOPE_EXCURSION * 100);
	if (w->zero_round)
		printf("  round %d did no I/O: no window holding it is steady\n", w->zero_round);
}

static void print_json(const struct rpt_pts_var *v, const double *y, int n,
		       const struct rpt_pts_window *w, int last)
{
	printf("{\"job\":\"%s\",\"dir\":\"%s\",\"figure\":\"%s\",\"rounds\":[",
	       v->job, v->write ? "write" : "read",
	       v->fig == RPT_PTS_IOPS ? "iops" : v->fig == RPT_PTS_MBPS ? "mbps" : "lat_us");
	for (int i = 0; i < n; i++)
		printf("%s%.17g", i ? "," : "", y[i]);
	printf("],\"steady\":%s,\"window\":[%d,%d],\"average\":%.17g,\"slope\":%.17g,"
	       "\"intercept\":%.17g,", w->steady ? "true" : "false", w->first, w->last, w->avg,
	       w->slope, w->intercept);
	if (w->zero_round)	/* JSON has no infinity */
		printf("\"data_excursion\":null,\"slope_excursion\":null,\"zero_round\":%d}%s",
		       w->zero_round, last ? "" : ",");
	else
		printf("\"data_excursion\":%.17g,\"slope_excursion\":%.17g}%s",
		       w->data_excursion, w->slope_excursion, last ? "" : ",");
}

static int steady(struct rpt_pts_var *v, int nv, double **y, int n, bool json)
{
	struct rpt_pts_window w[MAX_VARS];
	int k, ok;

	ok = rpt_pts_steady_all((const double *const *)y, nv, n, w);
	if (ok < 0)
		return 2;
	if (json) {
		printf("{\"ssdq_version\":\"%s\",\"rule\":\"SNIA PTS v2.0.2\",\"rounds\":%d,"
		       "\"steady\":%s,\"tracks\":[", SSDQ_VERSION, n, ok ? "true" : "false");
		for (k = 0; k < nv; k++)
			print_json(&v[k], y[k], n, &w[k], k == nv - 1);
		printf("]}\n");
	} else {
		for (k = 0; k < nv; k++)
			print_text(&v[k], y[k], n, &w[k]);
		if (ok)
			printf("steady state: rounds %d-%d\n", w[0].first, w[0].last);
		else if (n > RPT_PTS_MAX_ROUNDS)
			printf("not at steady state after %d rounds (the PTS stops there: "
			       "rounds %d-%d not looked at)\n", RPT_PTS_MAX_ROUNDS,
			       RPT_PTS_MAX_ROUNDS + 1, n);
		else
			printf("not at steady state after %d round%s%s\n", n, n == 1 ? "" : "s",
			       n == RPT_PTS_MAX_ROUNDS ? " (the PTS stops at 25)" : "");
	}
	return ok ? 0 : 1;
}

/* picks LADDER.json: the histogram runs' points, NAME=VALUE lines */
static int picks(char *path)
{
	static const char *const var[] = { "MAX", "MID", "MIN" };
	struct rpt_report r = { 0 };
	struct rpt_pts_di *di = NULL;
	int ret;

	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stderr, "ssdq-pts: picks: %s: %s\n", path, strerror(errno));
		return 2;
	}
	fclose(f);
	ret = rpt_report_load(&path, 1, &r);
	if (ret || !r.nt) {
		fprintf(stderr, "ssdq-pts: picks: %s: %s\n", path,
			ret ? strerror(-ret) : "no fio run in it");
		rpt_report_free(&r);
		return 2;
	}
	ret = rpt_pts_di_build(&r, 0, &di);
	if (ret || di->n < 2 || rpt_pts_di_hrun_point(di, RPT_DI_HRUN_MAX) < 0) {
		fprintf(stderr, "ssdq-pts: picks: %s: %s\n", path, ret ? strerror(-ret) :
			"no ladder: fewer than two points with I/O (jobs tTCqQD, e.g. t32q32, t1q1)");
		rpt_pts_di_free(di);
		rpt_report_free(&r);
		return 2;
	}
	for (int k = 0; k < RPT_DI_NHRUNS; k++) {
		const struct rpt_pts_di_point *p = &di->pt[rpt_pts_di_hrun_point(di, k)];

		printf("SSDQ_PTS_DI_%s_TC=%u\nSSDQ_PTS_DI_%s_QD=%u\n", var[k], p->tc, var[k], p->qd);
		fprintf(stderr, "ssdq-pts: %s: %s %s, %.0f IOPS at %.1f us mean%s\n", path,
			rpt_pts_di_hrun_name(k), p->c.name, p->c.iops.v,
			p->c.lat_mean_us.ok ? p->c.lat_mean_us.v : NAN,
			k == RPT_DI_HRUN_MAX && di->pick[RPT_DI_OPTIMAL] < 0 ?
			" (no point within the ceiling: the most IOPS)" : "");
	}
	rpt_pts_di_free(di);
	rpt_report_free(&r);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "track", required_argument, NULL, 't' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 },
	};
	struct rpt_pts_var v[MAX_VARS];
	double *y[MAX_VARS] = { 0 };
	struct rpt_diag d = { 0 };
	bool json = false;
	int nv = 0, c, n, ret = 2;

	/* options anywhere: getopt moves the command and the files to the end */
	while ((c = getopt_long(argc, argv, "t:jhV", opts, NULL)) != -1) {
		switch (c) {
		case 't':
			if (nv == MAX_VARS) {
				fprintf(stderr, "ssdq-pts: --track: at most %d\n", MAX_VARS);
				return 2;
			}
			if (rpt_pts_var_parse(optarg, &v[nv])) {
				fprintf(stderr, "ssdq-pts: --track %s: give JOB:DIR:FIGURE, DIR read or "
					"write, FIGURE iops, mbps or lat (e.g. r0-4k:write:iops)\n", optarg);
				return 2;
			}
			nv++;
			break;
		case 'j':
			json = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("ssdq-pts (ssdq) %s\n", SSDQ_VERSION);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc && !strcmp(argv[optind], "picks")) {
		if (argc - optind != 2 || nv || json) {
			fprintf(stderr, "ssdq-pts: picks: give one ladder's fio JSON file, no options\n");
			return 2;
		}
		return picks(argv[optind + 1]);
	}
	if (optind >= argc || strcmp(argv[optind], "steady")) {
		fprintf(stderr, "ssdq-pts: %s\n", optind >= argc ? "no command (steady, picks)" :
			"unknown command: the commands are steady and picks");
		usage(stderr);
		return 2;
	}
	optind++;
	n = argc - optind;
	if (!nv || n < 1) {
		fprintf(stderr, "ssdq-pts: steady: give --track and the rounds' fio JSON files\n");
		return 2;
	}
	for (int k = 0; k < nv; k++) {
		y[k] = calloc((size_t)n, sizeof(*y[k]));
		if (!y[k]) {
			fprintf(stderr, "ssdq-pts: %s\n", strerror(ENOMEM));
			goto out;
		}
		for (int i = 0; i < n; i++)
			if (rpt_pts_track(argv[optind + i], &v[k], &y[k][i], &d)) {
				print_diag(&d);
				goto out;
			}
	}
	if (n < RPT_PTS_WINDOW) {
		if (json)
			printf("{\"ssdq_version\":\"%s\",\"rule\":\"SNIA PTS v2.0.2\",\"rounds\":%d,"
			       "\"steady\":false,\"tracks\":[]}\n", SSDQ_VERSION, n);
		else
			printf("not at steady state: %d round%s of the %d a window needs\n", n,
			       n == 1 ? "" : "s", RPT_PTS_WINDOW);
		ret = 1;
		goto out;
	}
	ret = steady(v, nv, y, n, json);
out:
	for (int k = 0; k < nv; k++)
		free(y[k]);
	rpt_diag_free(&d);
	return ret;
}
