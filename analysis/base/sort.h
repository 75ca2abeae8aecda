/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_SORT_H
#define SSDQ_SORT_H

#include <stddef.h>

/**
 * rpt_sort_doubles() - Sort @n doubles ascending (medians, quantiles, the
 * union of curves' points); NaNs compare equal to everything, so keep them out.
 * @v: the values
 * @n: how many
 */
void rpt_sort_doubles(double *v, size_t n);

/**
 * rpt_select_double() - The @k-th smallest of @n doubles (0: the least), as
 * v[k] after rpt_sort_doubles() would be, in linear time on average
 * (quickselect): a median or quantile without sorting. @v is reordered.
 * NaNs kept out, as for rpt_sort_doubles().
 * @v: the values
 * @n: how many, at least 1
 * @k: the rank, below @n
 *
 * Return: the value.
 */
double rpt_select_double(double *v, size_t n, size_t k);

#endif
