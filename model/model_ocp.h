/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SSDQ_MODEL_OCP_H
#define SSDQ_MODEL_OCP_H

/*
 * The drive model's OCP SMART / Health Information Extended log (C0h,
 * nvme/nvme_log.h), laid out as a drive answers Get Log Page C0h: log page
 * version 4, its counters from the model's own account.
 */
#include "model.h"
#include "nvme_log.h"

/**
 * ssdq_model_ocp_log() - The model's C0h page from its counters @ms
 * (ssdq_model_peek()):
 * - physical media units written: the bytes the model wrote to its NAND
 *   (media_bytes_written: ssdq-report's write amplification);
 * - thermal throttling events and status: its TMT1 count, throttling now;
 * - max peak power capability and current max average power: the preset's
 *   PS0 maximum rounded up to whole watts (the model has no power limit, so
 *   its average may reach its peak);
 * - lifetime power consumed: the energy it drew above idle since the state
 *   file was made, rounded up to whole Wh (it keeps no power-on clock, so
 *   idle power is not in it).
 */
void ssdq_model_ocp_log(const struct ssdq_model *m, const struct ssdq_model_smart *ms,
			struct ssdq_ocp_smart_log *page);

#endif
