// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: log reader, fill curve (averaged and per-I/O logs, a
 * scaled model drive, the first interval put back) and SLC analysis, power
 * window. Every sample read (the fast path where 128 bytes follow) must be
 * what the general parser makes of its line read alone.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fill.h"
#include "power.h"
#include "reader_log.h"
#include "slc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The line(s) at @p read alone, under 128 bytes: the general parser. */
static void same_alone(const uint8_t *p, size_t len, const struct rpt_log_sample *s)
{
	struct rpt_log_reader r;
	struct rpt_log_sample a;

	if (len >= 128)
		return;
	rpt_log_open_mem(&r, "alone.log", (const char *)p, len);
	if (rpt_log_next(&r, &a) != 1 || a.t_ms != s->t_ms || a.value != s->value ||
	    a.ddir != s->ddir || a.bs != s->bs || a.nfields != s->nfields)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rpt_fill_curve c;
	struct rpt_log_reader r;
	struct rpt_log_sample s;
	struct rpt_power p;
	struct rpt_fill f;
	unsigned int mode = size ? data[0] % 4 : 0;

	if (rpt_fill_init(&c, mode & 1 ? 0 : 500))
		return 0;
	if (mode & 2)
		rpt_fill_set_scale(&c, 1000);
	rpt_log_open_mem(&r, "fuzz.log", (const char *)data, size);
	for (size_t at = 0; rpt_log_next(&r, &s) == 1; at = r.pos) {
		same_alone(data + at, r.pos - at, &s);
		if (s.ddir == 1 && rpt_fill_add_sample(&c, &s))
			break;
	}
	rpt_fill_finish(&c);
	if (c.started && c.bytes > 0 && c.bytes < 1e12 && mode == 2)
		rpt_fill_prepend(&c, c.bytes / 3, c.ms / 7 + 1);
	if (!rpt_slc_analyse(&c, &f))
		rpt_fill_figures_free(&f);
	rpt_fill_bytes_at(&c, c.ms / 2);
	rpt_log_open_mem(&r, "fuzz.log", (const char *)data, size);
	rpt_power_read(&r, c.t_first, c.t_last, &p);
	rpt_fill_free(&c);
	return 0;
}
