/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_TEST_DIAG_CHECK_H
#define SSDQ_TEST_DIAG_CHECK_H

/* The report's tests: is a message among ssdq-report's diagnostics? */
#include <stdio.h>
#include <string.h>

#include "diag.h"

/**
 * has_msg() - Whether a message of @d holds @needle; when none does, print
 * the needle and every message (the test's own account of what broke).
 *
 * Return: 1 or 0.
 */
static inline int has_msg(const struct rpt_diag *d, const char *needle)
{
	for (size_t i = 0; i < d->n; i++)
		if (strstr(d->msg[i], needle))
			return 1;
	printf("  no message with \"%s\" among %zu\n", needle, d->n);
	for (size_t i = 0; i < d->n; i++)
		printf("    %s\n", d->msg[i]);
	return 0;
}

#endif
