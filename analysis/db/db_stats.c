// SPDX-License-Identifier: GPL-2.0-only
#include <math.h>

#include "db.h"

double db_t975(size_t df)
{
	static const double t[] = {
		0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
		2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
		2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
	};

	if (df < sizeof(t) / sizeof(t[0]))
		return t[df ? df : 1];
	if (df <= 40)
		return 2.021;
	if (df <= 60)
		return 2.000;
	return df <= 120 ? 1.980 : 1.960;
}

void db_stat_of(const double *v, size_t n, struct db_stat *s)
{
	double m = 0, m2 = 0;
	size_t i;

	*s = (struct db_stat){ .n = n, .mean = NAN, .sd = NAN, .ci95 = NAN, .cv = NAN,
			       .min = NAN, .max = NAN };
	/* Welford: stable for values far from 0 */
	for (i = 0; i < n; i++) {
		double d = v[i] - m;

		m += d / (double)(i + 1);
		m2 += d * (v[i] - m);
		if (!i || v[i] < s->min)
			s->min = v[i];
		if (!i || v[i] > s->max)
			s->max = v[i];
	}
	if (!n)
		return;
	s->mean = m;
	if (n < 2)
		return;
	s->sd = sqrt(m2 / (double)(n - 1));
	s->ci95 = db_t975(n - 1) * s->sd / sqrt((double)n);
	if (m != 0)
		s->cv = 100 * s->sd / fabs(m);
}

enum db_verdict db_verdict(const struct db_stat *cur, const struct db_stat *base, int better,
			   double threshold_pct, double *delta_pct)
{
	double diff, noise = 0;

	*delta_pct = NAN;
	if (!cur->n || !base->n || !isfinite(cur->mean) || !isfinite(base->mean))
		return DB_NA;
	diff = cur->mean - base->mean;
	if (base->mean != 0)
		*delta_pct = 100 * diff / fabs(base->mean);
	if (!better)
		return DB_NA;
	if (base->mean == 0 ? diff == 0 : fabs(*delta_pct) <= threshold_pct)
		return DB_SAME;
	if (cur->n >= 2 && base->n >= 2)
		noise = cur->ci95 + base->ci95;
	if (fabs(diff) <= noise)
		return DB_NOISE;
	return (diff > 0) == (better > 0) ? DB_BETTER : DB_WORSE;
}

const char *db_verdict_name(enum db_verdict v)
{
	static const char *const name[] = {
		[DB_SAME] = "same", [DB_NOISE] = "noise", [DB_BETTER] = "better",
		[DB_WORSE] = "REGRESSION", [DB_NA] = "n/a",
	};

	return name[v];
}
