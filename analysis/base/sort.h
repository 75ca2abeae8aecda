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

#endif
