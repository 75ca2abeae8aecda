// SPDX-License-Identifier: GPL-2.0-only
/* libFuzzer target: log reader, fill curve and SLC analysis, power window. */
#include <stddef.h>
#include <stdint.h>

#include "../fill.h"
#include "../power.h"
#include "../reader_log.h"
#include "../slc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rpt_fill_curve c;
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	struct rpt_power p;
	struct rpt_fill f;

	if (rpt_fill_init(&c, 500))
		return 0;
	rpt_log_open_mem(&r, "fuzz.log", (const char *)data, size);
	while (rpt_log_next(&r, &s) == 1)
		if (s.ddir == 1 && rpt_fill_add_sample(&c, &s))
			break;
	if (!rpt_slc_analyse(&c, &f))
		rpt_fill_figures_free(&f);
	rpt_log_open_mem(&r, "fuzz.log", (const char *)data, size);
	rpt_power_read(&r, c.t_first, c.t_last, &p);
	rpt_fill_free(&c);
	return 0;
}
