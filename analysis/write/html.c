// SPDX-License-Identifier: GPL-2.0-only
#include <stdio.h>

#include "html.h"
#include "marks.h"
#include "review.h"
#include "writers.h"

#define W	RPT_SVG_W	/* a chart across the page */

void rpt_html_td(FILE *out, const struct rpt_fig *f, int prec)
{
	char buf[48], legend[1024];

	if (f->ok && f->mark) {
		fputs("<td class=\"marked\" title=\"", out);
		rpt_put_html(out, rpt_mark_legend(legend, sizeof(legend), "", f->mark));
		fprintf(out, "\">%s%s</td>", rpt_fmt_num(buf, sizeof(buf), f->v, prec),
			rpt_mark_sign(f->mark));
		return;
	}
	if (f->ok) {
		fprintf(out, "<td>%s</td>", rpt_fmt_num(buf, sizeof(buf), f->v, prec));
		return;
	}
	fputs("<td class=\"null\" title=\"", out);
	rpt_put_html(out, f->why);
	fputs("\">–</td>", out);
}

FILE *rpt_html_figure(struct rpt_charts *c, bool wide, const char *scope, const char *test,
		      const char *figure)
{
	FILE *o = rpt_chart_begin(c, scope, test, figure);

	if (o)
		fputs(wide ? "<figure class=\"wide\">\n" : "<figure>\n", c->html);
	return o;
}

void rpt_html_figure_end(struct rpt_charts *c)
{
	rpt_chart_end(c);
	fputs("</figure>\n", c->html);
}

void rpt_html_cdf(struct rpt_charts *c, const struct rpt_report *r, const char *name,
		  const struct rpt_drive *only, const char *scope)
{
	struct rpt_xy_series s[64];
	char title[320], aria[256], what[160] = "";
	unsigned int mark = 0;
	size_t ns = 0, d;
	FILE *o;

	for (d = 0; d < r->nd && ns < 64; d++) {
		const struct rpt_test *t = rpt_drive_test(r, &r->d[d], name);
		const struct rpt_job *j;

		if (!t || !t->njobs || (only && only != &r->d[d]))
			continue;
		j = &t->jobs[rpt_test_headline(t)];
		if (!j->lat_cdf.n)
			continue;
		mark |= (j->host.pct_marked ? RPT_MARK_HOST : 0) |
			(j->host.drain_pct_marked ? RPT_MARK_DRAIN : 0);
		if (!what[0])
			snprintf(what, sizeof(what), "%s%s%s", t->njobs > 1 ? j->name : "",
				 t->njobs > 1 ? ", " : "", j->lat_kind ? j->lat_kind : "latency");
		s[ns++] = (struct rpt_xy_series){ r->d[d].name, j->lat_cdf.us, j->lat_cdf.le,
						  j->lat_cdf.n, rpt_svg_color(d), NULL, true,
						  only || r->nd < 2 ? NULL : r->d[d].name,
						  !only && r->nd > 1 && rpt_drive_hl(c, &r->d[d]) };
	}
	if (!ns)
		return;
	snprintf(title, sizeof(title), "%s: latency distribution (%s), percentile against µs%s", name,
		 what, rpt_mark_note(mark));
	snprintf(aria, sizeof(aria), "%s: latency distribution", name);
	if ((o = rpt_html_figure(c, true, scope, name, "latency-cdf"))) {
		rpt_svg_xy(o, &(struct rpt_svg_head){ aria, title, W },
			   &(struct rpt_axis){ .name = "latency, µs (log scale)", .kind = RPT_AXIS_LOG },
			   &(struct rpt_axis){ .name = "percentile (scale of nines)",
					       .kind = RPT_AXIS_NINES }, s, ns,
			   NULL, 0);
		rpt_html_figure_end(c);
	}
}
