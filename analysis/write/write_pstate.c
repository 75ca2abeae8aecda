// SPDX-License-Identifier: GPL-2.0-only
/* A test's power states in the HTML page: the table per state and the wake-up CDF. */
#include <stdio.h>
#include <string.h>

#include "catalogue.h"
#include "html.h"
#include "writers.h"

/* The wake-up jobs' latency distributions, a line per gap. */
static void wake_cdf(struct rpt_charts *ch, const char *scope, const struct rpt_test *t)
{
	struct rpt_xy_series s[32];
	char names[32][64], title[320], aria[256];
	size_t ns = 0;
	FILE *o;

	for (size_t k = 0; k < t->njobs && ns < 32; k++) {
		const struct rpt_job *j = &t->jobs[k];
		const struct rpt_pstate *p = &j->pstate;

		if (!p->have || strcmp(p->kind, "wake") || !j->lat_cdf.n || !p->gap_ms.ok)
			continue;
		snprintf(names[ns], sizeof(names[ns]), "%.0f ms gap (PS%.0f)", p->gap_ms.v,
			 p->state.ok ? p->state.v : 0);
		s[ns] = (struct rpt_xy_series){ names[ns], j->lat_cdf.us, j->lat_cdf.le, j->lat_cdf.n,
						rpt_svg_color(ns), NULL, true, NULL, false };
		ns++;
	}
	if (!ns)
		return;
	snprintf(title, sizeof(title), "%s: wake-up latency after each idle gap (%s), percentile "
		 "against µs", t->name, t->jobs[0].lat_kind ? t->jobs[0].lat_kind : "latency");
	snprintf(aria, sizeof(aria), "%s: wake-up latency distribution per gap", t->name);
	if ((o = rpt_html_figure(ch, true, scope, t->name, "wake-cdf"))) {
		rpt_svg_xy(o, &(struct rpt_svg_head){ aria, title, RPT_SVG_W },
			   &(struct rpt_axis){ .name = "latency, µs (log scale)", .kind = RPT_AXIS_LOG },
			   &(struct rpt_axis){ .name = "share of the reads at or below", .kind = RPT_AXIS_LINEAR }, s, ns,
			   NULL, 0);
		rpt_html_figure_end(ch);
	}
}

void rpt_html_pstate(struct rpt_charts *ch, const char *scope, const struct rpt_test *t)
{
	static const char *const perf[] = { "mbps", "power_w", "mbps_per_w" };
	FILE *out = ch->html;
	const struct rpt_cat *c;
	size_t k, shown = 0;

	for (k = 0; k < t->njobs; k++)
		shown += t->jobs[k].pstate.have;
	if (!shown)
		return;
	fputs("<p>Power states: each job's state (idle: the state its idle reached under the "
	      "drive's APST table, and its W from the power log; wake: the state each gap "
	      "reaches; state: the operational state it ran at), with its descriptor from "
	      "device.json.</p>\n<div class=\"tw\"><table><tr><th>job</th><th>kind</th>", out);
	for (c = rpt_cat_first(RPT_OF_PSTATE); c; c = rpt_cat_next(c))
		fprintf(out, "<th>%s</th>", c->head);
	for (size_t i = 0; i < 3; i++)
		fprintf(out, "<th>%s</th>", rpt_cat_find(RPT_OF_JOB, perf[i])->head);
	fputs("</tr>\n", out);
	for (k = 0; k < t->njobs; k++) {
		const struct rpt_job *j = &t->jobs[k];

		if (!j->pstate.have)
			continue;
		fputs("<tr><td>", out);
		rpt_put_html(out, j->name);
		fprintf(out, "</td><td>%s</td>", j->pstate.kind);
		for (c = rpt_cat_first(RPT_OF_PSTATE); c; c = rpt_cat_next(c))
			rpt_html_td(out, rpt_cat_job(c, j), c->digits);
		for (size_t i = 0; i < 3; i++) {
			c = rpt_cat_find(RPT_OF_JOB, perf[i]);
			rpt_html_td(out, rpt_cat_job(c, j), c->digits);
		}
		fputs("</tr>\n", out);
	}
	fputs("</table></div>\n", out);
	wake_cdf(ch, scope, t);
}
