/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_GROW_H
#define SSDQ_GROW_H

#include <stddef.h>

/**
 * rpt_grow() - Make room for one more element at index @n of an array that
 * grows by doubling.
 * @arrp: address of the array's pointer (T **), NULL-pointed at first
 * @cap: its capacity in elements, updated
 * @n: elements in use (<= *@cap)
 * @elem: size of one element
 * @first: capacity of a new array
 *
 * Return: 0, or -ENOMEM with the array and *@cap unchanged.
 */
int rpt_grow(void *arrp, size_t *cap, size_t n, size_t elem, size_t first);

/* rpt_grow() for an array @arr (an lvalue T *) with capacity @cap (size_t). */
#define RPT_GROW(arr, cap, n, first) \
	rpt_grow(&(arr), &(cap), (n), sizeof(*(arr)), (first))

#endif
