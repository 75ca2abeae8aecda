// SPDX-License-Identifier: GPL-2.0-only
#include <stdlib.h>

#include "sort.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

void rpt_sort_doubles(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
}

static void swap(double *a, double *b)
{
	double t = *a;

	*a = *b;
	*b = t;
}

double rpt_select_double(double *v, size_t n, size_t k)
{
	long lo = 0, hi = (long)n - 1, want = (long)k;

	while (hi > lo) {
		long mid = lo + (hi - lo) / 2, i = lo, j = hi;
		double p;

		/* the median of three as the pivot */
		if (v[mid] < v[lo])
			swap(&v[mid], &v[lo]);
		if (v[hi] < v[lo])
			swap(&v[hi], &v[lo]);
		if (v[hi] < v[mid])
			swap(&v[hi], &v[mid]);
		p = v[mid];
		while (i <= j) {
			while (v[i] < p)
				i++;
			while (v[j] > p)
				j--;
			if (i <= j)
				swap(&v[i++], &v[j--]);
		}
		/* lo..j <= p <= i..hi, and what lies between is p */
		if (want <= j)
			hi = j;
		else if (want >= i)
			lo = i;
		else
			return v[want];
	}
	return v[want];
}
