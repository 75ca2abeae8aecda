// SPDX-License-Identifier: GPL-2.0-only
/*
 * The charts' linear axes (analysis/write/svg.h): the top is the first
 * multiple of the step at or above the data, and the ticks are multiples of
 * that same step ending at the top, for every maximum; a time chart and an
 * x-y chart of the maxima that put a tick past the top (1638.4 on a time
 * chart: a top of 1800, a tick labelled 2000; WSAT's 428 000 IOPS: a top of
 * 450 000, a tick labelled 500 000) label their last tick with their top.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "svg.h"

/* the tick labels, as numbers, of the ticks of one orientation */
static size_t labels(const char *svg, const char *anchor, double *v, size_t max)
{
	char key[64];
	size_t n = 0;
	const char *p = svg;

	snprintf(key, sizeof(key), "text-anchor=\"%s\">", anchor);
	while (n < max && (p = strstr(p, key))) {
		char *end;
		double x;

		p += strlen(key);
		x = strtod(p, &end);
		if (end != p && !strncmp(end, "</text>", 7))
			v[n++] = x;
	}
	return n;
}

static double biggest(const double *v, size_t n)
{
	double m = -INFINITY;

	for (size_t i = 0; i < n; i++)
		m = fmax(m, v[i]);
	return m;
}

TEST(lin_axis_every_maximum)
{
	static const int steps[] = { 4, 5, 6, 8 };
	unsigned int bad = 0;

	/* 10^-3 to 10^9, 400 maxima a decade */
	for (int e = -1200; e <= 3600; e++) {
		double hi = pow(10, e / 400.0);

		for (size_t s = 0; s < sizeof(steps) / sizeof(steps[0]); s++) {
			struct rpt_svg_lin a = rpt_svg_lin_axis(hi, steps[s]);
			double v = 0, last = -1, eps = a.step * 1e-9;
			int k, n = 0;

			for (k = 0; rpt_svg_lin_tick(&a, k, &v); k++, n++) {
				if (k && fabs(v - last - a.step) > eps)
					bad++;
				last = v;
			}
			if (a.lo != 0 || a.top < hi - eps || a.top - a.step >= hi - eps ||
			    fabs(last - a.top) > eps || n < 2 || n > 2 * steps[s] + 2 ||
			    fabs(rpt_svg_nice_step(hi, steps[s]) - a.step) > eps) {
				if (bad++ < 5)
					printf("hi %.10g over %d: lo %g step %g top %g, %d ticks to %g\n",
					       hi, steps[s], a.lo, a.step, a.top, n, last);
			}
		}
	}
	CHECK_EQ_INT(bad, 0);
}

TEST(lin_axis_known)
{
	struct rpt_svg_lin a = rpt_svg_lin_axis(1720, 5);
	double v;
	int n = 0;

	CHECK(a.step == 200 && a.top == 1800);
	while (rpt_svg_lin_tick(&a, n, &v))
		n++;
	CHECK_EQ_INT(n, 10);
	CHECK(v == 1800);
	/* a range: multiples of the step around it, whole numbers at least */
	a = rpt_svg_lin_range(49400, 68600, 6, 1);
	CHECK(a.step == 2000 && a.lo == 48000 && a.top == 70000);
	a = rpt_svg_lin_range(1, 5, 6, 1);
	CHECK(a.step == 1 && a.lo == 1 && a.top == 5);
	/* nothing to span: a range around the value, never a step of 0 */
	a = rpt_svg_lin_range(7, 7, 6, 0);
	CHECK(a.step > 0 && a.lo <= 7 && a.top > 7);
	a = rpt_svg_lin_axis(0, 5);
	CHECK(a.step > 0 && a.top == 1);
}

/* the text of the chart @draw writes of @arg; NULL without memory */
static char *chart(void (*draw)(FILE *f, const void *arg), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	draw(f, arg);
	fclose(f);
	return buf;
}

static void draw_time(FILE *f, const void *arg)
{
	rpt_svg_time(f, &(struct rpt_svg_head){ .title = "t" }, "MB/s", "the job's start", false,
		     arg, 1, NULL, 0);
}

static void draw_xy(FILE *f, const void *arg)
{
	struct rpt_axis xa = { .name = "GB", .kind = RPT_AXIS_LINEAR };
	struct rpt_axis ya = { .name = "IOPS", .kind = RPT_AXIS_LINEAR };

	rpt_svg_xy(f, &(struct rpt_svg_head){ .title = "t" }, &xa, &ya, arg, 1, NULL, 0);
}

TEST(time_chart_top_tick)
{
	double t[3] = { 0.5, 1.5, 2.5 }, y[3] = { 800, 1638.4, 1600 }, v[64];
	struct rpt_time_line l = { .name = "write", .n = 3, .t_s = t, .y = y };
	char *svg = chart(draw_time, &l);
	size_t n;

	if (!CHECK(svg))
		return;
	n = labels(svg, "end", v, 64);
	CHECK_EQ_INT(n, 10);
	CHECK(biggest(v, n) == 1800);
	free(svg);
}

TEST(xy_chart_top_tick)
{
	double x[3] = { 100, 1000, 4000 }, y[3] = { 428000, 300000, 200000 }, v[64];
	struct rpt_xy_series s = { .name = "IOPS", .x = x, .y = y, .n = 3 };
	char *svg = chart(draw_xy, &s);
	size_t n;

	if (!CHECK(svg))
		return;
	n = labels(svg, "end", v, 64);
	/* 428 000 x 1.05 = 449 400: 50 000 a step, the top 450 000 */
	CHECK(biggest(v, n) == 450000);
	CHECK_EQ_INT(n, 10);
	n = labels(svg, "middle", v, 64);
	CHECK(biggest(v, n) == 4000);
	free(svg);
}

int main(void)
{
	RUN(lin_axis_every_maximum);
	RUN(lin_axis_known);
	RUN(time_chart_top_tick);
	RUN(xy_chart_top_tick);
	return harness_main();
}
