/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_FIO_ROWS_H
#define SSDQ_FIO_ROWS_H

#include <stddef.h>

#include "fio_jobs.h"

/*
 * The report rows of a fio group: one per data direction when the group did
 * I/O in more than one (rw=randrw, or a writer and a reader in one group),
 * so that no mean mixes them; else one row. With unified_rw_reporting fio
 * gives only "mixed": one row of it. The figures of a row: fio_figures.h;
 * its plausibility: plausible.h.
 */

/**
 * rpt_fio_rows() - The rows of group @g.
 * @run: the run
 * @g: the group
 * @mask: on return, per row the directions it covers (bits 1 << enum
 *        rpt_ddir)
 *
 * Return: the number of rows, 1 to 3.
 */
size_t rpt_fio_rows(const struct rpt_fio_run *run, const struct rpt_fio_group *g,
		    unsigned int mask[3]);

/**
 * rpt_fio_row_entry() - The row's first entry that did I/O in its
 * directions (its name, options and logs stand for the row), else the
 * group's first.
 * @run: the run
 * @g: the group
 * @mask: the row's directions
 *
 * Return: the entry.
 */
const struct rpt_fio_entry *rpt_fio_row_entry(const struct rpt_fio_run *run,
					      const struct rpt_fio_group *g,
					      unsigned int mask);

/**
 * rpt_fio_row_bytes() - Bytes fio counted for the row's directions in
 * entry @e.
 * @run: the run
 * @e: the entry
 * @mask: the directions
 *
 * Return: bytes (0 when none or malformed).
 */
double rpt_fio_row_bytes(const struct rpt_fio_run *run, const struct rpt_fio_entry *e,
			 unsigned int mask);

#endif
