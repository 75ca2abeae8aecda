// SPDX-License-Identifier: GPL-2.0-only
#include "uring_plan.h"

bool ssdq_fio_waits_next(const struct ssdq_fio_queue_view *v)
{
	if (!v->inline_submit || !v->cur_depth)
		return false;
	if (!v->free_io_us)
		return true;
	if (v->latency_target && v->cur_depth >= v->latency_qd)
		return true;
	return !v->batch_complete_min && !v->batch_complete_max;
}
