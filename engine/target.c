// SPDX-License-Identifier: GPL-2.0-only
#include "ssdq.h"

const struct ssdq_target_ops *ssdq_target_of(struct thread_data *td)
{
	const struct ssdq_options *o = td->eo;

	return o->model ? &ssdq_target_model : &ssdq_target_ns;
}
