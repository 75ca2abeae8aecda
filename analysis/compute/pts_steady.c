// SPDX-License-Identifier: GPL-2.0-only
/* The SNIA PTS steady-state rule over a test's rounds. */
#include <errno.h>
#include <math.h>

#include "pts_steady.h"

int rpt_pts_window_at(const double *y, int last, struct rpt_pts_window *w)
{
	const int n = RPT_PTS_WINDOW, first = last - n + 1;
	double sx = 0, sy = 0, sxx = 0, sxy = 0;

	if (!y || !w || first < 1)
		return -EINVAL;
	*w = (struct rpt_pts_window){ .first = first, .last = last, .min = INFINITY, .max = -INFINITY };
	for (int i = 0; i < n; i++) {
		double v = y[first - 1 + i];

		if (!isfinite(v) || v <= 0) {
			if (!w->zero_round)
				w->zero_round = first + i;
			if (!isfinite(v))
				v = 0;
		}
		sx += i;
		sy += v;
		sxx += (double)i * i;
		sxy += i * v;
		w->min = fmin(w->min, v);
		w->max = fmax(w->max, v);
	}
	w->avg = sy / n;
	w->slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
	w->intercept = (sy - w->slope * sx) / n;
	w->data_excursion = w->avg > 0 ? (w->max - w->min) / w->avg : INFINITY;
	w->slope_excursion = w->avg > 0 ? fabs(w->slope) * (n - 1) / w->avg : INFINITY;
	w->steady = !w->zero_round && w->data_excursion <= RPT_PTS_DATA_EXCURSION + 1e-12 &&
		    w->slope_excursion <= RPT_PTS_SLOPE_EXCURSION + 1e-12;
	return 0;
}

int rpt_pts_steady_all(const double *const *y, int nv, int n, struct rpt_pts_window *w)
{
	int ret, all = 0;

	if (nv < 1 || n < RPT_PTS_WINDOW)
		return -EINVAL;
	if (n > RPT_PTS_MAX_ROUNDS)
		n = RPT_PTS_MAX_ROUNDS;	/* the PTS stops there: later rounds are not its */
	for (int last = RPT_PTS_WINDOW; last <= n && !all; last++) {
		all = 1;
		for (int k = 0; k < nv; k++) {
			ret = rpt_pts_window_at(y[k], last, &w[k]);
			if (ret)
				return ret;
			all &= w[k].steady;
		}
	}
	return all;
}

int rpt_pts_steady(const double *y, int n, struct rpt_pts_window *w)
{
	return rpt_pts_steady_all(&y, 1, n, w);
}
