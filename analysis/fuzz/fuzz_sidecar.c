// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: the JSON Lines sidecars, events (stop reason, the job's
 * span, bursts), SMART (thermal state over windows) and host (the host
 * verdict over windows, its spikes).
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "events.h"
#include "host_verdict.h"
#include "smart.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rpt_diag d = { 0 };
	struct rpt_events e;
	struct rpt_bursts b;
	struct rpt_smart s;
	struct rpt_thermal th;
	struct rpt_host h;
	struct rpt_host_verdict v;
	double t0, t1;

	if (!rpt_events_read_mem("fuzz_events.1.jsonl", (const char *)data, size, "j", &e, &d)) {
		rpt_events_stop(&e);
		rpt_events_io_start(&e, INFINITY);
		rpt_events_window(&e, &t0, &t1);
		if (rpt_bursts_compute(&e, &b) >= 0)
			rpt_bursts_free(&b);
		rpt_events_free(&e);
	}
	if (!rpt_smart_read_mem("fuzz_smart.1.jsonl", (const char *)data, size, &s, &d)) {
		rpt_smart_interval(&s);
		if (s.n) {
			rpt_smart_window(&s, s.s[0].t_ms, s.s[s.n - 1].t_ms, &th);
			rpt_smart_window(&s, s.s[s.n / 2].t_ms - 1, s.s[s.n / 2].t_ms + 1, &th);
		}
		rpt_smart_free(&s);
	}
	if (!rpt_host_read_mem("fuzz_host.1.jsonl", (const char *)data, size, &h, &d)) {
		if (!rpt_hostv_compute(&h, NAN, NAN, 1, 1000, &v))
			rpt_hostv_free(&v);
		if (h.n && !rpt_hostv_compute(&h, h.iv[0].t_ms - 1, h.iv[h.n / 2].t_ms, 8, 0, &v))
			rpt_hostv_free(&v);
		rpt_host_free(&h);
	}
	rpt_diag_free(&d);
	return 0;
}
