// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

int rpt_grow(void *arrp, size_t *cap, size_t n, size_t elem, size_t first)
{
	size_t want;
	void *old, *p;

	if (n < *cap)
		return 0;
	want = *cap ? 2 * *cap : first;
	if (want <= n || want > SIZE_MAX / elem)
		return -ENOMEM;
	/* the pointer is a T *, read and written as bytes: no aliasing of void * */
	memcpy(&old, arrp, sizeof(old));
	p = realloc(old, want * elem);
	if (!p)
		return -ENOMEM;
	memcpy(arrp, &p, sizeof(p));
	*cap = want;
	return 0;
}
