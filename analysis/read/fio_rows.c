// SPDX-License-Identifier: GPL-2.0-only
#include "fio_rows.h"
#include "fio_stats.h"

#define RWT_MASK		((1u << RPT_DD_READ) | (1u << RPT_DD_WRITE) | (1u << RPT_DD_TRIM))

size_t rpt_fio_rows(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		    unsigned int mask[3])
{
	unsigned int active = 0, dd;
	size_t i, n = 0;

	/* a malformed direction counts, so that its errors are reported */
	for (dd = 0; dd < RPT_NDDIR; dd++) {
		struct rpt_fio_dir s;

		for (i = 0; i < g->n && !(active & 1u << dd); i++)
			if (rpt_fio_dir_read(run, &g->e[i], dd, &s, NULL))
				active |= 1u << dd;
		if (g->all.obj && rpt_fio_dir_read(run, &g->all, dd, &s, NULL))
			active |= 1u << dd;
	}
	for (dd = 0; dd < RPT_DD_MIXED; dd++)
		if (active & 1u << dd)
			mask[n++] = 1u << dd;
	if (n > 1) {
		/* in the order of the jobs that did them (a writer before a reader) */
		size_t first[3], k;

		for (k = 0; k < n; k++) {
			for (i = 0; i < g->n && !rpt_fio_did_io(run, &g->e[i], mask[k]); i++)
				;
			first[k] = i;
		}
		for (k = 1; k < n; k++)
			for (i = k; i > 0 && first[i] < first[i - 1]; i--) {
				size_t f = first[i];
				unsigned int m = mask[i];

				first[i] = first[i - 1];
				mask[i] = mask[i - 1];
				first[i - 1] = f;
				mask[i - 1] = m;
			}
		return n;
	}
	/* unified_rw_reporting=both writes "mixed" beside the directions */
	mask[0] = active & RWT_MASK ? RWT_MASK : 1u << RPT_DD_MIXED;
	return 1;
}

const struct rpt_fio_entry *rpt_fio_row_entry(const struct rpt_fio_run *run,
					      const struct rpt_fio_group *g,
					      unsigned int mask)
{
	size_t i;

	for (i = 0; i < g->n; i++)
		if (rpt_fio_did_io(run, &g->e[i], mask))
			return &g->e[i];
	return &g->e[0];
}

double rpt_fio_row_bytes(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
			 unsigned int mask)
{
	struct rpt_fio_dir s;
	unsigned int dd;
	double b = 0;

	for (dd = 0; dd < RPT_NDDIR; dd++)
		if ((mask & 1u << dd) && rpt_fio_dir_read(run, e, dd, &s, NULL) > 0)
			b += s.bytes;
	return b;
}
